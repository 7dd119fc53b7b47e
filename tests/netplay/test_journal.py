"""The host's decision journal: a turn that only decided appends its decisions to a file and
they go into the database in batches; a journal a killed host left behind is replayed once."""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jantaku.engine.actions import Action
from jantaku.engine.match import Match
from jantaku.engine.ruleset import get_ruleset
from jantaku.netplay import store as store_module
from jantaku.netplay.host import Host
from jantaku.netplay.journal import JOURNAL_NAME, DecisionJournal, read_journal
from jantaku.netplay.paths import DataDirLock
from jantaku.netplay.store import DB_NAME, Store, StoredSeat

from .conftest import seat_four

WIRE = ["discard", 5, [], None]
OFF = {"turn": None, "claim": None, "between": None, "grace": None, "bot": 0}


def stored_decisions(data_dir, match_id: int) -> int:
    """What another connection finds in the database file (the journal not counted)."""
    db = sqlite3.connect(data_dir / DB_NAME)
    try:
        return db.execute("SELECT count(*) FROM decisions WHERE match_id = ?", (match_id,)).fetchone()[0]
    finally:
        db.close()


def journaling_store(data_dir) -> tuple[Store, int]:
    """A store as a host uses it (batched, with a journal) and one match in it, committed."""
    store = Store.in_dir(data_dir)
    store.batch_writes(lambda: None, journal=data_dir / JOURNAL_NAME)
    seats = [StoredSeat(f"bot {i}", None, "easy") for i in range(4)]
    match_id = store.create_match(1, Match(get_ruleset("basic"), seed=1).record(), seats, {})
    assert store.commit()
    return store, match_id


def decide(store: Store, match_id: int, first: int, count: int) -> None:
    """``count`` turns of one decision each, every one committed as the host's loop would."""
    for index in range(first, first + count):
        store.append_decision(match_id, index, index % 4, WIRE, "bot")
        assert store.commit()


def test_a_turn_that_only_decided_is_journaled_not_committed_to_the_database(tmp_path):
    store, match_id = journaling_store(tmp_path)
    decide(store, match_id, 0, 3)
    assert not store.db.in_transaction
    assert stored_decisions(tmp_path, match_id) == 0
    rows, unreadable = read_journal(tmp_path / JOURNAL_NAME)
    assert [(r[0], r[1], r[2], r[4]) for r in rows] == [(match_id, i, i % 4, "bot") for i in range(3)]
    assert unreadable == 0
    assert len(store.load(match_id).record.decisions) == 3  # the host itself reads them all
    store.close()


def test_journaled_decisions_go_into_the_database_a_batch_at_a_time(tmp_path, monkeypatch):
    monkeypatch.setattr(store_module, "JOURNAL_BATCH", 5)
    store, match_id = journaling_store(tmp_path)
    decide(store, match_id, 0, 4)
    assert stored_decisions(tmp_path, match_id) == 0
    decide(store, match_id, 4, 1)  # the fifth: the batch is full
    assert stored_decisions(tmp_path, match_id) == 5
    assert read_journal(tmp_path / JOURNAL_NAME) == ([], 0)  # emptied once they are in
    store.close()


def test_journaled_decisions_go_into_the_database_once_the_oldest_is_a_second_old(tmp_path, monkeypatch):
    store, match_id = journaling_store(tmp_path)
    decide(store, match_id, 0, 2)
    assert stored_decisions(tmp_path, match_id) == 0
    monkeypatch.setattr(store_module, "JOURNAL_SECONDS", 0.0)  # as if a second went by
    decide(store, match_id, 2, 1)
    assert stored_decisions(tmp_path, match_id) == 3
    assert read_journal(tmp_path / JOURNAL_NAME) == ([], 0)
    store.close()


def test_a_turn_that_writes_anything_else_takes_the_journaled_decisions_with_it(tmp_path):
    """A hand's result or a match's end is never in the database without the decisions before it."""
    store, match_id = journaling_store(tmp_path)
    decide(store, match_id, 0, 3)
    store.append_decision(match_id, 3, 3, WIRE, "bot")
    store.finish_match(match_id, {"scores": [0, 0, 0, 0]})
    assert store.commit()
    assert stored_decisions(tmp_path, match_id) == 4
    assert read_journal(tmp_path / JOURNAL_NAME) == ([], 0)
    store.close()


