"""Issue 25, item 3: idle web connections cannot starve the host of descriptors.

The real ``jantaku host`` with its web and SSH doors runs with 1024 descriptors (soft and
hard limit); 1,100 sockets connect to the web door and say nothing.  Meanwhile an honest
client says hello at the TCP port, one logs in over SSH and a browser logs in on the web:
all three get in, and the host's log stays small.
"""

from __future__ import annotations

import asyncio
import resource
import select
import socket
import time

import pytest

from jantaku.netplay.client import Client
from jantaku.tui.web.guard import ConnectionLimits

from .conftest import HANG

IDLE = 1100
LIMIT = 1024


def _limit_descriptors() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (LIMIT, LIMIT))


def _idle_sockets(port: int) -> list[socket.socket]:
    """``IDLE`` connections to ``port`` that never send a byte, each connected before the next (as a
    flood that waits for its handshakes: all of them reach the host)."""
    if resource.getrlimit(resource.RLIMIT_NOFILE)[0] < IDLE + 200:
        pytest.skip("this process may not open enough sockets for the attack")
    opened = []
    try:
        for _ in range(IDLE):
            opened.append(socket.create_connection(("127.0.0.1", port), timeout=HANG))
    except OSError:  # a host that stopped accepting: the connections made are the flood
        pass
    return opened


def _wait_until_turned_away(sockets: list[socket.socket], kept: int) -> int:
    """Wait until the host has met the flood: all but ``kept`` of the sockets answered or closed by
    it (the door keeps a pool; the rest it must turn away), or for ``HANG`` seconds, a bound that only
    catches a host that holds them all; returns how many were turned away."""
    waiting = {sock.fileno() for sock in sockets}
    poller = select.poll()
    for fd in waiting:
        poller.register(fd, select.POLLIN)
    give_up = time.monotonic() + HANG
    while time.monotonic() < give_up:
        for fd, _event in poller.poll(100):
            poller.unregister(fd)
            waiting.discard(fd)
        if len(waiting) <= kept:
            break
    return len(sockets) - len(waiting)


async def _tcp_hello(port: int) -> None:
    client = await Client.connect("127.0.0.1", port, "honest", timeout=HANG)
    await client.close()


async def _ssh_login(port: int) -> bytes:
    from tests.ssh.conftest import connect

    conn = await asyncio.wait_for(connect(port, "honest"), HANG)
    async with conn:
        proc = await conn.create_process(term_type="xterm-256color", term_size=(100, 30), encoding=None)
        first = await asyncio.wait_for(proc.stdout.read(64), HANG)  # the game's first frame begins
        proc.close()
    return first


@pytest.mark.slow  # about 10 s: a host with two doors, 1,100 connections, a real game over SSH
def test_idle_web_sockets_starve_neither_the_tcp_port_nor_the_ssh_door_nor_the_web_login(tmp_path):
    pytest.importorskip("textual_serve")
    pytest.importorskip("asyncssh")
    from .conftest import WebHost

    log = tmp_path / "host.log"
    host = WebHost(tmp_path / "data", "--ssh", "0", "--ssh-bind", "127.0.0.1", log=log, preexec=_limit_descriptors)
    idle: list[socket.socket] = []
    try:
        idle = _idle_sockets(int(host.base.rsplit(":", 1)[1]))
        _wait_until_turned_away(idle, kept=2 * ConnectionLimits().max_connections)  # before the honest come
        asyncio.run(_tcp_hello(host.tcp_port))
        assert asyncio.run(_ssh_login(host.ssh_port))
        cookie = host.log_in("Ann")
        assert host.request("/", cookie=cookie).status == 200
        assert host.proc.poll() is None
    finally:
        for sock in idle:
            sock.close()
        if host.proc.poll() is None:
            host.stop()
        else:
            host.proc.wait(HANG)
    size = log.stat().st_size
    assert size < 20_000, log.read_text()[-3000:]  # a few rate-limited lines, no traceback per accept


def test_the_host_raises_its_soft_descriptor_limit_to_the_hard_one(tmp_path):
    pytest.importorskip("textual_serve")
    from .conftest import WebHost

    def low_soft_limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, LIMIT))

    host = WebHost(tmp_path / "data", preexec=low_soft_limit)
    try:
        with open(f"/proc/{host.proc.pid}/limits") as f:
            soft, hard = next(line for line in f if line.startswith("Max open files")).split()[3:5]
        assert (int(soft), int(hard)) == (LIMIT, LIMIT)
    finally:
        host.stop()
