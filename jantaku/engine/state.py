"""The plain data a hand is made of: discards, each player's tiles, the hand's context.

:class:`~jantaku.engine.table.Table` owns the rules; these records only hold
state (events are in :mod:`.events`; ``Event`` is re-exported here for old imports).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .events import Event  # noqa: F401  (re-exported: imported from here before events.py)
from .melds import Meld, MeldType


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
