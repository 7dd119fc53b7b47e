"""Sichuan "Bloody Battle" (血战到底): 108 tiles, a void suit, play on after each win.

- :mod:`.options` — the options and the ``sbr`` / ``chengdu`` presets
- :mod:`.hand` — a hand's tiles, sets and complete shapes
- :mod:`.fans` — one entry per fan, and the named combinations
- :mod:`.value` — a hand's fan and points; a ready hand's best structural value
- :mod:`.money` — the ledger: kong money, wins and the end-of-wall settlement
- :mod:`.scoring` — the calculator's ``score_request``
- :mod:`.table` — one hand of play; :mod:`.ruleset` — the match
- :mod:`.bot` — the ``sichuan`` bot
"""

from .ruleset import RULESET, SichuanRuleset  # noqa: F401
