"""A log that says a flood in one line per interval instead of one line per event.

    ratelog = RateLimitedLog(log, interval=10.0)
    ratelog.warning(address, "SSH door: %s: wrong rejoin code", address)

The first call for a key in each ``interval`` is logged; the calls after it in
that interval are only counted, and the next line logged for the key says how
many there were.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

MAX_KEYS = 1000  # keys remembered; beyond that the ones with nothing to report are forgotten


class RateLimitedLog:
    """Logs the first ``warning`` per key in each ``interval`` seconds and counts the rest.

    >>> import io
    >>> now = [0.0]
    >>> logger = logging.getLogger("ratelog-doctest")
    >>> logger.propagate, stream = False, io.StringIO()
    >>> logger.addHandler(logging.StreamHandler(stream))
    >>> ratelog = RateLimitedLog(logger, 10.0, clock=lambda: now[0])
    >>> for _ in range(3):
    ...     ratelog.warning("1.2.3.4", "refused %s", "1.2.3.4")
    >>> now[0] = 10.0
    >>> ratelog.warning("1.2.3.4", "refused %s", "1.2.3.4")
    >>> print(stream.getvalue(), end="")
    refused 1.2.3.4
    refused 1.2.3.4 (and 2 more like it in the last 10 s)
    """

    def __init__(self, logger: logging.Logger, interval: float, clock: Callable[[], float] = time.monotonic):
        self.logger = logger
        self.interval = interval
        self.clock = clock
        self._keys: dict[str, tuple[float, int]] = {}  # key: (when last logged, calls suppressed since)

    def warning(self, key: str, msg: str, *args: object) -> None:
        now = self.clock()
        entry = self._keys.get(key)
        if entry is not None and now - entry[0] < self.interval:
            self._keys[key] = (entry[0], entry[1] + 1)
            return
        suppressed = entry[1] if entry is not None else 0
        if suppressed:
            msg += " (and %d more like it in the last %.0f s)"
            args = (*args, suppressed, self.interval)
        self.logger.warning(msg, *args)
        self._keys[key] = (now, 0)
        if len(self._keys) > MAX_KEYS:
            self._forget_quiet(now)

    def _forget_quiet(self, now: float) -> None:
        """Drop keys whose interval is over and that have nothing to report (a spray of addresses)."""
        self._keys = {k: v for k, v in self._keys.items() if now - v[0] < self.interval or v[1]}
        if len(self._keys) > MAX_KEYS:  # still too many: keep the newest, their counts are the story
            newest = sorted(self._keys.items(), key=lambda kv: kv[1][0])[-MAX_KEYS // 2 :]
            self._keys = dict(newest)
