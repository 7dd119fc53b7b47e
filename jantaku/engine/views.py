"""What one seat may know, as typed, immutable values — and their one wire codec.

:meth:`Table.view` builds a :class:`View`; :meth:`Match.view` adds its
:class:`MatchInfo`.  Host, client, bots and TUI all read these objects; the
wire form (docs/protocol.md, section 6.1) is made and read only here, by
:func:`view_to_wire` and :func:`view_from_wire`.

    >>> from jantaku.engine.ruleset import get_ruleset
    >>> table = get_ruleset("basic").new_table(seed=1)
    >>> view = table.view(0)
    >>> view.players[0].concealed_count, view.players[1].concealed is None
    (14, True)
    >>> view_from_wire(view_to_wire(view)) == view
    True
    >>> view_from_wire({"variant": "basic"})
    Traceback (most recent call last):
    ...
    jantaku.engine.views.ViewFormatError: malformed view: seat: missing

Seat-keyed data is always a tuple indexed by seat.  Each variant contributes a
:class:`ViewExtension` (its own module: ``rulesets/<name>/view.py``) with its
facts in its own fields; the generic code reads them through the methods every
extension has (:meth:`ViewExtension.warnings`, :meth:`ViewExtension.items`, …).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from types import MemberDescriptorType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from .melds import Meld, MeldType

if TYPE_CHECKING:
    from .results import HandResult

__all__ = [
    "DiscardView",
    "MatchInfo",
    "MeldView",
    "ResultView",
    "RuleFacts",
    "SeatView",
    "Standing",
    "View",
    "ViewExtension",
    "ViewFormatError",
    "WinView",
    "meld_from_wire",
    "view_from_wire",
    "view_to_wire",
]

NO_TILE = -1  # a tile shown face down (the outer tiles of another seat's concealed kong)


class ViewFormatError(ValueError):
    """A view on the wire that does not have the documented shape (a one-line reason)."""


# --- the pieces -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DiscardView:
    """One tile of a pond.  ``order``: its place among all discards of the hand (None: an older host)."""

    tile: int
    tsumogiri: bool = False  # thrown straight from the draw
    riichi: bool = False  # the riichi declaration tile
    claimed_by: int | None = None  # the seat that called it away
    order: int | None = None


@dataclass(frozen=True, slots=True)
class MeldView:
    """A meld as this seat sees it; another seat's concealed kong shows ``NO_TILE`` at both ends."""

    type: MeldType
    tiles: tuple[int, ...]
    claimed: int | None = None  # the called tile
    from_seat: int | None = None  # whom it was called from
    added: int | None = None  # the tile of an added kong

    @property
    def known_tiles(self) -> tuple[int, ...]:
        return tuple(t for t in self.tiles if t >= 0)

    @property
    def is_chow(self) -> bool:
        return self.type is MeldType.CHI

    @property
    def is_concealed_kong(self) -> bool:
        return self.type is MeldType.ANKAN


@dataclass(frozen=True, slots=True)
class SeatView:
    """One player at the table.  ``concealed`` is None when this seat may not see the hand."""

    seat: int
    wind: int  # 0-3 E S W N, the seat's distance from the dealer
    concealed_count: int
    melds: tuple[MeldView, ...] = ()
    discards: tuple[DiscardView, ...] = ()
    bonus: tuple[int, ...] = ()  # flowers and seasons laid out
    out: bool = False  # has left the hand (a Sichuan winner)
    concealed: tuple[int, ...] | None = None  # sorted
    drawn: int | None = None  # the tile just drawn (still in ``concealed``)

    @property
    def concealed_tiles(self) -> tuple[int, ...]:
        """The concealed tiles as far as they are shown (none when hidden)."""
        return self.concealed if self.concealed is not None else ()


@dataclass(frozen=True, slots=True)
class RuleFacts:
    """Rules a client needs, so it never re-derives them from the variant's name."""

    red_fives: bool = False  # the red fives (ids 16, 52, 88) are distinct tiles
    honors: bool = True  # winds and dragons are in play
    bonus_tiles: bool = False  # flowers and seasons are in play
    chow: bool = True  # a chow may be called
    pung: bool = True
    exposed_kong: bool = True
    seven_pairs: bool = True  # seven pairs is a winning shape
    thirteen_orphans: bool = True
    four_as_two: bool = False  # four identical tiles count as two pairs
    riichi: bool = False  # riichi may be declared
    multi_win: bool = False  # several may win on one discard
    leave_on_win: bool = False  # winners leave and play goes on


