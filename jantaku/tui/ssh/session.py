"""One SSH session: a terminal with the game in it, and nothing else.

A session that asks for a terminal and a shell gets the game, started by the
gateway's launcher on a pty of its own (:class:`~.terminal.TerminalProcess`).
Exec commands and subsystems (sftp) are refused; a session without a
terminal gets a one-line explanation and is closed.  Keystrokes, window
size changes and flow control pass through; closing either side ends the
other.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

import asyncssh

from ...i18n import N_, gettext_in, language_from_environment
from .identity import Identity
from .terminal import TerminalProcess

if TYPE_CHECKING:
    from .gateway import SshGateway

log = logging.getLogger(__name__)

DEFAULT_TERM = "xterm-256color"
DEFAULT_SIZE = (80, 24)
MAX_SIDE = 1000  # columns or rows; anything larger is a client lying

# what the door says on the session's terminal (msgids, said in the session's language: docs/i18n.md)
NEEDS_TERMINAL = N_(
    "jantaku: this server only serves the game, which needs a terminal.\r\n"
    "Connect with a plain `ssh -p PORT HOST` (add -t if your command line has -T).\r\n"
)
EXEC_REFUSAL_DELAY = 0.3  # seconds between the explanation and the refusal, so OpenSSH shows it
RUNS_NO_COMMANDS = N_(
    "jantaku: this server runs no commands, only the game: "
    "connect with a plain `ssh -p PORT HOST`, without a command.\r\n"
)
NOT_STARTED = N_("jantaku: the game could not be started on this host; please tell its owner.\r\n")


def clamp_size(cols: int, rows: int) -> tuple[int, int]:
    """A usable window size from what the client reported (0 means "unknown").

    >>> clamp_size(0, 0), clamp_size(120, 40), clamp_size(99999, 5)
    ((80, 24), (120, 40), (1000, 5))
    """
    return (min(cols, MAX_SIDE) if cols > 0 else DEFAULT_SIZE[0], min(rows, MAX_SIDE) if rows > 0 else DEFAULT_SIZE[1])


# a locale name as a client's LANG carries it ("de_DE.UTF-8", "de", "en_GB.utf8@euro"): nothing else passes
LOCALE_NAME = re.compile(r"^[A-Za-z]{2,3}(_[A-Za-z]{2})?(\.[A-Za-z0-9-]{1,20})?(@[A-Za-z0-9]{1,20})?$")


def client_locale(requested: Mapping[str, str]) -> str | None:
    """The language the SSH client asked for (OpenSSH sends ``LANG`` and ``LC_*``), if it is a plain
    locale name; the game is told it as ``LC_MESSAGES`` (the encoding stays ``C.UTF-8``).

    >>> client_locale({"LANG": "de_DE.UTF-8"}), client_locale({"LC_ALL": "fr_FR", "LANG": "de_DE"})
    ('de_DE.UTF-8', 'fr_FR')
    >>> client_locale({"LANG": "$(reboot)"}), client_locale({})
    (None, None)
    """
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = requested.get(key)
        if isinstance(value, str) and value:
            return value if LOCALE_NAME.match(value) else None
    return None


def session_language(locale: str | None) -> str:
    """The language of a session whose client asked for ``locale`` (None: English, as the game then speaks).

    >>> session_language("de_AT.UTF-8"), session_language(None)
    ('de', 'en')
    """
    return language_from_environment({"LC_MESSAGES": locale}) if locale else "en"


class SshSession(asyncssh.SSHServerSession):
    """The game on one SSH session channel, for ``identity``."""

    def __init__(self, gateway: SshGateway, identity: Identity):
        self.gateway = gateway
        self.identity = identity
        self.term: str | None = None  # set when the client asks for a pty
        self.size = DEFAULT_SIZE
        self.process: TerminalProcess | None = None
        self._chan: asyncssh.SSHServerChannel | None = None
        self._locale: str | None = None  # the client's language, once its environment is in

    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self._chan = chan

    # --- what the client may ask for ----------------------------------------------------

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes) -> bool:
        self.term = term_type or DEFAULT_TERM
        self.size = clamp_size(*term_size[:2])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool | None:  # type: ignore[override]  # None: reply later
        log.info("%s: exec refused", self.identity.name)
        # Say why, then refuse a moment later: OpenSSH exits on the refusal at once, dropping what
        # came in the same read, and alone prints only "exec request failed on channel 0".
        # None defers asyncssh's reply to the request (it answers when the handler's result is
        # not None); nothing runs either way.
        chan = self._chan
        assert chan is not None  # set by connection_made, before any request
        chan.write_stderr(self._say(RUNS_NO_COMMANDS).encode())
        asyncio.get_running_loop().call_later(EXEC_REFUSAL_DELAY, self._refuse_exec, chan)
        return None

    @staticmethod
    def _refuse_exec(chan: asyncssh.SSHServerChannel) -> None:
        if not chan.is_closing():
            chan._report_response(False)  # asyncssh's own reply to a deferred request

    def subsystem_requested(self, subsystem: str) -> bool:
        log.info("%s: subsystem %r refused", self.identity.name, subsystem)
        return False

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal: str) -> None:
        pass  # the player quits through the game, not with signals

    # --- running the game ------------------------------------------------------------------

    def _say(self, message: str) -> str:
        """``message`` (a msgid) in the session's language; the client's environment (``LANG``) comes
        before its shell or exec request, so it is known by now."""
        if self._locale is None and self._chan is not None:
            self._locale = client_locale(self._chan.get_environment()) or ""
        return gettext_in(session_language(self._locale or None))(message)

    def session_started(self) -> None:
        if self.term is None:
            self._refuse(self._say(NEEDS_TERMINAL))
            return
        if not self.gateway.has_room():
            self._refuse(self._say(self.gateway.full_message()).format(count=len(self.gateway.processes)))
            return
        try:
            chan = self._chan
            locale = client_locale(chan.get_environment()) if chan is not None else None
            launch = self.gateway.launch(self.identity, self.term, self.size, locale)
            self.process = TerminalProcess(
                launch,
                self.size,
                on_output=self._output,
                on_exit=self._exited,
                on_input_paused=self._input_paused,
                grace=self.gateway.settings.grace,
                starter=self.gateway.starter,
            )
            self.process.start()
        except Exception:
            log.exception("%s: could not start the game", self.identity.name)
            self.process = None
            self._refuse(self._say(NOT_STARTED))
            return
        self.gateway.track(self.process)
        log.info("%s (%s) started the game on %s %dx%d", self.identity.name, self.identity.key, self.term, *self.size)

    def _refuse(self, text: str) -> None:
        self._chan.write(text.encode())
        self._chan.exit(1)

    def _output(self, data: bytes) -> None:
        if not self._chan.is_closing():
            self._chan.write(data)

    def _exited(self, returncode: int) -> None:
        if self._chan.is_closing():
            return
        farewell = self.gateway.farewell(self.identity, self._chan)
        if farewell:
            self._chan.write(self._say(farewell[0]).format(**farewell[1]).encode())
        self._chan.exit(returncode if returncode >= 0 else 128 - returncode)

    def _input_paused(self, paused: bool) -> None:
        if paused:
            self._chan.pause_reading()
        else:
            self._chan.resume_reading()

    # --- what passes through -------------------------------------------------------------

    def data_received(self, data: bytes, datatype) -> None:
        if self.process is not None:
            self.process.write(data)

    def eof_received(self) -> bool:
        return True  # keep showing the game; it ends when the player quits or the channel closes

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = clamp_size(width, height)
        if self.process is not None:
            self.process.resize(*self.size)

    def pause_writing(self) -> None:
        if self.process is not None:
            self.process.pause_output()  # a slow client: the game blocks on its terminal, the host does not

    def resume_writing(self) -> None:
        if self.process is not None:
            self.process.resume_output()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.process is not None:
            self.process.hangup()
