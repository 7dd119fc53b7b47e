"""The warm session server: imports the game once, then forks a fresh process per SSH session.

    python -m jantaku.tui.ssh.zygote --fd 3 --preload jantaku.tui.app,...

The host (:mod:`.warm`) starts this program with one end of a ``SOCK_SEQPACKET``
socketpair as descriptor ``--fd``.  It imports the ``--preload`` modules (Textual
and Jantaku's TUI: the 0.4 s a new ``python -m jantaku join`` spends before its
first frame), freezes the garbage collector's view of them (so that children do
not dirty those pages by collecting them) and says ``ready``.  Then, for each
request, it forks; the child turns itself into what ``python -m MODULE ARGS`` (or
``python FILE ARGS``) would have been on the session's terminal, and the server
reports its pid, later its exit status, and reaps it.

A request with ``"stdio": true`` (a browser session, :mod:`jantaku.tui.web.warm`) carries
three descriptors instead of the pty's slave: the child's standard input, output and
error (pipes), and no controlling terminal; its ``reload`` modules (``textual.constants``,
which reads ``TEXTUAL_DRIVER`` and the like at import) are run again with the child's
environment.

The server is single-threaded and never runs an event loop: a fork copies one
thread and no loop.  Each message is one JSON object; a start request carries the
pty's slave and the descriptors to inherit (``SCM_RIGHTS``).  It ends when the
host closes its end.  A child shares the server's memory copy-on-write and keeps
nothing of it but the imported modules: a new session, the pty as controlling
terminal and standard streams, only the requested descriptors, default signal
handlers, the requested environment, fresh random seeds, no logging handlers.
"""

from __future__ import annotations

import argparse
import ctypes
import fcntl
import gc
import importlib
import json
import logging
import os
import random
import runpy
import selectors
import signal
import socket
import sys
import termios
import threading
import traceback
from dataclasses import dataclass

MAX_MESSAGE = 1 << 20  # a start request: an environment and a command line
MAX_FDS = 16
FIRST_FREE_FD = 64  # received descriptors are moved up here before being put in place

# What a fresh interpreter has at its defaults (the server handles SIGCHLD and ignores SIGINT);
# it ignores SIGPIPE and SIGXFSZ itself (writes raise instead), and SIGINT raises KeyboardInterrupt.
IGNORED_SIGNALS = (signal.SIGPIPE, signal.SIGXFSZ)
RESET_SIGNALS = (
    signal.SIGHUP,
    signal.SIGQUIT,
    signal.SIGTERM,
    signal.SIGTSTP,
    signal.SIGTTIN,
    signal.SIGTTOU,
    signal.SIGWINCH,
    signal.SIGCHLD,
    signal.SIGUSR1,
    signal.SIGUSR2,
    signal.SIGALRM,
)


@dataclass(frozen=True)
class StartRequest:
    """Run ``python -m target args`` (kind ``module``) or ``python target args`` (kind ``path``)."""

    ident: int
    kind: str
    target: str
    args: list[str]
    env: dict[str, str]
    targets: list[int]  # descriptor numbers for the passed descriptors after the terminal
    stdio: bool = False  # the first three descriptors are stdin, stdout, stderr (no terminal)
    reload: tuple[str, ...] = ()  # modules to import again once the environment is the session's

    @property
    def standard_fds(self) -> int:
        """How many passed descriptors become 0, 1 and 2: the terminal, or three pipes."""
        return 3 if self.stdio else 1

    @classmethod
    def parse(cls, message: dict) -> StartRequest:
        request = cls(
            int(message["start"]),
            str(message["kind"]),
            str(message["target"]),
            [str(a) for a in message["args"]],
            {str(k): str(v) for k, v in message["env"].items()},
            [int(t) for t in message["targets"]],
            bool(message.get("stdio", False)),
            tuple(str(m) for m in message.get("reload", ())),
        )
        if request.kind not in ("module", "path") or any(t < 3 or t >= FIRST_FREE_FD for t in request.targets):
            raise ValueError(f"a bad start request: {message!r}")
        return request


def encode(**message: object) -> bytes:
    return json.dumps(message).encode()


