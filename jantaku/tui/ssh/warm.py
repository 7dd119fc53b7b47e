"""SSH sessions from a warm process: the host's end of the session server (:mod:`.zygote`).

:class:`WarmStarter` is a :class:`~.terminal.ChildStarter`.  At the door's opening
it starts ``python -m jantaku.tui.ssh.zygote``, which imports Textual and the TUI
once; each session whose command is this interpreter running a module or a file
(``python -m jantaku join ...``) is then forked from it, ready in milliseconds, and
shares its memory copy-on-write.  Anything else, and every session while the
server is not there, is spawned as before (:class:`~.terminal.SpawnStarter`).

The host itself never forks: it sends the server the pty's slave and the
descriptors to inherit over a Unix socket (``SCM_RIGHTS``) and learns the pid and,
later, the exit status from it.  The children are the server's; the host signals
their process groups as before.  If the server dies, the door says so in its log,
starts sessions the old way meanwhile and starts a new server (at most
``max_restarts`` in ``restart_window`` seconds, then it stays with new processes).
Sessions already running keep running: their ends are noticed with a pidfd (or,
without pidfds, by polling).

``JANTAKU_SSH_WARM=0`` in the host's environment turns the server off (to compare).

The web door (:mod:`jantaku.tui.web.warm`) uses a server of its own through
:meth:`WarmStarter.start_piped`: the same request with pipes for standard streams
instead of a terminal.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import signal
import socket
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from .terminal import _DEFAULT_SIGNALS, Launch, SpawnStarter, TerminalProcess, _ExitWatch

log = logging.getLogger(__name__)

WARM_ENV = "JANTAKU_SSH_WARM"  # "0": every session a new process (the way before, for comparison)
MAX_MESSAGE = 1 << 16
ORPHAN_POLL = 0.5  # seconds between looks at a session whose server died (no pidfds)

# What `jantaku join --fd 3` imports before its first frame: the lobby (and the table after it).
CLIENT_MODULES = (
    "jantaku.cli",
    "jantaku.cli.play",
    "jantaku.netplay.client",
    "jantaku.tui.app",
    "jantaku.tui.connect",
    "jantaku.tui.screens.lobby",
    "jantaku.tui.screens.table",
    "jantaku.tui.screens.result",
    "jantaku.tui.screens.dialogs",
    "textual.drivers.linux_driver",
)


def warm_enabled() -> bool:
    return os.environ.get(WARM_ENV, "1") != "0"


@dataclass(frozen=True)
class WarmEntry:
    """What a command line of this interpreter runs: a module (``-m``) or a file, with arguments."""

    kind: str  # "module" | "path"
    target: str
    args: tuple[str, ...]


def warm_entry(argv: Sequence[str]) -> WarmEntry | None:
    """The program ``argv`` runs, if the session server can run it (this interpreter, no options).

    >>> warm_entry([sys.executable, "-m", "jantaku", "join", "--fd", "3"])
    WarmEntry(kind='module', target='jantaku', args=('join', '--fd', '3'))
    >>> warm_entry([sys.executable, "game.py", "x"]).kind, warm_entry(["sh", "-c", "ls"])
    ('path', None)
    """
    if len(argv) < 2 or argv[0] != sys.executable:
        return None
    if argv[1] == "-m" and len(argv) >= 3:
        return WarmEntry("module", argv[2], tuple(argv[3:]))
    if not argv[1].startswith("-"):
        return WarmEntry("path", argv[1], tuple(argv[2:]))
    return None


def _encode(**message: object) -> bytes:
    return json.dumps(message).encode()


class WarmChild(Protocol):
    """What the server's answers about one session go to (a :class:`~.terminal.TerminalProcess`)."""

    def child_started(self, pid: int) -> None: ...

    def child_reaped(self, returncode: int) -> None: ...


@dataclass
class _Pending:
    """A start request not answered yet.

    ``kept`` are the host's copies of what was sent (the pty's slave, or the pipes' far ends),
    closed once it is answered; ``instead`` starts the session the old way (before they are closed).
    """

    child: WarmChild
    launch: Launch
    instead: Callable[[], None]
    kept: list[int] = field(default_factory=list)

    def answered(self) -> None:
        for fd in self.kept:
            os.close(fd)
        self.kept.clear()

    def start_instead(self) -> None:
        try:
            self.instead()
        finally:
            self.answered()