@dataclass(frozen=True, slots=True)
class Standing:
    """One seat's place at the end of the match; ``final`` is the ruleset's final figure (uma, oka)."""

    seat: int
    place: int
    score: int
    final: float
    adjustments: tuple[tuple[str, float], ...] = ()  # further figures a ruleset lists (uma, oka), by name


@dataclass(frozen=True, slots=True)
class MatchInfo:
    ruleset: str
    preset: str
    hand_index: int
    scores: tuple[int, ...]  # before this hand's payments are settled into the match
    phase: str  # play | between | over
    hands_played: int
    standings: tuple[Standing, ...] | None = None


@dataclass(frozen=True, slots=True)
class WinView:
    """One win of a finished hand.  ``score`` is the ruleset's itemised score (docs/protocol.md 6.1)."""

    seat: int
    tile: int
    discarder: int | None  # None: self-drawn
    score: Mapping[str, Any]
    payments: tuple[tuple[int, int], ...]  # (seat, delta) for this win
    hand: tuple[int, ...]
    melds: tuple[MeldView, ...]
    bonus: tuple[int, ...]

    @property
    def self_drawn(self) -> bool:
        return self.discarder is None


@dataclass(frozen=True, slots=True)
class ResultView:
    """How the hand ended: ``kind`` is ``win``, ``draw`` or ``abort``."""

    kind: str
    reason: str | None
    wins: tuple[WinView, ...]
    deltas: tuple[int, ...]
    details: tuple[Mapping[str, Any], ...]  # itemised extra payments, as the variant names them
    hands: tuple[tuple[int, ...], ...]  # every concealed hand at the end
    flags: Mapping[str, Any]  # the variant's facts about the ending (tenpai seats, ura indicators, …)


