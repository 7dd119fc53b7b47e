"""Who may come in at the SSH door.

* Open (the default): anyone.  An offered key is accepted and proves the
  player's identity; a client without a key gets in through
  keyboard-interactive auth with no prompt (or any password).
* ``password``: anyone who knows it.
* ``authorized_keys``: only the keys in that file (OpenSSH format, ``from=``
  honoured); the file is read again when it changes, so a friend can be
  added, or removed, without restarting the host; a file with no key left
  (or gone) admits nobody.
* Both: a listed key, or the password.
"""

from __future__ import annotations

import hmac
import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from ...i18n import _
from ...netplay.ratelog import RateLimitedLog

log = logging.getLogger(__name__)


class AuthorizedKeys:
    """An ``authorized_keys`` file, looked at before every key login and re-read when it changed.

    Revoking works like adding: a file with no key left in it (emptied, every
    line commented out), a missing, unreadable or unparsable file admits
    nobody from the next login on, and the log says so once per change.
    Only a file missing at start is an error (a mistyped path).
    """

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._stamp: tuple[int, int, int] | None = None
        self._keys: asyncssh.SSHAuthorizedKeys | None = None  # None: nobody
        self.path.stat()  # a missing file fails loudly at start
        self._reload()

    def _reload(self) -> None:
        try:
            stat = self.path.stat()
        except OSError as exc:
            self._admit_nobody((-1, -1, -1), f"cannot be read ({exc.strerror})")
            return
        stamp = (stat.st_mtime_ns, stat.st_size, stat.st_ino)
        if stamp == self._stamp:
            return
        try:
            text = self.path.read_text()
        except (OSError, UnicodeDecodeError) as exc:
            self._admit_nobody(stamp, f"cannot be read ({exc})")
            return
        if not any(line.strip() and not line.lstrip().startswith("#") for line in text.splitlines()):
            self._admit_nobody(stamp, "lists no key")
            return
        try:
            keys = asyncssh.import_authorized_keys(text)
        except ValueError as exc:
            self._admit_nobody(stamp, f"cannot be parsed ({exc})")
            return
        self._keys, self._stamp = keys, stamp
        log.info("SSH door: %s read again", self.path)

    def _admit_nobody(self, stamp: tuple[int, int, int], why: str) -> None:
        if stamp != self._stamp or self._keys is not None:
            log.warning("SSH door: %s %s; it admits nobody until it lists a key", self.path, why)
        self._keys, self._stamp = None, stamp

    def allows(self, key: asyncssh.SSHKey, peer_host: str, peer_addr: str) -> bool:
        self._reload()
        return self._keys is not None and self._keys.validate(key, peer_host, peer_addr) is not None


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
            return _("open to anyone; a player's SSH key is their identity")
        if self.authorized_keys is not None and self.password is not None:
            return _("needs keys in {file} or the password").format(file=self.authorized_keys.path)
        if self.authorized_keys is not None:
            return _("needs keys in {file}").format(file=self.authorized_keys.path)
        return _("needs the password")


def password_from(value: str | None, file: str | Path | None, env: str = "JANTAKU_SSH_PASSWORD") -> str | None:
    """The password given on the command line, else in a file (first line), else in the environment."""
    if value:
        return value
    if file:
        lines = Path(file).read_text().splitlines()
        return lines[0] if lines and lines[0] else None
    return os.environ.get(env) or None


@dataclass(frozen=True)
class Backoff:
    """How long a source of wrong rejoin codes waits before it may try another: not at all for its
    first ``free`` wrong ones, then ``first`` seconds, doubling with each further wrong one up to
    ``longest``; a source that tried no wrong code for ``forget`` seconds starts afresh.

    >>> [Backoff(free=2, first=1.0, longest=5.0, forget=60.0).wait_after(n) for n in range(1, 7)]
    [0.0, 0.0, 1.0, 2.0, 4.0, 5.0]
    """

    free: int
    first: float
    longest: float
    forget: float

    def wait_after(self, failures: int) -> float:
        if failures <= self.free:
            return 0.0
        return min(self.longest, self.first * 2.0 ** min(failures - self.free - 1, 64))


@dataclass(frozen=True)
class Failures:
    count: int
    last: float  # when the last wrong code came


class CodeGuessThrottle:
    """Wrong rejoin codes slow down their address and, more gently, the whole door (docs/ssh.md).

    :meth:`wait` says how long an address must wait before a code it sends is even looked at
    (an attempt made while waiting is refused and does not count); :meth:`failed` records a
    wrong code.  A right code resets nothing: else one known code would let its holder guess on.
    """

    MAX_ADDRESSES = 10_000  # addresses remembered; beyond that the door-wide backoff still holds

    def __init__(
        self,
        per_address: Backoff = Backoff(free=3, first=1.0, longest=600.0, forget=3600.0),
        overall: Backoff = Backoff(free=20, first=0.1, longest=10.0, forget=600.0),
        clock: Callable[[], float] = time.monotonic,
    ):
        self.per_address, self.overall = per_address, overall
        self.clock = clock
        self._addresses: dict[str, Failures] = {}
        self._overall = Failures(0, 0.0)
        self._log = RateLimitedLog(log, 60.0, clock)

    def wait(self, addr: str) -> float:
        """Seconds before ``addr`` may try a code (0: now)."""
        now = self.clock()
        return max(
            0.0,
            self._remaining(self.per_address, self._addresses.get(addr), now),
            self._remaining(self.overall, self._overall, now),
        )

    def failed(self, addr: str) -> None:
        now = self.clock()
        mine = self._counted(self.per_address, self._addresses.pop(addr, None), now)
        self._addresses[addr] = mine  # the newest last, so the oldest are forgotten first
        self._overall = self._counted(self.overall, self._overall, now)
        if len(self._addresses) > self.MAX_ADDRESSES:
            del self._addresses[next(iter(self._addresses))]
        self._log.warning(
            addr,
            "SSH door: %s: wrong rejoin code (%d in a row); its next try in %.0f s",
            addr,
            mine.count,
            self.per_address.wait_after(mine.count),
        )
        if self._overall.count > self.overall.free:
            self._log.warning(
                "",
                "SSH door: %d wrong rejoin codes lately from all addresses; every code waits %.1f s",
                self._overall.count,
                self.overall.wait_after(self._overall.count),
            )

    @staticmethod
    def _counted(backoff: Backoff, before: Failures | None, now: float) -> Failures:
        if before is None or now - before.last >= backoff.forget:
            return Failures(1, now)
        return Failures(before.count + 1, now)

    @staticmethod
    def _remaining(backoff: Backoff, failures: Failures | None, now: float) -> float:
        if failures is None or now - failures.last >= backoff.forget:
            return 0.0
        return failures.last + backoff.wait_after(failures.count) - now
