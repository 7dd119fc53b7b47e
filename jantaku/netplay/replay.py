"""Stepping through a recorded match, decision by decision (the TUI's replay viewer uses this).

>>> from jantaku.engine.match import Match
>>> from jantaku.engine.ruleset import get_ruleset
>>> m = Match(get_ruleset("basic", options={"hands": 1}), seed=5)
>>> while not m.is_over:
...     seat, actions = next(iter(m.pending().items()))
...     _ = m.act(seat, actions[0])
>>> cursor = ReplayCursor(m.record())
>>> cursor.position, len(cursor) == len(m.record().decisions)
(0, True)
>>> seat, action = cursor.next_decision()
>>> events = cursor.step()
>>> events[0]["type"], cursor.position
('discard', 1)
>>> cursor.seek(len(cursor)); cursor.view(None).match.phase
'over'
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..engine.actions import Action
from ..engine.bounded import load_json, read_outside_file
from ..engine.match import STOP_SEAT, Match, MatchRecord
from ..engine.views import View


class ReplayCursor:
    """A recorded match at some decision: step forward or back, seek, and look from any seat."""

    def __init__(self, record: MatchRecord, *, viewer: int | None = None):
        self.record = record
        self.viewer = viewer  # whose eyes events are shown through (None: the table; see events())
        self.match = Match.replay(record, upto=0)
        self.position = 0
        self._events = list(self.match.table.events)

    def __len__(self) -> int:
        return len(self.record.decisions)

    @property
    def at_end(self) -> bool:
        return self.position >= len(self)

    def next_decision(self) -> tuple[int, Action | str] | None:
        """The decision :meth:`step` will apply: (seat, action), or (``STOP_SEAT``, reason)
        where the host stopped the match (a time limit)."""
        if self.at_end:
            return None
        seat, wire = self.record.decisions[self.position]
        if seat == STOP_SEAT:
            return seat, str(wire[1])
        return seat, Action.from_wire(wire)

    def step(self, *, viewer: int | None = None, open_hands: bool = True) -> list[dict[str, Any]]:
        """Apply the next decision; returns its events (see :meth:`events`)."""
        if self.at_end:
            return []
        decision = self.next_decision()
        assert decision is not None  # not at the end
        seat, action = decision
        if isinstance(action, str):  # the host stopped the match (STOP_SEAT)
            self._events = self.match.stop(action)
        else:
            self._events = self.match.act(seat, action)
        self.position += 1
        return self.events(viewer=viewer, open_hands=open_hands)

    def events(self, *, viewer: int | None = None, open_hands: bool = True) -> list[dict[str, Any]]:
        """The last decision's events as ``viewer`` saw them; ``open_hands`` shows everyone's tiles
        (a finished match has no secrets left, except the wall, which events never carry)."""
        return [event.open_wire() if open_hands else event.for_seat(viewer) for event in self._events]

    def back(self) -> None:
        self.seek(self.position - 1)

    def seek(self, position: int) -> None:
        """Go to just after decision ``position`` (0: the start)."""
        position = max(0, min(position, len(self)))
        if position < self.position:
            self.match = Match.replay(self.record, upto=max(0, position - 1))
            self.position = max(0, position - 1)
            self._events = list(self.match.table.events)
            if position == 0:
                return
        while self.position < position:
            self.step()

    def view(self, seat: int | None) -> View:
        return self.match.view(seat)

    def hand_starts(self) -> list[int]:
        """The positions at which each hand's first decision is next (to jump hand by hand)."""
        starts, match = [0], Match.replay(self.record, upto=0)
        for index, (seat, wire) in enumerate(self.record.decisions):
            if seat == STOP_SEAT:
                break
            hand = match.hand_index
            match.act(seat, Action.from_wire(wire))
            if match.hand_index != hand:
                starts.append(index + 1)
        return starts


def load_record(path: str | Path) -> MatchRecord:
    """A record exported with ``jantaku export MATCH --format json``."""
    return MatchRecord.from_wire(load_json(read_outside_file(path)))
