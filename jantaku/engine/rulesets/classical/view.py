"""What a classical seat sees beyond the common view: East's streak and the table's options."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...views import ViewExtension, WireReader, bool_item


@dataclass(frozen=True, slots=True)
class ClassicalView(ViewExtension):
    KIND = "classical"
    WIRE_KEYS = frozenset({"east_streak", "options", "riichi"})

    east_streak: int
    options: tuple[tuple[str, Any], ...]  # the table's options (public rules), as (name, value)
    riichi: tuple[bool, ...] | None = None  # by seat: declared (only with the riichi_declaration option)

    def option(self, name: str, default: Any = None) -> Any:
        return next((v for k, v in self.options if k == name), default)

    def to_wire(self) -> dict[str, Any]:
        out: dict[str, Any] = {"east_streak": self.east_streak, "options": dict(self.options)}
        if self.riichi is not None:
            out["riichi"] = list(self.riichi)
        return out

    @classmethod
    def from_wire(cls, data: Mapping[str, Any]) -> ClassicalView:
        r = WireReader(data)
        options = r.mapping("options") if r.has("options") else {}
        riichi = r.by_seat("riichi", bool_item) if r.has("riichi") else None
        return cls(r.integer("east_streak", 0), tuple(options.items()), riichi)

    def riichi_declared(self, seat: int) -> bool:
        return bool(self.riichi and self.riichi[seat])

    def table_facts(self) -> tuple[str, ...]:
        return (f"East's streak {self.east_streak}",) if self.east_streak else ()

    def items(self) -> tuple[tuple[str, Any], ...]:
        return (("east streak", self.east_streak), ("options", dict(self.options)))
