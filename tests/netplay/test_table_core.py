"""The host's table logic as a core without I/O: no event loop, no sockets, no sleeps.

A :class:`HostTable` and its match driver are driven here only by calls (a player sits,
acts, drops, comes back) and by a :class:`FakeClock` the test advances; what they send is
collected from stand-in connections.  Deadlines, bot pauses, timeouts, take-over by a bot,
grace periods and pausing all happen on fake time.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import msgpack

from jantaku.netplay.clock import FakeClock
from jantaku.netplay.players import Player
from jantaku.netplay.prompts import Timers
from jantaku.netplay.seats import TableSettings
from jantaku.netplay.store import Store
from jantaku.netplay.tables import HostTable

TIMERS = Timers(turn=5.0, claim=2.0, between=3.0, grace=10.0, bot=0.5)


class Wire:
    """A connection as the table sees one: what is sent to it is kept, decoded."""

    def __init__(self) -> None:
        self.closed = False
        self.watching: set[int] = set()
        self.received: list[dict[str, Any]] = []

    def send(self, msg: dict[str, Any]) -> bool:
        self.received.append(msg)
        return True

    def send_packed(self, data: bytes) -> bool:
        self.received.append(msgpack.unpackb(data, strict_map_key=False))
        return True

    def updates(self) -> list[dict[str, Any]]:
        return [m for m in self.received if m["type"] == "update"]


def person(pid: int, name: str) -> Player:
    return Player(pid, name, conn=Wire())  # type: ignore[arg-type]  # a stand-in connection


def new_table(clock: FakeClock, store: Store) -> HostTable:
    settings = TableSettings("basic", options={"hands": 2}, timers=TIMERS)
    return HostTable(1, settings, store=store, rng=random.Random(5), on_change=lambda t: None, clock=clock)


def advance_until(clock: FakeClock, condition, what: str, *, step: float = 0.25, limit: float = 600.0) -> None:
    waited = 0.0
    while not condition():
        assert waited < limit, f"never happened in {limit:g} fake seconds: {what}"
        clock.advance(step)
        waited += step


def test_the_core_runs_without_an_event_loop():
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        pass
    else:  # pragma: no cover - the point of the test
        raise AssertionError("this test must run outside any event loop")
    clock, store = FakeClock(), Store(None)
    ann = person(1, "ann")
    table = new_table(clock, store)
    table.sit(ann, 0)
    for seat in (1, 2, 3):
        table.add_bot(ann, "easy", seat)
    table.start(ann)
    runner = table.current_runner()
    advance_until(clock, lambda: 0 in runner.prompts, "ann is asked to decide")
    made = len(runner.match.record().decisions)
    clock.advance(0.4)  # bots pause 0.5 s before each decision; nothing moves for ann's prompt
    assert len(runner.match.record().decisions) == made
    prompt = runner.prompts[0]
    table.act(ann, prompt.id, prompt.actions[0].to_wire())
    assert len(runner.match.record().decisions) == made + 1
    assert ann.conn.updates()[-1]["n"] >= made + 1  # type: ignore[union-attr]
    store.close()


def test_timeouts_then_a_bot_for_the_away_player_then_back_on_fake_time():
    clock, store = FakeClock(), Store(None)
    ann = person(1, "ann")
    table = new_table(clock, store)
    table.sit(ann, 0)
    for seat in (1, 2, 3):
        table.add_bot(ann, "easy", seat)
    table.start(ann)
    runner, seat = table.current_runner(), table.seats[0]
    for expected_timeouts in (1, 2):
        advance_until(clock, lambda: 0 in runner.prompts and not runner.prompts[0].expired, "a prompt for ann")
        prompt = runner.prompts[0]
        deadline = prompt.deadline
        assert deadline is not None
        clock.advance(deadline - clock.time() - 0.01)
        assert runner.prompts.get(0) is prompt and not prompt.expired  # not before its deadline
        clock.advance(0.01)
        assert seat.timeouts == expected_timeouts
        advance_until(clock, lambda answered=prompt: runner.prompts.get(0) is not answered, "a bot answered for ann")
    assert seat.away  # two timeouts in a row: a bot plays the seat until ann is back
    made = len(runner.match.record().decisions)
    advance_until(clock, lambda: len(runner.match.record().decisions) > made + 8, "play goes on without ann")
    assert 0 not in runner.prompts
    authors = {by for s, by in store.decision_authors(runner.match_id) if s == 0}
    assert authors == {"auto"}
    table.back(ann)
    assert not seat.away and seat.timeouts == 0
    advance_until(clock, lambda: 0 in runner.prompts, "ann is asked again")
    store.close()


def test_a_dropped_player_has_the_grace_period_and_a_table_nobody_is_at_waits():
    clock, store = FakeClock(), Store(None)
    ann, bob = person(1, "ann"), person(2, "bob")
    table = new_table(clock, store)
    table.sit(ann, 0)
    table.sit(bob, 1)
    table.add_bot(ann, "easy", 2)
    table.add_bot(ann, "easy", 3)
    table.start(ann)
    runner = table.current_runner()
    bob.conn.closed = True  # type: ignore[union-attr]
    table.player_disconnected(bob)
    clock.advance(TIMERS.grace - 0.01)
    assert not table.seats[1].away
    clock.advance(0.01)
    assert table.seats[1].away  # the grace is over: a bot plays for bob
    ann.conn.closed = True  # type: ignore[union-attr]
    table.player_disconnected(ann)
    assert not table.active
    made = len(runner.match.record().decisions)
    clock.advance(3600.0)  # nobody is there: no clock runs, no bot plays
    assert len(runner.match.record().decisions) == made
    ann.conn.closed = False  # type: ignore[union-attr]
    table.player_connected(ann)
    advance_until(clock, lambda: 0 in runner.prompts or len(runner.match.record().decisions) > made, "play resumes")
    store.close()


def test_a_bot_only_table_shares_time_through_the_pacer_on_the_clock():
    from jantaku.netplay.pacing import BotPacer

    clock, store = FakeClock(), Store(None)
    settings = TableSettings("basic", options={"hands": 1}, timers=Timers(bot=0.0))
    table = HostTable(
        1, settings, store=store, rng=random.Random(5), on_change=lambda t: None, clock=clock,
        pacer=BotPacer(0.5, clock),
    )  # fmt: skip
    watcher = Wire()
    table.watch(watcher)  # type: ignore[arg-type]
    table.start()
    runner = table.current_runner()
    advance_until(clock, lambda: not runner.running, "the bots finish their match", step=1.0, limit=100000.0)
    assert table.state == "finished" and runner.match.is_over
    assert watcher.updates()[-1]["view"]["phase"] == "over"
    store.close()
