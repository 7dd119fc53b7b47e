"""Defence: how likely a discard is to deal into a threatening player's hand.

Only what the seat can see counts: the opponent's discards (and whether it
declared riichi), its exposed melds, and every visible copy of each kind.

A tile's *wait weight* against one opponent adds up the shapes that could
be waiting on it — two-sided, closed, edge, pair and single waits — each
weighted by how many copies of its other tiles are still unseen:

- **genbutsu**: a tile the opponent threw itself.  Under furiten rules
  (riichi) it cannot win on it at all; elsewhere it merely is unlikely to;
- **suji**: a two-sided wait on 4 also waits on 1 and 7; if the opponent threw
  1, the 2-3 shape waiting on 1 and 4 is ruled out (or made unlikely);
- **kabe / one-chance**: a shape needs its tiles; when every copy (or all but
  one) of a kind is visible, the shapes needing it are impossible (or rare);
- **honours**: only pair or single waits, none when no copy is left.

Opponents' exposed melds shift the weights (:func:`meld_signals`): all
melds in one suit point at a flush, so the other suits are safe and that
suit and the honours are not; all pungs point at pair waits.

    >>> from jantaku.engine.bots.seat import Opponent
    >>> opp = Opponent(1, 1, discards=[0], melds=[], riichi_at=0, out=False)
    >>> unseen = [4] * 34
    >>> wait_weight(0, opp, unseen, furiten=True)        # 1m: its own discard
    0.0
    >>> wait_weight(3, opp, unseen, furiten=True) < wait_weight(4, opp, unseen, furiten=True)   # 4m suji of 1m
    True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..actions import Action, tile_of
from ..tiles import DRAGONS, is_honor, kind_of
from .seat import Opponent, SeatReading, kinds_thrown_from
from ..views import View

# How often each kind of wait occurs (relative), for the wait weight.
TWO_SIDED = 0.14
EDGE = 0.05
CLOSED = 0.045
PAIR_OR_SINGLE = 0.05
HONOR_PAIR = 0.07
HONOR_SINGLE = 0.035
# Evidence from an opponent's discards when furiten does not forbid the win.
OWN_DISCARD_NO_FURITEN = 0.3
SUJI_NO_FURITEN = 0.45
_AVAILABLE = (0.0, 0.45, 0.75, 1.0, 1.0)  # by unseen copies of a shape's tile


@dataclass(frozen=True)
class Signals:
    """What an opponent's exposed melds say about its hand."""

    flush_suit: int | None = None  # kind offset (0, 9, 18) of the one suit its melds show
    all_pungs: bool = False


