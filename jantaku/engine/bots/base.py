"""The bot interface and registry."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..actions import Action
from ..views import View

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
    for n in (name, *aliases):
        _BOTS[n] = factory


def _load_variant_bots() -> None:
    """Variants register their bots when their package is imported; import them all once."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    import importlib

    from ..ruleset import RULESET_MODULES
    for module in RULESET_MODULES.values():
        try:
            importlib.import_module(module)
        except ModuleNotFoundError:
            pass


_loaded = False


def get_bot(name: str) -> Bot:
    if name not in _BOTS:
        _load_variant_bots()
    if name not in _BOTS:
        raise ValueError(f"unknown bot {name!r}; bots: {', '.join(bot_names())}")
    return _BOTS[name]()


def bot_names() -> list[str]:
    _load_variant_bots()
    return sorted(_BOTS)
