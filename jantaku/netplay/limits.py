"""Every bound the host enforces, in one place (docs/protocol.md, "Limits")."""

from __future__ import annotations

from dataclasses import dataclass

from .protocol import CLIENT_LIMITS, Limits


@dataclass(frozen=True)
class ConnectionLimits:
    """Per connection."""

    wire: Limits = CLIENT_LIMITS  # message size, array and map lengths
    handshake_timeout: float = 5.0  # seconds from connecting to a whole ``hello``
    idle_timeout: float = 60.0  # seconds without a whole message (clients ping); bytes alone do not count
    message_timeout: float = 10.0  # seconds a message may take to arrive once its first byte is in
    rate: float = 20.0  # messages per second, sustained
    burst: float = 40.0  # messages at once
    chat_rate: float = 1.0
    chat_burst: float = 5.0
    send_buffer: int = 1024 * 1024  # unsent bytes before a slow reader is dropped
    socket_send_buffer: int | None = None  # SO_SNDBUF (None: the system's); the kernel's share of the above
    max_errors: int = 20  # answered errors before the connection is closed
    reply_bytes_per_message: int = 8192  # a large reply (a lobby page) counts as one message per this many bytes


@dataclass(frozen=True)
class HostLimits:
    """For the whole host."""

    max_connections: int = 1024
    max_per_ip: int = 16  # loopback and in-process streams are exempt (SSH sessions, local games)
    max_tables: int = 256
    max_seats_per_player: int = 8
    idle_table_seconds: float = 120.0  # a table nobody is at closes after this long
    lobby_push_delay: float = 0.25  # lobby changes reach watchers at most this often
    lobby_page: int = 50  # tables in one ``lobby`` message