class ViewExtension:
    """A variant's own facts in a view.  Subclasses are frozen, slotted dataclasses.

    ``KIND`` names the extension on the wire; ``WIRE_KEYS`` are the top-level keys it
    owns there (so :func:`view_from_wire` can keep a newer host's unknown keys apart).
    """

    __slots__ = ()
    KIND: ClassVar[str] = ""
    WIRE_KEYS: ClassVar[frozenset[str]] = frozenset()

    def to_wire(self) -> dict[str, Any]:
        raise NotImplementedError

    @classmethod
    def from_wire(cls, data: Mapping[str, Any]) -> ViewExtension:
        raise NotImplementedError

    @classmethod
    def of(cls: type[E], view: View) -> E:
        """The extension of ``view``, which must be a ``cls`` (a variant's own code reading its views)."""
        ext = view.extension
        if not isinstance(ext, cls):
            raise ValueError(f"a {view.variant} view has no {cls.__name__}")
        return ext

    # what generic readers (TUI, bots) ask every variant
    def indicators(self) -> tuple[int, ...]:
        """Tiles shown to everybody outside the hands and ponds (dora indicators)."""
        return ()

    def riichi_declared(self, seat: int) -> bool:
        return False

    def void_of(self, seat: int) -> str | None:
        """The suit letter ``seat`` declared void, if known to this seat."""
        return None

    def viewer_waits(self) -> tuple[int, ...] | None:
        """The viewer's waits as the variant computed them (kinds), or None."""
        return None

    def warnings(self) -> tuple[str, ...]:
        """Warnings for the viewer, in words (furiten, no yaku, a pass lock, …)."""
        return ()

    def fan_minimum(self) -> int:
        return 0

    def items(self) -> tuple[tuple[str, Any], ...]:
        """Further facts for people, as (label, value), in the order to show them."""
        return ()

    def counters(self) -> tuple[str, ...]:
        """The hand's counters for the centre of the table, in words, only those above zero
        (riichi's repeat counters and deposits)."""
        return ()

    def seat_notes(self, seat: int) -> tuple[str, ...]:
        """What the table should say of ``seat``, in words ("riichi", "void bamboo", "won 1st")."""
        return ()

    def table_facts(self) -> tuple[str, ...]:
        """What the table should say of the hand as a whole, in words ("East's streak 2")."""
        return ()

    def result_tiles(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """Tiles to show with a finished hand's result, as (label, tiles): ura-dora indicators."""
        return ()


E = TypeVar("E", bound=ViewExtension)


@dataclass(frozen=True, slots=True)
class View:
    """Everything one seat (None: a spectator) may know now."""

    variant: str
    seat: int | None
    phase: str  # setup | turn | claim | rob | over
    turn: int
    dealer: int
    round_wind: int
    hand_number: int
    scores: tuple[int, ...]  # including this hand's payments so far
    wall: int  # tiles left in the live wall
    players: tuple[SeatView, ...]
    last_discard: tuple[int, int] | None  # (seat, tile)
    rules: RuleFacts
    extension: ViewExtension | None = None
    result: ResultView | None = None
    match: MatchInfo | None = None
    unknown: tuple[tuple[str, Any], ...] = ()  # top-level fields of a newer host, kept as sent

    @property
    def me(self) -> SeatView:
        """The viewer's own entry (a spectator has none: ValueError)."""
        if self.seat is None:
            raise ValueError("a spectator's view has no seat of its own")
        return self.players[self.seat]

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def ext(self, kind: type[E]) -> E | None:
        """The variant extension if it is a ``kind`` (``view.ext(RiichiView)``), else None."""
        ext = self.extension
        return ext if isinstance(ext, kind) else None

    # read access by wire key, for scripts and tests written against the old dict views; new code
    # reads the attributes (each of these converts the whole view)
    def __getitem__(self, key: str) -> Any:
        return view_to_wire(self)[key]

    def get(self, key: str, default: Any = None) -> Any:
        return view_to_wire(self).get(key, default)


# --- building the records fast -----------------------------------------------------------------------

R = TypeVar("R")


def frozen_builder(cls: type[R]) -> Callable[..., R]:
    """A constructor of the frozen, slotted dataclass ``cls`` taking every field, in order, by position.

    The dataclass ``__init__`` of a frozen class sets each field through ``object.__setattr__`` (a
    name lookup per field); the engine builds views for every seat after every decision, so its
    records are made here by the slots' own setters instead: the same object, about twice as fast.
    There are no defaults: every field is passed.  Nothing is checked that ``__init__`` would not
    check either (a dataclass ``__init__`` checks nothing), and ``cls`` may have no ``__post_init__``.
    """
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    slots = {n: next((k.__dict__[n] for k in cls.__mro__ if n in k.__dict__), None) for n in names}
    if hasattr(cls, "__post_init__") or not names or any(type(d) is not MemberDescriptorType for d in slots.values()):
        raise TypeError(f"{cls.__name__} is not a slotted dataclass without __post_init__")
    setters = {f"set_{n}": d.__set__ for n, d in slots.items()}  # type: ignore[union-attr]
    params = ", ".join(names)
    body = "".join(f"    set_{n}(obj, {n})\n" for n in names)
    source = f"def build({params}):\n    obj = new(cls)\n{body}    return obj\n"
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls, **setters}
    exec(source, namespace)  # noqa: S102 - the source is made above from the class's own field names
    build: Callable[..., R] = namespace["build"]
    build.__qualname__ = build.__name__ = f"build_{cls.__name__}"
    return build


# --- from the engine's records ---------------------------------------------------------------------


def meld_view(meld: Meld, *, hide_concealed: bool = False) -> MeldView:
    """A meld as a seat sees it; a concealed kong shows its outer tiles face down to others."""
    tiles = meld.tiles
    if hide_concealed and meld.type is MeldType.ANKAN:
        tiles = (NO_TILE, tiles[1], tiles[2], NO_TILE)
    return MeldView(meld.type, tuple(tiles), meld.claimed, meld.from_seat, meld.added)


def result_view(result: HandResult) -> ResultView:
    """A finished hand's result as everybody may see it."""
    return _result_from(WireReader(result.to_wire(), "result"))


# --- encoding -------------------------------------------------------------------------------------


def meld_view_to_wire(m: MeldView) -> dict[str, Any]:
    return {"type": m.type.value, "tiles": list(m.tiles), "claimed": m.claimed, "from": m.from_seat, "added": m.added}


T = TypeVar("T")


