"""All the yaku, indexed by what a hand needs for them.

A hand's need bits (:func:`~.yaku.hand_needs`: closed, honours, one suit,
...) pick the yaku worth testing; the pick is made once per combination of
bits and kept.

    >>> from .yaku import CLOSED, SELF_DRAWN, NO_MELDS, NO_CHI
    >>> "Menzen tsumo" in [y.name for y in candidate_yaku(CLOSED | SELF_DRAWN | NO_MELDS | NO_CHI).hand]
    True
    >>> "Menzen tsumo" in [y.name for y in candidate_yaku(SELF_DRAWN).hand]  # an open hand
    False
"""

from __future__ import annotations

from .yaku import SHAPE, YAKU, Yaku
from .yakuman import YAKUMAN

ALL_YAKU: tuple[Yaku, ...] = YAKU + YAKUMAN

# need bits → the yaku whose needs are met, split by when they are tested and by kind
_candidates: dict[int, "Candidates"] = {}


class Candidates:
    """The yaku a hand with some need bits may have: tested once per hand, or per reading."""

    __slots__ = ("hand", "shape_yakuman", "shape_ordinary")

    def __init__(self, needs: int) -> None:
        possible = [y for y in ALL_YAKU if y.all_needs & needs == y.all_needs]
        self.hand = tuple(y for y in possible if y.scope != SHAPE)
        self.shape_yakuman = tuple(y for y in possible if y.scope == SHAPE and y.yakuman)
        self.shape_ordinary = tuple(y for y in possible if y.scope == SHAPE and not y.yakuman)


def candidate_yaku(needs: int) -> Candidates:
    found = _candidates.get(needs)
    if found is None:
        found = _candidates[needs] = Candidates(needs)
    return found
