"""A Sichuan hand as the scorer sees it: tile counts, declared sets and shapes.

Sichuan plays with the 108 suit tiles only and has no chows, so every
declared set is a pung or a kong.  A complete hand is four sets and a pair
or seven pairs, where four identical tiles count as two pairs::

    >>> hand = SichuanHand.from_text("22334455667788m")  # three ways with chows, and seven pairs
    >>> [s.seven_pairs for s in hand.shapes()]
    [False, False, False, True]
    >>> SichuanHand.from_text("11112233445566s").shapes()[-1].seven_pairs
    True
    >>> SichuanHand.from_text("123m456p789s11z")
    Traceback (most recent call last):
    ...
    jantaku.engine.rulesets.sichuan.hand.HandError: Sichuan has no honour tiles
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ...analysis import decompositions, is_seven_pairs
from ...melds import HandSpec, Meld, MeldType, parse_hand
from ...tiles import SUITS, counts34, is_honor, kind_of, suit_of

HAND_TILES = 14  # a kong counts as three of them


class HandError(ValueError):
    """A hand that cannot be a Sichuan hand at all (honours, bonus tiles, chows)."""


@dataclass(frozen=True)
class Shape:
    """One way a complete hand splits.

    Regular: the ``pair`` and the concealed ``pungs`` and ``chows`` (by kind;
    a chow by its lowest kind); the declared melds are the hand's, not the
    shape's.  Seven pairs: ``seven_pairs`` and nothing else.
    """

    seven_pairs: bool = False
    pair: int | None = None
    pungs: tuple[int, ...] = ()
    chows: tuple[int, ...] = ()


SEVEN_PAIRS = Shape(seven_pairs=True)


@dataclass(frozen=True)
class SichuanHand:
    """Concealed tile counts (34 entries, a winning tile included) and declared melds."""

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...] = ()

    @classmethod
    def from_spec(cls, spec: HandSpec) -> "SichuanHand":
        """Check that the hand uses Sichuan's tiles and sets; raises :class:`HandError`."""
        if spec.bonus:
            raise HandError("Sichuan has no bonus tiles")
        if any(is_honor(kind_of(t)) for t in spec.all_tiles()):
            raise HandError("Sichuan has no honour tiles")
        if any(m.is_chow for m in spec.melds):
            raise HandError("Sichuan has no chows")
        return cls(tuple(counts34(spec.concealed)), tuple(spec.melds))

    @classmethod
    def from_text(cls, text: str) -> "SichuanHand":
        """From the hand notation, e.g. ``"11m22p pon:555s"``."""
        return cls.from_spec(parse_hand(text))

    def with_kind(self, kind: int) -> "SichuanHand":
        """The hand with one more concealed tile of ``kind`` (a wait tried as the winning tile)."""
        concealed = list(self.concealed)
        concealed[kind] += 1
        return SichuanHand(tuple(concealed), self.melds)

    # --- what the hand holds -------------------------------------------------

    @property
    def tile_count(self) -> int:
        """Tiles as a hand counts them: a kong is one set of three."""
        return sum(self.concealed) + 3 * len(self.melds)

    def held_counts(self, *, kongs: bool = True) -> list[int]:
        """Copies of each kind held in total: concealed plus melds (optionally without kongs)."""
        counts = list(self.concealed)
        for meld in self.melds:
            if kongs or not meld.is_kong:
                counts[meld.kind] += len(meld.tiles)
        return counts

    def kinds(self) -> list[int]:
        """The kinds present anywhere in the hand."""
        return [k for k, c in enumerate(self.held_counts()) if c]

    def suits(self) -> set[str]:
        return {suit_of(k) for k in self.kinds()}

    def holds_suit(self, suit: str) -> bool:
        return suit in self.suits()

    def holds_void(self, void: str | None) -> bool:
        """Whether a tile of the void suit is in the hand.

        With no void suit given, a hand holding all three suits still has one.
        """
        if void is None:
            return self.suits() >= set(SUITS)
        return self.holds_suit(void)

    @property
    def kongs(self) -> list[Meld]:
        return [m for m in self.melds if m.is_kong]

    @property
    def is_concealed(self) -> bool:
        """No set was claimed from a discard (a concealed kong keeps the hand concealed)."""
        return all(m.type is MeldType.ANKAN for m in self.melds)

    # --- complete shapes -------------------------------------------------------

    def shapes(self) -> list[Shape]:
        """Every way the hand is complete (empty when it is not a winning shape)."""
        if self.tile_count != HAND_TILES:
            return []
        counts = list(self.concealed)
        found = [
            Shape(
                pair=d.pair,
                pungs=tuple(k for name, k in d.sets if name == "pung"),
                chows=tuple(k for name, k in d.sets if name == "chow"),
            )
            for d in decompositions(counts)
        ]
        if not self.melds and is_seven_pairs(counts, four_as_two=True):
            found.append(SEVEN_PAIRS)
        return found


def set_kinds(hand: SichuanHand, shape: Shape) -> Iterable[tuple[str, int]]:
    """Every set of a regular shape as (``"pung"``/``"chow"``, kind), the melds included."""
    yield from (("pung", m.kind) for m in hand.melds)
    yield from (("pung", k) for k in shape.pungs)
    yield from (("chow", k) for k in shape.chows)
