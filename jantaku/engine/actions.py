"""Decisions a player can make, with a notation that round-trips.

An :class:`Action` names physical tiles, so a red five and a plain five are
different discards.  Its text form is for people and logs; its wire form
(:meth:`Action.to_wire`) is what records and the network carry.

    >>> a = Action(ActionType.CHI, tile=8, tiles=(0, 4))  # 3m claimed with 12m
    >>> str(a)
    'chi 12m+3m'
    >>> Action.from_wire(a.to_wire()) == a
    True
    >>> str(Action(ActionType.DISCARD, tile=16))
    'discard 0m'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from .tiles import format_tiles, kind_of


class ActionType(str, enum.Enum):
    DISCARD = "discard"
    RIICHI = "riichi"  # declare riichi with this discard
    TSUMO = "tsumo"  # win on one's own draw
    RON = "ron"  # win on a discard (or by robbing a kong)
    CHI = "chi"
    PON = "pon"
    KAN = "kan"  # exposed kong on a discard
    ANKAN = "ankan"  # concealed kong
    KAKAN = "kakan"  # add a tile to one's exposed pung
    PASS = "pass"
    ABORT = "abort"  # declare an abortive draw (nine terminals/honours)
    VOID = "void"  # choose a void suit (Sichuan)
    EXCHANGE = "exchange"  # pass three tiles (Sichuan)
    CONTINUE = "continue"  # ready for the next hand


# order in which legal actions are listed (and claims take priority)
_ORDER = {t: i for i, t in enumerate(ActionType)}


@dataclass(frozen=True, order=False)
class Action:
    """One decision.  ``tile`` is the discard, the claimed or winning tile, or the
    kong's kind representative; ``tiles`` are one's own tiles used by a call or an
    exchange; ``suit`` is a void-suit choice."""

    type: ActionType
    tile: int | None = None
    tiles: tuple[int, ...] = ()
    suit: str | None = None

    def to_wire(self) -> list[Any]:
        return [self.type.value, self.tile, list(self.tiles), self.suit]

    @classmethod
    def from_wire(cls, wire: Any) -> "Action":
        """Inverse of :meth:`to_wire`; raises ``ValueError`` on anything malformed."""
        if not isinstance(wire, (list, tuple)) or len(wire) != 4:
            raise ValueError("an action is [type, tile, tiles, suit]")
        type_, tile, tiles, suit = wire
        try:
            atype = ActionType(type_)
        except ValueError:
            raise ValueError(f"unknown action type {type_!r}") from None
        if tile is not None and (isinstance(tile, bool) or not isinstance(tile, int) or not 0 <= tile < 144):
            raise ValueError(f"bad tile {tile!r}")
        if not isinstance(tiles, (list, tuple)) or len(tiles) > 14 or not all(
                isinstance(t, int) and not isinstance(t, bool) and 0 <= t < 144 for t in tiles):
            raise ValueError("bad tiles")
        if suit is not None and suit not in ("m", "p", "s"):
            raise ValueError(f"bad suit {suit!r}")
        return cls(atype, tile, tuple(tiles), suit)

    def sort_key(self) -> tuple:
        return (_ORDER[self.type], -1 if self.tile is None else kind_of(self.tile), self.tile or 0, self.tiles,
                self.suit or "")

    def text(self, *, red_fives: bool = True) -> str:
        """The notation; without red fives in play, a five's copy 0 is a plain five."""
        t = self.type.value
        if self.type is ActionType.VOID:
            return f"void {self.suit}"
        if self.type in (ActionType.CHI, ActionType.PON, ActionType.KAN):
            return (f"{t} {format_tiles(self.tiles, red_fives=red_fives)}"
                    f"+{format_tiles([self.tile], red_fives=red_fives)}")
        if self.type is ActionType.EXCHANGE:
            return f"{t} {format_tiles(self.tiles, red_fives=red_fives)}"
        if self.tile is not None:
            return f"{t} {format_tiles([self.tile], red_fives=red_fives)}"
        return t

    def __str__(self) -> str:
        return self.text()


class IllegalAction(ValueError):
    """An action that is not legal now; nothing was changed."""
