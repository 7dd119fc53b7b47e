"""What one seat knows, read once from its view: its hand, the tiles it can see, the others.

A bot never sees the true state, only ``Table.view(seat)``; this module turns
that :class:`~jantaku.engine.views.View` into the numbers the strategies work with.

    >>> from jantaku.engine.ruleset import get_ruleset
    >>> table = get_ruleset("basic").new_table(seed=1)
    >>> seat = SeatReading(table.view(0))
    >>> sum(seat.counts), seat.meld_count, len(seat.opponents)
    (14, 0, 3)
    >>> sum(seat.unseen) == 136 - 14      # nothing discarded yet: all but one's own tiles unseen
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Sequence
from functools import cached_property
from typing import Any

from ..melds import HandSpec, Meld, MeldType
from ..tiles import NUM_KINDS, counts34, kind_of
from ..views import MeldView, View
from ..views import SeatView as PlayerView


@dataclass(frozen=True)
class ShownMeld:
    """A meld as another seat can see it: its type, kind and who fed it."""

    type: MeldType
    kinds: tuple[int, ...]
    from_seat: int | None
    tiles: tuple[int, ...] = ()  # the physical tiles, when known (one's own melds)

    def to_meld(self) -> Meld:
        """The engine's :class:`Meld` (for the scorers); made-up copies stand in for unknown tiles."""
        tiles = self.tiles or tuple(k * 4 + i % 4 for i, k in enumerate(self.kinds))
        mtype = self.type
        claimed = None if mtype is MeldType.ANKAN else tiles[-1]
        return Meld(mtype, tiles, claimed, None if claimed is None else (self.from_seat or 0))

    @property
    def kind(self) -> int:
        return self.kinds[1] if len(self.kinds) > 1 else self.kinds[0]

    @property
    def is_pung(self) -> bool:
        return self.type is not MeldType.CHI

    @property
    def is_concealed(self) -> bool:
        return self.type is MeldType.ANKAN


def shown_melds(melds: Sequence[MeldView]) -> list[ShownMeld]:
    """Melds as a view shows them; a concealed kong's hidden tiles take its visible kind."""
    out = []
    for m in melds:
        known = [kind_of(t) for t in m.tiles if t >= 0]
        kinds = tuple(known + known[:1] * (len(m.tiles) - len(known)))
        tiles = m.tiles if len(known) == len(m.tiles) else ()
        out.append(ShownMeld(m.type, kinds, m.from_seat, tiles))
    return out


@dataclass
class Opponent:
    """Another seat as this one sees it."""

    seat: int
    wind: int
    discards: list[int]  # kinds, in order, claimed ones too (they were thrown)
    melds: list[ShownMeld]
    riichi_at: int | None  # index in ``discards`` of the riichi declaration, if any
    out: bool
    void: str | None = None  # a declared void suit (Sichuan)

    @property
    def in_riichi(self) -> bool:
        return self.riichi_at is not None

    @cached_property
    def discarded(self) -> frozenset[int]:
        return frozenset(self.discards)


