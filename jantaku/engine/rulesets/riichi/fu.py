"""Fu (minipoints), each rule a named item.

:func:`fu_items` lists ``(name, fu)`` for one reading of a winning hand;
:func:`total_fu` rounds their sum up to a multiple of ten (chiitoitsu stays
25).  The rules:

* base 20 (futei); closed hand won by ron +10; self-draw +2 (not with pinfu);
* each pung/kan: open pung 2, doubled when concealed, doubled for terminals
  and honours, ×4 for a kan (2 … 32); a pung completed by ron counts as open;
* the wait: kanchan, penchan or tanki +2;
* the pair: dragon, seat wind or round wind +2; a pair that is both seat and
  round wind +4 (``double_wind_pair_fu``);
* chiitoitsu: 25 flat; an open hand with nothing but the base: 30.

    >>> open_pung_fu(4, kan=False, concealed=False), open_pung_fu(27, kan=True, concealed=True)
    (2, 32)
"""

from __future__ import annotations

from ...melds import MeldType
from ...tiles import kind_str
from .shape import KANCHAN, PENCHAN, SEVEN_PAIRS, TANKI, TERMINAL_OR_HONOR_MASK, HandFacts, Shape

BASE = "Base"
CLOSED_RON = "Closed ron"
TSUMO = "Tsumo"
OPEN_PINFU = "Open hand without fu"
SEVEN_PAIRS_FU = "Chiitoitsu"
ROUNDING = "Rounded up"
WAIT_NAMES = {KANCHAN: "Kanchan wait", PENCHAN: "Penchan wait", TANKI: "Tanki wait"}


def open_pung_fu(kind: int, *, kan: bool, concealed: bool) -> int:
    """Fu of one pung or kan: 2, ×2 concealed, ×2 terminal/honour, ×4 kan."""
    fu = 2
    if concealed:
        fu *= 2
    if TERMINAL_OR_HONOR_MASK >> kind & 1:
        fu *= 2
    if kan:
        fu *= 4
    return fu


def _set_name(kind: int, *, kan: bool, concealed: bool) -> str:
    return _SET_NAMES[concealed, kan][kind]


# item names per kind, made once: "Closed pung 1z", "Valued pair 5z", ...
_SET_NAMES = {
    (concealed, kan): [
        f"{'Closed' if concealed else 'Open'} {'kan' if kan else 'pung'} {kind_str(k)}" for k in range(34)
    ]
    for concealed in (False, True)
    for kan in (False, True)
}
_VALUED_PAIR_NAMES = [f"Valued pair {kind_str(k)}" for k in range(34)]
_DOUBLE_WIND_PAIR_NAMES = [f"Double wind pair {kind_str(k)}" for k in range(34)]


def meld_fu_items(facts: HandFacts) -> list[tuple[str, int]]:
    """The fu of the declared melds (the same in every reading)."""
    items = []
    for m in facts.melds:
        if m.type is MeldType.CHI:
            continue
        kind = m.tiles[0] >> 2
        kan = m.type is not MeldType.PON
        concealed = m.type is MeldType.ANKAN
        items.append((_set_name(kind, kan=kan, concealed=concealed), open_pung_fu(kind, kan=kan, concealed=concealed)))
    return items


def pair_fu(facts: HandFacts, pair: int, double_wind_pair_fu: int) -> tuple[str, int] | None:
    if pair < 27:
        return None
    if pair >= 31:
        return (_VALUED_PAIR_NAMES[pair], 2)
    seat, round_ = pair == facts.seat_wind_kind, pair == facts.round_wind_kind
    if seat and round_:
        return (_DOUBLE_WIND_PAIR_NAMES[pair], double_wind_pair_fu)
    if seat or round_:
        return (_VALUED_PAIR_NAMES[pair], 2)
    return None


def fu_items(
    shape: Shape, facts: HandFacts, melds_fu: list[tuple[str, int]], pinfu: bool, double_wind_pair_fu: int = 4
) -> tuple[list[tuple[str, int]], int]:
    """The fu of one reading, item by item (before rounding), and the hand's fu (rounded)."""
    if shape.form == SEVEN_PAIRS:
        return [(SEVEN_PAIRS_FU, 25)], 25
    items = _regular_fu_items(shape, facts, melds_fu, pinfu, double_wind_pair_fu)
    return items, total_fu(items)


def _regular_fu_items(
    shape: Shape, facts: HandFacts, melds_fu: list[tuple[str, int]], pinfu: bool, double_wind_pair_fu: int
) -> list[tuple[str, int]]:
    items = [(BASE, 20)]
    ron = not facts.self_drawn
    if ron and facts.closed:
        items.append((CLOSED_RON, 10))
    if pinfu:
        return items  # pinfu: 20 on a self-draw, 30 on a ron
    if not ron:
        items.append((TSUMO, 2))
    if shape.hidden_pungs:
        names = _SET_NAMES[True, False]
        for kind in shape.hidden_pungs:
            items.append((names[kind], 8 if TERMINAL_OR_HONOR_MASK >> kind & 1 else 4))
    if shape.ron_pung is not None:
        kind = shape.ron_pung
        items.append((_SET_NAMES[False, False][kind], 4 if TERMINAL_OR_HONOR_MASK >> kind & 1 else 2))
    if melds_fu:
        items.extend(melds_fu)
    wait = WAIT_NAMES.get(shape.wait)
    if wait:
        items.append((wait, 2))
    valued = pair_fu(facts, shape.pair, double_wind_pair_fu)
    if valued:
        items.append(valued)
    if ron and not facts.closed and len(items) == 1:
        items.append((OPEN_PINFU, 10))  # an open pinfu shape is raised to 30
    return items


def total_fu(items: list[tuple[str, int]]) -> int:
    """The fu of a regular hand: the items' sum rounded up to ten.

    >>> total_fu([("Base", 20), ("Closed ron", 10), ("Tanki wait", 2)])
    40
    """
    raw = 0
    for _, v in items:
        raw += v
    return -(-raw // 10) * 10
