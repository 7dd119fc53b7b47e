"""The plain data a hand is made of: events, discards, each player's tiles, the hand's context.

:class:`~jantaku.engine.table.Table` owns the rules; these records only hold
state and know how to show themselves to one seat (:meth:`Event.for_seat`,
:func:`meld_to_wire`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .melds import Meld, MeldType


@dataclass(frozen=True)
class Event:
    """Something that happened.  ``private`` fields are seen only by ``audience``
    (default: the acting seat); everyone else gets the public fields."""

    type: str
    seat: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    private: dict[str, Any] | None = None
    audience: frozenset[int] | None = None

    def for_seat(self, viewer: int | None) -> dict[str, Any]:
        out = {"type": self.type, "seat": self.seat, **self.data}
        if self.private is not None:
            audience = self.audience if self.audience is not None else frozenset({self.seat})
            if viewer in audience:
                out.update(self.private)
        return out


@dataclass
class DiscardRecord:
    tile: int
    tsumogiri: bool = False  # discarded the tile just drawn
    riichi: bool = False  # the riichi declaration tile (shown turned)
    claimed_by: int | None = None
    order: int = 0  # its place among all discards of the hand (0 = the first), for reading the table


@dataclass
class HandContext:
    """What a hand needs to know from the match: winds, counters, scores."""

    dealer: int = 0
    round_wind: int = 0  # 0-3 E S W N
    hand_number: int = 0  # within the match
    honba: int = 0
    sticks: int = 0
    scores: tuple[int, ...] = (0, 0, 0, 0)
    extra: dict[str, Any] = field(default_factory=dict)  # variant counters (e.g. East's win streak)


@dataclass
class PlayerState:
    concealed: list[int] = field(default_factory=list)
    melds: list[Meld] = field(default_factory=list)
    discards: list[DiscardRecord] = field(default_factory=list)
    bonus: list[int] = field(default_factory=list)
    drawn: int | None = None  # the tile drawn this turn, still in ``concealed``
    out: bool = False  # has left the hand (a Sichuan winner)


def meld_to_wire(meld: Meld, *, hide_concealed: bool = False) -> dict[str, Any]:
    """A meld as plain data; a concealed kong shows its outer tiles face down to others."""
    tiles = list(meld.tiles)
    if hide_concealed and meld.type is MeldType.ANKAN:
        tiles = [-1, tiles[1], tiles[2], -1]
    return {"type": meld.type.value, "tiles": tiles, "claimed": meld.claimed, "from": meld.from_seat,
            "added": meld.added}
