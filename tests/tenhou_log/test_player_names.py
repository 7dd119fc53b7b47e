"""Player names are data (issue #25): names read from imported files and from the store reach
``jantaku history``, ``export``, ``review`` and ``import`` cleaned, so no escape code, clipboard
write (OSC 52), NUL, C1 control or bidi override gets to the terminal."""

from __future__ import annotations

import json
import sqlite3
import unicodedata

from jantaku.cli import main
from jantaku.engine.rulesets.riichi.mjai_replay import check_log
from jantaku.engine.rulesets.riichi.tenhou6 import parse_tenhou6
from jantaku.engine.rulesets.riichi.tenhou_log import parse_mjlog
from jantaku.netplay.store import DB_NAME, Store, StoredSeat

from .records import DATA
from .seeded import seeded_match

DIRTY = "\x1b[2J\x1b]52;c;aGk=\x07\x00\x9b31m\u202e"
NAMES = [f"evil[/]{DIRTY}", f"[b]x{DIRTY}", f"\u202eAnn{DIRTY}", DIRTY]
CLEAN = ["evil[/][2J]52;c;aGk=31m", "[b]x[2J]52;c;aGk=31m", "Ann[2J]52;c;aGk=31m", "[2J]52;c;aGk=31m"]


def controls(text: str) -> list[str]:
    """The characters in ``text`` that a terminal would act on or that reorder text (line ends aside)."""
    return [ch for ch in text if ch != "\n" and unicodedata.category(ch) in ("Cc", "Cf")]


def stored_with_dirty_names(tmp_path) -> int:
    """A finished riichi match whose seats an older host kept with names it did not clean."""
    match = seeded_match(5)
    store = Store.in_dir(tmp_path)
    try:
        seats = [StoredSeat(f"p{i}", None, "easy") for i in range(4)]
        match_id = store.create_match(store.next_table_id(), match.record(), seats, {"name": f"friday{DIRTY}"})
        store.finish_match(match_id, {"scores": list(match.scores), "standings": match.standings})
    finally:
        store.close()
    with sqlite3.connect(tmp_path / DB_NAME) as db:
        db.executemany("UPDATE seats SET name = ? WHERE seat = ?", [(n, i) for i, n in enumerate(NAMES)])
    return match_id


def test_history_prints_stored_names_cleaned(tmp_path, capsys):
    stored_with_dirty_names(tmp_path)
    assert main(["history", "--data", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert not controls(out) and all(name in out for name in CLEAN)


def test_every_export_format_writes_the_names_cleaned(tmp_path, capsys):
    match_id = stored_with_dirty_names(tmp_path)
    for fmt in ("json", "tenhou6", "mjai"):
        assert main(["export", str(match_id), "--format", fmt, "--data", str(tmp_path)]) == 0
        out = capsys.readouterr().out
        assert not controls(out), fmt
        assert "\\u001b" not in out and "\\u0000" not in out, fmt  # not even as JSON escapes
        assert all(json.dumps(name, ensure_ascii=False)[1:-1] in out for name in CLEAN), fmt


def test_review_text_names_the_seat_cleaned(tmp_path, capsys):
    match_id = stored_with_dirty_names(tmp_path)
    assert main(["review", str(match_id), "--seat", "0", "--bot", "easy", "--brief", "--data", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert not controls(out) and f"Review of {CLEAN[0]} (East)" in out


def test_review_of_a_record_file_cleans_its_names(tmp_path, capsys):
    match_id = stored_with_dirty_names(tmp_path)
    target = tmp_path / "match.json"
    assert main(["export", str(match_id), "--data", str(tmp_path), "-o", str(target)]) == 0
    data = json.loads(target.read_text(encoding="utf-8"))
    data["meta"]["seats"] = NAMES  # a file from anywhere
    target.write_text(json.dumps(data), encoding="utf-8")
    assert main(["review", str(target), "--seat", "1", "--bot", "easy", "--brief"]) == 0
    out = capsys.readouterr().out
    assert not controls(out) and f"Review of {CLEAN[1]} (South)" in out


def test_names_in_imported_files_are_cleaned_by_every_reader(tmp_path, capsys):
    match_id = stored_with_dirty_names(tmp_path)
    tenhou6 = tmp_path / "match.json"
    mjai = tmp_path / "match.mjai.jsonl"
    assert main(["export", str(match_id), "--format", "tenhou6", "--data", str(tmp_path), "-o", str(tenhou6)]) == 0
    assert main(["export", str(match_id), "--format", "mjai", "--data", str(tmp_path), "-o", str(mjai)]) == 0
    data = json.loads(tenhou6.read_text(encoding="utf-8"))
    data["name"] = NAMES
    tenhou6.write_text(json.dumps(data), encoding="utf-8")
    events = [json.loads(line) for line in mjai.read_text(encoding="utf-8").splitlines()]
    events[0]["names"] = NAMES
    mjai.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    assert parse_tenhou6(tenhou6.read_text(encoding="utf-8")).names == tuple(CLEAN)
    assert check_log(mjai.read_text(encoding="utf-8")).players == tuple(CLEAN)

    capsys.readouterr()
    other = tmp_path / "imported"
    assert main(["import", str(tenhou6), "--check", "--data", str(other)]) == 0
    assert main(["import", str(mjai), "--check", "--data", str(other)]) == 0
    assert main(["history", "--data", str(other)]) == 0
    out = capsys.readouterr().out
    assert not controls(out) and out.count(CLEAN[0]) == 2


def test_names_in_a_tenhou_mjlog_are_cleaned():
    text = (DATA / "double-ron.mjlog").read_text(encoding="utf-8")
    start = text.index('n0="') + 4
    dirty = text[:start] + "%1B%5D52%3Bc%3BaGk%3D%07%E2%80%AEevil%5B%2F%5D" + text[text.index('"', start) :]
    assert parse_mjlog(dirty).players[0].name == "]52;c;aGk=evil[/]"
