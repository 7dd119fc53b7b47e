"""A Hong Kong Old Style bot (``hongkong``): reaches the fan minimum and chases big fan.

It builds on the baseline bot's shanten-and-acceptance play and adds what the
fan table rewards:

* a *plan*: a flush in the suit it holds most of (mixed one suit, full
  flush) when enough of its tiles allow it, all pungs when it holds many pairs;
* discards that fit the plan, that keep dragon and own/round wind pairs, and
  (with the liability option) that avoid tiles dangerous to throw;
* for a discard that leaves the hand ready, the waits are scored: only waits
  that make a legal win (the minimum fan) count, weighted by their points
  and the copies still unseen — so a ready hand that cannot go out is no
  better than one a tile away;
* with a fan minimum, calls only for value honours (dragons, own and round
  wind) or sets that fit the plan; otherwise it stays concealed for the
  concealed-hand fan.  Without a minimum it calls whatever helps, and keeps
  to its plan only while the hand is two or more tiles from ready.

Measured with ``run_selfplay`` (two of these against two baseline bots, 256
hands each way): a 3 fan minimum, where the baseline bot rarely reaches the
minimum, leaves these bots about +3000 points per 128 hands each; with no
minimum they come out ahead by a few hundred points over 512 hands.

Every win it is offered is legal (the table never offers one below the
minimum), so it always takes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...actions import Action, ActionType, tile_of
from ...analysis import shanten, waits
from ...bots.baseline import BaselineBot, own_hand, remaining_after_discard, visible_counts
from ...bots.incremental import HandShape
from ...bots.levels import STRONG, LevelBot
from ...bots.speed_first import SpeedFirstBot
from ...melds import HandSpec, Meld, MeldType
from ...tiles import DRAGONS, SUITS, WINDS, counts34, is_honor, kind_of, suit_of
from .evaluation import best_value
from .fan_table import points
from .hand import WinFacts
from .liability import ShownSet, dangerous_kinds
from .options import HongKongOptions
from ...views import View
from .view import HongKongView

FORMS = {"seven_pairs": False, "thirteen_orphans": True}
FLUSH_TILES = 9  # tiles of one suit plus honours (of 14) that make a flush worth aiming at
PUNG_PAIRS = 4  # pairs and pungs that make all pungs worth aiming at


@dataclass(frozen=True)
class Plan:
    """What the hand is steering for."""

    suit: str | None  # the flush suit, or None
    pungs: bool  # all pungs
    value_honors: frozenset[int]  # dragons, own wind, round wind

    def keeps(self, kind: int) -> bool:
        """Whether a tile of ``kind`` belongs to the plan (discarding it costs)."""
        if kind in self.value_honors:
            return True
        if self.suit is not None:
            return is_honor(kind) or suit_of(kind) == self.suit
        return False


def make_plan(view: View) -> Plan:
    me = view.me
    kinds = [kind_of(t) for t in me.concealed_tiles] + [kind_of(t) for m in me.melds for t in m.tiles if t >= 0]
    per_suit = {s: sum(1 for k in kinds if not is_honor(k) and suit_of(k) == s) for s in SUITS}
    honors = sum(1 for k in kinds if is_honor(k))
    suit = max(SUITS, key=lambda s: (per_suit[s], s))
    meld_suits = {suit_of(kind_of(t)) for m in me.melds for t in m.tiles if t >= 0 if not is_honor(kind_of(t))}
    flush = per_suit[suit] + honors >= FLUSH_TILES and meld_suits <= {suit}
    counts = counts34(me.concealed_tiles)
    pairs = sum(1 for c in counts if c >= 2) + sum(1 for m in me.melds if m.type is not MeldType.CHI)
    no_chows = all(m.type is not MeldType.CHI for m in me.melds)
    value = frozenset(DRAGONS) | {WINDS[me.wind], WINDS[view.round_wind]}
    return Plan(suit if flush else None, pairs >= PUNG_PAIRS and no_chows, value)


def hand_spec(view: View, extra: int | None = None, drop: int | None = None) -> HandSpec:
    """The bot's own hand as a :class:`HandSpec`, with one tile added or one kind dropped."""
    me = view.me
    concealed = list(me.concealed_tiles)
    if drop is not None:
        concealed.remove(next(t for t in concealed if kind_of(t) == drop))
    if extra is not None:
        concealed.append(extra)
    melds = [Meld(m.type, tuple(m.tiles), m.claimed, m.from_seat, m.added) for m in me.melds]
    return HandSpec(concealed, melds, list(me.bonus))


def view_options(view: View) -> HongKongOptions:
    """The scoring options a seat can see (the table puts them in every view)."""
    facts = HongKongView.of(view)
    return HongKongOptions(
        fan_table=facts.fan_table, limit_fan=facts.limit_fan, min_fan=facts.min_fan, bonus_tiles=facts.bonus_tiles
    )


def dangerous_to_others(view: View) -> frozenset[int]:
    """Kinds the other players' shown pungs make dangerous to throw (liability)."""
    out: frozenset[int] = frozenset()
    for p in view.players:
        if p.seat == view.seat:
            continue
        shown = [
            ShownSet(kind_of(next(t for t in m.tiles if t >= 0)), m.from_seat)
            for m in p.melds
            if m.type is not MeldType.CHI
        ]
        out |= dangerous_kinds(shown)
    return out


def opening_kong(actions: Sequence[Action]) -> Action | None:
    """A kong dealt in the opening, offered before the first discard: declaring it loses nothing
    and brings a replacement tile."""
    return next((a for a in actions if a.type is ActionType.ANKAN), None)


