"""A hand arranged into sets and a pair, the way the classical scorer sees it.

A winner arranges its concealed tiles into four sets and a pair in every way
the tiles allow (:func:`winning_arrangements`) and the scorer keeps the best;
a loser's concealed tiles need not be complete, so they are arranged into
pungs and at most one pair (:func:`losing_arrangements`).

    >>> from jantaku.engine.melds import parse_hand
    >>> from jantaku.engine.tiles import parse_kinds
    >>> hands = winning_arrangements(parse_hand("111222333m789p55z"), parse_kinds("5z")[0],
    ...                              self_drawn=True, claimed_kong_counts_concealed=False)
    >>> sorted(" ".join(map(str, h.sets)) for h in hands)
    ['111m 222m 333m 789p', '123m 123m 123m 789p']
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass, replace

from ...analysis import decompositions
from ...melds import HandSpec, Meld, MeldType
from ...tiles import counts34, is_suited, kind_of, number_of, suit_of


class Shape(enum.Enum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    PAIR = "pair"


_SIZE = {Shape.CHOW: 3, Shape.PUNG: 3, Shape.KONG: 4, Shape.PAIR: 2}


@dataclass(frozen=True)
class Group:
    """One set or the pair.

    ``concealed`` decides its points; ``counts_concealed`` decides whether it
    keeps the hand concealed (the two differ only for a claimed kong under
    the ``claimed_kong_counts_concealed`` option).  ``declared`` marks a meld
    laid out during play, as opposed to tiles still in the hand.
    """

    shape: Shape
    kind: int  # the pung/kong/pair kind, or the lowest tile of a chow
    concealed: bool = True
    counts_concealed: bool = True
    declared: bool = False

    @property
    def kinds(self) -> tuple[int, ...]:
        if self.shape is Shape.CHOW:
            return (self.kind, self.kind + 1, self.kind + 2)
        return (self.kind,) * _SIZE[self.shape]

    @property
    def is_pung(self) -> bool:
        """A pung or a kong (the rules treat both alike unless they say kong)."""
        return self.shape in (Shape.PUNG, Shape.KONG)

    @property
    def is_chow(self) -> bool:
        return self.shape is Shape.CHOW

    @property
    def is_kong(self) -> bool:
        return self.shape is Shape.KONG

    def __str__(self) -> str:
        return "".join(str(number_of(k)) for k in self.kinds) + suit_of(self.kind)


def group_of_meld(meld: Meld, *, claimed_kong_counts_concealed: bool) -> Group:
    """The group a declared meld makes; a concealed kong stays concealed."""
    kind = meld.kind
    if meld.type is MeldType.CHI:
        return Group(Shape.CHOW, kind, concealed=False, counts_concealed=False, declared=True)
    if meld.type is MeldType.PON:
        return Group(Shape.PUNG, kind, concealed=False, counts_concealed=False, declared=True)
    if meld.type is MeldType.ANKAN:
        return Group(Shape.KONG, kind, concealed=True, counts_concealed=True, declared=True)
    claimed_kong = meld.type is MeldType.KAN  # from a concealed pung with a discard
    return Group(
        Shape.KONG,
        kind,
        concealed=False,
        counts_concealed=claimed_kong and claimed_kong_counts_concealed,
        declared=True,
    )


@dataclass(frozen=True)
class ArrangedHand:
    """A hand split into sets and a pair, with its bonus tiles.

    ``held`` is the concealed tiles' 34-count array as held, for the limit
    hands judged by shape rather than by sets (thirteen orphans, nine gates).
    For a winner, ``completed`` is the group the winning tile went into.
    ``extra_pairs`` are a loser's further pairs when it counts every pair
    (option ``loser_pairs``); a winner has exactly one pair.
    """

    sets: tuple[Group, ...]
    pair: Group | None
    bonus: tuple[int, ...] = ()  # bonus tile kinds
    held: tuple[int, ...] = (0,) * 34
    completed: Group | None = None
    extra_pairs: tuple[Group, ...] = ()

    @property
    def pairs(self) -> tuple[Group, ...]:
        """Every pair the hand counts: the pair, then a loser's extra pairs."""
        return ((self.pair,) if self.pair is not None else ()) + self.extra_pairs

    @property
    def groups(self) -> tuple[Group, ...]:
        return self.sets if self.pair is None else self.sets + (self.pair,)

    @property
    def kinds(self) -> list[int]:
        """Every tile kind in the sets and the pair (bonus tiles not included)."""
        return [k for g in self.groups for k in g.kinds]

    @property
    def pungs(self) -> list[Group]:
        """The pungs and kongs."""
        return [g for g in self.sets if g.is_pung]

    @property
    def chows(self) -> list[Group]:
        return [g for g in self.sets if g.is_chow]

    @property
    def declared(self) -> list[Group]:
        return [g for g in self.sets if g.declared]

    @property
    def is_concealed(self) -> bool:
        """No set was exposed (a claimed kong may still count as concealed)."""
        return all(g.counts_concealed for g in self.sets)

    @property
    def suits(self) -> set[str]:
        """The suits (m p s) among the tiles; honours are not a suit here."""
        return {suit_of(k) for k in self.kinds if is_suited(k)}


