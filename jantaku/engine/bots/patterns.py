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
from functools import cache

from ..tiles import DRAGONS, EAST, HONORS, is_honor, kind_of
from .seat import ShownMeld
from ..views import View

SUIT_STARTS = (0, 9, 18)
FLUSH_MIN_SHARE = 0.6  # the suit (with honours) must hold this share of the hand to be a plan


def suit_kinds(start: int) -> frozenset[int]:
    return frozenset(range(start, start + 9))


def flush_plans(counts: list[int], melds: Sequence[ShownMeld], *, honors: bool = True) -> list[tuple[int, bool]]:
    """(suit start, with honours) pairs worth trying: the hand's main suit, mixed and pure."""
    # asked for every candidate discard of every turn: sums by slices, one pass over the melds
    by_suit = [sum(counts[0:9]), sum(counts[9:18]), sum(counts[18:27])]
    honour_tiles = sum(counts[27:34])
    meld_suits: set[int] = set()
    honour_meld = False
    for m in melds:
        first = m.kinds[0]
        if is_honor(first):
            honour_tiles += len(m.kinds)
            honour_meld = True
        else:
            by_suit[first // 9] += len(m.kinds)
        meld_suits.update(k - k % 9 for k in m.kinds if not is_honor(k))
    if len(meld_suits) > 1:
        return []
    total = by_suit[0] + by_suit[1] + by_suit[2] + honour_tiles
    index = max((0, 1, 2), key=lambda i: (by_suit[i], -i))
    suit, held = SUIT_STARTS[index], by_suit[index]
    if meld_suits and suit not in meld_suits:
        return []
    out = []
    if honors and (held + honour_tiles) >= FLUSH_MIN_SHARE * total:
        out.append((suit, True))
    if held >= FLUSH_MIN_SHARE * total and not honour_meld:
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


@cache
def flush_kinds(suit: int, with_honours: bool) -> frozenset[int]:
    """The kinds of a one-suit plan (one set per plan, so a plan's kinds hash once)."""
    return suit_kinds(suit) | (frozenset(HONORS) if with_honours else frozenset())


ALL_KINDS = frozenset(range(34))  # an all-pungs plan's kinds


def pung_shanten(counts: list[int], melds: int) -> int:
    """Shanten toward four pungs (or kongs) and a pair."""
    pairs = counts.count(2)
    pungs = len(counts) - counts.count(0) - counts.count(1) - pairs  # 3 or 4 copies
    return _pung_shanten(4 - melds, pungs, pairs)


def _pung_shanten(need: int, pungs: int, pairs: int) -> int:
    eye = 1 if pairs else 0
    partial = min(max(0, pairs - eye), max(0, need - pungs))
    return 2 * need - 2 * min(pungs, need) - partial - eye


def pung_acceptance(counts: list[int], melds: int, unseen: list[int]) -> tuple[int, int, tuple[int, ...]]:
    """(pung shanten, unseen copies of the kinds that lower it, those kinds).

    The shanten counts only pungs (3+ copies) and pairs, so a drawn tile can change it in two
    ways: a single becomes a pair, or a pair a pung (a fourth copy changes nothing); each is
    worked out once.
    """
    need = 4 - melds
    pairs = counts.count(2)
    pungs = len(counts) - counts.count(0) - counts.count(1) - pairs  # 3 or 4 copies
    base = _pung_shanten(need, pungs, pairs)
    single_gains = _pung_shanten(need, pungs, pairs + 1) < base
    pair_gains = pairs > 0 and _pung_shanten(need, pungs + 1, pairs - 1) < base
    if single_gains and pair_gains:
        useful = [k for k in range(34) if (counts[k] == 1 or counts[k] == 2) and unseen[k]]
    elif single_gains or pair_gains:
        gaining = 1 if single_gains else 2
        useful = [k for k in range(34) if counts[k] == gaining and unseen[k]]
    else:
        return base, 0, ()
    return base, sum(unseen[k] for k in useful), tuple(useful)


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
