"""Who a player arriving over SSH is: a display name and what makes them the same player next time.

A player who proves an SSH key is that key (its SHA-256 fingerprint, as
``ssh-keygen -lf`` prints it).  A player without a key gets a short rejoin
code instead and comes back with ``ssh CODE@host``; :class:`RejoinCodes`
remembers which name each code belongs to, across host restarts.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import secrets
import time
import unicodedata
from dataclasses import dataclass
from pathlib import Path

NAME_LENGTH = 24  # the protocol's limit on a display name

# no 0/O, 1/I/L: a code read aloud or off a phone screen survives
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6

# user names that say nothing about the person (ssh sends the local login when none is given)
_ANONYMOUS_USERS = {"", "root", "admin", "user", "guest", "pi", "ubuntu", "debian", "jantaku"}


@dataclass(frozen=True)
class Identity:
    """A player at the SSH door.

    >>> Identity("ann", fingerprint="SHA256:abc").key
    'ssh-key:SHA256:abc'
    >>> Identity("bob", rejoin_code="K7F3QX").key
    'ssh-code:K7F3QX'
    """

    name: str
    fingerprint: str | None = None  # the key the player proved, if any
    rejoin_code: str | None = None  # keyless players

    @property
    def key(self) -> str:
        """A stable string naming this player for the host."""
        if self.fingerprint:
            return f"ssh-key:{self.fingerprint}"
        return f"ssh-code:{self.rejoin_code}"


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
    printable = "".join(ch for ch in username if unicodedata.category(ch)[0] not in "CZ" or ch == " ").strip()
    if printable.lower() in _ANONYMOUS_USERS:
        return f"guest-{fallback_tag}"[:NAME_LENGTH]
    return printable[:NAME_LENGTH]


def normalise_code(text: str) -> str | None:
    """``text`` as a rejoin code if it has the shape of one, else None.

    >>> normalise_code("k7f3qx"), normalise_code("alice"), normalise_code("K7F3Q0")
    ('K7F3QX', None, None)
    """
    code = text.strip().upper()
    if len(code) == CODE_LENGTH and all(ch in CODE_ALPHABET for ch in code):
        return code
    return None


class RejoinCodes:
    """Rejoin codes handed to keyless players, kept in a small JSON file.

    ``path=None`` keeps them in memory only.  The file holds at most
    ``capacity`` codes; the least recently used go first.
    """

    def __init__(self, path: str | Path | None, capacity: int = 5000):
        self.path = None if path is None else Path(path)
        self.capacity = capacity
        self._codes: dict[str, dict] = self._load()

    def _load(self) -> dict[str, dict]:
        if self.path is None or not self.path.exists():
            return {}
        try:
            data = json.loads(self.path.read_text())
        except (OSError, ValueError):
            return {}  # a damaged file costs the codes, not the host
        return {code: entry for code, entry in data.items()
                if isinstance(entry, dict) and isinstance(entry.get("name"), str)} if isinstance(data, dict) else {}

    def new_code(self) -> str:
        """A code not handed out yet (:meth:`remember` hands it out)."""
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self._codes:
                return code

    def remember(self, code: str, name: str) -> None:
        self._codes[code] = {"name": name, "used": time.time()}
        self._save()

    def name_of(self, code: str) -> str | None:
        """The name ``code`` was issued to (and the code counts as used now), or None."""
        entry = self._codes.get(code)
        if entry is None:
            return None
        entry["used"] = time.time()
        self._save()
        return entry["name"]

    def __len__(self) -> int:
        return len(self._codes)

    def _save(self) -> None:
        if len(self._codes) > self.capacity:
            keep = sorted(self._codes.items(), key=lambda item: item[1]["used"])[-self.capacity:]
            self._codes = dict(keep)
        if self.path is None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(self.path.name + ".tmp")
        tmp.write_text(json.dumps(self._codes))
        os.replace(tmp, self.path)  # never a half-written file
