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

from collections.abc import Sequence

from ...melds import Meld, MeldType
from ...tiles import EAST, TERMINALS_AND_HONORS
from .splits import regular_splits

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

    __slots__ = (
        "concealed",
        "counts",
        "mask",
        "win",
        "self_drawn",
        "closed",
        "has_melds",
        "seat_wind_kind",
        "round_wind_kind",
        "meld_runs",
        "meld_triplets",
        "meld_kans",
        "meld_concealed_triplets",
        "melds",
        "tiles",
    )
    concealed: tuple[int, ...]
    counts: list[int]
    tiles: Sequence[int]
    mask: int
    win: int
    self_drawn: bool
    closed: bool
    has_melds: bool
    seat_wind_kind: int  # the winds as tile kinds (EAST + index); ``build`` takes their indexes
    round_wind_kind: int
    meld_runs: tuple[int, ...]
    meld_triplets: tuple[int, ...]
    meld_kans: int
    meld_concealed_triplets: int
    melds: Sequence[Meld]

    @classmethod
    def build(
        cls,
        concealed_tiles: Sequence[int],
        melds: Sequence[Meld],
        win_kind: int,
        self_drawn: bool,
        seat_wind: int,
        round_wind: int,
    ) -> "HandFacts":
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
            all_tiles = list(concealed_tiles)
            for m in melds:
                meld_tiles = m.tiles
                all_tiles.extend(meld_tiles)
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
            tiles: Sequence[int] = all_tiles
        else:
            counts, tiles = concealed, concealed_tiles
        f.counts = counts
        f.tiles = tiles
        f.mask = mask
        f.win = win_kind
        f.self_drawn = self_drawn
        f.closed = closed
        f.has_melds = bool(melds)
        f.seat_wind_kind = EAST + seat_wind
        f.round_wind_kind = EAST + round_wind
        f.meld_runs = tuple(runs)
        f.meld_triplets = tuple(triplets)
        f.meld_kans = kans
        f.meld_concealed_triplets = hidden
        f.melds = melds
        return f

    def is_valued(self, kind: int) -> bool:
        """A dragon, the seat wind or the round wind: its pung is yakuhai, its pair earns fu."""
        return kind >= 31 or kind == self.seat_wind_kind or kind == self.round_wind_kind


class Shape:
    """One reading of a winning hand.

    ``runs`` are start kinds and ``triplets`` pung/kan kinds, both over the
    whole hand (melds included).  ``hidden_pungs`` are the concealed pungs
    from the hand (not kans), ``ron_pung`` the pung a discard completed (it
    counts as open), ``concealed_triplets`` counts concealed pungs and kans.
    """

    __slots__ = ("form", "runs", "triplets", "pair", "wait", "hidden_pungs", "ron_pung", "concealed_triplets", "peikou")

    def __init__(
        self,
        form: str,
        runs: tuple[int, ...],
        triplets: tuple[int, ...],
        pair: int,
        wait: str,
        hidden_pungs: tuple[int, ...],
        ron_pung: int | None,
        concealed_triplets: int,
        peikou: int,
    ) -> None:
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
        return f"Shape({self.form}, runs={self.runs}, triplets={self.triplets}, pair={self.pair}, wait={self.wait})"


# --- reading a hand ----------------------------------------------------------------------


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
                shapes.append(
                    Shape(REGULAR, all_runs, triplets, pair, SHANPON, tuple(rest), win, concealed - 1, peikou)
                )
            else:
                shapes.append(Shape(REGULAR, all_runs, triplets, pair, SHANPON, pungs, None, concealed, peikou))
        for start in (win - 2, win - 1, win):
            if start in runs:
                shapes.append(
                    Shape(REGULAR, all_runs, triplets, pair, run_wait(start, win), pungs, None, concealed, peikou)
                )
    return shapes


def is_seven_pairs(concealed: tuple[int, ...]) -> bool:
    """Seven different pairs among 14 concealed tiles (four of a kind is not two pairs)."""
    return concealed.count(2) == 7 and sum(concealed) == 14


def is_thirteen_orphans(concealed: tuple[int, ...]) -> bool:
    """One of each terminal and honour and a second of one of them, nothing else."""
    return (
        sum(concealed) == 14
        and all(concealed[k] for k in TERMINALS_AND_HONORS)
        and sum(concealed[k] for k in TERMINALS_AND_HONORS) == 14
    )


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
