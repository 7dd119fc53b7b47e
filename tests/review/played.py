"""Seeded matches the bots play, for the review tests (cached: each is played and reviewed once per run).

The tests take the first hands of a match (CI time); benchmarks/review.py reviews whole matches.
"""

from __future__ import annotations

from functools import cache

from jantaku.engine.bots import get_bot
from jantaku.engine.match import Match, MatchRecord
from jantaku.engine.review import MatchReview, review_match
from jantaku.engine.ruleset import get_ruleset

VARIANTS = ("riichi", "classical", "hongkong", "sichuan")


def play(ruleset: str, seed: int, bots: tuple[str, ...], hands: int = 99) -> Match:
    """A match, to its end or ``hands`` hands; the lowest pending seat decides first, as ``jantaku selfplay``."""
    players = [get_bot(name) for name in bots]
    match = Match(get_ruleset(ruleset), seed)
    while not match.is_over and len(match.results) < hands:
        seat, actions = min(match.pending().items())
        match.act(seat, players[seat].choose(match.view(seat), actions))
    return match


HANDS = 3


@cache
def played(ruleset: str, seed: int, bots: tuple[str, ...]) -> MatchRecord:
    return play(ruleset, seed, bots, HANDS).record()


@cache
def reviewed(ruleset: str, seed: int, bots: tuple[str, ...], seat: int) -> MatchReview:
    return review_match(played(ruleset, seed, bots), seat, "strong")
