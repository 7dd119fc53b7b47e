"""Seeded riichi matches played by a quick random policy, to export and re-import.

The policy is cheap (no views, no tile acceptance) so that hundreds of
matches fit in seconds, yet plays every kind of decision often: it always
wins when it may, declares riichi, calls and kans at random, sometimes
aborts a nine-terminals hand, and discards towards a lower shanten.
"""

from __future__ import annotations

import random

from jantaku.engine.actions import Action, ActionType
from jantaku.engine.analysis import shanten
from jantaku.engine.match import Match
from jantaku.engine.ruleset import get_ruleset
from jantaku.engine.tiles import counts34, kind_of

# how often the policy takes an offered action of each kind
CHANCE = {
    ActionType.RIICHI: 0.8,
    ActionType.ABORT: 0.5,
    ActionType.KAN: 0.5,
    ActionType.ANKAN: 0.6,
    ActionType.KAKAN: 0.6,
    ActionType.PON: 0.35,
    ActionType.CHI: 0.25,
}
WINS = (ActionType.TSUMO, ActionType.RON)


def seeded_match(seed: int, *, game_length: str = "east", preset: str | None = None) -> Match:
    """One whole match, the same for the same seed."""
    rng = random.Random(seed)
    match = Match(get_ruleset("riichi", preset, {"game_length": game_length}), seed)
    while not match.is_over:
        pending = match.pending()
        seat = min(pending)
        match.act(seat, _choose(match, seat, pending[seat], rng))
    return match


def _choose(match: Match, seat: int, actions: tuple[Action, ...], rng: random.Random) -> Action:
    by_type: dict[ActionType, list[Action]] = {}
    for action in actions:
        by_type.setdefault(action.type, []).append(action)
    for kind in (*WINS, ActionType.CONTINUE):
        if kind in by_type:
            return by_type[kind][0]
    for kind, chance in CHANCE.items():
        if kind in by_type and rng.random() < chance:
            return rng.choice(by_type[kind])
    if ActionType.PASS in by_type:
        return by_type[ActionType.PASS][0]
    discards = by_type[ActionType.DISCARD]
    player = match.table.players[seat]
    counts = counts34(player.concealed)
    melds = len(player.melds)
    best: list[Action] = []
    best_shanten = 99
    for action in discards:
        kind = kind_of(action.tile)
        counts[kind] -= 1
        value = shanten(counts, melds)
        counts[kind] += 1
        if value < best_shanten:
            best, best_shanten = [action], value
        elif value == best_shanten:
            best.append(action)
    return rng.choice(best)
