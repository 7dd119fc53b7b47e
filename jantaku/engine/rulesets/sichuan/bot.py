"""The ``sichuan`` bot: the baseline's discard sense plus what the void suit and the battle ask.

- void suit: the suit cheapest to give up (fewest tiles; a pair or more weighs extra);
- exchange of three: three tiles of that same suit;
- discards: void-suit tiles first (the legal actions insist), the most-seen kind first;
  then by shanten and acceptance, leaning to a full flush when one suit dominates;
- kongs: whenever the hand does not get worse, since kong money is paid at once;
- wins: always on a self-draw; on a discard it waits for a self-draw (which every player
  still in pays) only with a hand worth no fan, a long wall and many winning tiles live.

    >>> from jantaku.engine.bots import get_bot
    >>> get_bot("sichuan").name
    'sichuan'
"""

from __future__ import annotations

from collections.abc import Sequence

from ...actions import Action, ActionType, DeclareVoid, tile_of
from ...analysis import shanten, waits
from ...bots.baseline import BaselineBot, own_hand, visible_counts
from ...bots.efficiency import shanten_after
from ...bots.seat import passed_since_change
from ...melds import Meld
from ...tiles import SUITS, counts34, kind_of, suit_of
from .fans import Situation
from .hand import SichuanHand
from .options import SichuanOptions
from .value import NotAWin, hand_value
from ...views import View
from .view import SichuanView

FLUSH_TILES = 10  # tiles of one suit (of 14) from which the bot plays for a full flush
# Letting a cheap discard win go for a self-draw (which every player still in pays): from this
# wall size, with at least this many winning tiles unseen.  Measured against three easy bots,
# 2400 hands per preset: 40/7 beat both 30/5 and never waiting.
WAIT_WALL = 40
WAIT_LIVE = 7
# ``strong``: a discard another player still in may win on costs this many improving tiles
# per such player, scaled by how far the hand has gone (a player is ready after about
# READY_TURNS discards of its own); a suit the player declared void is always safe against it.
# Under one tile: safety breaks ties and never costs acceptance.  Measured against three easy
# bots, 200-500 deals: 6 and 15 lost money to 0 (no defence) — acceptance is worth more.
DANGER_TILES = 0.5
READY_TURNS = 10
OWN_DISCARD_SAFETY = 0.5  # a kind the player threw itself: it kept no shape waiting on it


