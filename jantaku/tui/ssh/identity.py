"""Who a player arriving over SSH is: a display name and what makes them the same player next time.

A player who proves an SSH key is that key (its SHA-256 fingerprint, as
``ssh-keygen -lf`` prints it).  A player without a key gets a short rejoin
code instead and comes back with ``ssh CODE@host``; :class:`RejoinCodes`
remembers which name each code belongs to, across host restarts, and never
lets anonymous logins push out the code of a player who sat down.

Codes are ten characters (shown as two groups of five, ``K7F3Q-XM8P2``), with at
least one digit so that no plain name looks like one; the six-character codes
of older versions still work once and are then exchanged for a long one that
keeps the player's identity (docs/ssh.md has the guessing arithmetic).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import logging
import secrets
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ...playertext import clean_player_text

log = logging.getLogger(__name__)

NAME_LENGTH = 24  # the protocol's limit on a display name

# no 0/O, 1/I/L: a code read aloud or off a phone screen survives
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 10  # 31**10 ≈ 8.2e14 codes; see docs/ssh.md for what that means for guessing
CODE_GROUP = 5  # shown as XXXXX-XXXXX, which reads and types in two halves
LEGACY_CODE_LENGTH = 6  # what older versions handed out; exchanged for a long code at first use

# user names that say nothing about the person (ssh sends the local login when none is given)
_ANONYMOUS_USERS = {"", "root", "admin", "user", "guest", "pi", "ubuntu", "debian", "jantaku"}


@dataclass(frozen=True)
class Identity:
    """A player at the SSH door.

    >>> Identity("ann", fingerprint="SHA256:abc").key
    'ssh-key:SHA256:abc'
    >>> Identity("bob", rejoin_code="K7F3QX").key
    'ssh-code:K7F3QX'
    >>> Identity("bob", rejoin_code="K7F3Q-XM8P2", first_code="K7F3QX").key  # an old code exchanged
    'ssh-code:K7F3QX'
    """

    name: str
    fingerprint: str | None = None  # the key the player proved, if any
    rejoin_code: str | None = None  # keyless players: the code they log in with now
    first_code: str | None = None  # the code they were first known by, if it was exchanged for rejoin_code
    address: str = field(default="", compare=False)  # where the player connects from (the door's peer); not who

    @property
    def key(self) -> str:
        """A stable string naming this player for the host (an exchanged code keeps the player's seats)."""
        if self.fingerprint:
            return f"ssh-key:{self.fingerprint}"
        return f"ssh-code:{self.first_code or self.rejoin_code}"


def resume_token(secret: bytes, identity: Identity) -> str:
    """The host's resume token for ``identity``: unguessable without the host's secret.

    A public key's fingerprint is no secret, so the token is keyed: knowing
    someone's key never lets a TCP client claim their seat.

    >>> token = resume_token(b"k" * 32, Identity("ann", fingerprint="SHA256:abc"))
    >>> len(token), token == resume_token(b"k" * 32, Identity("bob", fingerprint="SHA256:abc"))
    (43, True)
    """
    digest = hmac.new(secret, identity.key.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def load_or_create_secret(path: str | Path) -> bytes:
    """32 random bytes kept in ``path`` (mode 0600), made on first use."""
    path = Path(path)
    if path.exists():
        return path.read_bytes()
    path.parent.mkdir(parents=True, exist_ok=True)
    secret = secrets.token_bytes(32)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # made meanwhile by another process
        return path.read_bytes()
    with os.fdopen(fd, "wb") as f:
        f.write(secret)
    return secret


def display_name(username: str, fallback_tag: str) -> str:
    """The name to show for an SSH user name: printable, at most 24 characters.

    User names that name a machine account rather than a person become
    ``guest-TAG``.

    >>> display_name("alice", "K7F3")
    'alice'
    >>> display_name("root", "K7F3"), display_name("", "K7F3")
    ('guest-K7F3', 'guest-K7F3')
    >>> display_name("bad\\x1b[2Jname", "X")
    'bad[2Jname'
    """
    printable = clean_player_text(username, limit=NAME_LENGTH)  # player text: the one cleaning rule
    if printable.lower() in _ANONYMOUS_USERS:
        return f"guest-{fallback_tag}"[:NAME_LENGTH]
    return printable


def group_code(code: str) -> str:
    """A long code as it is shown and stored: two groups of five.

    >>> group_code("K7F3QXM8P2")
    'K7F3Q-XM8P2'
    """
    return f"{code[:CODE_GROUP]}-{code[CODE_GROUP:]}"


def normalise_code(text: str) -> str | None:
    """``text`` as a rejoin code if it has the shape of one (a long code with or without its dash,
    in any case, or an older six-character one), else None.

    >>> normalise_code("k7f3q-xm8p2"), normalise_code("K7F3QXM8P2"), normalise_code(" k7f3qx ")
    ('K7F3Q-XM8P2', 'K7F3Q-XM8P2', 'K7F3QX')
    >>> normalise_code("alice"), normalise_code("K7F3Q0"), normalise_code("stefanwebb")
    (None, None, None)
    """
    code = text.strip().upper().replace("-", "")
    if not all(ch in CODE_ALPHABET for ch in code):
        return None
    if len(code) == CODE_LENGTH and any(ch.isdigit() for ch in code):  # a name of ten letters is a name
        return group_code(code)
    if len(code) == LEGACY_CODE_LENGTH:
        return code
    return None


def could_be_a_name(code: str) -> bool:
    """Whether a code-shaped user name may just as well be a name (an old code of letters only, such as
    ``ANDREW``): such a user name that is no known code is a new player's name, not a wrong code.

    >>> could_be_a_name("ANDREW"), could_be_a_name("K7F3QX"), could_be_a_name("K7F3Q-XM8P2")
    (True, False, False)
    """
    return len(code) == LEGACY_CODE_LENGTH and code.isalpha()


@dataclass(frozen=True)
class KnownCode:
    """What :meth:`RejoinCodes.find` knows of a code: its player's name, and the code the player's
    identity derives from (the code itself, or the older one it was exchanged for)."""

    name: str
    first_code: str

    def identity(self, code: str) -> Identity:
        return Identity(self.name, rejoin_code=code, first_code=None if self.first_code == code else self.first_code)


CodeHoldsSeat = Callable[[str], bool]  # does the player first known by this code hold a seat or have played?


class RejoinCodes:
    """Rejoin codes handed to keyless players, kept in a small SQLite file.

    ``path`` names the codes file; the codes live in ``path`` with the suffix
    ``.sqlite3``, one row each, so a login writes one row, never the whole
    file.  A JSON codes file an older jantaku kept at ``path`` is taken over on
    first use (and renamed ``*.migrated``).  ``path=None`` keeps them in memory.

    Bounds: a code whose player holds a seat or has played (``holds_seat``, asked
    about the oldest codes when room is needed) is *kept* and never goes for
    want of room.  The others — codes nobody sat down with — are at most
    ``capacity``, the least recently used go first, and any unused for
    ``expiry`` seconds goes.  Anonymous logins can therefore only push out
    each other's codes.
    """

    _SCHEMA = """
    CREATE TABLE IF NOT EXISTS codes (
        code TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        used REAL NOT NULL,
        kept INTEGER NOT NULL DEFAULT 0,  -- 1: its player holds a seat or has history
        first_code TEXT                   -- an older code exchanged for this one: the identity's; NULL: this code
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS codes_by_age ON codes(kept, used);
    """
    _EXPIRY_EVERY = 100  # logins between two sweeps for expired codes

    def __init__(
        self,
        path: str | Path | None,
        capacity: int = 5000,
        *,
        holds_seat: CodeHoldsSeat | None = None,
        expiry: float = 30 * 86400.0,
    ):
        self.path = None if path is None else Path(path)
        self.capacity = capacity
        self.expiry = expiry
        self.holds_seat = holds_seat or (lambda code: False)
        self.db = self._open()
        self._since_sweep = 0
        self._migrate_json()
        self._sweep_expired()

    @property
    def db_path(self) -> Path | None:
        return None if self.path is None else self.path.with_suffix(".sqlite3")

    def _open(self) -> sqlite3.Connection:
        target = ":memory:" if self.path is None else str(self.db_path)
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            db = self._connect(target)
        except sqlite3.DatabaseError:  # damaged: the codes are lost, never the door
            log.warning("SSH rejoin codes in %s cannot be read; starting a new file", target)
            os.replace(target, target + ".damaged")
            db = self._connect(target)
        return db

    def _connect(self, target: str) -> sqlite3.Connection:
        db = sqlite3.connect(target, isolation_level=None)
        if target != ":memory:":
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
        db.executescript(self._SCHEMA)
        if "first_code" not in {row[1] for row in db.execute("PRAGMA table_info(codes)")}:  # an older file
            db.execute("ALTER TABLE codes ADD COLUMN first_code TEXT")
        return db

    def _migrate_json(self) -> None:
        if self.path is None or not self.path.exists():
            return
        try:
            data = json.loads(self.path.read_text())
        except (OSError, ValueError):
            data = {}  # a damaged file costs the codes, not the host
        rows = (
            [
                (code, entry["name"], float(entry.get("used", 0) or 0))
                for code, entry in data.items()
                if isinstance(entry, dict)
                and isinstance(entry.get("name"), str)
                and isinstance(entry.get("used", 0), (int, float))
            ]
            if isinstance(data, dict)
            else []
        )
        self.db.execute("BEGIN")
        self.db.executemany("INSERT OR IGNORE INTO codes (code, name, used) VALUES (?, ?, ?)", rows)
        self.db.execute("COMMIT")
        os.replace(self.path, self.path.with_name(self.path.name + ".migrated"))
        log.info("SSH rejoin codes: %d taken over from %s", len(rows), self.path)
        self._make_room()

    def new_code(self) -> str:
        """A code not handed out yet (:meth:`remember` hands it out)."""
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if not any(ch.isdigit() for ch in code):
                continue  # it could be someone's name (normalise_code)
            code = group_code(code)
            if self.db.execute("SELECT 1 FROM codes WHERE code = ?", (code,)).fetchone() is None:
                return code

    def remember(self, code: str, name: str) -> None:
        self.db.execute("INSERT OR REPLACE INTO codes (code, name, used) VALUES (?, ?, ?)", (code, name, time.time()))
        self._make_room()
        self._since_sweep += 1
        if self._since_sweep >= self._EXPIRY_EVERY:
            self._sweep_expired()

    def name_of(self, code: str) -> str | None:
        """The name ``code`` was issued to (and the code counts as used now), or None."""
        known = self.find(code)
        return None if known is None else known.name

    def find(self, code: str) -> KnownCode | None:
        """What is known of ``code`` (and it counts as used now), or None."""
        row = self.db.execute("SELECT name, coalesce(first_code, code) FROM codes WHERE code = ?", (code,)).fetchone()
        if row is None:
            return None
        self.db.execute("UPDATE codes SET used = ? WHERE code = ?", (time.time(), code))
        return KnownCode(row[0], row[1])

    def exchange(self, code: str) -> str:
        """A new long code for the player of ``code`` (an older short one), which stops working: the
        player keeps their name, identity and whether they are kept."""
        new = self.new_code()
        self.db.execute("BEGIN")
        self.db.execute(
            "INSERT INTO codes (code, name, used, kept, first_code)"
            " SELECT ?, name, ?, kept, coalesce(first_code, code) FROM codes WHERE code = ?",
            (new, time.time(), code),
        )
        self.db.execute("DELETE FROM codes WHERE code = ?", (code,))
        self.db.execute("COMMIT")
        return new

    def first_codes(self) -> list[str]:
        """The code each keyless player was first known by (their identity's)."""
        return [c for (c,) in self.db.execute("SELECT coalesce(first_code, code) FROM codes")]

    def is_kept(self, code: str) -> bool:
        row = self.db.execute("SELECT kept FROM codes WHERE code = ?", (code,)).fetchone()
        return bool(row and row[0])

    def __len__(self) -> int:
        return self.db.execute("SELECT count(*) FROM codes").fetchone()[0]

    def unkept(self) -> int:
        """How many codes are held by nobody who sat down (these are bounded by ``capacity``)."""
        return self.db.execute("SELECT count(*) FROM codes WHERE kept = 0").fetchone()[0]

    def _settle(self, candidates: list[tuple[str, str]]) -> None:
        """Each candidate (a code and the code its identity derives from) is kept (its player holds a
        seat) or goes."""
        for code, first_code in candidates:
            try:
                holds = self.holds_seat(first_code)
            except Exception:  # the host cannot tell (shutting down, say): when in doubt, keep
                log.exception("SSH rejoin codes: cannot tell whether %s holds a seat; kept", code)
                holds = True
            if holds:
                self.db.execute("UPDATE codes SET kept = 1 WHERE code = ?", (code,))
            else:
                self.db.execute("DELETE FROM codes WHERE code = ?", (code,))

    def _make_room(self) -> None:
        while (excess := self.unkept() - self.capacity) > 0:
            self._settle(
                self.db.execute(
                    "SELECT code, coalesce(first_code, code) FROM codes WHERE kept = 0 ORDER BY used LIMIT ?",
                    (excess,),
                ).fetchall()
            )

    def _sweep_expired(self) -> None:
        self._since_sweep = 0
        self._settle(
            self.db.execute(
                "SELECT code, coalesce(first_code, code) FROM codes WHERE kept = 0 AND used < ?",
                (time.time() - self.expiry,),
            ).fetchall()
        )

    def close(self) -> None:
        self.db.close()
