"""The doubles table: for every player, then for the winner only.

Doubles add up: a pung of East in the East round by East is two doubles
("own wind" and "round wind"), big three dragons is three pungs of dragons
(3) plus its own 2.
"""

from __future__ import annotations

from ...tiles import DRAGONS, FLOWER, SEASON, SUIT_OFFSET, WINDS, is_honor, is_terminal_or_honor, number_of, suit_of
from .elements import Elements
from .hand import ArrangedHand, Group
from .options import ClassicalOptions
from .points import pair_points
from .situation import LAST_TILE, REPLACEMENT, RIICHI, ROBBED_KONG, Situation

DOUBLES = Elements("doubles")

# bonus_doubles option → doubles for a complete set of four flowers (or of seasons)
BOUQUET_DOUBLES = {"classical": 2, "dmjl": 1}
# "three chows in a row": the first numbers of three chows of one suit, shifted by one
# (234-345-456) or following each other (123-456-789); a shift by two (123-345-567) is neither
CHOW_ROWS = tuple((n, n + 1, n + 2) for n in range(1, 6)) + ((1, 4, 7),)


def _count_pungs(hand: ArrangedHand, kinds: tuple[int, ...]) -> int:
    return sum(1 for g in hand.pungs if g.kind in kinds)


def _pair_in(hand: ArrangedHand, kinds: tuple[int, ...]) -> bool:
    return any(pair.kind in kinds for pair in hand.pairs)


# --- every player ----------------------------------------------------------------


@DOUBLES.group("Pung of dragons")
def dragon_pung(group: Group, hand: ArrangedHand, sit: Situation) -> int:
    return int(group.is_pung and group.kind in DRAGONS)


@DOUBLES.group("Pung of own wind")
def own_wind_pung(group: Group, hand: ArrangedHand, sit: Situation) -> int:
    return int(group.is_pung and group.kind == sit.seat_wind_kind)


@DOUBLES.group("Pung of round wind")
def round_wind_pung(group: Group, hand: ArrangedHand, sit: Situation) -> int:
    return int(group.is_pung and group.kind == sit.round_wind_kind)


@DOUBLES.hand("Three concealed pungs")
def three_concealed_pungs(hand: ArrangedHand, sit: Situation) -> int:
    return int(sum(1 for g in hand.pungs if g.counts_concealed) >= 3)


@DOUBLES.hand("Little three dragons")
def little_three_dragons(hand: ArrangedHand, sit: Situation) -> int:
    return int(_count_pungs(hand, DRAGONS) == 2 and _pair_in(hand, DRAGONS))


@DOUBLES.hand("Big three dragons", value=2)
def big_three_dragons(hand: ArrangedHand, sit: Situation) -> int:
    return int(_count_pungs(hand, DRAGONS) == 3)


@DOUBLES.hand("Little four winds")
def little_four_winds(hand: ArrangedHand, sit: Situation) -> int:
    return int(_count_pungs(hand, WINDS) == 3 and _pair_in(hand, WINDS))


@DOUBLES.hand("Big four winds", value=2)
def big_four_winds(hand: ArrangedHand, sit: Situation) -> int:
    return int(_count_pungs(hand, WINDS) == 4)


# Bonus tiles: own flower/season is the one numbered like the seat wind (East 1 … North 4).


def _own_flower(sit: Situation) -> int:
    return SUIT_OFFSET[FLOWER] + sit.seat


def _own_season(sit: Situation) -> int:
    return SUIT_OFFSET[SEASON] + sit.seat


@DOUBLES.hand("Own flower")
def own_flower(hand: ArrangedHand, sit: Situation) -> int:
    return int(sit.options.bonus_doubles == "classical" and _own_flower(sit) in hand.bonus)


@DOUBLES.hand("Own season")
def own_season(hand: ArrangedHand, sit: Situation) -> int:
    return int(sit.options.bonus_doubles == "classical" and _own_season(sit) in hand.bonus)


@DOUBLES.hand("Own flower and own season")
def own_flower_and_season(hand: ArrangedHand, sit: Situation) -> int:
    return int(
        sit.options.bonus_doubles == "dmjl" and _own_flower(sit) in hand.bonus and _own_season(sit) in hand.bonus
    )


def _bouquet(hand: ArrangedHand, sit: Situation, suit: str) -> int:
    first = SUIT_OFFSET[suit]
    return int(all(k in hand.bonus for k in range(first, first + 4)))


def _bouquet_doubles(options: ClassicalOptions) -> int:
    return BOUQUET_DOUBLES[options.bonus_doubles]


@DOUBLES.hand("All four flowers", value=_bouquet_doubles)
def all_flowers(hand: ArrangedHand, sit: Situation) -> int:
    return _bouquet(hand, sit, FLOWER)


