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

from ..actions import Action, ActionType, tile_of
from ..tiles import kind_of
from .baseline import BaselineBot
from .incremental import HandShape
from .patterns import flush_suit
from ..views import View

ONE_SUIT_TILES = 10  # of 14 tiles: one suit plus honours that make a flush worth playing for (measured: 9-12)


class SpeedFirstBot(BaselineBot):
    """The baseline's speed with a flush plan (see the module docstring)."""

    name = "speed-first"
    one_suit_tiles: int | None = ONE_SUIT_TILES

    def forms(self, view: View) -> dict[str, bool]:
        return {"seven_pairs": False, "thirteen_orphans": True}

    # --- value ---------------------------------------------------------------------------------

    def flush_suit(self, view: View) -> int | None:
        """The suit (0-2) to play one suit in (:func:`.patterns.flush_suit`), or None."""
        return None if self.one_suit_tiles is None else flush_suit(view, self.one_suit_tiles)

    @staticmethod
    def _off_suit(kind: int, suit: int) -> bool:
        return kind < 27 and kind // 9 != suit

    def choose_claim(self, view: View, actions: Sequence[Action]) -> Action:
        suit = self.flush_suit(view)
        if suit is not None:
            actions = [a for a in actions if a.type is ActionType.PASS or not self._off_suit(kind_of(tile_of(a)), suit)]
        return super().choose_claim(view, actions)

    # --- own turn --------------------------------------------------------------------------------

    def pick_discard(
        self, view: View, ranked: list[Action], counts: list[int], melds: int, forms: dict[str, bool]
    ) -> Action:
        suit = self.flush_suit(view)
        if suit is not None:
            off = [a for a in ranked if self._off_suit(kind_of(tile_of(a)), suit)]
            ranked = off + [a for a in ranked if a not in off]
        avoid = self.avoid_kinds(view)
        if avoid and kind_of(tile_of(ranked[0])) in avoid:
            shape = HandShape(counts, melds, **forms)
            best = shape.shanten_after_discard(kind_of(tile_of(ranked[0])))
            safer = [
                a
                for a in ranked
                if kind_of(tile_of(a)) not in avoid and shape.shanten_after_discard(kind_of(tile_of(a))) == best
            ]
            ranked = safer + [a for a in ranked if a not in safer]
        return ranked[0]

    def avoid_kinds(self, view: View) -> frozenset[int]:
        """Hook: kinds whose discard costs extra (a variant's liability), avoided when a discard of the
        same shanten is free of it."""
        return frozenset()
