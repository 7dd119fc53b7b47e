"""A variant's scoring table as values: each yaku, fan, double or limit hand with what it is worth.

Each ruleset builds its table from the very data its scorer counts with (riichi's yaku catalogue,
Classical's doubles and limit hands, Hong Kong's fan table, Sichuan's fans), under its options, so
the rules help that shows it cannot disagree with a score (:meth:`Ruleset.scoring_table`).

    >>> from jantaku.engine.ruleset import get_ruleset
    >>> lines = get_ruleset("hongkong").scoring_table()
    >>> [(line.name, line.value, line.unit) for line in lines if line.name == "Full Flush"]
    [('Full Flush', 7, 'fan')]
"""

from __future__ import annotations

from dataclasses import dataclass

# the sections of a table, in the order a variant lists them (the rules help says them in words)
YAKU = "yaku"
YAKUMAN = "yakuman"
DOUBLES = "doubles"
FAN = "fan"
COMBINATIONS = "combinations"
LIMIT_HANDS = "limit hands"


@dataclass(frozen=True)
class ScoringLine:
    """One entry of a scoring table, named as the scorer names its score item."""

    section: str  # one of the sections above
    name: str
    value: int
    unit: str  # "han", "fan", "doubles", "points", "yakuman": as the score items' units
    open_value: int | None = None  # riichi: the han in an open hand (None: a closed hand only)
    english: str = ""  # riichi: the English gloss of a Japanese name
