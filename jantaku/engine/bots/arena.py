"""Measuring bots by play: duplicate hands with one bot rotated through the seats.

A *duplicate deal* plays the same shuffled wall four times, the tested bot in
a different seat each time and the baseline in the others, so the luck of the
wall cancels out and what is left is the difference in play.  Each deal gives
one number: the tested bot's points minus the baseline seats' mean, averaged
over its four seatings.

    >>> from jantaku.engine.bots import get_bot
    >>> trial = duplicate_deal("basic", seed=3, bot=get_bot("easy"), baseline=get_bot("easy"))
    >>> trial.edge      # the same bot everywhere: no edge
    0.0
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..ruleset import get_ruleset
from ..table import Table
from .base import Bot

MAX_DECISIONS = 2000  # a hand never needs this many; guards a bot loop


def play_hand(
    table: Table, bots: Sequence[Bot], *, on_decision: Callable[[int, Bot, float, int], None] | None = None
) -> Table:
    """Let ``bots`` (one per seat) play ``table`` to its end; returns it.

    ``on_decision(seat, bot, seconds, choices)`` is told how long each
    decision took and among how many legal actions.
    """
    for _ in range(MAX_DECISIONS):
        pending = table.pending()
        if not pending:
            return table
        seat = min(pending)
        view = table.view(seat)
        start = time.perf_counter()
        action = bots[seat].choose(view, pending[seat])
        if on_decision is not None:
            on_decision(seat, bots[seat], time.perf_counter() - start, len(pending[seat]))
        table.act(seat, action)
    raise RuntimeError("the hand did not end")


@dataclass
class SeatOutcome:
    """What one seat got from a hand."""

    points: int
    won: bool
    dealt_in: bool


def seat_outcomes(table: Table) -> list[SeatOutcome]:
    result = table.result
    assert result is not None, "the hand is not over"
    winners = {w.seat for w in result.wins}
    feeders = {w.discarder for w in result.wins if w.discarder is not None}
    return [SeatOutcome(result.deltas[s], s in winners, s in feeders) for s in range(4)]


@dataclass
class DuplicateDeal:
    """One wall played four times, the tested bot in seat 0, 1, 2 and 3."""

    seed: int
    tested: list[SeatOutcome] = field(default_factory=list)  # per seating
    others: list[list[SeatOutcome]] = field(default_factory=list)  # the three baseline seats per seating

    @property
    def edge(self) -> float:
        """Tested points minus the baseline seats' mean, averaged over the seatings."""
        diffs = [t.points - sum(o.points for o in others) / 3 for t, others in zip(self.tested, self.others)]
        return sum(diffs) / len(diffs)


def duplicate_deal(
    ruleset: str,
    seed: int,
    bot: Bot,
    baseline: Bot,
    *,
    preset: str | None = None,
    options: dict[str, Any] | None = None,
    on_decision: Callable[[int, Bot, float, int], None] | None = None,
) -> DuplicateDeal:
    rs = get_ruleset(ruleset, preset, options)
    deal = DuplicateDeal(seed)
    for seat in range(4):
        bots = [bot if s == seat else baseline for s in range(4)]
        table = play_hand(rs.new_table(seed=seed), bots, on_decision=on_decision)
        outcomes = seat_outcomes(table)
        deal.tested.append(outcomes[seat])
        deal.others.append([o for s, o in enumerate(outcomes) if s != seat])
    return deal


def mean_ci95(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (normal approximation).

    >>> mean_ci95([1.0, 2.0, 3.0])
    (2.0, 1.132)
    """
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return round(mean, 3), round(half, 3)
