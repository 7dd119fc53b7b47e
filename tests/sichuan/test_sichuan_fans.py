"""Element tests: every fan with a hand that has it and one that narrowly does not."""

from pathlib import Path

import pytest

from jantaku.engine.rulesets.sichuan import fans
from jantaku.engine.rulesets.sichuan.fans import FANS, Situation
from jantaku.engine.rulesets.sichuan.hand import HandError, SichuanHand
from jantaku.engine.rulesets.sichuan.options import sichuan_options
from jantaku.engine.rulesets.sichuan.value import NotAWin, fan_counts_of, hand_value, total_fan

SBR = sichuan_options()
CHENGDU = sichuan_options("chengdu")


def value(text, situation=Situation(), options=SBR, void=None):
    return hand_value(SichuanHand.from_text(text), void, situation, options)


def items(text, situation=Situation(), options=SBR, void=None):
    return {i.name: i.value for i in value(text, situation, options, void).items}


def has(element, text, situation=Situation(), options=SBR):
    """How many times the best shape of the hand counts ``element``."""
    hand = SichuanHand.from_text(text)
    wins = [fans.Win(hand, shape, situation, options) for shape in hand.shapes()]
    assert wins, f"{text} is not complete"
    best = max((fan_counts_of(w) for w in wins), key=total_fan)
    return best.get(element, 0)


# --- structure ------------------------------------------------------------------------


def test_plain_win_is_zero_fan_one_base():
    v = value("123m456m789m123p55p")
    assert (v.fan, v.points) == (0, 1)
    assert [i.name for i in v.items] == ["Plain Win (平胡)"]


def test_all_pungs():
    assert has(fans.all_pungs, "111m222m555p777p99p") == 1
    assert has(fans.all_pungs, "111m234m555p777p99p") == 0


def test_all_pungs_prefers_pungs_over_chows_of_the_same_tiles():
    assert has(fans.all_pungs, "111222333m44p555p") == 1


def test_full_flush():
    assert has(fans.full_flush, "11123456788899m") == 1
    assert has(fans.full_flush, "111234567m888m99p") == 0


def test_full_flush_counts_melds():
    assert has(fans.full_flush, "23488m pon:111m kan:9999m pon:555m") == 1
    assert has(fans.full_flush, "23488m pon:111m kan:9999m pon:555p") == 0


def test_seven_pairs():
    assert has(fans.seven_pairs, "1133557799m2244p") == 1
    with pytest.raises(NotAWin, match="not a complete hand"):
        value("1133557799m2245p")


def test_seven_pairs_with_four_identical_tiles_as_two_pairs():
    assert has(fans.seven_pairs, "1111m3355p77p99p22p") == 1
    assert has(fans.root, "1111m3355p77p99p22p") == 1


def test_seven_pairs_beats_the_chow_reading_of_the_same_tiles():
    v = value("22334455667788m")  # regular: full flush 2; seven pairs: 清七对 4
    assert v.fan == 4
    assert has(fans.seven_pairs, "22334455667788m") == 1


def test_root_four_identical_concealed():
    assert has(fans.root, "1111m23m456p789p55p") == 1
    assert has(fans.root, "111m234m456p789p55p") == 0


def test_root_pung_meld_with_its_fourth_tile_in_hand():
    assert has(fans.root, "123m456p789p55p pon:111m") == 1
    assert has(fans.root, "234m456p789p55p pon:111m") == 0


def test_roots_count_each():
    assert has(fans.root, "1111m2222m3344m55m") == 2  # seven pairs with two quads


def test_kong_counts_each_declared_kong_and_is_not_a_root():
    text = "234m456p55p kan:1111m ankan:9999p"
    assert has(fans.kong, text) == 2
    assert has(fans.root, text) == 0
    assert has(fans.kong, "234m456p55p pon:111m ankan:9999p") == 1


