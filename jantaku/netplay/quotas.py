"""Per-identity and per-address caps on tables, so no client (alone or with friends) can fill the
host: how many tables one may have open, how fast one may make them, and how many bot-only
matches one may run.  Every refusal is a ``not_allowed`` saying which cap was reached.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from .connection import TokenBucket
from .limits import HostLimits
from .protocol import ErrorCode, RequestError
from .texts import HostText

if TYPE_CHECKING:
    from .tables import HostTable

MAX_BUCKETS = 4096  # creation buckets kept; full ones are dropped first


class TableQuotas:
    def __init__(self, limits: HostLimits, tables: Callable[[], Iterable[HostTable]]):
        self.limits = limits
        self._tables = tables
        self._buckets: dict[tuple[str, object], TokenBucket] = {}  # ("player", id) / ("address", ip)
        self._clock = asyncio.get_running_loop().time

    def check_create(self, player_id: int, address: str | None) -> None:
        """Raise unless ``player_id`` (from ``address``) may create one more table now."""
        limits = self.limits
        mine = [t for t in self._tables() if t.settings.owner == player_id or t.creator == player_id]
        if len(mine) >= limits.tables_per_player:
            raise RequestError(ErrorCode.NOT_ALLOWED, HostText("own_table_limit", count=limits.tables_per_player))
        from_address = sum(t.creator_address == address for t in self._tables()) if address is not None else 0
        if from_address >= limits.tables_per_address:
            raise RequestError(
                ErrorCode.NOT_ALLOWED, HostText("address_table_limit", count=limits.tables_per_address, address=address)
            )
        keys = [("player", player_id)] + ([("address", address)] if address is not None else [])
        buckets = [self._bucket(key) for key in keys]
        if not all(b.has_token() for b in buckets):
            raise RequestError(
                ErrorCode.NOT_ALLOWED,
                HostText("create_rate_limit", count=f"{limits.tables_created_per_minute:g}"),
            )
        for bucket in buckets:
            bucket.take()

    def check_bot_match(self, player_id: int, address: str | None) -> None:
        """Raise unless ``player_id`` may start one more match of bots only."""
        limits = self.limits
        running = [t for t in self._tables() if t.state == "playing" and not t.humans]
        if sum(t.creator == player_id for t in running) >= limits.bot_tables_per_player:
            raise RequestError(
                ErrorCode.NOT_ALLOWED, HostText("own_bot_match_limit", count=limits.bot_tables_per_player)
            )
        if address is not None and sum(t.creator_address == address for t in running) >= limits.bot_tables_per_address:
            raise RequestError(
                ErrorCode.NOT_ALLOWED,
                HostText("address_bot_match_limit", count=limits.bot_tables_per_address, address=address),
            )

    def _bucket(self, key: tuple[str, object]) -> TokenBucket:
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= MAX_BUCKETS:
                self._prune()
            rate = self.limits.tables_created_per_minute
            bucket = self._buckets[key] = TokenBucket(rate / 60, rate, self._clock)
        return bucket

    def _prune(self) -> None:
        """Forget buckets that have refilled (they hold no memory of anything)."""
        now = self._clock()
        for key, bucket in list(self._buckets.items()):
            if bucket.full(now):
                del self._buckets[key]
