"""A host anyone can reach stays fair (issue 16): attacks within the documented limits, by
clients alone or with friends, cost their senders and never lock out, starve or break anyone else.

Each test starts a real host on 127.0.0.1 (deadlines and caps shrunk through its config so the
attacks run fast) and runs the attack with bounded loops.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import pytest

from jantaku.netplay.host import Host
from jantaku.netplay.limits import ConnectionLimits, HostLimits
from jantaku.netplay.protocol import ErrorCode, pack

from .conftest import close_all, connect
from .test_hostile import HELLO, RawPeer, codes


@contextlib.asynccontextmanager
async def running_host(**config) -> AsyncIterator[Host]:
    host = Host(seed=11, **config)
    await host.start(port=0)
    try:
        yield host
    finally:
        await host.stop()


async def trickle(peer: RawPeer, data: bytes, every: float) -> bool:
    """Send ``data`` a byte at a time; True if the host closed the connection before the end."""
    for i in range(len(data)):
        if peer.reader.at_eof() or peer.writer.is_closing():
            return True
        try:
            peer.send(data[i:i + 1])
            await peer.writer.drain()
        except (ConnectionError, OSError):
            return True
        await asyncio.sleep(every)
    return False


async def closing_codes(peer: RawPeer, timeout: float = 2.0) -> list[str]:
    """The error codes the host sent before it closed the connection (a reset as it closes
    on bytes still arriving may swallow its error: then none)."""
    out: list[dict] = []

    async def read() -> None:
        while data := await peer.reader.read(65536):
            peer.unpacker.feed(data)
            out.extend(peer.unpacker)
    with contextlib.suppress(ConnectionError, OSError):
        await asyncio.wait_for(read(), timeout)
    peer.close()
    return codes(out)


# --- 1. slowloris ----------------------------------------------------------------------------------

async def test_a_hello_sent_a_byte_at_a_time_is_cut_off_at_the_handshake_deadline():
    limits = ConnectionLimits(handshake_timeout=0.5)
    async with running_host(connection_limits=limits, limits=HostLimits(max_connections=6)) as host:
        loris = [await RawPeer.open(host.port) for _ in range(6)]  # the whole cap
        hello = HELLO * 3  # long enough to take 1.5 s at 0.05 s a byte
        cut = await asyncio.gather(*(trickle(p, hello, 0.05) for p in loris))
        assert all(cut), "a byte every 50 ms kept a connection open past the 0.5 s hello deadline"
        for p in loris:
            assert set(await closing_codes(p)) <= {ErrorCode.HANDSHAKE}
        honest = await connect(host, "honest")  # the cap is free again
        await close_all([honest])


async def test_a_message_once_started_must_arrive_whole_in_time():
    limits = ConnectionLimits(handshake_timeout=1.0, message_timeout=0.5, idle_timeout=30.0)
    async with running_host(connection_limits=limits) as host:
        peer = await RawPeer.open(host.port)
        peer.send(HELLO)
        assert (await peer.next())["type"] == "welcome"
        assert await trickle(peer, pack({"type": "chat", "text": "x" * 60}), 0.05)
        assert set(await closing_codes(peer)) <= {ErrorCode.IDLE}


async def test_idle_time_counts_whole_messages_not_bytes():
    limits = ConnectionLimits(handshake_timeout=1.0, message_timeout=30.0, idle_timeout=0.6)
    async with running_host(connection_limits=limits) as host:
        peer = await RawPeer.open(host.port)
        peer.send(HELLO)
        assert (await peer.next())["type"] == "welcome"
        # bytes keep coming, but no whole message after the first ping: idle all the same
        assert await trickle(peer, pack({"type": "ping", "data": 1}) + pack({"type": "chat", "text": "y" * 80}), 0.05)
        assert set(await closing_codes(peer)) <= {ErrorCode.IDLE}
