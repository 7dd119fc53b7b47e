"""Hand patterns the fan- and double-counting variants reward, as plans and features.

- :func:`flush_plans`: one suit with honours, and one suit alone, for the
  suit the hand (and its melds) favours; :func:`flush_suit`, the suit a seat
  leans to;
- :func:`pung_acceptance`: shanten and acceptance toward all pungs;
- :class:`HonourSets`: the pungs and pairs of honours that score for this seat.

    >>> from jantaku.engine.tiles import parse_kinds, kinds_to_counts
    >>> counts = kinds_to_counts(parse_kinds("111m22p33s44s5566z"))
    >>> pung_acceptance(counts, 0, [4] * 34)[:2]   # one pung, five pairs: two pairs must become pungs
    (2, 20)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..tiles import DRAGONS, EAST, HONORS, is_honor, kind_of
from .seat import ShownMeld
from ..views import View

SUIT_STARTS = (0, 9, 18)
FLUSH_MIN_SHARE = 0.6  # the suit (with honours) must hold this share of the hand to be a plan


def suit_kinds(start: int) -> frozenset[int]:
    return frozenset(range(start, start + 9))


def flush_plans(counts: list[int], melds: Sequence[ShownMeld], *, honors: bool = True) -> list[tuple[int, bool]]:
    """(suit start, with honours) pairs worth trying: the hand's main suit, mixed and pure."""
    meld_suits = {k - k % 9 for m in melds for k in m.kinds if not is_honor(k)}
    if len(meld_suits) > 1:
        return []
    by_suit = {
        s: sum(counts[s : s + 9])
        + sum(len(m.kinds) for m in melds if m.kinds[0] - m.kinds[0] % 9 == s and not is_honor(m.kinds[0]))
        for s in SUIT_STARTS
    }
    honour_tiles = sum(counts[27:34]) + sum(len(m.kinds) for m in melds if is_honor(m.kinds[0]))
    total = sum(by_suit.values()) + honour_tiles
    suit = max(SUIT_STARTS, key=lambda s: (by_suit[s], -s))
    if meld_suits and suit not in meld_suits:
        return []
    out = []
    if honors and (by_suit[suit] + honour_tiles) >= FLUSH_MIN_SHARE * total:
        out.append((suit, True))
    if by_suit[suit] >= FLUSH_MIN_SHARE * total and not any(is_honor(m.kinds[0]) for m in melds):
        out.append((suit, False))
    return out


def flush_suit(view: View, min_tiles: int, extra: int | None = None) -> int | None:
    """The suit (0-2) the seat of ``view`` can play one suit plus honours in, or None.

    Chosen when that suit plus the honours make ``min_tiles`` of its tiles
    (melds included, and ``extra``, a tile about to be called) and every
    exposed meld fits it.
    """
    me = view.me
    meld_kinds = [kind_of(t) for m in me.melds for t in m.tiles if t >= 0]
    if extra is not None:
        meld_kinds.append(kind_of(extra))
    kinds = [kind_of(t) for t in me.concealed_tiles if t < 136] + meld_kinds
    honours = sum(1 for k in kinds if is_honor(k))
    per_suit = [sum(1 for k in kinds if k < 27 and k // 9 == s) for s in range(3)]
    suit = max(range(3), key=lambda s: (per_suit[s], -s))
    if per_suit[suit] + honours < min_tiles or any(k < 27 and k // 9 != suit for k in meld_kinds):
        return None
    return suit


def flush_kinds(suit: int, with_honours: bool) -> frozenset[int]:
    return suit_kinds(suit) | (frozenset(HONORS) if with_honours else frozenset())


def pung_shanten(counts: list[int], melds: int) -> int:
    """Shanten toward four pungs (or kongs) and a pair."""
    need = 4 - melds
    pungs = sum(1 for c in counts if c >= 3)
    pairs = sum(1 for c in counts if c == 2)
    eye = 1 if pairs else 0
    partial = min(max(0, pairs - eye), max(0, need - pungs))
    return 2 * need - 2 * min(pungs, need) - partial - eye


def pung_acceptance(counts: list[int], melds: int, unseen: list[int]) -> tuple[int, int, tuple[int, ...]]:
    """(pung shanten, unseen copies of the kinds that lower it, those kinds)."""
    base = pung_shanten(counts, melds)
    useful, total = [], 0
    for k in range(34):
        if not counts[k] or counts[k] >= 4 or not unseen[k]:
            continue
        counts[k] += 1
        if pung_shanten(counts, melds) < base:
            useful.append(k)
            total += unseen[k]
        counts[k] -= 1
    return base, total, tuple(useful)


@dataclass(frozen=True)
class HonourSets:
    """Honour pungs and pairs that score for this seat: dragons, its wind and the round wind.

    ``weight`` of a kind counts its scoring reasons (own wind = round wind: 2).
    """

    seat_wind: int  # 0-3
    round_wind: int

    def weight(self, kind: int) -> int:
        return (kind in DRAGONS) + (kind == EAST + self.seat_wind) + (kind == EAST + self.round_wind)

    def pungs(self, counts: list[int], melds: Sequence[ShownMeld]) -> int:
        held = sum(self.weight(k) for k in HONORS if counts[k] >= 3)
        return held + sum(self.weight(m.kind) for m in melds if m.is_pung)

    def pairs(self, counts: list[int]) -> int:
        return sum(self.weight(k) for k in HONORS if counts[k] == 2)
