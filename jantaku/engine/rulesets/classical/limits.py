"""The limit hands: winning hands that score the limit whatever their points.

They are tried in order and the first that applies names the hand, so the
rarer of two overlapping hands comes first (every nine gates hand is also a
concealed one-suit hand, some are squirming snakes too).

Thirteen orphans and nine gates, the two the seed text singles out as the
hardest, are marked ``double``: twice the limit under ``double_limit_hands``
(the ``classical`` preset).
"""

from __future__ import annotations

from ...analysis import is_thirteen_orphans
from ...tiles import DRAGONS, SUIT_OFFSET, WINDS, is_honor, is_terminal, make_kind, number_of
from .elements import LimitHands
from .hand import ArrangedHand
from .situation import FIRST_TURN, LAST_TILE, REPLACEMENT, ROBBED_KONG, TWOFOLD_FORTUNE, Situation

LIMIT_HANDS = LimitHands()

NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)  # 1112345678999 of one suit, plus any tile of it
SNAKE_PAIRS = (2, 5, 8)
IMPERIAL_JADE = frozenset({make_kind(n, "s") for n in (2, 3, 4, 6, 8)} | {make_kind(6, "z")})
PLUM_BLOSSOM = make_kind(5, "p")
MOON = make_kind(1, "p")
CARRYING_POLE = make_kind(2, "s")
EAST_WINS_FOR_LIMIT = 9


def _one_suit_no_honours(hand: ArrangedHand) -> bool:
    return len(hand.suits) == 1 and not any(is_honor(k) for k in hand.kinds)


def _no_exposed_meld(hand: ArrangedHand) -> bool:
    """Nothing was exposed before the win (the winning discard itself may complete a set)."""
    return all(g.counts_concealed for g in hand.declared)


# --- by shape ----------------------------------------------------------------------


@LIMIT_HANDS.add("Thirteen Orphans", needs_sets=False, double=True)
def thirteen_orphans(hand: ArrangedHand, sit: Situation) -> bool:
    return not hand.declared and is_thirteen_orphans(list(hand.held))


@LIMIT_HANDS.add("Nine Gates", double=True)
def nine_gates(hand: ArrangedHand, sit: Situation) -> bool:
    if hand.declared or not _one_suit_no_honours(hand):
        return False
    first = SUIT_OFFSET[next(iter(hand.suits))]
    held = hand.held[first : first + 9]
    return sum(held) == 14 and all(have >= need for have, need in zip(held, NINE_GATES))


@LIMIT_HANDS.add("Four Kongs")
def four_kongs(hand: ArrangedHand, sit: Situation) -> bool:
    return sum(1 for g in hand.sets if g.is_kong) == 4


@LIMIT_HANDS.add("Squirming Snake")
def squirming_snake(hand: ArrangedHand, sit: Situation) -> bool:
    """One suit: pungs of 1 and 9, a pair of 2, 5 or 8, and chows making up 1 to 9."""
    if not _one_suit_no_honours(hand) or len(hand.chows) != 2:
        return False
    pung_numbers = sorted(number_of(g.kind) for g in hand.pungs)
    assert hand.pair is not None  # limit hands are the winner's, whose arrangement has its pair
    return (
        pung_numbers == [1, 9]
        and number_of(hand.pair.kind) in SNAKE_PAIRS
        and {number_of(k) for k in hand.kinds} == set(range(1, 10))
    )


@LIMIT_HANDS.add("Imperial Jade")
def imperial_jade(hand: ArrangedHand, sit: Situation) -> bool:
    """Only green tiles: 2, 3, 4, 6, 8 bamboo and the green dragon (allowed, not required)."""
    return all(k in IMPERIAL_JADE for k in hand.kinds)


@LIMIT_HANDS.add("Heads and Tails")
def heads_and_tails(hand: ArrangedHand, sit: Situation) -> bool:
    return all(is_terminal(k) for k in hand.kinds)


@LIMIT_HANDS.add("All Honours")
def all_honours(hand: ArrangedHand, sit: Situation) -> bool:
    return all(is_honor(k) for k in hand.kinds)


@LIMIT_HANDS.add("Four Blessings")
def four_blessings(hand: ArrangedHand, sit: Situation) -> bool:
    return sum(1 for g in hand.pungs if g.kind in WINDS) == 4


@LIMIT_HANDS.add("Three Great Scholars")
def three_great_scholars(hand: ArrangedHand, sit: Situation) -> bool:
    return sum(1 for g in hand.pungs if g.kind in DRAGONS) == 3


@LIMIT_HANDS.add("Hidden Treasure")
def hidden_treasure(hand: ArrangedHand, sit: Situation) -> bool:
    """Four concealed pungs or kongs, self-drawn."""
    return sit.won.self_drawn and len(hand.pungs) == 4 and all(g.counts_concealed for g in hand.pungs)


@LIMIT_HANDS.add("Concealed One-Suit Hand")
def concealed_one_suit(hand: ArrangedHand, sit: Situation) -> bool:
    """One suit, no honours, nothing exposed; unlike hidden treasure it may win on a discard."""
    return _one_suit_no_honours(hand) and _no_exposed_meld(hand)


# --- by circumstance ------------------------------------------------------------------


@LIMIT_HANDS.add("Blessing of Heaven")
def blessing_of_heaven(hand: ArrangedHand, sit: Situation) -> bool:
    """East wins with the tiles dealt."""
    return sit.is_east and sit.flag(FIRST_TURN) and sit.won.self_drawn


@LIMIT_HANDS.add("Blessing of Earth")
def blessing_of_earth(hand: ArrangedHand, sit: Situation) -> bool:
    """Another player wins on East's first discard."""
    return not sit.is_east and sit.flag(FIRST_TURN) and not sit.won.self_drawn


@LIMIT_HANDS.add("Twofold Fortune")
def twofold_fortune(hand: ArrangedHand, sit: Situation) -> bool:
    return sit.flag(TWOFOLD_FORTUNE)


@LIMIT_HANDS.add("Plum Blossom from the Roof")
def plum_blossom(hand: ArrangedHand, sit: Situation) -> bool:
    return sit.flag(REPLACEMENT) and sit.won.tile == PLUM_BLOSSOM


@LIMIT_HANDS.add("Moon from the Bottom of the Sea")
def moon_from_the_sea(hand: ArrangedHand, sit: Situation) -> bool:
    return sit.flag(LAST_TILE) and sit.won.self_drawn and sit.won.tile == MOON


@LIMIT_HANDS.add("Scratching a Carrying Pole")
def scratching_a_carrying_pole(hand: ArrangedHand, sit: Situation) -> bool:
    return sit.flag(ROBBED_KONG) and sit.won.tile == CARRYING_POLE


@LIMIT_HANDS.add("East's Nine Wins")
def east_nine_wins(hand: ArrangedHand, sit: Situation) -> bool:
    return sit.options.nine_east_wins and sit.is_east and sit.won.east_streak + 1 >= EAST_WINS_FOR_LIMIT
