"""Hostile input costs its sender an error or the connection, never anyone else's game."""

from __future__ import annotations

import asyncio
import itertools
import random
import socket

import msgpack
import pytest

from jantaku.engine.match import Match
from jantaku.netplay.client import ClientError
from jantaku.netplay.connection import Connection
from jantaku.netplay.host import Host
from jantaku.netplay.limits import ConnectionLimits
from jantaku.netplay.netbot import bot_chooser, play_table
from jantaku.netplay.protocol import ErrorCode, pack

from .conftest import HANG, close_all, connect, seat_four, until

HELLO = pack({"type": "hello", "protocol": 1, "name": "mallory"})


class RawPeer:
    """A client speaking raw bytes, reading whatever the host answers."""

    def __init__(self, reader, writer):
        self.reader, self.writer = reader, writer
        self.unpacker = msgpack.Unpacker(strict_map_key=False)

    @classmethod
    async def open(cls, port: int, *, rcvbuf: int | None = None) -> "RawPeer":
        sock = None
        if rcvbuf is not None:
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
            sock.connect(("127.0.0.1", port))
            reader, writer = await asyncio.open_connection(sock=sock)
        else:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        return cls(reader, writer)

    def send(self, data: bytes) -> None:
        self.writer.write(data)

    async def until_closed(self, timeout: float = HANG) -> list[dict]:
        """Everything the host sends until it closes the connection."""
        out = []

        async def read():
            while data := await self.reader.read(65536):
                self.unpacker.feed(data)
                out.extend(self.unpacker)

        try:
            await asyncio.wait_for(read(), timeout)
        except ConnectionResetError:
            pass
        return out

    async def next(self, timeout: float = HANG) -> dict:
        async def read():
            while True:
                for msg in self.unpacker:
                    return msg
                data = await self.reader.read(65536)
                if not data:
                    raise EOFError("closed")
                self.unpacker.feed(data)

        return await asyncio.wait_for(read(), timeout)

    async def reply_to(self, msg: dict) -> dict:
        """Send a request and return the next message that is not an unsolicited table/lobby one."""
        self.send(pack(msg))
        while True:
            reply = await self.next()
            if reply["type"] in ("error", "ok", "pong", "lobby", "welcome"):
                return reply

    def close(self) -> None:
        self.writer.close()


def codes(msgs: list[dict]) -> list[str]:
    return [m.get("code") for m in msgs if m["type"] == "error"]


async def closed_with(port: int, data: bytes, *, hello: bool = True) -> list[str]:
    peer = await RawPeer.open(port)
    peer.send((HELLO if hello else b"") + data)
    msgs = await peer.until_closed()
    peer.close()
    return codes(msgs)


@pytest.fixture
async def busy_host():
    """A host with short handshake/idle limits and a small send buffer, and a match going on."""
    host = Host(
        seed=3,
        connection_limits=ConnectionLimits(
            handshake_timeout=0.5, idle_timeout=2.0, send_buffer=32 * 1024, socket_send_buffer=8192
        ),
    )
    await host.start(port=0)
    table, clients = await seat_four(host, options={"hands": 3}, timers={"bot": 0}, ping_interval=0.5)
    await clients[0].start(table)
    game = asyncio.ensure_future(asyncio.gather(*(play_table(c, table, bot_chooser(), think=0.005) for c in clients)))
    yield host, table, clients, game
    game.cancel()
    await close_all(clients)
    await host.stop()


async def finish_and_check(host: Host, table: int, game: asyncio.Future) -> None:
    """The victims' match ends normally and every decision of it is stored and replays."""
    finals = await asyncio.wait_for(game, 60)
    assert all(f is not None and f["match"]["phase"] == "over" for f in finals)
    t = host.lobby.tables[table]
    stored = host.store.load(t.match_id)
    assert stored.status == "finished"
    assert stored.record.decisions == t.match.record().decisions
    assert Match.replay(stored.record).scores == t.match.scores


