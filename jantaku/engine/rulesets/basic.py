"""A minimal ruleset that exercises the whole table machine.

Any complete hand wins (four sets and a pair, seven pairs or thirteen
orphans); chow, pung and kong claims; no bonus tiles.  A win is worth 8
points, +8 for a concealed hand, +8 for self-drawn; the discarder pays it
alone, or every other player pays it on a self-draw.  It is the reference for
engine tests and a quick game with no scoring to learn.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..options import option
from ..ruleset import Ruleset
from ..scoring import ScoreItem, ScoreResult
from ..table import Table


@dataclass(frozen=True)
class BasicOptions:
    multi_win: bool = option(False, "several players may win on one discard")
    hands: int = option(16, "hands in a match (the dealer repeats after a win or draw count too)", bounds=(1, 64))


class BasicTable(Table):
    name = "basic"

    def __init__(self, options, **kwargs):
        self.multi_win = options.multi_win
        super().__init__(options, **kwargs)

    def score_win(self, seat, tile, discarder):
        player = self.players[seat]
        items = [ScoreItem("Mah Jong", 8, "points")]
        if all(m.is_concealed for m in player.melds):
            items.append(ScoreItem("Concealed hand", 8, "points"))
        if discarder is None:
            items.append(ScoreItem("Self-drawn", 8, "points"))
        score = sum(i.value for i in items)
        if discarder is None:
            payments = {s: -score for s in range(4) if s != seat}
            payments[seat] = 3 * score
        else:
            payments = {discarder: -score, seat: score}
        return ScoreResult(True, items, score=score, values={"points": score}), payments


class BasicRuleset(Ruleset):
    name = "basic"
    title = "Basic (test rules)"
    Options = BasicOptions
    table_class = BasicTable
    summary = "Any complete hand wins; 8 points a win, +8 concealed, +8 self-drawn. For learning and tests."

    def next_context(self, context, result, scores):
        nxt = super().next_context(context, result, scores)
        if nxt is None or nxt.hand_number >= self.options.hands:
            return None
        return nxt


RULESET = BasicRuleset
