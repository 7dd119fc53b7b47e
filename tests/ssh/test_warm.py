"""Sessions forked from the warm session server (jantaku/tui/ssh/zygote.py) instead of spawned.

What a forked session must be, like a spawned one: its own process on its own controlling
terminal, resized with the window, ended and reaped with its channel, with no descriptor, signal
handler or environment of the server; and the door keeps working when the server dies.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from jantaku.tui.ssh import Launch
from jantaku.tui.ssh.warm import CLIENT_MODULES, WarmStarter
from jantaku.tui.ssh.warmup import WARM_UP

from .conftest import FAST, HANG, connect, fields, is_session_server, is_zombie_or_alive, open_game, read_line
from .test_gateway import wait_until

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")

# A program that tells what it inherited: descriptors, signal handlers, session, environment.
PROBE = """
import os, random, signal, sys
HANDLERS = {signal.SIG_DFL: "default", signal.SIG_IGN: "ignored", signal.default_int_handler: "python"}
def is_open(fd):
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True
fds = ",".join(str(fd) for fd in range(1024) if is_open(fd))
handlers = ",".join(
    f"{s.name}={HANDLERS.get(signal.getsignal(s), 'other')}"
    for s in (signal.SIGINT, signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP, signal.SIGWINCH, signal.SIGPIPE)
)
leader = os.getsid(0) == os.getpid() and os.tcgetpgrp(0) == os.getpgrp()
sys.stdout.write(
    f"probe fds={fds} handlers={handlers} leader={leader} random={random.random()} "
    f"env={','.join(sorted(os.environ))} argv={sys.argv[1:]} tty={os.isatty(1)}\\r\\n"
)
sys.stdout.flush()
sys.stdin.readline()
"""


def parent_of(pid: int) -> int:
    with open(f"/proc/{pid}/stat") as f:
        return int(f.read().rsplit(") ", 1)[1].split()[1])


def server_of(gateway) -> int:
    assert isinstance(gateway.starter, WarmStarter)
    pid = gateway.starter.server_pid
    assert pid is not None and is_session_server(pid)
    return pid


async def only_process(gateway):
    await wait_until(lambda: len(gateway.processes) == 1 and next(iter(gateway.processes)).pid is not None)
    return next(iter(gateway.processes))


async def test_a_session_is_forked_from_the_warm_server_and_resizes(gateway):
    server = server_of(gateway)
    async with await connect(gateway) as conn:
        proc, line = await open_game(conn, size=(100, 30))
        assert fields(line)["ready"] == "100x30" and fields(line)["tty"] == "yes"
        process = await only_process(gateway)
        assert parent_of(process.pid) == server  # forked there, not spawned by the host
        proc.change_terminal_size(120, 40)
        assert await read_line(proc) == "size 120x40"  # SIGWINCH from the kernel, on its own terminal
        proc.stdin.write(b"q")
        assert await read_line(proc) == "bye"
        await asyncio.wait_for(proc.wait_closed(), HANG)
        assert proc.exit_status == 3  # the exit status, reported by the server
    await wait_until(lambda: not gateway.processes)


async def test_closing_the_channel_ends_the_forked_child_and_it_is_reaped(gateway):
    server = server_of(gateway)
    conn = await connect(gateway)
    await open_game(conn)
    pid = (await only_process(gateway)).pid
    assert parent_of(pid) == server
    conn.close()  # the SSH channel goes: the terminal hangs up
    await wait_until(lambda: not gateway.processes)
    await wait_until(lambda: not is_zombie_or_alive(pid))  # gone, not a zombie of the server
    assert child_pids(server) == []


def child_pids(pid: int) -> list[int]:
    with open(f"/proc/{pid}/task/{pid}/children") as f:
        return [int(p) for p in f.read().split()]


# the bare server, and one that imported the TUI and ran a session's first frame before forking (warmup.py)
SERVERS = [FAST, replace(FAST, warm_preload=CLIENT_MODULES, warm_up=WARM_UP)]


@pytest.mark.parametrize("settings", SERVERS, ids=["bare", "warmed-up"])
async def test_a_forked_child_keeps_nothing_of_the_server_but_its_modules(make_gateway, tmp_path, settings):
    probe = tmp_path / "probe.py"
    probe.write_text(PROBE)
    pairs = []

    def launcher(identity, term, size):
        host_end, child_end = socket.socketpair()
        pairs.append(host_end)
        return Launch([sys.executable, str(probe), "an-arg"], {"JANTAKU_SSH_NAME": identity.name}, {3: child_end})

    from jantaku.tui.ssh import SshGateway

    gateway = SshGateway(launcher, data_dir=tmp_path / "data", settings=settings)
    await gateway.start(port=0, bind="127.0.0.1")
    try:
        server = server_of(gateway)
        lines = []
        for name in ("ann", "bob"):
            async with await connect(gateway, username=name) as conn:
                proc, line = await open_game(conn)
                assert parent_of((await only_process(gateway)).pid) == server
                lines.append(line)
                proc.stdin.write(b"\r")
                await asyncio.wait_for(proc.wait_closed(), HANG)
            await wait_until(lambda: not gateway.processes)
        ann, bob = (fields(line) for line in lines)
        assert ann["fds"] == "0,1,2,3"  # the terminal and the one socket asked for, nothing of the server
        assert ann["handlers"] == (
            "SIGINT=python,SIGCHLD=default,SIGTERM=default,SIGHUP=default,SIGWINCH=default,SIGPIPE=ignored"
        )  # as a new interpreter has them
        assert ann["leader"] == "True" and ann["tty"] == "True"  # a session of its own on the pty
        assert ann["random"] != bob["random"]  # fresh seeds in every child
        assert set(ann["env"].split(",")) <= {"TERM", "COLORTERM", "LANG", "PATH", "HOME", "JANTAKU_SSH_NAME"}
        assert ann["argv"] == "['an-arg']"
        # the host's end of each socket sees the child's end closed: no copy stayed anywhere
        for host_end in pairs:
            host_end.settimeout(HANG)
            assert host_end.recv(10) == b""
    finally:
        await gateway.stop()
        for host_end in pairs:
            host_end.close()


async def test_the_door_survives_its_warm_server_being_killed(make_gateway, caplog):
    caplog.set_level(logging.WARNING, "jantaku.tui.ssh.warm")
    gateway = await make_gateway()
    try:
        first = server_of(gateway)
        async with await connect(gateway, username="early") as early:
            running, _ = await open_game(early)
            orphan = (await only_process(gateway)).pid
            os.kill(first, signal.SIGKILL)
            await wait_until(lambda: "warm session server" in caplog.text)
            async with await connect(gateway) as conn:  # at once: started the old way, or by the new server
                proc, line = await open_game(conn)
                assert fields(line)["tty"] == "yes"
                proc.stdin.write(b"q")
                await asyncio.wait_for(proc.wait_closed(), HANG)
            await wait_until(lambda: gateway.starter.warm and gateway.starter.server_pid != first)
            assert "is back" in caplog.text
            running.stdin.write(b"x")  # the session of the dead server plays on
            assert await read_line(running) == "key 'x'"
            running.stdin.write(b"q")
            await asyncio.wait_for(running.wait_closed(), HANG)  # and its end is noticed
        await wait_until(lambda: not gateway.processes)
        await wait_until(lambda: not is_zombie_or_alive(orphan))  # init reaps what the server left
        async with await connect(gateway) as conn:  # the new server forks again
            proc, _ = await open_game(conn)
            assert parent_of((await only_process(gateway)).pid) == gateway.starter.server_pid
            proc.stdin.write(b"q")
            await asyncio.wait_for(proc.wait_closed(), HANG)
    finally:
        await gateway.stop()


async def test_without_restarts_left_sessions_are_spawned_with_a_warning(make_gateway, caplog):
    caplog.set_level(logging.WARNING, "jantaku.tui.ssh.warm")
    gateway = await make_gateway(settings=replace(FAST, warm_restarts=0))
    try:
        os.kill(server_of(gateway), signal.SIGKILL)
        await wait_until(lambda: "from now on" in caplog.text)
        async with await connect(gateway) as conn:
            proc, line = await open_game(conn)
            assert fields(line)["tty"] == "yes"
            assert parent_of((await only_process(gateway)).pid) == os.getpid()  # spawned by the host
            proc.stdin.write(b"q")
            await asyncio.wait_for(proc.wait_closed(), HANG)
        assert not gateway.starter.warm
    finally:
        await gateway.stop()


async def test_a_hung_server_is_replaced_and_the_waiting_session_starts_anyway(make_gateway, caplog):
    caplog.set_level(logging.WARNING, "jantaku.tui.ssh.warm")
    gateway = await make_gateway(settings=replace(FAST, warm_answer_timeout=0.5))
    try:
        hung = server_of(gateway)
        os.kill(hung, signal.SIGSTOP)
        async with await connect(gateway) as conn:
            proc, line = await open_game(conn)  # after the timeout, spawned by the host
            assert fields(line)["tty"] == "yes"
            assert "did not answer" in caplog.text
            proc.stdin.write(b"q")
            await asyncio.wait_for(proc.wait_closed(), HANG)
        await wait_until(lambda: not is_zombie_or_alive(hung))  # killed and reaped
        await wait_until(lambda: gateway.starter.warm)  # and a new one serves
    finally:
        await gateway.stop()


async def test_the_warm_server_is_ended_and_reaped_with_the_door(make_gateway):
    gateway = await make_gateway()
    server = server_of(gateway)
    await gateway.stop()
    assert not is_zombie_or_alive(server)


def test_the_real_client_gets_its_first_frame_from_the_warm_server(tmp_path, jantaku_host):
    host = jantaku_host(tmp_path / "data")
    server = host.session_server()
    assert server is not None

    async def join() -> None:
        async with await connect(host.ssh_port, username="ann") as conn:
            proc = await conn.create_process(term_type="xterm-256color", term_size=(100, 30), encoding=None)
            seen = b""
            while b"new table" not in seen:  # the lobby's last line: the whole first frame
                chunk = await asyncio.wait_for(proc.stdout.read(65536), HANG)
                assert chunk, seen[-300:]
                seen += chunk
            (session,) = host.children()
            assert parent_of(session) == server
            proc.stdin.write(b"\x11")  # Ctrl-Q
            await asyncio.wait_for(proc.wait_closed(), HANG)

    asyncio.run(join())
    assert host.children() == []
    assert host.stop() == 0
    assert not is_zombie_or_alive(server)


async def test_the_session_server_and_its_sessions_offer_their_pages_for_merging(gateway):
    """The session server marks its memory mergeable for KSM (zygote.offer_pages_for_merging); a
    fork inherits it.  Nothing is merged unless the machine runs KSM (docs/ssh.md)."""
    server = server_of(gateway)
    stat = f"/proc/{server}/ksm_stat"
    if not os.path.exists(stat):
        pytest.skip("this kernel has no per-process KSM (Linux 6.4+)")
    assert "ksm_merge_any: yes" in open(stat).read()
    async with await connect(gateway) as conn:
        proc, _ = await open_game(conn, size=(80, 24))
        process = await only_process(gateway)
        assert "ksm_merge_any: yes" in open(f"/proc/{process.pid}/ksm_stat").read()
        proc.close()
