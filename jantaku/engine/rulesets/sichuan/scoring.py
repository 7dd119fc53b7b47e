"""The calculator's entry point for Sichuan: ``score_request(req) -> ScoreResult``.

The score is the hand's points (base x 2^min(fan, cap)); the payments are
the win's alone, as if every other player were still in (kong money and the
other winners of the hand are the table's business).

    >>> from jantaku.engine.melds import parse_hand
    >>> hand = parse_hand("111222333m44p555p")
    >>> r = score_request(ScoreRequest(hand, win=hand.concealed[9], void="s"))
    >>> r.values, r.score, r.payments
    ({'fan': 1}, 2, {0: 2, 1: 0, 2: 0, 3: -2})
"""

from __future__ import annotations

from ...scoring import ScoreItem, ScoreRequest, ScoreResult
from .fans import Situation
from .hand import HandError, SichuanHand
from .money import HandLedger
from .options import SichuanOptions, sichuan_options
from .value import HandValue, NotAWin, hand_value

DEALER_SEAT = 0  # seat wind East deals


def situation_of(req: ScoreRequest) -> Situation:
    """The request's flags as a :class:`Situation`; raises :class:`NotAWin` for impossible ones."""
    flags = req.flags
    if "replacement" in flags and not req.self_drawn:
        raise NotAWin("a win on a kong replacement is self-drawn")
    if "replacement" in flags and not any(m.is_kong for m in req.hand.melds):
        raise NotAWin("a win on a kong replacement needs a declared kong")
    for flag in ("kong_then_discard", "robbed_kong"):
        if flag in flags and req.self_drawn:
            raise NotAWin(f"{flag} is a win on another player's tile, not self-drawn")
    return Situation(
        self_drawn=req.self_drawn,
        kong_replacement="replacement" in flags,
        kong_then_discard="kong_then_discard" in flags,
        robbed_kong="robbed_kong" in flags,
        last_tile="last_tile" in flags,
        first_turn="first_turn" in flags,
        dealer=req.seat == DEALER_SEAT,
    )


def score_request(req: ScoreRequest) -> ScoreResult:
    options = sichuan_options(req.preset, req.options)  # an OptionError is the caller's to report
    try:
        hand = SichuanHand.from_spec(req.hand)
        if req.win is None:
            raise NotAWin("give the winning tile (win): Sichuan scores winning hands only")
        value = hand_value(hand, req.void, situation_of(req), options)
    except (HandError, NotAWin) as exc:
        return ScoreResult.not_a_win(str(exc))
    ledger = HandLedger(options)
    ledger.win(req.seat, value.points, discarder=req.discarder)
    return win_result(value, options, self_drawn=req.self_drawn, payments=ledger.balances())


def win_result(value: HandValue, options: SichuanOptions, *, self_drawn: bool, payments: dict[int, int]) -> ScoreResult:
    """A scored win as the calculator and the score screen show it."""
    items = list(value.items)
    if self_drawn and options.self_draw == "add_base":
        items.append(ScoreItem("Self-Draw, one base from each (自摸加底)", options.base, "points"))
    return ScoreResult(
        is_win=True,
        items=items,
        score=value.points,
        limit=f"{options.fan_cap}-fan cap" if value.capped else None,
        values={"fan": value.fan},
        payments=payments,
    )
