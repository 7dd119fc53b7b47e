"""The classical bot (``classical``): the baseline's shanten play, steered toward doubles.

In classical scoring the doubles make a hand (the text: "Entscheidend bei der
Abrechnung ist ... die Zahl der Verdopplungen"), so on top of the baseline
bot this one

- keeps pairs and pungs of the honours that double (dragons, its own wind,
  the round wind) and always claims their pung or kong;
- when one suit plus honours dominates its tiles, plays for one suit: it
  throws the other suits first (early on even at the cost of one step of
  shanten) and claims nothing from them;
- declares the nine-terminals draw when its hand is far from thirteen orphans;
- of equally good discards, avoids those another player's melds make
  dangerous (:mod:`.danger`): the discarder of a winning tile pays for everyone.

It is deterministic: the same view and actions give the same choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...actions import Action, ActionType, tile_of
from ...analysis import shanten, thirteen_orphans_shanten
from ...bots.baseline import BaselineBot, own_hand, remaining_after_discard, visible_counts
from ...bots.defence import cautious_discard
from ...bots.incremental import HandShape
from ...bots.seat import SeatReading
from ...melds import Meld
from ...tiles import DRAGONS, EAST, counts34, is_honor, is_suited, is_terminal_or_honor, kind_of, suit_of
from .danger import dangerous_kinds
from ...views import SeatView as PlayerView
from ...views import View
from .view import ClassicalView

ONE_SUIT_TILES = 10  # tiles of one suit plus honours (of 14) that make a one-suit plan
EARLY_SHANTEN = 2  # at this shanten or more, throwing another suit may cost a step
ORPHANS_WORTH_PLAYING = 2  # thirteen-orphans shanten at which the draw is not declared
_CALLS = (ActionType.PON, ActionType.KAN, ActionType.CHI)


@dataclass(frozen=True)
class Plan:
    """What the bot plays for: one suit (or None) and the honours that double; and what it fears."""

    suit: str | None
    doubling_honours: frozenset[int]
    dangerous: frozenset[int] = frozenset()

    def off_suit(self, kind: int) -> bool:
        return self.suit is not None and is_suited(kind) and suit_of(kind) != self.suit


def shown_melds(player: PlayerView) -> list[Meld]:
    """A player's melds from a view; a concealed kong's hidden outer tiles stand in by its inner ones."""
    out = []
    for wire in player.melds:
        tiles = [t for t in wire.tiles if t >= 0]
        tiles += tiles[: len(wire.tiles) - len(tiles)]
        out.append(Meld(wire.type, tuple(tiles)))
    return out


def make_plan(view: View) -> Plan:
    """The plan for the seat of ``view``: from its own tiles and winds, and the others' melds."""
    me = view.me
    # a player without melds shows nothing dangerous
    dangerous = frozenset().union(
        *(dangerous_kinds(shown_melds(p)) for p in view.players if p.seat != view.seat and p.melds)
    )
    doubling = frozenset(DRAGONS) | {EAST + me.wind, EAST + view.round_wind}
    kinds = [kind_of(t) for t in me.concealed_tiles]
    meld_kinds = [kind_of(t) for m in me.melds for t in m.tiles if t >= 0]
    sizes = [0, 0, 0]  # man, pin, sou
    honours = 0
    for k in kinds + meld_kinds:
        if 0 <= k < 27:
            sizes[k // 9] += 1
        elif k < 34:
            honours += 1
    by_suit = {"m": sizes[0], "p": sizes[1], "s": sizes[2]}
    suit = max(by_suit, key=lambda s: (by_suit[s], s))
    melds_fit = all(is_honor(k) or suit_of(k) == suit for k in meld_kinds)
    one_suit = by_suit[suit] + honours >= ONE_SUIT_TILES and melds_fit
    return Plan(suit if one_suit else None, doubling, dangerous)


class ClassicalBot(BaselineBot):
    name = "classical"

    def choose(self, view: View, actions: Sequence[Action]) -> Action:
        abort = [a for a in actions if a.type is ActionType.ABORT]
        if abort:
            hand, _ = own_hand(view)
            if thirteen_orphans_shanten(counts34(hand)) > ORPHANS_WORTH_PLAYING:
                return abort[0]
            actions = [a for a in actions if a.type is not ActionType.ABORT]
        return super().choose(view, actions)

    # --- claims ------------------------------------------------------------------------------

    def choose_claim(self, view: View, actions: Sequence[Action]) -> Action:
        plan = make_plan(view)
        calls = [a for a in actions if a.type in _CALLS]
        doubling = [a for a in calls if a.type is not ActionType.CHI and kind_of(tile_of(a)) in plan.doubling_honours]
        if doubling and not any(a.type is ActionType.RON for a in actions):
            hand, melds = own_hand(view)
            counts = counts34(hand)
            before = shanten(counts, melds, **self.forms(view))
            best = doubling[-1]  # a kong when offered (sorted after the pung)
            for t in best.tiles:
                counts[kind_of(t)] -= 1
            if shanten(counts, melds + 1, **self.forms(view)) <= before:
                return best
        wanted = [a for a in actions if not (a.type in _CALLS and plan.off_suit(kind_of(tile_of(a))))]
        return super().choose_claim(view, wanted)

    # --- own turn ------------------------------------------------------------------------------

    def choose_turn(self, view: View, by_type: dict[ActionType, list[Action]]) -> Action:
        hand, melds = own_hand(view)
        counts = counts34(hand)
        forms = self.forms(view)
        now = shanten(counts, melds, **forms)
        for kong in by_type.get(ActionType.ANKAN, []) + by_type.get(ActionType.KAKAN, []):
            after = list(counts)
            concealed_kong = kong.type is ActionType.ANKAN
            after[kind_of(tile_of(kong))] -= 4 if concealed_kong else 1
            # an added kong grows a meld already counted; a concealed kong is a new one
            if shanten(after, melds + concealed_kong, **forms) <= now:  # kongs score well
                return kong
        discards = by_type.get(ActionType.DISCARD, [])
        if not discards:
            return next(iter(next(iter(by_type.values()))))
        ranked = self.rank_for_doubles(make_plan(view), counts, melds, discards, visible_counts(view), forms)
        return self.pick_discard(view, ranked, counts, melds, forms)

    def rank_for_doubles(
        self, plan: Plan, counts: list[int], melds: int, discards: list[Action], seen: list[int], forms: dict[str, bool]
    ) -> list[Action]:
        """Discards best first: shanten (an off-suit tile early counts one better), then safe
        before dangerous, keeping the doubling honours, off-suit tiles before the plan's suit,
        then tile acceptance."""
        shape = HandShape(counts, melds, **forms)
        now = shape.shanten()
        cache: dict[int, tuple] = {}
        for a in discards:
            k = kind_of(tile_of(a))
            if k in cache:
                continue
            sh = shape.shanten_after_discard(k)
            remaining = remaining_after_discard(shape.useful_after_discard(k), k, counts, seen)
            off_suit = plan.off_suit(k)
            effective = sh - 1 if off_suit and now >= EARLY_SHANTEN else sh
            breaks_double = k in plan.doubling_honours and counts[k] >= 2
            cache[k] = (
                effective,
                k in plan.dangerous,
                breaks_double,
                not off_suit,
                -remaining,
                0 if is_terminal_or_honor(k) else 1,
            )
        return sorted(discards, key=lambda a: (cache[kind_of(tile_of(a))], a.sort_key()))


class StrongClassicalBot(ClassicalBot):
    """``strong`` in classical: this bot's play for doubles, and table reading when the discarder pays all.

    Of the discards :meth:`ClassicalBot.rank_for_doubles` ranks best, a
    dangerous one (:func:`...bots.defence.cautious_discard`: tiles thrown
    since an opponent's hand last changed are safe against it, the rest are
    weighed by wait reading) gives way to a safer one of the same shanten.
    Under ``discard_payment = dangerous_only`` (DMJL) a discard win costs the
    discarder no more than the others, so there it plays as :class:`ClassicalBot`.
    """

    name = "strong"

    def pick_discard(
        self, view: View, ranked: list[Action], counts: list[int], melds: int, forms: dict[str, bool]
    ) -> Action:
        facts = view.ext(ClassicalView)
        if facts is not None and facts.option("discard_payment", "discarder_pays") != "discarder_pays":
            return ranked[0]
        shape = HandShape(counts, melds, **forms)
        steps: dict[int, int] = {}
        accept: dict[int, int] = {}

        def steps_of(a: Action) -> int:
            k = kind_of(tile_of(a))
            if k not in steps:
                steps[k] = shape.shanten_after_discard(k)
            return steps[k]

        def accept_of(a: Action) -> int:
            k = kind_of(tile_of(a))
            if k not in accept:
                if not unseen:  # read the table only when a dangerous first choice asks
                    unseen.extend(SeatReading(view).unseen)
                accept[k] = sum(unseen[u] for u in shape.useful_after_discard(k))
            return accept[k]

        unseen: list[int] = []
        return cautious_discard(view, ranked, steps_of, accept_of)
