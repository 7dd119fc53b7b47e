"""The lobby: tables, seats, owners, bots, spectators, chat."""

from __future__ import annotations


import pytest

from jantaku.netplay.client import ClientError
from jantaku.netplay.host import Host
from jantaku.netplay.limits import HostLimits
from jantaku.netplay.protocol import ErrorCode

from .conftest import FAST, close_all, connect, until


async def refused(code: str, request) -> None:
    with pytest.raises(ClientError) as info:
        await request
    assert info.value.code == code, info.value.message


async def test_seats_bots_and_the_owner(host):
    ann, bob, cyd = [await connect(host, n) for n in ("ann", "bob", "cyd")]
    table = await ann.create_table("basic", options={"hands": 1}, timers=FAST, name="ann's")
    assert await bob.join(table, 2) == 2
    await refused(ErrorCode.SEAT_TAKEN, cyd.join(table, 2))
    await refused(ErrorCode.NOT_ALLOWED, bob.add_bot(table))  # only the owner
    await refused(ErrorCode.BAD_REQUEST, ann.add_bot(table, bot="grandmaster"))
    assert await ann.add_bot(table) == 0
    assert await ann.add_bot(table, seat=3) == 3
    assert await ann.add_bot(table) == 1
    await refused(ErrorCode.TABLE_FULL, ann.add_bot(table))
    await ann.remove_bot(table, 0)
    await ann.remove_bot(table, 1)
    await refused(ErrorCode.BAD_REQUEST, ann.remove_bot(table, 2))  # a person, not a bot
    assert await cyd.join(table) == 0
    await refused(ErrorCode.NOT_ALLOWED, bob.start(table))
    await ann.start(table)
    info = host.lobby.tables[table].info()
    assert info["state"] == "playing" and info["name"] == "ann's"
    assert [s["kind"] for s in info["seats"]] == ["human", "bot", "human", "bot"]
    await refused(ErrorCode.NOT_ALLOWED, ann.join(table))  # started: spectate instead
    await refused(ErrorCode.NOT_ALLOWED, ann.add_bot(table))
    await close_all([ann, bob, cyd])


async def test_start_fills_empty_seats_with_bots_and_table_messages_follow(host):
    ann = await connect(host, "ann")
    table = await ann.create_table("basic", timers=FAST, seat=1)
    await ann.start(table)
    msgs = [await ann.next_message("table", table=table) for _ in range(2)]
    assert msgs[-1]["seat"] == 1 and msgs[-1]["info"]["state"] == "playing"
    assert ann.tables[table]["seats"][0]["kind"] == "bot" and ann.seats[table] == 1
    await ann.close()


async def test_leaving_frees_the_seat_before_the_match_and_hands_it_to_a_bot_during_it(host):
    ann, bob = await connect(host, "ann"), await connect(host, "bob")
    table = await ann.create_table("basic", timers=FAST, seat=0)
    await bob.join(table, 1)
    await bob.leave(table)
    assert host.lobby.tables[table].seats[1].kind == "empty"
    await bob.join(table, 1)
    await ann.start(table)
    await bob.leave(table)
    seat = host.lobby.tables[table].seats[1]
    assert seat.kind == "bot" and seat.name == "bob (bot)"
    stored = host.store.load(host.lobby.tables[table].match_id, decisions=False)
    assert stored.seats[1].player_id is None and stored.seats[1].bot == "normal"  # the host's default
    await refused(ErrorCode.NOT_ALLOWED, bob.leave(table))
    await close_all([ann, bob])


