"""Japanese riichi mahjong: options, the scorer and (later) the hand flow.

The scorer is data: :mod:`.yaku` and :mod:`.yakuman` hold one small class per
yaku, :mod:`.fu` the fu rules, :mod:`.points` limits and payments, and
:mod:`.scoring` puts them together.
"""

from .context import RiichiWinContext
from .options import PRESETS, RiichiOptions, riichi_options
from .scoring import has_yaku, is_winning, score_request, score_win

__all__ = ["PRESETS", "RiichiOptions", "RiichiWinContext", "has_yaku", "is_winning", "riichi_options",
           "score_request", "score_win"]
