"""Timers, absence and coming back: a bot keeps the seat warm; the player gets it back whole."""

from __future__ import annotations

import asyncio

import msgpack

from jantaku.engine.match import Match
from jantaku.netplay.netbot import bot_chooser, play_table

from .conftest import HANG, as_sent, close_all, connect, seat_four, until

SHORT = {"turn": 0.15, "claim": 0.15, "between": 0.15, "grace": 0.3, "bot": 0}


async def test_a_disconnected_player_gets_the_seat_back_with_a_full_view_after_a_bot_played(host):
    table, clients = await seat_four(host, options={"hands": 2}, timers=SHORT)
    await clients[0].start(table)
    others = [asyncio.ensure_future(play_table(c, table, bot_chooser(), think=0.01)) for c in clients[:3]]
    absent = clients[3]
    token = absent.token
    await absent.next_message("update", table=table)
    await absent.close()
    t = host.lobby.tables[table]
    made_before = len(t.match.record().decisions)

    async def autoplayed() -> int:
        return sum(1 for seat, by in host.store.decision_authors(t.match_id) if seat == 3 and by == "auto")

    give_up = asyncio.get_running_loop().time() + HANG
    while asyncio.get_running_loop().time() < give_up:  # the match goes on: a bot answers for seat 3
        if await autoplayed() >= 3:
            break
        await asyncio.sleep(0.05)
    assert await autoplayed() >= 3
    assert t.seats[3].away and not t.seats[3].connected
    assert len(t.match.record().decisions) > made_before

    back = await connect(host, "p3", token)
    assert back.resumed and back.welcome["tables"] == [table]
    info = await back.next_message("table", table=table)
    assert info["seat"] == 3 and info["info"]["seats"][3]["connected"]
    update = await back.next_message("update", table=table)
    assert update["seat"] == 3 and update["events"] == []
    at_that_moment = Match.replay(t.match.record(), upto=update["n"])
    assert update["view"] == as_sent(at_that_moment.view(3))  # the whole view, own hand included
    assert update["view"]["players"][3]["concealed"]
    assert not t.seats[3].away
    finals = await asyncio.wait_for(asyncio.gather(play_table(back, table, bot_chooser()), *others), 30)
    assert all(f["match"]["phase"] == "over" for f in finals)
    authors = {by for seat, by in host.store.decision_authors(t.match_id) if seat == 3}
    assert authors == {"auto", "player"}
    await close_all([*clients[:3], back])


async def test_timeouts_make_a_player_away_until_they_say_they_are_back(timed_host, clock):
    host = timed_host
    table, clients = await seat_four(host, options={"hands": 1}, timers=SHORT)
    await clients[0].start(table)
    sleeper = clients[0]  # the dealer, who never answers
    others = [asyncio.ensure_future(play_table(c, table, bot_chooser(), think=0.01)) for c in clients[1:]]
    t = host.lobby.tables[table]
    for _ in range(100):  # time passes a timer length at a time; the others answer in between
        if t.seats[0].away:
            break
        clock.advance(SHORT["turn"])
        await asyncio.sleep(0.01)
    assert t.seats[0].away and t.seats[0].connected
    msg = await sleeper.next_message("table", table=table)
    while not msg["info"]["seats"][0]["away"]:
        msg = await sleeper.next_message("table", table=table)
    # while away, updates carry no prompt
    update = await sleeper.next_message("update", table=table)
    assert update["prompt"] is None
    await sleeper.back(table)
    assert not t.seats[0].away
    finals = await asyncio.wait_for(asyncio.gather(play_table(sleeper, table, bot_chooser()), *others), 30)
    assert all(f["match"]["phase"] == "over" for f in finals)
    await close_all(clients)


async def test_a_prompt_expires_at_its_deadline_and_not_before(timed_host, clock):
    host = timed_host
    table, clients = await seat_four(host, options={"hands": 1}, timers={"turn": 30, "claim": 10, "bot": 0})
    await clients[0].start(table)
    first = await clients[0].next_message("update", table=table)
    assert first["prompt"]["deadline"] == 30
    t = host.lobby.tables[table]
    prompt = t.runner.prompts[0]
    clock.advance(12.5)
    assert t.runner.prompt_wire(0)["deadline"] == 17.5  # the deadline on the wire counts down
    packed = msgpack.unpackb(t.runner.prompt_packed(0), strict_map_key=False)
    assert packed == t.runner.prompt_wire(0)  # packed once but for the deadline, which still counts
    clock.advance(17.4)
    assert not prompt.expired and len(t.match.record().decisions) == 0
    clock.advance(0.1)
    assert prompt.expired and t.seats[0].timeouts == 1 and not t.seats[0].away
    await until(lambda: len(t.match.record().decisions) > 0, "a bot answers the expired prompt")
    assert host.store.decision_authors(t.match_id)[0] == (0, "auto")
    await close_all(clients)


async def test_a_disconnected_player_keeps_the_seat_for_the_grace_period_exactly(timed_host, clock):
    host = timed_host
    table, clients = await seat_four(
        host, options={"hands": 1}, timers={"turn": None, "claim": None, "grace": 30, "bot": 0}
    )
    await clients[0].start(table)
    await clients[3].next_message("update", table=table)
    t = host.lobby.tables[table]
    await clients[3].close()
    await until(lambda: not t.seats[3].connected, "the host sees seat 3 go")
    clock.advance(29.9)
    assert not t.seats[3].away  # still theirs
    clock.advance(0.1)
    assert t.seats[3].away  # a bot plays it now
    await close_all(clients[:3])


async def test_a_table_pauses_while_none_of_its_players_is_connected(timed_host, clock):
    host = timed_host
    table, clients = await seat_four(host, options={"hands": 1}, timers=SHORT)
    await clients[0].start(table)
    await clients[0].next_message("update", table=table)
    tokens = [c.token for c in clients]
    await close_all(clients)
    t = host.lobby.tables[table]
    await until(lambda: not t.active, "the table sees its last player go")
    made = len(t.match.record().decisions)
    for _ in range(4):  # several timer lengths: nothing happens
        clock.advance(SHORT["grace"])
        await asyncio.sleep(0)
    assert len(t.match.record().decisions) == made and not t.active
    assert all(p.deadline is None for p in t.runner.prompts.values())
    back = await connect(host, "p0", tokens[0])
    update = await back.next_message("update", table=table)
    assert update["view"] == as_sent(t.match.view(0))
    assert t.active
    await back.close()


async def test_quick_table_starts_when_its_player_sits_down(host):
    table = host.create_quick_table(ruleset="basic", options={"hands": 1})
    client = await connect(host, "solo")
    assert await client.join(table) == 0
    update = await client.next_message("update", table=table)
    assert update["seat"] == 0 and update["prompt"] is not None
    kinds = [s["kind"] for s in host.lobby.tables[table].info()["seats"]]
    assert kinds == ["human", "bot", "bot", "bot"]
    await client.close()


async def test_a_local_game_is_a_host_a_client_and_a_started_table():
    from jantaku.netplay.local import start_local_game
    from jantaku.netplay.prompts import Timers

    game = await start_local_game("ann", options={"hands": 1}, timers=Timers(bot=0))
    try:
        final = await asyncio.wait_for(play_table(game.client, game.table, bot_chooser()), 30)
        assert final["match"]["phase"] == "over" and final["seat"] == 0
        assert [s.kind for s in game.host.lobby.tables[game.table].seats] == ["human", "bot", "bot", "bot"]
    finally:
        await game.close()
