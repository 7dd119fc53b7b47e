"""A speed-first bot: the baseline's efficient play, steered toward a flush — ``strong`` in Hong Kong.

Where nearly every hand ends in somebody's win and a win pays little more
than a deal-in costs (Hong Kong without a fan minimum: the discarder pays one
share more than the others), speed is worth more than any estimate of a
hand's future worth: every bot measured that traded steps for expected value
won less often than the baseline and came out even at best
(``benchmarks/README.md``).  This one keeps the baseline's order — fewest
steps to ready, then the most unseen useful tiles — and changes only what
costs no speed worth having:

* a hand that already leans to one suit plus honours
  (:meth:`SpeedFirstBot.flush_suit`) throws the other suits first and calls
  nothing from them — the flush multiplies its worth several times over;
* tiles a variant makes costly to throw (:meth:`SpeedFirstBot.avoid_kinds`,
  Hong Kong's liability) give way to a discard of the same shanten.

    >>> from jantaku.engine.ruleset import get_ruleset
    >>> table = get_ruleset("classical").new_table(seed=4)
    >>> bot = SpeedFirstBot()
    >>> bot.choose(table.view(0), table.pending()[0]) in table.pending()[0]
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..actions import Action, ActionType
from ..analysis import shanten
from ..tiles import counts34, kind_of
from .baseline import BaselineBot, own_hand, visible_counts

ONE_SUIT_TILES = 10  # of 14 tiles: one suit plus honours that make a flush worth playing for (measured: 9-12)


class SpeedFirstBot(BaselineBot):
    """The baseline's speed with a flush plan (see the module docstring)."""

    name = "speed-first"
    one_suit_tiles: int | None = ONE_SUIT_TILES

    def forms(self, view: dict[str, Any]) -> dict[str, bool]:
        return {"seven_pairs": False, "thirteen_orphans": True}

    # --- value ---------------------------------------------------------------------------------

    def flush_suit(self, view: dict[str, Any]) -> int | None:
        """The suit (0-2) to play one suit in, or None.

        Chosen when one suit plus the honours make ``one_suit_tiles`` of the
        hand's tiles (melds included) and every exposed meld fits it.
        """
        if self.one_suit_tiles is None:
            return None
        me = view["players"][view["seat"]]
        meld_kinds = [kind_of(t) for m in me["melds"] for t in m["tiles"] if t >= 0]
        kinds = [kind_of(t) for t in me["concealed"] if t < 136] + meld_kinds
        honours = sum(1 for k in kinds if 27 <= k < 34)
        per_suit = [sum(1 for k in kinds if k < 27 and k // 9 == s) for s in range(3)]
        suit = max(range(3), key=lambda s: (per_suit[s], -s))
        if per_suit[suit] + honours < self.one_suit_tiles:
            return None
        if any(k < 27 and k // 9 != suit for k in meld_kinds):
            return None
        return suit

    @staticmethod
    def _off_suit(kind: int, suit: int) -> bool:
        return kind < 27 and kind // 9 != suit

    def choose_claim(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        suit = self.flush_suit(view)
        if suit is not None:
            actions = [a for a in actions if a.type is ActionType.PASS or not self._off_suit(kind_of(a.tile), suit)]
        return super().choose_claim(view, actions)

    # --- own turn --------------------------------------------------------------------------------

    def choose_turn(self, view: dict[str, Any], by_type: dict[ActionType, list[Action]]) -> Action:
        first = super().choose_turn(view, by_type)
        discards = by_type.get(ActionType.DISCARD, [])
        if first.type is not ActionType.DISCARD or not discards:
            return first
        hand, melds = own_hand(view)
        counts = counts34(hand)
        forms = self.forms(view)
        ranked = self.rank_discards(counts, melds, list(discards), visible_counts(view), forms)
        suit = self.flush_suit(view)
        if suit is not None:
            off = [a for a in ranked if self._off_suit(kind_of(a.tile), suit)]
            ranked = off + [a for a in ranked if a not in off]
        avoid = self.avoid_kinds(view)
        if avoid and kind_of(ranked[0].tile) in avoid:
            best = self._shanten_after(counts, melds, forms, ranked[0])
            safer = [a for a in ranked if kind_of(a.tile) not in avoid
                     and self._shanten_after(counts, melds, forms, a) == best]
            ranked = safer + [a for a in ranked if a not in safer]
        return ranked[0]

    def avoid_kinds(self, view: dict[str, Any]) -> frozenset[int]:
        """Hook: kinds whose discard costs extra (a variant's liability), avoided when a discard of the
        same shanten is free of it."""
        return frozenset()

    @staticmethod
    def _shanten_after(counts: list[int], melds: int, forms: dict[str, bool], action: Action) -> int:
        k = kind_of(action.tile)
        if k >= 34:
            return 99
        counts[k] -= 1
        sh = shanten(counts, melds, **forms)
        counts[k] += 1
        return sh
