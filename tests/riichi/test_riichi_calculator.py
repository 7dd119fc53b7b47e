"""``jantaku score riichi``: the calculator request and its JSON, end to end."""

import json
import subprocess
import sys

from jantaku.engine.calculator import score_json


def test_score_json_shape():
    out = score_json(
        "riichi",
        {"hand": "123m456p789s11222z", "win": "2z", "by": "self", "flags": ["riichi"], "seat": "W", "dora": ["9m"]},
    )
    assert out["is_win"] is True
    assert out["han"] == 3 and out["fu"] == 40 and out["limit"] is None  # riichi, tsumo, dora
    assert out["score"] == 40 * 2**5
    assert out["payments"] == {"E": -2600, "S": -1300, "W": 5200, "N": -1300}
    units = {i["name"]: i["unit"] for i in out["items"]}
    assert units["Riichi"] == "han" and units["Dora"] == "han" and units["Base"] == "fu"
    assert sum(i["value"] for i in out["items"] if i["unit"] == "fu") == out["fu"]


def test_flags_honba_sticks_and_discarder():
    out = score_json(
        "riichi",
        {
            "hand": "234m567p234s678s55m",
            "win": "2s",
            "from": "W",
            "seat": "S",
            "flags": ["riichi", "ippatsu"],
            "honba": 1,
            "sticks": 2,
        },
    )
    assert out["han"] == 4
    assert out["payments"] == {"E": 0, "S": 7700 + 300 + 2000, "W": -8000, "N": 0}


def test_replacement_and_robbed_kong_flags():
    out = score_json(
        "riichi", {"hand": "123m456p789s55m kan:1111z", "win": "5m", "by": "self", "flags": ["replacement"]}
    )
    assert "Rinshan kaihou" in [i["name"] for i in out["items"]]
    out = score_json("riichi", {"hand": "123m456p789s55m chi:345s", "win": "5m", "flags": ["robbed_kong"]})
    assert "Chankan" in [i["name"] for i in out["items"]]
    out = score_json("riichi", {"hand": "123m456p789s55m chi:345s", "win": "5m", "by": "self", "flags": ["last_tile"]})
    assert "Haitei raoyue" in [i["name"] for i in out["items"]]


def test_first_turn_flag_is_tenhou_or_chiihou():
    hand = {"hand": "234m567p234s678s55m", "win": "2s", "by": "self", "flags": ["first_turn"]}
    assert score_json("riichi", hand)["items"][0]["name"] == "Tenhou"
    assert score_json("riichi", {**hand, "seat": "W"})["items"][0]["name"] == "Chiihou"


def test_presets_and_option_overrides():
    hand = {"hand": "19m19p19s12345677z", "win": "7z"}
    assert score_json("riichi", hand)["han"] == 13
    assert score_json("riichi", {**hand, "preset": "majsoul"})["han"] == 26
    assert score_json("riichi", {**hand, "options": {"double_yakuman": True}})["han"] == 26
    assert "unknown preset" in score_json("riichi", {**hand, "preset": "nope"})["error"]
    assert "unknown option" in score_json("riichi", {**hand, "options": {"nope": 1}})["error"]


def test_not_a_win():
    out = score_json("riichi", {"hand": "123m456p789s55m chi:345s", "win": "5m"})
    assert out == {"is_win": False, "error": "no yaku", "items": [], "limit": None, "score": 0}
    out = score_json("riichi", {"hand": "123m456p789s555m13s", "win": "5m", "flags": ["riichi"]})
    assert out["error"] == "not a complete hand"
    out = score_json("riichi", {"hand": "123m456p789s1122z", "win": "2z"})
    assert out["error"].startswith("a winning hand has 14 tiles")


def test_requests_that_make_no_sense_in_riichi():
    assert "winning tile" in score_json("riichi", {"hand": "123m456p789s11222z"})["error"]
    assert (
        "not riichi rules"
        in score_json("riichi", {"hand": "123m456p789s11222z", "win": "2z", "flags": ["twofold_fortune"]})["error"]
    )
    assert "bonus" in score_json("riichi", {"hand": "123m456p789s11222z bonus:1f", "win": "2z"})["error"]
    out = score_json("riichi", {"hand": "123m456p789s55m chi:345s", "win": "5m", "flags": ["riichi"]})
    assert out["error"] == "riichi needs a closed hand"


def test_command_line_json():
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "jantaku.cli",
            "score",
            "riichi",
            "123m456p789s11222z",
            "--win",
            "2z",
            "--self",
            "--flag",
            "riichi",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    out = json.loads(run.stdout)
    assert out["is_win"] and out["han"] == 2  # riichi, menzen tsumo


def test_command_line_jsonl():
    lines = "\n".join(
        json.dumps(r)
        for r in [
            {"hand": "234m567p234s678s55m", "win": "2s"},
            {"hand": "not tiles"},
        ]
    )
    run = subprocess.run(
        [sys.executable, "-m", "jantaku.cli", "score", "riichi", "--jsonl"],
        input=lines,
        capture_output=True,
        text=True,
        check=True,
    )
    first, second = [json.loads(x) for x in run.stdout.splitlines()]
    assert first["is_win"] and first["han"] == 2  # pinfu tanyao
    assert "error" in second
