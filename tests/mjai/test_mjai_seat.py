"""mjai seats: a bot on the mjai package's Bot base class plays a seat at a table of friends; broken bots
get the safe action and the match goes on; the bot sees what its seat may see and nothing else."""

from __future__ import annotations

import asyncio
import json
import shlex
import sys

import pytest

from jantaku.engine.rulesets.riichi.mjai_bridge import MjaiSeatBridge
from jantaku.engine.rulesets.riichi.mjai_replay import export_match
from jantaku.netplay.client import Client
from jantaku.netplay.host import Host
from jantaku.netplay.local import start_local_game
from jantaku.netplay.mjai_seat import BotProcess, parse_seat_specs, play_seat, run_mjai_seat, selfplay_with_mjai
from jantaku.netplay.mjai_server import start_mjai_server
from jantaku.netplay.netbot import bot_chooser, play_table
from jantaku.netplay.prompts import Timers

from ..netplay.conftest import until
from .conftest import BROKEN_BOT, DEEP_BOT, RECORDING_BOT, RULEBASE_BOT, TCP_BOT

MATCH_SECONDS = 300  # a bound for a hung test, never a speed assertion


def table_full(client, table: int) -> bool:
    """Whether every seat of ``table`` is taken, as ``client`` last heard (the mjai bot's process may take
    its time to start on a busy machine)."""
    return all(s["kind"] != "empty" for s in (client.tables.get(table) or {}).get("seats", [{"kind": "empty"}]))


def command(*argv: object) -> str:
    return " ".join(shlex.quote(str(a)) for a in argv)


async def table_with_a_friend(host: Host, mjai_seat: int, options: dict | None = None) -> tuple[int, Client, Client]:
    """A riichi table: a friend (a network client) in seat 0, host bots, ``mjai_seat`` free for the mjai bot,
    and a spectator who hears the table's chat."""
    owner = await Client.connect("127.0.0.1", host.port, "friend")
    table = await owner.create_table("riichi", options=options, timers={"bot": 0}, seat=0)
    for seat in range(1, 4):
        if seat != mjai_seat:
            await owner.add_bot(table, "strong", seat)
    listener = await Client.connect("127.0.0.1", host.port, "listener")
    await listener.spectate(table)
    return table, owner, listener


def decisions_by(host: Host, match_id: int, seat: int) -> dict[str, int]:
    rows = host.store.db.execute(
        "SELECT by, count(*) FROM decisions WHERE match_id = ? AND seat = ? GROUP BY by", (match_id, seat)
    ).fetchall()
    return {by: n for by, n in rows}


async def play_with(host: Host, bot_command: str, *, seat: int = 2, time_limit: float = 2.0, options=None):
    """The friend plays seat 0 with our bot; the mjai bot program plays ``seat``. Returns (match id, chat, fallbacks)."""
    table, friend, listener = await table_with_a_friend(host, seat, options)
    client = await Client.connect("127.0.0.1", host.port, "mjai bot")
    await client.join(table, seat)
    bot = await BotProcess.start(bot_command, seat)
    fallbacks: list[str] = []
    try:
        mjai_task = asyncio.create_task(
            play_seat(
                client,
                table,
                seat,
                bot.channel,
                time_limit=time_limit,
                alive=lambda: bot.alive,
                on_fallback=fallbacks.append,
            )
        )
        await friend.start(table)
        friend_task = asyncio.create_task(play_table(friend, table, bot_chooser("strong")))
        final = await asyncio.wait_for(friend_task, MATCH_SECONDS)
        await asyncio.wait_for(mjai_task, MATCH_SECONDS)
        assert final is not None and final.match is not None and final.match.phase == "over"
        match_id = host.lobby.tables[table].match_id
        chat = [m["text"] for m in _drain(listener) if m.get("type") == "chat"]
        return match_id, chat, fallbacks
    finally:
        await bot.close()
        for c in (client, friend, listener):
            await c.close()


def _drain(client: Client) -> list[dict]:
    out = []
    while not client._queue.empty():
        msg = client._queue.get_nowait()
        if isinstance(msg, dict):
            out.append(msg)
    return out


@pytest.fixture
async def host():
    h = Host(seed=11)
    await h.start(port=0, bind="127.0.0.1")
    yield h
    await h.stop()


async def test_a_bot_on_the_mjai_package_plays_a_whole_east_south_match(host, mjai_python, tmp_path):
    stderr = tmp_path / "bot.stderr"
    wrapper = command(
        "sh", "-c", f'exec "$0" "$1" "$2" 2>>{shlex.quote(str(stderr))}', mjai_python, RULEBASE_BOT, "{seat}"
    )
    match_id, chat, fallbacks = await play_with(host, wrapper)
    stored = host.store.load(match_id)
    assert stored.status == "finished" and stored.record.options.get("game_length") in (None, "east_south")
    assert len(host.store.hand_results(match_id)) >= 8  # east and south
    assert fallbacks == [] and not [c for c in chat if "mjai bot" in c]
    assert decisions_by(host, match_id, 2).keys() == {"player"}  # every decision of seat 2 was the bot's own
    assert "Exception" not in stderr.read_text()  # the mjai Bot's react() reports its own troubles there


