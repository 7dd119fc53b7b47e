"""The SQLite store: records survive, foreign or damaged files are refused and left alone."""

from __future__ import annotations

import sqlite3

import pytest

from jantaku.engine.match import Match, MatchRecord
from jantaku.engine.ruleset import get_ruleset
from jantaku.cli import main
from jantaku.netplay.store import APPLICATION_ID, DB_NAME, SCHEMA_VERSION, Store, StoredSeat, StoreError

SEATS = [
    StoredSeat("ann", None, None),
    StoredSeat("easy bot", None, "easy"),
    StoredSeat("easy bot", None, "easy"),
    StoredSeat("easy bot", None, "easy"),
]


def played(decisions: int, seed: int = 3) -> Match:
    match = Match(get_ruleset("basic", options={"hands": 2}), seed=seed)
    for _ in range(decisions):
        seat, actions = min(match.pending().items())
        match.act(seat, actions[0])
    return match


def test_decisions_appended_one_by_one_replay_to_the_same_match(tmp_path):
    store = Store.in_dir(tmp_path)
    pid, token = store.new_player("ann")
    match = Match(get_ruleset("basic", options={"hands": 2}), seed=3)
    seats = [StoredSeat("ann", pid, None)] + SEATS[1:]
    match_id = store.create_match(1, match.record(), seats, {"ruleset": "basic", "timers": {}})
    for index in range(40):
        seat, actions = min(match.pending().items())
        match.act(seat, actions[0])
        store.append_decision(match_id, index, seat, actions[0].to_wire(), "player")
    store.close()

    again = Store.in_dir(tmp_path)  # a new process, say
    assert again.player_by_token(token) == (pid, "ann")
    [stored] = again.unfinished()
    assert stored.id == match_id and stored.seats[0].player_id == pid
    assert Match.replay(stored.record).view(0) == match.view(0)
    again.close()


def test_finished_matches_are_listed_with_their_results(tmp_path):
    store = Store.in_dir(tmp_path)
    for seed in (1, 2):
        match = played(0, seed)
        match_id = store.create_match(seed, match.record(), SEATS, {"ruleset": "basic"})
        if seed == 2:
            store.finish_match(match_id, {"scores": [1, 2, 3, 4]})
    assert [m.result for m in store.finished()] == [{"scores": [1, 2, 3, 4]}]
    assert len(store.unfinished()) == 1 and store.next_table_id() == 3


def test_a_gap_in_the_decisions_is_reported(tmp_path):
    store = Store.in_dir(tmp_path)
    match = played(0)
    match_id = store.create_match(1, match.record(), SEATS, {})
    seat, actions = min(match.pending().items())
    store.append_decision(match_id, 1, seat, actions[0].to_wire(), "player")  # index 0 is missing
    with pytest.raises(StoreError, match="decision 0 is missing"):
        store.load(match_id)


def unchanged_after_refusal(path, match: str) -> None:
    before = path.read_bytes()
    with pytest.raises(StoreError, match=match):
        Store.in_dir(path.parent)
    assert path.read_bytes() == before


def test_a_file_that_is_not_sqlite_is_refused_and_left_alone(tmp_path):
    path = tmp_path / DB_NAME
    path.write_bytes(b"my shopping list\n" * 100)
    unchanged_after_refusal(path, "not a SQLite database")


def test_another_programs_database_is_refused_and_left_alone(tmp_path):
    path = tmp_path / DB_NAME
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE recipes (name TEXT)")
    db.commit()
    db.close()
    unchanged_after_refusal(path, "another program")
    db = sqlite3.connect(path)
    db.execute("PRAGMA application_id = 1234")
    db.commit()
    db.close()
    unchanged_after_refusal(path, "another program")


def test_a_newer_schema_is_refused(tmp_path):
    Store.in_dir(tmp_path).close()
    path = tmp_path / DB_NAME
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    unchanged_after_refusal(path, "newer jantaku")


def test_a_damaged_database_is_refused_and_left_alone(tmp_path):
    store = Store.in_dir(tmp_path)
    for seed in range(30):  # enough rows for several pages
        store.create_match(seed, played(0, seed).record(), SEATS, {"padding": "x" * 500})
    root = store.db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'matches'").fetchone()[0]
    store.close()
    path = tmp_path / DB_NAME
    data = bytearray(path.read_bytes())
    assert int.from_bytes(data[68:72], "big") == APPLICATION_ID
    page = int.from_bytes(data[16:18], "big")
    data[(root - 1) * page : (root - 1) * page + 300] = b"\xff" * 300  # scribble over its header
    path.write_bytes(bytes(data))
    unchanged_after_refusal(path, "damaged|cannot be read")


