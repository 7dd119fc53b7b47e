"""Decisions a player can make, as a tagged union, with a notation that round-trips.

Each kind of decision is its own small frozen class (:class:`Discard`,
:class:`Chi`, :class:`Pass`, :class:`DeclareVoid`, …), all subclasses of
:class:`Action`; ``action.type`` is the :class:`ActionType` tag.  An action
names physical tiles, so a red five and a plain five are different discards.
Its text form is for people and logs; its wire form (:meth:`Action.to_wire`,
``[type, tile, tiles, suit]``) is what records and the network carry.

    >>> a = Chi(8, (0, 4))  # 3m claimed with 12m
    >>> str(a)
    'chi 12m+3m'
    >>> Action.from_wire(a.to_wire()) == a
    True
    >>> str(Discard(16))
    'discard 0m'

Every kind answers ``tile``, ``tiles`` and ``suit`` (``None``/``()`` where it
has none), so generic code (sorting, notation, the wire) reads them alike;
code that acts on one kind matches on the class:

    >>> match Discard(16):
    ...     case Discard(tile=t):
    ...         t
    16
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass
from typing import Any, ClassVar

from .tiles import format_tiles, kind_of


class ActionType(str, enum.Enum):
    DISCARD = "discard"
    RIICHI = "riichi"  # declare riichi with this discard
    TSUMO = "tsumo"  # win on one's own draw
    RON = "ron"  # win on a discard (or by robbing a kong)
    CHI = "chi"
    PON = "pon"
    KAN = "kan"  # exposed kong on a discard
    ANKAN = "ankan"  # concealed kong
    KAKAN = "kakan"  # add a tile to one's exposed pung
    PASS = "pass"
    ABORT = "abort"  # declare an abortive draw (nine terminals/honours)
    VOID = "void"  # choose a void suit (Sichuan)
    EXCHANGE = "exchange"  # pass three tiles (Sichuan)
    CONTINUE = "continue"  # ready for the next hand


# order in which legal actions are listed (and claims take priority)
_ORDER = {t: i for i, t in enumerate(ActionType)}
SUITS = ("m", "p", "s")
MAX_TILES = 14  # the most tiles one action may name (a hand)


class Action:
    """One decision; see the kinds below.  ``tile`` is the discard, the claimed or
    winning tile, or the kong's kind representative; ``tiles`` are one's own tiles
    used by a call or an exchange; ``suit`` is a void-suit choice."""

    __slots__ = ()
    type: ClassVar[ActionType]
    # what every kind answers (the kinds without one have a class attribute instead of a field)
    tile: int | None
    tiles: tuple[int, ...]
    suit: str | None

    def to_wire(self) -> list[Any]:
        return [self.type.value, self.tile, list(self.tiles), self.suit]

    @staticmethod
    def from_wire(wire: Any) -> Action:
        """Inverse of :meth:`to_wire`; raises ``ValueError`` on anything malformed."""
        if not isinstance(wire, (list, tuple)) or len(wire) != 4:
            raise ValueError("an action is [type, tile, tiles, suit]")
        type_, tile, tiles, suit = wire
        try:
            atype = ActionType(type_)
        except ValueError:
            raise ValueError(f"unknown action type {type_!r}") from None
        if tile is not None and not _is_tile(tile):
            raise ValueError(f"bad tile {tile!r}")
        if not isinstance(tiles, (list, tuple)) or len(tiles) > MAX_TILES or not all(_is_tile(t) for t in tiles):
            raise ValueError("bad tiles")
        if suit is not None and suit not in SUITS:
            raise ValueError(f"bad suit {suit!r}")
        return _build(atype, tile, tuple(tiles), suit)

    def sort_key(self) -> tuple[Any, ...]:
        return (
            _ORDER[self.type],
            -1 if self.tile is None else kind_of(self.tile),
            self.tile or 0,
            self.tiles,
            self.suit or "",
        )

    def text(self, *, red_fives: bool = True) -> str:
        """The notation; without red fives in play, a five's copy 0 is a plain five."""
        t = self.type.value
        if self.tile is not None:
            return f"{t} {format_tiles([self.tile], red_fives=red_fives)}"
        return t

    def __str__(self) -> str:
        return self.text()


