"""Players known to the host: an identity that outlives connections.

A player is identified by a resume token (only its SHA-256 is stored); a
connection that says ``hello`` with the token becomes that player again and
gets back every seat the player holds ("last login wins").
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .connection import Connection


def new_token() -> str:
    return secrets.token_urlsafe(16)


def token_hash(token: str) -> bytes:
    """
    >>> token_hash("abc").hex()[:16]
    'ba7816bf8f01cfea'
    """
    return hashlib.sha256(token.encode()).digest()


@dataclass(eq=False)
class Player:
    id: int
    name: str
    conn: Connection | None = None
    unsaved_token: str | None = None  # a new identity, stored only once it takes a seat or makes a table

    @property
    def connected(self) -> bool:
        return self.conn is not None and not self.conn.closed

    def send(self, msg: dict) -> bool:
        conn = self.conn  # what connected checks, narrowed for the type checker
        return conn.send(msg) if conn is not None and not conn.closed else False

    def send_packed(self, data: bytes) -> bool:
        conn = self.conn
        return conn.send_packed(data) if conn is not None and not conn.closed else False