class SeatReading:
    """The facts of one seat's view that every strategy needs."""

    def __init__(self, view: View, *, honors: bool = True):
        self.view = view
        self.cache: dict[str, Any] = {}  # strategies keep per-decision facts here
        if view.seat is None:
            raise ValueError("a bot plays a seat: a spectator's view has no hand")
        self.seat: int = view.seat
        self.variant: str = view.variant
        me = view.players[self.seat]
        self.me: PlayerView = me
        self.hand: list[int] = list(me.concealed or ())
        self.drawn: int | None = me.drawn
        self.counts = counts34(t for t in self.hand if t < 136)
        self.melds = shown_melds(me.melds)
        self.meld_count = len(self.melds)
        self.wind: int = me.wind
        self.round_wind: int = view.round_wind
        self.wall: int = view.wall
        self.visible = self._visible(view)
        kinds = range(NUM_KINDS) if honors else range(27)
        unseen = [0] * NUM_KINDS
        for k in kinds:
            unseen[k] = max(0, 4 - self.counts[k] - self.visible[k])
        self.unseen = unseen
        self.unseen_total = max(1, sum(unseen))
        self.opponents = [self._opponent(p) for p in view.players if p.seat != self.seat]
        self.active = 1 + sum(not o.out for o in self.opponents)
        self.me_discards = [d.tile >> 2 for d in me.discards if d.tile < 136]

    @staticmethod
    def _visible(view: View) -> list[int]:
        """Copies of each kind visible outside one's concealed hand: discards, melds, dora indicators."""
        counts = [0] * NUM_KINDS
        for p in view.players:
            for d in p.discards:
                if d.claimed_by is None and d.tile < 136:
                    counts[d.tile >> 2] += 1
            for m in p.melds:
                for t in m.tiles:
                    if 0 <= t < 136:
                        counts[t >> 2] += 1
            if p.out and p.seat != view.seat:
                for t in p.concealed or ():
                    if t < 136:
                        counts[t >> 2] += 1
        if view.extension is not None:
            for t in view.extension.indicators():
                counts[t >> 2] += 1
        return counts

    def _opponent(self, p: PlayerView) -> Opponent:
        discards = [d.tile >> 2 for d in p.discards if d.tile < 136]
        riichi_at = next((i for i, d in enumerate(p.discards) if d.riichi), None)
        extension = self.view.extension
        if riichi_at is None and extension is not None and extension.riichi_declared(p.seat):
            riichi_at = max(0, len(discards) - 1)
        void = extension.void_of(p.seat) if extension is not None else None
        return Opponent(p.seat, p.wind, discards, shown_melds(p.melds), riichi_at, p.out, void)

    def passed_since_change(self, opp: Opponent) -> frozenset[int]:
        """Kinds ``opp`` cannot win on by a discard now (see :func:`passed_since_change`)."""
        return passed_since_change(self.view, opp.seat)

    @property
    def draws_left(self) -> int:
        """Draws this seat can still expect from the live wall."""
        return max(0, self.wall // max(1, self.active))

    @property
    def is_concealed(self) -> bool:
        return all(m.is_concealed for m in self.melds)


def passed_since_change(view: View, seat: int) -> frozenset[int]:
    """Kinds ``seat`` cannot win on by a discard now: thrown since its hand last changed.

    Its concealed tiles have stayed the same since its last discard that was
    not the tile it had just drawn; every tile thrown since — by anyone, its own
    drawn-and-thrown ones and the one it threw then included — was one it could
    have won on and did not (the tile it threw then would have completed the
    hand it held).  Tables offer every legal win and players take them, so
    none of those kinds is a winning tile of its hand.  (In riichi a hand
    without a yaku may let a tile pass; there this is only a strong hint.
    During a claim window the tile just thrown counts as passed: should
    someone win on it, the hand is over and the reading moot.)
    Records without the discard order (older views) give nothing.

        >>> from types import SimpleNamespace
        >>> from jantaku.engine.views import DiscardView as D, SeatView as P
        >>> view = SimpleNamespace(players=[
        ...     P(0, 0, 13, discards=(D(0, order=0), D(36, tsumogiri=True, order=4))),
        ...     P(1, 1, 13, discards=(D(4, order=1), D(40, order=5))),
        ...     P(2, 2, 13, discards=(D(8, order=2),)),
        ...     P(3, 3, 13, discards=(D(12, tsumogiri=True, order=3),))])
        >>> sorted(passed_since_change(view, 0))    # 1m then 1p, drawn and thrown: 1m 2m 3m 4m 1p 2p
        [0, 1, 2, 3, 9, 10]
        >>> sorted(passed_since_change(view, 1))    # its hand changed when it threw 2p
        [10]
    """
    own = view.players[seat].discards
    if any(d.order is None for d in own):
        return frozenset()
    return kinds_thrown_from(view, max((d.order for d in own if not d.tsumogiri and d.order is not None), default=-1))


def kinds_thrown_from(view: View, order: int) -> frozenset[int]:
    """Kinds of every discard (by anyone) whose place in the hand's discard order is ``order`` or later."""
    return frozenset(
        d.tile >> 2
        for p in view.players
        for d in p.discards
        if d.order is not None and d.order >= order and d.tile < 136
    )


def hand_spec(
    sv: SeatReading, counts: list[int], melds: Sequence[ShownMeld], extra_kind: int | None = None
) -> HandSpec:
    """A :class:`HandSpec` for the scorers from kind counts (plus one more tile of ``extra_kind``).

    Physical copies are made up (copy 3 down), which is all a scorer without red fives needs.
    """
    concealed = []
    for k, c in enumerate(counts):
        concealed += [k * 4 + 3 - i for i in range(c)]
    if extra_kind is not None:
        concealed.append(extra_kind * 4 + 3 - counts[extra_kind])
    bonus = list(sv.me.bonus)
    return HandSpec(concealed, [m.to_meld() for m in melds], bonus)
