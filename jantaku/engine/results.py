"""How a hand ended: its wins (with the itemised scores) and the points that moved."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .scoring import ScoreResult


@dataclass
class WinRecord:
    seat: int
    tile: int
    discarder: int | None  # None: self-drawn
    score: ScoreResult
    payments: dict[int, int]  # seat → delta for this win
    hand: list[int] = field(default_factory=list)  # concealed tiles incl. the winning tile
    melds: list[dict[str, Any]] = field(default_factory=list)
    bonus: list[int] = field(default_factory=list)

    @property
    def self_drawn(self) -> bool:
        return self.discarder is None

    def to_wire(self) -> dict[str, Any]:
        score = self.score.to_json()
        score.pop("payments", None)  # the calculator's are by seat wind; at a table, by seat below
        return {
            "seat": self.seat,
            "tile": self.tile,
            "discarder": self.discarder,
            "score": score,
            "payments": {int(k): v for k, v in self.payments.items()},
            "hand": list(self.hand),
            "melds": self.melds,
            "bonus": list(self.bonus),
        }


@dataclass
class HandResult:
    """``kind``: ``win`` (one or more wins), ``draw`` (wall exhausted) or ``abort``.

    ``deltas`` is the net change per seat over the whole hand (wins, kong
    money, draw payments); ``extra_deltas`` are payments a variant adds at the
    end (tenpai payments, settlements), with ``details`` naming them.
    """

    kind: str
    wins: list[WinRecord] = field(default_factory=list)
    reason: str | None = None
    deltas: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    extra_deltas: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    details: list[dict[str, Any]] = field(default_factory=list)  # itemised extra payments
    hands: list[list[int]] = field(default_factory=list)  # every concealed hand at the end
    flags: dict[str, Any] = field(default_factory=dict)  # facts the match needs (tenpai seats, …)

    def to_wire(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "reason": self.reason,
            "wins": [w.to_wire() for w in self.wins],
            "deltas": list(self.deltas),
            "details": self.details,
            "hands": self.hands,
            "flags": self.flags,
        }
