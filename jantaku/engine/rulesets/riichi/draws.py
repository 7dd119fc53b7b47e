"""Payments at an exhaustive draw: tenpai payments and nagashi mangan.

>>> tenpai_payments({1})  # one player tenpai: 1000 from each of the others
{0: -1000, 1: 3000, 2: -1000, 3: -1000}
>>> tenpai_payments({0, 2})
{0: 1500, 1: -1500, 2: 1500, 3: -1500}
>>> nagashi_mangan_payments([2])  # a non-dealer: 4000 from the dealer, 2000 from the others
{0: -4000, 1: -2000, 2: 8000, 3: -2000}
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...scoring import ScoreItem, ScoreResult
from .points import MANGAN, hand_value, win_payments
from .shape import TERMINAL_OR_HONOR_MASK

NAGASHI_MANGAN = "Nagashi mangan"
NOTEN_PENALTY = 3000  # what the noten players pay the tenpai players in all


def tenpai_payments(tenpai: Iterable[int]) -> dict[int, int]:
    """Net change per seat when the players in ``tenpai`` are ready at an exhaustive draw."""
    ready = set(tenpai)
    deltas = {0: 0, 1: 0, 2: 0, 3: 0}
    if 0 < len(ready) < 4:
        gain, loss = NOTEN_PENALTY // len(ready), NOTEN_PENALTY // (4 - len(ready))
        for seat in range(4):
            deltas[seat] = gain if seat in ready else -loss
    return deltas


def is_nagashi_mangan(discards: Sequence[int], any_called: bool) -> bool:
    """Every discard (physical ids) a terminal or honour, and none of them called by another player."""
    return bool(discards) and not any_called and all(TERMINAL_OR_HONOR_MASK >> (t >> 2) & 1 for t in discards)


def nagashi_mangan_payments(seats: Iterable[int]) -> dict[int, int]:
    """Each of ``seats`` is paid a mangan as on a self-draw; no honba, the sticks stay (Tenhou)."""
    deltas = {0: 0, 1: 0, 2: 0, 3: 0}
    for seat in seats:
        for s, d in win_payments(MANGAN, winner=seat, payer=None).items():
            deltas[s] += d
    return deltas


def nagashi_mangan_result(seat: int) -> ScoreResult:
    """The breakdown shown for one player's nagashi mangan."""
    value = hand_value(MANGAN, han=5, fu=0, limit="mangan", dealer=seat == 0, self_drawn=True)
    return ScoreResult(
        is_win=True,
        items=[ScoreItem(NAGASHI_MANGAN, 5, "han", "All terminal and honour discards")],
        score=MANGAN,
        limit="mangan",
        values={"han": 5, "fu": 0},
        payments=nagashi_mangan_payments([seat]),
        hand_value=value.text,
        hand_points=value.points,
    )
