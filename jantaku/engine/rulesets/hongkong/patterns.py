"""The conditions of the fan table: one small predicate per scoring element.

Each takes an :class:`~.hand.Arrangement` and says whether the element holds
(they are listed with their fan values in :mod:`.fan_table`).  They know
nothing of fan or points, so the same predicates decide the dangerous-discard
liability (:mod:`.liability`) too.
"""

from __future__ import annotations

from ...tiles import DRAGONS, SUIT_OFFSET, WINDS, is_honor, is_terminal
from .hand import Arrangement

FLOWER_BASE = SUIT_OFFSET["f"]  # the kind of flower 1; flower n belongs to seat n-1
SEASON_BASE = SUIT_OFFSET["y"]


def _count_pungs(a: Arrangement, kinds: tuple[int, ...]) -> int:
    return sum(1 for k in a.pung_kinds if k in kinds)


# --- how the hand was won ---------------------------------------------------------


def self_drawn(a: Arrangement) -> bool:
    return a.win.self_drawn


def concealed_hand(a: Arrangement) -> bool:
    """No meld made with a claimed discard (concealed kongs allowed; the winning discard is fine)."""
    return not a.claimed


def robbing_a_kong(a: Arrangement) -> bool:
    return a.win.robbed_kong


def last_tile(a: Arrangement) -> bool:
    return a.win.last_tile


def kong_replacement(a: Arrangement) -> bool:
    return a.win.replacement


def kong_on_kong(a: Arrangement) -> bool:
    """Won on the replacement of a kong declared with the previous kong's replacement tile."""
    return a.win.kong_on_kong


def heavenly_hand(a: Arrangement) -> bool:
    """East goes out on the dealt tiles."""
    return a.win.first_turn and a.win.seat == 0 and a.win.self_drawn


def earthly_hand(a: Arrangement) -> bool:
    """Another player goes out on East's first discard."""
    return a.win.first_turn and a.win.seat != 0 and a.win.discarder == 0


# --- the shape of the hand ----------------------------------------------------------


def all_chows(a: Arrangement) -> bool:
    return a.standard and all(g.chow for g in a.groups)


def all_pungs(a: Arrangement) -> bool:
    return a.standard and all(g.pung for g in a.groups)


def mixed_one_suit(a: Arrangement) -> bool:
    """One numbered suit and honours."""
    return len(a.suits) == 1 and a.has_honors


def full_flush(a: Arrangement) -> bool:
    """One numbered suit, no honours."""
    return len(a.suits) == 1 and not a.has_honors


def all_honors(a: Arrangement) -> bool:
    return a.standard and all(is_honor(k) for k in a.kinds)


def all_terminals(a: Arrangement) -> bool:
    return a.standard and all(is_terminal(k) for k in a.kinds)


def mixed_terminals_and_honors(a: Arrangement) -> bool:
    """Only terminals and honours, some of each (so every set is a pung; thirteen orphans is a limit)."""
    return (
        a.standard
        and all(is_terminal(k) or is_honor(k) for k in a.kinds)
        and any(is_terminal(k) for k in a.kinds)
        and a.has_honors
    )


def four_concealed_pungs(a: Arrangement) -> bool:
    return a.standard and all(g.pung and g.concealed for g in a.groups)


def four_kongs(a: Arrangement) -> bool:
    return a.standard and all(g.kong for g in a.groups)


def nine_gates(a: Arrangement) -> bool:
    """Concealed 1112345678999 of one suit plus any tile of that suit, nothing declared."""
    if sum(a.concealed_counts) != 14 or len(a.suits) != 1 or a.has_honors:
        return False
    start = SUIT_OFFSET[next(iter(a.suits))]
    suit = a.concealed_counts[start : start + 9]
    return suit[0] >= 3 and suit[8] >= 3 and all(suit[1:8])


def thirteen_orphans(a: Arrangement) -> bool:
    return not a.standard


# --- honour sets --------------------------------------------------------------------


def seat_wind_pung(a: Arrangement) -> bool:
    return WINDS[a.win.seat] in a.pung_kinds


def round_wind_pung(a: Arrangement) -> bool:
    return WINDS[a.win.round] in a.pung_kinds


def dragon_pung(dragon: int):
    """The condition "a pung or kong of this dragon"."""

    def holds(a: Arrangement) -> bool:
        return dragon in a.pung_kinds

    return holds


def small_three_dragons(a: Arrangement) -> bool:
    return _count_pungs(a, DRAGONS) == 2 and a.pair in DRAGONS


def big_three_dragons(a: Arrangement) -> bool:
    return _count_pungs(a, DRAGONS) == 3


def small_four_winds(a: Arrangement) -> bool:
    return _count_pungs(a, WINDS) == 3 and a.pair in WINDS


def big_four_winds(a: Arrangement) -> bool:
    return _count_pungs(a, WINDS) == 4


# --- bonus tiles ----------------------------------------------------------------------


def no_bonus_tiles(a: Arrangement) -> bool:
    return not a.win.bonus


def own_flower(a: Arrangement) -> bool:
    return FLOWER_BASE + a.win.seat in a.win.bonus


def own_season(a: Arrangement) -> bool:
    return SEASON_BASE + a.win.seat in a.win.bonus


def own_flower_outside_a_bouquet(a: Arrangement) -> bool:
    """The own flower, unless all four flowers are out (``bouquet=inclusive`` counts it in the set)."""
    return own_flower(a) and not all_four_flowers(a)


def own_season_outside_a_bouquet(a: Arrangement) -> bool:
    return own_season(a) and not all_four_seasons(a)


def all_four_flowers(a: Arrangement) -> bool:
    return all(FLOWER_BASE + i in a.win.bonus for i in range(4))


def all_four_seasons(a: Arrangement) -> bool:
    return all(SEASON_BASE + i in a.win.bonus for i in range(4))