class _ByIdentity(Generic[T]):
    """The wire form of immutable view parts, converted once per object.

    The engine hands every viewer the same tuple of discards (and melds, and rule facts) while a
    player's state stands, so a host encoding every seat's view after each decision converts each
    once.  Keyed by identity; the cache holds the object, so its id stays its own.  Callers get
    a fresh outer list or map; the inner items are shared and must not be changed.

    Bounded by two generations of ``size`` entries: when the current one is full it becomes the
    previous one, and an entry found there moves to the current one.  So what many tables still
    show (a hundred tables' rule facts, their unchanged ponds) is never all dropped at once.

    >>> seen = []
    >>> wire = _ByIdentity(lambda t: seen.append(t) or list(t), size=2)
    >>> a, b, c = (1,), (2,), (3,)
    >>> _ = [wire(x) for x in (a, b, a, c, a, b)]
    >>> seen  # ``a`` survives ``c`` filling the generation; ``b`` is found in the previous one
    [(1,), (2,), (3,)]
    """

    def __init__(self, encode: Callable[[T], Any], size: int = 4096):
        self.encode, self.size = encode, size
        self.cache: dict[int, tuple[T, Any]] = {}
        self.previous: dict[int, tuple[T, Any]] = {}

    def __call__(self, obj: T) -> Any:
        key = id(obj)
        hit = self.cache.get(key)
        if hit is not None and hit[0] is obj:
            return hit[1]
        hit = self.previous.pop(key, None)
        if hit is None or hit[0] is not obj:
            hit = (obj, self.encode(obj))
        if len(self.cache) >= self.size:
            self.previous, self.cache = self.cache, {}
        self.cache[key] = hit
        return hit[1]


def _encode_discards(discards: tuple[DiscardView, ...]) -> list[list[Any]]:
    return [
        [d.tile, d.tsumogiri, d.riichi, d.claimed_by, d.order]
        if d.order is not None
        else [d.tile, d.tsumogiri, d.riichi, d.claimed_by]
        for d in discards
    ]


def _encode_melds(melds: tuple[MeldView, ...]) -> list[dict[str, Any]]:
    return [meld_view_to_wire(m) for m in melds]


def _encode_rules(rules: RuleFacts) -> dict[str, bool]:
    return {name: getattr(rules, name) for name in RULE_NAMES}


_discards_wire = _ByIdentity(_encode_discards, size=2048)
_melds_wire = _ByIdentity(_encode_melds, size=2048)
_rules_wire = _ByIdentity(_encode_rules, size=1024)
RULE_NAMES = tuple(f.name for f in fields(RuleFacts))
_RULE_DEFAULTS: dict[str, bool] = {name: getattr(RuleFacts(), name) for name in RULE_NAMES}  # every fact has one


def _encode_seat(p: SeatView) -> dict[str, Any]:
    out: dict[str, Any] = {
        "seat": p.seat,
        "wind": p.wind,
        "concealed_count": p.concealed_count,
        "melds": list(_melds_wire(p.melds)) if p.melds else [],
        "discards": list(_discards_wire(p.discards)) if p.discards else [],
        "bonus": list(p.bonus),
        "out": p.out,
    }
    if p.concealed is not None:
        out["concealed"] = list(p.concealed)
        out["drawn"] = p.drawn
    return out


_public_seat_wire = _ByIdentity(_encode_seat, size=2048)


def _public_seat(p: SeatView) -> dict[str, Any]:
    hit = _public_seat_wire.cache.get(id(p))  # the cache's hit path inlined: four times a view, on every view
    return dict(hit[1] if hit is not None and hit[0] is p else _public_seat_wire(p))


def seat_to_wire(p: SeatView) -> dict[str, Any]:
    """One entry of :func:`view_to_wire`'s ``players``."""
    return _encode_seat(p) if p.concealed is not None else _public_seat(p)


def rules_to_wire(rules: RuleFacts) -> dict[str, bool]:
    return dict(_rules_wire(rules))


def result_to_wire(r: ResultView) -> dict[str, Any]:
    return {
        "kind": r.kind,
        "reason": r.reason,
        "wins": [
            {
                "seat": w.seat,
                "tile": w.tile,
                "discarder": w.discarder,
                "score": dict(w.score),
                "payments": dict(w.payments),
                "hand": list(w.hand),
                "melds": _encode_melds(w.melds),
                "bonus": list(w.bonus),
            }
            for w in r.wins
        ],
        "deltas": list(r.deltas),
        "details": [dict(d) for d in r.details],
        "hands": [list(h) for h in r.hands],
        "flags": dict(r.flags),
    }


def match_to_wire(m: MatchInfo) -> dict[str, Any]:
    return dict(_match_wire(m))


