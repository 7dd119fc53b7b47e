"""The web door's connections: how many, from where, and how long they may stay silent.

Every connection is one of the host's file descriptors, and a browser holds a few
besides its game.  A thousand sockets that connect and say nothing used to take them
all: the TCP port, the SSH door and the web login went down together.  So the door
keeps its connections in a pool (:class:`ConnectionGuard`), as the SSH door keeps its
handshakes (``SshGateway._handshake_to_push_out``):

* at most ``max_per_address`` from one address (loopback is not limited, as at the SSH
  door); more get ``503`` and are closed;
* at most ``max_connections`` in all: a newcomer to a full pool takes the place of the
  oldest connection *waiting* for its request (one that is being answered, a game's
  websocket above all, is never pushed out) once that one has had ``speak_grace`` to
  speak; up to twice the pool the young wait, beyond that the oldest waiting one goes
  regardless; with nothing waiting to push out, the newcomer gets ``503``;
* a connection must send a whole request (its headers) within ``request_timeout`` of
  connecting or of its last answer, or it is closed.

Time is the injected :class:`~jantaku.netplay.clock.Clock`'s, so tests move it by hand.
:class:`GuardedProtocol` puts the pool in front of aiohttp's protocol for each connection.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from dataclasses import dataclass
from typing import Protocol

from ...i18n import N_, _
from ...netplay.clock import Cancellable, Clock
from ...netplay.ratelog import RateLimitedLog

log = logging.getLogger(__name__)

FULL = N_("this jantaku host has too many web connections; try again in a little while")
TOO_MANY_FROM_ADDRESS = N_("too many connections from your address")


@dataclass(frozen=True)
class ConnectionLimits:
    max_connections: int = 128  # HTTP connections at once, the games' websockets among them
    max_per_address: int = 16  # from one address (loopback is not limited)
    request_timeout: float = 10.0  # to send a whole request, after connecting or after an answer
    speak_grace: float = 0.5  # a newcomer has this long to send its request before it can be pushed out


class Peer(Protocol):
    """What the guard needs of a connection (an asyncio transport)."""

    def close(self) -> None: ...


def is_loopback(addr: str) -> bool:
    return addr in ("127.0.0.1", "::1") or addr.startswith("127.")


@dataclass(eq=False)
class _Tracked:
    address: str
    since: float  # when it connected, or when it last got an answer
    busy: bool = False  # a request is being answered (a game's websocket for the whole game)
    timer: Cancellable | None = None


class ConnectionGuard:
    """The door's pool of connections; see the module docstring."""

    def __init__(self, limits: ConnectionLimits, clock: Clock, quiet: RateLimitedLog | None = None):
        self.limits = limits
        self.clock = clock
        self.quiet = quiet or RateLimitedLog(log, 10.0, clock=clock.time)
        self._open: dict[Peer, _Tracked] = {}
        self._per_address: Counter[str] = Counter()

    def __len__(self) -> int:
        return len(self._open)

    def admit(self, peer: Peer, address: str) -> str | None:
        """Take ``peer`` into the pool; returns why it must be turned away (a msgid), or None."""
        lim = self.limits
        if not is_loopback(address) and self._per_address[address] >= lim.max_per_address:
            self.quiet.warning("per-address", "web door: %s: too many connections from there", address)
            return TOO_MANY_FROM_ADDRESS
        if len(self._open) >= lim.max_connections:
            victim = self._waiting_to_push_out()
            if victim is not None:
                self.quiet.warning("pushed-out", "web door: a connection that sent no request made room for another")
                self._drop(victim)
            elif len(self._open) >= 2 * lim.max_connections:
                self.quiet.warning("full", "web door: %s: refused, too many connections", address)
                return FULL
        self._open[peer] = _Tracked(address, self.clock.time())
        self._per_address[address] += 1
        self._wait_for_request(peer)
        return None

    def _waiting_to_push_out(self) -> Peer | None:
        """The connection a newcomer to a full pool replaces, or None (the pool stretches or is full).

        Among those waiting for a request, the oldest past ``speak_grace``: a burst of connections
        is accepted in one go, before the first of them is read, and an honest one in it must not
        lose its place to the silent ones behind it.  Beyond twice the pool, the oldest waiting one.
        """
        now = self.clock.time()
        waiting = [(t.since, p) for p, t in self._open.items() if not t.busy]
        if not waiting:
            return None
        oldest_since, oldest = min(waiting, key=lambda w: w[0])
        if now - oldest_since >= self.limits.speak_grace or len(self._open) >= 2 * self.limits.max_connections:
            return oldest
        return None

    def request_started(self, peer: Peer | None) -> None:
        tracked = self._open.get(peer) if peer is not None else None  # None: the connection is gone
        if tracked is not None:
            tracked.busy = True
            if tracked.timer is not None:
                tracked.timer.cancel()
                tracked.timer = None

    def request_finished(self, peer: Peer | None) -> None:
        """Answered: the connection may wait for its next request (keep-alive), for as long again."""
        if peer is None or (tracked := self._open.get(peer)) is None:
            return
        tracked.busy = False
        tracked.since = self.clock.time()
        self._wait_for_request(peer)

    def closed(self, peer: Peer) -> None:
        tracked = self._open.pop(peer, None)
        if tracked is None:
            return
        if tracked.timer is not None:
            tracked.timer.cancel()
        self._per_address[tracked.address] -= 1
        if self._per_address[tracked.address] <= 0:
            del self._per_address[tracked.address]

    def _wait_for_request(self, peer: Peer) -> None:
        tracked = self._open[peer]
        if tracked.timer is not None:
            tracked.timer.cancel()
        tracked.timer = self.clock.call_later(self.limits.request_timeout, lambda: self._timed_out(peer))

    def _timed_out(self, peer: Peer) -> None:
        tracked = self._open.get(peer)
        if tracked is not None and not tracked.busy:
            self.quiet.warning("timeout", "web door: %s: no request in time, closed", tracked.address)
            self._drop(peer)

    def _drop(self, peer: Peer) -> None:
        self.closed(peer)
        peer.close()


def refusal_response(reason: str) -> bytes:
    """A whole HTTP answer for a connection turned away before aiohttp sees it (the host's language:
    its browser's is not known yet)."""
    body = ("jantaku: " + _(reason) + "\n").encode()
    head = f"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {len(body)}\r\n"
    return head.encode() + b"Connection: close\r\nRetry-After: 5\r\n\r\n" + body


class GuardedProtocol(asyncio.Protocol):
    """One connection: admitted by the guard, then aiohttp's protocol (``inner``) does the rest."""

    def __init__(self, inner: asyncio.Protocol, guard: ConnectionGuard):
        self.inner = inner
        self.guard = guard
        self.transport: asyncio.Transport | None = None
        self.admitted = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)  # a TCP server's
        self.transport = transport
        peer = transport.get_extra_info("peername")
        refusal = self.guard.admit(transport, str(peer[0]) if peer else "")
        if refusal is not None:
            transport.write(refusal_response(refusal))
            transport.close()
            return
        self.admitted = True
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self.admitted:
            self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.admitted else None

    def connection_lost(self, exc: Exception | None) -> None:
        if self.transport is not None:
            self.guard.closed(self.transport)
        if self.admitted:
            self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        if self.admitted:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.admitted:
            self.inner.resume_writing()
