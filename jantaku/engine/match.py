"""A match: a sequence of hands, scores carried over, ending as the ruleset says.

A :class:`Match` is fully determined by its ruleset (with options), its seed
and the list of decisions made; :meth:`Match.record` captures exactly that
and :meth:`Match.replay` rebuilds the identical state.

    >>> from jantaku.engine.ruleset import get_ruleset
    >>> m = Match(get_ruleset("basic", options={"hands": 1}), seed=5)
    >>> while not m.is_over:
    ...     seat, actions = next(iter(m.pending().items()))
    ...     _ = m.act(seat, actions[0])
    >>> again = Match.replay(m.record())
    >>> again.view(0) == m.view(0)
    True

Between hands every seat answers ``continue`` (a player reads the result
first; bots and timers answer at once), so the record stays a plain list.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .actions import Action, ActionType, Continue, IllegalAction
from .results import HandResult
from .ruleset import Ruleset, get_ruleset, hand_seed
from .events import Event, MatchEndEvent
from .table import HandContext, Table
from .views import MatchInfo, SeatView, Standing, View, ViewExtension
from .wall import Wall

RECORD_VERSION = 1
STOP_SEAT = -1  # a host directive in the decision list: the match was stopped


class ReplayError(ValueError):
    """A recorded decision that cannot be replayed (a damaged record)."""


@dataclass
class MatchRecord:
    """Everything needed to replay a match: ruleset, preset, option overrides, seed, decisions."""

    ruleset: str
    preset: str
    options: dict[str, Any]
    seed: int
    decisions: list[tuple[int, list[Any]]] = field(default_factory=list)  # (seat, action wire form)
    walls: dict[int, dict[str, Any]] | None = None  # explicit walls by hand index (imported games)

    def to_wire(self) -> dict[str, Any]:
        out = {
            "version": RECORD_VERSION,
            "ruleset": self.ruleset,
            "preset": self.preset,
            "options": self.options,
            "seed": self.seed,
            "decisions": [[s, a] for s, a in self.decisions],
        }
        if self.walls:
            out["walls"] = {str(k): v for k, v in self.walls.items()}
        return out

    @classmethod
    def from_wire(cls, data: Any) -> "MatchRecord":
        if not isinstance(data, dict) or data.get("version") != RECORD_VERSION:
            raise ValueError("not a jantaku match record (or from an unknown version)")
        try:
            decisions = [(int(s), list(a)) for s, a in data["decisions"]]
            walls = {int(k): v for k, v in data["walls"].items()} if data.get("walls") else None
            return cls(
                str(data["ruleset"]), str(data["preset"]), dict(data["options"]), int(data["seed"]), decisions, walls
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"corrupt match record: {exc}") from None


def wall_to_wire(wall: Wall) -> dict[str, Any]:
    return {
        "live": list(wall.live),
        "dead": list(wall.dead),
        "dice": list(wall.dice),
        "refill_dead": wall.refill_dead,
        "replacement_order": wall.replacement_order,
    }


def wall_from_wire(data: dict[str, Any]) -> Wall:
    return Wall(
        live=list(data["live"]),
        dead=list(data["dead"]),
        dice=tuple(data["dice"]),
        refill_dead=bool(data["refill_dead"]),
        replacement_order=data.get("replacement_order"),
    )


class Match:
    """A whole match of one ruleset.  ``pending``/``act``/``view`` as for a :class:`Table`."""

    def __init__(self, ruleset: Ruleset, seed: int = 0, *, walls: dict[int, Wall] | None = None):
        self.ruleset = ruleset
        self.seed = seed
        self.walls = walls or {}
        self.scores = ruleset.start_scores()
        self.results: list[HandResult] = []
        self.record_ = MatchRecord(
            ruleset.name,
            ruleset.preset,
            dict(ruleset.overrides),
            seed,
            walls={k: wall_to_wire(w) for k, w in self.walls.items()} or None,
        )
        self.hand_index = 0
        self.phase = "play"  # play | between | over
        self._continued: set[int] = set()
        self.standings: list[dict[str, Any]] | None = None
        self.stopped: str | None = None  # why the match was stopped early, if it was
        self.context = ruleset.first_context()
        self._info: tuple[Any, MatchInfo] | None = None
        self.table = self._new_table()

    def _new_table(self) -> Table:
        wall = self.walls.get(self.hand_index)
        return self.ruleset.new_table(
            seed=hand_seed(self.seed, self.hand_index),
            context=self.context,
            wall=wall.copy() if wall is not None else None,
        )

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def pending(self) -> dict[int, tuple[Action, ...]]:
        if self.phase == "play":
            return self.table.pending()
        if self.phase == "between":
            cont = (Continue(),)
            return {s: cont for s in range(4) if s not in self._continued}
        return {}

    def act(self, seat: int, action: Action) -> list[Event]:
        """Apply one decision (see :meth:`Table.act`); records it."""
        if self.phase == "play":
            events = self.table.act(seat, action)
            self.record_.decisions.append((seat, action.to_wire()))
            if self.table.is_over:
                events += self._finish_hand()
            return events
        if self.phase == "between":
            if seat in self._continued or action.type is not ActionType.CONTINUE:
                raise IllegalAction(f"seat {seat}: the hand is over; only 'continue' is legal")
            self._continued.add(seat)
            self.record_.decisions.append((seat, action.to_wire()))
            if len(self._continued) == 4:
                return self._start_next_hand()
            return []
        raise IllegalAction("the match is over")

    def stop(self, reason: str) -> list[Event]:
        """End the match at once (a time limit reached): the hand in play is abandoned, scores stand.

        Recorded like a decision (seat ``-1``), so a replay stops at the same point.
        """
        if self.phase == "over":
            raise IllegalAction("the match is over")
        self.record_.decisions.append((STOP_SEAT, ["stop", reason]))
        return self._stop(reason)

    def _stop(self, reason: str) -> list[Event]:
        self.phase = "over"
        self.stopped = reason
        self.standings = self.ruleset.final_standings(list(self.scores))
        return [MatchEndEvent(scores=list(self.scores), standings=self.standings, stopped=reason)]

    def _finish_hand(self) -> list[Event]:
        result = self.table.result
        assert result is not None  # called once the table is over, when it has its result
        self.results.append(result)
        self.scores = [a + b for a, b in zip(self.scores, result.deltas)]
        nxt = self.ruleset.next_context(self.context, result, list(self.scores))
        if nxt is None:
            self.phase = "over"
            self.standings = self.ruleset.final_standings(list(self.scores))
            return [MatchEndEvent(scores=list(self.scores), standings=self.standings)]
        self._next_context = nxt
        self.phase = "between"
        self._continued = set()
        return []

    def _start_next_hand(self) -> list[Event]:
        self.context = self._next_context
        self.hand_index += 1
        self.phase = "play"
        self.table = self._new_table()
        return list(self.table.events)

    def view(self, seat: int | None) -> View:
        return self.table.view(seat, match=self.info())

    def own_part(self, seat: int) -> tuple[SeatView, ViewExtension | None]:
        """What ``seat``'s view adds to a spectator's: its own entry and the variant's extension.

        ``view(seat)`` is ``view(None)`` with ``players[seat]``, ``seat`` and ``extension``
        replaced by these, so a host building every seat's view after a decision builds the
        public part once (``jantaku.netplay.views``)::

            >>> from jantaku.engine.ruleset import get_ruleset
            >>> m = Match(get_ruleset("riichi"), seed=3)
            >>> own, ext = m.own_part(2)
            >>> own == m.view(2).players[2] and ext == m.view(2).extension
            True
        """
        table = self.table
        return table._seat_view(seat, table.players[seat], shown=True, own=True), table.view_extension(seat)

    def info(self) -> MatchInfo:
        """The match's part of every view (built again only when it changed)."""
        key = (self.hand_index, self.phase, len(self.results), self.stopped)  # scores move with these
        if self._info is None or self._info[0] != key:
            standings = (
                None
                if self.standings is None
                else tuple(
                    Standing(
                        s["seat"],
                        s["place"],
                        s["score"],
                        s["final"],
                        tuple((k, v) for k, v in s.items() if k not in ("seat", "place", "score", "final")),
                    )
                    for s in self.standings
                )
            )
            self._info = (
                key,
                MatchInfo(
                    self.ruleset.name,
                    self.ruleset.preset,
                    self.hand_index,
                    tuple(self.scores),
                    self.phase,
                    len(self.results),
                    standings,
                ),
            )
        return self._info[1]

    def record(self) -> MatchRecord:
        return self.record_

    @classmethod
    def replay(cls, record: MatchRecord, *, upto: int | None = None) -> "Match":
        """Rebuild a match from its record (the first ``upto`` decisions, or all).

        A decision that is malformed or not legal where it stands raises :class:`ReplayError`
        naming it (a damaged record, not a bug), and nothing else is changed.
        """
        ruleset = get_ruleset(record.ruleset, record.preset, record.options)
        walls = {k: wall_from_wire(v) for k, v in (record.walls or {}).items()}
        match = cls(ruleset, record.seed, walls=walls)
        for index, (seat, wire) in enumerate(record.decisions[:upto]):
            try:
                if seat == STOP_SEAT:
                    match.stop(str(wire[1]))
                else:
                    match.act(seat, Action.from_wire(wire))
            except (ValueError, TypeError, IndexError) as exc:  # IllegalAction is a ValueError
                raise ReplayError(f"decision {index} ({wire!r:.60}) by seat {seat}: {exc}") from exc
        return match

    @property
    def hand_context(self) -> HandContext:
        return self.context
