"""Browser sessions from a warm process: the game forked by the session server, on pipes.

textual-serve runs each browser session's app as a subprocess that speaks Textual's
web driver protocol over its stdin and stdout.  A new ``python -m jantaku join``
spends most of a browser's first second importing Textual; so, as at the SSH door
(:mod:`jantaku.tui.ssh.warm`), the web door keeps a session server that has
imported the client once (:data:`WEB_CLIENT_MODULES`) and asks it to fork each
session's game with three pipes as its standard streams
(:meth:`~jantaku.tui.ssh.warm.WarmStarter.start_piped`).  :class:`ForkedApp` is
what textual-serve's bridge then uses of the process: the host's ends of the
pipes as streams, the pid, the exit status the server reports, ``kill``.

When the server is missing, dead or refuses, :func:`fork_app` returns None and the
door starts the game as a new process, as before.  ``JANTAKU_WEB_WARM=0`` in the
host's environment turns the server off (to compare).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal

from ..ssh.terminal import Launch
from ..ssh.warm import CLIENT_MODULES, WarmStarter

WEB_WARM_ENV = "JANTAKU_WEB_WARM"  # "0": every browser session a new process (for comparison)
# The client as a browser session runs it: Textual's web driver instead of the terminal's.
WEB_CLIENT_MODULES = (*(m for m in CLIENT_MODULES if m != "textual.drivers.linux_driver"), "textual.drivers.web_driver")
# Read from the environment at import (TEXTUAL_DRIVER, TEXTUAL_COLOR_SYSTEM, ...): again in the child.
ENVIRONMENT_MODULES = ("textual.constants",)


def web_warm_enabled() -> bool:
    return os.environ.get(WEB_WARM_ENV, "1") != "0"


class ForkedApp:
    """One browser session's game, forked by the session server; textual-serve's view of a process."""

    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.pid: int | None = None
        self.returncode: int | None = None
        self.stdin: asyncio.StreamWriter | None = None
        self.stdout = asyncio.StreamReader(loop=loop)
        self.stderr = asyncio.StreamReader(loop=loop)
        self.forked: asyncio.Future[bool] = loop.create_future()  # False: the server did not start it
        self._done: asyncio.Future[int] = loop.create_future()

    # --- the server's answers (WarmChild) ---------------------------------------------------

    def child_started(self, pid: int) -> None:
        self.pid = pid
        if not self.forked.done():
            self.forked.set_result(True)

    def child_reaped(self, returncode: int) -> None:
        if self._done.done():
            return
        self.returncode = returncode
        self._done.set_result(returncode)
        if self.stdin is not None:
            self.stdin.close()

    def not_started(self) -> None:
        if not self.forked.done():
            self.forked.set_result(False)

    # --- what textual-serve and the door use -----------------------------------------------------

    def kill(self) -> None:
        if self.pid is not None and self.returncode is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.pid, signal.SIGKILL)  # the game leads its own session: its group id is its pid

    async def wait(self) -> int:
        return await asyncio.shield(self._done)


async def fork_app(starter: WarmStarter, launch: Launch) -> ForkedApp | None:
    """``launch`` (its whole environment in ``launch.env``) forked by ``starter``'s server on new pipes;
    None if the server cannot run it now (then nothing of ``launch`` is used up)."""
    loop = asyncio.get_running_loop()
    app = ForkedApp(loop)
    stdin_far, stdin_near = os.pipe()
    stdout_near, stdout_far = os.pipe()
    stderr_near, stderr_far = os.pipe()
    near = (stdin_near, stdout_near, stderr_near)
    if not starter.start_piped(
        app, launch, (stdin_far, stdout_far, stderr_far), instead=app.not_started, reload=ENVIRONMENT_MODULES
    ):
        for fd in (*near, stdin_far, stdout_far, stderr_far):
            os.close(fd)
        return None
    forked = False
    try:
        forked = await app.forked
    finally:
        if not forked:  # not started, or the session went meanwhile (then its game ends at EOF)
            for fd in near:
                os.close(fd)
    if not forked:
        return None
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(app.stdout), open(stdout_near, "rb", 0))
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(app.stderr), open(stderr_near, "rb", 0))
    transport, protocol = await loop.connect_write_pipe(asyncio.streams.FlowControlMixin, open(stdin_near, "wb", 0))
    app.stdin = asyncio.StreamWriter(transport, protocol, None, loop)
    if app.returncode is not None:  # it ended before its streams were connected
        app.stdin.close()
    return app
