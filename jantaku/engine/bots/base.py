"""The bot interface and registry."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..actions import Action
from ..ruleset import variants
from ..views import View

# the generic bots (baseline.py, levels.py); a variant's own are in its ruleset's ``bots``
_BOTS: dict[str, Callable[[], "Bot"]] = {}

# The strengths a player chooses from, weakest first (every variant plays all three).
LEVELS = ("easy", "normal", "strong")


class Bot:
    """A bot decides from what its seat may know (the view) and the legal actions.

    Subclasses implement :meth:`choose`; it must return one of ``actions`` and
    be deterministic (same view and actions ⇒ same choice).
    """

    name = "bot"

    def choose(self, view: View, actions: Sequence[Action]) -> Action:
        raise NotImplementedError


def register_bot(name: str, factory: Callable[[], Bot], *aliases: str) -> None:
    """Add a generic bot.  A variant's bots go in its ruleset's ``bots`` instead (registering one
    here from a variant's module still works: a transition path for code written before)."""
    for n in (name, *aliases):
        _BOTS[n] = factory


def _variant_bot(name: str) -> Callable[[], Bot] | None:
    """The first variant's bot of that name (only its module is imported)."""
    for ruleset in variants():
        if name in ruleset.bots.named:
            return ruleset.bots.named[name]
    return None


def get_bot(name: str) -> Bot:
    factory = _BOTS.get(name) or _variant_bot(name)
    if factory is None:
        raise ValueError(f"unknown bot {name!r}; bots: {', '.join(bot_names())}")
    return factory()


def bot_names() -> list[str]:
    """Every bot's name (the variants' by name only: none of their bot modules is imported)."""
    names = set(_BOTS)
    for ruleset in variants():
        names.update(ruleset.bots.named)
    return sorted(names)
