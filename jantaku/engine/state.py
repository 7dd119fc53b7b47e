"""The plain data a hand is made of: discards, each player's tiles, the hand's context,
the table's phase, its claim window and the turn's situation.

:class:`~jantaku.engine.table.Table` owns the rules; these records only hold
state (events are in :mod:`.events`; ``Event`` is re-exported here for old imports).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Any

from .actions import Action, ActionType
from .events import Event  # noqa: F401  (re-exported: imported from here before events.py)
from .melds import Meld, MeldType


class Phase(StrEnum):
    """Where a hand stands.  A ``str`` enum: ``View.phase`` carries its value on the wire and
    ``table.phase == "turn"`` keeps working.

    >>> Phase.CLAIM == "claim", Phase("rob") is Phase.ROB, Phase.TURN
    (True, True, 'turn')
    """

    DEAL = "deal"  # dealing (only inside the constructor)
    SETUP = "setup"  # variant decisions before play (void suit, exchange, opening kongs)
    TURN = "turn"  # ``turn_seat`` holds a drawn tile (or just called) and must act
    CLAIM = "claim"  # a discard is on the table; seats with a possible claim answer
    ROB = "rob"  # a kong can be robbed by seats that win on its tile
    OVER = "over"  # the hand has ended

    # shown as the string it always was (logs, messages and docstring examples stay as they read)
    __repr__ = str.__repr__


class TurnSituation(Enum):
    """What just happened to the turn: one value instead of several booleans.

    It changes at the moves that make it: a call (``AFTER_CALL``), a kong's replacement draw
    (``KONG_REPLACEMENT``), the discard that follows it (``DISCARD_AFTER_KONG``, until the
    next discard), a win that robs a kong (``ROBBING_KONG``, while it is scored); an ordinary
    draw or discard makes it ``NORMAL``.
    """

    NORMAL = "normal"
    AFTER_CALL = "after_call"  # the turn seat called a chow/pung and discards without drawing
    KONG_REPLACEMENT = "kong_replacement"  # the turn seat's last draw was a kong's replacement
    DISCARD_AFTER_KONG = "discard_after_kong"  # the discard on the table followed a replacement
    ROBBING_KONG = "robbing_kong"  # the win being scored robs a kong


@dataclass(slots=True)
class ClaimWindow:
    """A tile other seats may claim — a discard, or a kong's tile to rob — with what each
    seat was offered, what it answered, and the priority that settles the answers.

    ``order`` is the claimants' turn order from the seat after ``discarder`` (who answers
    first in a tie).  ``kong`` is the kong being robbed, ``None`` for a discard.

    >>> from jantaku.engine.actions import Pass, Pon, Ron
    >>> window = ClaimWindow(0, 8, {1: (Pon(8, (9, 10)), Pass()), 2: (Ron(8), Pass())}, order=(1, 2, 3, 0))
    >>> window.answer(1, Pon(8, (9, 10)))
    False
    >>> sorted(window.waiting())
    [2]
    >>> window.answer(2, Pass()), window.rons(), window.passed_wins(), window.best_call()
    (True, [], [2], (1, Pon(tile=8, tiles=(9, 10))))
    """

    discarder: int
    tile: int
    offers: dict[int, tuple[Action, ...]]
    order: tuple[int, ...] = (0, 1, 2, 3)
    kong: Meld | None = None
    answers: dict[int, Action] = field(default_factory=dict)

    def waiting(self) -> dict[int, tuple[Action, ...]]:
        """The seats still to answer, each with its offer."""
        answers = self.answers
        return {s: acts for s, acts in self.offers.items() if s not in answers}

    def answer(self, seat: int, action: Action) -> bool:
        """Record ``seat``'s answer; True once every offered seat has answered."""
        self.answers[seat] = action
        return len(self.answers) == len(self.offers)

    def rons(self) -> list[int]:
        """The seats that claimed a win, in turn order from the discarder."""
        answers = self.answers
        return [s for s in self.order if s in answers and answers[s].type is ActionType.RON]

    def passed_wins(self) -> list[int]:
        """The seats that were offered a win and answered something else (furiten, locks)."""
        return [
            s
            for s, acts in self.offers.items()
            if any(a.type is ActionType.RON for a in acts) and self.answers[s].type is not ActionType.RON
        ]

    def best_call(self) -> tuple[int, Action] | None:
        """The meld claim that takes the tile: kong or pung before chow, then turn order."""
        answers = self.answers
        for wanted in ((ActionType.KAN, ActionType.PON), (ActionType.CHI,)):
            for seat in self.order:
                a = answers.get(seat)
                if a is not None and a.type in wanted:
                    return seat, a
        return None


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
    return {
        "type": meld.type.value,
        "tiles": tiles,
        "claimed": meld.claimed,
        "from": meld.from_seat,
        "added": meld.added,
    }
