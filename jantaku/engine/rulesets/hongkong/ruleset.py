"""The Hong Kong Old Style match (DMJL "Easy"): deals, wind rounds, seats and its end.

* East keeps the deal while East wins; after any other win *or a draw* the
  deal passes on (a DMJL deviation: elsewhere East keeps it after a draw).
* Four wind rounds, each ending when the deal has gone round once: at least
  16 hands plus East's repeats.
* Seat rotation (option): after the East, South and West rounds the players
  change seats (:data:`SEATINGS`); each round starts with whoever then sits
  in the East seat.
* Chip stake (option): everyone starts with that many chips; the match ends
  with the hand in which somebody goes bankrupt (is left with nothing).
* Time limit (option): the engine keeps no clock, so whoever runs the match
  asks :meth:`HongKongRuleset.time_is_up` and stops it at once.

    >>> rs = HongKongRuleset()
    >>> rs.first_context().extra["seating"]
    [0, 1, 2, 3]
    >>> [HongKongRuleset(options={"seat_rotation": True}).seating(r) for r in range(4)]
    [[0, 1, 2, 3], [1, 0, 3, 2], [2, 3, 1, 0], [3, 2, 0, 1]]
"""

from __future__ import annotations

from ...results import HandResult
from ...ruleset import Lazy, LazyClasses, Ruleset, VariantBots
from ...table import HandContext
from .events import EVENT_TYPES
from . import scoring as _scoring
from .options import DEFAULT_PRESET, PRESETS, HongKongOptions
from .table import HongKongTable
from ...scoretable import FAN, LIMIT_HANDS as SECTION_LIMIT, ScoringLine

# The player (by the wind first drawn: 0 E, 1 S, 2 W, 3 N) in the East, South, West and North
# seat during each round.  After the East round East↔South and West↔North swap; after the South
# round East and South cross the table, West moves on counter-clockwise and North clockwise; after
# the West round the first swap again.
SEATINGS: tuple[tuple[int, int, int, int], ...] = ((0, 1, 2, 3), (1, 0, 3, 2), (2, 3, 1, 0), (3, 2, 0, 1))


class HongKongRuleset(Ruleset):
    name = "hongkong"
    title = "Hong Kong Old Style"
    Options = HongKongOptions
    presets = PRESETS
    default_preset = DEFAULT_PRESET
    table_class = HongKongTable
    event_types = EVENT_TYPES
    score_request = staticmethod(_scoring.score_request)
    bots = VariantBots(
        named=LazyClasses(f"{__package__}.bot", {"hongkong": "HongKongBot", "hk": "HongKongBot"}),
        levels=LazyClasses(f"{__package__}.bot", {"strong": "StrongHongKongBot"}),
        strategy=Lazy(f"{__package__}.strategy", "HongKongStrategy"),
    )
    summary = (
        "Fan scoring, 144 tiles with flowers and seasons. Only the winner scores: the "
        "discarder pays double, the others single; self-drawn, all pay double. "
        "East keeps the deal while winning; four wind rounds."
    )

    options: HongKongOptions

    def scoring_table(self) -> tuple[ScoringLine, ...]:
        """The fan table's lines these options count, then the limit hands (worth the limit)."""
        from .fan_table import FAN_TABLE, LIMIT_HANDS

        fan = tuple(ScoringLine(FAN, rule.name, rule.fan, "fan") for rule in FAN_TABLE if rule.applies(self.options))
        return fan + tuple(ScoringLine(SECTION_LIMIT, hand.name, self.options.limit_fan, "fan") for hand in LIMIT_HANDS)

    def seating(self, round_wind: int) -> list[int]:
        """The players in turn order from the East seat during ``round_wind``'s round."""
        return list(SEATINGS[round_wind] if self.options.seat_rotation else SEATINGS[0])

    def start_scores(self) -> list[int]:
        return [self.options.chip_stake] * 4

    def first_context(self) -> HandContext:
        return HandContext(
            dealer=0, round_wind=0, hand_number=0, scores=tuple(self.start_scores()), extra={"seating": self.seating(0)}
        )

    def next_context(self, context: HandContext, result: HandResult, scores: list[int]) -> HandContext | None:
        if self.options.chip_stake and min(scores) <= 0:
            return None
        if any(w.seat == context.dealer for w in result.wins):
            return HandContext(
                dealer=context.dealer,
                round_wind=context.round_wind,
                hand_number=context.hand_number + 1,
                scores=tuple(scores),
                extra=dict(context.extra),
            )
        seating = context.extra.get("seating", self.seating(context.round_wind))
        position = seating.index(context.dealer) + 1
        round_wind = context.round_wind
        if position == 4:
            round_wind += 1
            if round_wind == 4:
                return None
            seating, position = self.seating(round_wind), 0
        return HandContext(
            dealer=seating[position],
            round_wind=round_wind,
            hand_number=context.hand_number + 1,
            scores=tuple(scores),
            extra={**context.extra, "seating": list(seating)},
        )

    def has_time_limit(self) -> bool:
        return bool(self.options.time_limit_minutes)

    def time_is_up(self, elapsed_minutes: float) -> bool:
        """Whether the agreed playing time is over (the match stops at once); never without a limit."""
        return bool(self.options.time_limit_minutes) and elapsed_minutes >= self.options.time_limit_minutes


RULESET = HongKongRuleset
