"""The money of one Sichuan hand: a ledger of transfers between seats.

Every payment is a :class:`Transfer` from one seat to another, so the money
on the table always sums to zero.  A player who has won has left the hand
and never pays again (the ledger refuses it); they may still receive.

Kong money (刮风下雨) is paid at once and kept per kong, because it can move
again: a robbed kong never happened, a win on the discard right after a kong
(杠上炮) refunds it or hands it to the winner, and at the end of the wall
players who are not ready give theirs back (退税).

    >>> from .options import SichuanOptions
    >>> ledger = HandLedger(SichuanOptions())
    >>> _ = ledger.kong(0, KongKind.CONCEALED)      # each player still in pays 2
    >>> ledger.win(2, points=4, discarder=1)         # the discarder pays
    >>> _ = ledger.kong(3, KongKind.ADDED_DRAWN)    # seat 2 has won: only 0 and 1 pay
    >>> ledger.balances()
    {0: 5, 1: -7, 2: 2, 3: 0}
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .options import SichuanOptions

SEATS = 4


class KongKind(enum.Enum):
    EXPOSED = "exposed"  # the fourth tile claimed from a discard: the discarder pays 2 base
    CONCEALED = "concealed"  # four drawn tiles: each player still in pays 2 base
    ADDED_DRAWN = "added"  # the tile just drawn added to one's pung: each player still in pays 1
    ADDED_HELD = "added_held"  # a tile held from earlier added: held_added_kong_pays each


class KongState(enum.Enum):
    HELD = "held"  # the owner keeps the money
    CANCELLED = "cancelled"  # robbed: the kong never happened
    REFUNDED = "refunded"  # given back to its payers (杠上炮 under sbr, or 退税)
    TRANSFERRED = "transferred"  # handed to the player who won on the discard after it (呼叫转移)


class Reason(enum.Enum):
    """Why money moved; the hand result shows these."""

    KONG = "kong"
    DISCARD_WIN = "discard win"
    SELF_DRAW = "self-draw"
    KONG_CANCELLED = "robbed kong cancelled"
    KONG_REFUND = "kong money refunded"
    KONG_TRANSFER = "kong money to the winner"
    FLOWER_PIG = "flower pig"
    NOT_READY = "not ready"


@dataclass(frozen=True)
class Transfer:
    payer: int
    payee: int
    amount: int
    reason: Reason


@dataclass
class KongMoney:
    """One kong's payments, and what became of them."""

    owner: int
    kind: KongKind
    transfers: list[Transfer]
    state: KongState = KongState.HELD

    @property
    def total(self) -> int:
        return sum(t.amount for t in self.transfers)


@dataclass(frozen=True)
class EndOfWallHand:
    """What the end-of-wall settlement needs of a player still in.

    ``ready_points`` is the best structural value of the hand's waits
    (:func:`~.value.ready_value`), None when the hand is not ready.
    """

    holds_void: bool
    ready_points: int | None

    @property
    def is_ready(self) -> bool:
        return self.ready_points is not None and not self.holds_void


def deltas_of(transfers: Iterable[Transfer]) -> dict[int, int]:
    """The net change per seat (all four seats) of some transfers."""
    net = dict.fromkeys(range(SEATS), 0)
    for t in transfers:
        net[t.payer] -= t.amount
        net[t.payee] += t.amount
    return net


class PaymentError(ValueError):
    """A payment the rules forbid (a winner paying again, a seat paying itself)."""


