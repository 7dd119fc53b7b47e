"""Every bound the host enforces, in one place (docs/protocol.md, "Limits")."""

from __future__ import annotations

import ipaddress
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
    max_per_ip: int = 16  # a door's session counts under its player's real address (Host.serve_stream)
    # True (``jantaku host --trust-loopback``): loopback is not counted per address, for a host whose
    # loopback clients are all its owner's (a benchmark's load, bots run beside it).  Off by default:
    # one loopback client churning identities could otherwise fill the host for everyone.
    exempt_loopback: bool = False
    max_tables: int = 256
    max_seats_per_player: int = 8
    tables_per_player: int = 4  # open tables one identity has created
    tables_per_address: int = 16  # open tables created from one address
    tables_created_per_minute: float = 12.0  # per identity and per address (bursts of as many)
    bot_tables_per_player: int = 1  # matches of bots only (no person seated) one identity runs at once
    bot_tables_per_address: int = 2
    bot_cpu_share: float = 0.25  # at most this share of the host's time goes to bot-only matches
    idle_table_seconds: float = 120.0  # a table nobody is at closes after this long
    empty_table_seconds: float = 30.0  # a waiting table with no person seated (and nobody watching) closes sooner
    lobby_push_delay: float = 0.25  # lobby changes reach watchers at most this often
    lobby_page: int = 50  # tables in one ``lobby`` message


def is_loopback(ip: str) -> bool:
    """
    >>> is_loopback("127.0.0.2"), is_loopback("::1"), is_loopback("192.0.2.1"), is_loopback("local")
    (True, True, False, False)
    """
    try:
        return ipaddress.ip_address(ip).is_loopback
    except ValueError:
        return False


def counted_address(limits: HostLimits, ip: str) -> str | None:
    """The address per-address caps count ``ip`` under, or None where they do not apply: an
    in-process stream that came with no address (``local``: a game on this machine, the SSH
    door's warm-up), and loopback where ``exempt_loopback`` is on.

    >>> counted_address(HostLimits(), "127.0.0.1"), counted_address(HostLimits(exempt_loopback=True), "127.0.0.1")
    ('127.0.0.1', None)
    """
    if ip == "local" or (limits.exempt_loopback and is_loopback(ip)):
        return None
    return ip
