"""Driving one match at a table: prompts and their clocks, bots, and the record.

The host is authoritative.  A person's decision must answer their open
prompt with one of its actions; the engine applies it, the store commits it,
and only then does anyone hear of it.  Bots — in bot seats, or playing for a
person who timed out, is away, or stayed disconnected past the grace — answer
from the match's driver, one round at a time on the table's clock, so a slow or
hostile client never holds up the loop and a failing match never touches another.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from ..engine.actions import Action, IllegalAction
from ..engine.bots import Bot, get_bot
from ..engine.events import Event
from ..engine.match import STOP_SEAT, Match
from .clock import Cancellable
from .prompts import SeatPrompt, prompt_kind
from .protocol import ErrorCode, RequestError
from .texts import HostText
from .store import StoreError

if TYPE_CHECKING:
    from .pacing import BotPacer
    from .tables import HostTable

log = logging.getLogger(__name__)

AWAY_AFTER_TIMEOUTS = 2  # consecutive timeouts before a bot takes over until the player is back
CLOCK_CHECK_SECONDS = 5.0  # how often a ruleset's time limit is asked about


class _Answering:
    """The driver's state while its bots answer (nothing to cancel)."""

    def cancel(self) -> None:
        pass


_ANSWERING = _Answering()


class MatchRunner:
    """One match in play.  Uses of its table: ``seats``, ``settings.timers``, ``active``,
    ``default_bot``, ``clock``, ``broadcast(events)`` and ``match_ended(state, why)``.

    Sans-I/O: events come in as calls (:meth:`act`, :meth:`wake`, :meth:`set_active`,
    :meth:`refresh_prompts`), what they cause goes out through the table (``broadcast``:
    queued bytes, written by the connections at the end of the loop's turn), and every
    deadline, bot pause, wake-up and time-limit check is a callback on the table's injected
    clock (:mod:`jantaku.netplay.clock`).  Nothing here awaits: with a
    :class:`~jantaku.netplay.clock.FakeClock` a test plays a whole match, timeouts and all,
    by advancing the clock, with no event loop."""

    def __init__(self, table: HostTable, match: Match, match_id: int, *, started: float):
        self.table = table
        self.store = table.store
        self.match = match
        self.match_id = match_id
        self.started = started  # wall-clock start (``clock.wall()``), for a ruleset's time limit
        self.prompts: dict[int, SeatPrompt] = {}
        self.running = True
        self._bots: dict[tuple[int, str], Bot] = {}
        self.clock = table.clock
        self._limit_check: Cancellable | None = None
        self._pending: tuple[int, dict[int, tuple[Action, ...]]] | None = None  # (decisions made, pending)
        self._driver: Cancellable | None = None  # the driver's next step, when one is on its way
        self.refresh_prompts()
        self.wake()
        self._arm_clock()

    def pending(self) -> dict[int, tuple[Action, ...]]:
        """The match's pending decisions, asked of the engine once per decision: the prompts,
        the driver and its bots all read them (nothing but a decision changes them)."""
        made = len(self.match.record().decisions)
        cached = self._pending
        if cached is None or cached[0] != made:
            cached = self._pending = (made, self.match.pending())
        return cached[1]

    # --- prompts ------------------------------------------------------------------------

    def refresh_prompts(self) -> None:
        """Open a prompt for each person who must decide now; close the ones that are answered."""
        pending = self.pending() if self.running else {}
        for seat, prompt in list(self.prompts.items()):
            if pending.get(seat) != prompt.actions:
                self.drop_prompt(seat)
        if not pending:
            return
        made = len(self.match.record().decisions)
        kind = prompt_kind(self.match)
        for seat, actions in pending.items():
            s = self.table.seats[seat]
            if seat in self.prompts or not s.is_human or s.away:
                continue
            prompt = SeatPrompt(made * 4 + seat, seat, kind, actions)
            self.prompts[seat] = prompt
            self._arm(prompt)

    def prompt_wire(self, seat: int | None) -> dict[str, Any] | None:
        prompt = self.prompts.get(seat) if seat is not None else None
        return prompt.to_wire(self.clock.time()) if prompt is not None else None

    def prompt_packed(self, seat: int | None) -> bytes | None:
        """:meth:`prompt_wire` as msgpack (``None`` where there is no prompt)."""
        prompt = self.prompts.get(seat) if seat is not None else None
        return prompt.packed(self.clock.time()) if prompt is not None else None

    def _arm(self, prompt: SeatPrompt) -> None:
        seconds = self.table.settings.timers.for_kind(prompt.kind)
        if seconds is not None and not prompt.expired and self.table.active:  # no clock: nothing to arm
            prompt.arm(self.clock, seconds, self._expire)

    def drop_prompt(self, seat: int) -> None:
        prompt = self.prompts.pop(seat, None)
        if prompt is not None:
            prompt.disarm()

    def set_active(self, active: bool) -> None:
        """Clocks run only while someone is there to play."""
        for prompt in self.prompts.values():
            if active:
                self._arm(prompt)
            else:
                prompt.disarm()
        self.wake()

    def _expire(self, prompt: SeatPrompt) -> None:
        if self.prompts.get(prompt.seat) is not prompt:
            return
        prompt.expired, prompt.handle = True, None
        seat = self.table.seats[prompt.seat]
        seat.timeouts += 1
        if seat.timeouts >= AWAY_AFTER_TIMEOUTS and not seat.away:
            seat.away = True
            self.table.changed()
        self.wake()

    # --- decisions --------------------------------------------------------------------------

    def act(self, seat: int, prompt_id: int, wire: list[Any], *, by: str = "player") -> None:
        """A person's answer to their prompt (``by``: ``fallback`` when a seat's program stood in for its bot)."""
        prompt = self.prompts.get(seat)
        if not self.running or prompt is None or prompt.id != prompt_id:
            raise RequestError(ErrorCode.STALE_PROMPT, HostText("prompt_not_open", prompt=prompt_id))
        try:
            action = Action.from_wire(wire)
        except ValueError as exc:
            raise RequestError(ErrorCode.BAD_REQUEST, HostText("bad_action", detail=str(exc))) from None
        if action not in prompt.actions:
            raise RequestError(ErrorCode.ILLEGAL_ACTION, HostText("action_not_offered", action=str(action)))
        self.table.seats[seat].timeouts = 0
        self._apply(seat, action, by=by)

    def _apply(self, seat: int, action: Action, *, by: str) -> None:
        hands_before = len(self.match.results)
        try:
            events = self.match.act(seat, action)
        except IllegalAction as exc:
            raise RequestError(ErrorCode.ILLEGAL_ACTION, str(exc)) from None
        except Exception:
            log.exception("table %d: the engine failed on seat %d's %s", self.table.id, seat, action)
            self.fail("the rules engine failed; this match is stopped", store_status="broken")
            return
        self._commit(seat, action.to_wire(), by, hands_before, events)

    def stop(self, reason: str) -> None:
        """End the match now (a time limit); recorded, so a replay stops here too."""
        hands_before = len(self.match.results)
        events = self.match.stop(reason)
        self._commit(STOP_SEAT, self.match.record().decisions[-1][1], "host", hands_before, events)

    def _commit(self, seat: int, wire: list[Any], by: str, hands_before: int, events: list[Event]) -> None:
        """Store, then tell everyone: a decision nobody can lose."""
        match = self.match
        try:
            self.store.append_decision(self.match_id, len(match.record().decisions) - 1, seat, wire, by)
            if len(match.results) > hands_before:
                self.store.record_hand(self.match_id, hands_before, match.results[-1].to_wire())
            if match.is_over:
                self.store.finish_match(
                    self.match_id,
                    {"scores": list(match.scores), "standings": match.standings, "stopped": match.stopped},
                )
        except (sqlite3.Error, StoreError):
            log.exception("table %d: could not store a decision", self.table.id)
            self.fail("the host could not save this match; it is stopped")
            return
        if match.is_over:
            self._end()
        self.refresh_prompts()
        self.table.broadcast(events)
        if match.is_over:
            self.table.match_ended("finished")
        self.wake()

    def fail(self, why: str, *, store_status: str | None = None) -> None:
        """Stop this match (and only it); with ``store_status`` it is not resumed after a restart."""
        if store_status is not None:
            try:
                self.store.finish_match(self.match_id, {"error": why}, status=store_status)
            except (sqlite3.Error, StoreError):
                log.exception("table %d: could not mark the match %s", self.table.id, store_status)
        self._end()
        self.refresh_prompts()
        self.table.match_ended("broken", why)

    def _end(self) -> None:
        self.running = False
        if self._limit_check is not None:
            self._limit_check.cancel()
            self._limit_check = None
        self.wake()

    # --- bots and the clock ---------------------------------------------------------------

    def bot_plays(self, index: int) -> bool:
        if not self.table.active:
            return False
        seat = self.table.seats[index]
        if seat.kind == "bot" or seat.away:
            return True
        prompt = self.prompts.get(index)
        return prompt is not None and prompt.expired

    def _bot_choice(self, index: int, actions: tuple[Action, ...]) -> Action:
        seat = self.table.seats[index]
        name = seat.bot if seat.kind == "bot" and seat.bot is not None else self.table.default_bot
        bot = self._bots.get((index, name))
        if bot is None:
            bot = self._bots[(index, name)] = get_bot(name)
        try:
            action = bot.choose(self.match.view(index), actions)
            if action in actions:
                return action
            log.error("table %d: bot %s chose %s, which is not legal", self.table.id, name, action)
        except Exception:
            log.exception("table %d: bot %s failed", self.table.id, name)
        return actions[0]

    # The driver, without awaits: a wake-up looks for seats a bot must answer; if there are any,
    # it waits out the bot's pause (and, at a table of bots only, its turn at the pacer) on the
    # clock, answers, and looks again.  Nothing else is ever waited for.

    def wake(self) -> None:
        """Something changed (a decision, a timeout, a player gone or back): look again for bot
        work at the next turn of the loop.  While bots are on their way it changes nothing:
        they look again themselves."""
        if self.running and self._driver is None and self._may_have_bot_work():
            self._driver = self.clock.call_soon(self._look)

    def _may_have_bot_work(self) -> bool:
        """Whether :meth:`bot_plays` could be true for some seat (a bot, a seat away, an expired
        prompt): at a table of people answering in time a decision schedules no look at all."""
        return any(s.kind == "bot" or s.away for s in self.table.seats) or any(p.expired for p in self.prompts.values())

    def _look(self) -> None:
        self._driver = None
        if not self.running:
            return
        try:
            due = [s for s in self.pending() if self.bot_plays(s)]
            if not due:
                return  # idle until the next wake()
            pause = self.table.settings.timers.bot if self.match.phase == "play" else 0.0
            answer = lambda: self._paused(due)  # noqa: E731 - the clock keeps one callable
            self._driver = self.clock.call_later(pause, answer) if pause > 0 else self.clock.call_soon(answer)
        except Exception:
            self._driver_failed()

    def _paused(self, due: list[int]) -> None:
        self._driver = None
        pacer = self.table.pacer if not self.table.humans else None  # bots only: wait your turn
        if pacer is None:
            self._answer(due)
            return
        key = self.table.creator if self.table.creator is not None else ("table", self.table.id)
        self._driver = pacer.request(key, lambda: self._paced(pacer, key, due))

    def _paced(self, pacer: BotPacer, key: Hashable, due: list[int]) -> None:
        self._driver = None
        began = time.perf_counter()
        try:
            self._answer(due)
        finally:
            pacer.done(key, time.perf_counter() - began)

    def _answer(self, due: list[int]) -> None:
        self._driver = _ANSWERING  # the wake-ups of the bots' own decisions change nothing
        try:
            self._bots_answer(due)
        except Exception:
            self._driver = None
            self._driver_failed()
            return
        self._driver = None
        self._look()

    def _driver_failed(self) -> None:
        log.exception("table %d: driver failed", self.table.id)
        self.fail("the table failed; this match is stopped")

    def _bots_answer(self, due: list[int]) -> None:
        for index in due:
            if not self.running:
                break
            actions = self.pending().get(index)
            if actions and self.bot_plays(index):
                by = "bot" if self.table.seats[index].kind == "bot" else "auto"
                self._apply(index, self._bot_choice(index, actions), by=by)

    def _arm_clock(self) -> None:
        """A ruleset with a playing-time limit (``Ruleset.time_is_up``) is asked now and then."""
        if self.running and self.match.ruleset.has_time_limit():
            self._limit_check = self.clock.call_later(CLOCK_CHECK_SECONDS, self._check_clock)

    def _check_clock(self) -> None:
        self._limit_check = None
        if not self.running:
            return
        if self.table.active and self.match.ruleset.time_is_up((self.clock.wall() - self.started) / 60):
            self.stop("time limit")
        else:
            self._arm_clock()

    def close(self) -> None:
        """Stop the driver and every timer (the stored match stays as it is)."""
        self._end()
        if self._driver is not None:
            self._driver.cancel()
            self._driver = None
        for seat in list(self.prompts):
            self.drop_prompt(seat)
