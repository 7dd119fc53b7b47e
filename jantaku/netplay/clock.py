"""The host's sense of time, injected: deadlines, grace periods, bot pauses and time limits.

The table and lobby logic asks a :class:`Clock` what time it is and to call it back
later; it never reads ``time.time()`` or the event loop itself.  The host runs on a
:class:`LoopClock` (asyncio's); tests run on a :class:`FakeClock`, which moves only when
told, so a 30-second grace period is tested without waiting 30 seconds::

    >>> clock = FakeClock()
    >>> fired = []
    >>> _ = clock.call_later(30.0, lambda: fired.append(clock.time()))
    >>> clock.advance(29.9); fired
    []
    >>> clock.advance(0.1); fired
    [30.0]
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections.abc import Callable
from typing import Protocol


class Cancellable(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    def time(self) -> float:
        """Monotonic seconds, for deadlines."""
        ...

    def wall(self) -> float:
        """Seconds since the epoch, for what is stored (a match's start, a chat line's time)."""
        ...

    def call_later(self, delay: float, callback: Callable[[], None]) -> Cancellable: ...

    def call_at(self, when: float, callback: Callable[[], None]) -> Cancellable: ...

    def call_soon(self, callback: Callable[[], None]) -> Cancellable:
        """At the next turn of the loop (not within the caller's)."""
        ...

    async def sleep(self, seconds: float) -> None: ...


class LoopClock:
    """The running event loop's clock and the system's wall clock."""

    def __init__(self, loop: asyncio.AbstractEventLoop | None = None):
        self._loop = loop or asyncio.get_running_loop()

    def time(self) -> float:
        return self._loop.time()

    def wall(self) -> float:
        return time.time()

    def call_later(self, delay: float, callback: Callable[[], None]) -> Cancellable:
        return self._loop.call_later(delay, callback)

    def call_at(self, when: float, callback: Callable[[], None]) -> Cancellable:
        return self._loop.call_at(when, callback)

    def call_soon(self, callback: Callable[[], None]) -> Cancellable:
        return self._loop.call_soon(callback)

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


class _FakeTimer:
    __slots__ = ("when", "callback", "cancelled")

    def __init__(self, when: float, callback: Callable[[], None]):
        self.when, self.callback, self.cancelled = when, callback, False

    def cancel(self) -> None:
        self.cancelled = True


class FakeClock:
    """Time that stands still until :meth:`advance`; callbacks due by then run in order.

    ``sleep(0)`` yields to the event loop once (as asyncio's does); a longer sleep ends
    when the clock is advanced past it.  ``call_soon`` callbacks are due now: they run at
    the event loop's next turn if one is running, else at the next :meth:`advance`
    (``advance(0)`` runs them), so the table logic can be driven with no loop at all.  ``wall`` is ``time()`` plus a fixed epoch offset.
    """

    def __init__(self, start: float = 0.0, epoch: float = 1_700_000_000.0):
        self._now = start
        self._epoch = epoch
        self._due: list[tuple[float, int, _FakeTimer]] = []
        self._order = itertools.count()

    def time(self) -> float:
        return self._now

    def wall(self) -> float:
        return self._epoch + self._now

    def call_at(self, when: float, callback: Callable[[], None]) -> Cancellable:
        timer = _FakeTimer(when, callback)
        heapq.heappush(self._due, (when, next(self._order), timer))
        return timer

    def call_later(self, delay: float, callback: Callable[[], None]) -> Cancellable:
        return self.call_at(self._now + delay, callback)

    def call_soon(self, callback: Callable[[], None]) -> Cancellable:
        timer = self.call_at(self._now, callback)
        try:
            asyncio.get_running_loop().call_soon(self.advance, 0.0)
        except RuntimeError:
            pass  # no loop: the next advance() runs it
        return timer

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        woken: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def wake() -> None:
            if not woken.done():
                woken.set_result(None)

        timer = self.call_later(seconds, wake)
        try:
            await woken
        finally:
            timer.cancel()

    def advance(self, seconds: float) -> None:
        """Move time on by ``seconds``, running every callback that falls due on the way."""
        until = self._now + seconds
        while self._due and self._due[0][0] <= until:
            when, _, timer = heapq.heappop(self._due)
            if timer.cancelled:
                continue
            self._now = max(self._now, when)
            timer.callback()
        self._now = until
