"""The level bots' hand evaluation as it was before issue 29 (2b6f473), kept as the reference.

``tests/bots/test_discard_evaluation.py`` checks :meth:`Strategy.evaluate_discards` (one
evaluation per candidate discard, sharing their work) against these on the positions of seeded
self-play.  Copied unchanged but for the names: ``evaluate`` and ``_evaluate_plan`` as functions
of the strategy, ``patterns.flush_plans``, ``pung_shanten`` and ``pung_acceptance``,
``efficiency._complete_within``, and the Classical and Hong Kong hooks that were changed (the held score
worked out per call, every wait scored anew).
"""

from __future__ import annotations

from collections.abc import Sequence

from jantaku.engine.analysis import shanten
from jantaku.engine.bots.efficiency import acceptance, win_chance
from jantaku.engine.bots.patterns import FLUSH_MIN_SHARE, SUIT_STARTS, HonourSets
from jantaku.engine.bots.seat import SeatReading, ShownMeld, hand_spec
from jantaku.engine.bots.strategy import PUNG_PLAN_SCALE, Evaluation, Plan, Strategy
from jantaku.engine.rulesets.classical.points import MAH_JONG_POINTS, SET_POINTS
from jantaku.engine.rulesets.classical.hand import Shape
from jantaku.engine.rulesets.classical.scorer import round_up, score_win
from jantaku.engine.rulesets.classical.situation import Situation, Win
from jantaku.engine.rulesets.classical.strategy import PAIR_DOUBLE_CHANCE, ClassicalStrategy, view_options
from jantaku.engine.rulesets.hongkong.evaluation import best_value
from jantaku.engine.rulesets.hongkong.fan_table import points
from jantaku.engine.rulesets.hongkong.hand import WinFacts
from jantaku.engine.rulesets.hongkong.strategy import (
    PAID_SHARES,
    PAIR_FAN_CHANCE,
    HongKongStrategy,
    fan_points,
    options,
)
from jantaku.engine.tiles import is_honor, is_terminal_or_honor, kind_of


def flush_plans(counts: list[int], melds: Sequence[ShownMeld], *, honors: bool = True) -> list[tuple[int, bool]]:
    meld_suits = {k - k % 9 for m in melds for k in m.kinds if not is_honor(k)}
    if len(meld_suits) > 1:
        return []
    by_suit = {
        s: sum(counts[s : s + 9])
        + sum(len(m.kinds) for m in melds if m.kinds[0] - m.kinds[0] % 9 == s and not is_honor(m.kinds[0]))
        for s in SUIT_STARTS
    }
    honour_tiles = sum(counts[27:34]) + sum(len(m.kinds) for m in melds if is_honor(m.kinds[0]))
    total = sum(by_suit.values()) + honour_tiles
    suit = max(SUIT_STARTS, key=lambda s: (by_suit[s], -s))
    if meld_suits and suit not in meld_suits:
        return []
    out = []
    if honors and (by_suit[suit] + honour_tiles) >= FLUSH_MIN_SHARE * total:
        out.append((suit, True))
    if by_suit[suit] >= FLUSH_MIN_SHARE * total and not any(is_honor(m.kinds[0]) for m in melds):
        out.append((suit, False))
    return out


def complete_within(step_chances: tuple[float, ...], draws: int, hazard: float) -> float:
    # dist[i]: probability of having finished i steps (and the hand still going)
    dist = [1.0] + [0.0] * len(step_chances)
    for _ in range(draws):
        for i in range(len(step_chances)):
            dist[i] *= 1 - hazard
        for i in range(len(step_chances) - 1, -1, -1):
            moved = dist[i] * step_chances[i]
            dist[i] -= moved
            dist[i + 1] += moved
    return dist[-1]


def pung_shanten(counts: list[int], melds: int) -> int:
    need = 4 - melds
    pungs = sum(1 for c in counts if c >= 3)
    pairs = sum(1 for c in counts if c == 2)
    eye = 1 if pairs else 0
    partial = min(max(0, pairs - eye), max(0, need - pungs))
    return 2 * need - 2 * min(pungs, need) - partial - eye


def pung_acceptance(counts: list[int], melds: int, unseen: list[int]) -> tuple[int, int, tuple[int, ...]]:
    base = pung_shanten(counts, melds)
    useful, total = [], 0
    for k in range(34):
        if not counts[k] or counts[k] >= 4 or not unseen[k]:
            continue
        counts[k] += 1
        if pung_shanten(counts, melds) < base:
            useful.append(k)
            total += unseen[k]
        counts[k] -= 1
    return base, total, tuple(useful)


def chance(self: Strategy, sv: SeatReading, sh: int, accept: int, typical_scale: float = 1.0) -> float:
    return win_chance(
        sh,
        accept,
        sv.unseen_total,
        sv.draws_left,
        looks=self.looks,
        wait_looks=self.wait_looks,
        hazard=self.hazard,
        typical_scale=typical_scale,
    )


