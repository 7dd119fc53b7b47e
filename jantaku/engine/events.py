"""What happened at the table: one frozen class per event kind, and their one wire codec.

Like h11's events, each kind is a small frozen dataclass.  Its fields are
public (every seat sees them) unless declared with :func:`private`: those only
the acting seat (``seat``) sees.  :meth:`Event.for_seat` is the one place where
that cut is made, and it writes the wire form of docs/protocol.md (section
6.3): a map with ``type``, ``seat`` and the fields the viewer may see.
:func:`decode_event` reads such a map back into its class; a private field
that was cut arrives as ``None``.

    >>> draw = DrawEvent(seat=2, replacement=False, wall=69, tile=16)
    >>> draw.for_seat(2)
    {'type': 'draw', 'seat': 2, 'replacement': False, 'wall': 69, 'tile': 16}
    >>> draw.for_seat(0)
    {'type': 'draw', 'seat': 2, 'replacement': False, 'wall': 69}
    >>> decode_event(draw.for_seat(0))
    DrawEvent(seat=2, replacement=False, wall=69, tile=None)
    >>> decode_event(draw.for_seat(2)) == draw
    True

Variants add their own kinds (riichi's ``dora``, Sichuan's ``void_chosen``, …)
in their packages and list them in their ruleset's ``event_types``; the codec
knows every kind of every variant in :data:`~jantaku.engine.rulesets.VARIANTS`.
A type nobody knows decodes to :class:`UnknownEvent`, so it can still be shown.

Field values are already wire values (ints, lists, maps such as a meld's
:func:`~jantaku.engine.state.meld_to_wire`), so encoding copies nothing deep.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .results import HandResult, WinRecord

_PRIVATE = "private"
_WIRE_KEY = "wire"
_OMIT_NONE = "omit_none"

# a meld as the wire carries it (state.meld_to_wire): type, tiles, claimed, from, added
MeldWire = Mapping[str, Any]


def private(default: Any = None) -> Any:
    """A field only the acting seat sees (``None`` when decoded by anyone else)."""
    return field(default=default, metadata={_PRIVATE: True})


def optional(default: Any = None) -> Any:
    """A public field left off the wire while it is ``None`` (a fact only some events of the kind carry)."""
    return field(default=default, metadata={_OMIT_NONE: True})


def wire_key(key: str, default: Any = dataclasses.MISSING) -> Any:
    """A public field whose wire key is not a Python name (``from``)."""
    return field(default=default, metadata={_WIRE_KEY: key})


@dataclass(frozen=True, slots=True)
class _FieldSpec:
    attr: str
    key: str
    omit_none: bool


@dataclass(frozen=True, slots=True)
class _KindSpec:
    public: tuple[_FieldSpec, ...]
    private: tuple[_FieldSpec, ...]


_SPECS: dict[type, _KindSpec] = {}


def _spec(cls: type) -> _KindSpec:
    try:
        return _SPECS[cls]
    except KeyError:
        pass
    public: list[_FieldSpec] = []
    hidden: list[_FieldSpec] = []
    for f in dataclasses.fields(cls):
        if f.name == "seat":
            continue
        one = _FieldSpec(f.name, f.metadata.get(_WIRE_KEY, f.name), bool(f.metadata.get(_OMIT_NONE)))
        (hidden if f.metadata.get(_PRIVATE) else public).append(one)
    spec = _SPECS[cls] = _KindSpec(tuple(public), tuple(hidden))
    return spec


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """Something that happened; ``seat`` is who acted (``None``: the table)."""

    type: ClassVar[str] = "event"
    seat: int | None = None

    def sees_private(self, viewer: int | None) -> bool:
        """Whether ``viewer`` (``None``: a spectator) sees the private fields: the acting seat only."""
        return viewer is not None and viewer == self.seat

    def shows_more_to(self, viewer: int | None) -> bool:
        """Whether ``viewer``'s form has fields a spectator's lacks (its own draw, say; not its discard)."""
        return self.sees_private(viewer) and bool(_spec(type(self)).private)

    def for_seat(self, viewer: int | None) -> dict[str, Any]:
        """The wire form ``viewer`` may see."""
        spec = _spec(type(self))
        out: dict[str, Any] = {"type": self.type, "seat": self.seat}
        _put(out, self, spec.public)
        if spec.private and self.sees_private(viewer):
            _put(out, self, spec.private)
        return out

    def open_wire(self) -> dict[str, Any]:
        """The wire form with every field (a finished match's replay, a table with open hands)."""
        spec = _spec(type(self))
        out: dict[str, Any] = {"type": self.type, "seat": self.seat}
        _put(out, self, spec.public)
        _put(out, self, spec.private)
        return out

    # --- the one-class reading (``event.data``, ``event.private``), for code written before the kinds ---

    @property
    def data(self) -> dict[str, Any]:
        """The public fields by wire key.  Transition path: new code reads the attributes."""
        out: dict[str, Any] = {}
        _put(out, self, _spec(type(self)).public)
        return out

    @property
    def private(self) -> dict[str, Any] | None:
        """The private fields by wire key (``None`` for a kind without any).  Transition path."""
        spec = _spec(type(self))
        if not spec.private:
            return None
        out: dict[str, Any] = {}
        _put(out, self, spec.private)
        return out


def _put(out: dict[str, Any], event: Event, fields: tuple[_FieldSpec, ...]) -> None:
    for f in fields:
        value = getattr(event, f.attr)
        if value is None and f.omit_none:
            continue
        out[f.key] = value


# --- the kinds every variant has (docs/protocol.md 6.3) ------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class HandStartEvent(Event):
    type: ClassVar[str] = "hand_start"
    dealer: int
    round_wind: int
    hand_number: int
    dice: list[int]
    scores: list[int]


@dataclass(frozen=True, slots=True, kw_only=True)
class DealEvent(Event):
    """The deal: everyone sees how many tiles a seat got, only that seat which."""

    type: ClassVar[str] = "deal"
    count: int
    tiles: list[int] | None = private()


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawEvent(Event):
    type: ClassVar[str] = "draw"
    replacement: bool
    wall: int  # tiles left in the live wall
    tile: int | None = private()


@dataclass(frozen=True, slots=True, kw_only=True)
class BonusEvent(Event):
    """A bonus tile (flower, season) laid out."""

    type: ClassVar[str] = "bonus"
    tile: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DiscardEvent(Event):
    type: ClassVar[str] = "discard"
    tile: int
    tsumogiri: bool  # the tile just drawn
    riichi: bool  # the riichi declaration tile


@dataclass(frozen=True, slots=True, kw_only=True)
class CallEvent(Event):
    """A chow, pung or exposed kong on ``discarder``'s discard."""

    type: ClassVar[str] = "call"
    meld: MeldWire
    discarder: int = wire_key("from")


@dataclass(frozen=True, slots=True, kw_only=True)
class KongEvent(Event):
    """A concealed or added kong; ``held``: an added kong's tile was in the hand before this turn's draw."""

    type: ClassVar[str] = "kong"
    meld: MeldWire
    held: bool | None = optional()
    opening: bool | None = optional()  # declared before play (Hong Kong's opening kongs)


@dataclass(frozen=True, slots=True, kw_only=True)
class WinEvent(Event):
    type: ClassVar[str] = "win"
    tile: int
    discarder: int | None  # None: self-drawn
    score: Mapping[str, Any]  # itemised, as the calculator writes it (ScoreResult.to_json)
    payments: dict[int, int]
    hand: list[int]
    melds: list[MeldWire]
    bonus: list[int]

    @classmethod
    def of(cls, record: WinRecord) -> WinEvent:
        wire = record.to_wire()
        return cls(
            seat=record.seat,
            tile=wire["tile"],
            discarder=wire["discarder"],
            score=wire["score"],
            payments=wire["payments"],
            hand=wire["hand"],
            melds=wire["melds"],
            bonus=wire["bonus"],
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class LeaveEvent(Event):
    """A winner leaves the hand and play goes on (Sichuan)."""

    type: ClassVar[str] = "leave"


@dataclass(frozen=True, slots=True, kw_only=True)
class PaymentEvent(Event):
    type: ClassVar[str] = "payment"
    reason: str
    deltas: dict[int, int]  # seat → points


@dataclass(frozen=True, slots=True, kw_only=True)
class HandEndEvent(Event):
    """The hand's result (as ``view.result``); every hand is open now."""

    type: ClassVar[str] = "hand_end"
    kind: str
    reason: str | None
    wins: list[Mapping[str, Any]]
    deltas: list[int]
    details: list[Mapping[str, Any]]
    hands: list[list[int]]
    flags: Mapping[str, Any]

    @classmethod
    def of(cls, result: HandResult) -> HandEndEvent:
        wire = result.to_wire()
        return cls(
            kind=wire["kind"],
            reason=wire["reason"],
            wins=wire["wins"],
            deltas=wire["deltas"],
            details=wire["details"],
            hands=wire["hands"],
            flags=wire["flags"],
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchEndEvent(Event):
    type: ClassVar[str] = "match_end"
    scores: list[int]
    standings: Sequence[Mapping[str, Any]]
    stopped: str | None = optional()  # why the host ended it early ("time limit")


@dataclass(frozen=True, slots=True, kw_only=True)
class UnknownEvent(Event):
    """A decoded event of a type no variant here knows; ``fields`` are its other keys."""

    type_name: str
    fields: Mapping[str, Any]

    def for_seat(self, viewer: int | None) -> dict[str, Any]:
        return {"type": self.type_name, "seat": self.seat, **self.fields}

    def open_wire(self) -> dict[str, Any]:
        return self.for_seat(None)


@dataclass(frozen=True, slots=True, kw_only=True)
class RiichiEvent(Event):
    """``seat`` declares riichi (``double``: on its first go-round); its discard follows.

    Riichi's declaration, and the classical ruleset's optional one."""

    type: ClassVar[str] = "riichi"
    double: bool = False


GENERIC_EVENTS: tuple[type[Event], ...] = (
    HandStartEvent,
    DealEvent,
    DrawEvent,
    BonusEvent,
    DiscardEvent,
    CallEvent,
    KongEvent,
    WinEvent,
    LeaveEvent,
    PaymentEvent,
    HandEndEvent,
    MatchEndEvent,
    RiichiEvent,
)


# --- the codec ------------------------------------------------------------------------------------


def event_kinds() -> dict[str, type[Event]]:
    """Every known event kind by its wire ``type``: the generic ones and every variant's."""
    from .ruleset import variants  # ruleset.py imports this module (its rulesets name their event kinds)

    kinds = {cls.type: cls for cls in GENERIC_EVENTS}
    for ruleset in variants():
        for cls in ruleset.event_types:
            if kinds.setdefault(cls.type, cls) is not cls:
                raise TypeError(f"two event kinds are called {cls.type!r}: {kinds[cls.type]} and {cls}")
    return kinds


_KINDS: dict[str, type[Event]] | None = None


def decode_event(wire: Mapping[str, Any], *, strict: bool = True) -> Event:
    """A wire event (what :meth:`Event.for_seat` wrote) as its class; ``ValueError`` when malformed.

    ``strict=False`` reads a public field that is missing as ``None`` instead (a display that
    shows what it can of an event from an older or partial sender)."""
    global _KINDS
    if _KINDS is None:
        _KINDS = event_kinds()
    if not isinstance(wire, Mapping):
        raise ValueError("an event is a map")
    type_name, seat = wire.get("type"), wire.get("seat")
    if not isinstance(type_name, str):
        raise ValueError("an event needs a type")
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
        raise ValueError(f"event {type_name}: bad seat {seat!r}")
    cls = _KINDS.get(type_name)
    if cls is None:
        return UnknownEvent(
            seat=seat, type_name=type_name, fields={k: v for k, v in wire.items() if k not in ("type", "seat")}
        )
    spec = _spec(cls)
    values: dict[str, Any] = {}
    for f in spec.public:
        if f.key in wire:
            values[f.attr] = wire[f.key]
        elif not f.omit_none:
            if strict:
                raise ValueError(f"event {type_name}: missing {f.key!r}")
            values[f.attr] = None
    for f in spec.private:
        if f.key in wire:
            values[f.attr] = wire[f.key]
    return cls(seat=seat, **values)
