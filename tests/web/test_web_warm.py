"""Browser sessions forked from the warm session server (jantaku/tui/ssh/zygote.py), not spawned.

In process, with a stand-in game (a script speaking the start of Textual's web driver protocol):
the game is a child of the server, on pipes, with the environment textual-serve sets and its
inherited socket; when the server is gone, the session is spawned as before.  Then the real
``jantaku host --web``: its client is a fork of its session server and draws the lobby.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import sys
from pathlib import Path

import pytest

from jantaku.tui.ssh.terminal import Launch

from ..ssh.conftest import child_pids, is_session_server, is_zombie_or_alive
from ..ssh.test_gateway import wait_until
from .conftest import HANG
from .test_web_door import _first_frame, _logged_in

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")

# Says who it is on the web driver's stdout, greets its inherited socket, ends at the quit meta.
STAND_IN = """
import os, sys
fd = int(sys.argv[sys.argv.index("--fd") + 1])
os.write(fd, b"hello from the game")
os.write(1, b"__GANGLION__\\n")
text = (
    f"pid={os.getpid()} ppid={os.getppid()} driver={os.environ.get('TEXTUAL_DRIVER')} "
    f"size={os.environ.get('COLUMNS')}x{os.environ.get('ROWS')} tty={os.isatty(0) or os.isatty(1)} end"
).encode()
os.write(1, b"D" + len(text).to_bytes(4, "big") + text)
seen = b""
while b'"quit"' not in seen:
    chunk = os.read(0, 4096)
    if not chunk:
        break
    seen = seen[-100:] + chunk
"""


def parent_of(pid: int) -> int:
    with open(f"/proc/{pid}/stat") as f:
        return int(f.read().rsplit(") ", 1)[1].split()[1])


class StandInLauncher:
    """Launches the stand-in game with one end of a socketpair as its descriptor 3."""

    def __init__(self, script: Path):
        self.script = script
        self.host_ends: list[socket.socket] = []

    def __call__(self, identity, term, size) -> Launch:
        ours, theirs = socket.socketpair()
        self.host_ends.append(ours)
        return Launch([sys.executable, str(self.script), "--fd", "3"], {"JANTAKU_SSH_NAME": identity.name}, {3: theirs})

    def close(self) -> None:
        for sock in self.host_ends:
            sock.close()


async def _door(tmp_path: Path, **settings):
    from jantaku.tui.web.access import WebAccess
    from jantaku.tui.web.door import WebDoor, WebSettings

    script = tmp_path / "standin.py"
    script.write_text(STAND_IN)
    launcher = StandInLauncher(script)
    door = WebDoor(
        launcher, WebAccess("pw", "password"), b"k" * 32, WebSettings(grace=0.5, warm_preload=(), **settings)
    )
    await door.start(0, "127.0.0.1")
    return door, launcher


async def _session(door, launcher) -> dict[str, str]:
    """Open a browser session; what the stand-in said, once its socket has been greeted too."""
    import aiohttp

    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        await _logged_in(http, door)
        ws = await http.ws_connect(f"http://127.0.0.1:{door.port}/ws?width=100&height=30")
        received = b""
        while b" end" not in received:
            msg = await asyncio.wait_for(ws.receive(), HANG)
            assert msg.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), msg
            if msg.type == aiohttp.WSMsgType.BINARY:
                received += msg.data
        host_end = launcher.host_ends[-1]
        host_end.settimeout(HANG)
        said = dict(word.split("=", 1) for word in received.decode().split() if "=" in word)
        said["socket"] = host_end.recv(100).decode()
        await ws.close()
    return said


async def test_a_browser_session_is_forked_from_the_warm_server_on_pipes(tmp_path):
    pytest.importorskip("textual_serve")
    door, launcher = await _door(tmp_path)
    try:
        assert door.warm is not None and door.warm.warm
        server = door.warm.server_pid
        assert server is not None and is_session_server(server)
        said = await _session(door, launcher)
        assert int(said["ppid"]) == server  # forked there, not spawned by the door
        assert said["driver"] == "textual.drivers.web_driver:WebDriver" and said["size"] == "100x30"
        assert said["tty"] == "False" and said["socket"] == "hello from the game"
        await wait_until(lambda: not door.sessions)
        await wait_until(lambda: not is_zombie_or_alive(int(said["pid"])))  # ended and reaped
        assert child_pids(server) == []
    finally:
        await door.stop()
        launcher.close()


async def test_without_the_warm_server_a_browser_session_is_spawned_as_before(tmp_path):
    pytest.importorskip("textual_serve")
    door, launcher = await _door(tmp_path, warm_restarts=0)
    try:
        assert door.warm is not None and door.warm.warm
        server = door.warm.server_pid
        assert server is not None
        os.kill(server, signal.SIGKILL)
        await wait_until(lambda: not door.warm.warm)
        said = await _session(door, launcher)
        assert int(said["ppid"]) == os.getpid()  # the door spawned it itself
        assert said["driver"] == "textual.drivers.web_driver:WebDriver" and said["size"] == "100x30"
        assert said["socket"] == "hello from the game"
        await wait_until(lambda: not door.sessions)
    finally:
        await door.stop()
        launcher.close()


def test_the_hosts_browser_client_is_a_fork_of_its_session_server(web_host, tmp_path):
    host = web_host(tmp_path / "data")
    servers = [pid for pid in child_pids(host.proc.pid) if is_session_server(pid)]
    assert len(servers) == 1, child_pids(host.proc.pid)
    cookie = host.log_in("Ann")
    forked: list[int] = []
    spawned: list[int] = []

    async def play() -> bytes:
        import aiohttp

        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(f"{host.base}/ws?width=100&height=30", headers={"Cookie": cookie})
            received = b""
            async with ws:
                while b"new table" not in received:  # the lobby's key bar: the last of its first screen
                    msg = await asyncio.wait_for(ws.receive(), HANG)
                    assert msg.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), msg
                    if msg.type == aiohttp.WSMsgType.BINARY:
                        received += msg.data
                forked.extend(child_pids(servers[0]))
                spawned.extend(pid for pid in child_pids(host.proc.pid) if pid not in servers)
            return received

    lobby = asyncio.run(play())
    assert b"you are Ann" in lobby
    assert len(forked) == 1  # the session's client, forked by the server
    assert spawned == []  # and nothing spawned by the host itself
    status, _ = asyncio.run(_first_frame(host, cookie))  # a second session works as well
    assert status == 101
    host.stop()


def test_a_host_that_dies_takes_its_browser_sessions_with_it(web_host, tmp_path):
    """A browser session's game reads only end-of-file when the host is killed (no terminal to hang
    up); the session server, seeing the host gone, hangs up on it, so no game lives on unseen."""
    host = web_host(tmp_path / "data")
    servers = [pid for pid in child_pids(host.proc.pid) if is_session_server(pid)]
    cookie = host.log_in("Ann")
    games: list[int] = []

    async def sit_and_kill_the_host() -> None:
        import aiohttp

        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(f"{host.base}/ws?width=100&height=30", headers={"Cookie": cookie})
            received = b""
            while b"new table" not in received:
                msg = await asyncio.wait_for(ws.receive(), HANG)
                if msg.type == aiohttp.WSMsgType.BINARY:
                    received += msg.data
            games.extend(child_pids(servers[0]))
            host.proc.send_signal(signal.SIGKILL)
            host.proc.wait(HANG)
            await ws.close()
            assert len(games) == 1
            await wait_until(lambda: not any(is_zombie_or_alive(pid) for pid in games + servers))

    try:
        asyncio.run(sit_and_kill_the_host())
    finally:
        for pid in games:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
