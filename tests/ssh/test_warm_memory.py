"""The session server's warm-up (jantaku/tui/ssh/warmup.py): forked sessions copy less of it.

Two session servers side by side, one warmed up before forking and one not; each forks
``jantaku menu`` on a pty of its own, and the child's unshared memory (USS) after its first
frame is compared as a ratio (measured: 15.4 / 16.3 MB).  Then the warm-up itself: a command line parsed and the lobby
drawn against a host in memory, leaving nothing behind.
"""

from __future__ import annotations

import fcntl
import json
import os
import select
import signal
import socket
import struct
import termios
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest

from jantaku.tui.ssh import GatewaySettings, warmup, zygote
from jantaku.tui.ssh.warm import CLIENT_MODULES, WarmStarter, _spawn_server
from jantaku.tui.ssh.warmup import WARM_UP

from .conftest import FAST

pytestmark = pytest.mark.skipif(not Path("/proc/self/smaps_rollup").exists(), reason="reads /proc")

QUIET = 0.5  # seconds without output: the first frame is drawn
FRAME_BYTES = 1000  # a 100 x 30 frame is several kB; the 9 bytes the app writes first wait 0.5 s for no answer


class SessionServer:
    """``python -m jantaku.tui.ssh.zygote`` on a socketpair, as the host starts it."""

    def __init__(self, warm_up: str):
        self.control, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.pid = _spawn_server(theirs, CLIENT_MODULES, os.environ, warm_up)
        theirs.close()
        self.control.settimeout(60)
        assert "ready" in json.loads(self.control.recv(1 << 16))

    def menu_uss(self, home: Path) -> float:
        """Fork ``jantaku menu`` on a 100 x 30 pty; its USS in MB once its first frame is out."""
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        env = {"HOME": str(home), "TERM": "xterm-256color", "PATH": os.environ.get("PATH", "")}
        request = {"start": 1, "kind": "module", "target": "jantaku", "args": ["menu"], "env": env, "targets": []}
        socket.send_fds(self.control, [json.dumps(request).encode()], [slave])
        os.close(slave)
        pid = json.loads(self.control.recv(1 << 16))["pid"]
        try:
            drain_until_quiet(master)
            with open(f"/proc/{pid}/smaps_rollup") as f:
                rollup = {p[0]: int(p[1]) for p in (line.split() for line in f) if len(p) == 3}
            return (rollup["Private_Clean:"] + rollup["Private_Dirty:"]) / 1024
        finally:
            os.kill(pid, signal.SIGKILL)
            os.close(master)

    def close(self) -> None:
        self.control.close()  # the server ends when the host's end closes
        os.waitpid(self.pid, 0)


def drain_until_quiet(master: int) -> None:
    seen, last, start = 0, time.monotonic(), time.monotonic()
    while time.monotonic() - start < 60:
        if select.select([master], [], [], 0.1)[0]:
            seen += len(os.read(master, 65536))
            last = time.monotonic()
        elif seen >= FRAME_BYTES and time.monotonic() - last > QUIET:
            return
    raise AssertionError(f"no first frame ({seen} bytes)")


def test_a_child_of_the_warmed_up_server_holds_less_of_its_own(tmp_path):
    servers = {"cold": SessionServer(""), "warm": SessionServer(WARM_UP)}
    try:
        uss = {kind: server.menu_uss(tmp_path) for kind, server in servers.items()}
    finally:
        for server in servers.values():
            server.close()
    assert uss["warm"] < 0.97 * uss["cold"], uss  # measured 15.4 / 16.3 MB


def test_a_failing_warm_up_is_reported_and_the_server_serves_anyway(capsys):
    zygote.warm_up("jantaku.tui.ssh.warmup:no_such_function")
    assert "AttributeError" in capsys.readouterr().err


async def test_the_door_passes_its_warm_up_to_the_server(make_gateway):
    assert GatewaySettings().warm_up == WARM_UP  # what a real door runs
    gateway = await make_gateway(settings=replace(FAST, warm_up="os:getpid"))
    try:
        assert isinstance(gateway.starter, WarmStarter)
        with open(f"/proc/{gateway.starter.server_pid}/cmdline", "rb") as f:
            assert f.read().split(b"\0")[-3:-1] == [b"--warm-up", b"os:getpid"]
    finally:
        await gateway.stop()


def test_the_lobby_is_drawn_against_a_host_in_memory_and_leaves_nothing_behind(monkeypatch):
    from jantaku.tui.screens.lobby import LobbyScreen

    listed: list[int] = []
    listing = LobbyScreen._listed
    monkeypatch.setattr(LobbyScreen, "_listed", lambda self, *a, **k: listed.append(1) or listing(self, *a, **k))
    descriptors = set(os.listdir("/proc/self/fd"))
    threads = threading.active_count()
    warmup.draw_lobby()
    assert listed  # the host answered: the tables were listed and drawn
    assert threading.active_count() == threads
    assert set(os.listdir("/proc/self/fd")) == descriptors  # the host's socket, the pair, the loop's: closed


def test_warm_up_draws_the_lobby(monkeypatch):
    steps: list[str] = []
    monkeypatch.setattr(warmup, "draw_lobby", lambda: steps.append("lobby"))
    warmup.warm_up()
    assert steps == ["lobby"]


def test_the_lobby_drawing_parses_a_command_line_first(monkeypatch):
    steps: list[str] = []
    monkeypatch.setattr(warmup, "parse_a_command_line", lambda: steps.append("parse"))

    async def lobby() -> None:
        steps.append("lobby")

    monkeypatch.setattr(warmup, "_lobby", lobby)
    warmup.draw_lobby()
    assert steps == ["parse", "lobby"]
