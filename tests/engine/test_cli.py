"""The command line: analyze, score dispatch and selfplay, as a user runs them."""

import json
import subprocess
import sys

import pytest

from jantaku.cli import main


def run(capsys, *argv, stdin=None, monkeypatch=None):
    if stdin is not None:
        import io
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_analyze_json_contract(capsys):
    code, out, _ = run(capsys, "analyze", "123m456p789s1122z", "--json")
    result = json.loads(out)
    assert code == 0
    assert result["shanten"] == {"regular": 0, "seven_pairs": 4, "thirteen_orphans": 8, "min": 0}
    assert result["waits"] == ["1z", "2z"]


def test_analyze_fourteen_tiles_lists_discards(capsys):
    _, out, _ = run(capsys, "analyze", "1233m456p789s1122z", "--json")
    first = json.loads(out)["discards"][0]
    assert first == {"discard": "3m", "shanten": 0, "useful": ["1z", "2z"], "remaining": 4}


def test_analyze_with_melds(capsys):
    _, out, _ = run(capsys, "analyze", "1122z", "pon:555z", "chi:123m", "pon:999p", "--json")
    result = json.loads(out)
    assert result["shanten"]["regular"] == 0 and result["shanten"]["seven_pairs"] is None
    assert result["waits"] == ["1z", "2z"]


def test_analyze_jsonl_survives_bad_lines(capsys, monkeypatch):
    lines = '{"hand": "19m19p19s1234567z"}\nnot json\n{"hand": "1x"}\n{"nohand": 1}\n{"hand": "12m"}\n'
    code, out, _ = run(capsys, "analyze", "--jsonl", stdin=lines, monkeypatch=monkeypatch)
    results = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(results) == 5
    assert results[0]["shanten"]["thirteen_orphans"] == 0 and len(results[0]["waits"]) == 13
    assert "not JSON" in results[1]["error"]
    assert "unexpected character" in results[2]["error"]
    assert "'hand'" in results[3]["error"]
    assert "13 or 14 tiles" in results[4]["error"]


def test_score_unknown_ruleset_is_a_clear_error(capsys):
    code, out, _ = run(capsys, "score", "nonsense", "123m", "--json")
    assert code == 1 and "unknown ruleset" in json.loads(out)["error"]


def test_selfplay_json_shape(capsys):
    code, out, _ = run(capsys, "selfplay", "--ruleset", "basic", "--hands", "3", "--seed", "2", "--json")
    s = json.loads(out)
    assert code == 0 and s["hands"] == 3 and s["errors"] == []
    assert [seat["bot"] for seat in s["seats"]] == ["easy"] * 4
    assert sum(seat["points"] for seat in s["seats"]) == 0
    assert set(s["seats"][0]) >= {"bot", "points", "wins", "deal_ins", "draws"}
    assert isinstance(s["seconds"], float)


@pytest.mark.parametrize("argv, fragment", [
    (["selfplay", "--bots", "easy,easy"], "four names"),
    (["selfplay", "--ruleset", "nope"], "unknown ruleset"),
    (["selfplay", "--hands", "0"], "at least 1"),
    (["selfplay", "--option", "bogus=1"], "unknown option"),
])
def test_selfplay_bad_flags(capsys, argv, fragment):
    code, _, err = run(capsys, *argv)
    assert code == 2 and fragment in err


def test_console_script_runs():
    out = subprocess.run([sys.executable, "-m", "jantaku", "analyze", "19m19p19s1234567z"],
                         capture_output=True, text=True, check=True).stdout
    assert "ready" in out


def test_variant_bots_are_found_by_name(capsys):
    code, out, _ = run(capsys, "selfplay", "--ruleset", "hongkong", "--hands", "1",
                       "--bots", "hongkong,easy,easy,easy", "--json")
    assert code == 0 and json.loads(out)["seats"][0]["bot"] == "hongkong"


def test_module_entry_point_knows_every_command():
    out = subprocess.run([sys.executable, "-m", "jantaku", "--help"], capture_output=True, text=True,
                         check=True).stdout
    for name in ("score", "analyze", "selfplay", "import", "host", "history", "export", "bot"):
        assert name in out
