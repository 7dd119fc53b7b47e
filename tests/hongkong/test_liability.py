"""Dangerous-discard liability: the five situations, feeding, a third winner, no choice."""

from dataclasses import replace

import pytest

from jantaku.engine.melds import parse_hand
from jantaku.engine.rulesets.hongkong.fan_table import FAN_TABLE, LIMIT_HANDS
from jantaku.engine.rulesets.hongkong.hand import WinFacts
from jantaku.engine.rulesets.hongkong.liability import (
    DANGERS,
    ShownSet,
    dangerous_kinds,
    find_liability,
    had_no_choice,
    shown_sets,
)
from jantaku.engine.rulesets.hongkong.options import resolve
from jantaku.engine.rulesets.hongkong.scoring import LiabilityContext, score_hand
from jantaku.engine.tiles import parse_kinds

EAST = 0  # the winner in these tests


def win(
    hand_text,
    tile,
    *,
    fed_by,
    by="discard",
    discarder=None,
    without_choice=(),
    discard_without_choice=False,
    liability=True,
    robbed=False,
    seat=EAST,
    **overrides,
):
    """Settle ``hand_text`` won with ``tile``; ``fed_by`` is the feeder of each meld (None: concealed kong)."""
    hand = parse_hand(hand_text)
    hand.melds = [replace(m, from_seat=f) for m, f in zip(hand.melds, fed_by, strict=True)]
    context = LiabilityContext(shown_sets(hand.melds, without_choice), discard_without_choice)
    facts = WinFacts(seat, 0, self_drawn=(by == "self"), discarder=discarder, robbed_kong=robbed)
    options = resolve(overrides={"liability": liability, **overrides})
    scored = score_hand(hand, parse_kinds(tile)[0], facts, options, context)
    assert scored.result.is_win, scored.result
    return scored


