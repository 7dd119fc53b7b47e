"""Wrong passwords at the web door, throttled per address and overall.

A try is checked only when its address has waited out its backoff (``first_backoff`` after
its first wrong try, doubling with each more, at most ``max_backoff``; loopback, where a
reverse proxy's browsers all come from, is left to the overall limit) and the door's
budget of wrong tries has one left (``overall_burst``, refilled at ``overall_rate`` a
second, for all addresses together).  Otherwise the try is not checked at all and the
browser is told how long to wait.  A right password clears its address's count.

    >>> now = [0.0]
    >>> throttle = LoginThrottle(LoginLimits(overall_burst=100), clock=lambda: now[0])
    >>> throttle.wait("192.0.2.7")
    0.0
    >>> throttle.failed("192.0.2.7"); throttle.wait("192.0.2.7"), throttle.wait("192.0.2.8")
    (1.0, 0.0)
    >>> now[0] = 1.0; throttle.failed("192.0.2.7"); throttle.wait("192.0.2.7")
    2.0
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .guard import is_loopback

MAX_ADDRESSES = 10_000  # addresses remembered; past that, the ones whose wait is over are forgotten


@dataclass(frozen=True)
class LoginLimits:
    first_backoff: float = 1.0  # an address's wait after its first wrong try; doubling with each more
    max_backoff: float = 60.0
    forget_after: float = 600.0  # an address quiet this long starts again from the first wait
    overall_rate: float = 5.0  # wrong tries a second for all addresses together...
    overall_burst: int = 5  # ...and at most this many at once


@dataclass
class _Address:
    failures: int
    last: float  # when the last wrong try came
    until: float  # no try from there is checked before this


class LoginThrottle:
    """When a login may be checked; see the module docstring."""

    def __init__(self, limits: LoginLimits, clock: Callable[[], float]):
        self.limits = limits
        self.clock = clock
        self._addresses: dict[str, _Address] = {}
        self._budget = float(limits.overall_burst)  # wrong tries the door may check now
        self._budget_at = clock()

    def wait(self, address: str) -> float:
        """Seconds before a try from ``address`` may be checked (0.0: now)."""
        now = self.clock()
        self._refill(now)
        overall = 0.0 if self._budget >= 1 else (1 - self._budget) / self.limits.overall_rate
        known = self._addresses.get(address)
        own = max(0.0, known.until - now) if known is not None else 0.0
        return max(overall, own)

    def failed(self, address: str) -> None:
        now = self.clock()
        self._refill(now)
        self._budget = max(0.0, self._budget - 1)
        if is_loopback(address):
            return
        lim = self.limits
        known = self._addresses.get(address)
        failures = 1 if known is None or now - known.last >= lim.forget_after else known.failures + 1
        if known is None and len(self._addresses) >= MAX_ADDRESSES:
            self._forget_the_quiet(now)
        backoff = min(lim.first_backoff * 2 ** min(failures - 1, 30), lim.max_backoff)
        self._addresses[address] = _Address(failures, now, now + backoff)

    def succeeded(self, address: str) -> None:
        self._addresses.pop(address, None)

    def _refill(self, now: float) -> None:
        lim = self.limits
        self._budget = min(float(lim.overall_burst), self._budget + (now - self._budget_at) * lim.overall_rate)
        self._budget_at = now

    def _forget_the_quiet(self, now: float) -> None:
        self._addresses = {a: v for a, v in self._addresses.items() if v.until > now}
