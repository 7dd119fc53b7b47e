"""The baseline bot (``easy``): takes every win, discards by shanten and tile acceptance.

It calls a pung, kong or chow only when that lowers its shanten, declares
riichi when ready, and for setup choices (void suit, exchange) it takes the
suit it holds least of.  Every variant's legal actions are enough for it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action, ActionType, DeclareVoid, tile_of
from ..analysis import shanten
from ..tiles import counts34, is_terminal_or_honor, kind_of
from .base import Bot, register_bot
from .incremental import HandShape
from ..views import View

_WIN = (ActionType.TSUMO, ActionType.RON)


def visible_counts(view: View) -> list[int]:
    """Copies of each kind the seat can see outside its own hand."""
    counts = [0] * 34
    for p in view.players:
        for d in p.discards:
            if d.claimed_by is None:
                counts[d.tile >> 2] += 1
        for m in p.melds:
            for t in m.tiles:
                if 0 <= t < 136:
                    counts[t >> 2] += 1
    if view.extension is not None:
        for t in view.extension.indicators():
            counts[t >> 2] += 1
    return counts


def remaining_after_discard(useful: list[int], thrown: int, counts: list[int], seen: list[int]) -> int:
    """Copies of the ``useful`` kinds neither in the hand (less the ``thrown`` tile) nor ``seen``."""
    total = 0
    for u in useful:
        left = 4 - counts[u] + (u == thrown) - seen[u]
        if left > 0:
            total += left
    return total


def own_hand(view: View) -> tuple[list[int], int]:
    me = view.me
    return list(me.concealed_tiles), len(me.melds)


class BaselineBot(Bot):
    name = "easy"

    def forms(self, view: View) -> dict[str, bool]:
        """Which special shapes the variant allows (hook for variant bots)."""
        return {"seven_pairs": view.rules.seven_pairs, "thirteen_orphans": view.rules.thirteen_orphans}

    def choose(self, view: View, actions: Sequence[Action]) -> Action:
        by_type: dict[ActionType, list[Action]] = {}
        for a in actions:
            by_type.setdefault(a.type, []).append(a)
        for t in _WIN:
            if t in by_type:
                return by_type[t][0]
        if ActionType.CONTINUE in by_type:
            return by_type[ActionType.CONTINUE][0]
        if ActionType.VOID in by_type:
            return self.choose_void(view, [a for a in by_type[ActionType.VOID] if isinstance(a, DeclareVoid)])
        if ActionType.EXCHANGE in by_type:
            return self.choose_exchange(view, by_type[ActionType.EXCHANGE])
        if ActionType.PASS in by_type:
            return self.choose_claim(view, actions)
        return self.choose_turn(view, by_type)

    # --- setup -----------------------------------------------------------------------

    def _suit_sizes(self, view: View) -> dict[str, int]:
        hand, _ = own_hand(view)
        sizes = {"m": 0, "p": 0, "s": 0}
        for t in hand:
            k = kind_of(t)
            if k < 27:
                sizes["mps"[k // 9]] += 1
        return sizes

    def choose_void(self, view: View, options: list[DeclareVoid]) -> Action:
        sizes = self._suit_sizes(view)
        return min(options, key=lambda a: (sizes.get(a.suit, 99), a.suit))

    def choose_exchange(self, view: View, options: list[Action]) -> Action:
        sizes = self._suit_sizes(view)
        return min(options, key=lambda a: (sizes["mps"[kind_of(a.tiles[0]) // 9]], a.tiles))

    # --- claims ------------------------------------------------------------------------

    def choose_claim(self, view: View, actions: Sequence[Action]) -> Action:
        hand, melds = own_hand(view)
        counts = counts34(hand)
        forms = self.forms(view)
        now = shanten(counts, melds, **forms)
        best, best_sh = None, now
        for a in actions:
            if a.type not in (ActionType.PON, ActionType.CHI, ActionType.KAN):
                continue
            after = list(counts)
            for t in a.tiles:
                after[kind_of(t)] -= 1
            if a.type is ActionType.KAN:
                sh = shanten(after, melds + 1, **forms)
            else:
                shape = HandShape(after, melds + 1, **forms)
                sh = min(shape.shanten_after_discard(k) for k in range(34) if after[k])
            if sh < best_sh:
                best, best_sh = a, sh
        return best if best is not None else next(a for a in actions if a.type is ActionType.PASS)

    # --- own turn ------------------------------------------------------------------------

    def choose_turn(self, view: View, by_type: dict[ActionType, list[Action]]) -> Action:
        hand, melds = own_hand(view)
        counts = counts34(hand)
        forms = self.forms(view)
        for kong in by_type.get(ActionType.ANKAN, []) + by_type.get(ActionType.KAKAN, []):
            after = list(counts)
            n = 4 if kong.type is ActionType.ANKAN else 1
            after[kind_of(tile_of(kong))] -= n
            # an added kong (n == 1) grows a meld already counted
            if shanten(after, melds + (n == 4), **forms) <= shanten(counts, melds, **forms):
                return kong
        discards = by_type.get(ActionType.DISCARD, []) + by_type.get(ActionType.RIICHI, [])
        if not discards:
            return next(iter(next(iter(by_type.values()))))
        seen = visible_counts(view)
        ranked = self.rank_discards(counts, melds, [a for a in discards], seen, forms)
        best = self.pick_discard(view, ranked, counts, melds, forms)
        riichi = [a for a in by_type.get(ActionType.RIICHI, []) if kind_of(tile_of(a)) == kind_of(tile_of(best))]
        return riichi[0] if riichi else best

    def pick_discard(
        self, view: View, ranked: list[Action], counts: list[int], melds: int, forms: dict[str, bool]
    ) -> Action:
        """Hook: the discard to make of ``ranked`` (best first by shanten and acceptance)."""
        return ranked[0]

    def rank_discards(
        self, counts: list[int], melds: int, discards: list[Action], seen: list[int], forms: dict[str, bool]
    ) -> list[Action]:
        """Discards ordered best first: lowest shanten, most useful tiles left, then isolated honours/terminals."""
        scored = []
        cache: dict[int, tuple] = {}
        shape = HandShape(counts, melds, **forms)
        for a in discards:
            k = kind_of(tile_of(a))
            if k not in cache:
                if k >= 34:  # a bonus tile should never be a discard choice
                    cache[k] = (99, 0, 0)
                else:
                    sh = shape.shanten_after_discard(k)
                    remaining = remaining_after_discard(shape.useful_after_discard(k), k, counts, seen)
                    cache[k] = (sh, self.discard_cost(k) - remaining, 0 if is_terminal_or_honor(k) else 1)
            scored.append((cache[k], a.type is ActionType.RIICHI, a.sort_key(), a))
        scored.sort(key=lambda x: x[:3])
        return [x[3] for x in scored]

    def discard_cost(self, kind: int) -> float:
        """Hook: what throwing ``kind`` costs beyond acceptance, in improving tiles (danger, value)."""
        return 0


register_bot("easy", BaselineBot, "baseline")
