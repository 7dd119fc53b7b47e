"""Bot-only matches share a slice of the host's time, fairly between the identities running them.

Human tables' bots never wait here (human tables first).  A match of bots only asks
:meth:`BotPacer.turn` before each round of bot decisions and reports the time they took with
:meth:`BotPacer.done`: one such round runs at a time, the identity that has used the least time
goes next (fair queuing on measured time), and after a round of ``t`` seconds the next one waits
``t * (1 - share) / share``, so bot-only play takes at most ``share`` of the host's time.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Hashable


class BotPacer:
    def __init__(self, share: float):
        self.share = min(1.0, max(0.01, share))
        self._gap = (1 - self.share) / self.share
        self._waiting: dict[Hashable, deque[asyncio.Future]] = {}
        self._used: dict[Hashable, float] = {}  # seconds of bot play per identity that is waiting
        self._busy = False
        self._loop = asyncio.get_running_loop()

    async def turn(self, key: Hashable) -> None:
        """Wait until ``key`` may run one round of bot decisions; then call :meth:`done`."""
        future = self._loop.create_future()
        if key not in self._waiting:
            self._used.setdefault(key, min(self._used.values(), default=0.0))  # a newcomer starts level
        self._waiting.setdefault(key, deque()).append(future)
        if not self._busy:
            self._release()
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():  # granted as it was cancelled: pass the turn on
                self.done(key, 0.0)
            else:
                queue = self._waiting.get(key)
                if queue is not None and future in queue:
                    queue.remove(future)
                    if not queue:
                        del self._waiting[key]
            raise

    def done(self, key: Hashable, seconds: float) -> None:
        self._used[key] = self._used.get(key, 0.0) + seconds
        if key not in self._waiting:
            self._used.pop(key, None)
        self._loop.call_later(seconds * self._gap, self._release)

    def _release(self) -> None:
        self._busy = False
        while self._waiting:
            key = min(self._waiting, key=lambda k: self._used.get(k, 0.0))
            queue = self._waiting[key]
            future = queue.popleft()
            if not queue:
                del self._waiting[key]
            if not future.done():
                self._busy = True
                future.set_result(None)
                return
