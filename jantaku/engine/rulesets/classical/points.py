"""The points table: what every hand's sets, pair and bonus tiles are worth, and the winner's extras.

>>> from jantaku.engine.rulesets.classical.hand import Group, Shape
>>> set_points(Group(Shape.KONG, 27, concealed=True), None, None)
32
"""

from __future__ import annotations

from ...tiles import DRAGONS, is_terminal_or_honor
from .elements import Elements
from .hand import ArrangedHand, Group, Shape
from .situation import Situation

POINTS = Elements("points")

# (shape, of terminals or honours) → (exposed, concealed); a chow scores nothing.
SET_POINTS = {
    (Shape.PUNG, False): (2, 4),
    (Shape.PUNG, True): (4, 8),
    (Shape.KONG, False): (8, 16),
    (Shape.KONG, True): (16, 32),
}
PAIR_POINTS = 2  # for each of: dragons, own wind, round wind (own = round: twice)
BONUS_TILE_POINTS = 4
MAH_JONG_POINTS = 20
SELF_DRAWN_POINTS = 2
ONLY_POSSIBLE_TILE_POINTS = 2
PAIR_COMPLETION_POINTS = {False: 2, True: 4}  # by: of terminals or honours


# --- every player ----------------------------------------------------------------


@POINTS.group("{state} {shape}")
def set_points(group: Group, hand: ArrangedHand, sit: Situation) -> int:
    if not group.is_pung:
        return 0
    exposed, concealed = SET_POINTS[group.shape, is_terminal_or_honor(group.kind)]
    return concealed if group.concealed else exposed


def _pairs_points(hand: ArrangedHand, kinds: tuple[int, ...]) -> int:
    """2 for each pair of one of ``kinds`` (a loser counting every pair may have several)."""
    return PAIR_POINTS * sum(1 for pair in hand.pairs if pair.kind in kinds)


@POINTS.hand("Pair of dragons")
def dragon_pair(hand: ArrangedHand, sit: Situation) -> int:
    return _pairs_points(hand, DRAGONS)


@POINTS.hand("Pair of own wind")
def own_wind_pair(hand: ArrangedHand, sit: Situation) -> int:
    return _pairs_points(hand, (sit.seat_wind_kind,))


@POINTS.hand("Pair of round wind")
def round_wind_pair(hand: ArrangedHand, sit: Situation) -> int:
    return _pairs_points(hand, (sit.round_wind_kind,))


@POINTS.hand("Flowers and seasons")
def bonus_tiles(hand: ArrangedHand, sit: Situation) -> int:
    return BONUS_TILE_POINTS * len(hand.bonus)


# --- the winner only ------------------------------------------------------------------


@POINTS.hand("Mah Jong", winner_only=True)
def mah_jong(hand: ArrangedHand, sit: Situation) -> int:
    return MAH_JONG_POINTS


@POINTS.hand("Last tile self-drawn", winner_only=True)
def self_drawn(hand: ArrangedHand, sit: Situation) -> int:
    return SELF_DRAWN_POINTS if sit.won.self_drawn else 0


@POINTS.hand("Only possible tile", winner_only=True)
def only_possible_tile(hand: ArrangedHand, sit: Situation) -> int:
    return ONLY_POSSIBLE_TILE_POINTS if sit.won.only_possible else 0


@POINTS.hand("Last tile completes the pair", winner_only=True)
def pair_completion(hand: ArrangedHand, sit: Situation) -> int:
    completed = hand.completed
    if completed is None or completed.shape is not Shape.PAIR:
        return 0
    return PAIR_COMPLETION_POINTS[is_terminal_or_honor(completed.kind)]


def pair_points(hand: ArrangedHand, sit: Situation) -> int:
    """What the pair scores (the zero-point hand needs a pair worth nothing)."""
    return dragon_pair(hand, sit) + own_wind_pair(hand, sit) + round_wind_pair(hand, sit)
