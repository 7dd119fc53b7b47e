"""Logging that a flood cannot turn into a flood of log lines.

A door under attack meets the same trouble thousands of times a second (a full
pool, a wrong password, no descriptor left).  :class:`RateLimitedLog` logs the
first of each kind (``key``) in every ``interval`` and counts the rest; the count
comes with the next line of that kind::

    >>> import logging, sys
    >>> logger = logging.getLogger("ratelog-example")
    >>> logger.addHandler(logging.StreamHandler(sys.stdout)); logger.propagate = False
    >>> now = [0.0]
    >>> quiet = RateLimitedLog(logger, 10.0, clock=lambda: now[0])
    >>> for _ in range(3):
    ...     quiet.warning("full", "door full: %s", "1.2.3.4")
    door full: 1.2.3.4
    >>> now[0] = 10.0
    >>> quiet.warning("full", "door full: %s", "5.6.7.8")
    door full: 5.6.7.8 (and 2 more like it in the last 10 s)
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

MAX_KEYS = 1000  # kinds remembered; past that, the ones whose interval is over are forgotten


class RateLimitedLog:
    """At most one warning per ``key`` per ``interval`` seconds, with the count of those held back."""

    def __init__(self, logger: logging.Logger, interval: float, clock: Callable[[], float] = time.monotonic):
        self.logger = logger
        self.interval = interval
        self.clock = clock
        self._last: dict[str, tuple[float, int]] = {}  # key: (when last logged, held back since)

    def warning(self, key: str, msg: str, *args: object) -> None:
        now = self.clock()
        last = self._last.get(key)
        if last is not None and now - last[0] < self.interval:
            self._last[key] = (last[0], last[1] + 1)
            return
        if len(self._last) >= MAX_KEYS:
            self._last = {k: v for k, v in self._last.items() if now - v[0] < self.interval}
        held_back = last[1] if last is not None else 0
        if held_back:
            msg = f"{msg} (and {held_back} more like it in the last {self.interval:.0f} s)"
        self.logger.warning(msg, *args)
        self._last[key] = (now, 0)