class HongKongBot(BaselineBot):
    name = "hongkong"

    def forms(self, view: View) -> dict[str, bool]:
        return dict(FORMS)

    # --- claims ------------------------------------------------------------------------

    def choose_claim(self, view: View, actions: Sequence[Action]) -> Action:
        kong = opening_kong(actions)
        if kong is not None:
            return kong
        # without a minimum any call that helps is fine; with one, only calls that keep fan in reach
        plan = make_plan(view)
        strict = HongKongView.of(view).min_fan > 0
        allowed = [a for a in actions if a.type is ActionType.PASS or not strict or self._claim_fits(a, plan)]
        return super().choose_claim(view, allowed)

    @staticmethod
    def _claim_fits(action: Action, plan: Plan) -> bool:
        if action.type in (ActionType.PON, ActionType.KAN):
            kind = kind_of(tile_of(action))
            return kind in plan.value_honors or plan.pungs or plan.keeps(kind)
        if action.type is ActionType.CHI:
            return plan.suit is not None and suit_of(kind_of(tile_of(action))) == plan.suit and not plan.pungs
        return False

    # --- own turn ------------------------------------------------------------------------

    def choose_turn(self, view: View, by_type: dict[ActionType, list[Action]]) -> Action:
        hand, melds = own_hand(view)
        counts = counts34(hand)
        now = shanten(counts, melds, **FORMS)
        for kong in by_type.get(ActionType.ANKAN, []) + by_type.get(ActionType.KAKAN, []):
            after = list(counts)
            after[kind_of(tile_of(kong))] -= 4 if kong.type is ActionType.ANKAN else 1
            if shanten(after, melds + 1, **FORMS) <= now:
                return kong
        discards = by_type.get(ActionType.DISCARD, [])
        if not discards:
            return next(iter(next(iter(by_type.values()))))
        return self.rank_hk_discards(view, counts, melds, discards)[0]

    def rank_hk_discards(self, view: View, counts: list[int], melds: int, discards: list[Action]) -> list[Action]:
        """Discards best first: plan and danger cost added to shanten, then the ready value, then acceptance."""
        plan = make_plan(view)
        options = view_options(view)
        seen = visible_counts(view)
        danger = dangerous_to_others(view) if HongKongView.of(view).liability else frozenset()
        me = view.me
        facts = WinFacts(
            seat=me.wind,
            round=view.round_wind,
            self_drawn=False,
            discarder=(me.wind + 1) % 4,
            bonus=frozenset(kind_of(t) for t in me.bonus),
        )
        scored = {}
        shape = HandShape(counts, melds, **FORMS)
        for kind in {kind_of(tile_of(a)) for a in discards}:
            sh = shape.shanten_after_discard(kind)
            accept = remaining_after_discard(shape.useful_after_discard(kind), kind, counts, seen)
            if sh == 0:
                counts[kind] -= 1
                expected = self._ready_value(view, counts, melds, kind, seen, facts, options)
                counts[kind] += 1
                if expected == 0:
                    sh = 1  # ready, but no wait makes a legal win
            else:
                expected = 0
            # breaking the plan costs a step, unless (with no minimum) the hand is nearly ready
            off_plan = plan.keeps(kind) and (options.min_fan > 0 or sh >= 2)
            cost = sh + off_plan + (2 if kind in danger else 0)
            scored[kind] = (cost, -expected, -accept, 0 if is_honor(kind) else 1, kind)
        return sorted(discards, key=lambda a: (scored[kind_of(tile_of(a))], a.sort_key()))

    @staticmethod
    def _ready_value(
        view: View,
        counts: list[int],
        melds: int,
        dropped: int,
        seen: list[int],
        facts: WinFacts,
        options: HongKongOptions,
    ) -> int:
        """The points a ready hand can expect: each legal wait's value times its unseen copies."""
        total = 0
        for wait in waits(counts, melds, seven_pairs=False):
            left = 4 - counts[wait] - seen[wait]
            if left <= 0:
                continue
            hand = hand_spec(view, extra=wait * 4 + _free_copy(view, wait), drop=dropped)
            value = best_value(hand, wait, facts, options)
            if value is not None and value.meets_minimum(options):
                total += left * points(value.capped_fan, options.fan_table)
        return total


def _free_copy(view: View, kind: int) -> int:
    """A copy number (0-3) of ``kind`` not in the bot's own hand or melds, to stand for a wait."""
    me = view.me
    mine = set(me.concealed_tiles) | {t for m in me.melds for t in m.tiles}
    return next((c for c in range(4) if kind * 4 + c not in mine), 0)


class StrongHongKongBot(SpeedFirstBot):
    """``strong`` in Hong Kong: the baseline's speed with a flush plan (:mod:`...bots.speed_first`).

    Dealing in costs one share more than another player's win, so it plays
    no defence, only avoiding (with the liability option) the tiles that
    would make it pay for everyone.  With a fan minimum, where speed alone
    rarely makes a legal win, it plays the level machinery that values fan
    (:mod:`.strategy`).
    """

    name = "strong"
    defence = None

    def __init__(self) -> None:
        self._fan_player = LevelBot(STRONG)

    def choose(self, view: View, actions: Sequence[Action]) -> Action:
        if HongKongView.of(view).min_fan > 0:
            return self._fan_player.choose_by_strategy(view, actions)
        return super().choose(view, actions)

    def choose_claim(self, view: View, actions: Sequence[Action]) -> Action:
        kong = opening_kong(actions)
        return kong if kong is not None else super().choose_claim(view, actions)

    def avoid_kinds(self, view: View) -> frozenset[int]:
        return dangerous_to_others(view) if HongKongView.of(view).liability else frozenset()