def test_the_host_command_refuses_a_foreign_database_clearly(tmp_path, capsys):
    (tmp_path / DB_NAME).write_bytes(b"\x00" * 4096)
    code = main(
        ["host", "--data", str(tmp_path), "--port", "0", "--bind", "127.0.0.1", "--no-announce", "--log-level", "error"]
    )
    assert code == 1
    err = capsys.readouterr().err
    assert "not a SQLite database" in err and "refusing" in err
    assert (tmp_path / DB_NAME).read_bytes() == b"\x00" * 4096


def test_in_memory_store_for_local_games():
    store = Store(None)
    match_id = store.create_match(1, MatchRecord("basic", "default", {}, 5), SEATS, {})
    assert store.load(match_id).record.seed == 5


async def test_a_host_that_cannot_listen_lets_go_of_its_data(tmp_path):
    from jantaku.netplay.host import Host

    first = Host(data_dir=tmp_path / "a")
    port = await first.start(port=0)
    second = Host(data_dir=tmp_path / "b")
    with pytest.raises(OSError):
        await second.start(port=port)
    again = Host(data_dir=tmp_path / "b")  # the lock and the database were released
    await again.start(port=0)
    await again.stop()
    await first.stop()


async def test_a_match_that_cannot_be_resumed_is_marked_and_the_others_go_on(tmp_path):
    from jantaku.netplay.host import Host

    store = Store.in_dir(tmp_path)
    good = played(12, seed=1)
    good_id = store.create_match(1, good.record(), SEATS, {"ruleset": "basic"})
    bad = played(0, seed=2)
    bad_id = store.create_match(2, bad.record(), SEATS, {"ruleset": "basic"})
    seat, actions = min(bad.pending().items())
    store.append_decision(bad_id, 3, seat, actions[0].to_wire(), "player")  # decisions 0-2 missing
    lost = store.create_match(3, MatchRecord("nonesuch", "default", {}, 1), SEATS, {"ruleset": "nonesuch"})
    store.close()

    host = Host(data_dir=tmp_path)
    await host.start(port=0)
    assert host.resumed == 1 and host.lobby.tables[1].match.view(0) == good.view(0)
    assert host.store.load(bad_id, decisions=False).status == "broken"
    assert host.store.load(lost, decisions=False).status == "playing"  # kept for a host that has the ruleset
    assert good_id == host.lobby.tables[1].match_id
    await host.stop()


DEEP_JSON = "[" * 100_000 + "]" * 100_000
CORRUPTIONS = {  # what a damaged row looks like (the database's integrity check still says "ok")
    "decision not JSON": (
        "UPDATE decisions SET action = '[\"discard\", ' WHERE match_id = ? AND idx = 1",
        "decision 1",
    ),
    "decision not an action": (
        "UPDATE decisions SET action = '[\"fly\", 99]' WHERE match_id = ? AND idx = 1",
        "decision 1",
    ),
    "decision not legal": (
        "UPDATE decisions SET action = '[\"discard\", 143, [], null]' WHERE match_id = ? AND idx = 2",
        "decision 2",
    ),
    "decision not a list": ("UPDATE decisions SET action = '{\"a\": 1}' WHERE match_id = ? AND idx = 0", "decision 0"),
    "options not JSON": ("UPDATE matches SET options = 'hands=2' WHERE id = ?", "options"),
    "options not an object": ("UPDATE matches SET options = '[1, 2]' WHERE id = ?", "options"),
    "settings not JSON": ("UPDATE matches SET settings = '{\"name\": ' WHERE id = ?", "settings"),
    # nested deeper than Python's recursion: json.loads once raised RecursionError and the host did not start
    "decision nested deep": (
        f"UPDATE decisions SET action = '{DEEP_JSON}' WHERE match_id = ? AND idx = 1",
        "decision 1",
    ),
    "options nested deep": (f"UPDATE matches SET options = '{DEEP_JSON}' WHERE id = ?", "options"),
    "walls nested deep": (f"UPDATE matches SET walls = '{DEEP_JSON}' WHERE id = ?", "walls"),
}