def evaluate(
    self: Strategy, sv: SeatReading, counts: list[int], melds: Sequence[ShownMeld], *, use_plans: bool = True
) -> Evaluation:
    n = len(melds)
    sh, accept, useful = acceptance(counts, n, sv.unseen, **self.forms)
    if sh == 0:
        accept, value = self.ready_value(sv, counts, melds, useful)
    elif sh < 0:
        value = self.hand_value(sv, counts, melds)
    else:
        value = self.hand_value(sv, counts, melds)
    chance_ = chance(self, sv, sh, accept)
    best = Evaluation(chance_ * value, sh, accept, value, chance_, "", sh)
    if not use_plans:
        return best
    for plan in self.plans(sv, counts, melds):
        ev = evaluate_plan(self, sv, counts, melds, plan, sh)
        if ev is not None and ev.ev > best.ev:
            best = ev
    return best


def evaluate_plan(
    self: Strategy, sv: SeatReading, counts: list[int], melds: Sequence[ShownMeld], plan: Plan, plain_shanten: int
) -> Evaluation | None:
    kept = [c if k in plan.kinds else 0 for k, c in enumerate(counts)]
    n = len(melds)
    unseen = [u if k in plan.kinds else 0 for k, u in enumerate(sv.unseen)]
    if plan.pungs_only:
        sh, accept, useful = pung_acceptance(kept, n, unseen)
        if sh > plain_shanten + 2:
            return None
    else:
        if shanten(kept, n, **self.forms) > plain_shanten + 2:
            return None
        sh, accept, useful = acceptance(kept, n, unseen, **self.forms)
    if sh == 0:
        accept, value = self.ready_value(sv, kept, melds, useful)
        value = max(value, plan.value)
    else:
        value = plan.value
    scale = PUNG_PLAN_SCALE if plan.pungs_only else len(plan.kinds) / 34
    chance_ = chance(self, sv, sh, accept, scale)
    return Evaluation(chance_ * value, sh, accept, value, chance_, plan.name, plain_shanten)


class ReferenceClassical(ClassicalStrategy):
    def estimated_score(
        self,
        sv: SeatReading,
        counts: list[int],
        melds: Sequence[ShownMeld],
        extra_doubles: float = 0.0,
        extra_points: int = 0,
    ) -> float:
        honours = HonourSets(sv.wind, sv.round_wind)
        points = MAH_JONG_POINTS + extra_points + 4 * len(sv.me.bonus)
        for m in melds:
            if m.is_pung:
                kong = len(m.kinds) == 4
                shape = Shape.KONG if kong else Shape.PUNG
                points += SET_POINTS[shape, is_terminal_or_honor(m.kind)][m.is_concealed]
        for k, c in enumerate(counts):
            if c >= 3:
                points += SET_POINTS[Shape.PUNG, is_terminal_or_honor(k)][1]
        doubles = honours.pungs(counts, melds) + PAIR_DOUBLE_CHANCE * honours.pairs(counts) + extra_doubles
        limit = view_options(sv).limit
        return min(limit, round_up(points) * 2**doubles)

    def ready_value(
        self, sv: SeatReading, counts: list[int], melds: Sequence[ShownMeld], waits: Sequence[int]
    ) -> tuple[int, float]:
        options = view_options(sv)
        accepted, total = 0, 0.0
        for w in waits:
            left = sv.unseen[w]
            if not left:
                continue
            win = Win(w, self_drawn=False)
            scored = score_win(hand_spec(sv, counts, melds, w), Situation(options, sv.wind, sv.round_wind, win))
            if scored is None:
                continue
            accepted += left
            total += left * scored.score
        if not accepted:
            return 0, 0.0
        return accepted, total / accepted * self.multiplier(sv)


class ReferenceHongKong(HongKongStrategy):
    def fan_estimate(self, sv: SeatReading, counts: list[int], melds: Sequence[ShownMeld], extra: float = 0) -> float:
        honours = HonourSets(sv.wind, sv.round_wind)
        fan = honours.pungs(counts, melds) + PAIR_FAN_CHANCE * honours.pairs(counts) + extra
        if all(m.is_concealed for m in melds):
            fan += 1
        return fan

    def value_of_fan(self, sv: SeatReading, fan: float) -> float:
        opts = options(sv)
        if fan < opts.min_fan:
            return 0.0
        return fan_points(fan + self.bonus_fan(sv), opts) * PAID_SHARES

    def ready_value(
        self, sv: SeatReading, counts: list[int], melds: Sequence[ShownMeld], waits: Sequence[int]
    ) -> tuple[int, float]:
        opts = options(sv)
        facts = WinFacts(
            seat=sv.wind,
            round=sv.round_wind,
            self_drawn=False,
            discarder=(sv.wind + 1) % 4,
            bonus=frozenset(kind_of(t) for t in sv.me.bonus),
        )
        accepted, total = 0, 0.0
        for w in waits:
            left = sv.unseen[w]
            if not left:
                continue
            value = best_value(hand_spec(sv, counts, melds, w), w, facts, opts)
            if value is None or not value.meets_minimum(opts):
                continue
            accepted += left
            total += left * points(value.capped_fan, opts.fan_table) * PAID_SHARES
        return (accepted, total / accepted) if accepted else (0, 0.0)