def test_kakan_is_a_kong():
    assert has(fans.kong, "234m456p789p55p kakan:1111m") == 1


def test_golden_single_wait():
    text = "55p pon:111m pon:222m pon:333p kan:4444p"
    assert has(fans.golden_single_wait, text) == 1
    assert has(fans.all_pungs, text) == 1
    assert value(text).fan == 3  # all pungs 1 + golden single wait 1 + kong 1


def test_golden_single_wait_needs_four_declared_sets():
    assert has(fans.golden_single_wait, "444p55p pon:111m pon:222m pon:333p") == 0


# --- named combinations -----------------------------------------------------------------


@pytest.mark.parametrize(
    "text, name, fan",
    [
        ("111222555m777m99m", "Pure All Pungs (清对)", 3),
        ("1111m3355p77p99p22p", "Dragon Seven Pairs (龙七对)", 3),
        ("11335577m224499m", "Pure Seven Pairs (清七对)", 4),
        ("11113355779922m", "Pure Dragon Seven Pairs (清龙七对)", 5),
    ],
)
def test_named_combinations_are_shown_by_name_with_the_sum(text, name, fan):
    v = value(text, options=SBR)
    assert {i.name: i.value for i in v.items} == {name: fan}
    assert v.fan == fan


def test_combination_takes_one_root_and_shows_the_rest():
    shown = items("1111m2222m3344m55m")  # 清龙七对 plus a second root
    assert shown == {"Pure Dragon Seven Pairs (清龙七对)": 5, "Root (根)": 1}


def test_several_roots_on_one_line():
    shown = items("1111m2222m3344p55p")
    assert shown == {"Dragon Seven Pairs (龙七对)": 3, "Root (根)": 1}
    shown = items("1111m2222m3333p55p")
    assert shown == {"Dragon Seven Pairs (龙七对)": 3, "Root (根) x2": 2}


# --- cap and base ---------------------------------------------------------------------------


def test_points_double_per_fan_up_to_the_cap():
    assert value("111m222m555p777p99p").points == 2
    assert value("11113355779922m").points == 8  # 5 fan, sbr cap 3
    assert value("11113355779922m").capped
    assert value("11113355779922m", options=CHENGDU).points == 16  # cap 4
    assert not value("111m222m555p777p99p").capped


def test_cap_option_and_base_option():
    options = sichuan_options(overrides={"fan_cap": 5, "base": 2})
    assert value("11113355779922m", options=options).points == 2 * 32
    assert value("123m456m789m123p55p", options=options).points == 2


# --- what is not a win ------------------------------------------------------------------------


def test_void_suit_tile_is_not_a_win():
    with pytest.raises(NotAWin, match="void suit tile"):
        value("111m222m555p777p99s", void="s")
    assert value("111m222m555p777p99p", void="s").fan == 1


def test_void_suit_in_a_meld_is_not_a_win():
    with pytest.raises(NotAWin, match="void suit tile"):
        value("111m222m555p99p pon:777s", void="s")


def test_without_a_void_given_three_suits_hold_a_void_tile():
    with pytest.raises(NotAWin, match="void suit tile"):
        value("111m222m555p777p99s")


@pytest.mark.parametrize(
    "text, error",
    [
        ("111m222m555p777p11z", "no honour tiles"),
        ("111m222m555p777p99p bonus:1f", "no bonus tiles"),
        ("111m555p777p99p chi:123m", "no chows"),
    ],
)
def test_tiles_and_sets_sichuan_does_not_have(text, error):
    with pytest.raises(HandError, match=error):
        SichuanHand.from_text(text)


def test_wrong_tile_count_is_not_complete():
    with pytest.raises(NotAWin, match="not a complete hand"):
        value("111m222m555p777p9p")


# --- the chengdu extra fan -------------------------------------------------------------------


