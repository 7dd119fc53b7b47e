"""Files from outside are bounded before they are parsed (issue #25, item 7): ``jantaku import`` and
the bounded readers under it answer a bomb, a deep nesting or an XML entity with one line and exit 2."""

from __future__ import annotations

import gzip
import tracemalloc

import pytest

from jantaku.cli import main
from jantaku.engine.bounded import MAX_DECOMPRESSED_BYTES, OutsideDataError, gunzip, load_json

from .tenhou_log.records import DATA

GAME = DATA / "2010081709gm-00a9-0000-fe3371ad.mjlog"


def _import(path, tmp_path, capsys) -> tuple[int, str, str]:
    status = main(["import", str(path), "--data", str(tmp_path / "data")])
    out = capsys.readouterr()
    return status, out.out, out.err


def _one_line_about(err: str, path) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    assert lines[0].startswith(f"jantaku: {path}: ") or str(path) in lines[0], lines[0]
    return lines[0]


def test_a_gzip_bomb_is_refused_at_its_limit_without_inflating_it(tmp_path, capsys):
    bomb = tmp_path / "bomb.mjlog.gz"
    bomb.write_bytes(gzip.compress(b"<mjloggm>" + b" " * (64 * 1024 * 1024), compresslevel=9))
    tracemalloc.start()
    try:
        status, _, err = _import(bomb, tmp_path, capsys)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert status == 2
    assert "decompressed" in _one_line_about(err, bomb)
    assert peak < 4 * MAX_DECOMPRESSED_BYTES  # the 64 MiB inflated at once would show


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("deep.json", '{"log": ' + "[" * 100_000 + "]" * 100_000 + ', "name": ["a", "b", "c", "d"]}'),
        ("deep.jsonl", '{"type":"start_game","names":' + "[" * 100_000 + "]" * 100_000 + "}\n"),
    ],
    ids=["tenhou6", "mjai"],
)
def test_deeply_nested_json_is_one_line_and_exit_2(tmp_path, capsys, name, text):
    path = tmp_path / name
    path.write_text(text)
    status, _, err = _import(path, tmp_path, capsys)
    assert status == 2
    assert "deeper than" in _one_line_about(err, path)


def test_an_xml_entity_bomb_is_refused_before_expat_expands_it(tmp_path, capsys):
    laughs = (
        '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lolololololololololol">'
        + "".join(f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">' for i in range(1, 10))
        + ']><mjloggm ver="2.3"><GO type="169" lobby="&lol9;"/></mjloggm>'
    )
    path = tmp_path / "laughs.mjlog"
    path.write_text(laughs)
    status, _, err = _import(path, tmp_path, capsys)
    assert status == 2
    assert "DOCTYPE" in _one_line_about(err, path)


def _mjlog_without_hands() -> str:
    text = GAME.read_text(encoding="utf-8")
    return text[: text.index("<INIT")] + "</mjloggm>"  # the players and rules, no hand at all


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("empty.mjlog", _mjlog_without_hands()),
        ("empty.json", '{"log": [], "name": ["a", "b", "c", "d"]}'),
        ("empty.jsonl", '{"type":"start_game","names":["a","b","c","d"]}\n{"type":"end_game"}\n'),
    ],
    ids=["mjlog", "tenhou6", "mjai"],
)
def test_a_record_with_no_hands_is_refused_not_stored(tmp_path, capsys, name, text):
    path = tmp_path / name
    path.write_text(text)
    status, out, err = _import(path, tmp_path, capsys)
    assert status == 2 and "stored" not in out
    assert "no complete hand" in _one_line_about(err, path)
    assert not (tmp_path / "data" / "jantaku.sqlite3").exists()  # no match was kept


def test_a_real_record_still_imports(tmp_path, capsys):
    status, out, err = _import(GAME, tmp_path, capsys)
    assert status == 0 and "stored as match 1" in out, err


def test_the_bounded_readers_refuse_over_their_limits():
    with pytest.raises(OutsideDataError, match="over the limit"):
        load_json("[1, 2, 3]", max_bytes=5)
    with pytest.raises(OutsideDataError, match="deeper than 3"):
        load_json('{"a": [[[1]]]}', max_bytes=100, max_depth=3)
    assert load_json('{"a": "[[[[[[", "b": [[1]]}', max_bytes=100, max_depth=3) == {"a": "[[[[[[", "b": [[1]]}
    with pytest.raises(OutsideDataError, match="decompressed"):
        gunzip(gzip.compress(b"x" * 2000), max_bytes=1000)
    assert gunzip(gzip.compress(b"x" * 1000), max_bytes=1000) == b"x" * 1000
    with pytest.raises(OutsideDataError, match="ends early"):
        gunzip(gzip.compress(b"x" * 1000)[:-12])


def test_replay_refuses_a_deeply_nested_file_in_one_line(tmp_path, capsys):
    path = tmp_path / "deep.json"
    path.write_text('{"ruleset": ' + "[" * 100_000 + "]" * 100_000 + "}")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "deeper than" in err and "Traceback" not in err


def test_a_deep_lan_beacon_is_ignored_and_a_deep_option_value_is_one_line():
    from jantaku.cli.common import parse_options
    from jantaku.netplay.discovery import parse_beacon

    assert parse_beacon(b"[" * 500 + b"]" * 500, ("127.0.0.1", 1)) is None
    with pytest.raises(SystemExit, match="jantaku play: --option x: JSON nested deeper than 16 levels"):
        parse_options(["x=" + "[" * 5000 + "]" * 5000], "jantaku play")