@DOUBLES.hand("All four seasons", value=_bouquet_doubles)
def all_seasons(hand: ArrangedHand, sit: Situation) -> int:
    return _bouquet(hand, sit, SEASON)


# --- the winner only ------------------------------------------------------------------


@DOUBLES.hand("Zero-point hand", winner_only=True)
def zero_point_hand(hand: ArrangedHand, sit: Situation) -> int:
    """All chows and a pair worth nothing (bonus tiles do not spoil it)."""
    return int(len(hand.chows) == 4 and pair_points(hand, sit) == 0)


@DOUBLES.hand("No chow", winner_only=True)
def no_chow(hand: ArrangedHand, sit: Situation) -> int:
    return int(not hand.chows)


@DOUBLES.hand("Concealed hand", winner_only=True)
def concealed_hand(hand: ArrangedHand, sit: Situation) -> int:
    """Only concealed sets, the last tile self-drawn too."""
    return int(sit.won.self_drawn and hand.is_concealed)


@DOUBLES.hand("One suit with honours", winner_only=True)
def one_suit_with_honours(hand: ArrangedHand, sit: Situation) -> int:
    return int(len(hand.suits) == 1 and any(is_honor(k) for k in hand.kinds))


@DOUBLES.hand("One suit only", winner_only=True, value=3)
def one_suit_only(hand: ArrangedHand, sit: Situation) -> int:
    return int(len(hand.suits) == 1 and not any(is_honor(k) for k in hand.kinds))


@DOUBLES.hand("Only terminals and honours", winner_only=True)
def terminals_and_honours(hand: ArrangedHand, sit: Situation) -> int:
    return int(all(is_terminal_or_honor(k) for k in hand.kinds))


# --- the winner only: the doubles seed 000's strategy section names (options) ----------------


def _chow_numbers(hand: ArrangedHand) -> dict[str, set[int]]:
    """The first numbers of the hand's chows, by suit."""
    out: dict[str, set[int]] = {}
    for chow in hand.chows:
        out.setdefault(suit_of(chow.kind), set()).add(number_of(chow.kind))
    return out


@DOUBLES.hand("All simples", winner_only=True)
def all_simples(hand: ArrangedHand, sit: Situation) -> int:
    return int(sit.options.double_all_simples and not any(is_terminal_or_honor(k) for k in hand.kinds))


@DOUBLES.hand("Three chows in a row", winner_only=True)
def three_chows_in_a_row(hand: ArrangedHand, sit: Situation) -> int:
    if not sit.options.double_three_chows:
        return 0
    return int(any(set(row) <= numbers for numbers in _chow_numbers(hand).values() for row in CHOW_ROWS))


@DOUBLES.hand("Same chow in three suits", winner_only=True)
def same_chow_in_three_suits(hand: ArrangedHand, sit: Situation) -> int:
    by_suit = _chow_numbers(hand)
    return int(sit.options.double_three_chows and len(by_suit) == 3 and bool(set.intersection(*by_suit.values())))


@DOUBLES.hand("Terminal or honour in every set", winner_only=True)
def terminal_in_every_set(hand: ArrangedHand, sit: Situation) -> int:
    """Every set and the pair hold a terminal or honour; without a chow the hand is
    "only terminals and honours" instead."""
    return int(
        sit.options.double_terminal_in_every_set
        and bool(hand.chows)
        and all(any(is_terminal_or_honor(k) for k in g.kinds) for g in hand.groups)
    )


@DOUBLES.hand("Riichi declaration", winner_only=True)
def riichi_declaration(hand: ArrangedHand, sit: Situation) -> int:
    """The optional variant: the hand was declared ready (and locked) before it won."""
    return int(sit.options.riichi_declaration and sit.flag(RIICHI))


# --- the winner only: the last tile ---------------------------------------------------------


@DOUBLES.hand("Last tile from the dead wall", winner_only=True)
def replacement_tile(hand: ArrangedHand, sit: Situation) -> int:
    return int(sit.flag(REPLACEMENT))


@DOUBLES.hand("Last tile of the wall", winner_only=True)
def last_wall_tile(hand: ArrangedHand, sit: Situation) -> int:
    return int(sit.flag(LAST_TILE) and sit.won.self_drawn)


@DOUBLES.hand("Last discard", winner_only=True)
def last_discard(hand: ArrangedHand, sit: Situation) -> int:
    return int(sit.flag(LAST_TILE) and not sit.won.self_drawn)


@DOUBLES.hand("Robbing a kong", winner_only=True)
def robbing_a_kong(hand: ArrangedHand, sit: Situation) -> int:
    return int(sit.flag(ROBBED_KONG))
