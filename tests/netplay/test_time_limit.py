"""A ruleset's playing-time limit (``time_is_up``) stops the match at once, on the record."""

from __future__ import annotations

import asyncio
import time

import pytest

from jantaku.engine.match import STOP_SEAT, Match
from jantaku.engine.ruleset import ruleset_names
from jantaku.netplay import runner
from jantaku.netplay.replay import ReplayCursor

from .conftest import close_all, seat_four

pytestmark = pytest.mark.skipif("hongkong" not in ruleset_names(), reason="needs a ruleset with a time limit")


async def test_the_time_limit_stops_the_match_and_replays_stop_there_too(host, monkeypatch):
    monkeypatch.setattr(runner, "CLOCK_CHECK_SECONDS", 0.02)
    table, clients = await seat_four(host, "hongkong", options={"time_limit_minutes": 1},
                                     timers={"turn": None, "claim": None, "bot": 0})
    await clients[0].start(table)
    t = host.lobby.tables[table]
    first = await clients[0].next_message("update", table=table)
    assert first["view"]["match"]["phase"] == "play"
    t.runner.started = time.time() - 61  # a minute and a bit has passed
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
    await asyncio.sleep(0.05)  # the clock is not asked again
    await close_all(clients)