class SessionServer:
    """The server's loop: start requests from the host, exits of children."""

    def __init__(self, control: socket.socket):
        self.control = control
        self.children: set[int] = set()
        self.selector = selectors.DefaultSelector()
        self._wake_read, self._wake_write = os.pipe()
        for fd in (self._wake_read, self._wake_write):
            os.set_blocking(fd, False)

    def serve(self) -> None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl-C at the host's terminal is the host's business
        signal.signal(signal.SIGCHLD, lambda *_: None)  # a handler, so that the wake-up fd is written
        signal.set_wakeup_fd(self._wake_write, warn_on_full_buffer=False)
        self.selector.register(self.control, selectors.EVENT_READ, "control")
        self.selector.register(self._wake_read, selectors.EVENT_READ, "wake")
        self.control.send(encode(ready=os.getpid()))
        while True:
            for key, _ in self.selector.select():
                if key.data == "wake":
                    while True:
                        try:
                            if not os.read(self._wake_read, 512):
                                break
                        except BlockingIOError:
                            break
                elif not self._handle_request():
                    self._hang_up()
                    return
            self._reap()

    def _hang_up(self) -> None:
        """The host has gone: its sessions go with it.  An SSH session's terminal hung up when the host
        went; a browser session's pipes only read end-of-file, and its game would live on unseen."""
        for pid in self.children:
            try:
                os.killpg(pid, signal.SIGHUP)  # each child leads its own session: group id = pid
            except (ProcessLookupError, PermissionError):
                pass

    def _handle_request(self) -> bool:
        """One request; False when the host has gone."""
        try:
            data, fds, _, _ = socket.recv_fds(self.control, MAX_MESSAGE, MAX_FDS)
        except InterruptedError:
            return True
        except OSError:
            return False
        if not data:
            for fd in fds:
                os.close(fd)
            return False
        ident = -1
        try:
            message = json.loads(data)
            ident = int(message.get("start", -1))
            request = StartRequest.parse(message)
            if len(fds) != request.standard_fds + len(request.targets):
                raise ValueError(f"{len(fds)} descriptors for {len(request.targets)} targets and stdio")
            pid = self._fork(request, fds)
        except (ValueError, KeyError, TypeError, OSError) as exc:
            self.control.send(encode(failed=ident, error=f"{type(exc).__name__}: {exc}"))
        else:
            self.control.send(encode(started=request.ident, pid=pid))
        finally:
            for fd in fds:
                os.close(fd)
        return True

    def _fork(self, request: StartRequest, fds: list[int]) -> int:
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            self._become(request, fds)  # never returns
        self.children.add(pid)
        return pid

    def _reap(self) -> None:
        """Report and reap every child that has exited, after killing what it left in its group."""
        while self.children:
            try:
                if hasattr(os, "waitid"):  # look first (WNOWAIT), so the group id is not reused yet
                    info = os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOHANG | os.WNOWAIT)
                    if info is None:
                        return
                    pid = info.si_pid
                    _kill_group(pid)
                    _, status = os.waitpid(pid, 0)
                else:
                    pid, status = os.waitpid(-1, os.WNOHANG)
                    if pid == 0:
                        return
                    _kill_group(pid)
            except ChildProcessError:
                self.children.clear()
                return
            self.children.discard(pid)
            try:
                self.control.send(encode(exited=pid, code=os.waitstatus_to_exitcode(status)))
            except OSError:
                pass  # the host has gone; the loop ends at the next select

    # --- in the child ---------------------------------------------------------------------

    def _become(self, request: StartRequest, fds: list[int]) -> None:
        """Turn this fork into the session's program; ends the process, never returns."""
        code: int = 1
        try:
            signal.set_wakeup_fd(-1)
            self.selector.close()
            self.control.close()
            os.close(self._wake_read)
            os.close(self._wake_write)
            for sig in RESET_SIGNALS:
                signal.signal(sig, signal.SIG_DFL)
            for sig in IGNORED_SIGNALS:
                signal.signal(sig, signal.SIG_IGN)
            signal.signal(signal.SIGINT, signal.default_int_handler)
            signal.pthread_sigmask(signal.SIG_SETMASK, [])
            _take_descriptors(fds, request.targets, stdio=request.stdio)
            _fresh_process_state(request)
            for name in request.reload:
                if name in sys.modules:
                    importlib.reload(sys.modules[name])
            code = _run(request)
        except BaseException:  # nothing may return into the server's loop
            with _suppress_all():
                traceback.print_exc()
        finally:
            with _suppress_all():
                sys.stdout.flush()
                sys.stderr.flush()
            os._exit(code)


class _suppress_all:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> bool:
        return True


def _kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)  # the child led its own session: its group id is its pid
    except (ProcessLookupError, PermissionError):
        pass


