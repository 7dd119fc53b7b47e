"""A winning hand read as sets, a pair and a wait: the input of every yaku and fu rule.

One hand can be read several ways: different splits into sets (``111222333m``
as three pungs or three runs) and, for each split, different sets the winning
tile may have completed.  :func:`interpretations` lists them all; the scorer
keeps the one that scores best.

:class:`HandFacts` holds what does not depend on the reading (the tiles, the
melds, how it was won); :class:`Shape` is one reading.  Both use kind
bitmasks (bit ``k`` set = kind ``k`` occurs) so that "all simples" and its
friends are one ``&``.

    >>> from jantaku.engine.tiles import parse_tiles
    >>> facts = HandFacts.build(parse_tiles("123m456p789s11222z"), (), 28, True, 0, 0)
    >>> [(s.pair, s.wait) for s in interpretations(facts)]
    [(27, 'shanpon')]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from ...melds import Meld, MeldType
from ...tiles import EAST, TERMINALS_AND_HONORS

# --- kind bitmasks ---------------------------------------------------------------------

MAN_MASK = 0x1FF
PIN_MASK = MAN_MASK << 9
SOU_MASK = MAN_MASK << 18
SUIT_MASKS = (MAN_MASK, PIN_MASK, SOU_MASK)
WIND_MASK = 0xF << 27
DRAGON_MASK = 0x7 << 31
HONOR_MASK = WIND_MASK | DRAGON_MASK
TERMINAL_MASK = sum(1 << k for k in (0, 8, 9, 17, 18, 26))
TERMINAL_OR_HONOR_MASK = TERMINAL_MASK | HONOR_MASK
SIMPLE_MASK = (MAN_MASK | PIN_MASK | SOU_MASK) & ~TERMINAL_MASK
GREEN_MASK = sum(1 << k for k in (19, 20, 21, 23, 25, 32))  # 2 3 4 6 8 bamboo and green dragon


def kinds_mask(kinds: Iterable[int]) -> int:
    mask = 0
    for k in kinds:
        mask |= 1 << k
    return mask


# --- forms and waits -------------------------------------------------------------------

REGULAR, SEVEN_PAIRS, THIRTEEN_ORPHANS = "regular", "seven pairs", "thirteen orphans"

RYANMEN = "ryanmen"  # two-sided run wait
KANCHAN = "kanchan"  # the middle of a run
PENCHAN = "penchan"  # 3 of 1-2-3 or 7 of 7-8-9
SHANPON = "shanpon"  # one of two pairs becomes a pung
TANKI = "tanki"  # the pair
THIRTEEN_SIDED = "thirteen-sided"  # kokushi waiting on all thirteen


def run_wait(start: int, win: int) -> str:
    """The wait a run had when ``win`` completed it.

    >>> run_wait(0, 2), run_wait(3, 4), run_wait(3, 6), run_wait(6, 6)
    ('penchan', 'kanchan', 'ryanmen', 'penchan')
    """
    offset = win - start
    if offset == 1:
        return KANCHAN
    if (offset == 2 and start % 9 == 0) or (offset == 0 and start % 9 == 6):
        return PENCHAN
    return RYANMEN


# --- the hand ----------------------------------------------------------------------------


class HandFacts:
    """What a winning hand is, independent of how it is read.

    ``concealed`` is the concealed kinds' count tuple (the winning tile
    included); ``counts``/``mask`` cover every tile incl. melds (a kan counts
    four).  The meld lists are what the melds add to any reading.
    """

    __slots__ = ("concealed", "counts", "mask", "win", "self_drawn", "closed", "has_melds",
                 "seat_wind", "round_wind", "meld_runs", "meld_triplets", "meld_kans",
                 "meld_concealed_triplets", "melds", "tiles")

    @classmethod
    def build(cls, concealed_tiles: Sequence[int], melds: Sequence[Meld], win_kind: int,
              self_drawn: bool, seat_wind: int, round_wind: int) -> "HandFacts":
        f = cls()
        concealed = [0] * 34
        mask = 0
        for t in concealed_tiles:
            k = t >> 2
            concealed[k] += 1
            mask |= 1 << k
        f.concealed = tuple(concealed)
        runs: list[int] = []
        triplets: list[int] = []
        kans = hidden = 0
        closed = True
        if melds:
            counts = concealed
            tiles = list(concealed_tiles)
            for m in melds:
                meld_tiles = m.tiles
                tiles.extend(meld_tiles)
                for t in meld_tiles:
                    k = t >> 2
                    counts[k] += 1
                    mask |= 1 << k
                if m.type is MeldType.CHI:
                    runs.append(min(meld_tiles) >> 2)
                else:
                    triplets.append(meld_tiles[0] >> 2)
                    if len(meld_tiles) == 4:
                        kans += 1
                if m.type is MeldType.ANKAN:
                    hidden += 1
                else:
                    closed = False
        else:
            counts, tiles = concealed, concealed_tiles
        f.counts = counts
        f.tiles = tiles
        f.mask = mask
        f.win = win_kind
        f.self_drawn = self_drawn
        f.closed = closed
        f.has_melds = bool(melds)
        f.seat_wind = EAST + seat_wind
        f.round_wind = EAST + round_wind
        f.meld_runs = tuple(runs)
        f.meld_triplets = tuple(triplets)
        f.meld_kans = kans
        f.meld_concealed_triplets = hidden
        f.melds = melds
        return f

    def is_valued(self, kind: int) -> bool:
        """A dragon, the seat wind or the round wind: its pung is yakuhai, its pair earns fu."""
        return kind >= 31 or kind == self.seat_wind or kind == self.round_wind


class Shape:
    """One reading of a winning hand.

    ``runs`` are start kinds and ``triplets`` pung/kan kinds, both over the
    whole hand (melds included).  ``hidden_pungs`` are the concealed pungs
    from the hand (not kans), ``ron_pung`` the pung a discard completed (it
    counts as open), ``concealed_triplets`` counts concealed pungs and kans.
    """

    __slots__ = ("form", "runs", "triplets", "pair", "wait", "hidden_pungs", "ron_pung",
                 "concealed_triplets", "peikou")

    def __init__(self, form: str, runs: tuple[int, ...], triplets: tuple[int, ...], pair: int,
                 wait: str, hidden_pungs: tuple[int, ...], ron_pung: int | None,
                 concealed_triplets: int, peikou: int) -> None:
        self.form = form
        self.runs = runs
        self.triplets = triplets
        self.pair = pair
        self.wait = wait
        self.hidden_pungs = hidden_pungs
        self.ron_pung = ron_pung
        self.concealed_triplets = concealed_triplets
        self.peikou = peikou

    def __repr__(self) -> str:
        return (f"Shape({self.form}, runs={self.runs}, triplets={self.triplets}, pair={self.pair}, "
                f"wait={self.wait})")


# --- reading a hand ----------------------------------------------------------------------


Split = tuple[int, tuple[int, ...], tuple[int, ...]]  # (pair kind or -1, run starts, pung kinds)

# A suit's nine counts as a base-5 number, position 0 the least significant digit.
_POW5 = tuple(5 ** i for i in range(11))

# the splits of every suit pattern seen, relative to the suit (positions 0-8); they are
# built from the splits of what is left after the lowest tile, so patterns share the work
_relative_cache: dict[int, tuple[Split, ...]] = {0: ((-1, (), ()),)}


def _relative_splits(key: int) -> tuple[Split, ...]:
    """Every split of a suit pattern (base-5 ``key``) into runs, pungs and at most one pair.

    The lowest tile present, at position ``i`` with ``c`` copies, is used up at once:
    by 0 or 1 pung, 0 or 1 pair and the runs starting there make up the rest, so each
    split is found exactly once.
    """
    found = _relative_cache.get(key)
    if found is not None:
        return found
    i = 0
    while key // _POW5[i] % 5 == 0:
        i += 1
    c = key // _POW5[i] % 5
    here = key - c * _POW5[i]
    out: list[Split] = []
    for pair in (0, 1):
        for pung in (0, 1):
            runs = c - 2 * pair - 3 * pung
            if runs < 0:
                continue
            if runs and (i > 6 or here // _POW5[i + 1] % 5 < runs or here // _POW5[i + 2] % 5 < runs):
                continue
            rest = here - runs * (_POW5[i + 1] + _POW5[i + 2])
            for p, r, u in _relative_splits(rest):
                if pair and p >= 0:
                    continue
                out.append((i if pair else p, (i,) * runs + r, (i,) + u if pung else u))
    found = _relative_cache[key] = tuple(out)
    return found


# one memo per suit: pattern of nine counts → its splits in kinds
_suit_split_cache: dict[int, dict[tuple[int, ...], tuple[Split, ...]]] = {0: {}, 9: {}, 18: {}}


def _suit_splits(offset: int, pattern: tuple[int, ...]) -> tuple[Split, ...]:
    """Every split of one numbered suit's counts into runs, pungs and at most one pair; memoised."""
    found = _suit_split_cache[offset].get(pattern)
    if found is not None:
        return found
    out: tuple[Split, ...] = ()
    if sum(pattern) % 3 != 1:
        key = 0
        for i, c in enumerate(pattern):
            key += c * _POW5[i]
        out = tuple((p + offset if p >= 0 else -1, tuple(r + offset for r in runs),
                     tuple(u + offset for u in pungs))
                    for p, runs, pungs in _relative_splits(key))
    _suit_split_cache[offset][pattern] = out
    return out


