"""A match in the test process without a host: a :class:`GameSession` for TUI tests.

Fast, seeded and without sockets; the product plays every game, local ones too,
through the netplay client (moved here from ``jantaku.tui.session``, which only
the tests used).
"""

from __future__ import annotations

import asyncio
import itertools
import random
from collections.abc import AsyncIterator, Sequence
from typing import Any

from jantaku.engine.actions import Action, ActionType
from jantaku.engine.bots import Bot, get_bot
from jantaku.engine.events import Event
from jantaku.engine.match import Match, MatchRecord
from jantaku.engine.ruleset import get_ruleset
from jantaku.tui.session import GameSession

BOT_NAMES = ("Kaito", "Mei", "Ravi", "Sora")


def timeout_action(actions: Sequence[Action], drawn: int | None) -> Action:
    """What a seat does when its time runs out: pass, continue, or discard the drawn tile.

    Never a win or a riichi (as a host's timer would).
    """
    for wanted in (ActionType.PASS, ActionType.CONTINUE):
        for a in actions:
            if a.type is wanted:
                return a
    discards = [a for a in actions if a.type is ActionType.DISCARD]
    for a in discards:
        if a.tile == drawn:
            return a
    return discards[-1] if discards else actions[0]


def bot_for(ruleset: str, fallback: str = "easy") -> Bot:
    """The variant's own bot (registered under the ruleset's name) if it has one, else ``fallback``."""
    try:
        return get_bot(ruleset)
    except ValueError:
        return get_bot(fallback)


class LocalSession(GameSession):
    """A match in this process: the player at ``seat``, bots in the other seats.

    ``seat=None`` watches four bots.  ``bot_delay`` paces the bots' turns so a
    person can follow them (0 in tests).  ``turn_time`` puts a deadline on the
    player's prompts; when it passes, :func:`timeout_action` is taken.
    """

    table = "local"

    def __init__(
        self,
        ruleset: str = "basic",
        *,
        preset: str | None = None,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        seat: int | None = 0,
        bot: str = "easy",
        bot_delay: float = 0.0,
        name: str = "You",
        turn_time: float | None = None,
    ):
        rules = get_ruleset(ruleset, preset, options)
        self.match = Match(rules, random.randrange(2**31) if seed is None else seed)
        self.seat = seat
        self.title = f"Quick game · {rules.title} ({rules.preset})"
        self.bots = {s: bot_for(rules.name, bot) for s in range(4) if s != seat}
        names = iter(BOT_NAMES)
        self.names = [name if s == seat else f"{next(names)} (bot)" for s in range(4)]
        self.bot_delay = bot_delay
        self.turn_time = turn_time
        self._queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._unsent: list[Event] = list(self.match.table.events)
        self._prompt_ids = itertools.count(1)
        self._prompt: tuple[int, tuple[Action, ...], asyncio.Future[Action]] | None = None
        self._task: asyncio.Task | None = None
        self._closed = False

    # --- GameSession ------------------------------------------------------------------

    async def updates(self) -> AsyncIterator[dict[str, Any]]:
        if self._task is None and not self._closed:
            self._task = asyncio.create_task(self._run())
        while True:
            message = await self._queue.get()
            if message is None:
                return
            yield message

    async def act(self, prompt_id: int, action: Action) -> None:
        prompt = self._prompt
        if prompt is None or prompt[0] != prompt_id:
            self._error("stale", f"prompt {prompt_id} is no longer open")
        elif action not in prompt[1]:
            self._error("illegal", f"{action} is not a legal action now")
        else:
            self._prompt = None
            prompt[2].set_result(action)

    async def chat(self, text: str) -> None:
        who = self.names[self.seat] if self.seat is not None else "spectator"
        self._queue.put_nowait({"type": "chat", "from": who, "text": text})

    async def close(self) -> None:
        self._closed = True
        if self._task is not None:
            self._task.cancel()
        self._queue.put_nowait(None)

    def record(self) -> MatchRecord:
        return self.match.record()

    @property
    def over(self) -> bool:
        return self.match.is_over

    # --- running the match ----------------------------------------------------------------

    async def _run(self) -> None:
        try:
            while not self._closed:
                pending = self.match.pending()
                bots = [s for s in sorted(pending) if s != self.seat]
                if bots:
                    await self._bot_turn(bots[0], pending[bots[0]])
                elif self.seat in pending:
                    self._apply(self.seat, await self._ask(pending[self.seat]))
                else:
                    self._send(None)  # the match is over: its last view
                    return
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # an engine bug must reach the player, not vanish in a task
            self._error("internal", f"{type(exc).__name__}: {exc}")

    async def _bot_turn(self, seat: int, actions: tuple[Action, ...]) -> None:
        if self.bot_delay and self.match.phase == "play" and self.match.table.phase == "turn":
            self._send(None)  # show what happened before the bot "thinks"
            await asyncio.sleep(self.bot_delay)
        self._apply(seat, self.bots[seat].choose(self.match.view(seat), actions))

    async def _ask(self, actions: tuple[Action, ...]) -> Action:
        prompt_id = next(self._prompt_ids)
        answer: asyncio.Future[Action] = asyncio.get_running_loop().create_future()
        self._prompt = (prompt_id, actions, answer)
        self._send(
            {
                "id": prompt_id,
                "actions": [a.to_wire() for a in actions],
                "labels": [str(a) for a in actions],
                "deadline": self.turn_time,
            }
        )
        if self.turn_time is None:
            return await answer
        try:
            return await asyncio.wait_for(answer, self.turn_time)
        except TimeoutError:
            self._prompt = None
            drawn = self.match.table.players[self.seat].drawn if self.match.phase == "play" else None
            return timeout_action(actions, drawn)

    def _apply(self, seat: int, action: Action) -> None:
        self._unsent += self.match.act(seat, action)

    def _send(self, prompt: dict[str, Any] | None) -> None:
        events = [e.for_seat(self.seat) for e in self._unsent]
        self._unsent = []
        self._queue.put_nowait(
            {
                "type": "update",
                "table": self.table,
                "seat": self.seat,
                "view": self.match.view(self.seat),
                "events": events,
                "prompt": prompt,
                "names": list(self.names),
            }
        )

    def _error(self, code: str, message: str) -> None:
        self._queue.put_nowait({"type": "error", "code": code, "message": message})
