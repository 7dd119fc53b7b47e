"""From han and fu to points, and who pays what.

Base points are ``fu × 2^(han+2)``, capped by the limits below; a payment is
the base times 6 (dealer) or 4 (non-dealer) on a ron, split among the others
on a self-draw, each share rounded up to 100.  Every honba adds 300 (100 from
each player on a self-draw); the riichi sticks on the table go to the winner.

    >>> base_points(3, 30), base_points(4, 30), base_points(4, 30, kiriage=True)
    ((960, None), (1920, None), (2000, 'mangan'))
    >>> base_points(7, 40), base_points(13, 30), base_points(13, 30, kazoe_yakuman=False)
    ((3000, 'haneman'), (8000, 'yakuman'), (6000, 'sanbaiman'))
    >>> win_payments(2000, winner=1, payer=None, honba=1, sticks=1)  # non-dealer mangan tsumo
    {0: -4100, 1: 9300, 2: -2100, 3: -2100}

A hand's value as players say it (:func:`hand_value`), before honba and sticks:

    >>> hand_value(960, han=3, fu=30, limit=None, dealer=False, self_drawn=False).text
    '30 fu 3 han · 3,900'
    >>> hand_value(960, han=3, fu=30, limit=None, dealer=False, self_drawn=True).text
    '30 fu 3 han · 1,000 / 2,000'
    >>> hand_value(2000, han=5, fu=30, limit="mangan", dealer=True, self_drawn=True).text
    'mangan · 4,000 all'
    >>> hand_value(2000, han=4, fu=40, limit="mangan", dealer=False, self_drawn=False)
    HandValue(points=8000, text='mangan · 8,000')
"""

from __future__ import annotations

from dataclasses import dataclass

MANGAN = 2000

# (lowest han, base points, name) for the han-counted limits
HAN_LIMITS = (
    (13, 8000, "yakuman"),
    (11, 6000, "sanbaiman"),
    (8, 4000, "baiman"),
    (6, 3000, "haneman"),
    (5, MANGAN, "mangan"),
)

YAKUMAN_NAMES = {
    1: "yakuman",
    2: "double yakuman",
    3: "triple yakuman",
    4: "quadruple yakuman",
    5: "quintuple yakuman",
    6: "sextuple yakuman",
}


def yakuman_points(multiplier: int) -> tuple[int, str]:
    """Base points and limit name of ``multiplier`` yakuman."""
    return 8000 * multiplier, YAKUMAN_NAMES.get(multiplier, f"{multiplier}x yakuman")


def base_points(han: int, fu: int, *, kiriage: bool = False, kazoe_yakuman: bool = True) -> tuple[int, str | None]:
    """Base points of an ordinary hand and the limit it reached (None below mangan)."""
    for least, points, name in HAN_LIMITS:
        if han >= least:
            if least == 13 and not kazoe_yakuman:
                return 6000, "sanbaiman"
            return points, name
    base = fu << (han + 2)
    if base >= MANGAN or (kiriage and base >= 1920):
        return MANGAN, "mangan"
    return base, None


def round_up_100(points: int) -> int:
    return -(-points // 100) * 100


def win_payments(
    base: int, *, winner: int, payer: int | None, honba: int = 0, sticks: int = 0, liable: int | None = None
) -> dict[int, int]:
    """Net change per seat wind (0 = East = dealer) for one win.

    ``payer`` is the discarder (None: self-drawn).  ``liable`` is a player who
    owes the hand under pao: on a self-draw they pay it all, on a ron they pay
    half with the discarder; honba go with the liable player.
    """
    dealer_wins = winner == 0
    deltas = {0: 0, 1: 0, 2: 0, 3: 0}
    if payer is None:
        if liable is not None:
            total = round_up_100(base * 6) if dealer_wins else round_up_100(base * 4)
            deltas[liable] -= total + 300 * honba
        else:
            for seat in range(4):
                if seat == winner:
                    continue
                share = round_up_100(base * 2 if dealer_wins or seat == 0 else base)
                deltas[seat] -= share + 100 * honba
    else:
        total = round_up_100(base * (6 if dealer_wins else 4))
        if liable is not None and liable != payer:
            half = round_up_100(total // 2)
            deltas[payer] -= total - half
            deltas[liable] -= half + 300 * honba
        else:
            deltas[payer] -= total + 300 * honba
    deltas[winner] = -sum(deltas.values()) + 1000 * sticks
    return deltas


@dataclass(frozen=True, slots=True)
class HandValue:
    """What a win is worth to the winner before honba and riichi sticks, and how players say it."""

    points: int
    text: str


def hand_value(base: int, *, han: int, fu: int, limit: str | None, dealer: bool, self_drawn: bool) -> HandValue:
    """The value of a win with ``base`` points: ``30 fu 3 han · 3,900``, ``mangan · 2,000 / 4,000``,
    ``2,000 all`` — the form Tenhou and Mahjong Soul print."""
    head = limit if limit else f"{fu} fu {han} han"
    if not self_drawn:
        total = round_up_100(base * (6 if dealer else 4))
        return HandValue(total, f"{head} · {total:,}")
    if dealer:
        each = round_up_100(base * 2)
        return HandValue(3 * each, f"{head} · {each:,} all")
    others, from_dealer = round_up_100(base), round_up_100(base * 2)
    return HandValue(2 * others + from_dealer, f"{head} · {others:,} / {from_dealer:,}")