def meld_signals(opp: Opponent) -> Signals:
    """Flush and all-pungs signals from two or more exposed melds."""
    if len(opp.melds) < 2:
        return Signals()
    suits = {k // 9 for m in opp.melds for k in m.kinds if not is_honor(k)}
    flush = 9 * suits.pop() if len(suits) == 1 else None
    return Signals(flush, all(m.is_pung for m in opp.melds) and len(opp.melds) >= 3)


def wait_weight(
    kind: int,
    opp: Opponent,
    unseen: list[int],
    *,
    furiten: bool,
    passed: frozenset[int] = frozenset(),
    signals: Signals | None = None,
    ruled_out: frozenset[int] | None = None,
) -> float:
    """How likely ``kind`` is among the opponent's winning tiles, given it is ready (roughly 0..0.4).

    ``unseen`` counts copies this seat cannot see (they may be in the opponent's
    hand); ``furiten`` says a player cannot win on a tile it threw (riichi);
    ``passed`` are kinds it cannot win on by a discard: thrown after its riichi
    (it let them pass), or since its hand last changed
    (:meth:`.SeatReading.passed_since_change`).  ``signals`` (:func:`meld_signals`) and ``ruled_out``
    (its discards and ``passed``) may be given when asking for many kinds of one opponent
    (:func:`wait_chances` asks for all of them at once).
    """
    reading = _WaitReading(opp, unseen, furiten, passed, signals, ruled_out)
    return reading.weight(kind)


class _WaitReading:
    """One opponent's wait weights, with what every kind's weight reads worked out once per kind."""

    __slots__ = ("opp", "unseen", "furiten", "passed", "signals", "available", "suji_factor", "dragon_pungs")

    def __init__(
        self,
        opp: Opponent,
        unseen: list[int],
        furiten: bool,
        passed: frozenset[int],
        signals: Signals | None,
        ruled_out: frozenset[int] | None,
    ):
        self.opp, self.unseen, self.furiten, self.passed = opp, unseen, furiten, passed
        self.signals = meld_signals(opp) if signals is None else signals
        if ruled_out is None:
            ruled_out = opp.discarded | passed
        # per kind: how available its unseen copies make a shape needing it, and how much a two-sided
        # wait whose other end is this kind keeps (none when the opponent cannot win on that end)
        self.available = [_AVAILABLE[min(u, 4)] for u in unseen]
        no_other_end = 0.0 if furiten else SUJI_NO_FURITEN
        self.suji_factor = [
            1.0 if k not in ruled_out else 0.0 if k in passed else no_other_end for k in range(len(unseen))
        ]
        self.dragon_pungs: int | None = None

    def weight(self, kind: int) -> float:
        """:func:`wait_weight` of ``kind``."""
        opp = self.opp
        if kind in self.passed or self.furiten and kind in opp.discarded:
            return 0.0
        own = 1.0 if kind not in opp.discarded else OWN_DISCARD_NO_FURITEN
        signals = self.signals
        if kind >= 27:
            left = self.unseen[kind]
            weight = HONOR_PAIR if left >= 2 else HONOR_SINGLE if left == 1 else 0.0
            if signals.flush_suit is not None or kind in DRAGONS and self._dragon_pungs() >= 2:
                weight *= 2.5
            return weight * own
        available = self.available
        if signals.all_pungs:
            weight = PAIR_OR_SINGLE * available[kind] * 2
        else:
            weight = _number_weight(kind, available, self.suji_factor)
        if signals.flush_suit is not None:
            weight *= 1.8 if kind - kind % 9 == signals.flush_suit else 0.15
        return weight * own

    def _dragon_pungs(self) -> int:
        if self.dragon_pungs is None:
            self.dragon_pungs = _dragon_pungs(self.opp)
        return self.dragon_pungs


WAITS_PER_HAND = 1.8  # kinds a ready hand waits on, on average


def wait_chances(
    opp: Opponent, unseen: list[int], *, furiten: bool, passed: frozenset[int] = frozenset(), honors: bool = True
) -> list[float]:
    """For every kind, the chance it is among the opponent's waits, given it is ready.

    The wait weights are scaled so that they add up to the typical number of
    waits, which turns "more or less likely" into a probability.
    """
    reading = _WaitReading(opp, unseen, furiten, passed, None, None)
    weight = reading.weight
    raw = [weight(k) for k in range(34 if honors else 27)]
    if not honors:
        raw += [0.0] * 7
    total = sum(raw)
    if total <= 0:
        return raw
    scale = WAITS_PER_HAND / total
    return [min(0.9, w * scale) for w in raw]


def _number_weight(kind: int, available: list[float], suji_factor: list[float]) -> float:
    """A numbered kind's weight from the shapes that wait on it (``available``, ``suji_factor``: per kind,
    as :class:`_WaitReading` keeps them)."""
    n = kind % 9  # 0-8
    weight = 0.0
    if n <= 6:  # shape kind+1, kind+2: two-sided with kind+3 (edge when it is 8-9)
        if n <= 5:
            weight += TWO_SIDED * (available[kind + 1] * available[kind + 2]) * suji_factor[kind + 3]
        else:
            weight += EDGE * (available[kind + 1] * available[kind + 2])
    if n >= 2:  # shape kind-2, kind-1
        if n >= 3:
            weight += TWO_SIDED * (available[kind - 1] * available[kind - 2]) * suji_factor[kind - 3]
        else:
            weight += EDGE * (available[kind - 1] * available[kind - 2])
    if 1 <= n <= 7:
        weight += CLOSED * (available[kind - 1] * available[kind + 1])
    weight += PAIR_OR_SINGLE * available[kind]
    return weight


def _dragon_pungs(opp: Opponent) -> int:
    return sum(1 for m in opp.melds if m.is_pung and m.kind in DRAGONS)


def passed_after_riichi(sv: SeatReading, opp: Opponent) -> frozenset[int]:
    """Kinds others threw after ``opp``'s riichi (it let them pass, so it is furiten on them).

    Exact when the view carries the discard order; older views are read by go-rounds.
    """
    if opp.riichi_at is None:
        return frozenset()
    own = sv.view.players[opp.seat].discards
    declared = own[opp.riichi_at] if opp.riichi_at < len(own) else None
    if declared is not None and declared.order is not None:
        return kinds_thrown_from(sv.view, declared.order + 1)
    out = set()
    order = (opp.seat - sv.seat) % 4
    for other in [o for o in sv.opponents if o is not opp] + [None]:
        discards = sv.me_discards if other is None else other.discards
        seat = sv.seat if other is None else other.seat
        later_in_turn = (seat - sv.seat) % 4 > order  # throws after opp within a go-round
        start = opp.riichi_at + (0 if later_in_turn else 1)
        out.update(discards[start:])
    return frozenset(out)


def tenpai_chance(opp: Opponent, *, riichi_game: bool = False) -> float:
    """How likely the opponent is ready: certain after riichi, else by its melds and turns."""
    if opp.out:
        return 0.0
    if opp.in_riichi:
        return 1.0
    turns = len(opp.discards)
    melds = len(opp.melds)
    if melds >= 4:
        return 0.9
    chance = min(0.6, max(0.0, (turns - 3) * 0.04)) + melds * 0.12
    if riichi_game and melds == 0:
        chance *= 0.4  # a ready closed hand usually declares riichi
    return min(0.9, chance)


@dataclass(frozen=True)
class Caution:
    """When a bot that plays for speed gives way to safety (see :func:`cautious_discard`).

    When the preferred discard deals in with more than ``switch_risk`` chance,
    the safest discard of the same shanten is taken instead — among those that
    keep at least ``keep_accept`` of the preferred one's unseen useful tiles.
    A ready hand keeps its choice (breaking it cost more wins than it saved).
    """

    switch_risk: float = 0.06
    keep_accept: float = 0.75


def deal_in_risk(sv: SeatReading) -> Callable[[int], float]:
    """Per kind, the chance that throwing it deals in to some opponent (no furiten rules).

    A kind thrown since an opponent's hand last changed is safe against it
    (:meth:`.SeatReading.passed_since_change`); the others are weighed by
    :func:`tenpai_chance` and :func:`wait_chances`.
    """
    threats = []
    for opp in sv.opponents:
        chance = tenpai_chance(opp)
        if chance >= 0.05:
            threats.append((chance, wait_chances(opp, sv.unseen, furiten=False, passed=sv.passed_since_change(opp))))
    return lambda kind: 1 - math.prod(1 - chance * waits[kind] for chance, waits in threats) if kind < 34 else 0.0


def cautious_discard(
    view: View,
    ranked: Sequence[Action],
    steps: Callable[[Action], int],
    accept: Callable[[Action], int],
    caution: Caution = Caution(),
) -> Action:
    """``ranked``'s first discard, or a safer one of the same shanten when the first looks dangerous.

    ``steps(action)`` is the shanten after the discard, ``accept(action)`` the
    unseen tiles that would then improve the hand (:meth:`.incremental.HandShape.shanten_after_discard`,
    :meth:`.incremental.HandShape.useful_after_discard`).
    """
    first = ranked[0]
    best = steps(first)
    if best <= 0:
        return first
    risk = deal_in_risk(SeatReading(view))
    if risk(kind_of(tile_of(first))) <= caution.switch_risk:
        return first
    floor = caution.keep_accept * accept(first)
    same = [a for a in ranked if steps(a) == best and (a is first or accept(a) >= floor)]
    return min(same, key=lambda a: (round(risk(kind_of(tile_of(a))), 3), same.index(a)))
