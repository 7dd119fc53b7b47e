"""The web door's pool of connections (guard.py): caps, push-out and the request timeout, on a fake clock."""

from __future__ import annotations

import asyncio
import logging
import socket

import pytest

from jantaku.netplay.clock import FakeClock
from jantaku.tui.web.guard import FULL, TOO_MANY_FROM_ADDRESS, ConnectionGuard, ConnectionLimits

from .conftest import HANG, STAND_IN_GAME, until


class StandIn:
    """A connection: the guard may only close it."""

    def __init__(self):
        self.closed = False

    def close(self) -> None:
        self.closed = True


def _guard(**limits) -> tuple[ConnectionGuard, FakeClock]:
    clock = FakeClock()
    return ConnectionGuard(ConnectionLimits(**limits), clock), clock


def test_a_connection_must_send_a_request_within_the_timeout_and_again_after_each_answer():
    guard, clock = _guard(request_timeout=10.0)
    silent, talker = StandIn(), StandIn()
    assert guard.admit(silent, "192.0.2.1") is None and guard.admit(talker, "192.0.2.2") is None
    clock.advance(9.9)
    guard.request_started(talker)
    clock.advance(0.1)
    assert silent.closed and not talker.closed and len(guard) == 1
    clock.advance(3600)  # a request being answered (a game's websocket) is never timed out
    assert not talker.closed
    guard.request_finished(talker)  # kept alive: as long again for the next request
    clock.advance(9.9)
    assert not talker.closed
    clock.advance(0.1)
    assert talker.closed and len(guard) == 0


def test_one_address_gets_its_share_and_loopback_is_not_limited():
    guard, _ = _guard(max_per_address=2, max_connections=100)
    assert [guard.admit(StandIn(), "192.0.2.1") for _ in range(3)] == [None, None, TOO_MANY_FROM_ADDRESS]
    assert guard.admit(StandIn(), "192.0.2.2") is None
    assert all(guard.admit(StandIn(), "127.0.0.1") is None for _ in range(10))


def test_a_full_pool_pushes_out_the_oldest_silent_connection_never_a_busy_one():
    guard, clock = _guard(max_connections=3, speak_grace=0.5, max_per_address=100)
    game, first, second = StandIn(), StandIn(), StandIn()
    for peer in (game, first, second):
        assert guard.admit(peer, "127.0.0.1") is None
        clock.advance(1.0)
    guard.request_started(game)  # the oldest, but playing
    honest = StandIn()
    assert guard.admit(honest, "127.0.0.1") is None
    assert first.closed and not game.closed and not second.closed and len(guard) == 3


def test_young_silent_connections_wait_up_to_twice_the_pool_then_the_oldest_goes():
    guard, clock = _guard(max_connections=2, speak_grace=0.5, max_per_address=100)
    burst = [StandIn() for _ in range(4)]
    assert all(guard.admit(peer, "127.0.0.1") is None for peer in burst)  # a burst: nobody read yet
    assert not any(peer.closed for peer in burst) and len(guard) == 4
    assert guard.admit(StandIn(), "127.0.0.1") is None
    assert burst[0].closed and len(guard) == 4  # beyond twice the pool: the oldest silent one


def test_with_nothing_to_push_out_a_newcomer_beyond_twice_the_pool_is_refused():
    guard, _ = _guard(max_connections=1, max_per_address=100)
    playing = [StandIn(), StandIn()]
    for peer in playing:
        assert guard.admit(peer, "127.0.0.1") is None
        guard.request_started(peer)
    assert guard.admit(StandIn(), "127.0.0.1") == FULL
    assert not any(peer.closed for peer in playing) and len(guard) == 2


def test_a_flood_of_refusals_and_timeouts_is_a_line_a_kind(caplog):
    guard, clock = _guard(max_per_address=1, max_connections=1000, request_timeout=10.0)
    with caplog.at_level(logging.WARNING, "jantaku.tui.web.guard"):
        for i in range(500):  # 500 addresses, each over its share
            guard.admit(StandIn(), f"10.0.{i // 256}.{i % 256}")
            guard.admit(StandIn(), f"10.0.{i // 256}.{i % 256}")
        clock.advance(10.0)  # and the 500 admitted ones time out
    assert len(caplog.records) == 2, [r.getMessage() for r in caplog.records]


# --- the real door, in process, on a fake clock ----------------------------------------------------


async def _door(clock: FakeClock, **limits):
    from jantaku.tui.ssh.terminal import Launch
    from jantaku.tui.web.access import WebAccess
    from jantaku.tui.web.door import WebDoor, WebSettings

    def launcher(identity, term, size):
        return Launch(list(STAND_IN_GAME))

    settings = WebSettings(warm_sessions=False, grace=0.5, connections=ConnectionLimits(**limits))
    door = WebDoor(launcher, WebAccess("pw", "password"), b"k" * 32, settings, clock=clock)
    await door.start(0, "127.0.0.1")
    return door


async def _get(port: int, path: str = "/") -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
    answer = await asyncio.wait_for(reader.read(), HANG)
    writer.close()
    return answer


async def _closed_by_peer(sock: socket.socket) -> bool:
    loop = asyncio.get_running_loop()
    try:
        return await asyncio.wait_for(loop.sock_recv(sock, 1024), HANG) == b""
    except ConnectionResetError:
        return True


async def test_idle_sockets_cannot_keep_a_browser_out_of_the_door():
    pytest.importorskip("textual_serve")
    clock = FakeClock()
    door = await _door(clock, max_connections=4, request_timeout=10.0)
    idle: list[socket.socket] = []
    try:
        for _ in range(20):  # five times the pool, from loopback (no per-address cap)
            sock = socket.create_connection(("127.0.0.1", door.port))
            sock.setblocking(False)
            idle.append(sock)
        assert door.guard is not None
        await until(lambda: len(door.guard) >= 8, "the idle sockets accepted")
        clock.advance(1.0)  # they have had their time to speak
        answer = await _get(door.port)
        assert answer.startswith(b"HTTP/1.1 401") and b'id="login"' in answer  # the login form
        assert len(door.guard) <= 8
        clock.advance(10.0)  # and the silent ones still there are closed
        await until(lambda: len(door.guard) == 0, "the silent connections closed")
        assert await _closed_by_peer(idle[-1])
    finally:
        for sock in idle:
            sock.close()
        await door.stop()
