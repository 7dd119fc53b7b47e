"""The SSH gateway: listens, admits, and runs one game process per session.

    gateway = SshGateway(launcher, data_dir=DIR)           # Access(...) to restrict who comes in
    port = await gateway.start(port=2222, bind="0.0.0.0")
    ...
    await gateway.stop()                                     # every child ended and reaped

``launcher(identity, term, size)`` returns the :class:`~.terminal.Launch` for
a new session; the gateway adds a clean environment (``TERM`` from the
client, ``COLORTERM=truecolor``, ``LANG=C.UTF-8``, ``PATH`` and ``HOME``) and
nothing else of its own.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from ...i18n import N_, _
from ...netplay.ratelog import RateLimitedLog
from .access import Access, Backoff, CodeGuessThrottle
from .hostkey import fingerprint, load_or_create_host_key
from .identity import CodeHoldsSeat, Identity, KnownCode, RejoinCodes, could_be_a_name
from .server import GatewayServer
from .terminal import ChildStarter, Launch, SpawnStarter, TerminalProcess
from .warm import CLIENT_MODULES, WarmStarter, warm_enabled
from .warmup import WARM_UP

log = logging.getLogger(__name__)

REJOIN_FILE = "ssh_rejoin_codes.json"  # the codes live beside it, in ssh_rejoin_codes.sqlite3

Launcher = Callable[[Identity, str, tuple[int, int]], Launch]


@dataclass(frozen=True)
class GatewaySettings:
    max_sessions: int = 16  # games running at once (each is a process of ~17 MB)
    max_per_ip: int = 4  # connections from one address (loopback is not limited)
    max_pending: int = 16  # connections logging in (key exchange done), on top of the sessions
    max_handshakes: int = 64  # connections still in their key exchange (silent ones are cheap)
    speak_grace: float = 0.5  # a newcomer has this long to send its version line before it can be pushed out
    handshake_timeout: float = 5.0  # from connecting to asking to log in (key exchange done)
    login_timeout: float = 20.0  # from connecting to logged in (time to type a password)
    keepalive_interval: float = 15.0  # a client silent for interval × count is dropped
    keepalive_count_max: int = 3
    auth_failure_delay: float = 1.0  # after a wrong password
    grace: float = 2.0  # a hung-up game gets this long before it is killed
    max_unseated_codes: int = 5000  # rejoin codes of players who never sat down (others are always kept)
    unseated_code_expiry: float = 30 * 86400.0  # and such a code goes after this long unused
    # wrong rejoin codes: each address, and the door as a whole, back off exponentially (docs/ssh.md)
    code_backoff_per_address: Backoff = Backoff(free=3, first=1.0, longest=600.0, forget=3600.0)
    code_backoff_overall: Backoff = Backoff(free=20, first=0.1, longest=10.0, forget=600.0)
    warm_sessions: bool = True  # fork sessions from a warm session server (warm.py) when the command allows
    warm_preload: tuple[str, ...] = CLIENT_MODULES  # what that server imports once for all sessions
    warm_up: str = WARM_UP  # MODULE:FUNCTION it runs once before forking ("": none), see warmup.py
    warm_restarts: int = 3  # restarts of a server that died, per minute; then every session is spawned
    warm_answer_timeout: float = 5.0  # a server that does not start a session within this is replaced


def base_environment(term: str) -> dict[str, str]:
    """What every game process starts with: nothing of the host's environment but PATH and HOME."""
    env = {"TERM": term, "COLORTERM": "truecolor", "LANG": "C.UTF-8", "PATH": os.environ.get("PATH", os.defpath)}
    if "HOME" in os.environ:
        env["HOME"] = os.environ["HOME"]
    return env


def identity_environment(identity: Identity) -> dict[str, str]:
    env = {"JANTAKU_SSH_NAME": identity.name, "JANTAKU_SSH_IDENTITY": identity.key}
    if identity.rejoin_code:
        env["JANTAKU_SSH_REJOIN_CODE"] = identity.rejoin_code
    return env


