"""Options of Hong Kong Old Style (the DMJL "Easy" rules) and their presets.

``dmjl`` (the default) is the DMJL text: the half-spicy table, a 10 fan limit,
no fan minimum and none of the optional rules.  ``half_spicy`` and
``full_spicy`` are the two common club games: a 3 fan minimum with the
half-spicy table (半辣) or with points doubling every fan (全辣)::

    >>> from jantaku.engine.options import resolve_options
    >>> opts = resolve_options(HongKongOptions, PRESETS, "full_spicy", {"limit_fan": 8})
    >>> opts.fan_table, opts.min_fan, opts.limit_fan
    ('full_spicy', 3, 8)
    >>> resolve_options(HongKongOptions, PRESETS, None, {"min_fan": 9, "limit_fan": 8})
    Traceback (most recent call last):
    ...
    jantaku.engine.options.OptionError: option 'min_fan' (9) cannot exceed 'limit_fan' (8): no hand could win
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...options import MIN_FAN_OVER_LIMIT, OptionError, option, resolve_options
from ...phrase import Phrase

DEFAULT_PRESET = "dmjl"


@dataclass(frozen=True)
class HongKongOptions:
    fan_table: str = option(
        "half_spicy",
        "fan → points: half-spicy (1 2 4 8 16 24 32 48 64 96 128) or full-spicy (2^fan)",
        choices=("half_spicy", "full_spicy"),
    )
    limit_fan: int = option(10, "the most fan a hand counts; limit hands score this", choices=(8, 10, 13))
    min_fan: int = option(
        0, "fan needed to go out (bonus-tile fan do not count); 0 = no minimum", choices=tuple(range(14))
    )
    seat_rotation: bool = option(False, "players change seats after the East, South and West rounds")
    liability: bool = option(
        False, "dangerous-discard liability: whoever throws or feeds the tile for an obvious big hand pays for everyone"
    )
    time_limit_minutes: int = option(
        0, "the match stops at once after this many minutes; 0 = no limit", bounds=(0, 24 * 60)
    )
    chip_stake: int = option(
        0,
        "chips each player starts with; the match ends with the hand in which someone goes bankrupt; 0 = no chips",
        bounds=(0, 1_000_000),
    )
    bonus_tiles: bool = option(True, "play with the 4 flowers and 4 seasons (144 tiles)")
    bouquet: str = option(
        "cumulative",
        "all four flowers (or seasons): cumulative: 2 fan on top of the own flower's 1, 3 in all "
        '(Hong Kong, DMJL short rules: "alle Fan sind kumulativ"); inclusive: 2 fan in all, the own flower included',
        choices=("cumulative", "inclusive"),
    )

    def __post_init__(self) -> None:
        if self.min_fan > self.limit_fan:
            raise OptionError(Phrase(MIN_FAN_OVER_LIMIT, min_fan=str(self.min_fan), limit_fan=str(self.limit_fan)))


PRESETS: dict[str, dict[str, Any]] = {
    "dmjl": {},
    "half_spicy": {"fan_table": "half_spicy", "min_fan": 3},
    "full_spicy": {"fan_table": "full_spicy", "min_fan": 3},
}


def resolve(preset: str | None = None, overrides: dict[str, Any] | None = None) -> HongKongOptions:
    """The options of ``preset`` (default ``dmjl``) with ``overrides`` applied."""
    return resolve_options(HongKongOptions, PRESETS, preset or DEFAULT_PRESET, overrides)