def test_terminal_in_every_set():
    assert has(fans.terminal_in_every_set, "11123789m111999p", options=CHENGDU) == 1
    assert has(fans.terminal_in_every_set, "11123789m111888p", options=CHENGDU) == 0
    assert has(fans.terminal_in_every_set, "11123789m111999p", options=SBR) == 0


def test_terminal_in_every_set_needs_a_terminal_pair_and_melds():
    assert has(fans.terminal_in_every_set, "22123789m111999p", options=CHENGDU) == 0
    assert has(fans.terminal_in_every_set, "11123789m111p pon:999p", options=CHENGDU) == 1
    assert has(fans.terminal_in_every_set, "11123789m111p pon:888p", options=CHENGDU) == 0


def test_all_258_pungs():
    text = "222m555m888m222p55p"
    assert has(fans.all_258, text, options=CHENGDU) == 1
    assert has(fans.all_258, "222m555m888m333p55p", options=CHENGDU) == 0
    assert has(fans.all_258, text, options=SBR) == 0
    assert items(text, options=CHENGDU)["2-5-8 All Pungs (将对)"] == 3


def test_all_258_needs_pungs():
    assert has(fans.all_258, "2222m5588m2255p88p", options=CHENGDU) == 0  # seven pairs


def test_concealed_hand():
    assert has(fans.concealed_hand, "123m456m789m123p55p", options=CHENGDU) == 1
    assert has(fans.concealed_hand, "123m456m123p55p ankan:7777m", options=CHENGDU) == 1
    assert has(fans.concealed_hand, "123m456m123p55p pon:777m", options=CHENGDU) == 0
    assert has(fans.concealed_hand, "123m456m789m123p55p", options=SBR) == 0


def test_no_terminals():
    assert has(fans.no_terminals, "234m456m678m22p456p", options=CHENGDU) == 1
    assert has(fans.no_terminals, "234m456m789m22p456p", options=CHENGDU) == 0
    assert has(fans.no_terminals, "234m456m678m22p456p", options=SBR) == 0


def test_heavenly_and_earthly_hand():
    dealer = Situation(self_drawn=True, first_turn=True, dealer=True)
    other = Situation(self_drawn=True, first_turn=True)
    text = "123m456m789m123p55p"
    assert has(fans.heavenly_hand, text, dealer, CHENGDU) == 1
    assert has(fans.earthly_hand, text, dealer, CHENGDU) == 0
    assert has(fans.earthly_hand, text, other, CHENGDU) == 1
    assert has(fans.heavenly_hand, text, Situation(self_drawn=True, dealer=True), CHENGDU) == 0
    assert has(fans.heavenly_hand, text, dealer, SBR) == 0


# --- how the hand was won ---------------------------------------------------------------------


PLAIN = "123m456m789m123p55p"


def test_self_draw_is_a_fan_only_under_add_fan():
    assert has(fans.self_draw, PLAIN, Situation(self_drawn=True), CHENGDU) == 1
    assert has(fans.self_draw, PLAIN, Situation(), CHENGDU) == 0
    assert has(fans.self_draw, PLAIN, Situation(self_drawn=True), SBR) == 0


@pytest.mark.parametrize(
    "element, situation",
    [
        (fans.kong_bloom, Situation(self_drawn=True, kong_replacement=True)),
        (fans.kong_then_discard, Situation(kong_then_discard=True)),
        (fans.robbing_a_kong, Situation(robbed_kong=True)),
        (fans.last_tile, Situation(last_tile=True)),
        (fans.last_tile, Situation(self_drawn=True, last_tile=True)),
    ],
)
def test_situational_fan(element, situation):
    assert has(element, PLAIN, situation) == 1
    assert has(element, PLAIN, Situation(self_drawn=situation.self_drawn)) == 0
    assert value(PLAIN, situation).fan == 1


def test_every_fan_has_an_element_test():
    source = Path(__file__).read_text()
    assert [f.name for f in FANS if f"fans.{f.count.__name__}," not in source] == []
