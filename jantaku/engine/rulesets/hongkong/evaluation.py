"""Valuing a winning hand: the best reading under the fan table, and the fan minimum.

>>> from jantaku.engine.melds import parse_hand
>>> from jantaku.engine.tiles import parse_kinds
>>> from .options import HongKongOptions
>>> hand = parse_hand("123m456m789m11z pon:555z")
>>> win = WinFacts(seat=0, round=0, self_drawn=False, discarder=3)
>>> value = best_value(hand, parse_kinds("1z")[0], win, HongKongOptions())
>>> [(i.name, i.value) for i in value.items], value.fan
([('White Dragon Pung', 1), ('Mixed One Suit', 3), ('No Bonus Tiles', 1)], 5)
"""

from __future__ import annotations

from dataclasses import dataclass

from ...analysis import is_complete
from ...melds import HandSpec
from ...scoring import ScoreItem
from ...tiles import counts34
from .fan_table import FAN_TABLE, LIMIT_HANDS, points
from .hand import Arrangement, WinFacts, arrangements
from .options import HongKongOptions

LIMIT_REACHED = "Limit"  # the limit name of an ordinary hand whose fan reach the limit


@dataclass(frozen=True)
class HandValue:
    """The value of one reading of a winning hand."""

    items: tuple[ScoreItem, ...]
    fan: int  # the sum of the items (a limit hand: the limit)
    counted_fan: int  # the fan toward the minimum: bonus-tile fan left out
    limit_fan: int
    limit_hand: str | None  # the limit hand's name, if it is one
    patterns: frozenset[str]  # every fan-table entry and limit hand that holds, limit or not

    @property
    def capped_fan(self) -> int:
        return min(self.fan, self.limit_fan)

    @property
    def limit(self) -> str | None:
        """The limit reached: a limit hand's name, ``"Limit"`` for fan at the cap, else None."""
        if self.limit_hand is not None:
            return self.limit_hand
        return LIMIT_REACHED if self.fan >= self.limit_fan else None

    def score(self, options: HongKongOptions) -> int:
        return points(self.capped_fan, options.fan_table)

    def meets_minimum(self, options: HongKongOptions) -> bool:
        return self.counted_fan >= options.min_fan

    def _rank(self) -> tuple[int, int, int]:
        return self.capped_fan, self.counted_fan, self.fan


def value_of(arrangement: Arrangement, options: HongKongOptions) -> HandValue:
    """Apply the fan table and the limit hands to one reading."""
    rules = [r for r in FAN_TABLE if r.applies(options) and r.holds(arrangement)]
    limits = [h.name for h in LIMIT_HANDS if h.holds(arrangement)]
    patterns = frozenset(r.name for r in rules) | frozenset(limits)
    if limits:
        item = ScoreItem(limits[0], options.limit_fan, "limit")
        return HandValue((item,), options.limit_fan, options.limit_fan, options.limit_fan, limits[0], patterns)
    items = tuple(ScoreItem(r.name, r.fan, "fan") for r in rules)
    counted = sum(r.fan for r in rules if not r.bonus)
    return HandValue(items, sum(r.fan for r in rules), counted, options.limit_fan, None, patterns)


def best_value(hand: HandSpec, win_kind: int, win: WinFacts, options: HongKongOptions) -> HandValue | None:
    """The most valuable reading of a complete hand, or None if the hand is not complete."""
    values = [value_of(a, options) for a in arrangements(hand, win_kind, win)]
    return max(values, key=HandValue._rank, default=None)


def is_legal_win(hand: HandSpec, win_kind: int, win: WinFacts, options: HongKongOptions) -> bool:
    """Whether ``hand`` may go out: complete, and worth the minimum fan.

    Cheap enough to call for every candidate action: without a fan minimum it
    only checks the shape.
    """
    if options.min_fan == 0:
        return len(hand.concealed) + 3 * len(hand.melds) == 14 and is_complete(
            counts34(hand.concealed), len(hand.melds), seven_pairs=False
        )
    value = best_value(hand, win_kind, win, options)
    return value is not None and value.meets_minimum(options)
