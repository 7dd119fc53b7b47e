"""Prompts (a seat's pending decision, as sent to its player) and the table's timers.

>>> from jantaku.engine.actions import Discard
>>> p = SeatPrompt(id=8, seat=0, kind="turn", actions=(Discard(16),))
>>> p.to_wire(now=0.0)
{'id': 8, 'kind': 'turn', 'actions': [['discard', 16, [], None]], 'labels': ['discard 0m'], 'deadline': None}
>>> Timers.from_wire({"turn": 5, "claim": None}).claim is None
True
>>> Timers.from_wire({"turn": False})
Traceback (most recent call last):
...
ValueError: timer 'turn' must be a number of seconds, or 0/None for no limit
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..engine.actions import Action
from ..engine.match import Match
from .clock import Cancellable, Clock
from .protocol import map_header, pack_entries

TIMER_RANGE = (0.05, 3600.0)
BOT_DELAY_RANGE = (0.0, 10.0)


@dataclass(frozen=True)
class Timers:
    """Seconds a player has for a decision (``None``: no limit), the grace before a
    disconnected player's seat is played by a bot, and the pause before a bot acts."""

    turn: float | None = 30.0  # own turn (and setup choices)
    claim: float | None = 10.0  # answering a discard (claim or pass)
    between: float | None = 60.0  # reading a hand's result before ``continue``
    grace: float | None = 30.0  # disconnected this long: a bot plays the seat
    bot: float = 0.5  # a bot's thinking pause, so people can follow

    @classmethod
    def from_wire(cls, data: dict[str, Any] | None) -> "Timers":
        """Checked timers from a request (unknown names and out-of-range values raise ValueError)."""
        values: dict[str, Any] = {}
        for name, value in (data or {}).items():
            if name not in cls.__dataclass_fields__:
                raise ValueError(f"unknown timer {name!r}; timers: {', '.join(cls.__dataclass_fields__)}")
            if name == "bot":
                lo, hi = BOT_DELAY_RANGE
                if isinstance(value, bool) or not isinstance(value, (int, float)) or not lo <= value <= hi:
                    raise ValueError(f"timer 'bot' must be {lo:g}..{hi:g} seconds")
                values[name] = float(value)
                continue
            if isinstance(value, bool) or not (value is None or isinstance(value, (int, float))):
                raise ValueError(f"timer {name!r} must be a number of seconds, or 0/None for no limit")
            if value is None or value == 0:  # (``false`` is not 0 here: it was refused above)
                values[name] = None  # off
                continue
            lo, hi = TIMER_RANGE
            if not lo <= value <= hi:
                raise ValueError(f"timer {name!r} must be {lo:g}..{hi:g} seconds, or 0/None for no limit")
            values[name] = float(value)
        return cls(**values)

    def to_wire(self) -> dict[str, Any]:
        return {"turn": self.turn, "claim": self.claim, "between": self.between, "grace": self.grace, "bot": self.bot}

    def for_kind(self, kind: str) -> float | None:
        return {"turn": self.turn, "claim": self.claim, "between": self.between}[kind]


# An action's wire form and label, made once per distinct action: a prompt offers a dozen discards,
# and the same ones come again and again.  Bounded; cleared when full.
_ACTION_FORMS: dict[Action, tuple[list[Any], str]] = {}
_ACTION_FORMS_MAX = 4096


def action_forms(action: Action) -> tuple[list[Any], str]:
    """``(action.to_wire(), str(action))``, shared: callers must not change the list."""
    forms = _ACTION_FORMS.get(action)
    if forms is None:
        if len(_ACTION_FORMS) >= _ACTION_FORMS_MAX:
            _ACTION_FORMS.clear()
        forms = _ACTION_FORMS[action] = (action.to_wire(), str(action))
    return forms


def prompt_kind(match: Match) -> str:
    """Which timer applies to the decisions pending now."""
    if match.phase == "between":
        return "between"
    return "claim" if match.table.phase in ("claim", "rob") else "turn"


@dataclass(eq=False)
class SeatPrompt:
    """A decision a human seat owes.  ``id`` is unique within the table: the number
    of decisions made when it was issued, times 4, plus the seat."""

    id: int
    seat: int
    kind: str
    actions: tuple[Action, ...]
    deadline: float | None = None  # on the table's clock
    expired: bool = False  # timed out: a bot answers for the seat
    handle: Cancellable | None = None
    _wire: dict[str, Any] | None = field(default=None, repr=False)
    _packed: bytes | None = field(default=None, repr=False)

    def to_wire(self, now: float) -> dict[str, Any]:
        if self._wire is None:
            forms = [action_forms(a) for a in self.actions]
            self._wire = {
                "id": self.id,
                "kind": self.kind,
                "actions": [wire for wire, _ in forms],
                "labels": [label for _, label in forms],
            }
        return {**self._wire, "deadline": self._remaining(now)}

    def packed(self, now: float) -> bytes:
        """:meth:`to_wire` as msgpack, all but the deadline packed once: a prompt goes out again
        with every update while it stays open (a claim window's others pass one by one)."""
        if self._packed is None:
            fixed = self.to_wire(now)
            del fixed["deadline"]
            self._packed = map_header(len(fixed) + 1) + pack_entries(fixed)
        return self._packed + pack_entries({"deadline": self._remaining(now)})

    def _remaining(self, now: float) -> float | None:
        return None if self.deadline is None else round(max(0.0, self.deadline - now), 3)

    def arm(self, clock: Clock, seconds: float | None, on_expire: Callable[["SeatPrompt"], None]) -> None:
        self.disarm()
        if seconds is None or self.expired:
            return
        self.deadline = clock.time() + seconds
        self.handle = clock.call_at(self.deadline, lambda: on_expire(self))

    def disarm(self) -> None:
        if self.handle is not None:
            self.handle.cancel()
        self.handle = None
        self.deadline = None
