"""The lobby: the host's tables, and the requests a logged-in client makes.

Every handler gets a checked request (see :mod:`~jantaku.netplay.requests`)
and either returns the reply, returns ``None`` (the host answers ``ok``) or
raises :class:`~jantaku.netplay.protocol.RequestError`.
"""

from __future__ import annotations

import asyncio
import bisect
import logging
import random
from typing import Any

from ..engine.options import OptionError
from ..engine.ruleset import get_ruleset, ruleset_names
from .clock import Cancellable, Clock, LoopClock
from .connection import Connection
from .limits import HostLimits
from .players import Player
from .prompts import Timers
from .limits import counted_address
from .protocol import ErrorCode, PackedMessage, RequestError, pack, pack_array
from .texts import HostText
from .pacing import BotPacer
from .quotas import TableQuotas
from .seats import TableSettings
from .store import Store, StoreError
from .tables import DEFAULT_BOT, HostTable

log = logging.getLogger(__name__)


class Lobby:
    def __init__(
        self,
        store: Store,
        players: dict[int, Player],
        *,
        rng: random.Random,
        limits: HostLimits,
        default_bot: str = DEFAULT_BOT,
        unsaved: dict[str, Player] | None = None,
        clock: Clock | None = None,
    ):
        self.store = store
        self.players = players
        self.unsaved = unsaved if unsaved is not None else {}  # token -> identity not stored yet (the host's)
        self.rng = rng
        self.limits = limits
        self.default_bot = default_bot
        self.tables: dict[int, HostTable] = {}
        self.watchers: set[Connection] = set()  # get a ``lobby`` page (the first) on every change
        self.change_watchers: set[Connection] = set()  # get ``lobby_changes``: the changed tables only
        self._changed: set[int] = set()  # ids of tables changed (or closed) since the last push
        self._next_id = store.next_table_id()
        self._push: asyncio.TimerHandle | None = None
        self._idle: dict[int, Cancellable] = {}  # tables nobody is at, closing soon
        self._seated: dict[int, set[int]] = {}  # player id -> ids of the tables where they sit
        self._players_at: dict[int, set[int]] = {}  # table id -> ids of the players sitting there
        self._loop = asyncio.get_running_loop()  # for I/O batching only (the lobby push)
        self.clock: Clock = clock or LoopClock(self._loop)  # table logic: deadlines, grace, idle tables
        self.pacer = BotPacer(limits.bot_cpu_share, LoopClock(self._loop))  # real time: it shares CPU
        self.quotas = TableQuotas(limits, self.tables.values)

    def _new_table(self, table_id: int, settings: TableSettings) -> HostTable:
        table = HostTable(
            table_id,
            settings,
            store=self.store,
            rng=self.rng,
            on_change=self._table_changed,
            default_bot=self.default_bot,
            pacer=self.pacer,
            clock=self.clock,
        )
        self.tables[table_id] = table
        self._next_id = max(self._next_id, table_id + 1)
        return table

    def resume(self) -> int:
        """Take up every unfinished stored match; returns how many."""
        count = 0
        for match_id in self.store.unfinished_ids():
            try:
                stored = self.store.load(match_id)
                get_ruleset(stored.record.ruleset, stored.record.preset, stored.record.options)
            except OptionError as exc:  # e.g. a ruleset this build lacks: keep the match for a host that has it
                log.warning("match %d is not resumed: %s", match_id, exc)
                continue
            except StoreError as exc:
                log.error("match %d cannot be read (%s); marked broken", match_id, exc)
                self.store.finish_match(match_id, {"error": str(exc)}, status="broken")
                continue
            try:
                table = self._new_table(stored.table_id, TableSettings.from_wire(stored.settings))
                table.resume(stored, self.players)
            except ValueError as exc:  # a damaged record (ReplayError, bad settings): one line naming what is wrong
                log.error("match %d cannot be resumed (%s); marked broken", match_id, exc)
                self.tables.pop(stored.table_id, None)
                self.store.finish_match(match_id, {"error": str(exc)}, status="broken")
                continue
            except Exception:  # anything else is a bug: keep its traceback
                log.exception("match %d cannot be resumed; marked broken", match_id)
                self.tables.pop(stored.table_id, None)
                self.store.finish_match(match_id, {"error": "could not be resumed"}, status="broken")
                continue
            resumed = table.current_runner().match
            if resumed.is_over:  # the host stopped between the last decision and its bookkeeping
                table.close()
                del self.tables[table.id]
                self.store.finish_match(stored.id, {"scores": list(resumed.scores), "standings": resumed.standings})
                continue
            count += 1
        return count

    def create_quick_table(
        self,
        *,
        ruleset: str = "basic",
        preset: str | None = None,
        options: dict[str, Any] | None = None,
        timers: Timers | None = None,
        bot: str | None = None,
        name: str = "quick game",
    ) -> int:
        """A table with three bots (seats 1-3) that starts when a person takes seat 0."""
        get_ruleset(ruleset, preset, options)  # raises OptionError early
        table = self._new_table(
            self._next_id, TableSettings(ruleset, preset, dict(options or {}), name, timers or Timers(), autostart=True)
        )
        for seat in (1, 2, 3):
            table.seats[seat].seat_bot(bot or self.default_bot)
        table.changed()
        return table.id

    def remember(self, player: Player) -> None:
        """Store a new identity the first time it does something that lasts (a seat, a table)."""
        if player.unsaved_token is not None:
            self.store.add_player(player.id, player.name, player.unsaved_token)
            self.unsaved.pop(player.unsaved_token, None)
            player.unsaved_token = None

    def tables_of(self, player: Player) -> list[HostTable]:
        """The tables where ``player`` holds a seat (from an index: a thousand players leaving at
        once must not each walk every table)."""
        return [self.tables[t] for t in sorted(self._seated.get(player.id, ())) if t in self.tables]

    def _index_seats(self, table: HostTable, *, closing: bool = False) -> None:
        now = set() if closing else {s.player.id for s in table.seats if s.player is not None}
        before = self._players_at.get(table.id, set())
        for player_id in before - now:
            tables = self._seated[player_id]
            tables.discard(table.id)
            if not tables:
                del self._seated[player_id]
        for player_id in now - before:
            self._seated.setdefault(player_id, set()).add(table.id)
        if now:
            self._players_at[table.id] = now
        else:
            self._players_at.pop(table.id, None)

    def lobby_page(self, after: int | None = None, limit: int | None = None) -> PackedMessage:
        """A ``lobby`` message: up to ``limit`` tables (by id, after ``after``), each packed once
        per change, so answering costs about the bytes sent and no more."""
        limit = min(limit or self.limits.lobby_page, self.limits.lobby_page)
        ids = sorted(self.tables)
        start = 0 if after is None else bisect.bisect_right(ids, after)
        page = ids[start : start + limit]
        more = start + limit < len(ids)
        return PackedMessage(
            {
                "type": "lobby",
                "rulesets": ruleset_names(),
                "more": more,
                "total": len(ids),
                "next": page[-1] if more else None,
            },
            {"tables": pack_array([self.tables[t].packed_info() for t in page])},
        )

    # --- connections ------------------------------------------------------------------

    def player_arrived(self, player: Player) -> None:
        for table in self.tables_of(player):
            table.player_connected(player)
            self._drop_spectators_near(table, player)

    def player_gone(self, player: Player) -> None:
        for table in self.tables_of(player):
            table.player_disconnected(player)

    def connection_closed(self, conn: Connection) -> None:
        self.watchers.discard(conn)
        self.change_watchers.discard(conn)
        for table_id in list(conn.watching):
            table = self.tables.get(table_id)
            if table is not None:
                table.unwatch(conn)

    # --- requests ------------------------------------------------------------------------

    def handle(self, conn: Connection, req: dict[str, Any]) -> dict[str, Any] | None:
        handler = getattr(self, f"_on_{req['type']}", None)
        if handler is None:
            raise RequestError(ErrorCode.UNKNOWN_TYPE, HostText("not_lobby_request", type=repr(req["type"])))
        return handler(conn, conn.player, req)

    def _table(self, table_id: int) -> HostTable:
        table = self.tables.get(table_id)
        if table is None:
            raise RequestError(ErrorCode.NO_SUCH_TABLE, HostText("no_such_table", table=table_id))
        return table

    def _on_list(self, conn: Connection, player: Player, req: dict[str, Any]) -> PackedMessage:
        if req["watch"] is not None:
            self.watchers.discard(conn)
            self.change_watchers.discard(conn)
            if req["watch"]:
                (self.change_watchers if req["changes"] else self.watchers).add(conn)
        return self.lobby_page(req["after"], req["limit"])

    def _on_create(self, conn: Connection, player: Player, req: dict[str, Any]) -> dict[str, Any]:
        if len(self.tables) >= self.limits.max_tables:
            raise RequestError(ErrorCode.NOT_ALLOWED, HostText("host_table_limit", count=self.limits.max_tables))
        try:
            ruleset = get_ruleset(req["ruleset"], req["preset"], req["options"])
            timers = Timers.from_wire(req["timers"])
        except (OptionError, ValueError) as exc:
            raise RequestError(ErrorCode.BAD_OPTIONS, str(exc)) from None
        if req["seat"] is not None:
            self._check_seat_count(player)
        address = counted_address(self.limits, conn.ip)
        self.quotas.check_create(player.id, address)
        self.remember(player)
        settings = TableSettings(
            ruleset.name,
            ruleset.preset,
            dict(req["options"] or {}),
            req["name"] or f"{player.name}'s table",
            timers,
            bool(req["spectators_see_hands"]),
            bool(req["autostart"]),
            owner=player.id,
        )
        table = self._new_table(self._next_id, settings)
        table.creator_address = address
        if req["seat"] is not None:
            table.sit(player, req["seat"])
        else:
            table.changed()
        return {"type": "ok", "table": table.id}

    def _check_seat_count(self, player: Player) -> None:
        if len(self.tables_of(player)) >= self.limits.max_seats_per_player:
            raise RequestError(ErrorCode.NOT_ALLOWED, HostText("seat_limit", count=self.limits.max_seats_per_player))

    def _on_join(self, conn: Connection, player: Player, req: dict[str, Any]) -> dict[str, Any]:
        table = self._table(req["table"])
        self._check_seat_count(player)
        seat = table.free_seat_for(player, req["seat"])
        self.remember(player)  # only now: a refused join stores nothing
        seat = table.sit(player, seat)
        if conn in table.spectators:
            table.unwatch(conn)
        self._drop_spectators_near(table, player)
        return {"type": "ok", "table": table.id, "seat": seat}

    def _on_spectate(self, conn: Connection, player: Player, req: dict[str, Any]) -> None:
        table = self._table(req["table"])
        if table.seat_of(player) is not None:
            raise RequestError(ErrorCode.NOT_ALLOWED, HostText("seated_not_spectator", table=table.id))
        address = counted_address(self.limits, conn.ip)
        if table.settings.spectators_see_hands and address is not None and address in self._seated_addresses(table):
            raise RequestError(
                ErrorCode.NOT_ALLOWED,
                HostText("spectator_shares_address", table=table.id),
            )
        table.watch(conn)

    def _seated_addresses(self, table: HostTable) -> set[str]:
        """The counted addresses of the people seated at ``table`` (as they connect now)."""
        out = set()
        for seat in table.humans:
            player = seat.connected_player
            if player is not None and player.conn is not None:
                address = counted_address(self.limits, player.conn.ip)
                if address is not None:
                    out.add(address)
        return out

    def _drop_spectators_near(self, table: HostTable, player: Player) -> None:
        """At a table that shows spectators every hand, a seated player's address may not also watch."""
        if not table.settings.spectators_see_hands or not player.connected or player.conn is None:
            return
        address = counted_address(self.limits, player.conn.ip)
        if address is None:
            return
        for conn in [c for c in table.spectators if counted_address(self.limits, c.ip) == address]:
            table.unwatch(conn)
            conn.send_error(
                ErrorCode.NOT_ALLOWED,
                HostText("spectator_dropped", table=table.id),
            )

    def _on_add_bot(self, conn: Connection, player: Player, req: dict[str, Any]) -> dict[str, Any]:
        table = self._table(req["table"])
        return {"type": "ok", "table": table.id, "seat": table.add_bot(player, req["bot"], req["seat"])}

    def _on_remove_bot(self, conn: Connection, player: Player, req: dict[str, Any]) -> None:
        self._table(req["table"]).remove_bot(player, req["seat"])

    def _on_start(self, conn: Connection, player: Player, req: dict[str, Any]) -> None:
        table = self._table(req["table"])
        if not any(s.is_human for s in table.seats) and table.state in ("waiting", "finished"):
            self.quotas.check_bot_match(player.id, counted_address(self.limits, conn.ip))
        table.start(player)

    def _on_leave(self, conn: Connection, player: Player, req: dict[str, Any]) -> None:
        table = self._table(req["table"])
        if conn in table.spectators:
            table.unwatch(conn)
        elif table.seat_of(player) is not None:
            table.leave(player)
        else:
            raise RequestError(ErrorCode.NOT_ALLOWED, HostText("not_at_table", table=table.id))

    def _on_back(self, conn: Connection, player: Player, req: dict[str, Any]) -> None:
        self._table(req["table"]).back(player)

    def _on_act(self, conn: Connection, player: Player, req: dict[str, Any]) -> dict[str, Any]:
        table = self._table(req["table"])
        table.act(player, req["prompt"], req["action"], fallback=req.get("fallback"))
        return {"type": "ok", "n": len(table.current_runner().match.record().decisions)}

    def _on_chat(self, conn: Connection, player: Player, req: dict[str, Any]) -> None:
        if not conn.chat_bucket.take():
            raise RequestError(ErrorCode.CHAT_LIMIT, HostText("chat_too_fast"))
        msg = {
            "type": "chat",
            "table": req["table"],
            "from": player.name,
            "player": player.id,
            "text": req["text"],
            "at": self.clock.wall(),
        }
        if req["table"] is None:
            data = pack(msg)
            for watcher in list(self.watchers) + list(self.change_watchers):
                watcher.send_packed(data)
            return
        table = self._table(req["table"])
        spectator = conn in table.spectators
        if not spectator and table.seat_of(player) is None:
            raise RequestError(ErrorCode.NOT_ALLOWED, HostText("not_at_table", table=table.id))
        msg["spectator"] = spectator
        table.chat(msg, from_spectator=spectator)

    # --- upkeep ------------------------------------------------------------------------

    def _table_changed(self, table: HostTable) -> None:
        self._index_seats(table)
        self._lobby_changed(table.id)
        idle = self._idle.pop(table.id, None)
        if idle is not None:
            idle.cancel()
        if table.has_members or table.id not in self.tables:
            return
        if table.state == "playing":
            if not table.humans:  # nobody plays and nobody watches: stop now
                self.clock.call_soon(lambda: self._close_if_idle(table.id))
            return  # otherwise paused, seats held for their players
        never_sat = table.state == "waiting" and not table.humans
        wait = (
            min(self.limits.empty_table_seconds, self.limits.idle_table_seconds)
            if never_sat
            else self.limits.idle_table_seconds
        )
        self._idle[table.id] = self.clock.call_later(wait, lambda: self._close_if_idle(table.id))

    def _lobby_changed(self, table_id: int) -> None:
        if self.change_watchers:
            self._changed.add(table_id)
        if (self.watchers or self.change_watchers) and self._push is None:
            self._push = self._loop.call_later(self.limits.lobby_push_delay, self._push_lobby)

    def _push_lobby(self) -> None:
        """One packing per push, however many watch: the first page to ``watchers``, the tables
        changed since the last push to ``change_watchers``."""
        self._push = None
        changed, self._changed = sorted(self._changed), set()
        if self.watchers:
            data = self.lobby_page().with_fields()
            for conn in list(self.watchers):
                conn.send_packed(data)
        if self.change_watchers:
            live = [t for t in changed if t in self.tables]
            data = PackedMessage(
                {"type": "lobby_changes", "closed": [t for t in changed if t not in self.tables]},
                {"tables": pack_array([self.tables[t].packed_info() for t in live])},
            ).with_fields()
            for conn in list(self.change_watchers):
                conn.send_packed(data)

    def _close_if_idle(self, table_id: int) -> None:
        self._idle.pop(table_id, None)
        table = self.tables.get(table_id)
        if table is None or table.has_members:
            return
        if table.state == "playing":
            if table.humans:
                return
            runner = table.current_runner()
            self.store.finish_match(runner.match_id, {"scores": list(runner.match.scores)}, status="abandoned")
        self.close_table(table)

    def close_table(self, table: HostTable) -> None:
        idle = self._idle.pop(table.id, None)
        if idle is not None:
            idle.cancel()
        table.close()
        self.tables.pop(table.id, None)
        self._index_seats(table, closing=True)
        closed = {"type": "table_closed", "table": table.id}
        for seat in table.seats:
            player = seat.connected_player
            if player is not None:
                player.send(closed)
        self._lobby_changed(table.id)

    def writes_lost(self, match_ids: set[int]) -> None:
        """The store could not commit these matches' last writes: they stop (what their players
        were about to hear of was never sent)."""
        for table in list(self.tables.values()):
            runner = table.runner
            if runner is not None and runner.running and runner.match_id in match_ids:
                runner.fail("the host could not save this match; it is stopped")

    def close(self) -> None:
        if self._push is not None:
            self._push.cancel()
        for handle in self._idle.values():
            handle.cancel()
        for table in list(self.tables.values()):
            table.close()
        self.tables.clear()
