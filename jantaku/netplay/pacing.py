"""Bot-only matches share a slice of the host's time, fairly between the identities running them.

Human tables' bots never wait here (human tables first).  A match of bots only asks
:meth:`BotPacer.request` before each round of bot decisions and reports the time it took with
:meth:`BotPacer.done`: one such round runs at a time, the identity that has used the least time
goes next (fair queuing on measured time), and after a round of ``t`` seconds the next one waits
``t * (1 - share) / share``, so bot-only play takes at most ``share`` of the host's time.

No awaits: turns are given by callbacks on the injected clock::

    >>> from jantaku.netplay.clock import FakeClock
    >>> clock, ran = FakeClock(), []
    >>> pacer = BotPacer(0.5, clock)
    >>> _ = pacer.request("ann", lambda: (ran.append("ann"), pacer.done("ann", 1.0)))
    >>> _ = pacer.request("bob", lambda: (ran.append("bob"), pacer.done("bob", 1.0)))
    >>> clock.advance(0); ran
    ['ann']
    >>> clock.advance(1.0); ran                    # ann's second of play: bob waits one more
    ['ann', 'bob']
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable

from .clock import Cancellable, Clock


class _Request:
    __slots__ = ("go", "cancelled")

    def __init__(self, go: Callable[[], None]):
        self.go, self.cancelled = go, False

    def cancel(self) -> None:
        self.cancelled = True


class BotPacer:
    def __init__(self, share: float, clock: Clock):
        self.share = min(1.0, max(0.01, share))
        self._gap = (1 - self.share) / self.share
        self._clock = clock
        self._waiting: dict[Hashable, deque[_Request]] = {}
        self._used: dict[Hashable, float] = {}  # seconds of bot play per identity that is waiting
        self._busy = False  # a round runs, or the gap after it, or a release is on its way

    def request(self, key: Hashable, go: Callable[[], None]) -> Cancellable:
        """Call ``go`` when ``key`` may run one round of bot decisions (at a later turn of the
        loop, never within this call); ``go`` calls :meth:`done`.  Cancel to give up the place."""
        request = _Request(go)
        if key not in self._waiting:
            self._used.setdefault(key, min(self._used.values(), default=0.0))  # a newcomer starts level
        self._waiting.setdefault(key, deque()).append(request)
        if not self._busy:
            self._busy = True
            self._clock.call_soon(self._release)
        return request

    def done(self, key: Hashable, seconds: float) -> None:
        self._used[key] = self._used.get(key, 0.0) + seconds
        if key not in self._waiting:
            self._used.pop(key, None)
        self._clock.call_later(seconds * self._gap, self._release)

    def _release(self) -> None:
        self._busy = False
        while self._waiting:
            key = min(self._waiting, key=lambda k: self._used.get(k, 0.0))
            queue = self._waiting[key]
            request = queue.popleft()
            if not queue:
                del self._waiting[key]
            if not request.cancelled:
                self._busy = True
                request.go()
                return