@pytest.mark.parametrize("end", ["crash", "hang"])
async def test_a_broken_bot_gets_the_safe_action_and_the_match_finishes(host, end):
    crash_after = 16
    match_id, chat, fallbacks = await play_with(
        host,
        command(sys.executable, BROKEN_BOT, "{seat}", crash_after, end),
        time_limit=0.3,
        options={"game_length": "east"},
    )
    assert host.store.load(match_id).status == "finished"
    # every answer was refused (garbage, too long, a list, a wrong type, another seat's, illegal, late)
    # (a few of its lines answered the end of a hand, where no decision was asked; a decision or two
    # while it was dying got the safe action too)
    hung = 5 if end == "hang" else 0  # the decisions it did not answer before it counted as gone
    assert crash_after - 4 + hung <= len(fallbacks) <= crash_after + 4 + hung
    kinds = " / ".join(fallbacks)
    for why in (
        "not JSON",
        "longer than 64 KiB",
        "not a JSON object",
        "acts for seat",
        "not legal now",
        "no reply in time",
    ):
        assert why in kinds
    by = decisions_by(host, match_id, 2)
    assert by.get("fallback") == len(fallbacks)  # recorded in the match record
    assert by.get("bot", 0) > 0  # once it died, a Jantaku bot took the seat over
    gone = "has not answered for a while" if end == "hang" else "is gone"
    assert any("mjai bot in seat 3:" in c for c in chat) and any(gone in c for c in chat)  # told to the table


async def test_a_bot_replying_deeply_nested_json_gets_the_safe_action_and_the_match_finishes(host):
    match_id, chat, fallbacks = await play_with(
        host, command(sys.executable, DEEP_BOT, "{seat}"), options={"game_length": "east"}
    )
    assert host.store.load(match_id).status == "finished"
    assert fallbacks and all("nested deeper than" in why for why in fallbacks)
    by = decisions_by(host, match_id, 2)
    assert by.get("fallback") == len(fallbacks) and by.keys() <= {"fallback", "player"}  # player: continue
    assert any("mjai bot in seat 3:" in c and "nested deeper" in c for c in chat)


def test_a_reply_whose_reading_raises_gets_the_safe_action(monkeypatch):
    from jantaku.engine.actions import Pass, Pon
    from jantaku.engine.rulesets.riichi import mjai_bridge

    def choose_and_fail(*args, **kwargs):
        raise KeyError("a reply nobody foresaw")

    monkeypatch.setattr(mjai_bridge, "choose_action", choose_and_fail)
    bridge = MjaiSeatBridge(2, ["a", "b", "c", "d"], True)
    legal = [Pass(), Pon(40, (41, 42))]
    outcome = bridge.answer(b'{"type": "pon", "actor": 2}', legal, None)
    assert outcome.action is legal[0] and outcome.problem == "a reply that could not be read (KeyError)"


async def test_an_exception_in_the_seat_s_own_work_hands_the_seat_to_a_bot(host, monkeypatch, tmp_path):
    observed = 0
    observe = MjaiSeatBridge.observe

    def observe_until_it_fails(self, events, view):
        nonlocal observed
        observed += 1
        if observed == 40:  # mid-match, as any bug of ours might
            raise RuntimeError("a bug in the seat's own work")
        observe(self, events, view)

    monkeypatch.setattr(MjaiSeatBridge, "observe", observe_until_it_fails)
    match_id, chat, fallbacks = await play_with(
        host, command(sys.executable, RECORDING_BOT, "{seat}", tmp_path / "seen.jsonl"), options={"game_length": "east"}
    )
    assert host.store.load(match_id).status == "finished"
    assert decisions_by(host, match_id, 2).get("bot", 0) > 0  # a Jantaku bot played the seat on
    assert any("the mjai bot in seat 3 failed; a bot plays on" in c for c in chat)


