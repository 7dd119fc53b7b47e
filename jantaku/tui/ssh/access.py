"""Who may come in at the SSH door.

* Open (the default): anyone.  An offered key is accepted and proves the
  player's identity; a client without a key gets in through
  keyboard-interactive auth with no prompt (or any password).
* ``password``: anyone who knows it.
* ``authorized_keys``: only the keys in that file (OpenSSH format, ``from=``
  honoured); the file is read again when it changes, so a friend can be
  added without restarting the host.
* Both: a listed key, or the password.
"""

from __future__ import annotations

import hmac
import os
from pathlib import Path

import asyncssh


class AuthorizedKeys:
    """An ``authorized_keys`` file, re-read when its modification time changes."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._stamp: tuple[int, int] | None = None
        self._keys = asyncssh.SSHAuthorizedKeys()
        self._reload()  # a missing or unreadable file fails loudly at start

    def _reload(self) -> None:
        stat = self.path.stat()
        stamp = (stat.st_mtime_ns, stat.st_size)
        if stamp != self._stamp:
            self._keys = asyncssh.read_authorized_keys(str(self.path))
            self._stamp = stamp

    def allows(self, key: asyncssh.SSHKey, peer_host: str, peer_addr: str) -> bool:
        try:
            self._reload()
        except (OSError, ValueError):
            pass  # keep the last good list while the file is being edited
        return self._keys.validate(key, peer_host, peer_addr) is not None


class Access:
    """The rule at the door; see the module docstring.

    >>> Access().open, Access(password="pw").open
    (True, False)
    >>> Access(password="pw").password_ok("pw"), Access(password="pw").password_ok("no")
    (True, False)
    """

    def __init__(self, *, password: str | None = None, authorized_keys: str | Path | None = None):
        self.password = password or None
        self.authorized_keys = AuthorizedKeys(authorized_keys) if authorized_keys else None

    @property
    def open(self) -> bool:
        return self.password is None and self.authorized_keys is None

    @property
    def takes_keys(self) -> bool:
        return self.open or self.authorized_keys is not None

    @property
    def takes_passwords(self) -> bool:
        return self.password is not None or self.open

    def key_ok(self, key: asyncssh.SSHKey, peer_host: str = "", peer_addr: str = "") -> bool:
        if self.open:
            return True
        return self.authorized_keys is not None and self.authorized_keys.allows(key, peer_host, peer_addr)

    def password_ok(self, password: str) -> bool:
        if self.open:
            return True  # open door: clients that only know passwords get in with any
        if self.password is None:
            return False
        return hmac.compare_digest(password.encode(), self.password.encode())

    def describe(self) -> str:
        """One line for the host's start-up message."""
        if self.open:
            return "open to anyone; a player's SSH key is their identity"
        parts = []
        if self.authorized_keys is not None:
            parts.append(f"keys in {self.authorized_keys.path}")
        if self.password is not None:
            parts.append("the password")
        return "needs " + " or ".join(parts)


def password_from(value: str | None, file: str | Path | None, env: str = "JANTAKU_SSH_PASSWORD") -> str | None:
    """The password given on the command line, else in a file (first line), else in the environment."""
    if value:
        return value
    if file:
        lines = Path(file).read_text().splitlines()
        return lines[0] if lines and lines[0] else None
    return os.environ.get(env) or None
