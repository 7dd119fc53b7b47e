"""Who pays whom at the end of a classical hand.

Seats are seat winds 0-3, East is 0; results map every seat to its net
change.  East pays and receives double in every payment it is part of.

- The winner receives its score from each loser.
- The three losers settle the differences of their scores among themselves.
- ``discarder_pays`` (the ``classical`` preset): on a discard win the
  discarder alone pays the winner 4× the score (6× if the winner is East, the
  same totals as all three paying); the losers still settle among themselves.
- ``dangerous_only`` (``dmjl``): a discard win is paid like a self-draw,
  unless the discard was dangerous (see :mod:`.danger`): then the discarder
  alone pays 4×/6× and nothing else is paid that hand.

The DMJL example — scores E 40, S 100, W 20, N 0, South wins by self-draw:

    >>> from .options import classical_options
    >>> settle_win({0: 40, 1: 100, 2: 20, 3: 0}, winner=1, options=classical_options("dmjl"))
    {0: -80, 1: 400, 2: -120, 3: -200}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import combinations

from .options import ClassicalOptions

EAST_SEAT = 0
SEATS = (0, 1, 2, 3)
DISCARDER_PAYS = {False: 4, True: 6}  # by: the winner is East


def rate(a: int, b: int) -> int:
    """The multiplier of a payment between two seats: 2 when East is one of them."""
    return 2 if EAST_SEAT in (a, b) else 1


def _pay(deltas: dict[int, int], payer: int, payee: int, amount: int) -> None:
    deltas[payer] -= amount
    deltas[payee] += amount


def settle_among(scores: Mapping[int, int], seats: Iterable[int]) -> dict[int, int]:
    """Every two of ``seats`` settle the difference of their scores (East double).

    >>> settle_among({0: 40, 2: 20, 3: 0}, (0, 2, 3))
    {0: 120, 1: 0, 2: -20, 3: -100}
    """
    deltas = dict.fromkeys(SEATS, 0)
    for a, b in combinations(sorted(seats), 2):
        _pay(deltas, b, a, (scores[a] - scores[b]) * rate(a, b))
    return deltas


def pay_winner(score: int, winner: int, *, discarder: int | None = None) -> dict[int, int]:
    """The winner's income: from each loser (East double), or from ``discarder`` alone 4×/6×."""
    deltas = dict.fromkeys(SEATS, 0)
    if discarder is not None:
        _pay(deltas, discarder, winner, score * DISCARDER_PAYS[winner == EAST_SEAT])
        return deltas
    for loser in SEATS:
        if loser != winner:
            _pay(deltas, loser, winner, score * rate(loser, winner))
    return deltas


def _add(*parts: Mapping[int, int]) -> dict[int, int]:
    return {seat: sum(p[seat] for p in parts) for seat in SEATS}


def settle_win(
    scores: Mapping[int, int],
    winner: int,
    *,
    options: ClassicalOptions,
    discarder: int | None = None,
    dangerous: bool = False,
) -> dict[int, int]:
    """All payments of a won hand.

    ``scores`` are every seat's hand score; ``discarder`` is None for a
    self-draw; ``dangerous`` says the winning discard was dangerous (it only
    matters under ``dangerous_only``).
    """
    losers = [s for s in SEATS if s != winner]
    if options.discard_payment == "discarder_pays":
        return _add(pay_winner(scores[winner], winner, discarder=discarder), settle_among(scores, losers))
    if discarder is not None and dangerous:
        return pay_winner(scores[winner], winner, discarder=discarder)
    return _add(pay_winner(scores[winner], winner), settle_among(scores, losers))


def settle_draw(scores: Mapping[int, int], *, options: ClassicalOptions) -> dict[int, int]:
    """A drawn hand: nothing is paid, or (``draw_settles_hands``) all four settle their hands."""
    if not options.draw_settles_hands:
        return dict.fromkeys(SEATS, 0)
    return settle_among(scores, SEATS)
