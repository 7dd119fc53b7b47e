"""One table on the host: its seats and watchers, and who hears what.

The match itself is driven by a :class:`~jantaku.netplay.runner.MatchRunner`;
the table keeps the lobby side (seats, owner, spectators, chat), tracks who
is connected, and sends each member the updates their seat may see.

A table *pauses* while none of its human players is connected: no clock runs
and no bot plays, so a restarted host waits for its players.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import Any

from ..engine.bots import get_bot
from ..engine.events import Event
from ..engine.match import Match
from ..engine.ruleset import get_ruleset
from .clock import Clock, LoopClock
from .connection import Connection
from .pacing import BotPacer
from .names import bot_name_for
from .players import Player
from .protocol import ErrorCode, PackedMessage, RequestError, pack
from .texts import HostText
from .runner import MatchRunner
from .seats import Seat, TableSettings
from .store import Store, StoredMatch, StoredSeat
from .views import PackedSeats, TableUpdate

# The bot that fills empty seats at the start and stands in for players who leave, drop or time
# out, unless the host names another: one that plays a fair game in the player's place.
DEFAULT_BOT = "normal"

log = logging.getLogger(__name__)


class HostTable:
    """A table: lobby state (seats, spectators) and, once started, its match."""

    def __init__(
        self,
        table_id: int,
        settings: TableSettings,
        *,
        store: Store,
        rng: random.Random,
        on_change: Callable[["HostTable"], None],
        default_bot: str = DEFAULT_BOT,
        pacer: BotPacer | None = None,
        clock: Clock | None = None,
    ):
        self.id = table_id
        self.settings = settings
        self.store = store
        self.rng = rng
        self.default_bot = default_bot
        self.pacer = pacer  # shares the host's time between matches of bots only
        self.seats = [Seat(i) for i in range(4)]
        self.spectators: set[Connection] = set()
        self.runner: MatchRunner | None = None  # the current (or last) match
        self.state = "waiting"  # waiting | playing | finished | broken
        self._on_change = on_change
        self.clock: Clock = clock or LoopClock()  # deadlines, grace periods, the match's start
        self._was_active = False
        self._packed_info: bytes | None = None  # info() as sent in lobby pages, until it changes
        self._packed_seats = PackedSeats()  # each seat's entry of the views, packed until it changes
        self.creator: int | None = settings.owner  # for the per-identity caps (the owner may change)
        self.creator_address: str | None = None  # for the per-address caps (None: not counted)

    @property
    def match(self) -> Match | None:
        return self.runner.match if self.runner else None

    @property
    def match_id(self) -> int | None:
        return self.runner.match_id if self.runner else None

    # --- who is here ------------------------------------------------------------------

    def seat_of(self, player: Player) -> int | None:
        for seat in self.seats:
            if seat.player is player:
                return seat.index
        return None

    @property
    def humans(self) -> list[Seat]:
        return [s for s in self.seats if s.is_human]

    @property
    def active(self) -> bool:
        """Play goes on only while a human player is connected (or there are none)."""
        humans = False
        for seat in self.seats:  # asked at every decision: no list built
            if seat.kind == "human":
                if seat.connected:
                    return True
                humans = True
        return not humans

    @property
    def has_members(self) -> bool:
        return bool(self.spectators) or any(s.connected for s in self.humans)

    def info(self) -> dict[str, Any]:
        s = self.settings
        return {
            "id": self.id,
            "name": s.name,
            "ruleset": s.ruleset,
            "preset": s.preset,
            "options": s.options,
            "timers": s.timers.to_wire(),
            "spectators_see_hands": s.spectators_see_hands,
            "autostart": s.autostart,
            "owner": s.owner,
            "state": self.state,
            "seats": [seat.to_wire() for seat in self.seats],
            "spectators": len(self.spectators),
            "match": self.match_id,
            "hands_played": len(self.match.results) if self.match else 0,
            "scores": list(self.match.scores) if self.match else None,
        }

    def packed_info(self) -> bytes:
        """:meth:`info`, packed once per change; a table whose info cannot be sent (a number
        msgpack cannot hold) is listed by its id, name and ruleset, marked broken."""
        if self._packed_info is None:
            try:
                self._packed_info = pack(self.info())
            except (OverflowError, TypeError, ValueError) as exc:
                log.error("table %d cannot be listed (%s); listed as broken", self.id, exc)
                s = self.settings
                self._packed_info = pack(
                    {
                        "id": self.id,
                        "name": str(s.name),
                        "ruleset": s.ruleset,
                        "state": "broken",
                        "seats": [],
                        "options": {},
                        "spectators": 0,
                    }
                )
        return self._packed_info

    # --- lobby operations (each raises RequestError when not allowed) -----------------

    def free_seat_for(self, player: Player, seat: int | None = None) -> int:
        """The seat ``player`` gets by sitting down (``seat``, or the first free one); raises if none."""
        if self.seat_of(player) is not None:
            raise RequestError(ErrorCode.NOT_ALLOWED, HostText("already_seated_here", table=self.id))
        if self.state != "waiting":
            left = next((s.index for s in self.seats if s.left_by == player.id and s.kind == "bot"), None)
            if left is not None and self.state == "playing":
                return left  # the seat this player left: the bot playing it gives it back
            raise RequestError(ErrorCode.NOT_ALLOWED, HostText("seats_taken_after_start", table=self.id))
        return self._free_seat(seat)

    def sit(self, player: Player, seat: int | None = None) -> int:
        seat = self.free_seat_for(player, seat)
        self.seats[seat].seat_person(player)
        if self.settings.owner is None:
            self.settings.owner = player.id
        if self.state == "playing":
            self._seat_taken_back(seat, player)
        self.changed()
        if self.settings.autostart and self.state == "waiting" and all(s.kind != "empty" for s in self.seats):
            self.start()
        return seat

    def _seat_taken_back(self, index: int, player: Player) -> None:
        """As on a reconnect: the seat is the player's again (and so in the store), with a full view."""
        assert self.runner is not None and self.match_id is not None  # a playing table has both
        self.store.set_seat(self.match_id, index, StoredSeat(player.name, player.id, None))
        self._check_activity()
        self.runner.refresh_prompts()
        player.send_packed(self._update(index, []))

    def add_bot(self, player: Player, bot: str | None, seat: int | None) -> int:
        self._check_owner(player, "add_bots")
        bot = bot or self.default_bot
        try:
            get_bot(bot)
        except ValueError as exc:
            raise RequestError(ErrorCode.BAD_REQUEST, str(exc)) from None
        if self.state != "waiting":
            raise RequestError(ErrorCode.NOT_ALLOWED, HostText("bots_added_before_start"))
        seat = self._free_seat(seat)
        self.seats[seat].seat_bot(bot)
        self.changed()
        return seat

    def _free_seat(self, seat: int | None) -> int:
        """``seat`` if it is free, or the first free seat when None."""
        if seat is None:
            seat = next((s.index for s in self.seats if s.kind == "empty"), None)
            if seat is None:
                raise RequestError(ErrorCode.TABLE_FULL, HostText("no_free_seat", table=self.id))
        elif self.seats[seat].kind != "empty":
            raise RequestError(ErrorCode.SEAT_TAKEN, HostText("seat_taken", seat=seat, table=self.id))
        return seat

    def remove_bot(self, player: Player, seat: int) -> None:
        self._check_owner(player, "remove_bots")
        if self.state != "waiting":
            raise RequestError(ErrorCode.NOT_ALLOWED, HostText("bots_leave_before_start"))
        if self.seats[seat].kind != "bot":
            raise RequestError(ErrorCode.BAD_REQUEST, HostText("seat_not_bot", seat=seat))
        self.seats[seat].empty()
        self.changed()

    def _check_owner(self, player: Player, what: str) -> None:
        """``what``: ``add_bots``, ``remove_bots`` or ``start`` (each refusal is a sentence of its own)."""
        owner = self.settings.owner
        if owner is not None and owner != player.id:
            raise RequestError(ErrorCode.NOT_ALLOWED, HostText(f"creator_only_{what}"))
        if owner is None and self.seat_of(player) is None:
            raise RequestError(ErrorCode.NOT_ALLOWED, HostText(f"seated_only_{what}"))

    def leave(self, player: Player) -> None:
        """Give up one's seat: before the match it is free again; during it a bot plays on."""
        index = self.seat_of(player)
        if index is None:
            raise RequestError(ErrorCode.NOT_ALLOWED, HostText("no_seat_at_table", table=self.id))
        seat = self.seats[index]
        if self.state == "playing":
            runner = self.current_runner()
            seat.seat_bot(self.default_bot, bot_name_for(player.name))
            seat.left_by = player.id
            self.store.set_seat(runner.match_id, index, StoredSeat(seat.name, None, seat.bot))
            runner.drop_prompt(index)
            runner.wake()
        else:
            seat.empty()
        if self.settings.owner == player.id:
            self.settings.owner = next((s.player.id for s in self.humans if s.player is not None), None)
        self.changed()
        self._check_activity()

    def watch(self, conn: Connection) -> None:
        self.spectators.add(conn)
        conn.watching.add(self.id)
        self.changed()
        if self.runner is not None:
            conn.send_packed(self._update(None, []))

    def unwatch(self, conn: Connection) -> None:
        self.spectators.discard(conn)
        conn.watching.discard(self.id)
        self.changed()

    # --- presence -------------------------------------------------------------------------

    def player_connected(self, player: Player) -> None:
        """A seated player (re)connected: their seat is theirs again, with a full view."""
        index = self.seat_of(player)
        if index is None:
            return  # the lobby calls this only for tables where the player sits
        seat = self.seats[index]
        seat.stop_grace()
        seat.away, seat.timeouts = False, 0
        self._check_activity()
        self.changed()
        if self.runner is not None:
            self.runner.refresh_prompts()
            player.send_packed(self._update(index, []))

    def player_disconnected(self, player: Player) -> None:
        index = self.seat_of(player)
        if index is not None and self.state == "playing":
            self._start_grace(self.seats[index])
        self._check_activity()
        self.changed()

    def back(self, player: Player) -> None:
        """The player is at the keyboard again after a bot played for them."""
        index = self.seat_of(player)
        if index is None:
            raise RequestError(ErrorCode.NOT_ALLOWED, HostText("no_seat_at_table", table=self.id))
        seat = self.seats[index]
        was_away = seat.away
        seat.away, seat.timeouts = False, 0
        if self.runner is not None:
            self.runner.refresh_prompts()
            player.send_packed(self._update(index, []))
        if was_away:
            self.changed()

    def _start_grace(self, seat: Seat) -> None:
        seat.stop_grace()
        grace = self.settings.timers.grace
        if grace is not None and self.active and not seat.away:
            seat.grace = self.clock.call_later(grace, lambda: self._grace_over(seat))

    def _grace_over(self, seat: Seat) -> None:
        seat.grace = None
        if seat.is_human and not seat.connected:
            seat.away = True
            self.changed()
            if self.runner is not None:
                self.runner.wake()

    def _check_activity(self) -> None:
        """Start or stop the clocks when the first player returns or the last one leaves."""
        active = self.active
        if active == self._was_active:
            return
        self._was_active = active
        if self.state != "playing":
            return
        self.current_runner().set_active(active)
        for seat in self.humans:
            if active and not seat.connected:
                self._start_grace(seat)
            elif not active:
                seat.stop_grace()

    # --- the match ----------------------------------------------------------------------

    def start(self, player: Player | None = None) -> None:
        if player is not None:
            self._check_owner(player, "start")
        if self.state not in ("waiting", "finished"):
            raise RequestError(ErrorCode.NOT_ALLOWED, HostText(f"table_is_{self.state}", table=self.id))
        if not self.humans and not self.spectators:
            raise RequestError(ErrorCode.NOT_ALLOWED, HostText("nobody_would_see"))
        for seat in self.seats:
            if seat.kind == "empty":
                seat.seat_bot(self.default_bot)
        s = self.settings
        match = Match(get_ruleset(s.ruleset, s.preset, s.options), seed=self.rng.getrandbits(62))
        seats = [StoredSeat(seat.name, seat.player.id if seat.player else None, seat.bot) for seat in self.seats]
        match_id = self.store.create_match(self.id, match.record(), seats, s.to_wire())
        self._begin(match, match_id, self.clock.wall())
        self.broadcast(match.table.events)

    def resume(self, stored: StoredMatch, players: dict[int, Player]) -> None:
        """Take up a stored unfinished match at its last decision."""
        for seat, stored_seat in zip(self.seats, stored.seats):
            if stored_seat.player_id is None:
                seat.seat_bot(stored_seat.bot or self.default_bot, stored_seat.name)
            else:
                player = players.setdefault(stored_seat.player_id, Player(stored_seat.player_id, stored_seat.name))
                seat.seat_person(player)
                seat.name = stored_seat.name
        self._begin(Match.replay(stored.record), stored.id, stored.created)

    def _begin(self, match: Match, match_id: int, started: float) -> None:
        self.state = "playing"
        self._was_active = self.active
        self.runner = MatchRunner(self, match, match_id, started=started)
        if self.active:
            for seat in self.humans:
                if not seat.connected:
                    self._start_grace(seat)
        self.changed()

    def act(self, player: Player, prompt_id: int, wire: list[Any], *, fallback: str | None = None) -> None:
        """A person's answer to their prompt."""
        index = self.seat_of(player)
        if index is None:
            raise RequestError(ErrorCode.NOT_ALLOWED, HostText("no_seat_at_table", table=self.id))
        if self.runner is None:
            raise RequestError(ErrorCode.STALE_PROMPT, HostText("prompt_not_open", prompt=prompt_id))
        self.runner.act(index, prompt_id, wire, by="fallback" if fallback else "player")

    def match_ended(self, state: str, why: str | None = None) -> None:
        """The runner's report: the match is over (``finished``) or was stopped by a failure (``broken``)."""
        self.state = state
        if why is not None:
            for conn in self._member_connections():
                conn.send_error(ErrorCode.TABLE_STOPPED, HostText("table_stopped", table=self.id, reason=why))
        self.changed()

    # --- telling people -----------------------------------------------------------------

    def current_runner(self) -> MatchRunner:
        """The match's runner, where the table's state says there is one."""
        if self.runner is None:
            raise RuntimeError(f"table {self.id} is {self.state} without a match")
        return self.runner

    def _update(self, index: int | None, events: list[Event]) -> bytes:
        """The update one recipient gets now (a player back at the table: the whole view)."""
        runner = self.current_runner()
        update = TableUpdate(self.id, runner.match, events, see_hands=self.settings.spectators_see_hands)
        return update.packed_for(index, runner.prompt_packed(index))

    def broadcast(self, events: list[Event]) -> None:
        """Each connected player and spectator gets the update their seat may see (the public
        part of it built and packed once for all of them)."""
        self._packed_info = None  # scores and hands played move on
        runner = self.current_runner()
        update = TableUpdate(
            self.id, runner.match, events, see_hands=self.settings.spectators_see_hands, seats=self._packed_seats
        )
        for seat in self.seats:
            player = seat.connected_player
            if player is not None:
                player.send_packed(update.packed_for(seat.index, runner.prompt_packed(seat.index)))
        if self.spectators:
            data = update.packed_for(None, None)
            for conn in list(self.spectators):
                conn.send_packed(data)

    def _member_connections(self) -> list[Connection]:
        players = [s.connected_player for s in self.seats]
        return [p.conn for p in players if p is not None and p.conn is not None] + list(self.spectators)

    def changed(self) -> None:
        """Seats, state or watchers changed: tell the members and the lobby."""
        self._packed_info = None
        message = PackedMessage({"type": "table", "table": self.id}, {"info": self.packed_info()})
        for seat in self.seats:
            player = seat.connected_player
            if player is not None:
                player.send_packed(message.with_fields(seat=seat.index))
        if self.spectators:
            data = message.with_fields(seat=None)
            for conn in list(self.spectators):
                conn.send_packed(data)
        self._on_change(self)

    def chat(self, msg: dict[str, Any], *, from_spectator: bool) -> None:
        """Table chat; spectators who may see the hands talk only among themselves."""
        data = pack(msg)
        if not (from_spectator and self.settings.spectators_see_hands):
            for seat in self.seats:
                player = seat.connected_player
                if player is not None:
                    player.send_packed(data)
        for conn in list(self.spectators):
            conn.send_packed(data)

    def close(self) -> None:
        """Stop the match's driver and every timer (the stored match stays as it is)."""
        if self.runner is not None:
            self.runner.close()
        for seat in self.seats:
            seat.stop_grace()
        for conn in list(self.spectators):
            conn.watching.discard(self.id)
        self.spectators.clear()
