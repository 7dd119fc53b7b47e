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


def test_analyze_an_empty_meld_is_a_one_line_error(capsys):
    code, out, err = run(capsys, "analyze", "123m456p789s1122z pon:")
    assert (
        code == 1
        and err == ""
        and out.strip().splitlines() == ["error: hand: 'pon:': a meld without tiles (e.g. pon:555z)"]
    )
    code, out, _ = run(capsys, "analyze", "123m456p789s1122z", "pon:", "--json")
    assert code == 1 and json.loads(out) == {"error": "hand: 'pon:': a meld without tiles (e.g. pon:555z)"}


@pytest.mark.parametrize("command", [["analyze", "--jsonl"], ["score", "riichi", "--jsonl"]])
def test_jsonl_answers_a_deep_or_huge_line_with_an_error_line_and_goes_on(capsys, monkeypatch, command):
    lines = [
        '{"hand": "123m456p789s1122z", "win": "2z"}',
        "[" * 100_000 + "]" * 100_000,
        '{"hand": "' + "1m" * 100_000 + '"}',
        '{"hand": "123m456p789s1122z pon:", "win": "1z"}',
        '{"hand": "123m456p789s1122z", "win": "2z"}',
    ]
    code, out, err = run(capsys, *command, stdin="\n".join(lines) + "\n", monkeypatch=monkeypatch)
    results = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and err == "" and len(results) == 5
    assert "deeper than" in results[1]["error"] or "over the limit" in results[1]["error"]
    assert "over the limit" in results[2]["error"]
    assert "meld without tiles" in results[3]["error"]
    assert results[4] == results[0]  # the lines after the bad ones are answered as before them


def test_jsonl_answers_bytes_that_are_not_utf8_with_an_error_line_whatever_the_locale(capsys, monkeypatch):
    import io

    strict = io.TextIOWrapper(
        io.BytesIO(b'\xff\xfe\n{"hand": "123m456p789s1122z"}\n'), encoding="utf-8", errors="strict"
    )
    monkeypatch.setattr(sys, "stdin", strict)  # as a UTF-8 locale other than C gives it
    assert main(["analyze", "--jsonl"]) == 0
    results = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert "not JSON" in results[0]["error"] and results[1]["waits"] == ["1z", "2z"]


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


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["selfplay", "--bots", "easy,easy"], "four names"),
        (["selfplay", "--ruleset", "nope"], "unknown ruleset"),
        (["selfplay", "--hands", "0"], "at least 1"),
        (["selfplay", "--option", "bogus=1"], "unknown option"),
    ],
)
def test_selfplay_bad_flags(capsys, argv, fragment):
    code, _, err = run(capsys, *argv)
    assert code == 2 and fragment in err


def test_console_script_runs():
    out = subprocess.run(
        [sys.executable, "-m", "jantaku", "analyze", "19m19p19s1234567z"], capture_output=True, text=True, check=True
    ).stdout
    assert "ready" in out


def test_variant_bots_are_found_by_name(capsys):
    code, out, _ = run(
        capsys, "selfplay", "--ruleset", "hongkong", "--hands", "1", "--bots", "hongkong,easy,easy,easy", "--json"
    )
    assert code == 0 and json.loads(out)["seats"][0]["bot"] == "hongkong"


def test_module_entry_point_knows_every_command():
    out = subprocess.run([sys.executable, "-m", "jantaku", "--help"], capture_output=True, text=True, check=True).stdout
    for name in ("score", "analyze", "selfplay", "import", "host", "history", "export", "bot"):
        assert name in out


# --- every bad flag is one line, never a traceback (issue 15, item 14) -------------------------


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["host", "--port", "99999"], "--port"),
        (["host", "--port", "-1"], "--port"),
        (["host", "--port", "x"], "--port"),
        (["host", "--ssh", "70000"], "--ssh"),
        (["host", "--max-tables", "0"], "--max-tables"),
        (["host", "--max-connections", "-3"], "--max-connections"),
        (["host", "--ssh-max-sessions", "0"], "--ssh-max-sessions"),
        (["host", "--bots", "genius"], "--bots"),
        (["bot", "--connect", "127.0.0.1:99999"], "--connect"),
        (["bot", "--connect", "127.0.0.1:http"], "--connect"),
        (["bot", "--connect", "127.0.0.1:1", "--table", "-2"], "--table"),
        (["join", "127.0.0.1:99999"], "HOST:PORT"),
        (["score", "riichi", "123m", "--honba", "-1"], "--honba"),
        (["score", "riichi", "123m", "--sticks", "-1"], "--sticks"),
        (["selfplay", "--hands", "many"], "--hands"),
        (["play", "--bot-delay", "-1"], "--bot-delay"),
        (["play", "--bots", "genius"], "--bots"),
    ],
)
def test_a_bad_flag_is_one_line(capsys, monkeypatch, argv, fragment):
    from jantaku.cli import play

    monkeypatch.setattr(play, "run_app", lambda start=None: pytest.fail("the screen opened"))
    with pytest.raises(SystemExit) as stop:
        main(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert len(err.strip().splitlines()) == 1 and fragment in err and "Traceback" not in err, err


def test_play_checks_options_without_a_ruleset(capsys, tmp_path, monkeypatch):
    """Without --ruleset the options are checked against the variant the menu would start."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    monkeypatch.setenv("JANTAKU_CONFIG", str(tmp_path / "settings.json"))
    from jantaku.cli import play

    monkeypatch.setattr(play, "run_app", lambda start=None: pytest.fail("the screen opened"))
    code = main(["play", "--option", "aka_dora=maybe"])
    without = capsys.readouterr().err
    code_riichi = main(["play", "--ruleset", "riichi", "--option", "aka_dora=maybe"])
    with_riichi = capsys.readouterr().err
    assert code == code_riichi == 2
    # the same refusal, saying where the ruleset came from (issue #30: name the ruleset in use)
    origin = "in riichi, the default variant (--ruleset chooses another): "
    assert without == with_riichi.replace("in riichi: ", origin) and len(without.strip().splitlines()) == 1
    assert "aka_dora" in without


def test_version(capsys):
    from jantaku import __version__

    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"jantaku {__version__}"
