"""What a riichi seat sees beyond the common view: dora, riichi declarations, its furiten."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...views import ViewExtension, WireReader, bool_item


@dataclass(frozen=True, slots=True)
class RiichiView(ViewExtension):
    KIND = "riichi"
    WIRE_KEYS = frozenset(
        {
            "dora_indicators",
            "riichi",
            "table_sticks",
            "waits",
            "furiten",
            "ura_indicators",
            "no_yaku",
            "honba",
            "sticks",
        }
    )

    dora_indicators: tuple[int, ...]
    riichi: tuple[bool, ...]  # by seat: declared (its declaration discard may still be on the table)
    table_sticks: int  # riichi sticks on the table, this hand's included
    waits: tuple[int, ...] | None = None  # the viewer's waits (kinds); None for a spectator
    furiten: bool | None = None  # the viewer's furiten; None for a spectator
    ura_indicators: tuple[int, ...] | None = None  # once the hand is over and a riichi hand won
    no_yaku: bool | None = None  # the viewer is ready but could not win on a discard (no yaku); None: spectator
    honba: int = 0  # this hand's repeat counters
    sticks: int = 0  # riichi sticks carried in from earlier hands (``table_sticks`` adds this hand's)

    def to_wire(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "dora_indicators": list(self.dora_indicators),
            "riichi": list(self.riichi),
            "table_sticks": self.table_sticks,
            "honba": self.honba,
            "sticks": self.sticks,
        }
        if self.waits is not None:
            out["waits"] = list(self.waits)
        if self.furiten is not None:
            out["furiten"] = self.furiten
        if self.ura_indicators is not None:
            out["ura_indicators"] = list(self.ura_indicators)
        if self.no_yaku is not None:
            out["no_yaku"] = self.no_yaku
        return out

    @classmethod
    def from_wire(cls, data: Mapping[str, Any]) -> RiichiView:
        r = WireReader(data)
        return cls(
            r.ints("dora_indicators", ()),
            r.by_seat("riichi", bool_item, (False,) * 4),
            r.integer("table_sticks", 0),
            r.opt_ints("waits"),
            r.opt_flag("furiten"),
            r.opt_ints("ura_indicators"),
            r.opt_flag("no_yaku"),
            r.integer("honba", 0),
            r.integer("sticks", 0),
        )

    def indicators(self) -> tuple[int, ...]:
        return self.dora_indicators

    def riichi_declared(self, seat: int) -> bool:
        return self.riichi[seat]

    def counters(self) -> tuple[str, ...]:
        """
        >>> RiichiView((), (False,) * 4, 2, honba=1).counters(), RiichiView((), (False,) * 4, 0).counters()
        (('honba 1', 'sticks 2'), ())
        """
        return tuple(f"{name} {n}" for name, n in (("honba", self.honba), ("sticks", self.table_sticks)) if n)

    def seat_notes(self, seat: int) -> tuple[str, ...]:
        return ("riichi",) if self.riichi[seat] else ()

    def viewer_waits(self) -> tuple[int, ...] | None:
        return self.waits

    def warnings(self) -> tuple[str, ...]:
        return (("furiten",) if self.furiten else ()) + (("no yaku",) if self.no_yaku else ())

    def items(self) -> tuple[tuple[str, Any], ...]:
        return (("riichi sticks", self.table_sticks),)

    def result_tiles(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        return (("ura-dora indicators", self.ura_indicators),) if self.ura_indicators else ()
