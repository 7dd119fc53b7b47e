"""Melds (exposed or declared sets) and the written form of a whole hand.

The hand notation is the calculator's (``../shared/CALCULATOR.md``): the
concealed tiles first, then melds separated by spaces::

    >>> h = parse_hand("123m456p789s11z chi:345m pon:555z bonus:1f3y")
    >>> format_tiles(h.concealed), [str(m) for m in h.melds], format_tiles(h.bonus)
    ('123m456p789s11z', ['chi:345m', 'pon:555z'], '1f3y')
    >>> format_hand(h)
    '123m456p789s11z chi:345m pon:555z bonus:1f3y'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from .tiles import NotationError, format_tiles, is_bonus, is_suited, kind_of, parse_tiles, suit_of


class MeldType(enum.Enum):
    CHI = "chi"  # a chow (run) claimed from a discard
    PON = "pon"  # a pung claimed from a discard
    KAN = "kan"  # a kong made with a claimed discard (exposed, "daiminkan")
    ANKAN = "ankan"  # a concealed kong declared from one's own four tiles
    KAKAN = "kakan"  # a kong made by adding a tile to one's exposed pung
    PUNG_CONCEALED = "ankou"  # only used by the calculator for a loser's declared-nothing hand; not a call


KONG_TYPES = frozenset({MeldType.KAN, MeldType.ANKAN, MeldType.KAKAN})


@dataclass(frozen=True)
class Meld:
    """One declared set: its type and physical tiles.

    ``claimed`` is the tile taken from another player (None for a concealed
    kong) and ``from_seat`` whose discard it was.  For an added kong the
    ``added`` tile is the one put to the pung later.
    """

    type: MeldType
    tiles: tuple[int, ...]
    claimed: int | None = None
    from_seat: int | None = None
    added: int | None = None

    @property
    def kind(self) -> int:
        """The lowest kind in the meld (the pung/kong kind, or the chow's start)."""
        return min(kind_of(t) for t in self.tiles)

    @property
    def is_kong(self) -> bool:
        return self.type in KONG_TYPES

    @property
    def is_chow(self) -> bool:
        return self.type is MeldType.CHI

    @property
    def is_pung_or_kong(self) -> bool:
        return self.type is not MeldType.CHI

    @property
    def is_concealed(self) -> bool:
        """Only a concealed kong keeps the hand concealed."""
        return self.type is MeldType.ANKAN

    def __str__(self) -> str:
        return f"{self.type.value}:{format_tiles(sorted(self.tiles, key=lambda t: (kind_of(t), t)))}"


@dataclass
class HandSpec:
    """A hand as written: concealed tiles, melds and bonus tiles (physical ids)."""

    concealed: list[int]
    melds: list[Meld] = field(default_factory=list)
    bonus: list[int] = field(default_factory=list)

    def all_tiles(self) -> list[int]:
        out = list(self.concealed)
        for m in self.melds:
            out.extend(m.tiles)
        return out + list(self.bonus)


_MELD_SIZES = {MeldType.CHI: 3, MeldType.PON: 3, MeldType.KAN: 4, MeldType.ANKAN: 4, MeldType.KAKAN: 4}


def make_meld(
    type_: MeldType,
    tiles: list[int],
    *,
    claimed: int | None = None,
    from_seat: int | None = None,
    added: int | None = None,
) -> Meld:
    """Build a meld, checking its shape; raises ``ValueError`` with the reason."""
    size = _MELD_SIZES[type_]
    if len(tiles) != size:
        raise ValueError(f"a {type_.value} has {size} tiles, not {len(tiles)}")
    kinds = sorted(kind_of(t) for t in tiles)
    if any(is_bonus(k) for k in kinds):
        raise ValueError("bonus tiles cannot be in a meld")
    if type_ is MeldType.CHI:
        if not (
            is_suited(kinds[0])
            and suit_of(kinds[0]) == suit_of(kinds[2])
            and kinds[1] == kinds[0] + 1
            and kinds[2] == kinds[0] + 2
        ):
            raise ValueError("a chow is three consecutive tiles of one suit")
    elif len(set(kinds)) != 1:
        raise ValueError(f"a {type_.value} is {size} identical tiles")
    return Meld(type_, tuple(tiles), claimed, from_seat, added)


def parse_meld(text: str, *, taken: set[int] | None = None) -> Meld:
    """Parse ``chi:345m`` and friends; ``taken`` as for :func:`parse_tiles`."""
    name, sep, tiles_text = text.partition(":")
    if not sep:
        raise NotationError(f"{text!r}: a meld is written type:tiles, e.g. pon:555z")
    try:
        type_ = MeldType(name)
    except ValueError:
        raise NotationError(f"{text!r}: unknown meld type {name!r} (chi, pon, kan, ankan, kakan)") from None
    if type_ is MeldType.PUNG_CONCEALED:
        raise NotationError(f"{text!r}: unknown meld type {name!r} (chi, pon, kan, ankan, kakan)")
    tiles = parse_tiles(tiles_text, taken)
    if not tiles:
        raise NotationError(f"{text!r}: a meld without tiles (e.g. pon:555z)")
    try:
        return make_meld(
            type_,
            tiles,
            claimed=None if type_ is MeldType.ANKAN else tiles[-1],
            added=tiles[-1] if type_ is MeldType.KAKAN else None,
        )
    except ValueError as exc:
        raise NotationError(f"{text!r}: {exc}") from None


def parse_hand(text: str) -> HandSpec:
    """Parse a whole hand (see the module docstring); copies are unique across parts."""
    if not isinstance(text, str) or not text.strip():
        raise NotationError("empty hand")
    parts = text.split()
    taken: set[int] = set()
    concealed: list[int] = []
    melds: list[Meld] = []
    bonus: list[int] = []
    for i, part in enumerate(parts):
        if part.startswith("bonus:"):
            tiles = parse_tiles(part[6:], taken)
            if not all(is_bonus(kind_of(t)) for t in tiles):
                raise NotationError(f"{part!r}: only flowers (f) and seasons (y) are bonus tiles")
            bonus.extend(tiles)
        elif ":" in part:
            melds.append(parse_meld(part, taken=taken))
        elif i == 0:
            concealed = parse_tiles(part, taken)
            for t in concealed:
                if is_bonus(kind_of(t)):
                    raise NotationError(f"{part!r}: bonus tiles go in a bonus: part, not the concealed tiles")
        else:
            raise NotationError(f"{part!r}: only the first part is concealed tiles; melds are type:tiles")
    return HandSpec(concealed, melds, bonus)


def format_hand(hand: HandSpec, *, red_fives: bool = True) -> str:
    parts = [format_tiles(hand.concealed, red_fives=red_fives)] if hand.concealed else []
    parts += [f"{m.type.value}:{format_tiles(m.tiles, red_fives=red_fives)}" for m in hand.melds]
    if hand.bonus:
        parts.append("bonus:" + format_tiles(hand.bonus))
    return " ".join(parts)
