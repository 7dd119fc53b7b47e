"""How the level bots value a classical hand: points doubled by doubles, paid four to six times.

A win is worth its score times what the losers pay (4×, 6× for East: the
discarder pays it all, or everybody pays on a self-draw).  Before a hand is
ready its score is estimated from what it holds — the points of its pungs
and kongs and the doubles of its honour pungs (a pair of them counts half a
double: it may still become a pung) — and the plans add their doubles: one
suit with honours (1), one suit only (3), all pungs (1, and pung points).
A ready hand is scored exactly, wait by wait, with the classical scorer.

Dealing in costs the winner's score 4× (6× to East) under the classical
preset; under ``dangerous_only`` (DMJL) only a *dangerous* discard costs
that, and :mod:`.danger`'s tiles are penalised accordingly.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...bots.patterns import ALL_KINDS, HonourSets, flush_kinds, flush_plans
from ...bots.seat import Opponent, SeatReading, ShownMeld, hand_spec
from ...bots.strategy import Plan, Strategy, for_last_hand
from ...tiles import NUM_KINDS, is_terminal_or_honor
from .danger import dangerous_kinds
from .options import ClassicalOptions
from .points import MAH_JONG_POINTS, SET_POINTS
from .hand import Shape
from .scorer import round_up, score_win
from .situation import Situation, Win
from .view import ClassicalView

TYPICAL_WIN = 60  # the score of a typical winning hand (before doubles shown in melds)
PAIR_DOUBLE_CHANCE = 0.5  # a pair of scoring honours becomes a pung about this often
PUNG_PLAN_POINTS = 12  # extra points an all-pungs hand typically collects
ONE_SUIT_DOUBLES = {True: 1, False: 3}  # by: with honours


# the points of a concealed pung of each kind
_HELD_PUNG_POINTS = tuple(SET_POINTS[Shape.PUNG, is_terminal_or_honor(k)][1] for k in range(NUM_KINDS))

# A ready hand's score on a discarded wait, by everything the scorer reads: a hand that stays
# ready is weighed again at each of its turns.
HandKey = tuple[tuple[int, ...], tuple[ShownMeld, ...], tuple[int, ...], ClassicalOptions, int, int]
_wait_scores: dict[tuple[HandKey, int], int | None] = {}
_WAIT_SCORES_SIZE = 1 << 14
_UNSCORED = -1  # not scored yet (a score is never negative)


def view_options(sv: SeatReading) -> ClassicalOptions:
    """The classical options the view publishes (the defaults where it says nothing)."""
    if "classical_options" not in sv.cache:
        facts = sv.view.ext(ClassicalView)
        given = dict(facts.options) if facts is not None else {}
        fields = ClassicalOptions.__dataclass_fields__
        sv.cache["classical_options"] = ClassicalOptions(**{k: v for k, v in given.items() if k in fields})
    return sv.cache["classical_options"]


class ClassicalStrategy(Strategy):
    variant = "classical"
    forms = {"seven_pairs": False, "thirteen_orphans": True}
    looks = 1.0
    wait_looks = 2.5
    hazard = 0.08
    # Weighing danger on every discard made ``strong`` win clearly less often than the baseline
    # (0.22 against 0.26 per hand) for fewer deal-ins, and it came out behind ``normal``'s simple
    # fold rule over 150 and 500 duplicate deals (+16 and +0.6 against +21 and +6 points a hand).
    weigh_danger = False

    # --- worth -------------------------------------------------------------------------------------

    def multiplier(self, sv: SeatReading) -> int:
        """What the losers pay the winner, in multiples of its score."""
        return 6 if sv.wind == 0 else 4

    def estimated_score(
        self,
        sv: SeatReading,
        counts: list[int],
        melds: Sequence[ShownMeld],
        extra_doubles: float = 0.0,
        extra_points: int = 0,
    ) -> float:
        points, doubles = self._held_score(sv, counts, melds)
        limit = view_options(sv).limit
        return min(limit, round_up(points + extra_points) * 2 ** (doubles + extra_doubles))

    def _held_score(self, sv: SeatReading, counts: list[int], melds: Sequence[ShownMeld]) -> tuple[int, float]:
        """(points, doubles) of what the hand holds, before a plan's extras (once per hand)."""
        return for_last_hand(sv, "classical_held", counts, melds, lambda: self._held(sv, counts, melds))

    def _held(self, sv: SeatReading, counts: list[int], melds: Sequence[ShownMeld]) -> tuple[int, float]:
        honours = HonourSets(sv.wind, sv.round_wind)
        points = MAH_JONG_POINTS + 4 * len(sv.me.bonus)
        for m in melds:
            if m.is_pung:
                kong = len(m.kinds) == 4
                shape = Shape.KONG if kong else Shape.PUNG
                points += SET_POINTS[shape, is_terminal_or_honor(m.kind)][m.is_concealed]
        points += sum([_HELD_PUNG_POINTS[k] for k, c in enumerate(counts) if c >= 3])
        return points, honours.pungs(counts, melds) + PAIR_DOUBLE_CHANCE * honours.pairs(counts)

    def hand_value(self, sv: SeatReading, counts: list[int], melds: Sequence[ShownMeld]) -> float:
        return self.estimated_score(sv, counts, melds) * self.multiplier(sv)

    def plans(self, sv: SeatReading, counts: list[int], melds: Sequence[ShownMeld]) -> Iterable[Plan]:
        for suit, with_honours in flush_plans(counts, melds):
            doubles = ONE_SUIT_DOUBLES[with_honours]
            value = self.estimated_score(sv, counts, melds, extra_doubles=doubles) * self.multiplier(sv)
            yield Plan(f"one suit{' with honours' if with_honours else ''}", flush_kinds(suit, with_honours), value)
        if all(m.is_pung for m in melds):
            value = self.estimated_score(
                sv, counts, melds, extra_doubles=1, extra_points=PUNG_PLAN_POINTS
            ) * self.multiplier(sv)
            yield Plan("all pungs", ALL_KINDS, value, pungs_only=True)

    def ready_value(
        self, sv: SeatReading, counts: list[int], melds: Sequence[ShownMeld], waits: Sequence[int]
    ) -> tuple[int, float]:
        options = view_options(sv)
        accepted, total = 0, 0.0
        hand: HandKey | None = None
        for w in waits:
            left = sv.unseen[w]
            if not left:
                continue
            if hand is None:
                hand = (tuple(counts), tuple(melds), tuple(sv.me.bonus), options, sv.wind, sv.round_wind)
            score = _wait_scores.get((hand, w), _UNSCORED)
            if score == _UNSCORED:
                win = Win(w, self_drawn=False)
                scored = score_win(hand_spec(sv, counts, melds, w), Situation(options, sv.wind, sv.round_wind, win))
                score = None if scored is None else scored.score
                if len(_wait_scores) >= _WAIT_SCORES_SIZE:
                    _wait_scores.clear()
                _wait_scores[hand, w] = score
            if score is None:
                continue
            accepted += left
            total += left * score
        if not accepted:
            return 0, 0.0
        return accepted, total / accepted * self.multiplier(sv)

    # --- danger --------------------------------------------------------------------------------------

    def deal_in_loss(self, sv: SeatReading, opp: Opponent) -> float:
        honours = HonourSets(opp.wind, sv.round_wind)
        shown = sum(honours.weight(m.kind) for m in opp.melds if m.is_pung)
        score = min(view_options(sv).limit, TYPICAL_WIN * 2**shown)
        if view_options(sv).discard_payment == "dangerous_only":
            return score  # paid like a self-draw, the discarder's share only
        return score * (6 if opp.wind == 0 else 4)

    def extra_danger(self, sv: SeatReading, kind: int) -> float:
        if view_options(sv).discard_payment != "dangerous_only":
            return 0.0
        penalty = 0.0
        for opp in sv.opponents:
            if kind in dangerous_kinds([m.to_meld() for m in opp.melds]):
                penalty += view_options(sv).limit  # paying for everyone, probably a big hand
        return penalty * 0.3

    def kong_bonus(self, sv: SeatReading, action) -> float:
        return 8.0 * self.multiplier(sv)  # a kong scores four times a pung's points
