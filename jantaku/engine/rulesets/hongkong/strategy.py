"""How the level bots value a Hong Kong hand: fan, the points they make, and the fan minimum.

A win brings its points (:func:`.fan_table.points`) from every loser: two
shares from the discarder and one from each other player, two each on a
self-draw — about 4½ times the points.  Before a hand is ready its fan are
estimated from what it holds: scoring honour pungs (a pair counts half),
a concealed hand, the bonus tiles; the plans add mixed one suit (3), full
flush (7) and all pungs (3).  A ready hand is valued exactly, wait by wait,
and a wait that does not reach the minimum fan counts for nothing — so the
bots never steer for a hand that cannot legally win.

With the liability option, a tile that another player's shown pungs make
dangerous (:mod:`.liability`) is penalised: dealing it in pays for everyone.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...bots.patterns import ALL_KINDS, HonourSets, flush_kinds, flush_plans
from ...bots.seat import Opponent, SeatReading, ShownMeld, hand_spec
from ...bots.strategy import Plan, Strategy, for_last_hand
from ...tiles import SUIT_OFFSET, kind_of
from .bot import dangerous_to_others, view_options
from .evaluation import best_value
from .fan_table import points
from .hand import WinFacts
from .options import HongKongOptions

PAID_SHARES = 4.5  # a win's points times this: 2 + 1 + 1 on a discard, 2 + 2 + 2 self-drawn
DEAL_IN_SHARES = 2
PAIR_FAN_CHANCE = 0.5
TYPICAL_FAN = 2  # an opponent's hand before what its melds show
FLUSH_FAN = {True: 3, False: 7}  # by: with honours
ALL_PUNGS_FAN = 3
LIABILITY_WEIGHT = 0.3  # the chance a dangerous tile actually completes the big hand


# A ready hand's points on a discarded wait (None: no legal win), by everything the scorer reads:
# a hand that stays ready is weighed again at each of its turns.
HandKey = tuple[tuple[int, ...], tuple[ShownMeld, ...], tuple[int, ...], HongKongOptions, int, int]
_wait_worths: dict[tuple[HandKey, int], int | None] = {}
_WAIT_WORTHS_SIZE = 1 << 14
_UNSCORED = -1  # not scored yet (points are never negative)


def options(sv: SeatReading) -> HongKongOptions:
    if "hk_options" not in sv.cache:
        sv.cache["hk_options"] = view_options(sv.view)
    return sv.cache["hk_options"]


def fan_points(fan: float, opts: HongKongOptions) -> float:
    """Points of a (possibly fractional, estimated) fan count, capped at the limit."""
    fan = max(0.0, min(fan, opts.limit_fan))
    low = int(fan)
    high = min(low + 1, opts.limit_fan)
    a, b = points(low, opts.fan_table), points(high, opts.fan_table)
    return a + (b - a) * (fan - low)


class HongKongStrategy(Strategy):
    variant = "hongkong"
    forms = {"seven_pairs": False, "thirteen_orphans": True}
    looks = 1.0
    wait_looks = 2.5
    hazard = 0.08
    weigh_danger = False  # a deal-in costs one share more than another's win: 2 of 4 instead of 1

    def bonus_fan(self, sv: SeatReading) -> int:
        opts = options(sv)
        if not opts.bonus_tiles:
            return 0
        bonus = sv.me.bonus
        if not bonus:
            return 1  # no bonus tiles
        own = {SUIT_OFFSET["f"] + sv.wind, SUIT_OFFSET["y"] + sv.wind}
        return sum(1 for t in bonus if kind_of(t) in own)

    def fan_estimate(self, sv: SeatReading, counts: list[int], melds: Sequence[ShownMeld], extra: float = 0) -> float:
        """Fan toward the minimum (bonus-tile fan left out)."""
        held, concealed = self._held_fan(sv, counts, melds)
        fan = held + extra
        if concealed:
            fan += 1
        return fan

    def _held_fan(self, sv: SeatReading, counts: list[int], melds: Sequence[ShownMeld]) -> tuple[float, bool]:
        """(fan of the honours held, whether every meld is concealed), before a plan's extras
        (once per hand)."""
        return for_last_hand(sv, "hk_held", counts, melds, lambda: self._held(sv, counts, melds))

    def _held(self, sv: SeatReading, counts: list[int], melds: Sequence[ShownMeld]) -> tuple[float, bool]:
        honours = HonourSets(sv.wind, sv.round_wind)
        return (
            honours.pungs(counts, melds) + PAIR_FAN_CHANCE * honours.pairs(counts),
            all(m.is_concealed for m in melds),
        )

    def value_of_fan(self, sv: SeatReading, fan: float) -> float:
        values = sv.cache.get("hk_fan_values")  # this decision's, by fan
        if values is None:
            values = sv.cache["hk_fan_values"] = {}
        value = values.get(fan)
        if value is None:
            opts = options(sv)
            value = values[fan] = (
                0.0 if fan < opts.min_fan else fan_points(fan + self.bonus_fan(sv), opts) * PAID_SHARES
            )
        return value

    def hand_value(self, sv: SeatReading, counts: list[int], melds: Sequence[ShownMeld]) -> float:
        return self.value_of_fan(sv, self.fan_estimate(sv, counts, melds))

    def plans(self, sv: SeatReading, counts: list[int], melds: Sequence[ShownMeld]) -> Iterable[Plan]:
        for suit, with_honours in flush_plans(counts, melds):
            fan = self.fan_estimate(sv, counts, melds, FLUSH_FAN[with_honours])
            yield Plan("flush", flush_kinds(suit, with_honours), self.value_of_fan(sv, fan))
        if all(m.is_pung for m in melds):
            fan = self.fan_estimate(sv, counts, melds, ALL_PUNGS_FAN)
            yield Plan("all pungs", ALL_KINDS, self.value_of_fan(sv, fan), pungs_only=True)

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
        hand: HandKey | None = None
        for w in waits:
            left = sv.unseen[w]
            if not left:
                continue
            if hand is None:
                hand = (tuple(counts), tuple(melds), tuple(sv.me.bonus), opts, sv.wind, sv.round_wind)
            worth = _wait_worths.get((hand, w), _UNSCORED)
            if worth == _UNSCORED:
                value = best_value(hand_spec(sv, counts, melds, w), w, facts, opts)
                if value is None or not value.meets_minimum(opts):
                    worth = None
                else:
                    worth = points(value.capped_fan, opts.fan_table)
                if len(_wait_worths) >= _WAIT_WORTHS_SIZE:
                    _wait_worths.clear()
                _wait_worths[hand, w] = worth
            if worth is None:
                continue
            accepted += left
            total += left * worth * PAID_SHARES
        return (accepted, total / accepted) if accepted else (0, 0.0)

    def deal_in_loss(self, sv: SeatReading, opp: Opponent) -> float:
        honours = HonourSets(opp.wind, sv.round_wind)
        shown = sum(honours.weight(m.kind) for m in opp.melds if m.is_pung)
        opts = options(sv)
        return fan_points(max(TYPICAL_FAN, opts.min_fan) + shown, opts) * DEAL_IN_SHARES

    def extra_danger(self, sv: SeatReading, kind: int) -> float:
        if not options(sv).liability:
            return 0.0
        if "hk_danger" not in sv.cache:
            sv.cache["hk_danger"] = dangerous_to_others(sv.view)
        if kind not in sv.cache["hk_danger"]:
            return 0.0
        opts = options(sv)
        return points(opts.limit_fan, opts.fan_table) * 4 * LIABILITY_WEIGHT
