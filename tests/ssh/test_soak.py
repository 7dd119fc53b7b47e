"""Sessions that end abruptly leave nothing behind: no child, no zombie, no growing host.

The host runs in its own process (so its memory is its own), serving a light
shell command instead of the real client: the point is the gateway's
bookkeeping, and 100 Textual start-ups would make this test slow.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys

import asyncssh
import pytest

from .conftest import Banners

LIGHT_GAME = ["sh", "-c", "echo ready; exec cat"]


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))


def children(pid: int) -> list[int]:
    found = []
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as f:
            found += [int(p) for p in f.read().split()]
    return found


@pytest.fixture
def light_host(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "tests.ssh.serve_standin", "--data", str(tmp_path),
                             "--command", json.dumps(LIGHT_GAME), "--max-sessions", "32"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        port = int(proc.stdout.readline().split()[1])
        yield proc.pid, port
    finally:
        proc.stdin.close()
        assert proc.wait(10) == 0


async def one_session(port: int, rng: random.Random) -> None:
    """Log in, maybe start the game, then drop the connection without a goodbye."""
    conn, _ = await asyncssh.create_connection(Banners, "127.0.0.1", port, username=f"p{rng.randrange(99)}",
                                               known_hosts=None, config=None, client_keys=None, agent_path=None)
    how = rng.choice(("after-ready", "after-ready", "mid-start", "before-session"))
    if how != "before-session":
        proc = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        if how == "after-ready":
            await asyncio.wait_for(proc.stdout.readuntil(b"ready"), 10)
            proc.stdin.write(b"some typing\r")
    conn.abort()


async def rounds(port: int, sessions: int, rng: random.Random, at_once: int = 10) -> None:
    for _ in range(sessions // at_once):
        await asyncio.gather(*(one_session(port, rng) for _ in range(at_once)))


async def settled(pid: int, timeout: float = 10.0) -> None:
    """Until the host has no children left."""
    end = asyncio.get_running_loop().time() + timeout
    while children(pid):
        assert asyncio.get_running_loop().time() < end, f"children left: {children(pid)}"
        await asyncio.sleep(0.05)


async def test_a_hundred_abrupt_sessions_leave_no_child_and_no_growth(light_host):
    pid, port = light_host
    rng = random.Random(7)
    await rounds(port, 50, rng)  # warm up: imports, caches, allocator arenas
    await settled(pid)
    plateau = rss_kib(pid)
    await rounds(port, 100, rng)
    await settled(pid)
    grown = rss_kib(pid) - plateau
    assert children(pid) == []
    assert grown < 4 * 1024, f"host RSS grew {grown} KiB over 100 sessions (plateau {plateau} KiB)"
