"""What a Sichuan seat sees beyond the common view: void suits, who has won, its pass lock."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...views import ViewExtension, WireReader, opt_str_item

SUIT_LETTERS = frozenset("mps")
SUIT_WORDS = {"m": "characters", "p": "dots", "s": "bamboo"}
ORDINALS = ("1st", "2nd", "3rd", "4th")


def _suit_item(value: Any) -> str | None:
    value = opt_str_item(value)
    if value is not None and value not in SUIT_LETTERS:
        raise ValueError(f"expected a suit letter m, p or s, got {value!r:.10}")
    return value


@dataclass(frozen=True, slots=True)
class SichuanView(ViewExtension):
    KIND = "sichuan"
    WIRE_KEYS = frozenset({"voids", "setup", "exchange", "pass_lock", "winners"})

    voids: tuple[str | None, ...]  # by seat: the void suit, once revealed (one's own at once)
    setup: str | None = None  # the setup step under way: "exchange", "void", or None once play began
    winners: tuple[int, ...] = ()  # seats in the order they won
    exchange: tuple[int, ...] | None = None  # the tiles the viewer passes on (None: a spectator)
    pass_lock: bool | None = None  # the viewer let a win go and may not win on a discard until it draws

    def to_wire(self) -> dict[str, Any]:
        out: dict[str, Any] = {"voids": list(self.voids), "setup": self.setup, "winners": list(self.winners)}
        if self.exchange is not None:
            out["exchange"] = list(self.exchange)
        if self.pass_lock is not None:
            out["pass_lock"] = self.pass_lock
        return out

    @classmethod
    def from_wire(cls, data: Mapping[str, Any]) -> SichuanView:
        r = WireReader(data)
        return cls(
            r.by_seat("voids", _suit_item),
            r.opt_text("setup"),
            r.ints("winners", ()),
            r.opt_ints("exchange"),
            r.opt_flag("pass_lock"),
        )

    def void_of(self, seat: int) -> str | None:
        return self.voids[seat]

    def seat_notes(self, seat: int) -> tuple[str, ...]:
        void = self.voids[seat]
        notes = [f"void {SUIT_WORDS[void]}"] if void else []
        if seat in self.winners:
            notes.append(f"won {ORDINALS[self.winners.index(seat)]}")
        return tuple(notes)

    def warnings(self) -> tuple[str, ...]:
        return ("locked: passed a win",) if self.pass_lock else ()

    def items(self) -> tuple[tuple[str, Any], ...]:
        out: list[tuple[str, Any]] = []
        if self.setup is not None:
            out.append(("setup", self.setup))
        if self.exchange is not None:
            out.append(("exchange", self.exchange))
        return tuple(out)
