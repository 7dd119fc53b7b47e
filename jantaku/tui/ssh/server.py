"""One SSH connection at the door: who it is (authentication) and what it may open.

The identity is settled during authentication: the fingerprint of a key the
client proved, or, for a client without one, a rejoin code (announced in an
authentication banner, which OpenSSH prints before the game starts).  Once
in, a connection may open one session; every kind of forwarding is refused
(asyncssh refuses what :class:`asyncssh.SSHServer` does not override, and
the gateway turns agent and X11 forwarding off).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from typing import TYPE_CHECKING

import asyncssh

from ...i18n import _
from .identity import LEGACY_CODE_LENGTH, Identity, KnownCode, display_name, normalise_code
from .session import SshSession

if TYPE_CHECKING:
    from .gateway import Refusal, SshGateway

log = logging.getLogger(__name__)


class GatewayServer(asyncssh.SSHServer):
    """asyncssh's per-connection server object for the gateway."""

    def __init__(self, gateway: SshGateway):
        self.gateway = gateway
        self.conn: asyncssh.SSHServerConnection | None = None
        self.peer_addr = ""
        self.identity: Identity | None = None
        self.session: SshSession | None = None
        self._proved_key: str | None = None  # fingerprint of the last key that passed validation
        self._refusal: Refusal | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.peer_addr = peer[0] if peer else ""
        self._refusal = self.gateway.admit(self)
        # a connection that never gets through its key exchange holds nothing for long
        self._handshake_timer = asyncio.get_running_loop().call_later(
            self.gateway.settings.handshake_timeout, self._handshake_expired
        )

    def _handshake_expired(self) -> None:
        self.gateway.refusals.note(self.peer_addr, "dropped a connection silent past the handshake timeout")
        self.drop()

    def has_spoken(self) -> bool:
        """Whether the client has sent its SSH version line (an honest one does at once)."""
        return self.conn.get_extra_info("client_version") is not None

    def drop(self) -> None:
        """Close at once, without a word (a connection that is still in its key exchange)."""
        self._handshake_timer.cancel()
        asyncio.get_running_loop().call_soon(self.conn.abort)  # not from inside asyncssh's own callback

    def connection_lost(self, exc: Exception | None) -> None:
        self._handshake_timer.cancel()
        self.gateway.forget(self)

    # --- authentication ------------------------------------------------------------------

    def begin_auth(self, username: str) -> bool:
        self._handshake_timer.cancel()
        if not self._refusal:
            self._refusal = self.gateway.asked_to_log_in(self)
        if self._refusal:
            # before the client's environment: in the host's language (docs/i18n.md); the log keeps English
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, self._refusal.said())
        return True  # always ask, so that clients offer their keys

    def public_key_auth_supported(self) -> bool:
        return self.gateway.access.takes_keys

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        # asyncssh checks the client's signature after this says yes
        if not self.gateway.access.key_ok(key, self.peer_addr, self.peer_addr):
            return False
        self._proved_key = key.get_fingerprint("sha256")
        return True

    def kbdint_auth_supported(self) -> bool:
        return self.gateway.access.open

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        return self._arrive_without_key(username)  # an open door: no prompt at all

    def password_auth_supported(self) -> bool:
        return self.gateway.access.takes_passwords

    async def validate_password(self, username: str, password: str) -> bool:
        self._proved_key = None
        if not self.gateway.access.password_ok(password):
            await asyncio.sleep(self.gateway.settings.auth_failure_delay)  # slow down guessing
            return False
        return self._arrive_without_key(username)

    def _arrive_without_key(self, username: str) -> bool:
        """A keyless player: back with a known rejoin code, or new with a fresh one; False (and
        disconnected, told why) for a wrong code or one tried while the door backs off."""
        self._proved_key = None
        conn = self.conn
        assert conn is not None  # set by connection_made, before any authentication
        code = normalise_code(username)
        claimed = self.gateway.claim_code(self.peer_addr, code) if code else None
        # what the client is told comes before its environment: in the host's language (docs/i18n.md)
        if isinstance(claimed, KnownCode):
            assert code is not None  # a claim needs a code
            self.identity = self._rejoined(code, claimed)
            return True
        if claimed is not None:
            conn.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, claimed.said())
            return False
        code = self.gateway.rejoin_codes.new_code()
        name = display_name(username, code[:4])
        self.gateway.rejoin_codes.remember(code, name)
        self.identity = Identity(name, rejoin_code=code)
        conn.send_auth_banner(
            _(
                "Welcome, {name}. Your rejoin code is {code}: log in as {code} ({command}) to get your seat back."
            ).format(name=name, code=code, command=f"ssh -p {self.gateway.port} {code}@...")
            + "\r\n"
        )
        return True

    def _rejoined(self, code: str, known: KnownCode) -> Identity:
        """The player of a known code; an older short code is exchanged for a long one here."""
        conn = self.conn
        assert conn is not None  # set by connection_made, before any authentication
        if len(code) != LEGACY_CODE_LENGTH:
            conn.send_auth_banner(_("Welcome back, {name} ({code}).").format(name=known.name, code=code) + "\r\n")
            return known.identity(code)
        new = self.gateway.rejoin_codes.exchange(code)
        conn.send_auth_banner(
            _("Welcome back, {name}. Your rejoin code is now {code} (the old one no longer works).").format(
                name=known.name, code=new
            )
            + "\r\n"
        )
        return known.identity(new)

    def auth_completed(self) -> None:
        self.gateway.logged_in(self)
        if self._proved_key is not None:
            username = self.conn.get_extra_info("username") or ""
            self.identity = Identity(display_name(username, self._proved_key[7:11]), fingerprint=self._proved_key)
        log.info("%s logged in from %s as %s", self.identity.name, self.peer_addr, self.identity.key)

    # --- what the connection may open -----------------------------------------------------

    def session_requested(self) -> SshSession | bool:
        if self.session is not None:
            return False  # one game per connection
        identity = self.identity
        if identity is not None:  # the host counts the session under the player's address
            identity = dataclasses.replace(identity, address=self.peer_addr)
        self.session = SshSession(self.gateway, identity)
        return self.session
