"""The common shape of a scored hand, and the calculator's request.

Every variant's scorer turns a :class:`ScoreRequest` (a hand plus how it was
won) into a :class:`ScoreResult`: whether it is a win, an itemised breakdown
(each yaku, fu, fan, points or double is one :class:`ScoreItem`), the value
in the variant's unit and the payments.  The JSON form is the contract in
``../shared/CALCULATOR.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .melds import HandSpec
from .tiles import kind_of

WIND_LETTERS = "ESWN"  # seat winds; a seat index 0-3 is its wind here

FLAGS = frozenset(
    {
        "riichi",
        "double_riichi",
        "ippatsu",
        "last_tile",
        "replacement",
        "robbed_kong",
        "first_turn",
        "twofold_fortune",
        "kong_then_discard",
    }
)


@dataclass(frozen=True)
class ScoreItem:
    """One line of a breakdown: ``ScoreItem("Riichi", 1, "han")``."""

    name: str
    value: int
    unit: str  # han | fu | fan | points | doubles | limit
    english: str | None = None  # riichi: the English name beside the Japanese ``name``

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "value": self.value, "unit": self.unit}
        if self.english:
            out["english"] = self.english
        return out


@dataclass
class ScoreRequest:
    """A hand to score, with everything about how it was won.

    Winds are 0-3 (E S W N).  ``win`` is the physical id of the winning tile
    among ``hand.concealed`` (None: score a hand that did not win, classical).
    """

    hand: HandSpec
    win: int | None = None
    self_drawn: bool = False
    from_seat: int | None = None  # discarder's seat wind; default: the seat before the winner
    seat: int = 0
    round: int = 0
    flags: frozenset[str] = frozenset()
    dora: tuple[int, ...] = ()
    ura: tuple[int, ...] = ()
    honba: int = 0
    sticks: int = 0
    void: str | None = None
    preset: str | None = None
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def discarder(self) -> int | None:
        if self.self_drawn:
            return None
        return (self.seat - 1) % 4 if self.from_seat is None else self.from_seat

    @property
    def win_kind(self) -> int | None:
        return None if self.win is None else kind_of(self.win)


@dataclass
class ScoreResult:
    """A scored hand.  ``values`` holds the variant's counters (han, fu, fan, points, doubles)."""

    is_win: bool
    items: list[ScoreItem] = field(default_factory=list)
    score: int = 0
    limit: str | None = None
    values: dict[str, int] = field(default_factory=dict)
    payments: dict[int, int] | None = None  # seat wind → net change
    error: str | None = None
    # the win's worth to the winner as players say it, before honba and sticks (riichi:
    # "30 fu 3 han · 3,900", "mangan · 2,000 / 4,000"); None where the variant has no such form
    hand_value: str | None = None
    hand_points: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"is_win": self.is_win}
        if self.error is not None:
            out["error"] = self.error
        out["items"] = [i.to_json() for i in self.items]
        out.update(self.values)
        out["limit"] = self.limit
        out["score"] = self.score
        if self.hand_value is not None:
            out["hand_value"] = self.hand_value
            out["hand_points"] = self.hand_points
        if self.payments is not None:
            out["payments"] = {WIND_LETTERS[s]: v for s, v in sorted(self.payments.items())}
        return out

    @classmethod
    def not_a_win(cls, reason: str, **values: int) -> "ScoreResult":
        return cls(is_win=False, error=reason, values=dict(values))