async def test_garbage_and_broken_messages_close_only_their_own_connection(busy_host):
    host, table, clients, game = busy_host
    port = host.port
    rng = random.Random(5)
    assert await closed_with(port, b"\xc1") == [ErrorCode.MALFORMED]
    assert await closed_with(port, msgpack.packb([1, 2, 3])) == [ErrorCode.MALFORMED]
    assert await closed_with(port, msgpack.packb({"type": 5})) == [ErrorCode.MALFORMED]
    assert await closed_with(port, b"\x91" * 3000) == [ErrorCode.MALFORMED]
    assert await closed_with(port, msgpack.packb(msgpack.ExtType(1, b"x"))) == [ErrorCode.MALFORMED]
    assert await closed_with(port, pack({"type": "chat", "text": "x" * 100_000})) == [ErrorCode.TOO_LARGE]
    assert await closed_with(port, b"\xdd\xff\xff\xff\xff") in ([ErrorCode.MALFORMED], [ErrorCode.TOO_LARGE])
    for _ in range(5):
        result = await closed_with(port, rng.randbytes(rng.randrange(1, 3000)), hello=False)
        assert len(result) <= 1
    # a truncated message, then the peer hangs up: nothing to answer, nothing breaks
    peer = await RawPeer.open(port)
    peer.send(HELLO + pack({"type": "chat", "text": "half"})[:5])
    peer.writer.write_eof()
    assert codes(await peer.until_closed()) == []
    peer.close()
    await finish_and_check(host, table, game)


async def test_handshake_rules(busy_host):
    host, table, clients, game = busy_host
    port = host.port
    assert await closed_with(port, pack({"type": "list"}), hello=False) == [ErrorCode.HANDSHAKE]
    assert await closed_with(port, pack({"type": "hello", "protocol": 1, "name": ""}), hello=False) == [
        ErrorCode.HANDSHAKE
    ]
    peer = await RawPeer.open(port)
    peer.send(pack({"type": "hello", "protocol": 99, "name": "future"}))
    [error] = [m for m in await peer.until_closed() if m["type"] == "error"]
    assert error["code"] == ErrorCode.PROTOCOL_VERSION and error["supported"] == [1]
    peer.close()
    silent = await RawPeer.open(port)  # says nothing: dropped after the handshake timeout
    assert codes(await silent.until_closed(3)) == [ErrorCode.HANDSHAKE]
    silent.close()
    await finish_and_check(host, table, game)


async def test_wrong_types_and_out_of_turn_requests_get_errors_and_the_connection_stays(busy_host):
    host, table, clients, game = busy_host
    peer = await RawPeer.open(host.port)
    peer.send(HELLO)
    assert (await peer.next())["type"] == "welcome"
    answers = [
        await peer.reply_to({"type": "act", "table": "one", "prompt": 1, "action": [], "ref": 1}),
        await peer.reply_to({"type": "act", "table": table, "prompt": 1, "action": ["discard", 0, [], None], "ref": 2}),
        await peer.reply_to({"type": "act", "table": 999, "prompt": 1, "action": [], "ref": 3}),
        await peer.reply_to({"type": "join", "table": table, "ref": 4}),
        await peer.reply_to({"type": "start", "table": table, "ref": 5}),
        await peer.reply_to({"type": "hello", "protocol": 1, "name": "again", "ref": 6}),
        await peer.reply_to({"type": "teleport", "ref": 7}),
        await peer.reply_to({"type": "create", "ruleset": "nonesuch", "ref": 8}),
        await peer.reply_to({"type": "create", "ruleset": "basic", "options": {"hands": "many"}, "ref": 9}),
        await peer.reply_to({"type": "create", "ruleset": "basic", "timers": {"turn": -5}, "ref": 10}),
        await peer.reply_to({"type": "chat", "table": table, "text": "I am not there", "ref": 11}),
    ]
    assert [a["code"] for a in answers] == [
        ErrorCode.BAD_REQUEST,
        ErrorCode.NOT_ALLOWED,
        ErrorCode.NO_SUCH_TABLE,
        ErrorCode.NOT_ALLOWED,
        ErrorCode.NOT_ALLOWED,
        ErrorCode.BAD_REQUEST,
        ErrorCode.UNKNOWN_TYPE,
        ErrorCode.BAD_OPTIONS,
        ErrorCode.BAD_OPTIONS,
        ErrorCode.BAD_OPTIONS,
        ErrorCode.NOT_ALLOWED,
    ]
    assert [a["ref"] for a in answers] == list(range(1, 12))
    assert (await peer.reply_to({"type": "ping", "data": 42, "ref": 12})) == {"type": "pong", "data": 42, "ref": 12}
    peer.close()
    await finish_and_check(host, table, game)