async def test_the_bot_sees_exactly_its_seat_s_view(host, tmp_path):
    """Everything the bot program received equals the match's mjai log as seat 2 sees it (others' tiles '?').

    The bot plays as `jantaku mjai-seat` seats it at a hosted table (run_mjai_seat)."""
    received = tmp_path / "received.jsonl"
    table, friend, listener = await table_with_a_friend(host, 2, {"game_length": "east"})
    mjai_task = asyncio.create_task(
        run_mjai_seat(
            "127.0.0.1", host.port, command(sys.executable, RECORDING_BOT, "{seat}", received), table=table, seat=2
        )
    )
    try:
        await until(lambda: table_full(friend, table), "the mjai bot has its seat")
        await friend.start(table)
        await asyncio.wait_for(play_table(friend, table, bot_chooser("strong")), MATCH_SECONDS)
        final = await asyncio.wait_for(mjai_task, MATCH_SECONDS)
        assert final is not None and final.match is not None and final.match.phase == "over"
        chat = [m["text"] for m in _drain(listener) if m.get("type") == "chat"]
    finally:
        await friend.close()
        await listener.close()
    match_id = host.lobby.tables[table].match_id
    assert not chat and decisions_by(host, match_id, 2).keys() == {"player"}
    got = [e for line in received.read_text().splitlines() for e in json.loads(line)]
    record = host.store.load(match_id).record
    seat_view = export_match(record, viewer=2)
    full = export_match(record)
    assert got[0]["type"] == "start_game" and got[0]["id"] == 2
    assert got[1:] == seat_view[1:]
    hidden = 0
    for mine, truth in zip(seat_view[1:], full[1:]):
        if mine != truth:  # the only differences: the others' deals and draws
            hidden += 1
            assert mine["type"] in ("start_kyoku", "tsumo")
            if mine["type"] == "tsumo":
                assert mine["actor"] != 2 and mine["pai"] == "?"
            else:
                assert all(h == ["?"] * 13 for i, h in enumerate(mine["tehais"]) if i != 2)
                assert mine["tehais"][2] == truth["tehais"][2]
    assert hidden > 0


async def test_selfplay_and_the_quick_game_seat_mjai_bots(tmp_path):
    recording = tmp_path / "seen.jsonl"
    seats = parse_seat_specs([f"1=mjai:{command(sys.executable, RECORDING_BOT, '{seat}', recording)}"])
    match, fallbacks = await asyncio.wait_for(
        selfplay_with_mjai("riichi", seats, seed=3, bot="strong", options={"game_length": "east"}), MATCH_SECONDS
    )
    assert match.is_over and fallbacks == {1: []}
    assert json.loads(recording.read_text().splitlines()[0])[0]["id"] == 1

    game = await start_local_game(
        "you",
        ruleset="riichi",
        options={"game_length": "east"},
        timers=Timers(turn=None, claim=None, between=None, grace=None, bot=0.0),
        mjai_seats={2: command(sys.executable, RECORDING_BOT, "{seat}", tmp_path / "quick.jsonl")},
    )
    try:
        final = await asyncio.wait_for(play_table(game.client, game.table, bot_chooser("strong")), MATCH_SECONDS)
        assert final is not None and final.match is not None and final.match.phase == "over"
        assert game.mjai is not None and game.mjai.fallbacks == {2: []}
    finally:
        await game.close()


def test_seat_specs_are_checked():
    assert parse_seat_specs(["3=mjai:python bot.py {seat}"]) == {3: "python bot.py {seat}"}
    for bad in ("4=mjai:x", "2=mjai:", "2=bot:x", "two=mjai:x", "2"):
        with pytest.raises(ValueError):
            parse_seat_specs([bad])


async def test_a_tcp_mjai_client_plays_through_mjai_server(host, mjai_python):
    """gimite's protocol, as akochan's mjai_client speaks it: hello, join, then a reply to every event."""
    table, friend, listener = await table_with_a_friend(host, 3, {"game_length": "east"})
    server = await start_mjai_server("127.0.0.1", 0, "127.0.0.1", host.port, table=table)
    port = server.sockets[0].getsockname()[1]
    bot = await asyncio.create_subprocess_exec(
        str(mjai_python),
        str(TCP_BOT),
        "127.0.0.1",
        str(port),
        "akochan",
        "default",
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        await until(lambda: table_full(friend, table), "the mjai bot has its seat")
        await friend.start(table)
        final = await asyncio.wait_for(play_table(friend, table, bot_chooser("strong")), MATCH_SECONDS)
        assert final is not None and final.match is not None and final.match.phase == "over"
        match_id = host.lobby.tables[table].match_id
        assert decisions_by(host, match_id, 3).keys() == {"player"}
        _, err = await asyncio.wait_for(bot.communicate(), 60)
        assert bot.returncode == 0, err.decode()[-2000:]
    finally:
        server.close()
        if bot.returncode is None:
            bot.kill()
        await friend.close()
        await listener.close()


async def test_the_mjai_server_answers_a_deeply_nested_join_in_a_line_and_serves_on(host):
    server = await start_mjai_server("127.0.0.1", 0, "127.0.0.1", host.port, table=1)
    port = server.sockets[0].getsockname()[1]
    try:
        for _ in range(2):  # the second client is served as the first was
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            try:
                assert json.loads(await asyncio.wait_for(reader.readline(), 60))["type"] == "hello"
                writer.write(b"[" * 30_000 + b"]" * 30_000 + b"\n")
                await writer.drain()
                answer = json.loads(await asyncio.wait_for(reader.readline(), 60))
                assert answer["type"] == "error" and "nested deeper than" in answer["message"]
            finally:
                writer.close()
    finally:
        server.close()
