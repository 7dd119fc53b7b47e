"""The Hong Kong Old Style scorer: ``jantaku score hongkong`` and the table's settlement.

:func:`score_request` answers the calculator (``CALCULATOR.md``): ``fan`` is
the hand's fan, ``score`` the points from the fan table (capped at the
limit) and ``payments`` the net change per seat wind.  The table calls
:func:`score_hand` with what only it knows for the liability rule::

    >>> from jantaku.engine.calculator import score_json
    >>> r = score_json("hongkong", {"hand": "123m456p789s11z pon:555z", "win": "1z"})
    >>> [i["name"] for i in r["items"]], r["fan"], r["score"], r["payments"]
    (['White Dragon Pung', 'No Bonus Tiles'], 2, 4, {'E': 16, 'S': -4, 'W': -4, 'N': -8})
    >>> score_json("hongkong", {"hand": "123m456p789s11z pon:222m", "win": "1z",
    ...                         "options": {"min_fan": 1}})["error"]
    'below minimum fan'
"""

from __future__ import annotations

from dataclasses import dataclass

from ...melds import HandSpec
from ...scoring import ScoreRequest, ScoreResult
from ...tiles import kind_of
from .evaluation import HandValue, best_value
from .hand import WinFacts
from .liability import Liability, ShownSet, find_liability
from .options import HongKongOptions, resolve
from .payments import settle

FLAGS = frozenset({"last_tile", "replacement", "twofold_fortune", "robbed_kong", "first_turn"})
REPLACEMENT_FLAGS = frozenset({"replacement", "twofold_fortune"})  # twofold fortune: kong on kong
BELOW_MINIMUM = "below minimum fan"


@dataclass(frozen=True)
class LiabilityContext:
    """What the table knows and the hand does not, for the liability option."""

    shown: tuple[ShownSet, ...]  # the winner's pungs and kongs as declared, in order
    discard_without_choice: bool = False  # the discarder held only dangerous tiles


@dataclass(frozen=True)
class HandScore:
    """A scored hand with what the table shows beside the result."""

    result: ScoreResult
    value: HandValue | None = None  # None: not a complete hand
    liability: Liability | None = None


def score_hand(
    hand: HandSpec, win_kind: int, win: WinFacts, options: HongKongOptions, context: LiabilityContext | None = None
) -> HandScore:
    """Value a winning hand and settle it; ``context`` enables liability (when the option is on)."""
    value = best_value(hand, win_kind, win, options)
    if value is None:
        return HandScore(ScoreResult.not_a_win("not a complete hand"))
    if not value.meets_minimum(options):
        result = ScoreResult(
            is_win=False, items=list(value.items), limit=value.limit, values={"fan": value.fan}, error=BELOW_MINIMUM
        )
        return HandScore(result, value)
    liability = None
    if options.liability and context is not None:
        liability = find_liability(
            win.seat,
            context.shown,
            value.patterns,
            discarder=win.discarder,
            win_kind=win_kind,
            robbed_kong=win.robbed_kong,
            discard_without_choice=context.discard_without_choice,
        )
    score = value.score(options)
    payments = settle(score, win.seat, win.discarder, liability.seat if liability else None)
    result = ScoreResult(
        is_win=True,
        items=list(value.items),
        score=score,
        limit=value.limit,
        values={"fan": value.fan},
        payments=payments,
    )
    return HandScore(result, value, liability)


def win_facts(req: ScoreRequest) -> WinFacts:
    """How a calculator request was won; a kong-replacement win is always self-drawn."""
    replacement = bool(req.flags & REPLACEMENT_FLAGS)
    self_drawn = req.self_drawn or replacement
    return WinFacts(
        seat=req.seat,
        round=req.round,
        self_drawn=self_drawn,
        discarder=None if self_drawn else req.discarder,
        last_tile="last_tile" in req.flags,
        replacement=replacement,
        kong_on_kong="twofold_fortune" in req.flags,
        robbed_kong="robbed_kong" in req.flags,
        first_turn="first_turn" in req.flags,
        bonus=frozenset(kind_of(t) for t in req.hand.bonus),
    )


def request_error(req: ScoreRequest, options: HongKongOptions) -> str | None:
    """Why a calculator request cannot be scored under these rules, or None."""
    if req.win is None:
        return "give the winning tile ('win'): Hong Kong scores the winner's hand only"
    tiles = len(req.hand.concealed) + 3 * len(req.hand.melds)
    if tiles != 14:
        return f"not a complete hand: a winning hand has 14 tiles counting 3 per meld, not {tiles}"
    if req.hand.bonus and not options.bonus_tiles:
        return "bonus tiles are off (option bonus_tiles)"
    unknown = sorted(req.flags - FLAGS)
    if unknown:
        return f"flag(s) {', '.join(unknown)} do not apply to hongkong; flags: {', '.join(sorted(FLAGS))}"
    if "robbed_kong" in req.flags and (req.self_drawn or req.flags & REPLACEMENT_FLAGS):
        return "robbing a kong wins on another player's tile, not a self-drawn one"
    return None


def score_request(req: ScoreRequest) -> ScoreResult:
    """The calculator's entry point (no liability: a written hand does not say who fed its melds)."""
    options = resolve(req.preset, req.options)
    error = request_error(req, options)
    if error is not None:
        return ScoreResult.not_a_win(error)
    assert req.win is not None  # request_error refuses a request without one
    return score_hand(req.hand, kind_of(req.win), win_facts(req), options).result