def tile_of(action: Action) -> int:
    """The tile of a kind that names one (a discard, call, win or kong), for code holding a plain
    :class:`Action` whose kind it knows; ``ValueError`` for a kind without one.

    >>> tile_of(Discard(16))
    16
    """
    tile = action.tile
    if tile is None:
        raise ValueError(f"{action.type.value} names no tile")
    return tile


def _is_tile(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 144


# Equality and hashing written per shape (the kinds are dataclasses with eq=False): the generated
# ones build a tuple of the fields for every hash and comparison, and legal actions are hashed,
# compared and looked up at every decision.  ``_tag`` (the kind's place in ActionType) keeps two
# kinds with the same tile apart in hashes.


class _Call(Action):
    """A call on a discard: ``tiles`` of one's own with the claimed ``tile``."""

    __slots__ = ()
    tile: int
    suit: ClassVar[None] = None  # type: ignore[misc]
    _tag: ClassVar[int]

    def __eq__(self, other: object) -> bool:
        return other.__class__ is self.__class__ and other.tile == self.tile and other.tiles == self.tiles  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self.tiles) ^ (self.tile << 4 | self._tag)

    def text(self, *, red_fives: bool = True) -> str:
        return (
            f"{self.type.value} {format_tiles(self.tiles, red_fives=red_fives)}"
            f"+{format_tiles([self.tile], red_fives=red_fives)}"
        )


class _OneTile(Action):
    __slots__ = ()
    tile: int
    tiles: ClassVar[tuple[()]] = ()  # type: ignore[misc]
    suit: ClassVar[None] = None  # type: ignore[misc]
    _tag: ClassVar[int]

    def __eq__(self, other: object) -> bool:
        return other.__class__ is self.__class__ and other.tile == self.tile  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return self.tile << 4 | self._tag


class _NoTile(Action):
    __slots__ = ()
    tile: ClassVar[None] = None  # type: ignore[misc]
    tiles: ClassVar[tuple[()]] = ()  # type: ignore[misc]
    suit: ClassVar[None] = None  # type: ignore[misc]
    _tag: ClassVar[int]

    def __eq__(self, other: object) -> bool:
        return other.__class__ is self.__class__

    def __hash__(self) -> int:
        return self._tag


@dataclass(frozen=True, slots=True, eq=False)
class Discard(_OneTile):
    tile: int
    type: ClassVar[ActionType] = ActionType.DISCARD


@dataclass(frozen=True, slots=True, eq=False)
class Riichi(_OneTile):
    """Declare riichi with this discard."""

    tile: int
    type: ClassVar[ActionType] = ActionType.RIICHI


@dataclass(frozen=True, slots=True, eq=False)
class Tsumo(_OneTile):
    """Win on one's own draw ``tile``."""

    tile: int
    type: ClassVar[ActionType] = ActionType.TSUMO


@dataclass(frozen=True, slots=True, eq=False)
class Ron(_OneTile):
    """Win on a discard (or by robbing a kong)."""

    tile: int
    type: ClassVar[ActionType] = ActionType.RON


@dataclass(frozen=True, slots=True, eq=False)
class Chi(_Call):
    tile: int
    tiles: tuple[int, ...]
    type: ClassVar[ActionType] = ActionType.CHI


@dataclass(frozen=True, slots=True, eq=False)
class Pon(_Call):
    tile: int
    tiles: tuple[int, ...]
    type: ClassVar[ActionType] = ActionType.PON


@dataclass(frozen=True, slots=True, eq=False)
class Kan(_Call):
    """An exposed kong on a discard."""

    tile: int
    tiles: tuple[int, ...]
    type: ClassVar[ActionType] = ActionType.KAN


@dataclass(frozen=True, slots=True, eq=False)
class Ankan(Action):
    """A concealed kong of the four ``tiles`` (``tile``: the lowest of them)."""

    tile: int
    tiles: tuple[int, ...]
    type: ClassVar[ActionType] = ActionType.ANKAN
    suit: ClassVar[None] = None  # type: ignore[misc]
    __eq__ = _Call.__eq__
    __hash__ = _Call.__hash__


@dataclass(frozen=True, slots=True, eq=False)
class Kakan(_OneTile):
    """Add ``tile`` to one's exposed pung."""

    tile: int
    type: ClassVar[ActionType] = ActionType.KAKAN


@dataclass(frozen=True, slots=True, eq=False)
class Pass(_NoTile):
    type: ClassVar[ActionType] = ActionType.PASS


