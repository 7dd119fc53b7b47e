"""One table on the host: its seats and watchers, and the match it drives.

The host is authoritative.  A person's decision arrives as an ``act`` that
must answer their open prompt with one of its actions; the engine applies it,
the store commits it, and then every member hears about it — each from
their own seat's view.  Bots (in bot seats, or playing for a person who timed
out, is away or stayed disconnected past the grace) answer from one
driver task per table, so a slow or hostile client never holds up the loop
and a failing table never touches another.

A table *pauses* while none of its human players is connected: no timers
run and no bot plays, so a restarted host waits for its players.
"""

from __future__ import annotations

import asyncio
import logging
import random
import sqlite3
from collections.abc import Callable
from typing import Any

from ..engine.actions import Action, IllegalAction
from ..engine.bots import Bot, get_bot
from ..engine.match import Match
from ..engine.ruleset import get_ruleset
from .connection import Connection
from .players import Player
from .prompts import Prompt, prompt_kind
from .protocol import ErrorCode, RequestError, pack
from .seats import Seat, TableSettings
from .store import Store, StoredMatch, StoredSeat, StoreError
from .views import update_message

log = logging.getLogger(__name__)

AWAY_AFTER_TIMEOUTS = 2  # consecutive timeouts before a bot takes over until the player is back


