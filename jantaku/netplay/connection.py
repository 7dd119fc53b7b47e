"""One client connection on the host: bounded reading, rate limits, bounded sending.

A connection never holds more than its limits: a message over the size
limit, a flood over the rate limit or a silence over the idle timeout ends
it with an ``error``; a peer that stops reading is dropped once its unsent
data passes ``send_buffer`` bytes instead of being buffered forever.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import socket
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .limits import ConnectionLimits
from .protocol import ErrorCode, MessageReader, ProtocolError, error_message, pack
from .texts import HostText

if TYPE_CHECKING:
    from .players import Player

log = logging.getLogger(__name__)
_ids = itertools.count(1)


class TokenBucket:
    """``rate`` tokens a second up to ``burst``; :meth:`take` says whether one was available.

    >>> clock = iter([0.0, 0.0, 0.0, 1.0]).__next__
    >>> b = TokenBucket(rate=1, burst=2, clock=clock)
    >>> b.take(), b.take(), b.take(), b.take()
    (True, True, False, True)
    """

    def __init__(self, rate: float, burst: float, clock=None):
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self._clock = clock or asyncio.get_running_loop().time
        self._last: float | None = None

    def refund(self) -> None:
        self.tokens = min(self.burst, self.tokens + 1)

    def charge(self, tokens: float) -> None:
        """Take ``tokens`` more (the balance may go below zero: later messages wait for it)."""
        self.tokens -= tokens

    def _refill(self) -> None:
        now = self._clock()
        if self._last is not None:
            self.tokens = min(self.burst, self.tokens + (now - self._last) * self.rate)
        self._last = now

    def has_token(self) -> bool:
        self._refill()
        return self.tokens >= 1

    def full(self, now: float) -> bool:
        """Refilled to the burst by ``now`` (it remembers nothing)."""
        return self._last is None or self.tokens + (now - self._last) * self.rate >= self.burst

    def take(self) -> bool:
        self._refill()
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class TurnFlush:
    """The end of a turn of the host's event loop: the store's open batch committed, then
    everything the turn queued for its connections written, one write each.

    Committing first is the crash guarantee: a byte that tells a client of a decision leaves
    only once the decision is on disk.  If the commit fails, what was queued is never sent:
    those connections are dropped and ``on_lost`` stops the matches whose writes were lost.
    """

    def __init__(self, commit: Callable[[], bool] = lambda: True, on_lost: Callable[[], None] = lambda: None):
        self._commit, self._on_lost = commit, on_lost
        self._queued: list[Connection] = []
        self._scheduled = False

    def schedule(self) -> None:
        """Run at the end of this turn (once, however often asked)."""
        if not self._scheduled:
            self._scheduled = True
            asyncio.get_running_loop().call_soon(self.run)

    def queue(self, conn: Connection) -> None:
        self._queued.append(conn)
        self.schedule()

    def run(self) -> None:
        self._scheduled = False
        queued, self._queued = self._queued, []
        if not self._commit():
            for conn in queued:
                conn.abort()
            self._on_lost()
            return
        for conn in queued:
            conn.flush()


class HostProtocol(asyncio.BufferedProtocol):
    """A TCP client of the host: the transport's events, straight to its :class:`Connection`.

    Bytes are read into ``read_buffer``, which every connection of a host shares: the loop
    reads one socket at a time and the connection's reader copies what came before the next
    read.  A plain :class:`asyncio.Protocol` gets a new 256 KiB ``bytes`` for every read
    (an ``mmap``, an ``mremap`` and a ``munmap`` each: three system calls per decision).
    """

    def __init__(self, open_connection: Callable[[asyncio.BaseTransport], Connection], read_buffer: memoryview):
        self._open = open_connection
        self._buffer = read_buffer
        self.conn: Connection | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.conn = self._open(transport)

    def get_buffer(self, sizehint: int) -> memoryview:
        return self._buffer

    def buffer_updated(self, nbytes: int) -> None:
        if self.conn is not None:
            self.conn.data_received(self._buffer[:nbytes])

    def eof_received(self) -> bool:
        if self.conn is not None:
            self.conn.close()  # the peer is done: what is queued still goes, then it closes
        return True  # the transport stays open for that

    def connection_lost(self, exc: Exception | None) -> None:
        if self.conn is not None:
            self.conn.connection_lost()


class Connection:
    """A client's connection on the host side, over any asyncio transport (TCP, or a stream's).

    Sans-await: bytes come in through :meth:`data_received` (from :class:`HostProtocol`, or a
    stream's read loop in :meth:`Host.serve_stream <jantaku.netplay.host.Host.serve_stream>`),
    each whole message goes to ``on_message`` at once, in the same turn of the loop; no task,
    future or buffer copy per message.  ``on_end`` is told once when the connection is over.
    """

    def __init__(
        self,
        transport: asyncio.BaseTransport,
        limits: ConnectionLimits,
        turn: TurnFlush | None = None,
        *,
        on_message: Callable[[Connection, dict[str, Any]], None] = lambda conn, msg: None,
        on_end: Callable[[Connection], None] = lambda conn: None,
        address: str | None = None,
    ):
        """``address``: the peer's real address where the transport's is not it (a door's session
        over a socketpair: the SSH or HTTP client's)."""
        self.id = next(_ids)
        assert isinstance(transport, asyncio.WriteTransport)  # a connection both reads and writes
        self.transport = transport
        self.limits = limits
        peer = transport.get_extra_info("peername")
        if address is not None:
            self.peer = self.ip = address
        else:
            self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else "local"
            self.ip = peer[0] if isinstance(peer, tuple) else "local"
        sock = transport.get_extra_info("socket")
        if limits.socket_send_buffer is not None and sock is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, limits.socket_send_buffer)
        self.player: Player | None = None
        self.vouched_token: str | None = None  # see Host.serve_stream
        self.watching: set[int] = set()  # tables this connection spectates
        self.watches_lobby = False
        self.errors = 0
        self.closed = False
        self.ended = False  # on_end has been told
        self._outbox: list[bytes] = []
        self._turn = turn or TurnFlush()  # writes at the end of the loop's turn (the host's: after its commit)
        self._ending = False  # closed, the last queued bytes still to go
        self._bucket = TokenBucket(limits.rate, limits.burst)
        self.chat_bucket = TokenBucket(limits.chat_rate, limits.chat_burst)
        self._on_message, self._on_end = on_message, on_end
        self._loop = asyncio.get_running_loop()
        self._reader = MessageReader(limits.wire)
        self._connected = self._last_message = self._loop.time()
        self._started: float | None = None  # when the unfinished message's first byte came
        # One watchdog timer per connection, not one per message: it fires at the deadline it was
        # set for; if the deadline has moved on by then it is set again, else the connection ends.
        self._watchdog: asyncio.TimerHandle | None = None
        self._watched = 0.0  # the deadline the watchdog is set for
        self._watch(self._deadline()[0])

    def __repr__(self) -> str:
        who = self.player.name if self.player else "?"
        return f"<Connection #{self.id} {who} {self.peer}>"

    # --- sending ---------------------------------------------------------------------

    def send(self, msg: dict[str, Any]) -> bool:
        return self.send_packed(pack(msg))

    def send_packed(self, data: bytes) -> bool:
        """Queue bytes for the peer; returns False if the connection is gone.

        What one turn of the event loop sends to a peer (an update and the ``ok``
        after it, say) leaves in one write.  A peer whose unsent data passes the
        limit is dropped.
        """
        if self.closed:
            return False
        if self.transport.is_closing():
            self.closed = True
            return False
        if not self._outbox:
            self._turn.queue(self)
        self._outbox.append(data)
        return True

    def flush(self) -> None:
        """Write what is queued (the end of the turn), and close if :meth:`close` was asked."""
        transport = self.transport
        if self._outbox and not transport.is_closing():
            data = self._outbox[0] if len(self._outbox) == 1 else b"".join(self._outbox)
            self._outbox.clear()
            transport.write(data)  # no drain: the transport buffers, bounded by the check below
            if transport.get_write_buffer_size() > self.limits.send_buffer:
                log.info("%r stopped reading; dropped", self)
                self.abort()
        self._outbox.clear()
        if self._ending:
            self._ending = False
            transport.close()

    def send_error(self, code: str, message: str, ref: Any = None) -> None:
        self.send(error_message(code, message, ref))

    def close(self, code: str | None = None, message: str = "") -> None:
        """Close after telling the peer why (if ``code``): at the end of the turn, with what
        is queued (never before the turn's commit)."""
        if self.closed:
            return
        if code is not None:
            self.send_error(code, message)
        self.closed = True
        if self._outbox:
            self._ending = True  # the turn's flush writes the rest and closes
        else:
            self.transport.close()
        self._end_soon()

    def abort(self) -> None:
        """Drop the connection now; nothing queued is sent."""
        self.closed, self._ending = True, False
        self._outbox.clear()
        self.transport.abort()
        self._end_soon()

    def fail(self, exc: ProtocolError) -> None:
        """The peer broke the protocol or a limit: it is told why, and the connection closes."""
        log.info("%r: %s", self, exc)
        self.close(exc.code, exc.message)

    # --- receiving -------------------------------------------------------------------

    def data_received(self, data: bytes | memoryview) -> None:
        """Bytes from the peer (kept only until this returns): each message they complete goes
        to ``on_message`` now.

        A whole ``hello`` must come within the handshake timeout of connecting, then a whole
        message at least every idle timeout, and each message complete within the message
        timeout of its first byte.  Deadlines count whole messages, not bytes: a peer trickling
        a byte at a time gains nothing.  Anything over the limits closes the connection.
        """
        if self.closed:
            return  # nothing more is read from a connection that is closing
        completed = False
        try:
            for msg in self._reader.feed(data):
                self._last_message, completed = self._loop.time(), True
                if not self._bucket.take():
                    raise ProtocolError(ErrorCode.RATE_LIMITED, HostText("rate_limited", rate=f"{self.limits.rate:g}"))
                self._on_message(self, msg)
                if self.closed:
                    return
        except ProtocolError as exc:
            self.fail(exc)
            return
        if not self._reader.partial:
            self._started = None
        elif self._started is None or completed:  # a new message has begun
            self._started = self._loop.time()
        if self._started is not None or self._watchdog is None:
            deadline = self._deadline()[0]
            if self._watchdog is None or deadline < self._watched:
                self._watch(deadline)

    def connection_lost(self) -> None:
        """The peer hung up, or the transport is gone: the connection is over."""
        if not self.closed:
            self.closed, self._ending = True, False
            self._outbox.clear()
            self.transport.close()
        self._end()

    def _deadline(self) -> tuple[float, str, str]:
        limits = self.limits
        if self.player is None:
            return self._connected + limits.handshake_timeout, ErrorCode.HANDSHAKE, "handshake"
        deadline, code, kind = self._last_message + limits.idle_timeout, ErrorCode.IDLE, "idle"
        if self._started is not None and self._started + limits.message_timeout < deadline:
            deadline, kind = self._started + limits.message_timeout, "message"
        return deadline, code, kind

    def _why(self, kind: str) -> str:
        limits = self.limits
        if kind == "handshake":
            return HostText("no_hello", seconds=f"{limits.handshake_timeout:g}")
        if kind == "message":
            return HostText("message_too_slow", seconds=f"{limits.message_timeout:g}")
        return HostText("idle", seconds=f"{limits.idle_timeout:g}")

    def _watch(self, deadline: float) -> None:
        if self._watchdog is not None:
            self._watchdog.cancel()
        self._watchdog, self._watched = self._loop.call_at(deadline, self._bark), deadline

    def _bark(self) -> None:
        self._watchdog = None
        if self.closed:
            return
        deadline, code, kind = self._deadline()
        if deadline <= self._watched:
            self.fail(ProtocolError(code, self._why(kind)))
        else:
            self._watch(deadline)

    def _end_soon(self) -> None:
        """Over once the code that closed it has returned (it may still use the connection)."""
        if not self.ended:
            self._loop.call_soon(self._end)

    def _end(self) -> None:
        if self.ended:
            return
        self.ended = True
        if self._watchdog is not None:
            self._watchdog.cancel()
            self._watchdog = None
        self._on_end(self)

    def charge_reply(self, size: int) -> None:
        """A large reply costs its sender one message per ``reply_bytes_per_message`` bytes beyond
        the first, so asking for big answers is rate-limited by what they cost to send."""
        self._bucket.charge((size - 1) // self.limits.reply_bytes_per_message)

    def paced_by_the_game(self) -> None:
        """The last message answered an open prompt: the game sets that pace, so it is not counted."""
        self._bucket.refund()

    def count_error(self) -> None:
        """An answered error; too many of them end the connection."""
        self.errors += 1
        if self.errors > self.limits.max_errors:
            raise ProtocolError(ErrorCode.TOO_MANY_ERRORS, HostText("too_many_errors", count=self.limits.max_errors))
