"""Japanese riichi mahjong: options, the scorer, the hand flow and the match.

The scorer is data: :mod:`.yaku` and :mod:`.yakuman` hold one small class per
yaku, :mod:`.fu` the fu rules, :mod:`.points` limits and payments, and
:mod:`.scoring` puts them together.  :mod:`.table` is one hand of play,
:mod:`.match` the game around it (``RULESET`` for the ruleset registry).
"""

from .context import RiichiWinContext
from .options import PRESETS, RiichiOptions, riichi_options
from .scoring import has_yaku, is_winning, score_request, score_win
from .table import RiichiTable
from .match import RiichiRuleset  # noqa: I001  (the match needs the table)

RULESET = RiichiRuleset

__all__ = [
    "PRESETS",
    "RULESET",
    "RiichiOptions",
    "RiichiRuleset",
    "RiichiTable",
    "RiichiWinContext",
    "has_yaku",
    "is_winning",
    "riichi_options",
    "score_request",
    "score_win",
]
