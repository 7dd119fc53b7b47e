"""Fixtures for the SSH gateway: a gateway serving the stand-in game, and asyncssh clients for it."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import asyncssh
import pytest

from jantaku.tui.ssh import Access, GatewaySettings, SshGateway, command_launcher

STANDIN = [sys.executable, str(Path(__file__).with_name("standin.py"))]
HANG = 60.0  # seconds: a bound on waiting that only catches a hang, never a slow machine (CI runs on busy cores)
FAST = GatewaySettings(auth_failure_delay=0.0, grace=0.5, warm_preload=(), warm_up="")  # the stand-in needs no TUI


@pytest.fixture
def make_gateway(tmp_path):
    """``await make_gateway(access=..., settings=..., argv=...)``: a started gateway on 127.0.0.1."""
    started: list[SshGateway] = []

    async def make(
        *,
        access: Access | None = None,
        settings: GatewaySettings = FAST,
        argv: list[str] = STANDIN,
        data_dir: Path | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> SshGateway:
        gateway = SshGateway(
            command_launcher(argv),
            data_dir=data_dir or tmp_path / "data",
            access=access,
            settings=settings,
            clock=clock,
        )
        await gateway.start(port=0, bind="127.0.0.1")
        started.append(gateway)
        return gateway

    yield make
    for gateway in started:  # each test's own loop is gone by now; stop() already ran in most tests
        assert not any(p.running for p in gateway.processes), "a test left a game running"


class HostProcess:
    """``jantaku host --ssh 0`` on 127.0.0.1, in its own process."""

    def __init__(self, data: Path, *options: str):
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "jantaku",
                "host",
                "--port",
                "0",
                "--bind",
                "127.0.0.1",
                "--ssh",
                "0",
                "--ssh-bind",
                "127.0.0.1",
                "--data",
                str(data),
                "--no-announce",
                "--log-level",
                "warning",
                *options,
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        self.banner = []
        for line in self.proc.stdout:
            self.banner.append(line)
            if match := re.search(r"ssh -p (\d+)", line):
                self.ssh_port = int(match.group(1))
            if match := re.search(r"SSH host key: +(\S+)", line):
                self.host_key = match.group(1)
                return
        raise AssertionError(f"no SSH port and host key in {self.banner}")

    def children(self) -> list[int]:
        """The host's session processes: its children but the warm session server, and that server's."""
        sessions = []
        for pid in child_pids(self.proc.pid):
            sessions += child_pids(pid) if is_session_server(pid) else [pid]
        return sessions

    def session_server(self) -> int | None:
        return next((pid for pid in child_pids(self.proc.pid) if is_session_server(pid)), None)

    def stop(self) -> int:
        self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(15)


@pytest.fixture
def jantaku_host():
    """``jantaku_host(DATA, *options)``: a started :class:`HostProcess`; any left running is killed after the test."""
    started: list[HostProcess] = []

    def start(data: Path, *options: str) -> HostProcess:
        started.append(HostProcess(data, *options))
        return started[-1]

    yield start
    for host in started:
        if host.proc.poll() is None:
            host.proc.kill()
            host.proc.wait(10)


@pytest.fixture
def scratch(tmp_path):
    """A directory for keys, known_hosts and tmux sockets."""
    path = tmp_path / "scratch"
    path.mkdir()
    return path


@pytest.fixture
async def gateway(make_gateway):
    gateway = await make_gateway()
    yield gateway
    await gateway.stop()


def a_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


class Banners(asyncssh.SSHClient):
    """A client that keeps the authentication banners it is shown and, like OpenSSH, answers a
    keyboard-interactive challenge without prompts (with a password if it has one)."""

    def __init__(self):
        self.banners: list[str] = []

    def auth_banner_received(self, msg: str, lang: str) -> None:
        self.banners.append(msg)

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(self, name, instructions, lang, prompts):
        return [] if not prompts else None


async def connect(door: SshGateway | int, username: str = "alice", **kwargs) -> asyncssh.SSHClientConnection:
    """An asyncssh client connection to a gateway (or a port); with no ``client_keys`` it offers none."""
    kwargs.setdefault("client_keys", None)
    kwargs.setdefault("agent_path", None)
    port = door if isinstance(door, int) else door.port
    conn, _ = await asyncssh.create_connection(
        Banners, "127.0.0.1", port, username=username, known_hosts=None, config=None, **kwargs
    )
    return conn


async def open_game(conn: asyncssh.SSHClientConnection, size=(100, 30)) -> tuple[asyncssh.SSHClientProcess, str]:
    """A pty session and the stand-in's first line."""
    proc = await conn.create_process(term_type="xterm-256color", term_size=size, encoding=None)
    return proc, await read_line(proc)


async def read_line(proc: asyncssh.SSHClientProcess, timeout: float = HANG) -> str:
    line = await asyncio.wait_for(proc.stdout.readuntil(b"\r\n"), timeout)
    return line.decode().strip()


def fields(line: str) -> dict[str, str]:
    """``ready 100x30 tty=yes name=alice`` -> {'ready': '100x30', 'tty': 'yes', 'name': 'alice'}."""
    words = line.split()
    out = {words[0]: words[1]}
    out.update(w.split("=", 1) for w in words[1:] if "=" in w)
    return out


def child_pids(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(p) for p in f.read().split()]
    except (FileNotFoundError, ProcessLookupError):  # gone between listing and reading
        return []


def is_session_server(pid: int) -> bool:
    """Whether ``pid`` is a warm session server (jantaku/tui/ssh/zygote.py)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return b"jantaku.tui.ssh.zygote" in f.read()
    except (FileNotFoundError, ProcessLookupError):  # a session that ended between listing and reading
        return False


def is_zombie_or_alive(pid: int) -> bool:
    """Whether ``pid`` still exists in any state (a zombie too)."""
    return os.path.exists(f"/proc/{pid}")
