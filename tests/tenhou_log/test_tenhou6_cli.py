"""`jantaku export --format tenhou6` and `jantaku import FILE.json`: the commands around tenhou6."""

from __future__ import annotations

import json

import pytest

from jantaku.cli import main
from jantaku.engine.match import Match
from jantaku.engine.ruleset import get_ruleset
from jantaku.netplay.store import Store, StoredSeat

from .records import DATA, load_mjscore
from .seeded import seeded_match

GAME = "2010081709gm-00a9-0000-fe3371ad"


def _store(tmp_path, match: Match) -> int:
    store = Store.in_dir(tmp_path)
    try:
        seats = [StoredSeat(name, None, "easy") for name in ("Ann", "Bo", "Cy", "Di")]
        match_id = store.create_match(store.next_table_id(), match.record(), seats, {"name": "friday"})
        store.finish_match(match_id, {"scores": list(match.scores), "standings": match.standings})
    finally:
        store.close()
    return match_id


def test_a_match_exported_as_tenhou6_imports_back_and_checks_out(tmp_path, capsys):
    match_id = _store(tmp_path, seeded_match(5))
    target = tmp_path / "match.json"
    assert main(["export", str(match_id), "--format", "tenhou6", "--data", str(tmp_path), "-o", str(target)]) == 0
    data = json.loads(target.read_text(encoding="utf-8"))
    assert data["name"] == ["Ann", "Bo", "Cy", "Di"] and data["title"][0] == "friday"
    assert data["rule"] == {"disp": "般東喰赤", "aka": 1, "aka51": 1, "aka52": 1, "aka53": 1}
    assert len(data["log"]) == len(seeded_match(5).results) and len(data["sc"]) == 8
    capsys.readouterr()
    assert main(["import", str(target), "--check", "--data", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "final scores agree" in out and ": OK" in out and "stored as match 2" in out
    assert main(["history", "--data", str(tmp_path)]) == 0
    assert capsys.readouterr().out.count("riichi") == 2


def test_a_tenhou_game_imported_then_exported_is_tenhous_own_json(tmp_path, capsys):
    """Every take, discard (tsumogiri marks too), call, dora and result, as Tenhou wrote them."""
    assert main(["import", str(DATA / f"{GAME}.mjlog"), "--data", str(tmp_path)]) == 0
    target = tmp_path / "again.json"
    assert main(["export", "1", "--format", "tenhou6", "--data", str(tmp_path), "-o", str(target)]) == 0
    exported = json.loads(target.read_text(encoding="utf-8"))
    assert [_in_any_order(k) for k in exported["log"]] == [_in_any_order(k) for k in load_mjscore(GAME)]


def _in_any_order(kyoku: list) -> list:
    """A kyoku with each win's yaku sorted: our scorer lists them in another order than Tenhou."""
    result = kyoku[-1]
    if result[0] == "和了":
        result = [result[0]] + [x[:4] + sorted(x[4:]) if i % 2 == 0 else x for i, x in enumerate(result[1:], 1)]
    return kyoku[:-1] + [result]


def test_a_malformed_tenhou6_file_is_one_line_on_stderr(tmp_path, capsys):
    path = tmp_path / "broken.json"
    path.write_text('{"name": ["a", "b", "c", "d"], "log": [[[0, 0, 0], [25000]]]}')
    assert main(["import", str(path), "--check", "--no-store"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not a tenhou.net/6 JSON log" in err and "Traceback" not in err


def test_export_of_a_non_riichi_match_as_tenhou6_is_refused_in_one_line(tmp_path, capsys):
    match = Match(get_ruleset("basic", options={"hands": 1}), seed=5)
    while not match.is_over:
        seat, actions = next(iter(match.pending().items()))
        match.act(seat, actions[0])
    match_id = _store(tmp_path, match)
    assert main(["export", str(match_id), "--format", "tenhou6", "--data", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "only riichi matches" in err


@pytest.mark.parametrize(("command", "words"), [("import", "tenhou.net/6"), ("export", "tenhou6")])
def test_the_help_names_the_format(command, words, capsys):
    with pytest.raises(SystemExit):
        main([command, "--help"])
    assert words in capsys.readouterr().out