def _groups_of(decomposition) -> list[Group]:
    return [Group(Shape.CHOW if name == "chow" else Shape.PUNG, kind) for name, kind in decomposition.sets]


def _declared_groups(spec: HandSpec, claimed_kong_counts_concealed: bool) -> tuple[Group, ...]:
    return tuple(group_of_meld(m, claimed_kong_counts_concealed=claimed_kong_counts_concealed) for m in spec.melds)


def _bonus_kinds(spec: HandSpec) -> tuple[int, ...]:
    return tuple(sorted(kind_of(t) for t in spec.bonus))


def winning_arrangements(
    spec: HandSpec, win: int, *, self_drawn: bool, claimed_kong_counts_concealed: bool
) -> list[ArrangedHand]:
    """Every arrangement of a complete hand into four sets and a pair.

    The winning tile (kind ``win``) may have completed any set or the pair
    that holds its kind; each choice is its own arrangement, since a pung
    completed with a discard counts as exposed.  Empty if the hand is not
    four sets and a pair.
    """
    declared = _declared_groups(spec, claimed_kong_counts_concealed)
    counts = counts34(spec.concealed)
    bonus = _bonus_kinds(spec)
    out: list[ArrangedHand] = []
    for decomposition in decompositions(counts):
        concealed_sets = _groups_of(decomposition)
        if len(concealed_sets) + len(declared) != 4:
            continue
        pair = Group(Shape.PAIR, decomposition.pair)
        choices: list[tuple[int | None, Group]] = [(i, g) for i, g in enumerate(concealed_sets) if win in g.kinds]
        if pair.kind == win:
            choices.append((None, pair))
        for index, completed in choices:
            sets = list(concealed_sets)
            if index is not None and completed.is_pung and not self_drawn:
                completed = sets[index] = replace(completed, concealed=False, counts_concealed=False)
            out.append(ArrangedHand(tuple(declared) + tuple(sets), pair, bonus, tuple(counts), completed))
    return list(dict.fromkeys(out))


def losing_arrangements(
    spec: HandSpec, *, claimed_kong_counts_concealed: bool, every_pair: bool = False
) -> Iterator[ArrangedHand]:
    """The ways a loser may count its hand: its melds, every concealed pung and at most one pair
    (with ``every_pair``: all its pairs, one arrangement).

    Leaving a possible pung unformed never scores more (every element rewards
    pungs, none rewards a loser's chow or loose tile), so only the choice of
    the pair varies.
    """
    declared = _declared_groups(spec, claimed_kong_counts_concealed)
    counts = counts34(spec.concealed)
    pungs = tuple(Group(Shape.PUNG, k) for k, c in enumerate(counts) if c >= 3)
    left = [c - 3 if c >= 3 else c for c in counts]
    bonus = _bonus_kinds(spec)
    if every_pair:
        pairs = tuple(Group(Shape.PAIR, kind) for kind, c in enumerate(left) if c >= 2)
        yield ArrangedHand(declared + pungs, pairs[0] if pairs else None, bonus, tuple(counts), extra_pairs=pairs[1:])
        return
    yield ArrangedHand(declared + pungs, None, bonus, tuple(counts))
    for kind, c in enumerate(left):
        if c >= 2:
            yield ArrangedHand(declared + pungs, Group(Shape.PAIR, kind), bonus, tuple(counts))
