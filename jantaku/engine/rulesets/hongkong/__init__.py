"""Hong Kong Old Style as the DMJL "Easy" rules play it (``rules/hongkong.md``).

* :mod:`.options` — the options and presets (``dmjl``, ``half_spicy``, ``full_spicy``);
* :mod:`.hand` — a winning hand's readings (sets, pair, how it was won);
* :mod:`.patterns` — one predicate per scoring element;
* :mod:`.fan_table` — the fan table, the limit hands and the fan → points tables, as data;
* :mod:`.evaluation` — the best reading, the fan minimum, :func:`is_legal_win`;
* :mod:`.payments` and :mod:`.liability` — who pays, and the dangerous-discard rule;
* :mod:`.scoring` — ``score_request`` for the calculator, ``score_hand`` for the table;
* :mod:`.table` and :mod:`.ruleset` — one hand on the engine's table machine, and the match;
* :mod:`.bot` — a bot that respects the fan minimum and chases big fan.
"""

from .evaluation import HandValue, best_value, is_legal_win
from .hand import WinFacts
from .options import DEFAULT_PRESET, PRESETS, HongKongOptions
from .ruleset import RULESET, HongKongRuleset
from .table import HongKongTable

__all__ = [
    "DEFAULT_PRESET",
    "PRESETS",
    "RULESET",
    "HandValue",
    "HongKongOptions",
    "HongKongRuleset",
    "HongKongTable",
    "WinFacts",
    "best_value",
    "is_legal_win",
]