def _encode_match(m: MatchInfo) -> dict[str, Any]:
    return {
        "ruleset": m.ruleset,
        "preset": m.preset,
        "hand_index": m.hand_index,
        "scores": list(m.scores),
        "phase": m.phase,
        "hands_played": m.hands_played,
        "standings": None
        if m.standings is None
        else [
            {"seat": s.seat, "place": s.place, "score": s.score, **dict(s.adjustments), "final": s.final}
            for s in m.standings
        ],
    }


_match_wire = _ByIdentity(_encode_match, size=1024)


def view_to_wire(view: View) -> dict[str, Any]:
    """The view as plain data (docs/protocol.md, section 6.1)."""
    return _view_wire(view, players=True, copies=True)


def view_to_wire_for_packing(view: View) -> dict[str, Any]:
    """:func:`view_to_wire` without ``players`` (a host packs those apart, per seat), its inner
    parts the cached ones themselves: to be packed at once and never changed."""
    return _view_wire(view, players=False, copies=False)


def _view_wire(view: View, *, players: bool, copies: bool) -> dict[str, Any]:
    rules = view.rules
    last = view.last_discard
    out: dict[str, Any] = {
        "variant": view.variant,
        "seat": view.seat,
        "phase": view.phase,
        "turn": view.turn,
        "dealer": view.dealer,
        "round_wind": view.round_wind,
        "hand_number": view.hand_number,
        "scores": list(view.scores),
        "wall": view.wall,
    }
    if players:
        out["players"] = [_encode_seat(p) if p.concealed is not None else _public_seat(p) for p in view.players]
    out["last_discard"] = [last[0], last[1]] if last is not None else None
    out["red_fives"] = rules.red_fives
    out["rules"] = dict(_rules_wire(rules)) if copies else _rules_wire(rules)
    if view.result is not None:
        out["result"] = result_to_wire(view.result)
    extension = view.extension
    if extension is not None:
        out["extension"] = extension.KIND
        out.update(extension.to_wire())
    if view.match is not None:
        out["match"] = dict(_match_wire(view.match)) if copies else _match_wire(view.match)
    if view.unknown:
        out.update(view.unknown)
    return out


# --- decoding (validating) ------------------------------------------------------------------------


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_bool(value: Any) -> bool:
    return isinstance(value, bool)


def _is_str(value: Any) -> bool:
    return isinstance(value, str)


def _is_seq(value: Any) -> bool:
    return isinstance(value, (list, tuple))


class WireReader:
    """Reads one map of a wire view; every failure names the path (``players[2].discards[0]``)."""

    __slots__ = ("data", "path")

    def __init__(self, data: Any, path: str = ""):
        if not isinstance(data, Mapping):
            raise ViewFormatError(f"malformed view: {path or 'view'}: expected a map, got {type(data).__name__}")
        self.data = data
        self.path = path

    def where(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def fail(self, key: str, what: str) -> ViewFormatError:
        return ViewFormatError(f"malformed view: {self.where(key)}: {what}")

    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str) -> Any:
        try:
            return self.data[key]
        except KeyError:
            raise self.fail(key, "missing") from None

    def checked(self, key: str, default: Any, accept: Callable[[Any], bool], what: str) -> Any:
        """The value at ``key`` (``default`` when absent, unless that is None), if ``accept`` takes it."""
        if default is not None and key not in self.data:
            return default
        value = self.raw(key)
        if not accept(value):
            raise self.fail(key, f"expected {what}, got {value!r:.40}")
        return value

    def integer(self, key: str, default: int | None = None) -> int:
        return self.checked(key, default, _is_int, "an integer")

    def opt_integer(self, key: str) -> int | None:
        return None if self.data.get(key) is None else self.integer(key)

    def flag(self, key: str, default: bool | None = None) -> bool:
        return self.checked(key, default, _is_bool, "true or false")

    def opt_flag(self, key: str) -> bool | None:
        return None if self.data.get(key) is None else self.flag(key)

    def text(self, key: str, default: str | None = None) -> str:
        return self.checked(key, default, _is_str, "a string")

    def opt_text(self, key: str) -> str | None:
        return None if self.data.get(key) is None else self.text(key)

    def seq(self, key: str, default: Sequence[Any] | None = None) -> Sequence[Any]:
        return self.checked(key, default, _is_seq, "a list")

    def ints(self, key: str, default: tuple[int, ...] | None = None) -> tuple[int, ...]:
        values = self.seq(key, default)
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise self.fail(key, "expected a list of integers")
        return tuple(values)

    def opt_ints(self, key: str) -> tuple[int, ...] | None:
        return None if self.data.get(key) is None else self.ints(key)

    def by_seat(self, key: str, item: Callable[[Any], Any], default: tuple[Any, ...] | None = None) -> tuple[Any, ...]:
        """A list of four values, one per seat, each checked by ``item`` (which returns it or raises)."""
        values = self.seq(key, default)
        if len(values) != 4:
            raise self.fail(key, f"expected one value per seat (4), got {len(values)}")
        try:
            return tuple(item(v) for v in values)
        except (TypeError, ValueError) as exc:
            raise self.fail(key, str(exc)) from None

    def mapping(self, key: str) -> Mapping[str, Any]:
        value = self.raw(key)
        if not isinstance(value, Mapping):
            raise self.fail(key, f"expected a map, got {value!r:.40}")
        return value

    def child(self, key: str) -> WireReader:
        return WireReader(self.raw(key), self.where(key))

    def children(self, key: str) -> list[WireReader]:
        where = self.where(key)
        return [WireReader(v, f"{where}[{i}]") for i, v in enumerate(self.seq(key))]


