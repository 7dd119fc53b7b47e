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
from collections.abc import AsyncIterator, Callable
from typing import TYPE_CHECKING, Any

from .limits import ConnectionLimits
from .protocol import ErrorCode, MessageReader, ProtocolError, error_message, pack

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


class Connection:
    """A client's stream on the host side."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        limits: ConnectionLimits,
        turn: TurnFlush | None = None,
    ):
        self.id = next(_ids)
        self.reader, self.writer = reader, writer
        self.limits = limits
        peer = writer.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else "local"
        self.ip = peer[0] if isinstance(peer, tuple) else "local"
        sock = writer.get_extra_info("socket")
        if limits.socket_send_buffer is not None and sock is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, limits.socket_send_buffer)
        self.player: Player | None = None
        self.vouched_token: str | None = None  # see Host.serve_stream
        self.watching: set[int] = set()  # tables this connection spectates
        self.watches_lobby = False
        self.errors = 0
        self.closed = False
        self._outbox: list[bytes] = []
        self._turn = turn or TurnFlush()  # writes at the end of the loop's turn (the host's: after its commit)
        self._ending = False  # closed, the last queued bytes still to go
        self._bucket = TokenBucket(limits.rate, limits.burst)
        self.chat_bucket = TokenBucket(limits.chat_rate, limits.chat_burst)

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
        if self.writer.transport.is_closing():
            self.closed = True
            return False
        if not self._outbox:
            self._turn.queue(self)
        self._outbox.append(data)
        return True

    def flush(self) -> None:
        """Write what is queued (the end of the turn), and close if :meth:`close` was asked."""
        if self._outbox and not self.writer.transport.is_closing():
            data = b"".join(self._outbox)
            self._outbox.clear()
            self.writer.write(data)
            if self.writer.transport.get_write_buffer_size() > self.limits.send_buffer:
                log.info("%r stopped reading; dropped", self)
                self.abort()
        self._outbox.clear()
        if self._ending:
            self._ending = False
            self.writer.close()

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
            self.writer.close()

    def abort(self) -> None:
        """Drop the connection now; nothing queued is sent."""
        self.closed, self._ending = True, False
        self._outbox.clear()
        self.writer.transport.abort()

    # --- receiving -------------------------------------------------------------------

    async def messages(self) -> AsyncIterator[dict[str, Any]]:
        """Messages as they arrive: a whole ``hello`` within the handshake timeout of connecting,
        then a whole message at least every idle timeout, and each message complete within the
        message timeout of its first byte.

        Deadlines count whole messages, not bytes: a peer trickling a byte at a time gains
        nothing.  Ends at end of stream; raises :class:`ProtocolError` for anything over the limits.
        """
        reader = MessageReader(self.limits.wire)
        limits = self.limits
        loop = asyncio.get_running_loop()
        clock = loop.time
        connected = last_message = clock()
        started: float | None = None  # when the unfinished message's first byte came
        # One watchdog timer per connection instead of a timeout per read (reads are the hot
        # path): it fires at the deadline it was set for; if the deadline has moved on by then
        # it is set again, else it ends the read with an end of stream and the reason.
        watchdog: asyncio.TimerHandle | None = None
        watched = 0.0  # the deadline the watchdog is set for
        expired: tuple[str, str] | None = None

        def deadline_now() -> tuple[float, str, str]:
            if self.player is None:
                why = f"no whole hello within {limits.handshake_timeout:g} s of connecting"
                return connected + limits.handshake_timeout, ErrorCode.HANDSHAKE, why
            deadline, code = last_message + limits.idle_timeout, ErrorCode.IDLE
            why = f"no message for {limits.idle_timeout:g} s"
            if started is not None and started + limits.message_timeout < deadline:
                deadline = started + limits.message_timeout
                why = f"a message took over {limits.message_timeout:g} s to arrive"
            return deadline, code, why

        def watch(deadline: float) -> None:
            nonlocal watchdog, watched
            if watchdog is not None:
                watchdog.cancel()
            watchdog, watched = loop.call_at(deadline, bark), deadline

        def bark() -> None:
            nonlocal watchdog, expired
            watchdog = None
            deadline, code, why = deadline_now()
            if deadline <= watched:
                expired = (code, why)
                self.reader.feed_eof()
            else:
                watch(deadline)

        try:
            while True:
                deadline = deadline_now()[0]
                if watchdog is None or deadline < watched:
                    watch(deadline)
                try:
                    data = await self.reader.read(limits.wire.read_chunk)
                except (ConnectionError, OSError):
                    return
                if expired is not None:
                    raise ProtocolError(*expired)
                if not data:
                    return
                completed = False
                for msg in reader.feed(data):
                    last_message, completed = clock(), True
                    if not self._bucket.take():
                        raise ProtocolError(ErrorCode.RATE_LIMITED, f"more than {limits.rate:g} messages a second")
                    yield msg
                    if self.closed:
                        return
                if not reader.partial:
                    started = None
                elif started is None or completed:  # a new message has begun
                    started = clock()
        finally:
            if watchdog is not None:
                watchdog.cancel()

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
            raise ProtocolError(ErrorCode.TOO_MANY_ERRORS, f"more than {self.limits.max_errors} bad requests")
