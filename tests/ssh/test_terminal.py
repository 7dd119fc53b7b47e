"""A process on its own pty: controlling terminal, resize, hang-up, inherited descriptors, reaping."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys

import pytest

from jantaku.tui.ssh import terminal
from jantaku.tui.ssh.terminal import Launch, TerminalProcess

from .conftest import HANG, STANDIN, fields, is_zombie_or_alive


class Screen:
    """What a process wrote, with a way to wait for a line."""

    def __init__(self):
        self.data = b""
        self.changed = asyncio.Event()

    def output(self, data: bytes) -> None:
        self.data += data
        self.changed.set()

    async def wait_for(self, text: str, timeout: float = HANG) -> str:
        async def wait():
            while text.encode() not in self.data:
                self.changed.clear()
                await self.changed.wait()

        await asyncio.wait_for(wait(), timeout)
        return self.data.decode(errors="replace")


def start(argv, size=(80, 24), inherit=None, grace=0.5) -> tuple[TerminalProcess, Screen]:
    screen = Screen()
    env = {"PATH": os.environ["PATH"], "TERM": "xterm"}
    process = TerminalProcess(
        Launch(argv, env, inherit or {}), size, on_output=screen.output, on_exit=lambda code: None, grace=grace
    )
    process.start()
    return process, screen


def process_state(pid: int) -> str | None:
    """The state letter of ``pid`` (R, S, Z, ...), or None once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(") ", 1)[1][:1]
    except FileNotFoundError:
        return None


async def gone(pid: int) -> bool:
    """Whether ``pid`` is dead (gone, or a zombie until init reaps it) within a bound that only catches a hang:
    a killed process takes its time to die on a busy machine."""
    for _ in range(int(HANG / 0.05)):
        if process_state(pid) in (None, "Z"):
            return True
        await asyncio.sleep(0.05)
    return False


def last_line(text: str, prefix: str) -> str:
    return [line for line in text.split("\r\n") if line.startswith(prefix)][-1]


async def test_the_pty_is_the_controlling_terminal_and_resizes_signal_the_program():
    process, screen = start(STANDIN, size=(90, 33))
    ready = fields(last_line(await screen.wait_for("ready"), "ready"))
    assert ready["ready"] == "90x33" and ready["tty"] == "yes"
    process.resize(120, 40)
    await screen.wait_for("size 120x40")
    process.write(b"q")
    assert await asyncio.wait_for(process.wait(), HANG) == 3


async def test_hangup_ends_the_program_and_what_it_started():
    process, screen = start(["sh", "-c", "sleep 300 & echo child=$!; wait"])
    text = await screen.wait_for("child=")
    child = int(last_line(text, "child=").split("=")[1])
    process.hangup()
    await asyncio.wait_for(process.wait(), HANG)
    assert not is_zombie_or_alive(process.pid)
    assert await gone(child)  # killed; a zombie only until init reaps it


async def test_what_a_program_leaves_behind_dies_with_it():
    process, screen = start(["sh", "-c", "(trap '' HUP; sleep 300) & echo child=$!; sleep 0.2; exit 0"])
    text = await screen.wait_for("child=")
    child = int(last_line(text, "child=").split("=")[1])
    assert await asyncio.wait_for(process.wait(), HANG) == 0
    assert await gone(child)


async def test_a_program_that_ignores_hangup_is_killed_after_grace():
    process, screen = start(["sh", "-c", "trap '' HUP TERM; echo up; while :; do sleep 1; done"], grace=0.3)
    await screen.wait_for("up")
    process.hangup()
    assert await asyncio.wait_for(process.wait(), HANG) == -signal.SIGKILL


async def test_signals_the_host_ignores_are_at_their_defaults_in_the_program():
    previous = signal.signal(signal.SIGHUP, signal.SIG_IGN)  # as under nohup
    try:
        process, screen = start(["sh", "-c", "echo up; sleep 300"], grace=HANG)
        await screen.wait_for("up")
        process.hangup()
        assert await asyncio.wait_for(process.wait(), HANG / 2) == -signal.SIGHUP  # not the SIGKILL after grace
    finally:
        signal.signal(signal.SIGHUP, previous)


async def test_only_the_named_descriptors_are_inherited():
    host_end, child_end = socket.socketpair()
    stray = socket.socket()  # something else the host has open
    try:
        process, screen = start(STANDIN, inherit={3: child_end})
        ready = fields(last_line(await screen.wait_for("ready"), "ready"))
        assert ready["inherited"] == "[fd3]"
        assert child_end.fileno() == -1  # the launcher's copy is closed
        process.write(b"q")
        await asyncio.wait_for(process.wait(), HANG)
    finally:
        host_end.close()
        stray.close()


async def test_an_inherited_socket_carries_data_both_ways():
    host_end, child_end = socket.socketpair()
    script = "import os; os.write(3, b'hello from the game'); print(os.read(3, 100).decode(), flush=True)"
    process, screen = start([sys.executable, "-c", script], inherit={3: child_end})
    loop = asyncio.get_running_loop()
    host_end.setblocking(False)
    assert await asyncio.wait_for(loop.sock_recv(host_end, 100), HANG) == b"hello from the game"
    await loop.sock_sendall(host_end, b"hello from the host")
    await screen.wait_for("hello from the host")
    await asyncio.wait_for(process.wait(), HANG)
    host_end.close()


async def test_output_written_just_before_exit_is_not_lost():
    process, screen = start(["sh", "-c", "printf 'last words'; exit 7"])
    assert await asyncio.wait_for(process.wait(), HANG) == 7
    assert b"last words" in screen.data


async def test_an_unknown_program_fails_to_start_and_closes_what_it_was_given():
    host_end, child_end = socket.socketpair()
    with pytest.raises(FileNotFoundError):
        start(["no-such-program-jantaku"], inherit={3: child_end})
    assert child_end.fileno() == -1
    host_end.close()


@pytest.mark.parametrize("kernel_takes", [None, 640 * 1024], ids=["this-kernel", "a-lagging-pty"])
async def test_input_that_the_program_does_not_read_pauses_the_channel(monkeypatch, kernel_takes):
    paused = []
    process = TerminalProcess(
        Launch(["sh", "-c", "sleep 300"], {"PATH": os.environ["PATH"]}),
        (80, 24),
        on_output=lambda d: None,
        on_exit=lambda c: None,
        on_input_paused=paused.append,
        grace=0.2,
    )
    process.start()
    if kernel_takes is not None:  # a pty whose line discipline lags (a busy machine) buffers this much
        monkeypatch.setattr(terminal.os, "write", pty_that_takes(process._master, kernel_takes))
    # How much the kernel takes before a write would block depends on how busy the machine is: type
    # until it says no, with a bound far above any pty's buffer that only catches a channel that
    # never pauses.
    for _ in range(4096):  # 16 MiB
        process.write(b"x" * 4096)
        if paused:
            break
    assert paused == [True]
    monkeypatch.undo()
    process.hangup()
    await asyncio.wait_for(process.wait(), HANG)


def pty_that_takes(master: int | None, quota: int):
    """``os.write`` as if the pty ``master`` took ``quota`` bytes before it said no (it keeps none)."""
    real_write, taken = os.write, [0]

    def write(fd: int, data) -> int:
        if fd != master:
            return real_write(fd, data)
        if taken[0] >= quota:
            raise BlockingIOError
        n = min(len(data), quota - taken[0])
        taken[0] += n
        return n

    return write