_honor_split_cache: dict[tuple[int, ...], Split | None] = {}


def _honor_split(honors: tuple[int, ...]) -> Split | None:
    """Honours only make pungs and the pair: one split or none; memoised."""
    if honors in _honor_split_cache:
        return _honor_split_cache[honors]
    split = _honor_split_cache[honors] = _split_honors(honors)
    return split


def _split_honors(honors: tuple[int, ...]) -> Split | None:
    pair = -1
    pungs = []
    for i, c in enumerate(honors):
        if c == 3:
            pungs.append(27 + i)
        elif c == 2 and pair < 0:
            pair = 27 + i
        elif c:
            return None
    return (pair, (), tuple(pungs))


@lru_cache(maxsize=1 << 16)
def regular_splits(concealed: tuple[int, ...]) -> tuple[Split, ...]:
    """Every split of the concealed tiles into exactly one pair, runs and pungs; memoised per shape.

    Runs and pungs come in ascending order.

    >>> regular_splits(tuple([3, 3, 3] + [0] * 6 + [2] + [0] * 24))  # 111222333m11p
    ((9, (0, 0, 0), ()), (9, (), (0, 1, 2)))
    """
    combined: list[Split] = [(-1, (), ())]
    for offset, cache in _suit_split_cache.items():
        pattern = concealed[offset:offset + 9]
        if not any(pattern):
            continue
        options = cache.get(pattern) or _suit_splits(offset, pattern)
        if not options:
            return ()
        if len(options) == 1 and len(combined) == 1:  # the usual case: one way each
            p, runs, pungs = combined[0]
            q, r, u = options[0]
            if p >= 0 and q >= 0:
                return ()
            combined = [(p if p >= 0 else q, runs + r, pungs + u)]
        else:
            combined = [(p if p >= 0 else q, runs + r, pungs + u)
                        for p, runs, pungs in combined for q, r, u in options if p < 0 or q < 0]
    honors = concealed[27:34]
    if any(honors):
        split = _honor_split(honors)
        if split is None:
            return ()
        q, _, u = split
        combined = [(p if p >= 0 else q, runs, pungs + u) for p, runs, pungs in combined if p < 0 or q < 0]
    return tuple(split for split in combined if split[0] >= 0)