async def test_corrupt_rows_break_only_their_match_and_the_host_serves_the_others(tmp_path, caplog):
    from jantaku.netplay.client import Client
    from jantaku.netplay.host import Host

    store = Store.in_dir(tmp_path)
    ann, token = store.new_player("ann")
    good = played(12, seed=1)
    good_id = store.create_match(1, good.record(), [StoredSeat("ann", ann, None)] + SEATS[1:], {"ruleset": "basic"})
    damaged = {
        why: store.create_match(2 + i, played(6, seed=2 + i).record(), SEATS, {"ruleset": "basic"})
        for i, why in enumerate(CORRUPTIONS)
    }
    store.close()
    db = sqlite3.connect(tmp_path / DB_NAME)
    for why, match_id in damaged.items():
        db.execute(CORRUPTIONS[why][0], (match_id,))
    db.commit()
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()

    for attempt in range(2):  # and again: a second start finds them marked and does not trip either
        caplog.clear()
        host = Host(data_dir=tmp_path)
        await host.start(port=0)
        try:
            assert host.resumed == 1 and host.lobby.tables[1].match_id == good_id
            client = await Client.connect("127.0.0.1", host.port, "ann", token)
            assert client.welcome["tables"] == [1]  # ann has her seat back
            assert [t["id"] for t in await client.list_tables()] == [1]
            await client.close()
            for why, match_id in damaged.items():
                status = host.store.db.execute("SELECT status FROM matches WHERE id = ?", (match_id,)).fetchone()
                assert status == ("broken",), why
                if attempt == 0:
                    lines = [r.getMessage() for r in caplog.records if f"match {match_id} " in r.getMessage()]
                    assert any("marked broken" in line and CORRUPTIONS[why][1] in line for line in lines), (why, lines)
                    assert not any(r.exc_info for r in caplog.records if f"match {match_id} " in r.getMessage()), why
        finally:
            await host.stop()


def test_history_and_export_report_a_damaged_row_in_one_line(tmp_path, capsys):
    store = Store.in_dir(tmp_path)
    good = store.create_match(1, played(4, seed=1).record(), SEATS, {"ruleset": "basic"})
    bad = store.create_match(2, played(4, seed=2).record(), SEATS, {"ruleset": "basic"})
    for match_id in (good, bad):
        store.finish_match(match_id, {"scores": [0, 0, 0, 0]})
    store.db.execute("UPDATE matches SET options = '{hands' WHERE id = ?", (bad,))
    store.close()
    assert main(["history", "--data", str(tmp_path), "--json"]) == 0
    out = capsys.readouterr()
    listed = out.out.splitlines()
    assert len(listed) == 1 and f'"match": {good}' in listed[0]
    assert out.err.count("\n") == 1 and f"left out: match {bad}: the stored options" in out.err
    assert main(["export", str(bad), "--data", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"match {bad}" in err and "options" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("column", "update"),
    [
        ("options", "UPDATE matches SET options = ? WHERE id = ?"),
        ("walls", "UPDATE matches SET walls = ? WHERE id = ?"),
        ("result", "UPDATE hands SET result = ? WHERE match_id = ?"),
    ],
)
def test_history_and_export_skip_a_row_nested_deep_with_a_note(tmp_path, capsys, column, update):
    store = Store.in_dir(tmp_path)
    good = store.create_match(1, played(4, seed=1).record(), SEATS, {"ruleset": "basic"})
    bad = store.create_match(2, played(4, seed=2).record(), SEATS, {"ruleset": "basic"})
    for match_id in (good, bad):
        store.record_hand(match_id, 0, {"kind": "draw"})
        store.finish_match(match_id, {"scores": [0, 0, 0, 0]})
    store.db.execute(update, (DEEP_JSON, bad))
    store.db.commit()
    with pytest.raises(StoreError, match=f"match {bad}: the stored"):
        store.hand_results(bad) if column == "result" else store.load(bad)
    store.close()
    if column == "result":
        return  # hands are not read by history or export
    assert main(["history", "--data", str(tmp_path)]) == 0
    out = capsys.readouterr()
    assert f"#{good}" in out.out and f"#{bad}" not in out.out
    assert out.err.count("\n") == 1 and f"left out: match {bad}: the stored {column}" in out.err
    assert main(["export", str(bad), "--data", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"match {bad}: the stored {column}" in err and "Traceback" not in err
