"""`jantaku mjai-bot`: our bots as mjai bots, in the mjai package's own game loop and line by line."""

from __future__ import annotations

import json
import subprocess
import sys

from jantaku.engine.rulesets.riichi.mjai_bot import MjaiBot
from jantaku.engine.rulesets.riichi.mjai_replay import check_log

from .conftest import ARENA, RULEBASE_BOT

START = {"type": "start_game", "names": ["a", "b", "c", "d"], "id": 0}
KYOKU = {
    "type": "start_kyoku",
    "bakaze": "E",
    "dora_marker": "1p",
    "kyoku": 1,
    "honba": 0,
    "kyotaku": 0,
    "oya": 0,
    "scores": [25000] * 4,
    "tehais": [
        ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "N", "1s"],
        *([["?"] * 13] * 3),
    ],
}


def kyoku_for(seat: int, hand: list[str]) -> dict:
    """The start of East 1 as ``seat`` sees it, holding ``hand``."""
    return dict(KYOKU, tehais=[hand if i == seat else ["?"] * 13 for i in range(4)])


def test_our_bot_plays_whole_matches_in_the_mjai_package_s_loop(tmp_path, mjai_python):
    """Two of ours against two of the package's rule-based bot in libriichi's arena: no invalid action.

    The package's Simulator runs each bot in a docker container behind HTTP (no docker daemon here);
    tests/mjai/arena_match.py runs its arena and its DockerMjaiLogEngine agent with subprocess bots."""
    ours = json.dumps([sys.executable, "-m", "jantaku", "mjai-bot", "--bot", "strong", "{seat}"])
    theirs = json.dumps([str(mjai_python), str(RULEBASE_BOT), "{seat}"])
    done = subprocess.run(
        [str(mjai_python), str(ARENA), "7", str(tmp_path), ours, theirs, ours, theirs],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert summary["errors"] == 0  # libriichi ends a kyoku with an error draw on an invalid action
    # a whole East-South match (or one that somebody's points ended early)
    assert summary["ended"] and (summary["kyokus"] >= 8 or min(summary["last_scores"]) < 0), summary
    for seat in (0, 2):
        assert "jantaku mjai-bot:" not in (tmp_path / f"player{seat}.stderr").read_text()
    # and libriichi's own log of that match replays on our engine, kyoku by kyoku, to the same payments
    report = check_log((tmp_path / "mjai_log.jsonl").read_text())
    assert report.ok and report.match is not None, "\n".join(report.lines())
    assert len(report.hands) == summary["kyokus"]


def test_a_draw_is_answered_with_a_discard_from_the_hand():
    bot = MjaiBot(seat=0, bot="strong")
    assert bot.react([START]) == {"type": "none"}
    reply = bot.react([KYOKU, {"type": "tsumo", "actor": 0, "pai": "C"}])
    assert reply["type"] == "dahai" and reply["actor"] == 0
    assert reply["pai"] in KYOKU["tehais"][0] + ["C"]
    assert reply["tsumogiri"] == (reply["pai"] == "C")
    assert bot.errors == []


def test_riichi_takes_two_replies():
    bot = MjaiBot(seat=0, bot="strong")
    ready = kyoku_for(0, ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "N", "N"])
    bot.react([START])
    first = bot.react([ready, {"type": "tsumo", "actor": 0, "pai": "C"}])
    assert first == {"type": "reach", "actor": 0}
    second = bot.react([{"type": "reach", "actor": 0}])
    assert second == {"type": "dahai", "actor": 0, "pai": "C", "tsumogiri": True}


def test_a_discard_it_cannot_claim_and_others_draws_are_answered_with_none():
    bot = MjaiBot(seat=2, bot="strong")
    bot.react([START])
    hand = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "N", "1s"]
    events = [
        kyoku_for(2, hand),
        {"type": "tsumo", "actor": 0, "pai": "?"},
        {"type": "dahai", "actor": 0, "pai": "9m", "tsumogiri": True},
    ]
    assert bot.react(events) == {"type": "none"}  # seat 2 may not chi from seat 0 and holds no pair of 9m
    assert bot.react([{"type": "tsumo", "actor": 1, "pai": "?"}]) == {"type": "none"}
    assert bot.errors == []


def test_the_command_answers_every_line_even_garbage():
    lines = [
        json.dumps([START]),
        "not json",
        "[1, 2, 3]",
        "x" * 100,
        "[" * 30_000 + "]" * 30_000,  # under the line limit, nested past Python's recursion
        json.dumps([dict(KYOKU), {"type": "tsumo", "actor": 0, "pai": "C"}]),
        json.dumps({"type": "end_game"}),
    ]
    done = subprocess.run(
        [sys.executable, "-m", "jantaku", "mjai-bot", "0"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 0 and len(replies) == len(lines)
    assert replies[:5] == [{"type": "none"}] * 5 and replies[5]["type"] == "dahai" and replies[6] == {"type": "none"}
