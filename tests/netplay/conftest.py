"""Fixtures for netplay tests: a host on 127.0.0.1 and clients that play through it."""

from __future__ import annotations

import asyncio
import dataclasses
import socket
from collections.abc import AsyncIterator

import msgpack
import pytest

from jantaku.engine.ruleset import ruleset_class
from jantaku.engine.views import View, view_from_wire, view_to_wire
from jantaku.netplay.client import Client
from jantaku.netplay.clock import FakeClock
from jantaku.netplay.host import Host

FAST = {"bot": 0}  # timers: bots answer at once, people have the default time


def short_match_options(ruleset: str) -> tuple[str | None, dict]:
    """A preset and options that keep a ruleset's match short (two hands where the ruleset allows it)."""
    cls = ruleset_class(ruleset)
    fields = {f.name for f in dataclasses.fields(cls.Options)}
    if "hands" in fields:
        return None, {"hands": 2}
    for preset in ("short", "quick", "east"):
        if preset in cls.presets:
            return preset, {}
    return None, {}


def as_sent(obj):
    """What ``obj`` looks like after a trip through msgpack (tuples become lists); a view as the
    client decodes it."""
    if isinstance(obj, View):
        return view_from_wire(as_sent(view_to_wire(obj)))
    return msgpack.unpackb(msgpack.packb(obj), strict_map_key=False)


@pytest.fixture
async def host() -> AsyncIterator[Host]:
    h = Host(seed=7)
    await h.start(port=0, bind="127.0.0.1")
    yield h
    await h.stop()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def timed_host(clock: FakeClock) -> AsyncIterator[Host]:
    """A host on 127.0.0.1 whose table logic runs on ``clock``: deadlines, grace periods, bot
    pauses and time limits pass only when the test advances it (the sockets are real)."""
    h = Host(seed=7, clock=clock)
    await h.start(port=0, bind="127.0.0.1")
    yield h
    await h.stop()


HANG = 60.0  # seconds: a bound on waiting that only catches a hang, never a slow machine (CI runs on busy cores)


async def until(condition, what: str, *, tries: int = 200, hang: float = HANG) -> None:
    """Let the loop run (I/O, the driver task) until ``condition()`` holds; gives up only after ``tries``
    looks *and* ``hang`` seconds, so a busy machine never makes it fail."""
    loop = asyncio.get_running_loop()
    give_up = loop.time() + hang
    done = 0
    while done < tries or loop.time() < give_up:
        if condition():
            return
        await asyncio.sleep(0.01)
        done += 1
    raise AssertionError(f"never happened: {what}")


async def connect(host: Host, name: str, token: str | None = None, *, source: str | None = None, **kwargs) -> Client:
    """``source``: the address to connect from (any 127.x.y.z reaches the host: another client address)."""
    if source is None:
        return await Client.connect("127.0.0.1", host.port, name, token, **kwargs)
    reader, writer = await asyncio.open_connection("127.0.0.1", host.port, local_addr=(source, 0))
    return await Client.over_stream(reader, writer, name, token, **kwargs)


async def door_session(
    host: Host, name: str, *, token: str | None = None, address: str | None = None
) -> tuple[Client, asyncio.Task]:
    """A client over a stream the host serves as a door's session (a socketpair, as the SSH and web
    doors make): vouched for by ``token``, from ``address``; and the task serving it."""
    ours, theirs = socket.socketpair()
    reader, writer = await asyncio.open_connection(sock=ours)
    serving = asyncio.create_task(host.serve_stream(reader, writer, token=token, address=address))
    their_reader, their_writer = await asyncio.open_connection(sock=theirs)
    return await Client.over_stream(their_reader, their_writer, name), serving


async def seat_four(
    host: Host, ruleset: str = "basic", *, preset=None, options=None, timers=None, ping_interval: float = 15.0, **create
) -> tuple[int, list[Client]]:
    """Four clients at one new table, not started yet; client i sits in seat i."""
    clients = [await connect(host, f"p{i}", ping_interval=ping_interval) for i in range(4)]
    table = await clients[0].create_table(
        ruleset, preset=preset, options=options, timers=timers or FAST, seat=0, **create
    )
    for i, c in enumerate(clients[1:], start=1):
        assert await c.join(table, i) == i
    return table, clients


async def close_all(clients: list[Client]) -> None:
    await asyncio.gather(*(c.close() for c in clients))