class _Server:
    """One running session server: its process, control socket and the sessions it started."""

    def __init__(self, starter: WarmStarter, pid: int, control: socket.socket, loop: asyncio.AbstractEventLoop):
        self.starter = starter
        self.pid = pid
        self.control = control
        self.loop = loop
        self.ready: asyncio.Future[bool] = loop.create_future()
        self.pending: dict[int, _Pending] = {}
        self.children: dict[int, WarmChild] = {}
        self.returncode: int | None = None
        self.exited: asyncio.Future[int] = loop.create_future()
        loop.add_reader(control.fileno(), self._readable)
        self._watch = _ExitWatch(pid, loop, self._reap)

    @property
    def usable(self) -> bool:
        return self.ready.done() and self.ready.result() and self.control.fileno() >= 0

    def _reap(self) -> None:
        _, status = os.waitpid(self.pid, 0)
        self.returncode = os.waitstatus_to_exitcode(status)
        self._watch.close()
        self.exited.set_result(self.returncode)
        self.starter._lost(self, f"exited with status {self.returncode}")

    def _readable(self) -> None:
        while self.control.fileno() >= 0:
            try:
                data = self.control.recv(MAX_MESSAGE)
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:
                self.starter._lost(self, f"could not be read ({exc})")
                return
            if not data:
                self.starter._lost(self, "closed its end")
                return
            try:
                self._dispatch(json.loads(data))
            except (ValueError, KeyError, TypeError) as exc:
                self.starter._lost(self, f"said something odd ({exc}: {data[:200]!r})")
                return

    def _dispatch(self, message: dict) -> None:
        if "ready" in message:
            if not self.ready.done():
                self.ready.set_result(True)
        elif "broken" in message:
            log.warning("%s: the warm session server cannot start: %s", self.starter.door, message["broken"])
            if not self.ready.done():
                self.ready.set_result(False)
        elif "started" in message:
            pending = self.pending.pop(int(message["started"]))
            pending.answered()
            pending.launch.close_inherited()
            pid = int(message["pid"])
            self.children[pid] = pending.child
            pending.child.child_started(pid)
        elif "failed" in message:
            pending = self.pending.pop(int(message["failed"]))
            log.warning(
                "%s: the warm session server could not start a session: %s", self.starter.door, message["error"]
            )
            pending.start_instead()
        elif "exited" in message:
            process = self.children.pop(int(message["exited"]), None)
            if process is not None:
                process.child_reaped(int(message["code"]))

    def send_start(
        self, ident: int, entry: WarmEntry, pending: _Pending, standard: Sequence[int], **variant: object
    ) -> None:
        """Ask for ``pending``'s session: ``standard`` (the pty's slave, or three pipes) become 0, 1, 2."""
        launch = pending.launch
        fds = list(standard)
        for thing in launch.inherit.values():
            fds.append(thing.fileno() if isinstance(thing, socket.socket) else thing)
        message = _encode(
            start=ident,
            kind=entry.kind,
            target=entry.target,
            args=list(entry.args),
            env=dict(launch.env),
            targets=list(launch.inherit),
            **variant,
        )
        socket.send_fds(self.control, [message], fds)
        self.pending[ident] = pending
        self.loop.call_later(self.starter.answer_timeout, self._check_answered, ident)

    def _check_answered(self, ident: int) -> None:
        if ident in self.pending:  # hung (or stopped): the waiting sessions start the old way
            self.starter._lost(self, f"did not answer a start request within {self.starter.answer_timeout:g} s")

    def close(self) -> None:
        """Close the control socket (the server ends when it sees that)."""
        if self.control.fileno() >= 0:
            self.loop.remove_reader(self.control.fileno())
            self.control.close()
        if not self.ready.done():
            self.ready.set_result(False)


