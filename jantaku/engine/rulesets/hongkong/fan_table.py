"""The fan table and the fan → points tables, as data.

Every entry is a name, a fan value and a condition from :mod:`.patterns`.
All entries that hold are added up ("alle Fan sind kumulativ"): a small three
dragons hand also scores its two dragon pungs, all four flowers also score the
own flower, a kong-replacement win also scores self-drawn.  A limit hand scores
the limit and nothing else.  Sources disagree on several values; this is the
common Hong Kong Old Style table the spec (``rules/hongkong.md``) gives, plus
two lines another open implementation has, valued so that the totals agree:
kong on kong (6 + kong replacement 1 + self-drawn 1 = 8) and mixed terminals
and honours (1 + all pungs 3 = 4).  A line with ``when`` belongs to one choice
of an option: ``bouquet=inclusive`` counts all four flowers as 2 fan in all.

    >>> [(rule.name, rule.fan) for rule in FAN_TABLE if rule.fan > 2]  # doctest: +NORMALIZE_WHITESPACE
    [('Kong on Kong', 6), ('All Pungs', 3), ('Mixed One Suit', 3), ('Small Three Dragons', 5),
     ('Full Flush', 7)]
    >>> [points(fan, "half_spicy") for fan in range(11)]
    [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128]
    >>> points(10, "full_spicy")
    1024
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...tiles import DRAGONS, kind_name
from . import patterns as p
from .hand import Arrangement
from .options import HongKongOptions

Condition = Callable[[Arrangement], bool]


@dataclass(frozen=True)
class FanRule:
    """One line of the fan table."""

    name: str
    fan: int
    holds: Condition
    bonus: bool = False  # a bonus-tile fan: absent without bonus tiles, not counted toward the minimum
    when: tuple[str, str] | None = None  # (option, value): the line counts only under that choice

    def applies(self, options: HongKongOptions) -> bool:
        """Whether this line is part of the table under ``options``."""
        if self.bonus and not options.bonus_tiles:
            return False
        return self.when is None or getattr(options, self.when[0]) == self.when[1]


@dataclass(frozen=True)
class LimitHand:
    """A hand that scores the limit, whatever else it holds."""

    name: str
    holds: Condition


FAN_TABLE: tuple[FanRule, ...] = (
    FanRule("Self-Drawn", 1, p.self_drawn),
    FanRule("Concealed Hand", 1, p.concealed_hand),
    FanRule("All Chows", 1, p.all_chows),
    *(FanRule(f"{kind_name(d)} Dragon Pung", 1, p.dragon_pung(d)) for d in DRAGONS),
    FanRule("Seat Wind Pung", 1, p.seat_wind_pung),
    FanRule("Round Wind Pung", 1, p.round_wind_pung),
    FanRule("Robbing a Kong", 1, p.robbing_a_kong),
    FanRule("Last Tile", 1, p.last_tile),
    FanRule("Kong Replacement", 1, p.kong_replacement),
    # 8 in all with the kong replacement and self-drawn it implies (as another open table has it)
    FanRule("Kong on Kong", 6, p.kong_on_kong),
    FanRule("All Pungs", 3, p.all_pungs),
    # 4 in all with the all pungs it implies (the same other table: 4 "including its all pungs")
    FanRule("Mixed Terminals and Honours", 1, p.mixed_terminals_and_honors),
    FanRule("Mixed One Suit", 3, p.mixed_one_suit),
    FanRule("Small Three Dragons", 5, p.small_three_dragons),
    FanRule("Full Flush", 7, p.full_flush),
    FanRule("No Bonus Tiles", 1, p.no_bonus_tiles, bonus=True),
    FanRule("Own Flower", 1, p.own_flower, bonus=True, when=("bouquet", "cumulative")),
    FanRule("Own Season", 1, p.own_season, bonus=True, when=("bouquet", "cumulative")),
    FanRule("Own Flower", 1, p.own_flower_outside_a_bouquet, bonus=True, when=("bouquet", "inclusive")),
    FanRule("Own Season", 1, p.own_season_outside_a_bouquet, bonus=True, when=("bouquet", "inclusive")),
    FanRule("All Four Flowers", 2, p.all_four_flowers, bonus=True),
    FanRule("All Four Seasons", 2, p.all_four_seasons, bonus=True),
)

LIMIT_HANDS: tuple[LimitHand, ...] = (
    LimitHand("Thirteen Orphans", p.thirteen_orphans),
    LimitHand("Nine Gates", p.nine_gates),
    LimitHand("Heavenly Hand", p.heavenly_hand),
    LimitHand("Earthly Hand", p.earthly_hand),
    LimitHand("Four Kongs", p.four_kongs),
    LimitHand("Four Concealed Pungs", p.four_concealed_pungs),
    LimitHand("Big Four Winds", p.big_four_winds),
    LimitHand("Small Four Winds", p.small_four_winds),
    LimitHand("Big Three Dragons", p.big_three_dragons),
    LimitHand("All Honours", p.all_honors),
    LimitHand("All Terminals", p.all_terminals),
)

# Half-spicy (半辣): the points grow by half a doubling per fan from 4 fan on.
# The spec's table ends at 10; the 13 fan limit continues the same steps.
HALF_SPICY_POINTS = (1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384)

FAN_TABLES = ("half_spicy", "full_spicy")


def points(fan: int, table: str) -> int:
    """The points ("laak") a hand of ``fan`` fan is worth; ``fan`` is already capped at the limit."""
    if table == "half_spicy":
        return HALF_SPICY_POINTS[fan]
    if table == "full_spicy":
        return 2**fan
    raise ValueError(f"no fan table {table!r}; tables: {', '.join(FAN_TABLES)}")
