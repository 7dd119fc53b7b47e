"""Scoring a classical hand: points × 2^doubles, capped at the limit.

The winner's hand is tried in every arrangement and scores the best; a
loser's concealed tiles are arranged freely (see :mod:`.hand`) and it scores
the elements for every player.

    >>> from jantaku.engine.melds import parse_hand
    >>> from jantaku.engine.tiles import parse_kinds
    >>> from jantaku.engine.rulesets.classical.situation import Situation, Win
    >>> win = Win(parse_kinds("1z")[0])
    >>> result = score_win(parse_hand("123m456p789s11z pon:555z"), Situation(win=win))
    >>> result.points, result.doubles, result.score
    (40, 1, 80)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...analysis import waits
from ...melds import HandSpec
from ...scoring import ScoreItem, ScoreResult
from ...tiles import counts34
from .doubles import DOUBLES
from .hand import ArrangedHand, losing_arrangements, winning_arrangements
from .limits import LIMIT_HANDS
from .points import POINTS
from .situation import Situation

CAPPED = "Limit"  # the name reported when a normal hand reaches the limit


@dataclass(frozen=True)
class HandScore:
    """A scored hand: its breakdown and value.

    ``points`` are after rounding (the rounding is one of the items), so the
    points items add up to ``points`` and the doubles items to ``doubles``;
    ``raw_points`` are before rounding.
    ``limit`` names the limit hand, or is ``"Limit"`` when a normal hand was
    capped, else None.
    """

    items: tuple[ScoreItem, ...]
    points: int
    doubles: int
    score: int
    limit: str | None = None
    hand: ArrangedHand | None = None
    raw_points: int = 0

    @property
    def is_limit_hand(self) -> bool:
        return self.limit not in (None, CAPPED)

    def to_result(self, *, is_win: bool, payments: dict[int, int] | None = None) -> ScoreResult:
        """The common result shape, ``points`` and ``doubles`` as its values."""
        return ScoreResult(
            is_win=is_win,
            items=list(self.items),
            score=self.score,
            limit=self.limit,
            values={"points": self.points, "doubles": self.doubles},
            payments=payments,
        )

    def rank(self) -> tuple[int, bool, int, int, int]:
        """Better arrangements rank higher: score first, then a named limit hand, then detail."""
        return (self.score, self.is_limit_hand, self.points, self.doubles, self.raw_points)


def round_up(points: int, step: int = 10) -> int:
    """Round up to a multiple of ``step``.

    >>> round_up(22), round_up(30), round_up(0)
    (30, 30, 0)
    """
    return -(-points // step) * step


def score_arrangement(hand: ArrangedHand, sit: Situation) -> HandScore:
    """Score one arrangement: the points and doubles tables, rounding, then the limit."""
    options = sit.options
    items = POINTS.items(hand, sit)
    raw = sum(i.value for i in items)
    points = round_up(raw) if options.round_up_to_10 else raw
    if points > raw:
        items.append(ScoreItem("Rounded up to 10", points - raw, "points"))
    doubles_items = DOUBLES.items(hand, sit)
    doubles = sum(i.value for i in doubles_items)
    items += doubles_items
    value = points * 2**doubles
    limit_hand = LIMIT_HANDS.first(hand, sit) if sit.win is not None else None
    if limit_hand is not None:
        score = max(limit_hand.value(sit), value) if options.roof_off else limit_hand.value(sit)
        items.append(ScoreItem(limit_hand.name, score, "limit"))
        return HandScore(tuple(items), points, doubles, score, limit_hand.name, hand, raw)
    if not options.roof_off and value > options.limit:
        return HandScore(tuple(items), points, doubles, options.limit, CAPPED, hand, raw)
    return HandScore(tuple(items), points, doubles, value, None, hand, raw)


def only_possible_tile(spec: HandSpec, win: int) -> bool:
    """Whether the hand, without the winning tile, waited on that one kind only."""
    counts = counts34(spec.concealed)
    counts[win] -= 1
    return waits(counts, len(spec.melds), seven_pairs=False, thirteen_orphans=False) == [win]


def score_win_arrangements(spec: HandSpec, sit: Situation) -> list[HandScore]:
    """Every arrangement of a winning hand, scored; empty if the hand has no four sets and a pair.

    ``sit.win`` says how it was won; its ``only_possible`` is worked out here.
    """
    win = replace(sit.won, only_possible=only_possible_tile(spec, sit.won.tile))
    sit = replace(sit, win=win)
    arrangements = winning_arrangements(
        spec,
        win.tile,
        self_drawn=win.self_drawn,
        claimed_kong_counts_concealed=sit.options.claimed_kong_counts_concealed,
    )
    return [score_arrangement(h, sit) for h in arrangements]


def score_win(spec: HandSpec, sit: Situation) -> HandScore | None:
    """The best score of a winning hand, or None if it is not a winning hand."""
    scored = score_win_arrangements(spec, sit)
    if scored:
        return max(scored, key=HandScore.rank)
    if spec.melds:
        return None
    # No sets: only a limit hand judged on the tiles alone can win.
    shapeless = ArrangedHand((), None, held=tuple(counts34(spec.concealed)))
    limit_hand = LIMIT_HANDS.first(shapeless, sit, has_sets=False)
    if limit_hand is None:
        return None
    limit = limit_hand.value(sit)
    return HandScore((ScoreItem(limit_hand.name, limit, "limit"),), 0, 0, limit, limit_hand.name, shapeless)


def score_loser(spec: HandSpec, sit: Situation) -> HandScore:
    """A loser's hand at its best: the elements for every player, no winner's extras."""
    sit = replace(sit, win=None)
    arrangements = losing_arrangements(
        spec,
        claimed_kong_counts_concealed=sit.options.claimed_kong_counts_concealed,
        every_pair=sit.options.loser_pairs == "every",
    )
    return max((score_arrangement(h, sit) for h in arrangements), key=HandScore.rank)
