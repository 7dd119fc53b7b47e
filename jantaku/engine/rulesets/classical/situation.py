"""Everything about a hand's circumstances that its score depends on.

Seats and winds are 0-3 (East South West North); the seat wind is the seat.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...tiles import EAST
from .options import ClassicalOptions

# Flags of a win (the calculator's names, see CALCULATOR.md).
LAST_TILE = "last_tile"  # the last tile of the wall (self-drawn) or its last discard
REPLACEMENT = "replacement"  # won with a replacement tile from the dead wall
ROBBED_KONG = "robbed_kong"  # won with a tile another player added to a pung
TWOFOLD_FORTUNE = "twofold_fortune"  # kong on kong, won on the second replacement
FIRST_TURN = "first_turn"  # East on the deal (heaven), or on East's first discard (earth)
RIICHI = "riichi"  # the hand was declared ready before it won (option riichi_declaration)


@dataclass(frozen=True)
class Win:
    """How a hand was won.  ``tile`` is the winning tile's kind."""

    tile: int
    self_drawn: bool = False
    flags: frozenset[str] = frozenset()
    only_possible: bool = False  # the hand waited on this one kind only
    east_streak: int = 0  # East's wins in a row before this hand (East's nine wins)


@dataclass(frozen=True)
class Situation:
    """A seat's circumstances: options, winds and, for the winner, the win."""

    options: ClassicalOptions = field(default_factory=ClassicalOptions)
    seat: int = 0
    round: int = 0
    win: Win | None = None

    @property
    def seat_wind_kind(self) -> int:
        """The seat wind's tile kind (``seat`` is its index, East 0)."""
        return EAST + self.seat

    @property
    def round_wind_kind(self) -> int:
        return EAST + self.round

    @property
    def is_east(self) -> bool:
        return self.seat == 0

    @property
    def won(self) -> Win:
        """``win`` where there must be one: the winner-only elements and limit hands are only
        evaluated for the winner."""
        if self.win is None:
            raise ValueError("no win in this situation")
        return self.win

    def flag(self, name: str) -> bool:
        return self.win is not None and name in self.win.flags
