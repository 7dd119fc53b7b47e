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


def _all_bots() -> dict[str, Callable[[], Bot]]:
    found = dict(_BOTS)
    for ruleset in variants():
        for name, factory in ruleset.bots.named.items():
            found.setdefault(name, factory)
    return found


def get_bot(name: str) -> Bot:
    factory = _BOTS.get(name) or _all_bots().get(name)
    if factory is None:
        raise ValueError(f"unknown bot {name!r}; bots: {', '.join(bot_names())}")
    return factory()


def bot_names() -> list[str]:
    return sorted(_all_bots())