def command_launcher(argv: list[str]) -> Launcher:
    """Run the same command for every session; the identity arrives in ``JANTAKU_SSH_*`` variables."""

    def launch(identity: Identity, term: str, size: tuple[int, int]) -> Launch:
        return Launch(argv, identity_environment(identity))

    return launch


def _is_loopback(addr: str) -> bool:
    return addr in ("127.0.0.1", "::1") or addr.startswith("127.")


def _now() -> float:
    return time.monotonic()


class Refusal(str):
    """Why the door turns a connection away: the string is the English (for the log); :meth:`said` is
    what the client is told, in the host's language (it comes before the client's environment)."""

    msgid: str
    args: dict[str, str]

    def __new__(cls, msgid: str, **args: str) -> Refusal:
        self = super().__new__(cls, msgid.format(**args))
        self.msgid, self.args = msgid, args
        return self

    def said(self) -> str:
        return _(self.msgid).format(**self.args)


class RefusalLog:
    """Logs connections the door turned away or dropped: the first from an address at once,
    then at most one line per ``interval`` with how many there were (a flood is one line)."""

    def __init__(self, interval: float = 10.0, clock: Callable[[], float] = time.monotonic):
        self._log = RateLimitedLog(log, interval, clock)

    def note(self, addr: str, what: str) -> None:
        self._log.warning(addr, "SSH door: %s: %s", addr, what)