def test_closing_the_store_moves_the_journal_into_the_database(tmp_path):
    store, match_id = journaling_store(tmp_path)
    decide(store, match_id, 0, 3)
    store.close()
    assert stored_decisions(tmp_path, match_id) == 3
    assert (tmp_path / JOURNAL_NAME).stat().st_size == 0


def test_a_journal_left_behind_is_replayed_when_the_directory_is_opened(tmp_path):
    data = tmp_path / "data"
    store, match_id = journaling_store(data)
    decide(store, match_id, 0, 6)
    shutil.copytree(data, tmp_path / "killed")  # the files as a kill leaves them
    store.close()
    killed = tmp_path / "killed"
    assert stored_decisions(killed, match_id) == 0 and len(read_journal(killed / JOURNAL_NAME)[0]) == 6
    reopened = Store.in_dir(killed, create=False)
    assert len(reopened.load(match_id).record.decisions) == 6
    reopened.close()
    assert stored_decisions(killed, match_id) == 6
    assert (killed / JOURNAL_NAME).stat().st_size == 0


def test_a_replay_skips_what_the_database_already_has(tmp_path):
    """Killed after the database's commit and before the journal was emptied: nothing twice."""
    store, match_id = journaling_store(tmp_path)
    decide(store, match_id, 0, 4)
    journal = (tmp_path / JOURNAL_NAME).read_bytes()
    store.close()  # all four into the database
    (tmp_path / JOURNAL_NAME).write_bytes(journal)  # and the journal as it was before
    store = Store.in_dir(tmp_path, create=False)
    assert store.replay_journal(tmp_path / JOURNAL_NAME) == 0
    assert len(store.load(match_id).record.decisions) == 4
    store.close()
    assert stored_decisions(tmp_path, match_id) == 4