class WarmStarter:
    """Starts sessions from a warm session server; see the module docstring."""

    def __init__(
        self,
        *,
        preload: Sequence[str],
        env: Mapping[str, str],
        warm_up: str = "",
        max_restarts: int = 3,
        restart_window: float = 60.0,
        ready_timeout: float = 30.0,
        answer_timeout: float = 5.0,
        door: str = "SSH door",
    ):
        self.door = door  # who says what the log says
        self.preload = tuple(preload)
        self.warm_up = warm_up  # MODULE:FUNCTION the server calls once before it forks
        self.env = dict(env)
        self.max_restarts = max_restarts
        self.restart_window = restart_window
        self.ready_timeout = ready_timeout
        self.answer_timeout = answer_timeout
        self.spawn = SpawnStarter()
        self.server: _Server | None = None
        self.orphans: dict[int, _OrphanWatch] = {}  # sessions of a server that died
        self._next_ident = 0
        self._restarts: list[float] = []
        self._closing = False
        self._restarting: asyncio.Task | None = None

    @property
    def server_pid(self) -> int | None:
        return None if self.server is None else self.server.pid

    @property
    def warm(self) -> bool:
        """Whether new sessions start from the warm server now."""
        return self.server is not None and self.server.usable

    # --- the server's life -----------------------------------------------------------------

    async def open(self) -> bool:
        """Start the session server and wait until it has imported the game; False if it did not."""
        loop = asyncio.get_running_loop()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            pid = _spawn_server(theirs, self.preload, self.env, self.warm_up)
        except OSError as exc:
            ours.close()
            log.warning("%s: no warm session server (%s); every session starts a new process", self.door, exc)
            return False
        finally:
            theirs.close()
        ours.setblocking(False)
        server = self.server = _Server(self, pid, ours, loop)
        try:
            ready = await asyncio.wait_for(asyncio.shield(server.ready), self.ready_timeout)
        except TimeoutError:
            ready = False
        if not ready and server is self.server:
            self._lost(server, "did not get ready", restart=False)
        return ready

    async def close(self) -> None:
        """End the server (after the gateway has ended its sessions) and reap it."""
        self._closing = True
        if self._restarting is not None:
            self._restarting.cancel()
        server, self.server = self.server, None
        if server is not None:
            server.close()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(server.exited), 5.0)
            if server.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(server.pid, signal.SIGKILL)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(asyncio.shield(server.exited), 5.0)
        for watch in list(self.orphans.values()):
            watch.close()
        self.orphans.clear()

    def _lost(self, server: _Server, why: str, *, restart: bool = True) -> None:
        """``server`` is gone or unusable: its waiting sessions start the old way, its running ones are
        watched from here, and a new server is started if the budget allows."""
        if server.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(server.pid, signal.SIGKILL)  # reaped by its exit watch
        if server is not self.server:
            return
        self.server = None
        server.close()
        if self._closing:
            return
        log.warning(
            "%s: the warm session server (pid %d) %s; new sessions start as a new process each until it is back",
            self.door,
            server.pid,
            why,
        )
        for pending in list(server.pending.values()):
            pending.start_instead()
        server.pending.clear()
        for pid, process in server.children.items():
            self.orphans[pid] = _OrphanWatch(pid, server.loop, self._orphan_done(pid, process))
        server.children.clear()
        now = time.monotonic()
        self._restarts = [t for t in self._restarts if now - t < self.restart_window]
        if not restart:
            return
        if len(self._restarts) >= self.max_restarts:
            log.warning(
                "%s: the warm session server died %d times in %.0f s; every session starts a new process from now on",
                self.door,
                len(self._restarts) + 1,
                self.restart_window,
            )
            return
        self._restarts.append(now)
        self._restarting = asyncio.ensure_future(self._restart())

    async def _restart(self) -> None:
        if await self.open() and self.server is not None:
            log.warning("%s: the warm session server is back (pid %d)", self.door, self.server.pid)

    def _orphan_done(self, pid: int, process: WarmChild) -> Callable[[], None]:
        def done() -> None:
            self.orphans.pop(pid, None)
            process.child_reaped(0)  # its exit status went to the server that died

        return done

    # --- starting sessions (ChildStarter) -----------------------------------------------------

    def start(self, process: TerminalProcess, tty: int) -> None:
        entry = warm_entry(process.launch.argv)
        server = self.server
        if entry is None or server is None or not server.usable:
            if entry is not None:
                log.info("%s: a session starts as a new process (no warm session server at the moment)", self.door)
            self.spawn.start(process, tty)
            return
        kept = os.dup(tty)  # the caller closes tty; this one starts the session the old way if need be
        pending = _Pending(process, process.launch, lambda: self._spawn_instead(process, kept), [kept])
        self._next_ident += 1
        try:
            server.send_start(self._next_ident, entry, pending, [tty])
        except OSError as exc:
            pending.answered()
            self._lost(server, f"could not be reached ({exc})")
            self.spawn.start(process, tty)

    def start_piped(
        self,
        child: WarmChild,
        launch: Launch,
        standard: tuple[int, int, int],
        *,
        instead: Callable[[], None],
        reload: Sequence[str] = (),
    ) -> bool:
        """Fork ``launch`` from the server with ``standard`` (pipes) as its stdin, stdout and stderr.

        False if it cannot be (not a command the server runs, or no server now): nothing was
        sent.  True: the request is out and this owns ``standard``; then ``child.child_started``
        follows, or ``instead()`` if the server does not start it after all.
        """
        entry = warm_entry(launch.argv)
        server = self.server
        if entry is None or server is None or not server.usable:
            return False
        pending = _Pending(child, launch, instead, list(standard))
        self._next_ident += 1
        try:
            server.send_start(self._next_ident, entry, pending, standard, stdio=True, reload=list(reload))
        except OSError as exc:
            self._lost(server, f"could not be reached ({exc})")
            return False
        return True

    def _spawn_instead(self, process: TerminalProcess, tty: int) -> None:
        try:
            self.spawn.start(process, tty)
        except OSError:
            log.exception("%s: could not start a session", self.door)
            process.child_reaped(1)


