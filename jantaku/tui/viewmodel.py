"""Reading a seat's view dict: positions, names, flags and whatever a variant added.

The engine's ``Table.view(seat)`` is the only source of what the table shows.
Variants add top-level keys through ``extra_view``; the few this module
knows (dora indicators, riichi flags, void suits, warnings) get their own
place on screen, and any other key is still shown, as ``name: value``.

    >>> positions(2)
    {'self': 2, 'right': 3, 'across': 0, 'left': 1}
    >>> seat_flag({"riichi": [False, True, False, False]}, "riichi", 1)
    True
    >>> seat_flag({"seat": 3, "furiten": True}, "furiten", 3)   # one value: the viewer's own
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.analysis import real_waits, shanten
from ..engine.tiles import counts34, kind_of

WIND_NAMES = ("East", "South", "West", "North")
WIND_LETTERS = "ESWN"
WIND_FACES = "東南西北"
POSITIONS = ("self", "right", "across", "left")  # turn order from the player's own seat

# top-level keys every Table.view has; anything else a variant added
BASE_KEYS = frozenset({"variant", "seat", "phase", "turn", "dealer", "round_wind", "hand_number", "honba",
                       "sticks", "scores", "wall", "players", "last_discard", "red_fives", "result", "match"})
# variant keys with a place of their own on screen
SHOWN_KEYS = frozenset({"dora_indicators", "ura_dora_indicators", "ura_indicators", "riichi", "voids", "furiten",
                        "no_yaku", "below_minimum", "min_fan", "forms", "waits", "pass_lock"})
# variant keys that hold tile ids (shown as faces)
TILE_LIST_KEYS = frozenset({"exchange"})
# warnings a variant may flag for a seat: key → text
WARNINGS = {"furiten": "furiten", "no_yaku": "no yaku", "below_minimum": "below the fan minimum",
            "pass_lock": "locked: passed a win"}


def positions(seat: int | None) -> dict[str, int]:
    """Which seat sits where, seen from ``seat`` (a spectator sees from seat 0)."""
    me = seat or 0
    return {name: (me + i) % 4 for i, name in enumerate(POSITIONS)}


def seat_flag(view: dict[str, Any], key: str, seat: int) -> Any:
    """A per-seat value of a variant key: a list by seat, a dict by seat, or one value for the viewer."""
    value = view.get(key)
    if isinstance(value, (list, tuple)):
        return value[seat] if seat < len(value) else None
    if isinstance(value, dict):
        return value.get(seat, value.get(str(seat)))
    if value is not None and seat == view.get("seat"):
        return value
    return None


def warnings(view: dict[str, Any], seat: int | None) -> list[str]:
    """Warnings the variant raised for the viewer (furiten, no yaku, …)."""
    if seat is None:
        return []
    return [text for key, text in WARNINGS.items() if seat_flag(view, key, seat)]


# how a known variant key reads on screen; others show with their underscores as spaces
LABELS = {"table_sticks": "riichi sticks", "limit_fan": "limit fan", "fan_table": "fan table",
          "bonus_tiles": "bonus tiles"}


def extra_items(view: dict[str, Any]) -> list[tuple[str, Any]]:
    """Variant keys with no place of their own, to show as ``name: value`` (names for people).

    >>> extra_items({"variant": "riichi", "table_sticks": 2, "seat_rotation": False})
    [('riichi sticks', 2), ('seat rotation', False)]
    """
    return [(LABELS.get(k, k.replace("_", " ")), v) for k, v in view.items()
            if k not in BASE_KEYS and k not in SHOWN_KEYS and v is not None]


def format_value(value: Any) -> str:
    """A variant value for people: lists space-separated, flags on/off.

    >>> format_value([0, 1, 2]), format_value(True), format_value({"a": 1})
    ('0 1 2', 'on', 'a=1')
    """
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, (list, tuple)):
        return " ".join(format_value(v) for v in value) or "none"
    if isinstance(value, dict):
        return " ".join(f"{k}={format_value(v)}" for k, v in value.items())
    return str(value)


def round_title(view: dict[str, Any]) -> str:
    """``'East 2'``: the round wind and the deal within it (from the dealer's seat)."""
    return f"{WIND_NAMES[view['round_wind'] % 4]} {view['dealer'] + 1}"


def hand_forms(view: dict[str, Any]) -> dict[str, bool]:
    """Which special winning shapes count, for the waits hint: the view's ``forms`` or all of them."""
    forms = view.get("forms")
    if isinstance(forms, dict):
        return {k: bool(forms[k]) for k in ("seven_pairs", "thirteen_orphans") if k in forms}
    return {}


def ready_waits(concealed: list[int], melds: int, view: dict[str, Any],
                meld_tiles: Sequence[int] = ()) -> list[int] | None:
    """The kinds a ready hand waits on, or None if the hand is not ready (13-tile-equivalent hands).

    A variant's own ``waits`` in the view (the viewer's, as kinds) win over the shape analysis;
    that leaves out kinds whose four copies are in the hand or in ``meld_tiles`` (no fifth copy).
    """
    if view.get("waits") and sum(1 for t in concealed if kind_of(t) < 34) + 3 * melds == 13:
        return list(view["waits"])
    counts = counts34(t for t in concealed if kind_of(t) < 34)
    if sum(counts) + 3 * melds != 13:
        return None
    forms = hand_forms(view)
    if shanten(counts, melds, **forms) != 0:
        return None
    return real_waits(counts, melds, meld_tiles, **forms)


def waits_after_discard(concealed: list[int], tile: int, melds: int, view: dict[str, Any],
                        meld_tiles: Sequence[int] = ()) -> list[int] | None:
    """What the hand would wait on after discarding ``tile`` (None: not ready then)."""
    rest = list(concealed)
    rest.remove(tile)
    # the view's waits describe the hand before this discard, so the shapes decide
    return ready_waits(rest, melds, {k: v for k, v in view.items() if k != "waits"}, meld_tiles)


def names_for(view: dict[str, Any], names: list[str] | None) -> list[str]:
    """Display names of the four seats; the viewer is "You" unless named."""
    out = list(names or [])
    out += [f"Seat {i + 1}" for i in range(len(out), 4)]
    return out[:4]