def test_a_record_cut_short_is_left_out_and_said(tmp_path, caplog):
    data = tmp_path / "data"
    store, match_id = journaling_store(data)
    decide(store, match_id, 0, 2)
    shutil.copytree(data, tmp_path / "killed")
    store.close()
    killed = tmp_path / "killed"
    whole = (killed / JOURNAL_NAME).read_bytes()
    (killed / JOURNAL_NAME).write_bytes(whole + whole[: len(whole) // 2 - 3])  # a third, cut short
    with caplog.at_level(logging.WARNING, logger="jantaku.netplay.store"):
        reopened = Store.in_dir(killed, create=False)
    assert len(reopened.load(match_id).record.decisions) == 2
    reopened.close()
    assert "not a whole decision; left out" in caplog.text


def test_a_journaled_decision_of_a_match_not_stored_is_left_out_and_said(tmp_path, caplog):
    store, match_id = journaling_store(tmp_path)
    store.close()
    DecisionJournal(tmp_path / JOURNAL_NAME).append(
        [(match_id, 0, 0, '["discard", 5, [], null]', "bot", 1.0), (match_id + 7, 0, 0, "[]", "bot", 1.0)]
    )
    with caplog.at_level(logging.WARNING, logger="jantaku.netplay.store"):
        reopened = Store.in_dir(tmp_path, create=False)
    assert len(reopened.load(match_id).record.decisions) == 1
    reopened.close()
    assert f"a decision of match {match_id + 7}, which is not stored" in caplog.text


def test_the_journal_of_a_running_host_is_left_to_it(tmp_path):
    store, match_id = journaling_store(tmp_path)
    decide(store, match_id, 0, 2)
    lock = DataDirLock(tmp_path)
    lock.acquire()  # the host's lock, as a running host holds it
    try:
        reader = Store.in_dir(tmp_path, create=False)
        reader.close()
        assert len(read_journal(tmp_path / JOURNAL_NAME)[0]) == 2  # untouched
    finally:
        lock.release()
    store.close()


@pytest.mark.parametrize("cut", [0, 5])
def test_a_journal_write_that_fails_halfway_leaves_no_half_record(tmp_path, monkeypatch, cut):
    journal = DecisionJournal(tmp_path / JOURNAL_NAME)
    journal.append([(1, 0, 0, "[]", "bot", 1.0)])
    real_write = os.write

    calls = []

    def full_disk(fd, data):  # a short write (``cut`` bytes), then no space at all
        calls.append(len(data))
        if cut and len(calls) == 1:
            return real_write(fd, data[:cut])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", full_disk)
    with pytest.raises(OSError):
        journal.append([(1, 1, 1, "[]", "bot", 2.0)])
    monkeypatch.undo()
    assert len(calls) == (2 if cut else 1)
    journal.append([(1, 2, 2, "[]", "bot", 3.0)])
    journal.close()
    rows, unreadable = read_journal(tmp_path / JOURNAL_NAME)
    assert [r[1] for r in rows] == [0, 2] and unreadable == 0


async def test_a_host_started_on_a_killed_hosts_files_resumes_with_every_journaled_decision(tmp_path):
    host = Host(data_dir=tmp_path / "data", seed=3)
    await host.start(port=0)
    try:
        table, clients = await seat_four(host, timers=OFF)
        await clients[0].start(table)
        heard = 0
        latest = [await c.next_message("update", table=table) for c in clients]
        for _ in range(6):  # six decisions, each a turn of its own
            seat = next(i for i, u in enumerate(latest) if u["prompt"])
            prompt = latest[seat]["prompt"]
            heard = await clients[seat].act(table, prompt["id"], Action.from_wire(prompt["actions"][0]))
            latest = [await c.next_message("update", table=table) for c in clients]
        assert len(read_journal(tmp_path / "data" / JOURNAL_NAME)[0]) > 0
        shutil.copytree(tmp_path / "data", tmp_path / "killed", ignore=shutil.ignore_patterns("*-shm", "host.lock"))
        for c in clients:
            await c.close()
    finally:
        await host.stop()
    again = Host(data_dir=tmp_path / "killed", seed=3)
    await again.start(port=0)
    try:
        [resumed] = again.lobby.tables.values()
        assert len(resumed.current_runner().match.record().decisions) == heard
        assert (tmp_path / "killed" / JOURNAL_NAME).stat().st_size == 0
    finally:
        await again.stop()


# --- a property: whatever a turn committed is there after a kill at any moment ---------------

TURN = st.lists(st.sampled_from(["decide", "decide", "decide", "hand", "read"]), min_size=1, max_size=4)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(turns=st.lists(TURN, min_size=1, max_size=40), batch=st.integers(1, 8), kills=st.sets(st.integers(0, 39)))
def test_a_kill_after_any_turn_keeps_exactly_what_was_committed(tmp_path_factory, monkeypatch, turns, batch, kills):
    monkeypatch.setattr(store_module, "JOURNAL_BATCH", batch)
    data = tmp_path_factory.mktemp("data")
    store, match_id = journaling_store(data)
    committed = 0  # decisions whose turn's commit returned: a client may have heard of them
    made = 0
    for n, turn in enumerate(turns):
        for step in turn:
            if step == "decide":
                store.append_decision(match_id, made, made % 4, WIRE, "bot")
                made += 1
            elif step == "hand":
                store.record_hand(match_id, n, {"hand": n})
            else:  # the host reads its own record mid-turn: everything so far
                assert len(store.load(match_id).record.decisions) == made
        assert store.commit()
        committed = made
        if n in kills:  # the files as a SIGKILL right after this turn leaves them
            killed = tmp_path_factory.mktemp("killed")
            for name in (DB_NAME, f"{DB_NAME}-wal", JOURNAL_NAME):
                if (data / name).exists():
                    shutil.copyfile(data / name, killed / name)
            reopened = Store.in_dir(killed, create=False)
            assert len(reopened.load(match_id).record.decisions) == committed
            reopened.close()
            assert stored_decisions(killed, match_id) == committed  # in the database itself now
    store.close()
    assert stored_decisions(data, match_id) == made
