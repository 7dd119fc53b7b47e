"""The value of a Sichuan hand: the best shape's fan, its breakdown and its points.

    >>> from .hand import SichuanHand
    >>> from .options import SichuanOptions
    >>> v = hand_value(SichuanHand.from_text("111222333m44p555p"), "s", Situation(), SichuanOptions())
    >>> v.fan, v.points, [i.name for i in v.items]
    (1, 2, ['All Pungs (对对胡)'])

The end-of-wall check of ready hands (查大叫) pays a ready hand its best
*structural* value over its waits::

    >>> ready_value(SichuanHand.from_text("1122334455667m"), "p", SichuanOptions()).fan
    4
"""

from __future__ import annotations

from dataclasses import dataclass

from ...analysis import waits
from ...scoring import ScoreItem
from ...tiles import suit_of
from .fans import COMBINATIONS, FANS, Fan, Situation, Win
from .hand import SichuanHand
from .options import SichuanOptions

PLAIN_WIN = ScoreItem("Plain Win (平胡)", 0, "fan")


class NotAWin(ValueError):
    """A hand that is not a winning Sichuan hand; the message is the calculator's error."""


@dataclass(frozen=True)
class HandValue:
    fan: int
    points: int
    items: tuple[ScoreItem, ...]
    capped: bool  # the fan reached the cap, so the points are the most a hand can be worth


def hand_value(hand: SichuanHand, void: str | None, situation: Situation, options: SichuanOptions) -> HandValue:
    """The value of a complete hand, its best shape chosen; raises :class:`NotAWin`."""
    if hand.holds_void(void):
        raise NotAWin("void suit tile")
    shapes = hand.shapes()
    if not shapes:
        raise NotAWin("not a complete hand")
    fan_counts = max((fan_counts_of(Win(hand, shape, situation, options)) for shape in shapes), key=total_fan)
    fan = total_fan(fan_counts)
    return HandValue(fan, options.points(fan), tuple(breakdown(fan_counts)), fan >= options.fan_cap)


def fan_counts_of(win: Win) -> dict[Fan, int]:
    """Each fan the win has, with how many times."""
    counts = {}
    for element in FANS:
        n = element.times(win)
        if n:
            counts[element] = n
    return counts


def total_fan(fan_counts: dict[Fan, int]) -> int:
    return sum(element.value * n for element, n in fan_counts.items())


def breakdown(fan_counts: dict[Fan, int]) -> list[ScoreItem]:
    """The score lines: named combinations first (largest that fits), then the other fan."""
    left = dict(fan_counts)
    items = []
    for combination in COMBINATIONS:
        if all(left.get(part) for part in combination.parts):
            items.append(ScoreItem(combination.label, combination.value, "fan"))
            for part in combination.parts:
                left[part] -= 1
    for element in FANS:
        n = left.get(element, 0)
        if n:
            label = element.label if n == 1 else f"{element.label} x{n}"
            items.append(ScoreItem(label, element.value * n, "fan"))
    return items or [PLAIN_WIN]


def ready_value(hand: SichuanHand, void: str | None, options: SichuanOptions) -> HandValue | None:
    """The best structural value of a ready hand (13 tiles, kongs as three), or None if not ready.

    Structural: no self-draw and no fan for how the hand is won.  A hand that
    still holds a void-suit tile is not ready, a void-suit wait does not count,
    and neither does a wait on a tile whose four copies are all in the hand.
    """
    if hand.holds_void(void):
        return None
    held = hand.held_counts()
    best = None
    for kind in waits(list(hand.concealed), len(hand.melds), thirteen_orphans=False, four_as_two=True):
        if held[kind] == 4 or suit_of(kind) == void:
            continue
        try:
            value = hand_value(hand.with_kind(kind), void, Situation(), options)
        except NotAWin:
            continue
        if best is None or value.fan > best.fan:
            best = value
    return best
