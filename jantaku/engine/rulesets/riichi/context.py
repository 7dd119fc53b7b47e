"""The situation of a riichi hand: its counters, and how a hand was won.

:class:`RiichiHandContext` is the match's context for a hand with riichi's own
counters (honba, riichi sticks carried in).  The game engine fills one
:class:`RiichiWinContext` per win (everything the scorer needs besides the
tiles); the calculator builds one from a ``ScoreRequest``.  Winds are 0-3
(East South West North); the seat whose wind is East is the dealer.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from ...state import HandContext
from ...tiles import EAST


@dataclass
class RiichiHandContext(HandContext):
    """A hand's context with riichi's counters.

    >>> RiichiHandContext.of(HandContext(dealer=2)).honba  # a plain context (a test's, say): no counters yet
    0
    """

    honba: int = 0  # repeat counters: 300 points each to a winner
    sticks: int = 0  # riichi sticks carried in from earlier hands (1,000 points each)

    @classmethod
    def of(cls, context: HandContext) -> RiichiHandContext:
        if isinstance(context, cls):
            return context
        return cls(**{f.name: getattr(context, f.name) for f in fields(HandContext)})


@dataclass(frozen=True, slots=True)
class RiichiWinContext:
    """The situation of a win.

    ``last_tile`` is haitei on a self-draw and houtei on a discard; ``rinshan``
    is a win on a kan replacement tile; ``chankan`` a ron on a tile added to a
    pung (robbing the kan); ``first_turn`` is tenhou (dealer) or chiihou
    (non-dealer) on a self-draw and renhou on a discard.  Indicators are
    physical tile ids (their copy does not matter).
    """

    seat_wind: int = 0
    round_wind: int = 0
    self_drawn: bool = False
    discarder: int | None = None  # seat wind of the discarder; default: the seat before the winner
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    last_tile: bool = False
    rinshan: bool = False
    chankan: bool = False
    first_turn: bool = False
    dora_indicators: tuple[int, ...] = ()
    ura_indicators: tuple[int, ...] = ()
    honba: int = 0
    sticks: int = 0

    @property
    def is_dealer(self) -> bool:
        return self.seat_wind == 0

    @property
    def seat_wind_kind(self) -> int:
        return EAST + self.seat_wind

    @property
    def round_wind_kind(self) -> int:
        return EAST + self.round_wind

    @property
    def in_riichi(self) -> bool:
        return self.riichi or self.double_riichi

    @property
    def payer(self) -> int | None:
        """The discarder's seat wind on a ron, None on a self-draw."""
        if self.self_drawn:
            return None
        return (self.seat_wind - 1) % 4 if self.discarder is None else self.discarder

    def conflict(self, closed: bool, has_melds: bool) -> str | None:
        """Why these flags cannot all be true of one win (None: they can)."""
        if self.in_riichi and not closed:
            return "riichi needs a closed hand"
        if self.ippatsu and not self.in_riichi:
            return "ippatsu needs riichi"
        if self.rinshan and not self.self_drawn:
            return "rinshan (replacement) needs a self-drawn win"
        if self.chankan and self.self_drawn:
            return "chankan (robbed kong) needs a win on another player's tile"
        if self.chankan and self.last_tile:
            return "chankan cannot be on the last tile"
        if self.first_turn and has_melds:
            return "a first-turn win has no melds"
        if self.discarder is not None and not self.self_drawn and self.discarder == self.seat_wind:
            return "the discarder cannot be the winner"
        return None
