"""A ruleset's playing-time limit (``time_is_up``) stops the match at once, on the record.

The host runs on a fake clock: the test moves time on by a minute instead of waiting one."""

from __future__ import annotations

import pytest

from jantaku.engine.match import STOP_SEAT, Match
from jantaku.engine.ruleset import ruleset_names
from jantaku.netplay import runner
from jantaku.netplay.replay import ReplayCursor

from .conftest import close_all, seat_four, until

pytestmark = pytest.mark.skipif("hongkong" not in ruleset_names(), reason="needs a ruleset with a time limit")


async def test_the_time_limit_stops_the_match_and_replays_stop_there_too(timed_host, clock):
    host = timed_host
    table, clients = await seat_four(
        host, "hongkong", options={"time_limit_minutes": 1}, timers={"turn": None, "claim": None, "bot": 0}
    )
    await clients[0].start(table)
    t = host.lobby.tables[table]
    first = await clients[0].next_message("update", table=table)
    assert first["view"]["match"]["phase"] == "play"
    clock.advance(59)  # not yet: nobody has decided, and the limit is a minute away
    assert t.state == "playing" and not t.match.stopped
    clock.advance(runner.CLOCK_CHECK_SECONDS + 1)  # a minute and a bit has passed
    update = await clients[1].next_message("update", table=table)
    while update["view"]["match"]["phase"] != "over":
        update = await clients[1].next_message("update", table=table)
    [end] = [e for e in update["events"] if e["type"] == "match_end"]
    assert end["stopped"] == "time limit" and update["prompt"] is None
    assert t.state == "finished"

    stored = host.store.load(t.match_id)
    assert stored.status == "finished" and stored.result["stopped"] == "time limit"
    assert stored.record.decisions[-1][0] == STOP_SEAT
    assert Match.replay(stored.record).stopped == "time limit"
    cursor = ReplayCursor(stored.record)
    cursor.seek(len(cursor))
    assert cursor.view(None)["match"]["phase"] == "over"
    made = len(t.match.record().decisions)
    clock.advance(10 * runner.CLOCK_CHECK_SECONDS)  # the clock is not asked again
    assert len(t.match.record().decisions) == made
    await close_all(clients)


async def test_the_time_limit_waits_while_the_table_is_paused(timed_host, clock):
    host = timed_host
    table, clients = await seat_four(
        host,
        "hongkong",
        options={"time_limit_minutes": 1},
        timers={"turn": None, "claim": None, "grace": None, "bot": 0},
    )
    await clients[0].start(table)
    await clients[0].next_message("update", table=table)
    t = host.lobby.tables[table]
    await close_all(clients)
    await until(lambda: not t.active, "the table pauses when its last player leaves")
    clock.advance(120)
    assert t.state == "playing" and not t.match.stopped
