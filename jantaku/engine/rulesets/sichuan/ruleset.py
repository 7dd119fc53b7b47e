"""The Sichuan match: hands in a row, the first winner deals next.

>>> from jantaku.engine.results import WinRecord
>>> from jantaku.engine.scoring import ScoreResult
>>> win = lambda seat, tile, discarder: WinRecord(seat, tile, discarder, ScoreResult(True), {})
>>> next_dealer(0, [])                                   # nobody won: the dealer stays
0
>>> next_dealer(0, [win(2, 40, None), win(1, 50, 3)])    # the first winner
2
>>> next_dealer(0, [win(2, 40, 3), win(1, 40, 3)])       # several on one discard: the discarder
3
"""

from __future__ import annotations

from ...results import HandResult, WinRecord
from ...actions import ActionLabel, ActionType
from ...ruleset import LazyClasses, Ruleset, VariantBots
from ...table import HandContext
from .events import EVENT_TYPES
from . import scoring as _scoring
from .options import DEFAULT_PRESET, PRESETS, SichuanOptions
from .table import SichuanTable
from ...scoretable import COMBINATIONS as SECTION_COMBINATIONS, FAN, ScoringLine


def next_dealer(dealer: int, wins: list[WinRecord]) -> int:
    """The first winner deals next; the discarder if several won on that first discard."""
    if not wins:
        return dealer
    first = wins[0]
    if first.discarder is None:  # self-drawn
        return first.seat
    on_first_discard = [w for w in wins if (w.discarder, w.tile) == (first.discarder, first.tile)]
    return first.discarder if len(on_first_discard) > 1 else first.seat


class SichuanRuleset(Ruleset):
    name = "sichuan"
    title = 'Sichuan "Bloody Battle"'
    Options = SichuanOptions
    presets = PRESETS
    default_preset = DEFAULT_PRESET
    table_class = SichuanTable
    event_types = EVENT_TYPES
    score_request = staticmethod(_scoring.score_request)
    bots = VariantBots(
        named=LazyClasses(f"{__package__}.bot", {"sichuan": "SichuanBot"}),
        levels=LazyClasses(f"{__package__}.bot", {"normal": "SichuanBot", "strong": "StrongSichuanBot"}),
    )
    action_labels = (
        ActionLabel("void", (ActionType.VOID,), "v", 50),
        ActionLabel(
            "exchange",
            (ActionType.EXCHANGE,),
            "e",
            60,
            uses_selection=True,
            hint="exchange: mark three tiles with their letters, then e",
        ),
    )
    summary = (
        "108 tiles, no chows. Pick a void suit and get rid of it first. A winner leaves and "
        "play goes on until three have won or the wall is empty. Points = base x 2^fan, capped."
    )

    options: SichuanOptions

    def scoring_table(self) -> tuple[ScoringLine, ...]:
        """The fans these options count, then the named combinations (their parts' sum)."""
        from .fans import COMBINATIONS, FANS

        fans = tuple(ScoringLine(FAN, f.label, f.value, "fan") for f in FANS if f.enabled(self.options))
        return fans + tuple(
            ScoringLine(SECTION_COMBINATIONS, c.label, c.value, "fan")
            for c in COMBINATIONS
            if all(part.enabled(self.options) for part in c.parts)
        )

    def next_context(self, context: HandContext, result: HandResult, scores: list[int]) -> HandContext | None:
        if context.hand_number + 1 >= self.options.hands:
            return None
        return HandContext(
            dealer=next_dealer(context.dealer, result.wins), hand_number=context.hand_number + 1, scores=tuple(scores)
        )


RULESET = SichuanRuleset
