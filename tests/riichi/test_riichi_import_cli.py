"""`jantaku import FILE.mjlog --check`: our engine against real Tenhou games, from the command line."""

import gzip
import re
from pathlib import Path

from jantaku.cli import main

LOGS = Path(__file__).parents[1] / "data" / "mjlog"
DOUBLE_RON = LOGS / "double-ron.mjlog"


def test_a_real_game_checks_out_hand_by_hand(capsys):
    code = main(["import", str(DOUBLE_RON), "--check", "--no-store"])
    out = capsys.readouterr().out.splitlines()
    assert code == 0
    assert [line.split()[1] for line in out[:-1]] == ["ok"] * (len(out) - 1)
    assert out[-1].endswith(": OK") and "final scores agree" in out[-1]


def test_gzip_logs_are_read_too(tmp_path, capsys):
    packed = tmp_path / "game.mjlog"
    packed.write_bytes(gzip.compress(DOUBLE_RON.read_bytes()))
    assert main(["import", str(packed), "--check", "--no-store"]) == 0


def test_a_tampered_score_is_a_mismatch_and_fails(tmp_path, capsys):
    text = DOUBLE_RON.read_text()
    # change the first hand's recorded score changes: Tenhou now disagrees with our engine
    tampered = re.sub(r'sc="([^"]*)"', lambda m: 'sc="' + m.group(1).replace(",-", ",-1", 1) + '"', text, count=1)
    assert tampered != text
    path = tmp_path / "tampered.mjlog"
    path.write_text(tampered)
    code = main(["import", str(path), "--check", "--no-store"])
    out = capsys.readouterr().out
    assert code == 1 and "MISMATCH" in out


def test_not_a_log_is_a_clear_error(tmp_path, capsys):
    path = tmp_path / "x.mjlog"
    path.write_text("hello")
    assert main(["import", str(path), "--check", "--no-store"]) == 2
    assert "not a Tenhou mjlog" in capsys.readouterr().err
    assert main(["import", str(tmp_path / "missing.mjlog"), "--no-store"]) == 2


def test_a_file_in_no_format_names_each_format_tried_and_what_it_looks_for(tmp_path, capsys):
    path = tmp_path / "hello.json"
    path.write_text('{"hello": "world"}')
    assert main(["import", str(path), "--no-store"]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"jantaku import: {path} is in none of the formats it reads: "
        'not a tenhou.net/6 JSON log (that is a JSON object with a "log", "name" or "rule" key, whose first line '
        "is no mjai event); not an mjai log (that is one JSON event per line, the first a start_game or "
        "start_kyoku); not a Tenhou mjlog (that is XML, beginning with <)\n"
    )


def test_an_imported_game_lands_in_the_history_and_replays(tmp_path, capsys):
    from jantaku.engine.match import Match
    from jantaku.netplay.store import Store

    assert main(["import", str(DOUBLE_RON), "--data", str(tmp_path)]) == 0
    assert "stored as match 1" in capsys.readouterr().out
    assert main(["history", "--data", str(tmp_path)]) == 0
    assert "riichi" in capsys.readouterr().out
    store = Store.in_dir(tmp_path)
    stored = store.load(1)
    store.close()
    again = Match.replay(stored.record)
    assert again.is_over and again.scores == stored.result["scores"]
    assert [s.name for s in stored.seats][0]  # the players' names from the log
