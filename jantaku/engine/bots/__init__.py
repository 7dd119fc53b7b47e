"""Bots: pure functions of (view, legal actions) → action.

>>> from jantaku.engine.bots import get_bot
>>> get_bot("easy").name
'easy'
"""

from __future__ import annotations

from .base import LEVELS, Bot, bot_names, get_bot, register_bot  # noqa: F401
from . import baseline  # noqa: F401  (registers "easy")
from . import levels  # noqa: F401  (registers "normal" and "strong")
