"""One seat played by an mjai bot: what to tell it, and what its replies come to (sans-I/O).

Whoever runs the bot (a subprocess, a TCP client) does the I/O; the bridge
only turns what the seat was shown (our events, its view) into mjai
events, and a reply line into a legal action::

    bridge = MjaiSeatBridge(seat=2, names=names, red_fives=True)
    bridge.observe(events, view)            # after every update the seat gets
    if legal:                               # the seat must decide
        line = bridge.batch()               # the events since the last reply, one JSON list
        ... send line, read reply (bounded, with a deadline) ...
        outcome = bridge.answer(reply, legal, view)
        if outcome.send_again:             # mjai's reach: its discard is the next reply
            line = bridge.batch()  ...

Nothing a bot sends can raise here: a reply that is not JSON, not an
object, not legal now, or too long is an :class:`Outcome` with a
``problem``, and the action is the safe one (pass a claim, else discard
the drawn tile).  The bot never sees more than the seat's own events.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ...actions import Action, ActionType
from ...bounded import OutsideDataError, load_json
from ...events import Event, RiichiEvent
from ...views import View
from .mjai import MjaiEvent, MjaiWriter, choose_action, safe_action
from .view import RiichiView

MAX_REPLY_BYTES = 64 * 1024  # a reply line longer than this is refused unread (a bot cannot flood the table)
MAX_REPLY_DEPTH = 8  # an mjai reply nests 2 levels (a list of one object with a consumed list)
TOO_LONG = b"\x00too long"  # what a transport hands on for a line that overran MAX_REPLY_BYTES


@dataclass(frozen=True)
class Outcome:
    """A reply's result: the ``action`` to play (``None`` with ``send_again``: ask once more)."""

    action: Action | None
    problem: str | None = None  # why the safe action was played instead of the bot's
    send_again: bool = False


@dataclass
class MjaiSeatBridge:
    seat: int
    names: Sequence[str]
    red_fives: bool
    writer: MjaiWriter = field(init=False)
    queued: list[MjaiEvent] = field(default_factory=list)
    riichi_declared: bool = False  # the bot said reach; its next reply is the discard
    problems: list[str] = field(default_factory=list)  # every fallback, in order
    reach_echoed: bool = False  # the bot was told of its own reach: the table's riichi event is not news

    def __post_init__(self) -> None:
        self.writer = MjaiWriter(self.seat, self.red_fives)
        self.queued.append(self.writer.start_game(list(self.names)[:4]))

    def observe(self, events: Iterable[Event], view: View | None) -> None:
        """What the seat was shown: events in order (private fields of others already cut) and its view after them."""
        drawn = view.players[self.seat].drawn if view is not None and view.seat == self.seat else None
        extension = view.ext(RiichiView) if view is not None else None
        ura = extension.ura_indicators if extension is not None else None
        shown = []
        for event in events:
            if isinstance(event, RiichiEvent) and event.seat == self.seat and self.reach_echoed:
                self.reach_echoed = False  # the bot's own reach was already echoed to it
                continue
            shown.append(event)
        counters = (extension.honba, extension.sticks) if extension is not None else None
        self.queued.extend(self.writer.feed_all(shown, dealer_draw=drawn, ura=ura, counters=counters))

    def batch(self) -> str:
        """The events not yet sent, as one line (a JSON list, as mjai.app sends them)."""
        line = json.dumps(self.queued, separators=(",", ":"), ensure_ascii=False)
        self.queued = []
        return line

    def pending_events(self) -> list[MjaiEvent]:
        """The events not yet sent, taken (for a transport that sends them one by one)."""
        events, self.queued = self.queued, []
        return events

    def answer(self, reply: str | bytes | None, legal: Sequence[Action], view: View | None) -> Outcome:
        """What a reply line comes to (``None``: no reply in time, or the bot is gone)."""
        drawn = view.players[self.seat].drawn if view is not None and view.seat == self.seat else None
        if reply is None:
            return self._fallback("no reply in time", legal, drawn)
        if reply == TOO_LONG or len(reply) > MAX_REPLY_BYTES:
            return self._fallback("a reply longer than 64 KiB", legal, drawn)
        try:
            data = load_json(reply, max_bytes=MAX_REPLY_BYTES, max_depth=MAX_REPLY_DEPTH)
        except OutsideDataError as exc:
            return self._fallback(f"a refused reply ({exc})", legal, drawn)
        except ValueError:
            return self._fallback("a reply that is not JSON", legal, drawn)
        if isinstance(data, list) and len(data) == 1:  # some bots answer a list of one
            data = data[0]
        try:
            choice = choose_action(
                data, legal, seat=self.seat, red_fives=self.red_fives, riichi_declared=self.riichi_declared
            )
        except Exception as exc:  # a reply we did not foresee must cost the bot its decision, never its seat
            return self._fallback(f"a reply that could not be read ({type(exc).__name__})", legal, drawn)
        if choice.declare_riichi:
            self.riichi_declared = self.reach_echoed = True
            self.queued.append({"type": "reach", "actor": self.seat})
            return Outcome(None, send_again=True)
        if choice.action is None:
            return self._fallback(choice.problem or "an unusable reply", legal, drawn)
        self.riichi_declared = False
        return Outcome(choice.action)

    def _fallback(self, problem: str, legal: Sequence[Action], drawn: int | None) -> Outcome:
        action = safe_action(legal, drawn, riichi_declared=self.riichi_declared)
        if action.type is not ActionType.RIICHI:
            self.reach_echoed = False  # no riichi after all (the table offers none now)
        self.riichi_declared = False
        self.problems.append(problem)
        return Outcome(action, problem=problem)
