"""A winning hand as the fan table sees it: its sets, its pair and how it was won.

One hand can often be read several ways (``111222333m`` is three pungs or
three chows), so :func:`arrangements` lists every reading; the scorer values
each and keeps the best.  When the winning tile came from a discard, the set
it completes counts as claimed (this matters only for four concealed pungs),
so each set it could have completed is a reading of its own::

    >>> from jantaku.engine.melds import parse_hand
    >>> from jantaku.engine.tiles import parse_kinds
    >>> hand = parse_hand("111222333m45699p")
    >>> win = WinFacts(seat=0, round=0, self_drawn=True)
    >>> [a.describe() for a in arrangements(hand, parse_kinds("9p")[0], win)]
    ['pung 1m, pung 2m, pung 3m, chow 4p, pair 9p', 'chow 1m, chow 1m, chow 1m, chow 4p, pair 9p']
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from ...analysis import decompositions, is_thirteen_orphans
from ...melds import HandSpec, Meld, MeldType
from ...tiles import counts34, is_honor, kind_of, kind_str, suit_of


@dataclass(frozen=True)
class Group:
    """One set of the final hand: a chow, pung or kong."""

    kind: int  # the pung's kind, or the chow's lowest kind
    chow: bool = False
    kong: bool = False
    concealed: bool = True  # not claimed; a concealed kong is concealed too

    @property
    def pung(self) -> bool:
        """A pung or a kong (everything the fan table calls a pung)."""
        return not self.chow

    def holds(self, kind: int) -> bool:
        return self.kind <= kind <= self.kind + 2 if self.chow else kind == self.kind

    def __str__(self) -> str:
        shape = "chow" if self.chow else "kong" if self.kong else "pung"
        return f"{shape} {kind_str(self.kind)}"


@dataclass(frozen=True)
class WinFacts:
    """How the hand was won: winds 0-3 (E S W N) and the winning situations."""

    seat: int
    round: int
    self_drawn: bool
    discarder: int | None = None  # the seat whose discard (or robbed kong) won; None if self-drawn
    last_tile: bool = False  # won with the last tile of the wall or its discard
    replacement: bool = False  # won with a kong's replacement tile (always self-drawn)
    robbed_kong: bool = False
    first_turn: bool = False  # East on the deal (heavenly) or another on East's first discard (earthly)
    bonus: frozenset[int] = frozenset()  # kinds of the bonus tiles laid out
    kong_on_kong: bool = False  # a replacement win whose kong was declared on the previous kong's replacement


def meld_group(meld: Meld) -> Group:
    """The set a declared meld is; only a concealed kong stays concealed."""
    if meld.type is MeldType.CHI:
        return Group(meld.kind, chow=True, concealed=False)
    return Group(meld.kind, kong=meld.is_kong, concealed=meld.type is MeldType.ANKAN)


@dataclass(frozen=True)
class Arrangement:
    """One reading of a complete hand: four sets and a pair, or thirteen orphans."""

    groups: tuple[Group, ...]
    pair: int | None  # None only for thirteen orphans
    kinds: frozenset[int]  # every kind in the hand, declared melds included
    concealed_counts: tuple[int, ...]  # the concealed tiles, 34 counts
    claimed: bool  # some meld was made with another player's discard
    win: WinFacts

    @property
    def standard(self) -> bool:
        """Four sets and a pair (not thirteen orphans)."""
        return self.pair is not None

    @cached_property
    def pung_kinds(self) -> tuple[int, ...]:
        return tuple(g.kind for g in self.groups if g.pung)

    @cached_property
    def suits(self) -> frozenset[str]:
        """The numbered suits in the hand (``m p s``)."""
        return frozenset(suit_of(k) for k in self.kinds if not is_honor(k))

    @property
    def has_honors(self) -> bool:
        return any(is_honor(k) for k in self.kinds)

    def describe(self) -> str:
        parts = [str(g) for g in self.groups]
        parts.append("thirteen orphans" if self.pair is None else f"pair {kind_str(self.pair)}")
        return ", ".join(parts)


def arrangements(hand: HandSpec, win_kind: int, win: WinFacts) -> list[Arrangement]:
    """Every reading of ``hand`` as a complete hand (empty if it is not complete).

    Seven pairs is not a winning shape in Hong Kong Old Style; thirteen
    orphans is (with no melds).
    """
    counts = counts34(hand.concealed)
    declared = tuple(meld_group(m) for m in hand.melds)
    kinds = frozenset(kind_of(t) for t in hand.concealed) | frozenset(m.kind for m in hand.melds if not m.is_chow)
    kinds |= frozenset(kind_of(t) for m in hand.melds if m.is_chow for t in m.tiles)
    claimed = any(m.type is not MeldType.ANKAN for m in hand.melds)
    base = Arrangement((), None, kinds, tuple(counts), claimed, win)
    out: list[Arrangement] = []
    if len(hand.concealed) + 3 * len(hand.melds) != 14:
        return out
    if not hand.melds and is_thirteen_orphans(counts):
        out.append(base)
    seen: set[tuple[tuple[Group, ...], int]] = set()
    for decomposition in decompositions(counts):
        concealed = tuple(Group(k, chow=(shape == "chow")) for shape, k in decomposition.sets)
        for sets in _win_placements(concealed, decomposition.pair, win_kind, win.self_drawn):
            groups = declared + sets
            if (groups, decomposition.pair) not in seen:
                seen.add((groups, decomposition.pair))
                out.append(replace(base, groups=groups, pair=decomposition.pair))
    return out


def _win_placements(sets: tuple[Group, ...], pair: int, win_kind: int, self_drawn: bool) -> list[tuple[Group, ...]]:
    """The concealed sets, once for each place a claimed winning tile can go.

    A self-drawn tile keeps every set concealed; a discard completing the pair
    does too; a discard completing a set makes that set a claimed one.
    """
    if self_drawn or pair == win_kind:
        return [sets]
    return [sets[:i] + (replace(g, concealed=False),) + sets[i + 1 :] for i, g in enumerate(sets) if g.holds(win_kind)]
