"""``jantaku review`` as a user runs it: a stored match by number or a record file; bad input in one line."""

from __future__ import annotations

import json
import sqlite3

import pytest

from jantaku.cli import main
from jantaku.netplay.store import Store, StoredSeat

from .played import played

MIXED = ("easy", "strong", "normal", "strong")


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def data(tmp_path):
    """A host's data directory holding one finished riichi match."""
    store = Store.in_dir(tmp_path)
    seats = [StoredSeat(name, None, bot) for name, bot in zip(("Ann", "Bo", "Cy", "Di"), MIXED)]
    match_id = store.create_match(1, played("riichi", 11, MIXED), seats, {"name": "t"})
    store.finish_match(match_id, {"scores": [0, 0, 0, 0]})
    store.close()
    return tmp_path, match_id


def test_a_stored_match_reviewed_by_its_number(capsys, data):
    folder, match_id = data
    code, out, err = run(capsys, "review", str(match_id), "--seat", "0", "--data", str(folder))
    assert code == 0 and not err
    assert out.startswith("Review of Ann (East) in riichi, by the strong bot\nmatch rate ")
    code, out, _ = run(capsys, "review", str(match_id), "--seat", "0", "--data", str(folder), "--json")
    review = json.loads(out)
    assert code == 0 and 0 < review["match_rate"] < 1 and review["kyokus"][0]["entries"]
    code, brief, _ = run(capsys, "review", str(match_id), "--seat", "0", "--data", str(folder), "--brief")
    assert code == 0 and "Biggest mistakes" in brief and "decision 2, turn" not in brief


def test_a_record_file_is_reviewed_too(capsys, tmp_path):
    path = tmp_path / "match.json"
    path.write_text(json.dumps(played("riichi", 11, MIXED).to_wire()))
    code, out, _ = run(capsys, "review", str(path), "--seat", "1", "--bot", "normal", "--json")
    assert code == 0 and json.loads(out)["match_rate"] < 1  # seat 1 played strong: normal differs


def one_line(err: str) -> str:
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


def test_an_unknown_match_number(capsys, data):
    folder, match_id = data
    code, _, err = run(capsys, "review", str(match_id + 1), "--seat", "0", "--data", str(folder))
    assert code == 1 and one_line(err) == f"jantaku review: there is no match {match_id + 1}\n"
    code, _, err = run(capsys, "review", "nonsense.json", "--seat", "0", "--data", str(folder))
    assert code == 1 and "there is no match 'nonsense.json'" in one_line(err)
    code, _, err = run(capsys, "review", "1", "--seat", "0", "--data", str(folder / "empty"))
    assert code == 1 and "no jantaku database" in one_line(err)


@pytest.mark.parametrize("seat", ["4", "-1", "east"])
def test_a_seat_out_of_range(capsys, data, seat):
    folder, match_id = data
    with pytest.raises(SystemExit) as exited:
        main(["review", str(match_id), "--seat", seat, "--data", str(folder)])
    err = capsys.readouterr().err
    assert exited.value.code == 2 and "--seat" in one_line(err)


def test_an_unknown_bot(capsys, data):
    folder, match_id = data
    code, _, err = run(capsys, "review", str(match_id), "--seat", "0", "--bot", "mortal", "--data", str(folder))
    assert code == 2 and "unknown bot 'mortal'" in one_line(err)


def test_a_corrupt_record(capsys, data, tmp_path):
    folder, match_id = data
    db = sqlite3.connect(folder / "jantaku.sqlite3")
    db.execute(
        "UPDATE decisions SET action = ? WHERE match_id = ? AND idx = 7", (json.dumps(["chi", 3, [], None]), match_id)
    )
    db.commit()
    db.close()
    code, _, err = run(capsys, "review", str(match_id), "--seat", "0", "--data", str(folder))
    assert code == 1 and "decision 7 by seat" in one_line(err)
    db = sqlite3.connect(folder / "jantaku.sqlite3")
    db.execute("UPDATE decisions SET action = 'not json' WHERE match_id = ? AND idx = 3", (match_id,))
    db.commit()
    db.close()
    code, _, err = run(capsys, "review", str(match_id), "--seat", "0", "--data", str(folder))
    assert code == 1 and "decision 3: not valid JSON" in one_line(err)
    broken = tmp_path / "broken.json"
    broken.write_text('{"version": 1, "ruleset": "riichi"')
    code, _, err = run(capsys, "review", str(broken), "--seat", "0")
    assert code == 1 and "cannot read" in one_line(err)
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({**played("riichi", 11, MIXED).to_wire(), "ruleset": "chess"}))
    code, _, err = run(capsys, "review", str(wrong), "--seat", "0")
    assert code == 1 and "chess" in one_line(err)


def test_analyze_counts_only_unseen_copies_with_seen(capsys):
    code, out, _ = run(capsys, "analyze", "123m456p789s11z23s9m", "--seen", "1s4s4s", "--json")
    assert code == 0 and json.loads(out)["discards"][0] == {
        "discard": "9m",
        "shanten": 0,
        "useful": ["1s", "4s"],
        "remaining": 5,
    }
    code, out, _ = run(capsys, "analyze", "123m456p789s11z23s9m", "--seen", "1x", "--json")
    assert code == 1 and json.loads(out)["error"].startswith("seen: ")


def test_the_review_speaks_the_readers_language_and_its_json_stays_english(capsys, data, monkeypatch, tmp_path):
    from jantaku.i18n import set_language

    folder, match_id = data
    monkeypatch.setenv("JANTAKU_CONFIG", str(tmp_path / "settings.json"))
    monkeypatch.setenv("LANGUAGE", "")
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    try:
        code, out, err = run(capsys, "review", str(match_id), "--seat", "0", "--data", str(folder))
        _, json_out, _ = run(capsys, "review", str(match_id), "--seat", "0", "--data", str(folder), "--json")
    finally:
        set_language("en")
    assert code == 0 and not err
    assert out.startswith("Analyse von Ann (Ost) in riichi, durch den Bot strong\nÜbereinstimmung ")
    assert "Entscheidung 1, Zug" in out and "abwerfen" in out and "Ost 1" in out
    for english in ("useful tiles unseen", "decision ", "discard ", "passed since", "East 1"):
        assert english not in out, english
    review = json.loads(json_out)  # a machine's format: the same words in every language
    first = review["kyokus"][0]
    assert first["name"].startswith("East 1")
    signs = [s for e in first["entries"] for c in e["details"] for o in c["danger"]["opponents"] for s in o["signs"]]
    assert signs and all(s.isascii() for s in signs)
