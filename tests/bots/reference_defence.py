"""The defence's wait weights as they were before issue 18's speed-up, kept as the reference.

``tests/bots/test_defence_speed.py`` checks :func:`jantaku.engine.bots.defence.wait_chances`
against these on random opponents.  Copied unchanged but for the imports.
"""

from __future__ import annotations

from jantaku.engine.bots.defence import (
    _AVAILABLE,
    CLOSED,
    EDGE,
    HONOR_PAIR,
    HONOR_SINGLE,
    OWN_DISCARD_NO_FURITEN,
    PAIR_OR_SINGLE,
    SUJI_NO_FURITEN,
    TWO_SIDED,
    WAITS_PER_HAND,
    Signals,
    _dragon_pungs,
    meld_signals,
)
from jantaku.engine.bots.seat import Opponent
from jantaku.engine.tiles import DRAGONS, is_honor


def wait_weight(
    kind: int,
    opp: Opponent,
    unseen: list[int],
    *,
    furiten: bool,
    passed: frozenset[int] = frozenset(),
    signals: Signals | None = None,
    ruled_out: frozenset[int] | None = None,
) -> float:
    """How likely ``kind`` is among the opponent's winning tiles, given it is ready (roughly 0..0.4).

    ``unseen`` counts copies this seat cannot see (they may be in the opponent's
    hand); ``furiten`` says a player cannot win on a tile it threw (riichi);
    ``passed`` are kinds it cannot win on by a discard: thrown after its riichi
    (it let them pass), or since its hand last changed
    (:meth:`.SeatReading.passed_since_change`).  ``signals`` (:func:`meld_signals`) and ``ruled_out``
    (its discards and ``passed``) may be given when asking for many kinds of one opponent.
    """
    if kind in passed or furiten and kind in opp.discarded:
        return 0.0
    own = 1.0 if kind not in opp.discarded else OWN_DISCARD_NO_FURITEN
    if signals is None:
        signals = meld_signals(opp)
    if is_honor(kind):
        left = unseen[kind]
        weight = HONOR_PAIR if left >= 2 else HONOR_SINGLE if left == 1 else 0.0
        if signals.flush_suit is not None or kind in DRAGONS and _dragon_pungs(opp) >= 2:
            weight *= 2.5
        return weight * own
    weight = _number_weight(kind, opp, unseen, furiten, passed, ruled_out)
    if signals.all_pungs:
        weight = PAIR_OR_SINGLE * _AVAILABLE[min(unseen[kind], 4)] * 2
    if signals.flush_suit is not None:
        weight *= 1.8 if kind - kind % 9 == signals.flush_suit else 0.15
    return weight * own


def wait_chances(
    opp: Opponent, unseen: list[int], *, furiten: bool, passed: frozenset[int] = frozenset(), honors: bool = True
) -> list[float]:
    """For every kind, the chance it is among the opponent's waits, given it is ready.

    The wait weights are scaled so that they add up to the typical number of
    waits, which turns "more or less likely" into a probability.
    """
    kinds = range(34) if honors else range(27)
    raw = [0.0] * 34
    signals, ruled_out = meld_signals(opp), opp.discarded | passed
    for k in kinds:
        raw[k] = wait_weight(k, opp, unseen, furiten=furiten, passed=passed, signals=signals, ruled_out=ruled_out)
    total = sum(raw)
    if total <= 0:
        return raw
    scale = WAITS_PER_HAND / total
    return [min(0.9, w * scale) for w in raw]


def _number_weight(
    kind: int,
    opp: Opponent,
    unseen: list[int],
    furiten: bool,
    passed: frozenset[int],
    ruled_out: frozenset[int] | None = None,
) -> float:
    n = kind % 9  # 0-8
    if ruled_out is None:
        ruled_out = opp.discarded | passed

    def avail(*kinds: int) -> float:
        out = 1.0
        for k in kinds:
            out *= _AVAILABLE[min(unseen[k], 4)]
        return out

    def other_wait_factor(other: int | None) -> float:
        if other is None or other not in ruled_out:
            return 1.0
        return 0.0 if furiten or other in passed else SUJI_NO_FURITEN

    weight = 0.0
    if n <= 6:  # shape kind+1, kind+2: two-sided with kind+3 (edge when it is 8-9)
        other = kind + 3 if n <= 5 else None
        weight += (TWO_SIDED if other is not None else EDGE) * avail(kind + 1, kind + 2) * other_wait_factor(other)
    if n >= 2:  # shape kind-2, kind-1
        other = kind - 3 if n >= 3 else None
        weight += (TWO_SIDED if other is not None else EDGE) * avail(kind - 1, kind - 2) * other_wait_factor(other)
    if 1 <= n <= 7:
        weight += CLOSED * avail(kind - 1, kind + 1)
    weight += PAIR_OR_SINGLE * _AVAILABLE[min(unseen[kind], 4)]
    return weight