def paid(scored):
    """Shares each seat paid (payments divided by the score)."""
    return {s: -v // scored.result.score for s, v in scored.result.payments.items() if s != EAST}


NORMAL = {1: 1, 2: 1, 3: 2}  # a win on seat 3's discard


# --- dangerous discards: the five situations ------------------------------------------------

DANGEROUS = [
    # situation, hand (incl. the winning tile), melds' feeders, winning tile, the hand it makes
    ("two dragon pungs", "123m77z pon:555z pon:666z chi:456p", (1, 2, 1), "7z", "Small Three Dragons"),
    ("two dragon pungs", "123m11p777z pon:555z pon:666z", (1, 2), "7z", "Big Three Dragons"),
    ("three wind pungs", "123m44z pon:111z pon:222z pon:333z", (1, 2, 1), "4z", "Small Four Winds"),
    ("three wind pungs", "55m444z pon:111z pon:222z pon:333z", (1, 2, 1), "4z", "Big Four Winds"),
    ("three characters pungs", "789m55m pon:111m pon:222m pon:333m", (1, 2, 1), "5m", "Full Flush"),
    ("three honour pungs", "33z666z pon:111z pon:222z pon:555z", (1, 2, 1), "6z", "All Honours"),
    ("three terminal pungs", "999p11s pon:111m pon:999m pon:111p", (1, 2, 1), "9p", "All Terminals"),
]


@pytest.mark.parametrize("situation, hand, fed_by, tile, made", DANGEROUS, ids=[d[4] for d in DANGEROUS])
def test_a_dangerous_discard_pays_four_times_alone(situation, hand, fed_by, tile, made):
    scored = win(hand, tile, fed_by=fed_by, discarder=3)
    assert scored.liability is not None and scored.liability.seat == 3 and not scored.liability.fed
    assert scored.liability.hand == made
    assert paid(scored) == {1: 0, 2: 0, 3: 4}


@pytest.mark.parametrize("situation, hand, fed_by, tile, made", DANGEROUS, ids=[d[4] for d in DANGEROUS])
def test_without_the_option_everyone_pays_normally(situation, hand, fed_by, tile, made):
    scored = win(hand, tile, fed_by=fed_by, discarder=3, liability=False)
    assert scored.liability is None and paid(scored) == NORMAL


@pytest.mark.parametrize("situation, hand, fed_by, tile, made", DANGEROUS, ids=[d[4] for d in DANGEROUS])
def test_a_discarder_with_no_choice_is_not_liable(situation, hand, fed_by, tile, made):
    scored = win(hand, tile, fed_by=fed_by, discarder=3, discard_without_choice=True)
    assert scored.liability is None and paid(scored) == NORMAL


NOT_THAT_HAND = [
    # the tile is dangerous, but the win is not the hand the situation threatens
    ("three characters pungs", "789m55z pon:111m pon:222m pon:333m", "9m"),  # mixed one suit
    ("three honour pungs", "234m66z pon:111z pon:222z pon:555z", "6z"),  # mixed one suit
    ("three terminal pungs", "789p11s pon:111m pon:999m pon:111p", "9p"),  # a chow
    ("three wind pungs", "44z555p pon:111z pon:222z pon:333z", "5p"),  # 5p is no wind: not dangerous
    ("two dragon pungs", "123m77z pon:555z pon:666z chi:456p", "3m"),  # 3m is no dragon: not dangerous
]


@pytest.mark.parametrize("situation, hand, tile", NOT_THAT_HAND, ids=[n[0] + " " + n[2] for n in NOT_THAT_HAND])
def test_normal_payment_unless_the_win_is_that_hand_on_that_tile(situation, hand, tile):
    scored = win(hand, tile, fed_by=(1, 2, 1), discarder=3)
    assert scored.liability is None and paid(scored) == NORMAL


def test_a_third_player_winning_on_the_dangerous_tile_pays_normally():
    # West (2) shows two dragon pungs; South (1) throws the red dragon; North (3) wins on it
    west = shown_sets(replace(m, from_seat=s) for m, s in zip(parse_hand("1m pon:555z pon:666z").melds, (0, 1)))
    red = parse_kinds("7z")[0]
    assert red in dangerous_kinds(west)
    scored = win("123m456p789s77z pon:222m", "7z", fed_by=(0,), discarder=1, seat=3)
    assert scored.liability is None
    assert {s: -v // 2 for s, v in scored.result.payments.items() if s != 3} == {0: 1, 1: 2, 2: 1}


def test_a_robbed_kong_is_no_dangerous_discard():
    scored = win("123m77z pon:555z pon:666z chi:456p", "7z", fed_by=(1, 2, 1), discarder=3, robbed=True)
    assert scored.liability is None


# --- feeding the third dragon pung / the fourth pung ------------------------------------------

THREE_DRAGONS = "123m11p pon:555z pon:666z pon:777z"  # the red dragon pung fed by North (3)


def test_feeder_pays_six_times_on_a_self_draw():
    scored = win(THREE_DRAGONS, "1p", fed_by=(1, 2, 3), by="self")
    assert scored.liability.seat == 3 and scored.liability.fed
    assert scored.liability.hand == "Big Three Dragons"
    assert paid(scored) == {1: 0, 2: 0, 3: 6}


def test_feeder_pays_four_times_on_own_discard():
    scored = win(THREE_DRAGONS, "1p", fed_by=(1, 2, 3), discarder=3)
    assert paid(scored) == {1: 0, 2: 0, 3: 4}


def test_feeder_takes_the_uninvolved_players_share_on_another_discard():
    scored = win(THREE_DRAGONS, "1p", fed_by=(1, 2, 3), discarder=1)
    assert scored.liability.seat == 3
    assert paid(scored) == {1: 2, 2: 0, 3: 2}


def test_feeding_an_earlier_dragon_pung_is_not_liable():
    scored = win(THREE_DRAGONS, "1p", fed_by=(1, 2, 1), by="self")
    assert scored.liability.seat == 1  # the third one's feeder, not seat 2
    assert paid(scored) == {1: 6, 2: 0, 3: 0}


def test_a_concealed_third_dragon_kong_has_no_feeder():
    scored = win("123m11p pon:555z pon:666z ankan:7777z", "1p", fed_by=(1, 2, None), by="self")
    assert scored.liability is None and paid(scored) == {1: 2, 2: 2, 3: 2}


def test_a_feeder_with_no_choice_is_not_liable():
    scored = win(THREE_DRAGONS, "1p", fed_by=(1, 2, 3), by="self", without_choice=(2,))
    assert scored.liability is None and paid(scored) == {1: 2, 2: 2, 3: 2}


FOURTH_PUNG = [
    ("55m pon:111z pon:222z pon:333z pon:444z", "5m", "Big Four Winds"),
    ("55m pon:111m pon:222m pon:333m pon:777m", "5m", "Full Flush"),
    ("66z pon:111z pon:222z pon:555z pon:777z", "6z", "All Honours"),
    ("11s pon:111m pon:999m pon:111p pon:999p", "1s", "All Terminals"),
]


@pytest.mark.parametrize("hand, tile, made", FOURTH_PUNG, ids=[f[2] for f in FOURTH_PUNG])
def test_feeding_the_fourth_pung(hand, tile, made):
    self_drawn = win(hand, tile, fed_by=(1, 3, 1, 2), by="self")
    assert self_drawn.liability.seat == 2 and self_drawn.liability.hand == made
    assert paid(self_drawn) == {1: 0, 2: 6, 3: 0}
    assert paid(win(hand, tile, fed_by=(1, 3, 1, 2), discarder=2)) == {1: 0, 2: 4, 3: 0}
    # on North's discard (dangerous as well): North and the feeder pay two shares each
    assert paid(win(hand, tile, fed_by=(1, 3, 1, 2), discarder=3)) == {1: 0, 2: 2, 3: 2}


def test_feeding_the_fourth_pung_of_a_hand_that_is_not_made():
    # four character pungs, but the pair is an honour: mixed one suit, not a full flush
    scored = win("55z pon:111m pon:222m pon:333m pon:777m", "5z", fed_by=(1, 3, 1, 2), by="self")
    assert scored.liability is None


def test_feeding_liability_needs_the_option():
    scored = win(THREE_DRAGONS, "1p", fed_by=(1, 2, 3), by="self", liability=False)
    assert scored.liability is None and paid(scored) == {1: 2, 2: 2, 3: 2}


# --- the helpers the table uses ------------------------------------------------------------------


def test_shown_sets_keep_order_feeders_and_skip_chows():
    melds = parse_hand("11p chi:123m pon:555z ankan:6666z").melds
    melds = [replace(m, from_seat=s) for m, s in zip(melds, (3, 1, None))]
    assert shown_sets(melds, without_choice=(1,)) == (
        ShownSet(parse_kinds("5z")[0], 1, True),
        ShownSet(parse_kinds("6z")[0], None, False),
    )


def test_dangerous_kinds_per_situation():
    def kinds(text, fed=1):
        return shown_sets(replace(m, from_seat=fed) for m in parse_hand("1m " + text).melds)

    assert dangerous_kinds(kinds("pon:555z")) == frozenset()
    assert dangerous_kinds(kinds("pon:555z pon:777z")) == set(parse_kinds("6z"))
    assert dangerous_kinds(kinds("pon:111z pon:222z pon:444z")) == set(parse_kinds("3z567z"))
    # every bamboo, the shown kinds too (issue #20 item 2; this assertion excluded 1s, 5s, 9s before)
    assert dangerous_kinds(kinds("pon:111s pon:555s ankan:9999s")) == set(parse_kinds("123456789s"))
    assert dangerous_kinds(kinds("pon:111m pon:999p pon:111s")) == set(parse_kinds("9m1p9s"))
    assert dangerous_kinds(kinds("pon:111m pon:999p chi:123s")) == frozenset()


def test_had_no_choice():
    dangerous = frozenset(parse_kinds("234567s"))
    assert had_no_choice(parse_kinds("2233445566s77s"), dangerous | {parse_kinds("7s")[0]})
    assert not had_no_choice(parse_kinds("223344556677s1m"), dangerous)
    assert not had_no_choice([], dangerous)


def test_danger_hands_are_names_in_the_tables():
    names = {r.name for r in FAN_TABLE} | {h.name for h in LIMIT_HANDS}
    for danger in DANGERS:
        assert danger.hands <= names and danger.fed_hand in names


def test_find_liability_directly():
    white, green, red = parse_kinds("567z")
    shown = (ShownSet(white, 1), ShownSet(green, 2))
    small = frozenset({"Small Three Dragons"})
    assert find_liability(EAST, shown, small, discarder=3, win_kind=red).seat == 3
    assert find_liability(EAST, shown, small, discarder=None, win_kind=red) is None
    assert find_liability(EAST, shown[:1], small, discarder=3, win_kind=red) is None


def test_any_tile_of_the_suit_is_dangerous_to_three_pungs_of_it_even_a_shown_kind():
    # seed 004: "einen passenden Farbziegel": the fourth 3p completes 234p for a full flush
    scored = win("234p88p pon:111p pon:333p pon:999p", "3p", fed_by=(1, 2, 1), discarder=3, bonus_tiles=False)
    assert scored.liability is not None and scored.liability.seat == 3
    assert scored.liability.hand == "Full Flush"
    assert scored.result.score == 48  # full flush, 7 fan
    assert scored.result.payments == {EAST: 192, 1: 0, 2: 0, 3: -192}
