"""The host's writes of one loop turn are one transaction, committed before that turn's bytes
leave; a commit that fails sends nothing of the turn and stops the matches it would have saved."""

from __future__ import annotations

import errno
import shutil
import sqlite3

import pytest

from jantaku.engine.actions import Action
from jantaku.netplay.client import ConnectionClosed
from jantaku.netplay.host import Host
from jantaku.netplay import store as store_module
from jantaku.netplay.journal import JOURNAL_NAME, DecisionJournal
from jantaku.netplay.store import DB_NAME, Store

from .conftest import HANG, connect, seat_four, until

OFF = {"turn": None, "claim": None, "between": None, "grace": None, "bot": 0}


async def test_a_turns_writes_are_committed_before_anyone_hears_of_them(tmp_path):
    host = Host(data_dir=tmp_path, seed=3)
    await host.start(port=0)
    try:
        table, clients = await seat_four(host, timers=OFF)
        await clients[0].start(table)
        latest = [await c.next_message("update", table=table) for c in clients]
        seat = next(i for i, u in enumerate(latest) if u["prompt"])
        prompt = latest[seat]["prompt"]
        n = await clients[seat].act(table, prompt["id"], Action.from_wire(prompt["actions"][0]))
        # the files as they are now, the host killed this instant: the decision is in them (a turn
        # that only decided journals it: the copy's store replays the journal as it opens)
        assert (tmp_path / JOURNAL_NAME).stat().st_size > 0
        assert not host.store.db.in_transaction
        crashed = tmp_path / "crashed"
        crashed.mkdir()
        for name in (DB_NAME, f"{DB_NAME}-wal", JOURNAL_NAME):
            shutil.copyfile(tmp_path / name, crashed / name)
        reader = Store.in_dir(crashed, create=False)
        [stored] = reader.unfinished()
        reader.close()
        assert len(stored.record.decisions) == n
        assert (crashed / JOURNAL_NAME).stat().st_size == 0  # replayed, then emptied
        for c in clients:
            await c.close()
    finally:
        await host.stop()


@pytest.mark.parametrize("failing", ["database", "journal"])
async def test_a_commit_that_fails_sends_nothing_of_its_turn_and_stops_the_match(tmp_path, monkeypatch, failing):
    host = Host(data_dir=tmp_path, seed=3)
    await host.start(port=0)
    try:
        table, clients = await seat_four(host, timers=OFF)
        await clients[0].start(table)
        latest = [await c.next_message("update", table=table) for c in clients]
        seat = next(i for i, u in enumerate(latest) if u["prompt"])
        prompt = latest[seat]["prompt"]

        def disk_full(store: Store) -> None:
            raise sqlite3.OperationalError("database or disk is full")

        def journal_full(journal: DecisionJournal, rows: list) -> None:
            raise OSError(errno.ENOSPC, "No space left on device")

        if failing == "database":  # the decision goes into the database with this turn
            monkeypatch.setattr(store_module, "JOURNAL_BATCH", 1)
            monkeypatch.setattr(Store, "_commit_now", disk_full)
        else:
            monkeypatch.setattr(DecisionJournal, "append", journal_full)
        with pytest.raises(ConnectionClosed):  # its ok is never sent: the decision is not saved
            await clients[seat].act(table, prompt["id"], Action.from_wire(prompt["actions"][0]))
        await until(lambda: all(c.closed for c in clients), "the four players' connections were dropped")
        for c in clients:  # nobody heard of the lost decision
            heard = []
            with pytest.raises(ConnectionClosed):
                while True:
                    heard.append(await c.next_message("update", table=table, timeout=HANG))
            assert all(u["n"] == 0 for u in heard)
        monkeypatch.undo()
        assert host.lobby.tables[table].state == "broken"
        back = await connect(host, "p0", clients[0].token)
        [info] = [t for t in await back.list_tables() if t["id"] == table]
        assert info["state"] == "broken"
        await back.close()
    finally:
        await host.stop()


def test_a_batch_is_one_transaction_with_whole_matches_inside_it(tmp_path):
    from jantaku.engine.match import Match
    from jantaku.engine.ruleset import get_ruleset
    from jantaku.netplay.store import StoredSeat

    store, opened = Store.in_dir(tmp_path), []
    store.batch_writes(lambda: opened.append(True))
    seats = [StoredSeat(f"bot {i}", None, "easy") for i in range(4)]
    first = store.create_match(1, Match(get_ruleset("basic"), seed=1).record(), seats, {})
    store.append_decision(first, 0, 0, ["discard", 5, [], None], "bot")
    second = store.create_match(2, Match(get_ruleset("basic"), seed=2).record(), seats, {})  # a savepoint
    assert opened == [True] and store.batch_matches == {first, second}
    other = Store.in_dir(tmp_path, create=False)
    assert other.unfinished_ids() == []  # nothing visible before the commit
    assert store.commit() and not store.db.in_transaction and store.batch_matches == set()
    assert other.unfinished_ids() == [first, second]
    other.close()
    store.close()
