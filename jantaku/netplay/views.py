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

from ..engine.events import Event
from ..engine.match import Match
from ..engine.views import (
    SeatView,
    View,
    ViewExtension,
    extension_classes,
    seat_to_wire,
    view_to_wire,
    view_to_wire_for_packing,
)
from .protocol import map_header, pack, pack_entries


def seat_view(match: Match, seat: int | None, *, see_hands: bool = False) -> View:
    view = match.view(seat)
    if seat is None and see_hands:
        view = replace(view, players=tuple(match.table.view(s).players[s] for s in range(4)))
    return view


def seat_events(events: Iterable[Event], seat: int | None, *, see_hands: bool = False) -> list[dict[str, Any]]:
    if seat is None and see_hands:
        return [e.open_wire() for e in events]
    return [e.for_seat(seat) for e in events]


# Protocol 1 named riichi's counters in every view and in ``hand_start``; the engine now keeps them in the
# riichi view only.  The wire keeps protocol 1's shape: 0 where a variant has no counters, and the hand's
# counters copied into its ``hand_start`` (docs/protocol.md, section 10).
PROTOCOL1_COUNTERS = ("honba", "sticks")


def protocol1_view(wire: dict[str, Any]) -> dict[str, Any]:
    for key in PROTOCOL1_COUNTERS:
        wire.setdefault(key, 0)
    return wire


def protocol1_read(wire: Any) -> Any:
    """A view from the wire without the counters :func:`protocol1_view` added for a variant that has none
    (its extension does not own them), so that it decodes to the view the engine built."""
    if not isinstance(wire, dict):
        return wire
    extension = extension_classes().get(str(wire.get("extension") or wire.get("variant")))
    owned = extension.WIRE_KEYS if extension is not None else frozenset()
    return {k: v for k, v in wire.items() if k not in PROTOCOL1_COUNTERS or k in owned}


def protocol1_events(events: list[dict[str, Any]], view: dict[str, Any]) -> list[dict[str, Any]]:
    for event in events:
        if event.get("type") == "hand_start":
            for key in PROTOCOL1_COUNTERS:
                event.setdefault(key, view.get(key, 0))
    return events


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
    view = protocol1_view(view_to_wire(seat_view(match, seat, see_hands=see_hands)))
    return {
        "type": "update",
        "table": table_id,
        "seat": seat,
        "n": len(match.record().decisions),
        "view": view,
        "events": protocol1_events(seat_events(events, seat, see_hands=see_hands), view),
        "prompt": prompt,
    }


_PER_SEAT = frozenset(("seat", "players", "extension"))  # with the extension's own fields
_VIEW_KEY = pack("view")
_EVENTS_KEY = pack("events")
_PLAYERS_KEY = pack("players")
_FOUR = b"\x94"  # the head of a msgpack array of four: ``players``
_UPDATE_HEAD = map_header(7)
_SEATS: tuple[int | None, ...] = (0, 1, 2, 3, None)
# ``seat`` as an entry of its own, per recipient, and with ``prompt: None`` (the others' updates)
_SEAT_ENTRY = {seat: pack_entries({"seat": seat}) for seat in _SEATS}
_SEAT_NO_PROMPT = {seat: pack_entries({"seat": seat, "prompt": None}) for seat in _SEATS}
_PROMPT_KEY = pack("prompt")
_ABSENT = object()


# What stays the same for a whole hand (the rule facts above all: thirty of them), packed once a hand
_PER_HAND = ("variant", "dealer", "round_wind", "hand_number", "red_fives", "rules", "match")
_PER_HAND_KEYS = frozenset(_PER_HAND)


class PackedSeats:
    """A table's ``players`` entries as last packed, per seat (public, and each seat's own):
    after a decision most seats' entries are what they were, and are not packed again.  The
    view's entries that change only between hands are kept packed the same way."""

    def __init__(self) -> None:
        self._last: list[tuple[SeatView, bytes] | None] = [None] * 8  # public 0-3, own 4-7
        self._hand: tuple[list[Any], bytes] | None = None  # the per-hand values, packed

    def per_hand(self, wire: dict[str, Any]) -> tuple[bytes, int]:
        """The packed entries of ``wire``'s per-hand keys, and how many there are.  The values
        are compared by identity (the rule facts' and the match's wire forms are cached) or equality."""
        values = [wire.get(key, _ABSENT) for key in _PER_HAND]
        last = self._hand
        if last is None or any(a is not b and a != b for a, b in zip(last[0], values)):
            present = {key: value for key, value in zip(_PER_HAND, values) if value is not _ABSENT}
            last = self._hand = (values, pack_entries(present))
        return last[1], sum(value is not _ABSENT for value in values)

    def packed(self, slot: int, entry: SeatView) -> bytes:
        last = self._last[slot]
        if last is not None and (last[0] is entry or last[0] == entry):
            return last[1]
        data = pack(seat_to_wire(entry))
        self._last[slot] = (entry, data)
        return data


