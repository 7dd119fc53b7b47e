"""What a Hong Kong seat sees beyond the common view: the seating and the fan rules."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...views import ViewExtension, WireReader


@dataclass(frozen=True, slots=True)
class HongKongView(ViewExtension):
    KIND = "hongkong"
    WIRE_KEYS = frozenset({"seating", "min_fan", "limit_fan", "fan_table", "liability", "bonus_tiles", "below_minimum"})

    seating: tuple[int, ...]  # seat rotation: where each player sits now
    min_fan: int  # fan needed to go out
    limit_fan: int
    fan_table: str
    liability: bool  # dangerous-discard liability is played
    bonus_tiles: bool
    below_minimum: bool | None = None  # the viewer is ready below the fan minimum; None: spectator

    def to_wire(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seating": list(self.seating),
            "min_fan": self.min_fan,
            "limit_fan": self.limit_fan,
            "fan_table": self.fan_table,
            "liability": self.liability,
            "bonus_tiles": self.bonus_tiles,
        }
        if self.below_minimum is not None:
            out["below_minimum"] = self.below_minimum
        return out

    @classmethod
    def from_wire(cls, data: Mapping[str, Any]) -> HongKongView:
        r = WireReader(data)
        return cls(
            r.ints("seating", (0, 1, 2, 3)),
            r.integer("min_fan", 0),
            r.integer("limit_fan", 10),
            r.text("fan_table", "half_spicy"),
            r.flag("liability", False),
            r.flag("bonus_tiles", True),
            r.opt_flag("below_minimum"),
        )

    def table_facts(self) -> tuple[str, ...]:
        # the seating is news only once seat rotation has moved somebody
        return ("players have changed seats",) if self.seating != tuple(range(len(self.seating))) else ()

    def warnings(self) -> tuple[str, ...]:
        return ("below the fan minimum",) if self.below_minimum else ()

    def fan_minimum(self) -> int:
        return self.min_fan

    def items(self) -> tuple[tuple[str, Any], ...]:
        return (
            ("seating", self.seating),
            ("limit fan", self.limit_fan),
            ("fan table", self.fan_table),
            ("liability", self.liability),
            ("bonus tiles", self.bonus_tiles),
        )
