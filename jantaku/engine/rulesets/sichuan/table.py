"""One hand of Sichuan "Bloody Battle" on the common table machine.

Before play, all four decide at once: the optional exchange of three tiles
of one suit (换三张; where they go is decided by the dice), then the void
suit (定缺), shown to everyone once all have chosen.  Then the dealer
discards first.  The variant's rules sit in the hooks:

- a player holding void-suit tiles may only discard those;
- no chow, and no pung, kong or win with a void-suit tile;
- kong replacements come from the back of the wall (option: the front);
- several players may win on one discard; a winner leaves and play goes on
  after the (last) winner until three have won or the wall is empty;
- a player who lets a winning discard go may not win on a discard until
  their own next turn, begun by a draw or a pung (``pass_win_lock_ends``:
  only a draw; ``chengdu``: unless the new win is worth more);
- all money goes through a :class:`~.money.HandLedger`: kong money at once,
  wins, kong-then-discard, and the end-of-wall settlement.

    >>> from .options import sichuan_options
    >>> table = SichuanTable(sichuan_options(), seed=4)
    >>> table.phase, sorted(table.pending())          # everyone picks a void suit at once
    ('setup', [0, 1, 2, 3])
    >>> sorted(str(a) for a in table.pending()[0])
    ['void m', 'void p', 'void s']
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from ...actions import Action, ActionType, DeclareVoid, Exchange, IllegalAction, tile_of
from ...melds import Meld, MeldType
from ...results import HandResult, WinRecord
from ...scoring import ScoreResult
from ...table import Table
from ...state import Phase, TurnSituation
from ...tiles import SUITS, counts34, kind_of, sort_tiles, suit_of
from ...wall import Wall
from .events import ExchangeChosenEvent, ExchangeEvent, VoidChosenEvent, VoidsEvent
from .fans import Situation
from .hand import SichuanHand
from .money import EndOfWallHand, HandLedger, KongKind, deltas_of
from .options import SichuanOptions
from .scoring import win_result
from .value import NotAWin, hand_value, ready_value
from ...views import frozen_builder
from .view import SichuanView

# The dice total modulo 3 says where the exchanged tiles go, as a seat offset:
# across the table, to the next player, to the previous player.
EXCHANGE_OFFSETS = (2, 1, 3)
_new_sichuan_view = frozen_builder(SichuanView)  # built for every seat after every decision

KONG_KINDS = {MeldType.KAN: KongKind.EXPOSED, MeldType.ANKAN: KongKind.CONCEALED}


class FrontReplacementWall(Wall):
    """A wall whose kong replacements are drawn from the front (``kong_replacement="front"``)."""

    def draw_replacement(self) -> int:
        return self.draw()

    @classmethod
    def like(cls, wall: Wall) -> "FrontReplacementWall":
        """The same tiles in the same state (for a wall given from outside, e.g. a replay)."""
        front = cls(list(wall.live), list(wall.dead), wall.dice, wall.refill_dead, wall.replacement_order)
        front._front, front._taken_replacements = wall._front, wall._taken_replacements
        return front


class SichuanTable(Table):
    name = "sichuan"
    honors = False
    dead_wall_size = 0  # no dead wall: replacements come from the live wall
    refill_dead_wall = False
    allow_chi = False
    leave_on_win = True
    max_winners = 3
    thirteen_orphans = False
    four_as_two = True
    last_tile_claims = frozenset({ActionType.RON, ActionType.PON})

    options: SichuanOptions

    def __init__(self, options: SichuanOptions, *, wall: Wall | None = None, **kwargs: Any):
        if wall is not None and options.kong_replacement == "front":
            wall = FrontReplacementWall.like(wall)
        # set before the deal: the base class deals (and calls after_deal) in __init__
        self.multi_win = options.multi_win
        self.ledger = HandLedger(options)
        self.voids: list[str | None] = [None, None, None, None]
        self.setup_step: str | None = None  # "exchange", then "void"; None once play begins
        self.exchanged: dict[int, tuple[int, ...]] = {}  # seat → the three tiles it passes
        self._exchange_choices: dict[int, list[Action]] = {}
        self.locks: dict[int, int] = {}  # seat → points of the discard win it let go
        super().__init__(options, wall=wall, **kwargs)

    def build_wall(self, rng: random.Random) -> Wall:
        wall_class = FrontReplacementWall if self.options.kong_replacement == "front" else Wall
        return wall_class.shuffled(self.tile_set(), rng, dead_size=0)

    # --- what a seat holds ------------------------------------------------------------

    def hand_of(self, seat: int, extra: int | None = None) -> SichuanHand:
        """The seat's hand for scoring, with ``extra`` (a discard it would win on) added."""
        player = self.players[seat]
        tiles = player.concealed if extra is None else player.concealed + [extra]
        return SichuanHand(tuple(counts34(tiles)), tuple(player.melds))

    def is_void_tile(self, seat: int, tile: int) -> bool:
        return suit_of(kind_of(tile)) == self.voids[seat]

    # --- setup: exchange of three, then the void suit ------------------------------------

    def after_deal(self) -> None:
        self.phase = Phase.SETUP
        self.setup_step = "exchange" if self.options.exchange_three else "void"

    def setup_actions(self, seat: int) -> list[Action]:
        if self.setup_step == "exchange":
            return [] if seat in self.exchanged else self.exchange_choices(seat)
        if self.setup_step == "void" and self.voids[seat] is None:
            return [DeclareVoid(suit) for suit in SUITS]
        return []

    def exchange_choices(self, seat: int) -> list[Action]:
        """Every distinct set of three tiles of one suit the seat could pass."""
        if seat not in self._exchange_choices:
            by_kinds: dict[tuple[int, ...], tuple[int, ...]] = {}
            for suit in SUITS:
                of_suit = [t for t in sort_tiles(self.players[seat].concealed) if suit_of(kind_of(t)) == suit]
                for trio in combinations(of_suit, 3):
                    by_kinds.setdefault(tuple(map(kind_of, trio)), trio)
            self._exchange_choices[seat] = [Exchange(t) for t in by_kinds.values()]
        return self._exchange_choices[seat]

    def default_setup_action(self, seat: int) -> Action:
        """What a seat that times out decides: its fewest-tile suit (three of it to pass, or void)."""
        counts = {suit: 0 for suit in SUITS}
        for t in self.players[seat].concealed:
            counts[suit_of(kind_of(t))] += 1
        legal = self.legal_actions(seat)
        if not legal:
            raise IllegalAction(f"seat {seat} has no setup decision to make")
        return min(legal, key=lambda a: (counts[a.suit or suit_of(kind_of(a.tiles[0]))], a.sort_key()))

    def act_setup(self, seat: int, action: Action) -> None:
        if action.type is ActionType.EXCHANGE:
            self.exchanged[seat] = action.tiles
            self.emit(ExchangeChosenEvent(seat=seat, tiles=list(action.tiles)))
            if len(self.exchanged) == 4:
                self._pass_exchanged_tiles()
                self.setup_step = "void"
            return
        self.voids[seat] = action.suit
        self.emit(VoidChosenEvent(seat=seat, suit=action.suit))
        if all(self.voids):
            self.emit(VoidsEvent(voids=[v for v in self.voids if v is not None]))  # all are chosen
            self.setup_step = None
            self.begin_play()

    def exchange_offset(self) -> int:
        """Where each player's three tiles go, as a seat offset: 1 next, 2 across, 3 previous."""
        return EXCHANGE_OFFSETS[sum(self.wall.dice) % 3]

    def _pass_exchanged_tiles(self) -> None:
        offset = self.exchange_offset()
        for seat, tiles in self.exchanged.items():
            for t in tiles:
                self.players[seat].concealed.remove(t)
        for seat, tiles in self.exchanged.items():
            self.players[(seat + offset) % 4].concealed.extend(tiles)
        dealer = self.players[self.context.dealer]
        if dealer.drawn not in dealer.concealed:
            dealer.drawn = dealer.concealed[-1]
        for seat in range(4):
            received = self.exchanged[(seat - offset) % 4]
            self.emit(ExchangeEvent(seat=seat, offset=offset, gave=list(self.exchanged[seat]), received=list(received)))

    # --- restrictions of the void suit ------------------------------------------------------

    def discard_choices(self, seat: int) -> list[int]:
        """Void-suit tiles first: while the seat holds any, only those."""
        tiles = self.players[seat].concealed
        void_tiles = [t for t in tiles if self.is_void_tile(seat, t)]
        return self.distinct_tiles(void_tiles or tiles)

    def kong_allowed(self, seat: int, action: Action) -> bool:
        return not self.is_void_tile(seat, tile_of(action))

    def claim_allowed(self, seat: int, action: Action) -> bool:
        return action.type is ActionType.RON or not self.is_void_tile(seat, tile_of(action))

    # --- winning ----------------------------------------------------------------------------

    def can_win(
        self, seat: int, tile: int, *, self_drawn: bool, robbing: bool = False, concealed_kong: bool = False
    ) -> bool:
        if not super().can_win(seat, tile, self_drawn=self_drawn, robbing=robbing, concealed_kong=concealed_kong):
            return False
        hand = self.hand_of(seat, None if self_drawn else tile)
        if hand.holds_void(self.voids[seat]):
            return False
        if not self_drawn and seat in self.locks:
            if self.options.pass_win_lock == "until_own_draw":
                return False
            return self._discard_win_points(seat, tile, robbing=robbing) > self.locks[seat]
        return True

    def situation(self, seat: int, *, self_drawn: bool, robbing: bool) -> Situation:
        """How ``seat`` would be winning now."""
        return Situation(
            self_drawn=self_drawn,
            kong_replacement=self_drawn and self.turn_situation is TurnSituation.KONG_REPLACEMENT,
            kong_then_discard=(
                not self_drawn and not robbing and self.turn_situation is TurnSituation.DISCARD_AFTER_KONG
            ),
            robbed_kong=robbing,
            last_tile=self.wall.remaining == 0,
            first_turn=self_drawn and self._first_turn(seat),
            dealer=seat == self.context.dealer,
        )

    def _first_turn(self, seat: int) -> bool:
        """Nothing happened yet but draws: no discard of the seat's own, no call, no kong."""
        return not self.players[seat].discards and not any(p.melds for p in self.players)

    def _discard_win_points(self, seat: int, tile: int, *, robbing: bool) -> int:
        try:
            return hand_value(
                self.hand_of(seat, tile),
                self.voids[seat],
                self.situation(seat, self_drawn=False, robbing=robbing),
                self.options,
            ).points
        except NotAWin:
            return 0

    def on_passed_win(self, seat: int, tile: int) -> None:
        points = self._discard_win_points(seat, tile, robbing=self.phase is Phase.ROB)
        self.locks[seat] = max(points, self.locks.get(seat, 0))

    def on_draw(self, seat: int, tile: int) -> None:
        self.locks.pop(seat, None)

    def on_call(self, seat: int, meld: Meld) -> None:
        # a pung begins the seat's turn too (it discards next): the text's "next turn"
        if self.options.pass_win_lock_ends == "own_turn":
            self.locks.pop(seat, None)

    def score_win(self, seat: int, tile: int, discarder: int | None) -> tuple[ScoreResult, dict[int, int]]:
        self_drawn = discarder is None
        situation = self.situation(seat, self_drawn=self_drawn, robbing=self.phase is Phase.ROB)
        value = hand_value(self.hand_of(seat), self.voids[seat], situation, self.options)
        start = len(self.ledger.transfers)
        self.ledger.win(seat, value.points, discarder)
        payments = deltas_of(self.ledger.transfers[start:])
        return win_result(value, self.options, self_drawn=self_drawn, payments=payments), payments

    def after_win(self, records: list[WinRecord]) -> None:
        discarder = records[0].discarder
        if discarder is None or self.phase is Phase.ROB or self.turn_situation is not TurnSituation.DISCARD_AFTER_KONG:
            return
        start = len(self.ledger.transfers)
        self.ledger.kong_then_discard(self.ledger.held_kongs(discarder)[-1], [r.seat for r in records])
        self._pay_since(start, "kong then discard")

    # --- kong money ---------------------------------------------------------------------------

    def on_kong(self, seat: int, meld: Meld) -> None:
        if meld.type is MeldType.KAKAN:
            kind = KongKind.ADDED_HELD if self.added_kong_held else KongKind.ADDED_DRAWN
        else:
            kind = KONG_KINDS[meld.type]
        start = len(self.ledger.transfers)
        self.ledger.kong(seat, kind, discarder=meld.from_seat)
        self._pay_since(start, "kong")

    def _pay_since(self, start: int, reason: str) -> None:
        """Move on the table the money the ledger booked since transfer number ``start``."""
        if len(self.ledger.transfers) > start:
            self.pay(deltas_of(self.ledger.transfers[start:]), reason)

    # --- the end of the wall --------------------------------------------------------------------

    def end_of_wall_hand(self, seat: int) -> EndOfWallHand:
        hand = self.hand_of(seat)
        value = ready_value(hand, self.voids[seat], self.options)
        return EndOfWallHand(
            holds_void=hand.holds_void(self.voids[seat]), ready_points=None if value is None else value.points
        )

    def exhaustive_draw(self) -> HandResult:
        hands = {seat: self.end_of_wall_hand(seat) for seat in self.ledger.still_in()}
        start = len(self.ledger.transfers)
        self.ledger.end_of_wall(hands)
        settlement = self.ledger.transfers[start:]
        deltas = deltas_of(settlement)
        return HandResult(
            kind="win" if self.wins else "draw",
            wins=list(self.wins),
            reason="wall exhausted",
            extra_deltas=[deltas[s] for s in range(4)],
            details=[
                {"reason": t.reason.value, "payer": t.payer, "payee": t.payee, "amount": t.amount} for t in settlement
            ],
            flags={
                "ready_points": [hands[s].ready_points if s in hands else None for s in range(4)],
                "flower_pigs": [s for s, h in hands.items() if h.holds_void],
                "voids": list(self.voids),
            },
        )

    # --- what a seat may know ---------------------------------------------------------------------

    def view_extension(self, seat: int | None) -> SichuanView:
        revealed = self.setup_step is None
        voids = self.voids
        return _new_sichuan_view(
            tuple(voids) if revealed else tuple([v if s == seat else None for s, v in enumerate(voids)]),
            self.setup_step,
            tuple([w.seat for w in self.wins]) if self.wins else (),
            tuple(self.exchanged.get(seat, ())) if seat is not None else None,
            (seat in self.locks) if seat is not None else None,
        )