class TableUpdate:
    """One decision's ``update`` messages for everyone at a table, the public part built and
    packed once: a seat's view is the spectators' with its own entry of ``players``, its
    ``seat`` and the variant's extension for it (:meth:`Match.own_part`), so each seat adds
    only what is its own.  Equal, as msgpack, to :func:`update_message` for the same
    recipient (the test holds them side by side); spectators share one packed message.
    """

    def __init__(
        self,
        table_id: int,
        match: Match,
        events: Iterable[Event],
        *,
        see_hands: bool = False,
        seats: PackedSeats | None = None,
    ):
        self.table_id, self.match, self.see_hands = table_id, match, see_hands
        self._seats = seats or PackedSeats()
        self.events = list(events)
        public = match.view(None)
        wire = self._public_wire = protocol1_view(view_to_wire_for_packing(public))
        self._public_extension = self._extension_wire(public.extension)
        per_hand, per_hand_count = self._seats.per_hand(wire)
        ext = self._public_extension
        shared = {k: v for k, v in wire.items() if k not in _PER_SEAT and k not in ext and k not in _PER_HAND_KEYS}
        self._shared, self._shared_count = per_hand + pack_entries(shared), per_hand_count + len(shared)
        self._public_players = [self._seats.packed(i, p) for i, p in enumerate(public.players)]  # shared
        self._own: dict[int, tuple[bytes, dict[str, Any]]] = {}  # seat -> its packed entry, extension
        self._head = pack_entries({"type": "update", "table": table_id, "n": len(match.record().decisions)})
        self._spectators: bytes | None = None
        self._public_events: bytes | None = None  # what every seat without a private part sees

    @staticmethod
    def _extension_wire(extension: ViewExtension | None) -> dict[str, Any]:
        return {} if extension is None else {"extension": extension.KIND, **extension.to_wire()}

    def _own_part(self, seat: int) -> tuple[bytes, dict[str, Any]]:
        own = self._own.get(seat)
        if own is None:
            entry, extension = self.match.own_part(seat)
            own = self._own[seat] = (self._seats.packed(4 + seat, entry), self._extension_wire(extension))
        return own

    def _view(self, seat: int | None) -> bytes:
        if seat is not None:
            entry, extension = self._own_part(seat)
            players = list(self._public_players)
            players[seat] = entry
        else:
            extension = self._public_extension
            players = [self._own_part(s)[0] for s in range(4)] if self.see_hands else self._public_players
        return (
            map_header(self._shared_count + len(extension) + 2)
            + self._shared
            + _SEAT_ENTRY[seat]
            + (pack_entries(extension) if extension else b"")
            + _PLAYERS_KEY
            + _FOUR
            + b"".join(players)
        )

    def _events(self, seat: int | None) -> bytes:
        """The ``events`` entry: an event differs from the spectators' form only for a seat
        that sees a private part of it (:meth:`Event.shows_more_to`), so the rest share one."""
        counters = self._public_wire
        if seat is None and self.see_hands:
            return _EVENTS_KEY + pack(protocol1_events([e.open_wire() for e in self.events], counters))
        if seat is not None and any(e.shows_more_to(seat) for e in self.events):
            return _EVENTS_KEY + pack(protocol1_events([e.for_seat(seat) for e in self.events], counters))
        if self._public_events is None:
            self._public_events = _EVENTS_KEY + pack(
                protocol1_events([e.for_seat(None) for e in self.events], counters)
            )
        return self._public_events

    def packed_for(self, seat: int | None, prompt: dict[str, Any] | bytes | None) -> bytes:
        """The update ``seat`` gets (``None``: a spectator, who never has a prompt); ``prompt``
        as data or already packed (:meth:`SeatPrompt.packed <jantaku.netplay.prompts.SeatPrompt.packed>`)."""
        if seat is None and self._spectators is not None:
            return self._spectators
        data = (
            _UPDATE_HEAD
            + self._head
            + _VIEW_KEY
            + self._view(seat)
            + self._events(seat)
            + (
                _SEAT_NO_PROMPT[seat]
                if prompt is None
                else _SEAT_ENTRY[seat] + _PROMPT_KEY + (prompt if isinstance(prompt, bytes) else pack(prompt))
            )
        )
        if seat is None:
            self._spectators = data
        return data