@dataclass(frozen=True, slots=True, eq=False)
class Abort(_NoTile):
    """Declare an abortive draw (nine terminals and honours)."""

    type: ClassVar[ActionType] = ActionType.ABORT


@dataclass(frozen=True, slots=True, eq=False)
class Continue(_NoTile):
    """Ready for the next hand."""

    type: ClassVar[ActionType] = ActionType.CONTINUE


@dataclass(frozen=True, slots=True, eq=False)
class DeclareVoid(Action):
    """Choose the void ``suit`` (Sichuan)."""

    suit: str
    type: ClassVar[ActionType] = ActionType.VOID
    tile: ClassVar[None] = None  # type: ignore[misc]
    tiles: ClassVar[tuple[()]] = ()  # type: ignore[misc]

    def __eq__(self, other: object) -> bool:
        return other.__class__ is self.__class__ and other.suit == self.suit  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self.suit)

    def text(self, *, red_fives: bool = True) -> str:
        return f"void {self.suit}"


@dataclass(frozen=True, slots=True, eq=False)
class Exchange(Action):
    """Pass these three ``tiles`` (Sichuan)."""

    tiles: tuple[int, ...]
    type: ClassVar[ActionType] = ActionType.EXCHANGE
    tile: ClassVar[None] = None  # type: ignore[misc]
    suit: ClassVar[None] = None  # type: ignore[misc]

    def __eq__(self, other: object) -> bool:
        return other.__class__ is self.__class__ and other.tiles == self.tiles  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self.tiles)

    def text(self, *, red_fives: bool = True) -> str:
        return f"exchange {format_tiles(self.tiles, red_fives=red_fives)}"


AnyAction = (
    Discard | Riichi | Tsumo | Ron | Chi | Pon | Kan | Ankan | Kakan | Pass | Abort | Continue | DeclareVoid | Exchange
)
KINDS: dict[ActionType, type[Action]] = {
    cls.type: cls
    for cls in (Discard, Riichi, Tsumo, Ron, Chi, Pon, Kan, Ankan, Kakan, Pass, Abort, Continue, DeclareVoid, Exchange)
}
for _cls in KINDS.values():
    _cls._tag = _ORDER[_cls.type]  # type: ignore[attr-defined]
_FIELDS = {t: {f.name for f in dataclasses.fields(cls)} for t, cls in KINDS.items()}  # type: ignore[arg-type]
_TAKES_TILE = frozenset(t for t, names in _FIELDS.items() if "tile" in names)
_TAKES_TILES = frozenset(t for t, names in _FIELDS.items() if "tiles" in names)


def _build(atype: ActionType, tile: int | None, tiles: tuple[int, ...], suit: str | None) -> Action:
    """The kind ``atype`` from the uniform fields; ``ValueError`` when a field is missing or extra."""
    cls = KINDS[atype]
    name = atype.value
    if (tile is not None) != (atype in _TAKES_TILE):
        raise ValueError(f"{name} {'needs' if tile is None else 'takes no'} tile")
    if tiles and atype not in _TAKES_TILES:
        raise ValueError(f"{name} takes no tiles")
    if (suit is not None) != (atype is ActionType.VOID):
        raise ValueError(f"{name} {'needs' if suit is None else 'takes no'} suit")
    if atype is ActionType.VOID:
        return DeclareVoid(suit)  # type: ignore[arg-type]
    if atype in _TAKES_TILES:
        return cls(tile, tiles) if atype in _TAKES_TILE else cls(tiles)  # type: ignore[call-arg]
    return cls(tile) if atype in _TAKES_TILE else cls()  # type: ignore[call-arg]


@dataclass(frozen=True, slots=True)
class ActionLabel:
    """How a player is shown a group of action kinds: its name, the key that takes it, and where
    it stands among the others (``rank``: win 0, chi 20, pon 30, kong 40, pass 80, continue 90).
    ``uses_selection``: the selected hand tile picks among several; ``hint``: the title then.
    A variant lists the labels of its own kinds in its ruleset's ``action_labels``."""

    name: str
    types: tuple[ActionType, ...]
    key: str
    rank: int
    uses_selection: bool = False
    hint: str = ""


class IllegalAction(ValueError):
    """An action that is not legal now; nothing was changed."""