def _spawn_server(control: socket.socket, preload: Sequence[str], env: Mapping[str, str], warm_up: str = "") -> int:
    """``posix_spawn`` the session server in a session of its own, ``control`` as its descriptor 3."""
    argv = [sys.executable, "-m", "jantaku.tui.ssh.zygote", "--fd", "3", "--preload", ",".join(preload)]
    if warm_up:
        argv += ["--warm-up", warm_up]
    return os.posix_spawn(
        sys.executable,
        argv,
        dict(env),
        file_actions=[
            (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
            (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),  # the host's output is the host's
            (os.POSIX_SPAWN_DUP2, control.fileno(), 3),  # stderr stays the host's: a traceback there says why
        ],
        setsid=True,  # a Ctrl-C at the host's terminal does not reach it
        setsigdef=_DEFAULT_SIGNALS,
        setsigmask=(),
    )


class _OrphanWatch:
    """Calls ``callback`` once process ``pid``, not our child, has exited: a pidfd, else polling."""

    def __init__(self, pid: int, loop: asyncio.AbstractEventLoop, callback: Callable[[], None]):
        self._pid = pid
        self._loop = loop
        self._callback: Callable[[], None] | None = callback
        self._pidfd: int | None = None
        self._timer: asyncio.TimerHandle | None = None
        if hasattr(os, "pidfd_open"):
            try:
                self._pidfd = os.pidfd_open(pid)
            except ProcessLookupError:
                loop.call_soon(self._fire)
                return
            except OSError:
                self._pidfd = None
        if self._pidfd is not None:
            loop.add_reader(self._pidfd, self._fire)
        else:
            self._poll()

    def _poll(self) -> None:
        try:
            os.kill(self._pid, 0)
        except ProcessLookupError:
            self._fire()
            return
        except PermissionError:
            pass
        self._timer = self._loop.call_later(ORPHAN_POLL, self._poll)

    def _fire(self) -> None:
        callback, self._callback = self._callback, None
        self.close()
        if callback is not None:
            callback()

    def close(self) -> None:
        if self._pidfd is not None:
            self._loop.remove_reader(self._pidfd)
            os.close(self._pidfd)
            self._pidfd = None
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
