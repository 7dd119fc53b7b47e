"""Fan → points tables, the limit, the best reading and the fan minimum."""

import pytest

from jantaku.engine.melds import parse_hand
from jantaku.engine.options import OptionError
from jantaku.engine.rulesets.hongkong import PRESETS, WinFacts, best_value, is_legal_win
from jantaku.engine.rulesets.hongkong.fan_table import points
from jantaku.engine.rulesets.hongkong.options import resolve
from jantaku.engine.tiles import parse_kinds

from .helpers import items, score

HALF_SPICY = {0: 1, 1: 2, 2: 4, 3: 8, 4: 16, 5: 24, 6: 32, 7: 48, 8: 64, 9: 96, 10: 128}

# Self-drawn 1, kong replacement 1, last tile 1, all pungs 3, full flush 7, no bonus 1: 14 fan
FOURTEEN_FAN = dict(hand="222333444m55m kan:1111m", win="5m", by="self", flags=["replacement", "last_tile"])


@pytest.mark.parametrize("fan, expected", HALF_SPICY.items())
def test_half_spicy_table(fan, expected):
    assert points(fan, "half_spicy") == expected


@pytest.mark.parametrize("fan", range(14))
def test_full_spicy_table(fan):
    assert points(fan, "full_spicy") == 2**fan


def test_half_spicy_beyond_ten_continues_the_steps():
    assert [points(f, "half_spicy") for f in (11, 12, 13)] == [192, 256, 384]


def test_unknown_table():
    with pytest.raises(ValueError):
        points(3, "mild")


def test_fourteen_fan_hand_is_what_the_tests_below_assume():
    result = score(**FOURTEEN_FAN)
    assert result["fan"] == 14 and result["limit"] == "Limit"


@pytest.mark.parametrize("limit_fan, half, full", [(8, 64, 256), (10, 128, 1024), (13, 384, 8192)])
def test_the_limit_caps_the_fan(limit_fan, half, full):
    assert score(**FOURTEEN_FAN, options={"limit_fan": limit_fan})["score"] == half
    assert score(**FOURTEEN_FAN, options={"limit_fan": limit_fan, "fan_table": "full_spicy"})["score"] == full


def test_at_and_below_the_limit():
    hand = "456m789m234m55m chi:123m bonus:3f"  # full flush 7, all chows 1: 8 fan
    result = score(hand, "5m")
    assert result["fan"] == 8 and result["limit"] is None and result["score"] == 64
    result = score(hand, "5m", options={"limit_fan": 8})
    assert result["fan"] == 8 and result["limit"] == "Limit" and result["score"] == 64
    result = score("222333444m55m pon:111m", "5m")  # all pungs 3, full flush 7, no bonus 1
    assert result["fan"] == 11 and result["limit"] == "Limit" and result["score"] == 128


CHICKEN = "123m456p789s11z pon:222m"  # South wins on a discard: nothing but the bonus-tile fan
KONG = "123p456p11z pon:555z kan:2222m"
FAN_CASES = [  # (hand, request) → fan 0..10
    (CHICKEN + " bonus:3f", {}),
    (CHICKEN, {}),  # no bonus tiles
    (CHICKEN + " bonus:2f2y", {}),  # own flower, own season
    (CHICKEN + " bonus:1234f", {}),  # all four flowers 2 + own flower 1
    (CHICKEN + " bonus:1234f2y", {}),
    (CHICKEN + " bonus:1234f2y", {"flags": ["last_tile"]}),
    (CHICKEN + " bonus:1234f1234y", {}),
    (CHICKEN + " bonus:1234f1234y", {"flags": ["last_tile"]}),
    (CHICKEN + " bonus:1234f1234y", {"flags": ["last_tile"], "by": "self"}),
    ("123p456p789s11z kan:2222m bonus:1234f1234y", {"flags": ["last_tile", "replacement"]}),
    (KONG + " bonus:1234f1234y", {"flags": ["last_tile", "replacement"]}),  # + white dragon
]


@pytest.mark.parametrize("fan", range(11))
def test_score_is_the_table_value_of_the_fan(fan):
    hand, request = FAN_CASES[fan]
    result = score(hand, "1z", seat="S", **request)
    assert result["fan"] == fan and result["score"] == HALF_SPICY[fan], result
    full = score(hand, "1z", seat="S", options={"fan_table": "full_spicy"}, **request)
    assert full["score"] == 2**fan


def test_best_reading_pungs_or_chows():
    assert "All Pungs" in items("111222333m777p99p", "7p")
    assert "All Chows" in items("111222333m456p99p", "9p", by="self")


def test_best_reading_prefers_the_limit_hand():
    # 111222333m444p55z: pungs give four concealed pungs when self-drawn
    result = score("111222333m444p55z", "4p", by="self")
    assert result["limit"] == "Four Concealed Pungs"


