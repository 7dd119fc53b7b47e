"""What each recipient of a table update may see — the one edge where hidden information is cut.

Everything a client learns about a match comes from :meth:`Match.view` and
:meth:`Event.for_seat <jantaku.engine.events.Event.for_seat>` for its own seat (``None`` for spectators).  Nothing
else derived from the full state is ever sent.  A table may let spectators
see the concealed hands (never the wall): their view then puts each seat's
own entry from that seat's view into the public one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from ..engine.match import Match
from ..engine.events import Event
from ..engine.views import View, view_to_wire


def seat_view(match: Match, seat: int | None, *, see_hands: bool = False) -> View:
    view = match.view(seat)
    if seat is None and see_hands:
        view = replace(view, players=tuple(match.table.view(s).players[s] for s in range(4)))
    return view


def seat_events(events: Iterable[Event], seat: int | None, *, see_hands: bool = False) -> list[dict[str, Any]]:
    if seat is None and see_hands:
        return [e.open_wire() for e in events]
    return [e.for_seat(seat) for e in events]


def update_message(
    table_id: int,
    match: Match,
    seat: int | None,
    events: Iterable[Event],
    prompt: dict[str, Any] | None,
    *,
    see_hands: bool = False,
) -> dict[str, Any]:
    """The ``update`` message for one recipient (docs/protocol.md, "update")."""
    return {
        "type": "update",
        "table": table_id,
        "seat": seat,
        "n": len(match.record().decisions),
        "view": view_to_wire(seat_view(match, seat, see_hands=see_hands)),
        "events": seat_events(events, seat, see_hands=see_hands),
        "prompt": prompt,
    }
