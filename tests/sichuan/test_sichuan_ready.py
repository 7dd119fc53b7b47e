"""The best structural value of a ready hand (the end-of-wall check, 查大叫)."""

from jantaku.engine.rulesets.sichuan.fans import Situation
from jantaku.engine.rulesets.sichuan.hand import SichuanHand
from jantaku.engine.rulesets.sichuan.options import sichuan_options
from jantaku.engine.rulesets.sichuan.value import hand_value, ready_value

SBR = sichuan_options()
CHENGDU = sichuan_options("chengdu")


def ready(text, void="s", options=SBR):
    return ready_value(SichuanHand.from_text(text), void, options)


def test_not_ready_is_none():
    assert ready("12m456m789m123p5p8p") is None


def test_plain_ready_hand_is_worth_one_base():
    v = ready("123m456m789m123p5p")
    assert (v.fan, v.points) == (0, 1)


def test_the_best_wait_counts():
    # waits 1m (then 1111m holds a root) and 4m (plain)
    assert ready("11123m456p789p55p").fan == 1


def test_seven_pairs_wait_beats_the_chow_reading():
    assert ready("1122334455667m", void="p").fan == 4  # 清七对


def test_holding_a_void_tile_is_not_ready():
    assert ready("123m456m789m12s55p", void="s") is None
    assert ready("123m456m789m12p55p", void="s") is not None


def test_a_wait_whose_four_copies_are_all_in_the_hand_does_not_count():
    assert ready("1m pon:111m pon:222p pon:333p pon:444p") is None
    assert ready("5m pon:111m pon:222p pon:333p pon:444p").fan == 2  # all pungs + golden single wait


def test_kongs_count_as_three_tiles():
    assert ready("23m456p789p55p kan:1111m").fan == 1  # the kong


def test_structural_only_no_self_draw_or_situational_fan():
    text = "123m456m789m123p5p"
    assert ready(text, options=CHENGDU).fan == 1  # concealed hand (门清), no self-draw fan
    won = SichuanHand.from_text(text + "5p")
    drawn = hand_value(won, "s", Situation(self_drawn=True, last_tile=True), CHENGDU)
    assert drawn.fan == 3


def test_extra_fan_count_under_chengdu():
    # waits: 9p (terminal in every set 2 + concealed 1), 1m (the same + a root on 1m), 4m (concealed)
    assert ready("11123789m11199p", options=CHENGDU).fan == 4
    assert ready("11123789m11199p", options=SBR).fan == 1
