"""Rulesets: a variant's options, presets, hand class and match rules, and the registry.

A :class:`Ruleset` is the variant's entry point (python-chess's variants
are small ``Board`` subclasses; ours are a ``Table`` subclass for one hand plus
this object for the match around it)::

    >>> rs = get_ruleset("basic")
    >>> rs.name, rs.preset
    ('basic', 'default')
    >>> table = rs.new_table(seed=3)
    >>> len(table.players[0].concealed)
    14

A ruleset decides the match: start scores, the context of each hand (dealer,
round wind, counters) from the previous result, and when the match ends.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
from typing import Any, ClassVar

from .options import OptionError, options_to_dict, resolve_options
from .results import HandResult
from .table import HandContext, Table
from .wall import Wall

# name → module defining ``RULESET`` (a Ruleset subclass); imported on first use
RULESET_MODULES = {
    "basic": "jantaku.engine.rulesets.basic",
    "classical": "jantaku.engine.rulesets.classical",
    "hongkong": "jantaku.engine.rulesets.hongkong",
    "riichi": "jantaku.engine.rulesets.riichi",
    "sichuan": "jantaku.engine.rulesets.sichuan",
}


class Ruleset:
    """Base of every variant's ruleset.  Subclasses set the class attributes."""

    name: ClassVar[str] = "ruleset"
    title: ClassVar[str] = "Ruleset"
    Options: ClassVar[type]
    presets: ClassVar[dict[str, dict[str, Any]]] = {"default": {}}
    default_preset: ClassVar[str] = "default"
    table_class: ClassVar[type[Table]] = Table
    summary: ClassVar[str] = ""  # a few lines for the rules help screen

    def __init__(self, preset: str | None = None, options: dict[str, Any] | None = None):
        self.preset = preset or self.default_preset
        self.overrides = dict(options or {})
        self.options = resolve_options(self.Options, self.presets, self.preset, self.overrides)

    def describe(self) -> dict[str, Any]:
        return {"ruleset": self.name, "preset": self.preset, "options": options_to_dict(self.options)}

    # --- hands --------------------------------------------------------------------

    def new_table(self, *, seed: int = 0, context: HandContext | None = None, wall: Wall | None = None) -> Table:
        return self.table_class(self.options, seed=seed, context=context or self.first_context(), wall=wall)

    # --- the match ----------------------------------------------------------------

    def start_scores(self) -> list[int]:
        """Hook: the seats' scores before the first hand."""
        return [0, 0, 0, 0]

    def first_context(self) -> HandContext:
        return HandContext(dealer=0, round_wind=0, hand_number=0, scores=tuple(self.start_scores()))

    def next_context(self, context: HandContext, result: HandResult, scores: list[int]) -> HandContext | None:
        """Hook: the next hand's context, or None when the match is over.

        The default: the dealer keeps the deal after winning (or a draw),
        otherwise it passes on; four rounds of four deals.
        """
        dealer_won = any(w.seat == context.dealer for w in result.wins)
        keep = dealer_won or result.kind != "win"
        dealer, round_wind = context.dealer, context.round_wind
        if not keep:
            dealer = (dealer + 1) % 4
            if dealer == 0:
                round_wind += 1
        if round_wind >= 4:
            return None
        return HandContext(dealer=dealer, round_wind=round_wind, hand_number=context.hand_number + 1,
                           scores=tuple(scores))

    def final_standings(self, scores: list[int]) -> list[dict[str, Any]]:
        """Hook: placement per seat with the final points (riichi adds uma/oka)."""
        order = sorted(range(4), key=lambda s: (-scores[s], s))
        return [{"seat": s, "place": order.index(s) + 1, "score": scores[s], "final": scores[s]} for s in range(4)]


def hand_seed(match_seed: int, hand_index: int) -> int:
    """A hand's shuffle seed, derived from the match seed (stable across Python versions)."""
    digest = hashlib.sha256(f"jantaku/{match_seed}/{hand_index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def ruleset_names() -> list[str]:
    return [n for n in RULESET_MODULES if _available(n)]


def _available(name: str) -> bool:
    try:
        importlib.import_module(RULESET_MODULES[name])
        return True
    except ModuleNotFoundError:
        return False


def ruleset_class(name: str) -> type[Ruleset]:
    if name not in RULESET_MODULES:
        raise OptionError(f"unknown ruleset {name!r}; rulesets: {', '.join(ruleset_names())}")
    try:
        module = importlib.import_module(RULESET_MODULES[name])
    except ModuleNotFoundError:
        raise OptionError(f"the {name} ruleset is not available in this build") from None
    return module.RULESET


def get_ruleset(name: str, preset: str | None = None, options: dict[str, Any] | None = None) -> Ruleset:
    """A configured ruleset by name; raises :class:`OptionError` with a clear message."""
    return ruleset_class(name)(preset, options)


def options_of(ruleset: Ruleset) -> dict[str, Any]:
    return dataclasses.asdict(ruleset.options)