def opt_str_item(value: Any) -> str | None:
    if value is not None and not isinstance(value, str):
        raise ValueError(f"expected a string or nil, got {value!r:.40}")
    return value


def bool_item(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, got {value!r:.40}")
    return value


def _meld_from(r: WireReader) -> MeldView:
    try:
        mtype = MeldType(r.text("type"))
    except ValueError:
        raise r.fail("type", f"unknown meld type {r.raw('type')!r:.20}") from None
    return MeldView(mtype, r.ints("tiles"), r.opt_integer("claimed"), r.opt_integer("from"), r.opt_integer("added"))


def meld_from_wire(data: Any) -> MeldView:
    """A meld in its wire form (as views and events carry it); :class:`ViewFormatError` if malformed."""
    return _meld_from(WireReader(data, "meld"))


def _discard_from(value: Any, where: str) -> DiscardView:
    ok = isinstance(value, (list, tuple)) and len(value) in (4, 5)
    if ok:
        tile, tsumogiri, riichi, claimed_by = value[:4]
        order = value[4] if len(value) == 5 else None
        ok = (
            isinstance(tile, int)
            and isinstance(tsumogiri, bool)
            and isinstance(riichi, bool)
            and (claimed_by is None or isinstance(claimed_by, int))
            and (order is None or isinstance(order, int))
        )
    if not ok:
        raise ViewFormatError(f"malformed view: {where}: expected [tile, tsumogiri, riichi, claimed_by, order]")
    return DiscardView(tile, tsumogiri, riichi, claimed_by, order)


def _seat_from(r: WireReader) -> SeatView:
    where = r.where("discards")
    discards = tuple(_discard_from(d, f"{where}[{i}]") for i, d in enumerate(r.seq("discards")))
    concealed = r.opt_ints("concealed")
    return SeatView(
        r.integer("seat"),
        r.integer("wind"),
        r.integer("concealed_count"),
        tuple(_meld_from(m) for m in r.children("melds")),
        discards,
        r.ints("bonus", ()),
        r.flag("out", False),
        concealed,
        r.opt_integer("drawn") if concealed is not None else None,
    )


def _rules_from(r: WireReader) -> RuleFacts:
    if not r.has("rules"):  # an older host: only the red-fives flag travelled
        return RuleFacts(red_fives=r.flag("red_fives", False))
    rules = r.child("rules")
    return RuleFacts(**{name: rules.flag(name, default) for name, default in _RULE_DEFAULTS.items()})


def _win_from(r: WireReader) -> WinView:
    payments = r.mapping("payments")
    try:
        paid = tuple((int(seat), int(delta)) for seat, delta in payments.items())
    except (TypeError, ValueError):
        raise r.fail("payments", "expected seat → points") from None
    return WinView(
        r.integer("seat"),
        r.integer("tile"),
        r.opt_integer("discarder"),
        dict(r.mapping("score")),
        paid,
        r.ints("hand", ()),
        tuple(_meld_from(m) for m in r.children("melds")) if r.has("melds") else (),
        r.ints("bonus", ()),
    )


def _result_from(r: WireReader) -> ResultView:
    details = r.seq("details", ())
    if not all(isinstance(d, Mapping) for d in details):
        raise r.fail("details", "expected a list of maps")
    hands = r.seq("hands", ())
    if not all(isinstance(h, (list, tuple)) for h in hands):
        raise r.fail("hands", "expected a list of tile lists")
    flags = r.mapping("flags") if r.data.get("flags") is not None else {}
    return ResultView(
        r.text("kind"),
        r.opt_text("reason"),
        tuple(_win_from(w) for w in r.children("wins")),
        r.ints("deltas"),
        tuple(dict(d) for d in details),
        tuple(tuple(h) for h in hands),
        dict(flags),
    )


def _match_from(r: WireReader) -> MatchInfo:
    standings = None
    if r.data.get("standings") is not None:
        standings = []
        for s in r.children("standings"):
            final = s.raw("final")
            if isinstance(final, bool) or not isinstance(final, (int, float)):
                raise s.fail("final", "expected a number")
            adjustments = tuple((k, v) for k, v in s.data.items() if k not in STANDING_KEYS)
            standings.append(Standing(s.integer("seat"), s.integer("place"), s.integer("score"), final, adjustments))
    return MatchInfo(
        r.text("ruleset"),
        r.text("preset"),
        r.integer("hand_index"),
        r.ints("scores"),
        r.text("phase"),
        r.integer("hands_played"),
        None if standings is None else tuple(standings),
    )


STANDING_KEYS = frozenset({"seat", "place", "score", "final"})
BASE_WIRE_KEYS = frozenset(
    {
        "variant",
        "seat",
        "phase",
        "turn",
        "dealer",
        "round_wind",
        "hand_number",
        "scores",
        "wall",
        "players",
        "last_discard",
        "red_fives",
        "rules",
        "result",
        "match",
        "extension",
    }
)


def extension_classes() -> dict[str, type[ViewExtension]]:
    """The variants' view extensions by ``KIND`` (an explicit list, imported when first needed)."""
    global _EXTENSIONS
    if _EXTENSIONS is None:
        from .rulesets.classical.view import ClassicalView
        from .rulesets.hongkong.view import HongKongView
        from .rulesets.riichi.view import RiichiView
        from .rulesets.sichuan.view import SichuanView

        _EXTENSIONS = {cls.KIND: cls for cls in (RiichiView, SichuanView, ClassicalView, HongKongView)}
    return _EXTENSIONS


_EXTENSIONS: dict[str, type[ViewExtension]] | None = None


def view_from_wire(data: Any) -> View:
    """The :class:`View` a wire view describes; :class:`ViewFormatError` (one line) if it is malformed."""
    r = WireReader(data)
    seat = r.raw("seat")
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 4):
        raise r.fail("seat", f"expected a seat 0-3 or nil, got {seat!r:.20}")
    players = tuple(_seat_from(p) for p in r.children("players"))
    if len(players) != 4 or any(p.seat != i for i, p in enumerate(players)):
        raise r.fail("players", "expected four players, seats 0-3 in order")
    last = r.data.get("last_discard")
    if last is not None:
        if not (isinstance(last, (list, tuple)) and len(last) == 2 and all(isinstance(v, int) for v in last)):
            raise r.fail("last_discard", "expected [seat, tile] or nil")
        last = (last[0], last[1])
    variant = r.text("variant")
    kinds = extension_classes()
    kind = r.opt_text("extension") or variant
    extension_cls = kinds.get(kind)
    try:
        extension = extension_cls.from_wire(data) if extension_cls is not None else None
    except ViewFormatError:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise ViewFormatError(f"malformed view: {kind} facts: {exc}") from None
    owned = BASE_WIRE_KEYS | (extension_cls.WIRE_KEYS if extension_cls is not None else frozenset())
    unknown = tuple((k, v) for k, v in r.data.items() if k not in owned)
    return View(
        variant=variant,
        seat=seat,
        phase=r.text("phase"),
        turn=r.integer("turn"),
        dealer=r.integer("dealer"),
        round_wind=r.integer("round_wind"),
        hand_number=r.integer("hand_number", 0),
        scores=r.ints("scores"),
        wall=r.integer("wall"),
        players=players,
        last_discard=last,
        rules=_rules_from(r),
        extension=extension,
        result=_result_from(r.child("result")) if r.data.get("result") is not None else None,
        match=_match_from(r.child("match")) if r.data.get("match") is not None else None,
        unknown=unknown,
    )