class SshGateway:
    """The SSH front door; see the module docstring."""

    def __init__(
        self,
        launcher: Launcher,
        *,
        data_dir: str | Path | None,
        access: Access | None = None,
        settings: GatewaySettings = GatewaySettings(),
        code_holds_seat: CodeHoldsSeat | None = None,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.launcher = launcher
        self.data_dir = None if data_dir is None else Path(data_dir)
        self.access = access or Access()
        self.settings = settings
        self.port: int | None = None
        self.host_key: asyncssh.SSHKey | None = None
        self.rejoin_codes = RejoinCodes(
            None if self.data_dir is None else self.data_dir / REJOIN_FILE,
            settings.max_unseated_codes,
            holds_seat=code_holds_seat,
            expiry=settings.unseated_code_expiry,
        )
        self.connections: set[GatewayServer] = set()  # admitted: logging in or logged in
        self._phase: dict[GatewayServer, tuple[float, str]] = {}  # (connected at, handshake | login | in)
        self.refusals = RefusalLog()
        self.code_guesses = CodeGuessThrottle(settings.code_backoff_per_address, settings.code_backoff_overall, clock)
        self.processes: set[TerminalProcess] = set()
        self.starter: ChildStarter = SpawnStarter()
        self._acceptor: asyncssh.SSHAcceptor | None = None

    @property
    def host_key_fingerprint(self) -> str:
        return fingerprint(self.host_key)

    # --- life cycle -------------------------------------------------------------------------

    async def start(self, port: int = 2222, bind: str = "0.0.0.0") -> int:
        """Listen; returns the bound port (``port=0``: any free one)."""
        if self.data_dir is not None:
            self.host_key = load_or_create_host_key(self.data_dir)
        else:
            self.host_key = asyncssh.generate_private_key("ssh-ed25519")
        s = self.settings
        if s.warm_sessions and warm_enabled():
            server_env = {k: v for k, v in base_environment("").items() if k != "TERM"}
            self.starter = WarmStarter(
                preload=s.warm_preload,
                warm_up=s.warm_up,
                env=server_env,
                max_restarts=s.warm_restarts,
                answer_timeout=s.warm_answer_timeout,
            )
            await self.starter.open()  # if it does not get ready, sessions start as new processes
        self._acceptor = await asyncssh.create_server(
            lambda: GatewayServer(self),
            bind or None,
            port,
            server_host_keys=[self.host_key],
            login_timeout=s.login_timeout,
            keepalive_interval=s.keepalive_interval,
            keepalive_count_max=s.keepalive_count_max,
            encoding=None,
            line_editor=False,  # raw bytes both ways: the game draws its own screen
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            sftp_factory=None,
            rdns_lookup=False,
            config=None,
        )
        self.port = self._acceptor.sockets[0].getsockname()[1]
        log.info(
            "SSH gateway on %s:%d, host key %s, %s", bind, self.port, self.host_key_fingerprint, self.access.describe()
        )
        return self.port

    async def stop(self) -> None:
        """Stop listening, close every connection, end every game and reap it."""
        if self._acceptor is not None:
            self._acceptor.close()
            await self._acceptor.wait_closed()
            self._acceptor = None
        for server in list(self.connections):
            server.conn.close()
        processes = list(self.processes)
        for process in processes:
            process.hangup()
        if processes:
            await asyncio.wait([asyncio.ensure_future(p.wait()) for p in processes], timeout=self.settings.grace + 1.0)
        for process in processes:
            process.kill()  # a process that outlived its grace (the hang-up timer may not run again)
        if any(p.running for p in processes):
            await asyncio.wait([asyncio.ensure_future(p.wait()) for p in processes if p.running], timeout=1.0)
        if isinstance(self.starter, WarmStarter):
            await self.starter.close()
        self.rejoin_codes.close()

    # --- admission ----------------------------------------------------------------------------

    def admit(self, server: GatewayServer) -> Refusal | None:
        """Register a new connection; returns why it must be turned away, or None.

        Until its key exchange is done a connection is in the *handshake* pool
        (``max_handshakes``, each for at most ``handshake_timeout``): when the pool is full
        the newcomer takes the place of the oldest one that has not said a word (see
        :meth:`_handshake_to_push_out`), so connections that never speak SSH cannot keep an
        honest client out.
        Then it is *logging in*, in a budget of its own (``max_pending``; see
        :meth:`asked_to_log_in`).  A turned-away connection waits in the handshake pool to
        be told why when it asks to log in, and is dropped at the handshake timeout.
        """
        s = self.settings
        addr = server.peer_addr
        refusal = None
        if sum(phase == "in" for _, phase in self._phase.values()) >= s.max_sessions + s.max_pending:
            refusal = Refusal(N_("this jantaku host has too many connections; try again in a little while"))
        elif not _is_loopback(addr) and sum(c.peer_addr == addr for c in self.connections) >= s.max_per_ip:
            refusal = Refusal(N_("too many connections from {address}"), address=addr)
        if refusal is not None:
            self.refusals.note(addr, refusal)
        # turned-away connections wait in the pool too (to be told why), so they are bounded as well
        handshakes = [c for c, (_, phase) in self._phase.items() if phase in ("handshake", "refused")]
        if len(handshakes) >= s.max_handshakes:
            victim = self._handshake_to_push_out(handshakes)
            if victim is not None:
                self._drop(victim, "a connection still in its key exchange was dropped to make room")
        if refusal is None:
            self.connections.add(server)
        self._phase[server] = (_now(), "handshake" if refusal is None else "refused")
        return refusal

    def _handshake_to_push_out(self, handshakes: list[GatewayServer]) -> GatewayServer | None:
        """The connection a newcomer to a full handshake pool replaces, or None (the pool stretches).

        The oldest silent one past ``speak_grace`` goes first.  A connection is not pushed out
        before it has had the time to say its version line: the door accepts a burst of
        connections in one go, before it has read what the first of them sent, and an honest
        client in such a burst must not lose its place to the silent ones behind it.  Up to
        twice the pool the young wait; beyond that the oldest silent one goes regardless.
        """
        s = self.settings
        now = _now()
        silent = [c for c in handshakes if not c.has_spoken()]
        past_grace = [c for c in silent if now - self._phase[c][0] >= s.speak_grace]
        if past_grace:
            return min(past_grace, key=lambda c: self._phase[c][0])
        if len(handshakes) < 2 * s.max_handshakes:
            return None
        return min(handshakes, key=lambda c: (c.has_spoken(), self._phase[c][0]))

    def asked_to_log_in(self, server: GatewayServer) -> Refusal | None:
        """The key exchange is done; returns why the login must be refused, or None.

        Logins in progress are at most ``max_pending``: a newcomer over that takes the place
        of the oldest one that has been at it longer than the handshake timeout, or is refused.
        """
        if self._phase.get(server, (0, ""))[1] != "handshake":
            return None
        logging_in = [c for c, (_, phase) in self._phase.items() if phase == "login"]
        if len(logging_in) >= self.settings.max_pending:
            oldest = min(logging_in, key=lambda c: self._phase[c][0])
            if _now() - self._phase[oldest][0] < self.settings.handshake_timeout:
                refusal = Refusal(N_("too many logins in progress on this jantaku host; try again in a little while"))
                self.refusals.note(server.peer_addr, refusal)
                self.forget(server)
                return refusal
            self._drop(oldest, "a slow login was dropped to make room")
        self._phase[server] = (self._phase[server][0], "login")
        return None

    def claim_code(self, addr: str, code: str) -> KnownCode | Refusal | None:
        """A keyless client from ``addr`` logs in as ``code``: its player, or why it is refused, or None
        when the user name is a new player's name after all (see :func:`could_be_a_name`).

        A code is looked at only when neither ``addr`` nor the door as a whole is backing off after
        wrong codes (:class:`CodeGuessThrottle`), so guessing gets no faster with more tries.
        """
        wait = self.code_guesses.wait(addr)
        if wait > 0:
            if could_be_a_name(code):
                return None  # unlooked-at: a name, and no answer about the code
            return Refusal(
                N_("too many wrong rejoin codes were tried; try yours again in {seconds} s"),
                seconds=str(max(1, round(wait))),
            )
        known = self.rejoin_codes.find(code)
        if known is not None:
            return known
        self.code_guesses.failed(addr)
        if could_be_a_name(code):
            return None
        return Refusal(N_("no player here has the rejoin code {code}; log in with your name for a new one"), code=code)

    def _drop(self, server: GatewayServer, why: str) -> None:
        self.refusals.note(server.peer_addr, why)
        self.forget(server)
        server.drop()

    def logged_in(self, server: GatewayServer) -> None:
        if server in self._phase:
            self._phase[server] = (self._phase[server][0], "in")

    def forget(self, server: GatewayServer) -> None:
        self.connections.discard(server)
        self._phase.pop(server, None)

    def has_room(self) -> bool:
        return len(self.processes) < self.settings.max_sessions

    def full_message(self) -> str:
        """The refusal when every session is taken (a msgid; ``{count}``: the sessions running)."""
        return N_(
            "jantaku: this host is full ({count} players over SSH, the most it takes). Try again in a little while.\r\n"
        )

    # --- sessions --------------------------------------------------------------------------

    def launch(self, identity: Identity, term: str, size: tuple[int, int], locale: str | None = None) -> Launch:
        launch = self.launcher(identity, term, size)
        launch.env = {**base_environment(term), **launch.env}
        if locale is not None:
            launch.env["LC_MESSAGES"] = locale  # the player's language (docs/ssh.md)
        return launch

    def track(self, process: TerminalProcess) -> None:
        self.processes.add(process)
        asyncio.ensure_future(process.wait()).add_done_callback(lambda _: self.processes.discard(process))

    def farewell(self, identity: Identity, chan: asyncssh.SSHServerChannel) -> tuple[str, dict[str, str]] | None:
        """The last words of a session, printed after the game has restored the terminal: a msgid (in the
        session's language where it is said) and its arguments."""
        if not identity.rejoin_code:
            return None
        sock = chan.get_extra_info("sockname")
        address = sock[0] if sock else "HOST"
        command = f"ssh -p {self.port} {identity.rejoin_code}@{address}"
        return N_("Your rejoin code is {code}. To get your seat back: {command}\r\n"), {
            "code": identity.rejoin_code,
            "command": command,
        }
