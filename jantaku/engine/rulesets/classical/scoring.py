"""The calculator's entry point for classical hands (``jantaku score classical``).

A request with ``win`` scores a winning hand: the best arrangement, its
``points`` (after rounding) and ``doubles``, the ``score`` and the payments
to the winner as if the losers had scored 0.  A request without ``win``
scores a loser's hand: ``is_win`` false, with its points, doubles and score.

Classical reading of the shared request keys: ``honba`` is the number of
hands East has won in a row before this one (East's ninth win is a limit
hand); flowers and seasons go in the ``bonus:`` part, the own ones being
those numbered like the seat wind (East 1 … North 4).

    >>> from jantaku.engine.calculator import score_json
    >>> r = score_json("classical", {"hand": "123m456p789s11z pon:555z", "win": "1z"})
    >>> r["points"], r["doubles"], r["score"], r["payments"]
    (40, 1, 80, {'E': 480, 'S': 0, 'W': 0, 'N': -480})
"""

from __future__ import annotations

from dataclasses import replace

from ...melds import HandSpec, MeldType
from ...scoring import ScoreRequest, ScoreResult
from ...tiles import kind_of
from .options import ClassicalOptions, classical_options
from .payments import EAST_SEAT, SEATS, settle_win
from .scorer import score_loser, score_win
from .situation import FIRST_TURN, REPLACEMENT, RIICHI, ROBBED_KONG, TWOFOLD_FORTUNE, Situation, Win

UNUSED_FLAGS = frozenset({"double_riichi", "ippatsu", "kong_then_discard"})
SELF_DRAWN_FLAGS = (REPLACEMENT, TWOFOLD_FORTUNE)
WINNING_SIZE = 14  # tiles of a complete hand, a kong counting as 3


class InvalidRequest(ValueError):
    """A request that contradicts itself or the classical rules."""


def _size(hand: HandSpec) -> int:
    return len(hand.concealed) + 3 * len(hand.melds)


def _check(req: ScoreRequest, options: ClassicalOptions) -> None:
    unused = sorted(req.flags & UNUSED_FLAGS)
    if unused:
        raise InvalidRequest(f"flag(s) {', '.join(unused)} have no meaning in classical")
    if RIICHI in req.flags:
        if not options.riichi_declaration:
            raise InvalidRequest("flag riichi has no meaning in classical without the option riichi_declaration")
        if any(m.type is not MeldType.ANKAN for m in req.hand.melds):
            raise InvalidRequest("flag riichi: a declared hand is concealed (concealed kongs only)")
    if req.hand.bonus and not options.bonus_tiles:
        raise InvalidRequest("bonus tiles are off (option bonus_tiles)")
    if req.win is None:
        if _size(req.hand) > WINNING_SIZE:
            raise InvalidRequest(f"a hand has at most {WINNING_SIZE} tiles, a kong counting as 3")
        return
    if _size(req.hand) != WINNING_SIZE:
        raise InvalidRequest(f"a winning hand has {WINNING_SIZE} tiles, a kong counting as 3, not {_size(req.hand)}")
    for flag in SELF_DRAWN_FLAGS:
        if flag in req.flags and not req.self_drawn:
            raise InvalidRequest(f"'{flag}' is a win on a tile from the dead wall: by self")
    if ROBBED_KONG in req.flags and req.self_drawn:
        raise InvalidRequest("'robbed_kong' is a win on another player's kong tile: by discard")
    if FIRST_TURN in req.flags:
        if req.seat == EAST_SEAT and not req.self_drawn:
            raise InvalidRequest("'first_turn' for East is a win on the deal: by self")
        if req.seat != EAST_SEAT and (req.self_drawn or req.from_seat not in (None, EAST_SEAT)):
            raise InvalidRequest("'first_turn' for a non-East seat is a win on East's first discard")


def score_request(req: ScoreRequest) -> ScoreResult:
    """Score a calculator request (see the module docstring)."""
    options = classical_options(req.preset, req.options)
    try:
        _check(req, options)
    except InvalidRequest as exc:
        return ScoreResult.not_a_win(str(exc))
    sit = Situation(options, seat=req.seat, round=req.round)
    if req.win is None:
        return score_loser(req.hand, sit).to_result(is_win=False)
    win = Win(kind_of(req.win), self_drawn=req.self_drawn, flags=req.flags, east_streak=req.honba)
    scored = score_win(req.hand, replace(sit, win=win))
    if scored is None:
        return ScoreResult.not_a_win("not a complete hand")
    discarder = req.discarder
    if FIRST_TURN in req.flags and discarder is not None:
        discarder = EAST_SEAT  # blessing of earth: won on East's first discard
    scores = {seat: scored.score if seat == req.seat else 0 for seat in SEATS}
    payments = settle_win(scores, req.seat, options=options, discarder=discarder)
    return scored.to_result(is_win=True, payments=payments)
