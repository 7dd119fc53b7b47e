"""Rulesets: a variant's options, presets, hand class, match rules and bots, and the registry.

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
round wind, counters) from the previous result, and when the match ends.  It
also carries what the variant adds as data, so generic code never names a
variant: its event kinds (:attr:`Ruleset.event_types`), its bots and bot
strategy (:attr:`Ruleset.bots`), the labels of its own action kinds (:attr:`Ruleset.action_labels`)
and its hand shapes (:attr:`Ruleset.shapes`).

The registry is explicit: :data:`jantaku.engine.rulesets.VARIANTS` lists
every ruleset class (python-chess's ``chess.variant.VARIANTS``)::

    >>> ruleset_names()
    ['basic', 'classical', 'hongkong', 'riichi', 'sichuan']
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from .actions import ActionLabel
from .events import Event
from .options import IN_RULESET, UNKNOWN_RULESET, OptionError, options_to_dict, resolve_options
from .phrase import Phrase
from .results import HandResult
from .scoretable import ScoringLine
from .scoring import ScoreRequest, ScoreResult
from .table import HandContext, Table
from .wall import Wall

if TYPE_CHECKING:
    from .bots.base import Bot
    from .bots.strategy import Strategy


@dataclass(frozen=True)
class Lazy:
    """A factory named by module and class, imported when first called: a variant's bots load
    only when one of them plays, so listing their names (or playing another variant) imports none."""

    module: str
    name: str

    def __call__(self) -> Any:
        return getattr(importlib.import_module(self.module), self.name)()


class LazyClasses(Mapping[str, Any]):
    """Names of classes in one module, the module imported only when a class is looked up: the
    names (iteration, ``in``, ``len``) are known without it."""

    def __init__(self, module: str, classes: Mapping[str, str]):
        self.module = module
        self.classes = dict(classes)

    def __getitem__(self, name: str) -> Any:
        return getattr(importlib.import_module(self.module), self.classes[name])

    def __contains__(self, name: object) -> bool:
        return name in self.classes

    def __iter__(self) -> Iterator[str]:
        return iter(self.classes)

    def __len__(self) -> int:
        return len(self.classes)


@dataclass(frozen=True)
class VariantBots:
    """The bots a variant brings: by name (``riichi``), by level it plays better than the generic
    machinery (``strong`` → its own bot), and the strategy the level bots play it with.  The
    variants name them lazily (:class:`LazyClasses`, :class:`Lazy`), so their modules load only
    when one is used."""

    named: Mapping[str, Callable[[], Bot]] = field(default_factory=dict)
    levels: Mapping[str, Callable[[], Bot]] = field(default_factory=dict)
    strategy: Callable[[], Strategy] | None = None


class RequestScorer(Protocol):
    """The calculator's scorer of a variant.  A Protocol rather than a ``Callable``, which mypy
    would take, as a class attribute, for a method bound to the ruleset."""

    def __call__(self, request: ScoreRequest, /) -> ScoreResult: ...


class Ruleset:
    """Base of every variant's ruleset.  Subclasses set the class attributes."""

    name: ClassVar[str] = "ruleset"
    title: ClassVar[str] = "Ruleset"
    Options: ClassVar[type]
    presets: ClassVar[dict[str, dict[str, Any]]] = {"default": {}}
    default_preset: ClassVar[str] = "default"
    table_class: ClassVar[type[Table]] = Table
    summary: ClassVar[str] = ""  # a few lines for the rules help screen
    event_types: ClassVar[tuple[type[Event], ...]] = ()  # the variant's own event kinds (events.py)
    bots: ClassVar[VariantBots] = VariantBots()
    action_labels: ClassVar[tuple[ActionLabel, ...]] = ()  # how players are shown the variant's own kinds
    # the calculator's scorer for ``jantaku score`` (a staticmethod), if the variant has one
    score_request: ClassVar[RequestScorer | None] = None

    def __init__(self, preset: str | None = None, options: dict[str, Any] | None = None):
        self.preset = preset or self.default_preset
        self.overrides = dict(options or {})
        try:
            self.options = resolve_options(self.Options, self.presets, self.preset, self.overrides)
        except OptionError as exc:  # say whose options these are: a preset or option of another variant is common
            raise OptionError(Phrase(IN_RULESET, ruleset=self.name, error=exc.args[0])) from None

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
        return HandContext(
            dealer=dealer, round_wind=round_wind, hand_number=context.hand_number + 1, scores=tuple(scores)
        )

    def time_is_up(self, elapsed_minutes: float) -> bool:
        """Hook: whether the match's playing time is up (a host asks now and then); no limit by default."""
        return False

    def has_time_limit(self) -> bool:
        """Hook: whether :meth:`time_is_up` can ever say yes, so a host knows to ask."""
        return False

    def scoring_table(self) -> tuple[ScoringLine, ...]:
        """Hook: every yaku, fan, double or limit hand and its value under these options, from the data
        the variant's scorer counts with (none by default)."""
        return ()

    def final_standings(self, scores: list[int]) -> list[dict[str, Any]]:
        """Hook: placement per seat with the final points (riichi adds uma/oka)."""
        order = sorted(range(4), key=lambda s: (-scores[s], s))
        return [{"seat": s, "place": order.index(s) + 1, "score": scores[s], "final": scores[s]} for s in range(4)]


def hand_seed(match_seed: int, hand_index: int) -> int:
    """A hand's shuffle seed, derived from the match seed (stable across Python versions)."""
    digest = hashlib.sha256(f"jantaku/{match_seed}/{hand_index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def variants() -> tuple[type[Ruleset], ...]:
    """:data:`jantaku.engine.rulesets.VARIANTS` (imported here on first use: the rulesets subclass
    :class:`Ruleset`, so this module cannot import them at its top)."""
    from .rulesets import VARIANTS

    return VARIANTS


def ruleset_names() -> list[str]:
    return [cls.name for cls in variants()]


def ruleset_class(name: str) -> type[Ruleset]:
    for cls in variants():
        if cls.name == name:
            return cls
    raise OptionError(Phrase(UNKNOWN_RULESET, name=repr(name), rulesets=", ".join(ruleset_names())))


def get_ruleset(name: str, preset: str | None = None, options: dict[str, Any] | None = None) -> Ruleset:
    """A configured ruleset by name; raises :class:`OptionError` with a clear message."""
    return ruleset_class(name)(preset, options)


def options_of(ruleset: Ruleset) -> dict[str, Any]:
    return dataclasses.asdict(ruleset.options)