def test_seven_pairs_is_not_a_hand():
    result = score("1122m3344p5566s77z", "7z")
    assert result == {"is_win": False, "error": "not a complete hand", "items": [], "limit": None, "score": 0}


def test_a_hand_that_is_not_complete():
    assert score("123m456p789s234m12z", "2z")["error"] == "not a complete hand"


def test_a_winning_tile_is_required():
    from jantaku.engine.calculator import score_json

    assert "winning tile" in score_json("hongkong", {"hand": "123m456p789s234m11z"})["error"]


def test_flags_of_other_variants_are_refused():
    assert "riichi" in score("123m456p789s234m11z", "1z", flags=["riichi"])["error"]


# --- the fan minimum -------------------------------------------------------------------


def test_below_minimum_fan_is_not_a_win_but_shows_the_fan():
    result = score("123m456p789s11z pon:555z", "1z", options={"min_fan": 3})
    assert result["is_win"] is False and result["error"] == "below minimum fan"
    assert result["fan"] == 2 and "payments" not in result


def test_exactly_the_minimum_wins():
    result = score("123m456m789m11z pon:222m", "1z", options={"min_fan": 3})  # mixed one suit
    assert result["is_win"] and result["fan"] == 4


def test_bonus_tile_fan_do_not_count_toward_the_minimum():
    # white dragon pung + seat wind pung = 2, own flower + own season = 2: 4 fan, 2 counted
    hand = "123m456p11z pon:555z pon:222z bonus:2f2y"
    result = score(hand, "1z", seat="S", options={"min_fan": 3})
    assert result["fan"] == 4 and result["error"] == "below minimum fan"
    assert score(hand, "1z", seat="S", options={"min_fan": 2})["is_win"]


def test_no_bonus_tiles_is_a_bonus_tile_fan_too():
    result = score("123m456p789s11z pon:555z", "1z", options={"min_fan": 2})  # dragon 1 + no bonus 1
    assert result["error"] == "below minimum fan"


def test_a_limit_hand_always_meets_the_minimum():
    assert score("19m19p19s1234567z1m", "1m", options={"min_fan": 8, "limit_fan": 8})["is_win"]


def test_presets_with_a_three_fan_minimum():
    for preset in ("half_spicy", "full_spicy"):
        result = score("123m456p789s11z pon:555z", "1z", preset=preset)
        assert result["error"] == "below minimum fan"
    assert score("123m456p789s11z pon:555z", "1z", preset="dmjl")["is_win"]
    assert score("123m456m789m11z pon:555z", "1z", preset="full_spicy")["score"] == 2**5


def test_is_legal_win():
    hand = parse_hand("123m456p789s11z pon:555z")
    east = parse_kinds("1z")[0]
    win = WinFacts(seat=0, round=0, self_drawn=False, discarder=3)
    assert is_legal_win(hand, east, win, resolve())
    assert is_legal_win(hand, east, win, resolve(overrides={"min_fan": 1}))  # the dragon pung
    assert not is_legal_win(hand, east, win, resolve(overrides={"min_fan": 2}))
    self_drawn = WinFacts(seat=0, round=0, self_drawn=True)
    assert is_legal_win(hand, east, self_drawn, resolve(overrides={"min_fan": 2}))


def test_is_legal_win_refuses_incomplete_hands_and_seven_pairs():
    win = WinFacts(seat=0, round=0, self_drawn=True)
    for text, tile in (("123m456p789s234m12z", "2z"), ("1122m3344p5566s77z", "7z"), ("123m", "1m")):
        hand = parse_hand(text)
        assert not is_legal_win(hand, parse_kinds(tile)[0], win, resolve())
        assert not is_legal_win(hand, parse_kinds(tile)[0], win, resolve(overrides={"min_fan": 1}))
        assert best_value(hand, parse_kinds(tile)[0], win, resolve()) is None


# --- options ---------------------------------------------------------------------------------


def test_options_and_presets():
    assert resolve().fan_table == "half_spicy" and resolve().limit_fan == 10 and resolve().min_fan == 0
    assert not resolve().liability and not resolve().seat_rotation and resolve().bonus_tiles
    assert set(PRESETS) == {"dmjl", "half_spicy", "full_spicy"}
    assert resolve("full_spicy").fan_table == "full_spicy"


@pytest.mark.parametrize(
    "overrides",
    [
        {"limit_fan": 9},
        {"fan_table": "spicy"},
        {"min_fan": 11},
        {"time_limit_minutes": -1},
        {"chip_stake": -5},
        {"seven": 1},
    ],
)
def test_bad_options(overrides):
    with pytest.raises(OptionError):
        resolve(overrides=overrides)


def test_bad_options_through_the_calculator():
    assert "limit_fan" in score("123m456p789s234m11z", "1z", options={"limit_fan": 12})["error"]
    assert "preset" in score("123m456p789s234m11z", "1z", preset="mild")["error"]
