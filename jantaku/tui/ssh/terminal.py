"""A command running on a pseudo-terminal of its own: the process behind one SSH session.

A :class:`ChildStarter` starts the child: :class:`SpawnStarter` here, or the
warm session server's fork (:mod:`.warm`), which sets up the same things.
With ``posix_spawn`` the child gets a new session (``setsid``), then
the pty's slave opened as its standard input, output and error.  Opening a
terminal in a session leader that has none makes it the *controlling*
terminal, so the kernel itself delivers ``SIGWINCH`` when :meth:`resize`
sets a new size and ``SIGHUP`` when :meth:`hangup` closes the master.  The
child needs no cooperation for either, and no ``preexec_fn`` runs (unsafe
once the host has threads).

Only the descriptors named in :attr:`Launch.inherit` reach the child; the
child's process group is killed when it exits or hangs up, and the child is
always reaped (a pidfd where the kernel has them, a waiting thread where not).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import os
import shutil
import signal
import socket
import struct
import termios
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

READ_CHUNK = 65536
INPUT_BACKLOG = 64 * 1024  # unread keystrokes past this pause the SSH channel
MAX_DRAIN = 1 << 20  # output collected from a child that has just exited

# Signals a host may ignore or handle that a fresh program expects at their defaults
# (a host started under nohup ignores SIGHUP; Python ignores SIGPIPE and SIGXFSZ).
_DEFAULT_SIGNALS = tuple(
    s
    for s in (
        signal.SIGHUP,
        signal.SIGINT,
        signal.SIGQUIT,
        signal.SIGTERM,
        signal.SIGPIPE,
        signal.SIGXFSZ,
        signal.SIGTSTP,
        signal.SIGTTIN,
        signal.SIGTTOU,
        signal.SIGWINCH,
        signal.SIGCHLD,
        signal.SIGUSR1,
        signal.SIGUSR2,
    )
)


@dataclass
class Launch:
    """What to run for one session.

    ``inherit`` maps a descriptor number in the child to an open socket (or
    descriptor) here; the launcher's copies are closed once the child runs.
    """

    argv: Sequence[str]
    env: Mapping[str, str] = field(default_factory=dict)
    inherit: Mapping[int, socket.socket | int] = field(default_factory=dict)

    def close_inherited(self) -> None:
        for thing in self.inherit.values():
            if isinstance(thing, socket.socket):
                thing.close()
            else:
                with contextlib.suppress(OSError):
                    os.close(thing)


def set_window_size(fd: int, cols: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


def window_size(fd: int) -> tuple[int, int]:
    rows, cols, _, _ = struct.unpack("HHHH", fcntl.ioctl(fd, termios.TIOCGWINSZ, b"\0" * 8))
    return cols, rows


class TerminalProcess:
    """``launch`` running on a new pty of ``size`` (columns, rows).

    ``on_output(bytes)`` gets what the program writes; ``on_exit(returncode)``
    is called once, after the process is reaped (a negative code: killed by
    that signal).  ``on_input_paused(bool)`` says when unread input passes
    :data:`INPUT_BACKLOG` and when it has drained again.
    """

    def __init__(
        self,
        launch: Launch,
        size: tuple[int, int],
        *,
        on_output: Callable[[bytes], None],
        on_exit: Callable[[int], None],
        on_input_paused: Callable[[bool], None] = lambda paused: None,
        grace: float = 2.0,
        starter: ChildStarter | None = None,
    ):
        self.launch = launch
        self.starter = starter or SpawnStarter()
        self.size = size
        self.on_output, self.on_exit, self.on_input_paused = on_output, on_exit, on_input_paused
        self.grace = grace
        self.pid: int | None = None
        self.returncode: int | None = None
        self._master: int | None = None
        self._pending = bytearray()
        self._reading = False
        self._input_paused = False
        self._started = False
        self._hung_up = False
        self._kill_requested = False
        self._done: asyncio.Future | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    # --- life cycle -------------------------------------------------------------------

    def start(self) -> None:
        """Start the program; raises OSError (FileNotFoundError for an unknown program)."""
        self._loop = asyncio.get_running_loop()
        self._done = self._loop.create_future()
        master, slave = os.openpty()
        try:
            set_window_size(master, *self.size)
            self._started = True
            self.starter.start(self, slave)
        except BaseException:
            self._started = False
            os.close(master)
            raise
        finally:
            os.close(slave)  # the child has its own; the master sees EIO once the child is gone
        self._master = master
        os.set_blocking(master, False)
        self._resume_reading()

    def child_started(self, pid: int) -> None:
        """The starter has the program running as ``pid`` (at once, or a moment after :meth:`start`)."""
        self.pid = pid
        if self._kill_requested:
            self._signal_group(signal.SIGKILL)
        elif self._hung_up:
            self._signal_group(signal.SIGHUP)
            self._signal_group(signal.SIGCONT)

    def child_reaped(self, returncode: int) -> None:
        """The program has exited, its process group is killed and it is reaped."""
        if self.returncode is not None:
            return
        self._drain()
        self.returncode = returncode
        self._close_master()
        self._done.set_result(self.returncode)
        self.on_exit(self.returncode)

    @property
    def running(self) -> bool:
        return self._started and self.returncode is None

    async def wait(self) -> int:
        """The return code, once the process has been reaped."""
        return await asyncio.shield(self._done)

    def hangup(self) -> None:
        """The user left: hang up the terminal, and kill what is left after ``grace`` seconds."""
        if not self.running:
            return
        self._hung_up = True
        self._close_master()
        self._signal_group(signal.SIGHUP)
        self._signal_group(signal.SIGCONT)  # a stopped (Ctrl-Z) program must wake to see it
        self._loop.call_later(self.grace, self.kill)

    def kill(self) -> None:
        if self.running:
            self._kill_requested = True
            self._signal_group(signal.SIGKILL)

    def _signal_group(self, sig: int) -> None:
        if self.pid is None:  # not running yet: child_started sends what was asked for meanwhile
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.pid, sig)  # the child leads its own session, so its group id is its pid

    def _close_master(self) -> None:
        if self._master is None:
            return
        self._pause_reading()
        self._loop.remove_writer(self._master)
        os.close(self._master)
        self._master = None
        self._pending.clear()

    # --- output ---------------------------------------------------------------------------

    def pause_output(self) -> None:
        """Stop reading the program's output (the SSH client is slow); the program then blocks."""
        self._pause_reading()

    def resume_output(self) -> None:
        self._resume_reading()

    def _pause_reading(self) -> None:
        if self._reading:
            self._loop.remove_reader(self._master)
            self._reading = False

    def _resume_reading(self) -> None:
        if not self._reading and self._master is not None:
            self._loop.add_reader(self._master, self._read)
            self._reading = True

    def _read(self) -> None:
        try:
            data = os.read(self._master, READ_CHUNK)
        except BlockingIOError:
            return
        except OSError:  # EIO: every slave descriptor is closed; the exit watch finishes up
            self._pause_reading()
            return
        if data:
            self.on_output(data)
        else:
            self._pause_reading()

    def _drain(self) -> None:
        """Collect the last output of an exited program (its final screen restore, say)."""
        if self._master is None:
            return
        total = 0
        while total < MAX_DRAIN:
            try:
                data = os.read(self._master, READ_CHUNK)
            except OSError:
                break
            if not data:
                break
            total += len(data)
            self.on_output(data)

    # --- input ----------------------------------------------------------------------------

    def write(self, data: bytes) -> None:
        """Type ``data`` into the terminal."""
        if self._master is None:
            return
        self._pending += data
        self._flush_input()

    def _flush_input(self) -> None:
        while self._pending and self._master is not None:
            try:
                written = os.write(self._master, self._pending)
            except BlockingIOError:
                break
            except OSError:
                self._pending.clear()
                break
            del self._pending[:written]
        if self._master is None:
            return
        if self._pending:
            self._loop.add_writer(self._master, self._flush_input)
        else:
            self._loop.remove_writer(self._master)
        paused = len(self._pending) > INPUT_BACKLOG
        if paused != self._input_paused:
            self._input_paused = paused
            self.on_input_paused(paused)

    def resize(self, cols: int, rows: int) -> None:
        """A new window size; the kernel signals the program if it changed."""
        self.size = (cols, rows)
        if self._master is not None:
            set_window_size(self._master, cols, rows)


