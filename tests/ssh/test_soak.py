"""Sessions that end abruptly leave nothing behind: no child, no zombie, no growing host.

The host runs in its own process (so its memory is its own).  The sessions
run light programs instead of the Textual client, whose 100 start-ups would
make this test slow: a shell command behind the bare gateway, and the real
protocol client (no screen) behind a real host, so that the host's side of
each session's socketpair is exercised too.
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

from .conftest import Banners, HANG, is_session_server

LIGHT_GAME = ["sh", "-c", "echo ready; exec cat"]


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))


def children(pid: int) -> list[int]:
    """The session processes of host ``pid``: its children, those of its warm session server instead of it."""
    found = []
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/children") as f:
                found += [int(p) for p in f.read().split()]
        except (FileNotFoundError, ProcessLookupError):  # a thread that ended while listing
            continue
    return [session for p in found for session in (children(p) if is_session_server(p) else [p])]


SETUPS = {"gateway": (["--command", json.dumps(LIGHT_GAME)], b"ready"), "host": (["--host"], b"welcome")}


@pytest.fixture(params=sorted(SETUPS))
def light_host(request, tmp_path):
    """(host pid, SSH port, what a session shows once its game runs)."""
    options, marker = SETUPS[request.param]
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.ssh.serve_standin", "--data", str(tmp_path), "--max-sessions", "32", *options],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        port = int(proc.stdout.readline().split()[1])
        yield proc.pid, port, marker
    finally:
        proc.stdin.close()
        assert proc.wait(10) == 0


# returning players: what a session leaves in the host's data (a player, a rejoin code) stops
# growing once each has been seen, so whatever still grows is a leak
PLAYERS = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(10)]


async def one_session(port: int, marker: bytes, rng: random.Random) -> None:
    """Log in, maybe start the game, then drop the connection without a goodbye."""
    conn, _ = await asyncssh.create_connection(
        Banners,
        "127.0.0.1",
        port,
        username=f"p{rng.randrange(99)}",
        known_hosts=None,
        config=None,
        client_keys=[rng.choice(PLAYERS)],
        agent_path=None,
    )
    how = rng.choice(("after-ready", "after-ready", "mid-start", "before-session"))
    if how != "before-session":
        proc = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        if how == "after-ready":
            await asyncio.wait_for(proc.stdout.readuntil(marker), HANG)
            proc.stdin.write(b"some typing\r")
    conn.abort()


async def rounds(port: int, marker: bytes, sessions: int, rng: random.Random, at_once: int = 10) -> None:
    for _ in range(sessions // at_once):
        await asyncio.gather(*(one_session(port, marker, rng) for _ in range(at_once)))


async def settled(pid: int, timeout: float = HANG, quiet: float = 2.0) -> None:
    """Until the host has had no children for ``quiet`` seconds (a session whose client aborted while
    the warm server was still forking it comes and goes a moment after the others)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    empty_since: float | None = None
    while empty_since is None or loop.time() - empty_since < quiet:
        if children(pid):
            empty_since = None
            assert loop.time() < end, f"children left: {children(pid)}"
        elif empty_since is None:
            empty_since = loop.time()
        await asyncio.sleep(0.05)


async def test_a_hundred_abrupt_sessions_leave_no_child_and_no_growth(light_host):
    pid, port, marker = light_host
    rng = random.Random(7)
    await rounds(port, marker, 50, rng)  # warm up: imports, caches, allocator arenas
    await settled(pid)
    plateau = rss_kib(pid)
    await rounds(port, marker, 100, rng)
    await settled(pid)
    grown = rss_kib(pid) - plateau
    assert children(pid) == []
    assert grown < 4 * 1024, f"host RSS grew {grown} KiB over 100 sessions (plateau {plateau} KiB)"