class SichuanBot(BaselineBot):
    name = "sichuan"

    def forms(self, view: View) -> dict[str, bool]:
        return {"seven_pairs": True, "thirteen_orphans": False}

    def choose(self, view: View, actions: Sequence[Action]) -> Action:
        ron = [a for a in actions if a.type is ActionType.RON]
        if ron and self.waits_for_self_draw(view, ron[0]):
            return next(a for a in actions if a.type is ActionType.PASS)
        return super().choose(view, actions)

    # --- setup ----------------------------------------------------------------------------

    @staticmethod
    def void_cost(view: View) -> dict[str, int]:
        """What giving up each suit costs: its tiles, plus one per pair or more."""
        counts = counts34(own_hand(view)[0])
        cost = dict.fromkeys(SUITS, 0)
        for kind, n in enumerate(counts[:27]):
            cost[suit_of(kind)] += n + (n >= 2)
        return cost

    def choose_void(self, view: View, options: list[DeclareVoid]) -> Action:
        cost = self.void_cost(view)
        return min(options, key=lambda a: (cost[a.suit], a.suit))

    def choose_exchange(self, view: View, options: list[Action]) -> Action:
        cost = self.void_cost(view)
        return min(options, key=lambda a: (cost[suit_of(kind_of(a.tiles[0]))], a.tiles))

    # --- claims ---------------------------------------------------------------------------

    def choose_claim(self, view: View, actions: Sequence[Action]) -> Action:
        hand, melds = own_hand(view)
        counts = counts34(hand)
        for kong in (a for a in actions if a.type is ActionType.KAN):
            after = list(counts)
            after[kind_of(tile_of(kong))] -= 3
            if shanten(after, melds + 1, **self.forms(view)) <= shanten(counts, melds, **self.forms(view)):
                return kong
        return super().choose_claim(view, actions)

    def waits_for_self_draw(self, view: View, ron: Action) -> bool:
        """Let a discard win go: no fan, a long wall, everyone else still in, many tiles live."""
        me = view.me
        others_in = sum(not p.out for p in view.players) - 1
        if view.wall < WAIT_WALL or others_in < 3:
            return False
        void = SichuanView.of(view).voids[view.me.seat]
        hand = own_sichuan_hand(view, extra=ron.tile)
        try:
            value = hand_value(hand, void, Situation(), SichuanOptions())
        except NotAWin:
            return False
        if value.fan:
            return False
        counts = counts34(me.concealed_tiles)
        seen = visible_counts(view)
        live = sum(
            max(0, 4 - counts[k] - seen[k])
            for k in waits(counts, len(me.melds), thirteen_orphans=False, four_as_two=True)
            if suit_of(k) != void
        )
        return live >= WAIT_LIVE

    # --- own turn -------------------------------------------------------------------------------

    def choose_turn(self, view: View, by_type: dict[ActionType, list[Action]]) -> Action:
        kong = self.worthwhile_kong(view, by_type)
        if kong is not None:
            return kong
        discards = by_type[ActionType.DISCARD]
        void = SichuanView.of(view).voids[view.me.seat]
        if all(suit_of(kind_of(tile_of(a))) == void for a in discards):
            seen = visible_counts(view)  # void tiles go anyway: the most-seen kind is the safest
            return max(discards, key=lambda a: (seen[kind_of(tile_of(a))], kind_of(tile_of(a))))
        choice = super().choose_turn(view, {ActionType.DISCARD: discards})
        return self.lean_to_flush(view, choice, discards)

    def worthwhile_kong(self, view: View, by_type: dict[ActionType, list[Action]]) -> Action | None:
        """A concealed or added kong that leaves the hand no further from ready."""
        hand, melds = own_hand(view)
        counts = counts34(hand)
        now = shanten(counts, melds, **self.forms(view))
        for kong in by_type.get(ActionType.ANKAN, []) + by_type.get(ActionType.KAKAN, []):
            after = list(counts)
            after[kind_of(tile_of(kong))] -= 4 if kong.type is ActionType.ANKAN else 1
            if shanten(after, melds + (kong.type is ActionType.ANKAN), **self.forms(view)) <= now:
                return kong
        return None

    def lean_to_flush(self, view: View, choice: Action, discards: list[Action]) -> Action:
        """With one suit dominating, discard another suit's tile if that costs no shanten."""
        hand, melds = own_hand(view)
        counts = counts34(hand)
        sizes = dict.fromkeys(SUITS, 0)
        for t in hand:
            sizes[suit_of(kind_of(t))] += 1
        for meld in view.me.melds:
            sizes[suit_of(kind_of(meld.tiles[1]))] += 3
        major = max(SUITS, key=lambda s: (sizes[s], s))
        if sizes[major] < FLUSH_TILES or suit_of(kind_of(tile_of(choice))) != major:
            return choice
        forms = self.forms(view)
        target = shanten_after(counts, melds, kind_of(tile_of(choice)), **forms)
        for a in discards:
            kind = kind_of(tile_of(a))
            if suit_of(kind) != major and shanten_after(counts, melds, kind, **forms) <= target:
                return a
        return choice


class StrongSichuanBot(SichuanBot):
    """The ``strong`` level in Sichuan: the sichuan bot, throwing what the others cannot win on.

    Among discards that keep the hand as close to ready, it weighs acceptance
    against danger: a tile of a suit an opponent declared void can never win
    for that opponent, and players who have already won take nothing more.
    """

    name = "strong"

    def __init__(self) -> None:
        self._danger: list[float] = [0.0] * 34

    def choose_turn(self, view: View, by_type: dict[ActionType, list[Action]]) -> Action:
        self._danger = discard_danger(view)
        return super().choose_turn(view, by_type)

    def discard_cost(self, kind: int) -> float:
        return DANGER_TILES * self._danger[kind]


def discard_danger(view: View) -> list[float]:
    """Per kind: how many players still in might win on it (each weighted by how far it has got).

    A kind thrown since a player's hand last changed is safe against that player
    (:func:`...bots.seat.passed_since_change`).
    """
    danger = [0.0] * 34
    voids = SichuanView.of(view).voids
    for p in view.players:
        if p.seat == view.seat or p.out:
            continue
        progress = min(1.0, len(p.discards) / READY_TURNS)
        thrown = {d.tile >> 2 for d in p.discards}
        passed = passed_since_change(view, p.seat)  # it would have won on these
        for kind in range(27):
            if suit_of(kind) != voids[p.seat] and kind not in passed:
                danger[kind] += progress * (OWN_DISCARD_SAFETY if kind in thrown else 1.0)
    return danger


def own_sichuan_hand(view: View, extra: int | None = None) -> SichuanHand:
    """The viewing seat's hand (with ``extra``, a discard it could win on, added)."""
    me = view.me
    counts = counts34([*me.concealed_tiles, *([extra] if extra is not None else [])])
    melds = tuple(Meld(m.type, tuple(m.tiles)) for m in me.melds)
    return SichuanHand(tuple(counts), melds)