async def test_a_seated_player_cannot_answer_someone_elses_prompt_or_an_old_one(host):
    table, clients = await seat_four(host, options={"hands": 1}, timers={"turn": None, "claim": None})
    await clients[0].start(table)
    first = await clients[0].next_message("update")
    prompt = first["prompt"]
    assert prompt is not None  # the dealer (seat 0) discards first
    with pytest.raises(ClientError) as info:  # seat 1 answers seat 0's prompt
        await clients[1].act(table, prompt["id"], prompt["actions"][0])
    assert info.value.code == ErrorCode.STALE_PROMPT
    not_held = next(t for t in range(136) if t not in first["view"]["players"][0]["concealed"])
    with pytest.raises(ClientError) as info:  # an action that was not offered
        await clients[0].act(table, prompt["id"], ["discard", not_held, [], None])
    assert info.value.code == ErrorCode.ILLEGAL_ACTION
    await clients[0].act(table, prompt["id"], prompt["actions"][0])
    with pytest.raises(ClientError) as info:  # the same prompt again
        await clients[0].act(table, prompt["id"], prompt["actions"][0])
    assert info.value.code == ErrorCode.STALE_PROMPT
    assert len(host.lobby.tables[table].match.record().decisions) == 1
    await close_all(clients)


async def test_a_flood_is_cut_off(busy_host):
    host, table, clients, game = busy_host
    flood = b"".join(pack({"type": "ping", "data": i}) for i in range(500))
    peer = await RawPeer.open(host.port)
    peer.send(HELLO + flood)
    msgs = await peer.until_closed()
    assert codes(msgs) == [ErrorCode.RATE_LIMITED]
    assert sum(m["type"] == "pong" for m in msgs) < 50  # the burst of 40, plus what trickled in meanwhile
    peer.close()
    await finish_and_check(host, table, game)


async def test_too_many_bad_requests_close_the_connection(busy_host):
    host, table, clients, game = busy_host
    peer = await RawPeer.open(host.port)
    peer.send(HELLO + b"".join(pack({"type": "nonsense"}) for _ in range(25)))
    assert codes(await peer.until_closed())[-1] == ErrorCode.TOO_MANY_ERRORS
    peer.close()
    await finish_and_check(host, table, game)


async def test_a_client_that_stops_reading_is_dropped(busy_host, monkeypatch):
    host, table, clients, game = busy_host
    dropped = []
    abort = Connection.abort
    monkeypatch.setattr(Connection, "abort", lambda conn: (dropped.append(conn.player.name), abort(conn)))
    lazy = await RawPeer.open(host.port, rcvbuf=4096)
    # it sets up a fast all-bot table to watch, then never reads a byte
    lazy.send(
        HELLO
        + pack({"type": "create", "ruleset": "basic", "options": {"hands": 16}, "timers": {"bot": 0}})
        + b"".join(pack({"type": "add_bot", "table": table + 1}) for _ in range(4))
        + pack({"type": "spectate", "table": table + 1})
        + pack({"type": "start", "table": table + 1})
    )
    loop = asyncio.get_running_loop()
    give_up = loop.time() + HANG
    for i in itertools.count():
        if dropped or loop.time() > give_up:
            break
        if i % 10 == 0:
            lazy.send(pack({"type": "ping"}))  # alive, just not reading
        await asyncio.sleep(0.05)
    assert dropped == ["mallory"]
    await until(  # its session ends as the aborted transport reports the loss
        lambda: not any(c.player and c.player.name == "mallory" for c in host.connections), "mallory's session ends"
    )
    lazy.close()
    await finish_and_check(host, table, game)


async def test_an_idle_connection_is_closed(busy_host):
    host, table, clients, game = busy_host
    peer = await RawPeer.open(host.port)
    peer.send(HELLO)
    msgs = await peer.until_closed()
    assert msgs[0]["type"] == "welcome" and codes(msgs) == [ErrorCode.IDLE]
    peer.close()
    # the real clients ping, so they are still here
    assert sum(1 for c in host.connections if c.player and c.player.name.startswith("p")) == 4
    await finish_and_check(host, table, game)


async def test_a_second_login_replaces_the_first(host):
    first = await connect(host, "ann")
    second = await connect(host, "ann", first.token)
    assert second.player == first.player and second.resumed
    msg = await first.next_message("error")
    assert msg["code"] == ErrorCode.REPLACED
    await until(lambda: first.closed, "the first connection is closed")
    await close_all([first, second])
