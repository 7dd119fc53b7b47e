"""The calculator: score_request and `jantaku score sichuan`."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from jantaku.engine.calculator import score_json


def score(hand, **request):
    return score_json("sichuan", {"hand": hand, **request})


def test_the_brief_example():
    r = score("111m222m333m44p555p", win="4p", void="s")
    assert r["is_win"] and r["fan"] == 1 and r["score"] == 2
    assert r["items"] == [{"name": "All Pungs (对对胡)", "value": 1, "unit": "fan"}]
    assert r["payments"] == {"E": 2, "S": 0, "W": 0, "N": -2}
    assert r["limit"] is None


def test_cli_json():
    exe = Path(sys.executable).with_name("jantaku")
    out = subprocess.run(
        [str(exe), "score", "sichuan", "111m222m333m44p555p", "--win", "4p", "--void", "s", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(out.stdout)["score"] == 2


def test_discard_from_a_named_seat():
    r = score("111m222m333m44p555p", win="4p", seat="W", **{"from": "E"})
    assert r["payments"] == {"E": -2, "S": 0, "W": 2, "N": 0}


def test_self_draw_sbr_adds_one_base_from_each():
    r = score("111m222m333m44p555p", win="4p", by="self", seat="S")
    assert r["score"] == 2 and r["fan"] == 1
    assert r["payments"] == {"E": -3, "S": 9, "W": -3, "N": -3}
    assert r["items"][-1] == {"name": "Self-Draw, one base from each (自摸加底)", "value": 1, "unit": "points"}


def test_self_draw_chengdu_adds_one_fan():
    r = score("111m222m333m44p555p", win="4p", by="self", preset="chengdu")
    assert r["fan"] == 1 + 1 + 1  # all pungs, concealed hand, self-draw
    assert r["payments"] == {"E": 24, "S": -8, "W": -8, "N": -8}


def test_cap_is_reported_as_the_limit():
    r = score("11113355779922m", win="2m")
    assert r["fan"] == 5 and r["score"] == 8 and r["limit"] == "3-fan cap"


def test_options_override_the_preset():
    r = score("11113355779922m", win="2m", options={"fan_cap": 4})
    assert r["score"] == 16


@pytest.mark.parametrize(
    "flag, by, fan_name",
    [
        ("replacement", "self", "Kong Bloom (杠上开花)"),
        ("kong_then_discard", "discard", "Win after Kong Discard (杠上炮)"),
        ("robbed_kong", "discard", "Robbing a Kong (抢杠)"),
        ("last_tile", "self", "Last Tile (海底)"),
        ("last_tile", "discard", "Last Tile (海底)"),
    ],
)
def test_flags(flag, by, fan_name):
    r = score("234m456p789p55p kan:1111m", win="5p", by=by, flags=[flag])
    assert {"name": fan_name, "value": 1, "unit": "fan"} in r["items"]
    assert r["fan"] == 2  # the kong and the flag


def test_robbed_kong_the_konger_pays():
    r = score("123m456p678p55p999p", win="3m", seat="N", flags=["robbed_kong"], **{"from": "S"})
    assert r["payments"] == {"E": 0, "S": -2, "W": 0, "N": 2}


def test_first_turn_heavenly_for_east_earthly_for_others():
    heavenly = score("123m456p789p55p111m", win="5p", by="self", flags=["first_turn"], preset="chengdu")
    earthly = score("123m456p789p55p111m", win="5p", by="self", seat="S", flags=["first_turn"], preset="chengdu")
    assert any("天胡" in i["name"] for i in heavenly["items"])
    assert any("地胡" in i["name"] for i in earthly["items"])
    assert heavenly["score"] == earthly["score"] == 16


@pytest.mark.parametrize(
    "request_, error",
    [
        ({"hand": "111m222m333m44p555s", "win": "4p", "void": "s"}, "void suit tile"),
        ({"hand": "111m222m333m44p555s", "win": "4p"}, "void suit tile"),
        ({"hand": "111m222m333m44p555z", "win": "4p"}, "Sichuan has no honour tiles"),
        ({"hand": "111m222m333m44p555p"}, "give the winning tile"),
        ({"hand": "111m222m333m45p555p", "win": "4p"}, "not a complete hand"),
        ({"hand": "234m456p789p55p kan:1111m", "win": "5p", "flags": ["replacement"]}, "self-drawn"),
        ({"hand": "123m456p789p55p111m", "win": "5p", "by": "self", "flags": ["replacement"]}, "declared kong"),
        ({"hand": "123m456p789p55p111m", "win": "5p", "by": "self", "flags": ["robbed_kong"]}, "not self-drawn"),
    ],
)
def test_not_a_win(request_, error):
    r = score_json("sichuan", request_)
    assert r["is_win"] is False and error in r["error"]
    assert "payments" not in r


def test_bad_preset_and_option_are_errors():
    assert "unknown preset" in score("111m222m333m44p555p", win="4p", preset="nope")["error"]
    assert "fan_cap" in score("111m222m333m44p555p", win="4p", options={"fan_cap": 99})["error"]