async def test_tables_nobody_is_at_close(clock):
    host = Host(limits=HostLimits(idle_table_seconds=30, lobby_push_delay=0.01), clock=clock)
    await host.start(port=0)
    ann, watcher = await connect(host, "ann"), await connect(host, "watcher")
    await watcher.list_tables(watch=True)
    table = await ann.create_table("basic", seat=0)
    lobby = await watcher.next_message("lobby")
    assert [t["id"] for t in lobby["tables"]] == [table]
    await ann.leave(table)
    clock.advance(29.9)
    assert table in host.lobby.tables  # idle, not closed yet
    clock.advance(0.1)
    assert table not in host.lobby.tables
    lobby = await watcher.next_message("lobby")
    while lobby["tables"]:
        lobby = await watcher.next_message("lobby")
    # a spectated all-bot match stops when its last spectator leaves
    bots = await ann.create_table("basic", timers={"bot": 0.5})
    for _ in range(4):
        await ann.add_bot(bots)
    await ann.spectate(bots)
    await ann.start(bots)
    match_id = host.lobby.tables[bots].match_id
    await ann.leave(bots)
    await until(lambda: bots not in host.lobby.tables, "the all-bot table goes with its last spectator")
    assert host.store.load(match_id, decisions=False).status == "abandoned"
    await close_all([ann, watcher])
    await host.stop()


async def test_chat_reaches_the_table_and_spectators_who_see_hands_talk_among_themselves(host):
    ann, bob = [await connect(host, n) for n in ("ann", "bob")]
    eve = await connect(host, "eve", source="127.0.0.2")  # the players' address may not watch
    table = await ann.create_table("basic", timers=FAST, seat=0, spectators_see_hands=True)
    await bob.join(table, 1)
    await eve.spectate(table)
    await ann.chat("hello table", table)
    for c in (ann, bob, eve):
        msg = await c.next_message("chat")
        assert (msg["from"], msg["text"], msg["spectator"]) == ("ann", "hello table", False)
    await eve.chat("bob holds 5m", table)
    assert (await eve.next_message("chat"))["text"] == "bob holds 5m"
    await ann.chat("and?", table)
    assert (await bob.next_message("chat"))["text"] == "and?"  # eve's line never reached bob
    other = await ann.create_table("basic")
    await refused(ErrorCode.NOT_ALLOWED, eve.chat("hi", other))
    await close_all([ann, bob, eve])


async def test_chat_is_rate_limited(host):
    ann = await connect(host, "ann")
    await ann.list_tables(watch=True)
    results = []
    for i in range(8):
        try:
            await ann.chat(f"spam {i}")
            results.append("ok")
        except ClientError as exc:
            results.append(exc.code)
    assert results[:5] == ["ok"] * 5 and ErrorCode.CHAT_LIMIT in results[5:]
    await ann.close()


async def test_host_limits_on_tables_and_seats():
    host = Host(limits=HostLimits(max_tables=2, max_seats_per_player=1))
    await host.start(port=0)
    ann = await connect(host, "ann")
    t1 = await ann.create_table("basic", seat=0)
    t2 = await ann.create_table("basic")
    await refused(ErrorCode.NOT_ALLOWED, ann.create_table("basic"))
    await refused(ErrorCode.NOT_ALLOWED, ann.join(t2))
    assert t1 != t2
    await ann.close()
    await host.stop()


async def test_the_lobby_lists_rulesets_and_tables(host):
    ann = await connect(host, "ann")
    table = await ann.create_table("basic", options={"hands": 3}, seat=2)
    [info] = await ann.list_tables()
    assert info["id"] == table and info["options"] == {"hands": 3}
    assert info["seats"][2] == {
        "seat": 2,
        "kind": "human",
        "name": "ann",
        "player": ann.player,
        "bot": None,
        "connected": True,
        "away": False,
    }
    reply = await ann.request({"type": "list"})
    assert "basic" in reply["rulesets"]
    await ann.close()


async def test_stopping_the_host_says_goodbye_to_everyone():
    host = Host()
    await host.start(port=0)
    ann, bob = await connect(host, "ann"), await connect(host, "bob")
    await host.stop()
    for client in (ann, bob):
        bye = await client.next_message("bye")
        assert "shutting down" in bye["reason"]
    await until(lambda: ann.closed and bob.closed, "both clients see the connection closed")
    assert ann.closed and bob.closed and not host.connections
