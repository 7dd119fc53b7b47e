"""The garbage collector's policy for a long-running host process (``jantaku host``).

A host allocates hundreds of short-lived containers per decision (views, updates, events).
At CPython's default (a young collection every 700 allocations) it collected every other
decision, and each collection walks every young survivor: with a hundred tables that was 15%
of the host's CPU.  So the host collects young objects every 50,000 allocations, and what
start-up built (modules, resumed matches) is frozen out of collections altogether.

Collecting that seldom lets the cycles an ended connection leaves (an SSH session's above
all: its channel, its buffers) wait long for a collection: 600 sessions one after another
grew the host by 20 MB.  So a connection's end asks for a whole collection soon, at most one
every ``spacing`` seconds: connections end seldom beside decisions.

Only ``jantaku host`` installs it, never a game with its host in the same process.
"""

from __future__ import annotations

import gc
import logging

from .clock import Cancellable, Clock

log = logging.getLogger(__name__)

THRESHOLDS = (50_000, 20, 10)
SPACING = 2.0  # seconds between whole collections after connections ended


class Collector:
    """The collector tuned for serving (:meth:`tune`), and a whole collection soon after a
    connection ended (:meth:`connection_ended`), no more often than every ``spacing`` seconds."""

    def __init__(self, clock: Clock, spacing: float = SPACING):
        self.clock, self.spacing = clock, spacing
        self.collections = 0  # whole collections made after connections ended
        self._pending: Cancellable | None = None
        self._last = float("-inf")

    def tune(self) -> None:
        """Freeze what exists now and collect young objects seldom (once the host is up)."""
        gc.collect()
        gc.freeze()
        gc.set_threshold(*THRESHOLDS)
        log.debug(
            "garbage collector: thresholds %s, %d start-up objects frozen", gc.get_threshold(), gc.get_freeze_count()
        )

    def connection_ended(self) -> None:
        if self._pending is None:
            delay = max(0.0, self._last + self.spacing - self.clock.time())
            self._pending = self.clock.call_later(delay, self._collect)

    def _collect(self) -> None:
        self._pending = None
        self._last = self.clock.time()
        gc.collect()
        self.collections += 1

    def close(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None
