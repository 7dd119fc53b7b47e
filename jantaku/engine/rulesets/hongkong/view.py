"""What a Hong Kong seat sees beyond the common view: the seating and the fan rules."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...views import ViewExtension, WireReader


@dataclass(frozen=True, slots=True)
class HongKongView(ViewExtension):
    KIND = "hongkong"
    WIRE_KEYS = frozenset({"seating", "min_fan", "limit_fan", "fan_table", "liability", "bonus_tiles"})

    seating: tuple[int, ...]  # seat rotation: where each player sits now
    min_fan: int  # fan needed to go out
    limit_fan: int
    fan_table: str
    liability: bool  # dangerous-discard liability is played
    bonus_tiles: bool

    def to_wire(self) -> dict[str, Any]:
        return {"seating": list(self.seating), "min_fan": self.min_fan, "limit_fan": self.limit_fan,
                "fan_table": self.fan_table, "liability": self.liability, "bonus_tiles": self.bonus_tiles}

    @classmethod
    def from_wire(cls, data: Mapping[str, Any]) -> HongKongView:
        r = WireReader(data)
        return cls(r.ints("seating", (0, 1, 2, 3)), r.integer("min_fan", 0), r.integer("limit_fan", 10),
                   r.text("fan_table", "half_spicy"), r.flag("liability", False), r.flag("bonus_tiles", True))

    def table_facts(self) -> tuple[str, ...]:
        # the seating is news only once seat rotation has moved somebody
        return ("players have changed seats",) if self.seating != tuple(range(len(self.seating))) else ()

    def fan_minimum(self) -> int:
        return self.min_fan

    def items(self) -> tuple[tuple[str, Any], ...]:
        return (("seating", self.seating), ("limit fan", self.limit_fan), ("fan table", self.fan_table),
                ("liability", self.liability), ("bonus tiles", self.bonus_tiles))
