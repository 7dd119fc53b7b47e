"""Reading a seat's :class:`~jantaku.engine.views.View`: positions, names, warnings, variant facts.

The engine's ``Table.view(seat)`` is the only source of what the table shows.
A variant's own facts come from its view extension, which says itself what
to warn about (:meth:`~jantaku.engine.views.ViewExtension.warnings`) and what
else to show (:meth:`~jantaku.engine.views.ViewExtension.items`); fields a
newer host sent that this client does not know are shown as ``name: value``.

    >>> positions(2)
    {'self': 2, 'right': 3, 'across': 0, 'left': 1}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.analysis import real_waits, shanten
from ..engine.tiles import counts34, kind_of
from ..engine.views import RuleFacts, View
from ..i18n import N_, _

WIND_NAMES = (N_("East"), N_("South"), N_("West"), N_("North"))  # translated where shown
WIND_LETTERS = "ESWN"
WIND_FACES = "東南西北"
POSITIONS = ("self", "right", "across", "left")  # turn order from the player's own seat

DEFAULT_RULES = RuleFacts()


def positions(seat: int | None) -> dict[str, int]:
    """Which seat sits where, seen from ``seat`` (a spectator sees from seat 0)."""
    me = seat or 0
    return {name: (me + i) % 4 for i, name in enumerate(POSITIONS)}


def warnings(view: View, seat: int | None) -> list[str]:
    """Warnings the variant raised for the viewer (furiten, a pass lock, …)."""
    if seat is None or view.extension is None:
        return []
    from .terms import view_words

    return [view_words(w) for w in view.extension.warnings()]


def extra_items(view: View) -> list[tuple[str, Any]]:
    """Facts with no place of their own on screen, as (name for people, value).

    The variant's own first, then fields of a newer host this client does not know.
    """
    items = list(view.extension.items()) if view.extension is not None else []
    items += [(k.replace("_", " "), v) for k, v in view.unknown]
    return [(k, v) for k, v in items if v is not None]


def indicators(view: View) -> tuple[int, ...]:
    """Tiles shown to everyone outside hands and ponds (dora indicators)."""
    return view.extension.indicators() if view.extension is not None else ()


def riichi_declared(view: View, seat: int) -> bool:
    return view.extension is not None and view.extension.riichi_declared(seat)


def void_of(view: View, seat: int) -> str | None:
    return view.extension.void_of(seat) if view.extension is not None else None


def format_value(value: Any) -> str:
    """A variant value for people: lists space-separated, flags on/off.

    >>> format_value([0, 1, 2]), format_value(True), format_value({"a": 1})
    ('0 1 2', 'on', 'a=1')
    """
    if isinstance(value, bool):
        return _("on") if value else _("off")
    if isinstance(value, (list, tuple)):
        return " ".join(format_value(v) for v in value) or _("none")
    if isinstance(value, dict):
        return " ".join(f"{k}={format_value(v)}" for k, v in value.items())
    return str(value)


def round_title(view: View) -> str:
    """``'East 2'``: the round wind and the deal within it (from the dealer's seat)."""
    return f"{_(WIND_NAMES[view.round_wind % 4])} {view.dealer + 1}"


def ready_waits(
    concealed: Sequence[int],
    melds: int,
    rules: RuleFacts = DEFAULT_RULES,
    known: Sequence[int] | None = None,
    meld_tiles: Sequence[int] = (),
) -> list[int] | None:
    """The kinds a ready hand waits on, or None if the hand is not ready (13-tile-equivalent hands).

    ``known``: the variant's own waits for this hand (the viewer's, as kinds), which win over
    the shape analysis; ``rules`` say which special shapes count; the analysis leaves out kinds
    whose four copies are in the hand or in ``meld_tiles`` (no fifth copy).
    """
    if known and sum(1 for t in concealed if kind_of(t) < 34) + 3 * melds == 13:
        return list(known)
    counts = counts34(t for t in concealed if kind_of(t) < 34)
    if sum(counts) + 3 * melds != 13:
        return None
    forms = {"seven_pairs": rules.seven_pairs, "thirteen_orphans": rules.thirteen_orphans}
    if shanten(counts, melds, **forms) != 0:
        return None
    return real_waits(counts, melds, meld_tiles, **forms)


def own_meld_tiles(view: View) -> list[int]:
    """The viewer's own meld tiles (a wait on a kind all four of which the player holds is none)."""
    if view.seat is None:
        return []
    return [t for m in view.players[view.seat].melds for t in m.known_tiles]


def view_waits(concealed: Sequence[int], melds: int, view: View) -> list[int] | None:
    """:func:`ready_waits` with the view's rules and the variant's waits for the viewer."""
    known = view.extension.viewer_waits() if view.extension is not None else None
    return ready_waits(concealed, melds, view.rules, known, own_meld_tiles(view))


def waits_after_discard(concealed: Sequence[int], tile: int, melds: int, view: View) -> list[int] | None:
    """What the hand would wait on after discarding ``tile`` (None: not ready then)."""
    rest = list(concealed)
    rest.remove(tile)
    # the view's waits describe the hand before this discard, so the shapes decide
    return ready_waits(rest, melds, view.rules, None, own_meld_tiles(view))


def names_for(view: View, names: list[str] | None) -> list[str]:
    """Display names of the four seats; the viewer is "You" unless named."""
    out = list(names or [])
    out += [_("Seat {number}").format(number=i + 1) for i in range(len(out), 4)]
    return out[:4]
