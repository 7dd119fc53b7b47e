"""Every variant, listed explicitly: :data:`VARIANTS` (as python-chess's ``chess.variant.VARIANTS``).

A new variant is a package here with a :class:`~jantaku.engine.ruleset.Ruleset`
subclass, added to this tuple; nothing registers itself by being imported.

    >>> [cls.name for cls in VARIANTS]
    ['basic', 'classical', 'hongkong', 'riichi', 'sichuan']
"""

from __future__ import annotations

from ..ruleset import Ruleset
from .basic import BasicRuleset
from .classical import ClassicalRuleset
from .hongkong import HongKongRuleset
from .riichi import RiichiRuleset
from .sichuan import SichuanRuleset

VARIANTS: tuple[type[Ruleset], ...] = (BasicRuleset, ClassicalRuleset, HongKongRuleset, RiichiRuleset, SichuanRuleset)

__all__ = ["VARIANTS", "BasicRuleset", "ClassicalRuleset", "HongKongRuleset", "RiichiRuleset", "SichuanRuleset"]
