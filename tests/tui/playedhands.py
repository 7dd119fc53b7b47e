"""A first hand played by the bots on a fixed seed, as the ``update`` messages seat 0 would receive:
the table at seat 0's last decision of the hand (a turn with a choice) and the view once the hand is over (with the events of
the hand, so kong money and riichi sticks are on the result). Deterministic: seed + bots => the same hand."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jantaku.engine.bots import get_bot
from jantaku.engine.events import Event
from jantaku.engine.match import Match
from jantaku.engine.ruleset import get_ruleset
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


def play_first_hand(
    ruleset: str, seed: int, options: dict[str, Any] | None = None, bot: str | None = None
) -> PlayedHand:
    """``bot`` names the level all four play at (the variant's own bot by default)."""
    match = Match(get_ruleset(ruleset, options=options), seed)
    player = get_bot(bot) if bot else bot_for(ruleset)
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
        events += match.act(seat, player.choose(match.view(seat), actions))
    assert table is not None, "the viewer never had a turn"
    result = message(match, events[told:], None)
    return PlayedHand(table, result, tuple(table["events"] + result["events"]))
