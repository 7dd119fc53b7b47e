"""The classical match: East keeps the deal after a win or a draw, four rounds make the match.

The common :class:`~jantaku.engine.ruleset.Ruleset` already keeps the deal
with East after East's win or a draw, passes it to the next seat otherwise,
moves the round wind on when the deal has gone round once and ends after the
North round.  Classical adds East's winning streak (for the limit hand
"East's nine wins") to each hand's context, and the option
``deal_passes=to_winner``: the winner of a hand becomes East.

    >>> rs = ClassicalRuleset("dmjl")
    >>> table = rs.new_table(seed=2)
    >>> table.dead_wall_size, len(table.players[0].concealed)
    (16, 14)
"""

from __future__ import annotations

from ...results import HandResult
from ...actions import ActionLabel, ActionType
from ...ruleset import Lazy, LazyClasses, Ruleset, VariantBots
from ...table import HandContext
from .events import EVENT_TYPES
from . import scoring as _scoring
from .options import DEFAULT_PRESET, PRESETS, ClassicalOptions
from .table import EAST_STREAK, ClassicalTable
from ...scoretable import DOUBLES as SECTION_DOUBLES, LIMIT_HANDS as LIMIT, ScoringLine

HANDS_PER_ROUND = 4  # under deal_passes=to_winner; the official deal's rounds last until all have dealt
ROUNDS = 4


class ClassicalRuleset(Ruleset):
    name = "classical"
    title = "Classical Chinese"
    Options = ClassicalOptions
    presets = PRESETS
    default_preset = DEFAULT_PRESET
    table_class = ClassicalTable
    event_types = EVENT_TYPES
    score_request = staticmethod(_scoring.score_request)
    bots = VariantBots(
        named=LazyClasses(f"{__package__}.bot", {"classical": "ClassicalBot"}),
        levels=LazyClasses(f"{__package__}.bot", {"strong": "StrongClassicalBot"}),
        strategy=Lazy(f"{__package__}.strategy", "ClassicalStrategy"),
    )
    action_labels = (ActionLabel("abort", (ActionType.ABORT,), "z", 70),)
    summary = (
        "Old-style Chinese rules: points for sets, doubled for honours, one suit and more, "
        "up to a limit of 500. Every hand is scored, the losers settle among themselves; "
        "East pays and receives double."
    )

    def scoring_table(self) -> tuple[ScoringLine, ...]:
        """The doubles (each as often as a hand has it, e.g. once per dragon pung) and the limit hands."""
        from .doubles import DOUBLES
        from .limits import LIMIT_HANDS

        doubles = tuple(ScoringLine(SECTION_DOUBLES, d.name, d.worth(self.options), "doubles") for d in DOUBLES)
        limits = tuple(ScoringLine(LIMIT, h.name, h.value_under(self.options), "points") for h in LIMIT_HANDS)
        return doubles + limits

    def next_context(self, context: HandContext, result: HandResult, scores: list[int]) -> HandContext | None:
        if self.options.deal_passes == "to_winner":
            nxt = deal_to_winner(context, result, scores)
        else:
            nxt = super().next_context(context, result, scores)
        if nxt is None:
            return None
        nxt.extra = {EAST_STREAK: east_streak_after(context, result)}
        return nxt


def deal_to_winner(context: HandContext, result: HandResult, scores: list[int]) -> HandContext | None:
    """Seed 000's other rules: the winner becomes East (a draw keeps East) and the wind turns
    every hand ("Der Wind dreht sich in jedem Falle"), so each round is four hands."""
    number = context.hand_number + 1
    if number >= HANDS_PER_ROUND * ROUNDS:
        return None
    dealer = result.wins[0].seat if result.kind == "win" and result.wins else context.dealer
    return HandContext(dealer=dealer, round_wind=number // HANDS_PER_ROUND, hand_number=number, scores=tuple(scores))


def east_streak_after(context: HandContext, result: HandResult) -> int:
    """East's wins in a row after this hand: one more if East won it, else none (a draw too)."""
    if any(w.seat == context.dealer for w in result.wins):
        return context.extra.get(EAST_STREAK, 0) + 1
    return 0
