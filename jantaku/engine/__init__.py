"""Jantaku's rules engine: pure, deterministic mahjong (seed + decisions ⇒ the same match).

The public API, for bots, scorers and clients written outside this package::

    >>> from jantaku.engine import (VARIANTS, Discard, Match, Pass, format_tiles, get_bot, get_ruleset,
    ...                             parse_tiles, ruleset_names)
    >>> match = Match(get_ruleset("basic", options={"hands": 1}), seed=7)
    >>> bot = get_bot("easy")
    >>> while not match.is_over:
    ...     seat, actions = min(match.pending().items())
    ...     events = match.act(seat, bot.choose(match.view(seat), actions))
    >>> len(match.results), type(events[-1]).__name__
    (1, 'MatchEndEvent')
    >>> Pass() in (Pass(), Discard(16)), str(Discard(16))
    (True, 'discard 0m')
    >>> format_tiles(parse_tiles("123m 55z"))
    '123m55z'
    >>> "riichi" in ruleset_names() and all(cls.name in ruleset_names() for cls in VARIANTS)
    True

* a variant: :func:`get_ruleset` (by name, preset, options), :data:`VARIANTS`;
* play: :class:`Match` (a whole match) or :class:`Table` (one hand): ``pending()``,
  ``act(seat, action)``, ``view(seat)``;
* decisions: the :class:`Action` union (:class:`Discard`, :class:`Chi`, :class:`Pass`, …);
* what happened: the :class:`Event` kinds, :meth:`Event.for_seat` and :func:`decode_event`;
* what a seat sees: :class:`View` (``table.view(seat)``) and its wire codec :func:`view_to_wire`;
* bots: :func:`get_bot`, :class:`Bot` (subclass it and implement ``choose``);
* tiles: :func:`parse_tiles`, :func:`format_tiles`, :func:`kind_of`, :func:`kind_str`.

Names load on first use, so importing one submodule stays cheap.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# public name → the module that defines it
_EXPORTS = {
    **dict.fromkeys(("get_ruleset", "ruleset_names", "ruleset_class", "Ruleset"), ".ruleset"),
    "VARIANTS": ".rulesets",
    **dict.fromkeys(("Match", "MatchRecord"), ".match"),
    "Table": ".table",
    "HandContext": ".state",
    **dict.fromkeys(
        (
            "Action",
            "ActionType",
            "IllegalAction",
            "Discard",
            "Riichi",
            "Tsumo",
            "Ron",
            "Chi",
            "Pon",
            "Kan",
            "Ankan",
            "Kakan",
            "Pass",
            "Abort",
            "Continue",
            "DeclareVoid",
            "Exchange",
        ),
        ".actions",
    ),
    **dict.fromkeys(
        (
            "Event",
            "decode_event",
            "HandStartEvent",
            "DealEvent",
            "DrawEvent",
            "BonusEvent",
            "DiscardEvent",
            "CallEvent",
            "KongEvent",
            "WinEvent",
            "LeaveEvent",
            "PaymentEvent",
            "HandEndEvent",
            "MatchEndEvent",
            "RiichiEvent",
            "UnknownEvent",
        ),
        ".events",
    ),
    **dict.fromkeys(
        (
            "View",
            "SeatView",
            "DiscardView",
            "MeldView",
            "RuleFacts",
            "ResultView",
            "WinView",
            "MatchInfo",
            "ViewExtension",
            "ViewFormatError",
            "view_to_wire",
            "view_from_wire",
        ),
        ".views",
    ),
    **dict.fromkeys(("Bot", "get_bot", "bot_names"), ".bots"),
    **dict.fromkeys(
        ("parse_tiles", "format_tiles", "parse_kinds", "format_kinds", "kind_of", "kind_str", "NotationError"), ".tiles"
    ),
    **dict.fromkeys(("HandResult", "WinRecord"), ".results"),
    "OptionError": ".options",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value  # the next lookup is a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


if TYPE_CHECKING:  # the same names, for type checkers
    from .actions import (
        Abort,
        Action,
        ActionType,
        Ankan,
        Chi,
        Continue,
        DeclareVoid,
        Discard,
        Exchange,
        IllegalAction,
        Kakan,
        Kan,
        Pass,
        Pon,
        Riichi,
        Ron,
        Tsumo,
    )
    from .bots import Bot, bot_names, get_bot
    from .events import (
        BonusEvent,
        CallEvent,
        DealEvent,
        DiscardEvent,
        DrawEvent,
        Event,
        HandEndEvent,
        HandStartEvent,
        KongEvent,
        LeaveEvent,
        MatchEndEvent,
        PaymentEvent,
        RiichiEvent,
        UnknownEvent,
        WinEvent,
        decode_event,
    )
    from .match import Match, MatchRecord
    from .options import OptionError
    from .results import HandResult, WinRecord
    from .ruleset import Ruleset, get_ruleset, ruleset_class, ruleset_names
    from .rulesets import VARIANTS
    from .state import HandContext
    from .table import Table
    from .tiles import NotationError, format_kinds, format_tiles, kind_of, kind_str, parse_kinds, parse_tiles
    from .views import (
        DiscardView,
        MatchInfo,
        MeldView,
        ResultView,
        RuleFacts,
        SeatView,
        View,
        ViewExtension,
        ViewFormatError,
        WinView,
        view_from_wire,
        view_to_wire,
    )