def _take_descriptors(fds: list[int], targets: list[int], *, stdio: bool = False) -> None:
    """A new session with ``fds[0]`` as controlling terminal and 0, 1, 2 (``stdio``: ``fds[:3]`` as
    0, 1, 2 and no terminal); the rest at ``targets``; every other descriptor closed."""
    os.setsid()
    moved = [fcntl.fcntl(fd, fcntl.F_DUPFD, FIRST_FREE_FD + i) for i, fd in enumerate(fds)]
    if stdio:
        standard, rest = moved[:3], moved[3:]
    else:
        fcntl.ioctl(moved[0], termios.TIOCSCTTY, 0)
        standard, rest = [moved[0]] * 3, moved[1:]
    for std, fd in enumerate(standard):
        os.dup2(fd, std)
    for fd, target in zip(rest, targets):
        os.dup2(fd, target)
    os.closerange(max([2, *targets]) + 1, _max_fd())


def _max_fd() -> int:
    try:
        return max(os.sysconf("SC_OPEN_MAX"), 256)
    except (ValueError, OSError):
        return 4096


def _fresh_process_state(request: StartRequest) -> None:
    """What a new interpreter started with ``request.env`` would have."""
    os.environ.clear()
    os.environ.update(request.env)
    # standard streams as the interpreter makes them: stdout line-buffered on a tty, not on a pipe
    streams = {
        "stdin": open(0, encoding="utf-8", closefd=False),  # noqa: SIM115
        "stdout": open(1, "w", encoding="utf-8", buffering=1 if os.isatty(1) else -1, closefd=False),  # noqa: SIM115
        "stderr": open(2, "w", buffering=1, encoding="utf-8", errors="backslashreplace", closefd=False),  # noqa: SIM115
    }
    for name, stream in streams.items():
        setattr(sys, name, stream)
        setattr(sys, f"__{name}__", stream)  # Textual's driver uses these
    random.seed()  # the module reseeds after a fork by itself; this says so
    root = logging.getLogger()
    for handler in list(root.handlers):
        root.removeHandler(handler)
    root.setLevel(logging.WARNING)
    logging.disable(logging.NOTSET)


def _run(request: StartRequest) -> int:
    """Run the program as ``__main__``; its exit status."""
    try:
        if request.kind == "module":
            sys.argv = [request.target, *request.args]
            runpy.run_module(request.target, run_name="__main__", alter_sys=True)
        else:
            sys.argv = [request.target, *request.args]
            sys.path[0] = os.path.dirname(os.path.abspath(request.target))
            runpy.run_path(request.target, run_name="__main__")
    except SystemExit as exc:
        return _exit_status(exc.code)
    return 0


def _exit_status(code: object) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)
    return 1


def preload(modules: list[str]) -> None:
    for name in modules:
        importlib.import_module(name)


def warm_up(target: str) -> None:
    """Call ``MODULE:FUNCTION`` once: work each child would otherwise do on pages it then copies."""
    module, _, function = target.partition(":")
    try:
        getattr(importlib.import_module(module), function)()
    except Exception:  # only slower children: say why and serve anyway
        traceback.print_exc()


PR_SET_MEMORY_MERGE = 67  # prctl (Linux 6.4+): every mapping of the process, and of its forks, may be merged


def offer_pages_for_merging() -> bool:
    """Let the kernel's same-page merging (KSM) share again the pages a session copied and then
    wrote back as they were (a reference count raised and dropped: a quarter of a session's own
    memory, benchmarks/README.md).  Nothing changes unless the machine runs KSM, an operator's
    choice (``/sys/kernel/mm/ksm/run``, docs/ssh.md); False where the kernel has no such call."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(PR_SET_MEMORY_MERGE, 1, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="jantaku-session-server")
    parser.add_argument("--fd", type=int, required=True, help="the control socket (SOCK_SEQPACKET)")
    parser.add_argument("--preload", default="", help="modules to import before serving, comma-separated")
    parser.add_argument("--warm-up", default="", help="MODULE:FUNCTION to call once after the imports")
    args = parser.parse_args(argv)
    gc.disable()  # no collections while importing: the objects are frozen afterwards
    control = socket.socket(fileno=args.fd)
    try:
        preload([m for m in args.preload.split(",") if m])
    except Exception as exc:  # a broken installation: the host falls back to new processes
        control.send(encode(broken=f"{type(exc).__name__}: {exc}"))
        return 1
    if args.warm_up:
        warm_up(args.warm_up)
    gc.collect()
    gc.freeze()  # what is imported now is never scanned again, here or in a child
    gc.enable()
    offer_pages_for_merging()
    if threading.active_count() != 1:  # a fork copies only this thread; refuse rather than misbehave
        control.send(encode(broken=f"{threading.active_count()} threads after the imports"))
        return 1
    SessionServer(control).serve()
    return 0


if __name__ == "__main__":
    sys.exit(main())