@dataclass
class HandLedger:
    options: SichuanOptions
    transfers: list[Transfer] = field(default_factory=list)
    kongs: list[KongMoney] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)  # in the order they won

    # --- the basics --------------------------------------------------------------

    def still_in(self) -> list[int]:
        """Seats that have not won, in seat order."""
        return [s for s in range(SEATS) if s not in self.winners]

    def balances(self) -> dict[int, int]:
        """Net money per seat this hand."""
        return deltas_of(self.transfers)

    def pay(self, payer: int, payee: int, amount: int, reason: Reason) -> list[Transfer]:
        """Record one payment (none for 0); returns it as a list to concatenate."""
        if payer in self.winners:
            raise PaymentError(f"seat {payer} has won and never pays again")
        if payer == payee:
            raise PaymentError(f"seat {payer} cannot pay itself")
        if amount == 0:
            return []
        transfer = Transfer(payer, payee, amount, reason)
        self.transfers.append(transfer)
        return [transfer]

    def _others_still_in(self, seat: int) -> list[int]:
        return [s for s in self.still_in() if s != seat]

    # --- kongs -----------------------------------------------------------------

    def kong(self, owner: int, kind: KongKind, discarder: int | None = None) -> KongMoney:
        """Pay a kong's money at once; ``discarder`` is needed for an exposed kong."""
        base = self.options.base
        if kind is KongKind.EXPOSED:
            if discarder is None:
                raise ValueError("an exposed kong needs the discarder")
            payers, each = [discarder], 2 * base
        else:
            each = {
                KongKind.CONCEALED: 2 * base,
                KongKind.ADDED_DRAWN: base,
                KongKind.ADDED_HELD: self.options.held_added_kong_pays * base,
            }[kind]
            payers = self._others_still_in(owner)
        transfers = [t for payer in payers for t in self.pay(payer, owner, each, Reason.KONG)]
        record = KongMoney(owner, kind, transfers)
        self.kongs.append(record)
        return record

    def cancel_kong(self, record: KongMoney) -> None:
        """A robbed kong never happened: its money goes back (抢杠)."""
        self._give_back(record, KongState.CANCELLED, Reason.KONG_CANCELLED)

    def refund_kong(self, record: KongMoney) -> None:
        self._give_back(record, KongState.REFUNDED, Reason.KONG_REFUND)

    def _give_back(self, record: KongMoney, state: KongState, reason: Reason) -> None:
        self._settle(record, state)
        for t in record.transfers:
            self.pay(record.owner, t.payer, t.amount, reason)

    def _settle(self, record: KongMoney, state: KongState) -> None:
        if record.state is not KongState.HELD:
            raise PaymentError(f"this kong's money was already {record.state.value}")
        record.state = state

    def held_kongs(self, owner: int) -> list[KongMoney]:
        return [k for k in self.kongs if k.owner == owner and k.state is KongState.HELD]

    # --- wins --------------------------------------------------------------------

    def win(self, winner: int, points: int, discarder: int | None = None) -> None:
        """Pay a win; ``discarder`` None means self-drawn (a robbed kong's owner is the discarder).

        Self-drawn: every player still in pays, plus one base each under
        ``self_draw="add_base"`` (under ``add_fan`` the points already hold it).
        The winner then leaves the hand.
        """
        if winner in self.winners:
            raise PaymentError(f"seat {winner} has already won")
        if discarder is not None:
            self.pay(discarder, winner, points, Reason.DISCARD_WIN)
        else:
            bonus = self.options.base if self.options.self_draw == "add_base" else 0
            for payer in self._others_still_in(winner):
                self.pay(payer, winner, points + bonus, Reason.SELF_DRAW)
        self.winners.append(winner)

    def kong_then_discard(self, record: KongMoney, winners: Iterable[int]) -> None:
        """A win on the discard right after ``record``'s kong (杠上炮).

        ``sbr`` refunds the kong's money to its payers; ``chengdu`` (呼叫转移)
        hands it to the winner, the first in turn order after the discarder
        when several won on that discard.
        """
        if self.options.kong_then_discard_win == "refund":
            self.refund_kong(record)
            return
        self._settle(record, KongState.TRANSFERRED)
        self.pay(record.owner, next(iter(winners)), record.total, Reason.KONG_TRANSFER)

    # --- the end of the wall -----------------------------------------------------

    def end_of_wall(self, hands: Mapping[int, EndOfWallHand]) -> None:
        """Settle a hand that ran out of tiles, for the players still in (``hands``).

        1. Refund (退税): a player not ready, or still holding void-suit tiles,
           gives all kong money of this hand back to its payers.
        2. Flower pig (查花猪): ``as_not_ready`` — only step 3 sees them, as not
           ready; ``pay_cap`` — each pays the cap value to each player still in
           who is not a flower pig, and takes no part in step 3.
        3. Check ready hands (查大叫): each not-ready player pays each ready player
           that player's best structural value.  Nothing moves when all are
           in the same state.
        """
        if set(hands) != set(self.still_in()):
            raise ValueError(f"end of the wall needs the hands of seats {self.still_in()}")
        if len(hands) < 2:
            return
        if self.options.refund:
            for seat, hand in hands.items():
                if not hand.is_ready:
                    for record in self.held_kongs(seat):
                        self.refund_kong(record)
        checked = dict(hands)
        if self.options.flower_pig == "pay_cap":
            pigs = [s for s, h in hands.items() if h.holds_void]
            for pig in pigs:
                for seat in hands:
                    if seat not in pigs:
                        self.pay(pig, seat, self.options.max_points, Reason.FLOWER_PIG)
            checked = {s: h for s, h in hands.items() if s not in pigs}
        if self.options.check_ready:
            for loser, lost in checked.items():
                for seat, hand in checked.items():
                    if not lost.is_ready and hand.is_ready:
                        assert hand.ready_points is not None  # is_ready says so
                        self.pay(loser, seat, hand.ready_points, Reason.NOT_READY)