class HostTable:
    """A table: lobby state (seats, spectators) and, once started, its match."""

    def __init__(self, table_id: int, settings: TableSettings, *, store: Store, rng: random.Random,
                 on_change: Callable[["HostTable"], None], default_bot: str = "easy"):
        self.id = table_id
        self.settings = settings
        self.store = store
        self.rng = rng
        self.default_bot = default_bot
        self.seats = [Seat(i) for i in range(4)]
        self.spectators: set[Connection] = set()
        self.match: Match | None = None
        self.match_id: int | None = None
        self.state = "waiting"  # waiting | playing | finished | broken
        self.prompts: dict[int, Prompt] = {}
        self._on_change = on_change
        self._loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        self._task: asyncio.Task | None = None
        self._bots: dict[tuple[int, str], Bot] = {}
        self._was_active = False

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
        humans = self.humans
        return not humans or any(s.connected for s in humans)

    @property
    def has_members(self) -> bool:
        return bool(self.spectators) or any(s.connected for s in self.humans)

    def info(self) -> dict[str, Any]:
        s = self.settings
        return {"id": self.id, "name": s.name, "ruleset": s.ruleset, "preset": s.preset, "options": s.options,
                "timers": s.timers.to_wire(), "spectators_see_hands": s.spectators_see_hands,
                "autostart": s.autostart, "owner": s.owner, "state": self.state,
                "seats": [seat.to_wire() for seat in self.seats], "spectators": len(self.spectators),
                "match": self.match_id, "hands_played": len(self.match.results) if self.match else 0,
                "scores": list(self.match.scores) if self.match else None}

    # --- lobby operations (each raises RequestError when not allowed) -----------------

    def sit(self, player: Player, seat: int | None = None) -> int:
        if self.seat_of(player) is not None:
            raise RequestError(ErrorCode.NOT_ALLOWED, f"you already sit at table {self.id}")
        if self.state != "waiting":
            raise RequestError(ErrorCode.NOT_ALLOWED, f"table {self.id} has started; spectate instead")
        seat = self._free_seat(seat)
        self.seats[seat].seat_person(player)
        if self.settings.owner is None:
            self.settings.owner = player.id
        self.changed()
        if self.settings.autostart and all(s.kind != "empty" for s in self.seats):
            self.start()
        return seat

    def add_bot(self, player: Player, bot: str | None, seat: int | None) -> int:
        self._check_owner(player, "add bots")
        bot = bot or self.default_bot
        try:
            get_bot(bot)
        except ValueError as exc:
            raise RequestError(ErrorCode.BAD_REQUEST, str(exc)) from None
        if self.state != "waiting":
            raise RequestError(ErrorCode.NOT_ALLOWED, "bots are added before the match starts")
        seat = self._free_seat(seat)
        self.seats[seat].seat_bot(bot)
        self.changed()
        return seat

    def _free_seat(self, seat: int | None) -> int:
        """``seat`` if it is free, or the first free seat when None."""
        if seat is None:
            seat = next((s.index for s in self.seats if s.kind == "empty"), None)
            if seat is None:
                raise RequestError(ErrorCode.TABLE_FULL, f"table {self.id} has no free seat")
        elif self.seats[seat].kind != "empty":
            raise RequestError(ErrorCode.SEAT_TAKEN, f"seat {seat} at table {self.id} is taken")
        return seat

    def remove_bot(self, player: Player, seat: int) -> None:
        self._check_owner(player, "remove bots")
        if self.state != "waiting":
            raise RequestError(ErrorCode.NOT_ALLOWED, "bots leave only before the match starts")
        if self.seats[seat].kind != "bot":
            raise RequestError(ErrorCode.BAD_REQUEST, f"seat {seat} is not a bot")
        self.seats[seat].empty()
        self.changed()

    def _check_owner(self, player: Player, what: str) -> None:
        owner = self.settings.owner
        if owner is not None and owner != player.id:
            raise RequestError(ErrorCode.NOT_ALLOWED, f"only the table's creator may {what}")
        if owner is None and self.seat_of(player) is None:
            raise RequestError(ErrorCode.NOT_ALLOWED, f"only a seated player may {what}")

    def leave(self, player: Player) -> None:
        """Give up one's seat: before the match it is free again; during it a bot plays on."""
        index = self.seat_of(player)
        if index is None:
            raise RequestError(ErrorCode.NOT_ALLOWED, f"you have no seat at table {self.id}")
        seat = self.seats[index]
        if self.state == "playing":
            seat.seat_bot(self.default_bot, f"{player.name} (bot)")
            self.store.set_seat(self.match_id, index, StoredSeat(seat.name, None, seat.bot))
            self._drop_prompt(index)
        else:
            seat.empty()
        if self.settings.owner == player.id:
            self.settings.owner = next((s.player.id for s in self.humans), None)
        self.changed()
        self._check_activity()

    def watch(self, conn: Connection) -> None:
        self.spectators.add(conn)
        conn.watching.add(self.id)
        self.changed()
        if self.match is not None:
            conn.send(self._update(None, []))

    def unwatch(self, conn: Connection) -> None:
        self.spectators.discard(conn)
        conn.watching.discard(self.id)
        self.changed()

    # --- presence -------------------------------------------------------------------------

    def player_connected(self, player: Player) -> None:
        """A seated player (re)connected: their seat is theirs again, with a full view."""
        index = self.seat_of(player)
        seat = self.seats[index]
        seat.stop_grace()
        seat.away, seat.timeouts = False, 0
        self._check_activity()
        self.changed()
        if self.match is not None:
            self._refresh_prompts()
            player.send(self._update(index, []))

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
            raise RequestError(ErrorCode.NOT_ALLOWED, f"you have no seat at table {self.id}")
        seat = self.seats[index]
        was_away = seat.away
        seat.away, seat.timeouts = False, 0
        if self.match is not None:
            self._refresh_prompts()
            player.send(self._update(index, []))
        if was_away:
            self.changed()

    def _start_grace(self, seat: Seat) -> None:
        seat.stop_grace()
        grace = self.settings.timers.grace
        if grace is not None and self.active and not seat.away:
            seat.grace = self._loop.call_later(grace, self._grace_over, seat)

    def _grace_over(self, seat: Seat) -> None:
        seat.grace = None
        if seat.is_human and not seat.connected:
            seat.away = True
            self.changed()
            self._wake.set()

    def _check_activity(self) -> None:
        """Start or stop the clocks when the first player returns or the last one leaves."""
        active = self.active
        if active == self._was_active:
            return
        self._was_active = active
        if self.state != "playing":
            return
        if active:
            for prompt in self.prompts.values():
                self._arm(prompt)
            for seat in self.humans:
                if not seat.connected:
                    self._start_grace(seat)
            self._wake.set()
        else:
            for prompt in self.prompts.values():
                prompt.disarm()
            for seat in self.seats:
                seat.stop_grace()

    # --- the match ----------------------------------------------------------------------

    def start(self, player: Player | None = None) -> None:
        if player is not None:
            self._check_owner(player, "start the match")
        if self.state not in ("waiting", "finished"):
            raise RequestError(ErrorCode.NOT_ALLOWED, f"table {self.id} is {self.state}")
        if not self.humans and not self.spectators:
            raise RequestError(ErrorCode.NOT_ALLOWED, "nobody would see this match")
        for seat in self.seats:
            if seat.kind == "empty":
                seat.seat_bot(self.default_bot)
        s = self.settings
        match = Match(get_ruleset(s.ruleset, s.preset, s.options), seed=self.rng.getrandbits(62))
        seats = [StoredSeat(seat.name, seat.player.id if seat.player else None, seat.bot) for seat in self.seats]
        self.match_id = self.store.create_match(self.id, match.record(), seats, s.to_wire())
        self._begin(match)
        self._broadcast(match.table.events)

    def resume(self, stored: StoredMatch, players: dict[int, Player]) -> None:
        """Take up a stored unfinished match at its last decision."""
        for seat, stored_seat in zip(self.seats, stored.seats):
            if stored_seat.player_id is None:
                seat.seat_bot(stored_seat.bot or self.default_bot, stored_seat.name)
            else:
                player = players.setdefault(stored_seat.player_id, Player(stored_seat.player_id, stored_seat.name))
                seat.seat_person(player)
                seat.name = stored_seat.name
        self.match_id = stored.id
        self._begin(Match.replay(stored.record))

    def _begin(self, match: Match) -> None:
        self.match = match
        self.state = "playing"
        self._bots = {}
        self._was_active = not self.active  # force the activity check below to run
        self._check_activity()
        self._refresh_prompts()
        self.changed()
        self._task = asyncio.create_task(self._drive(), name=f"table-{self.id}")

    def act(self, player: Player, prompt_id: int, wire: list[Any]) -> None:
        """A person's answer to their prompt."""
        index = self.seat_of(player)
        if index is None:
            raise RequestError(ErrorCode.NOT_ALLOWED, f"you have no seat at table {self.id}")
        prompt = self.prompts.get(index)
        if self.state != "playing" or prompt is None or prompt.id != prompt_id:
            raise RequestError(ErrorCode.STALE_PROMPT, f"prompt {prompt_id} is not open for you")
        try:
            action = Action.from_wire(wire)
        except ValueError as exc:
            raise RequestError(ErrorCode.BAD_REQUEST, f"act: {exc}") from None
        if action not in prompt.actions:
            raise RequestError(ErrorCode.ILLEGAL_ACTION, f"{action} is not one of the actions offered")
        self.seats[index].timeouts = 0
        self._apply(index, action, by="player")

    def _apply(self, seat: int, action: Action, *, by: str) -> None:
        """Engine, then store, then everyone's update: a decision nobody can lose."""
        match = self.match
        hands_before = len(match.results)
        try:
            events = match.act(seat, action)
        except IllegalAction as exc:
            raise RequestError(ErrorCode.ILLEGAL_ACTION, str(exc)) from None
        except Exception:
            log.exception("table %d: the engine failed on seat %d's %s", self.id, seat, action)
            self._break("the rules engine failed; this match is stopped", store_status="broken")
            return
        try:
            self.store.append_decision(self.match_id, len(match.record().decisions) - 1, seat, action.to_wire(), by)
            if len(match.results) > hands_before:
                self.store.record_hand(self.match_id, hands_before, match.results[-1].to_wire())
            if match.is_over:
                self.store.finish_match(self.match_id, {"scores": list(match.scores),
                                                        "standings": match.standings})
        except (sqlite3.Error, StoreError):
            log.exception("table %d: could not store a decision", self.id)
            self._break("the host could not save this match; it is stopped")
            return
        if match.is_over:
            self.state = "finished"
        self._refresh_prompts()
        self._broadcast(events)
        if match.is_over:
            self.changed()
        self._wake.set()

    def _break(self, why: str, *, store_status: str | None = None) -> None:
        """Stop this match (and only it); with ``store_status`` it is not resumed after a restart."""
        self.state = "broken"
        if store_status is not None:
            try:
                self.store.finish_match(self.match_id, {"error": why}, status=store_status)
            except (sqlite3.Error, StoreError):
                log.exception("table %d: could not mark the match %s", self.id, store_status)
        self._refresh_prompts()
        for conn in self._member_connections():
            conn.send_error(ErrorCode.TABLE_STOPPED, f"table {self.id}: {why}")
        self.changed()
        self._wake.set()

    # --- prompts and bots -------------------------------------------------------------

    def _refresh_prompts(self) -> None:
        """Open a prompt for each person who must decide now; close the ones that are answered."""
        pending = self.match.pending() if self.state == "playing" else {}
        for seat, prompt in list(self.prompts.items()):
            if pending.get(seat) != prompt.actions:
                self._drop_prompt(seat)
        if not pending:
            return
        made = len(self.match.record().decisions)
        kind = prompt_kind(self.match)
        for seat, actions in pending.items():
            s = self.seats[seat]
            if seat in self.prompts or not s.is_human or s.away:
                continue
            prompt = Prompt(made * 4 + seat, seat, kind, actions)
            self.prompts[seat] = prompt
            self._arm(prompt)

    def _arm(self, prompt: Prompt) -> None:
        if self.active and not prompt.expired:
            prompt.arm(self._loop, self.settings.timers.for_kind(prompt.kind), self._expire)

    def _drop_prompt(self, seat: int) -> None:
        prompt = self.prompts.pop(seat, None)
        if prompt is not None:
            prompt.disarm()

    def _expire(self, prompt: Prompt) -> None:
        if self.prompts.get(prompt.seat) is not prompt:
            return
        prompt.expired, prompt.handle = True, None
        seat = self.seats[prompt.seat]
        seat.timeouts += 1
        if seat.timeouts >= AWAY_AFTER_TIMEOUTS and not seat.away:
            seat.away = True
            self.changed()
        self._wake.set()

    def _bot_plays(self, index: int) -> bool:
        if not self.active:
            return False
        seat = self.seats[index]
        if seat.kind == "bot" or seat.away:
            return True
        prompt = self.prompts.get(index)
        return prompt is not None and prompt.expired

    def _bot_choice(self, index: int, actions: tuple[Action, ...]) -> Action:
        seat = self.seats[index]
        name = seat.bot if seat.kind == "bot" else self.default_bot
        bot = self._bots.get((index, name))
        if bot is None:
            bot = self._bots[(index, name)] = get_bot(name)
        try:
            action = bot.choose(self.match.view(index), actions)
            if action in actions:
                return action
            log.error("table %d: bot %s chose %s, which is not legal", self.id, name, action)
        except Exception:
            log.exception("table %d: bot %s failed", self.id, name)
        return actions[0]

    async def _drive(self) -> None:
        """Let bots answer whatever they must answer, and sleep otherwise."""
        try:
            while self.state == "playing":
                due = [s for s in self.match.pending() if self._bot_plays(s)]
                if not due:
                    self._wake.clear()
                    await self._wake.wait()
                    continue
                pause = self.settings.timers.bot if self.match.phase == "play" else 0.0
                await asyncio.sleep(pause)
                for index in due:
                    if self.state != "playing":
                        break
                    actions = self.match.pending().get(index)
                    if actions and self._bot_plays(index):
                        by = "bot" if self.seats[index].kind == "bot" else "auto"
                        self._apply(index, self._bot_choice(index, actions), by=by)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %d: driver failed", self.id)
            self._break("the table failed; this match is stopped")

    # --- telling people -----------------------------------------------------------------

    def _prompt_wire(self, index: int | None, now: float) -> dict[str, Any] | None:
        prompt = self.prompts.get(index) if index is not None else None
        return prompt.to_wire(now) if prompt is not None else None

    def _update(self, index: int | None, events: list) -> dict[str, Any]:
        return update_message(self.id, self.match, index, events, self._prompt_wire(index, self._loop.time()),
                              see_hands=self.settings.spectators_see_hands)

    def _broadcast(self, events: list) -> None:
        for seat in self.seats:
            if seat.connected:
                seat.player.send(self._update(seat.index, events))
        if self.spectators:
            data = pack(self._update(None, events))
            for conn in list(self.spectators):
                conn.send_packed(data)

    def _member_connections(self) -> list[Connection]:
        return [s.player.conn for s in self.seats if s.connected] + list(self.spectators)

    def changed(self) -> None:
        """Seats, state or watchers changed: tell the members and the lobby."""
        info = self.info()
        for seat in self.seats:
            if seat.connected:
                seat.player.send({"type": "table", "table": self.id, "seat": seat.index, "info": info})
        if self.spectators:
            data = pack({"type": "table", "table": self.id, "seat": None, "info": info})
            for conn in list(self.spectators):
                conn.send_packed(data)
        self._on_change(self)

    def chat(self, msg: dict[str, Any], *, from_spectator: bool) -> None:
        """Table chat; spectators who may see the hands talk only among themselves."""
        data = pack(msg)
        if not (from_spectator and self.settings.spectators_see_hands):
            for seat in self.seats:
                if seat.connected:
                    seat.player.send_packed(data)
        for conn in list(self.spectators):
            conn.send_packed(data)

    def close(self) -> None:
        """Stop the driver and every timer (the stored match stays as it is)."""
        if self._task is not None:
            self._task.cancel()
        for index in list(self.prompts):
            self._drop_prompt(index)
        for seat in self.seats:
            seat.stop_grace()
        for conn in list(self.spectators):
            conn.watching.discard(self.id)
        self.spectators.clear()