def _identical_run_pairs(runs: tuple[int, ...]) -> int:
    """How many pairs of identical runs (iipeikou 1, ryanpeikou 2) among ascending ``runs``."""
    pairs = i = 0
    while i < len(runs) - 1:
        if runs[i] == runs[i + 1]:
            pairs += 1
            i += 2
        else:
            i += 1
    return pairs


def _regular(facts: HandFacts) -> list[Shape]:
    win = facts.win
    ron = not facts.self_drawn
    meld_runs = facts.meld_runs
    meld_triplets = facts.meld_triplets
    hidden_kans = facts.meld_concealed_triplets
    closed = facts.closed
    shapes = []
    for pair, runs, pungs in regular_splits(facts.concealed):
        all_runs = runs + meld_runs if meld_runs else runs
        triplets = pungs + meld_triplets if meld_triplets else pungs
        peikou = _identical_run_pairs(runs) if closed and len(runs) >= 2 else 0
        concealed = len(pungs) + hidden_kans
        if pair == win:
            shapes.append(Shape(REGULAR, all_runs, triplets, pair, TANKI, pungs, None, concealed, peikou))
        if win in pungs:
            if ron:
                rest = list(pungs)
                rest.remove(win)
                shapes.append(Shape(REGULAR, all_runs, triplets, pair, SHANPON, tuple(rest), win,
                                    concealed - 1, peikou))
            else:
                shapes.append(Shape(REGULAR, all_runs, triplets, pair, SHANPON, pungs, None, concealed,
                                    peikou))
        for start in (win - 2, win - 1, win):
            if start in runs:
                shapes.append(Shape(REGULAR, all_runs, triplets, pair, run_wait(start, win), pungs, None,
                                    concealed, peikou))
    return shapes


def is_seven_pairs(concealed: tuple[int, ...]) -> bool:
    """Seven different pairs among 14 concealed tiles (four of a kind is not two pairs)."""
    return concealed.count(2) == 7 and sum(concealed) == 14


def is_thirteen_orphans(concealed: tuple[int, ...]) -> bool:
    """One of each terminal and honour and a second of one of them, nothing else."""
    return sum(concealed) == 14 and all(concealed[k] for k in TERMINALS_AND_HONORS) and \
        sum(concealed[k] for k in TERMINALS_AND_HONORS) == 14


def interpretations(facts: HandFacts) -> list[Shape]:
    """Every reading of a hand with the winning tile placed (empty: not a complete hand)."""
    shapes = _regular(facts)
    if facts.has_melds:
        return shapes
    concealed = facts.concealed
    if concealed.count(2) == 7:  # 14 tiles: seven pairs and nothing else
        shapes.append(Shape(SEVEN_PAIRS, (), (), concealed.index(2), TANKI, (), None, 0, 0))
    elif facts.mask == TERMINAL_OR_HONOR_MASK and is_thirteen_orphans(concealed):
        pair = next(k for k in TERMINALS_AND_HONORS if concealed[k] == 2)
        wait = THIRTEEN_SIDED if pair == facts.win else TANKI
        shapes.append(Shape(THIRTEEN_ORPHANS, (), (), pair, wait, (), None, 0, 0))
    return shapes


def is_complete_shape(concealed: tuple[int, ...], has_melds: bool) -> bool:
    """Whether the concealed tiles (win included) plus the melds form any winning shape."""
    if regular_splits(concealed):
        return True
    return not has_melds and (is_seven_pairs(concealed) or is_thirteen_orphans(concealed))
