"""Classical Chinese mahjong (old style), after the German rules text and the DMJL 2005 table.

Modules, by responsibility:

- :mod:`.options` — the options and the ``classical``/``dmjl`` presets;
- :mod:`.hand` — a hand arranged into sets and a pair (winner and loser);
- :mod:`.situation` — winds, the win and its flags;
- :mod:`.points`, :mod:`.doubles`, :mod:`.limits` — the score tables, one entry per element;
- :mod:`.scorer` — points × 2^doubles capped, over the best arrangement;
- :mod:`.payments`, :mod:`.danger` — settling a hand, and the dangerous-discard rule;
- :mod:`.scoring` — the calculator's ``score_request``;
- :mod:`.table`, :mod:`.ruleset`, :mod:`.bot` — the hand flow, the match and the bot.
"""

from .ruleset import ClassicalRuleset

RULESET = ClassicalRuleset
