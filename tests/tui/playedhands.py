"""A first hand played by the bots on a fixed seed, as the ``update`` messages seat 0 would receive:
the table at seat 0's last decision of the hand (a turn with a choice) and the view once the hand is over (with the events of
the hand, so kong money and riichi sticks are on the result). Deterministic: seed + bots => the same hand."""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable
from typing import Any

from jantaku.engine.actions import Action, ActionType
from jantaku.engine.bots import get_bot
from jantaku.engine.events import Event
from jantaku.engine.match import Match
from jantaku.engine.ruleset import get_ruleset
from jantaku.engine.tiles import kind_of, parse_tiles
from .local_session import bot_for

VIEWER = 0


@dataclass(frozen=True)
class PlayedHand:
    table: dict[str, Any]  # the update at the viewer's last prompt of the hand (with that prompt)
    result: dict[str, Any]  # the update once the hand is over
    events: tuple[dict[str, Any], ...]  # every event of the hand as the viewer saw it


def message(match: Match, events: list[Event], prompt: dict[str, Any] | None) -> dict[str, Any]:
    """What a session hands the screen (as LocalSession._send does), with no deadline on the prompt."""
    return {
        "type": "update",
        "table": "test",
        "seat": VIEWER,
        "view": match.view(VIEWER),
        "events": [e.for_seat(VIEWER) for e in events],
        "prompt": prompt,
    }


Choose = Callable[[Match, int, tuple[Action, ...]], Action]


def play_first_hand(
    ruleset: str, seed: int, options: dict[str, Any] | None = None, bot: str | None = None
) -> PlayedHand:
    """``bot`` names the level all four play at (the variant's own bot by default)."""
    match = Match(get_ruleset(ruleset, options=options), seed)
    player = get_bot(bot) if bot else bot_for(ruleset)
    return play_hand(match, lambda m, seat, actions: player.choose(m.view(seat), actions))


@dataclass(frozen=True)
class Step:
    """One scripted decision: ``seat`` takes its legal action of ``kind`` (on a tile of ``tile``'s kind)."""

    seat: int
    kind: ActionType
    tile: str | None = None

    def pick(self, actions: tuple[Action, ...]) -> Action | None:
        want = None if self.tile is None else kind_of(parse_tiles(self.tile)[0])
        for action in actions:
            if action.type is self.kind and (want is None or action.tile is not None and kind_of(action.tile) == want):
                return action
        return None


def scripted(steps: list[Step]) -> Choose:
    """Play ``steps`` in order; every other decision passes a claim or throws the tile just drawn."""
    todo = list(steps)

    def choose(match: Match, seat: int, actions: tuple[Action, ...]) -> Action:
        if todo and todo[0].seat == seat and (action := todo[0].pick(actions)) is not None:
            todo.pop(0)
            return action
        drawn = match.table.players[seat].drawn
        for action in actions:
            if action.type is ActionType.PASS or (action.type is ActionType.DISCARD and action.tile == drawn):
                return action
        raise AssertionError(f"seat {seat}: no pass or tsumogiri among {actions} (script at {todo[:1]})")

    return choose


def play_hand(match: Match, choose: Choose) -> PlayedHand:
    """Play the match's current hand to its end, ``choose`` deciding for every seat."""
    events: list[Event] = list(match.table.events)  # everything the hand has said so far
    table: dict[str, Any] | None = None
    told = 0  # how many of ``events`` the table message carries
    while match.phase == "play":
        pending = match.pending()
        seat = min(pending)
        actions = pending[seat]
        # a real decision (one legal discard, as in riichi, is played by the screen itself)
        if seat == VIEWER and match.table.phase == "turn" and len(actions) > 1:
            prompt = {
                "id": 1,
                "actions": [a.to_wire() for a in actions],
                "labels": [str(a) for a in actions],
                "deadline": None,
            }
            table, told = message(match, events, prompt), len(events)
        events += match.act(seat, choose(match, seat, actions))
    assert table is not None, "the viewer never had a turn"
    result = message(match, events[told:], None)
    return PlayedHand(table, result, tuple(table["events"] + result["events"]))