class ChildStarter(Protocol):
    """Starts a :class:`TerminalProcess`'s program with the pty's slave ``tty`` as its controlling terminal.

    It calls ``process.child_started(pid)`` (at once or later) and, once the program has exited,
    its process group is killed and it is reaped, ``process.child_reaped(returncode)``.  It closes
    the launch's inherited descriptors; the caller closes ``tty`` when ``start`` returns.
    """

    def start(self, process: TerminalProcess, tty: int) -> None: ...


class SpawnStarter:
    """A new program for every session: ``posix_spawn`` of the launch's command line."""

    def start(self, process: TerminalProcess, tty: int) -> None:
        launch = process.launch
        try:
            pid = spawn_on_terminal(launch, tty)
        finally:
            launch.close_inherited()
        process.child_started(pid)
        watch: _ExitWatch | None = None

        def exited() -> None:  # not reaped yet, so its pid and group id are still ours
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(pid, signal.SIGKILL)  # whatever it started goes with it
            _, status = os.waitpid(pid, 0)
            if watch is not None:
                watch.close()
            process.child_reaped(os.waitstatus_to_exitcode(status))

        watch = _ExitWatch(pid, asyncio.get_running_loop(), exited)


def spawn_on_terminal(launch: Launch, tty: int) -> int:
    """``posix_spawn`` the launch in a new session on terminal ``tty``; returns the pid."""
    env = dict(launch.env)
    program = shutil.which(launch.argv[0], path=env.get("PATH", os.defpath))
    if program is None:
        raise FileNotFoundError(errno.ENOENT, "no such program", launch.argv[0])
    actions = [
        (os.POSIX_SPAWN_OPEN, 0, os.ttyname(tty), os.O_RDWR, 0),
        (os.POSIX_SPAWN_DUP2, 0, 1),
        (os.POSIX_SPAWN_DUP2, 0, 2),
    ]
    extra = []  # descriptors made for the spawn only
    try:
        for target, thing in launch.inherit.items():
            fd = thing.fileno() if isinstance(thing, socket.socket) else thing
            if fd == target or fd <= 2:  # dup2(fd, fd) would leave close-on-exec set
                fd = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
                extra.append(fd)
            actions.append((os.POSIX_SPAWN_DUP2, fd, target))
        return os.posix_spawn(
            program,
            list(launch.argv),
            env,
            file_actions=actions,
            setsid=True,
            setsigdef=_DEFAULT_SIGNALS,
            setsigmask=(),
        )
    finally:
        for fd in extra:
            os.close(fd)


class _ExitWatch:
    """Calls ``callback`` on the loop once process ``pid`` has exited, leaving it to be reaped there."""

    def __init__(self, pid: int, loop: asyncio.AbstractEventLoop, callback: Callable[[], None]):
        self._loop = loop
        self._callback = callback
        self._pidfd: int | None = None
        if hasattr(os, "pidfd_open"):
            with contextlib.suppress(OSError):  # kernels before 5.3
                self._pidfd = os.pidfd_open(pid)
        if self._pidfd is not None:
            loop.add_reader(self._pidfd, self._fire)
        else:
            threading.Thread(
                target=self._wait_in_thread, args=(pid,), daemon=True, name=f"jantaku-ssh-wait-{pid}"
            ).start()

    def _wait_in_thread(self, pid: int) -> None:
        with contextlib.suppress(ChildProcessError):
            os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)  # WNOWAIT: the loop thread reaps
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
            self._loop.call_soon_threadsafe(self._fire)

    def _fire(self) -> None:
        if self._pidfd is not None:
            self._loop.remove_reader(self._pidfd)
        callback, self._callback = self._callback, None
        if callback is not None:
            callback()

    def close(self) -> None:
        if self._pidfd is not None:
            os.close(self._pidfd)
            self._pidfd = None
