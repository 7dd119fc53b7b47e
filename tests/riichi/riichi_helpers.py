"""Score a riichi hand written in the calculator's notation, for short element tests."""

from __future__ import annotations

from jantaku.engine.melds import parse_hand
from jantaku.engine.rulesets.riichi import RiichiWinContext, riichi_options, score_win
from jantaku.engine.scoring import ScoreResult
from jantaku.engine.tiles import kind_of, parse_kinds


def score(hand: str, win: str, *, preset: str | None = None, options: dict | None = None, **context) -> ScoreResult:
    """``score("123m456p789s11222z", "2z", self_drawn=True, riichi=True)``.

    ``win`` names the kind of the winning tile; it is the last such concealed tile.
    """
    spec = parse_hand(hand)
    kind = parse_kinds(win)[0]
    win_tile = [t for t in spec.concealed if kind_of(t) == kind][-1]
    return score_win(spec.concealed, spec.melds, win_tile, RiichiWinContext(**context), riichi_options(preset, options))


def han_items(result: ScoreResult) -> dict[str, int]:
    return {i.name: i.value for i in result.items if i.unit == "han"}


def fu_items(result: ScoreResult) -> list[tuple[str, int]]:
    return [(i.name, i.value) for i in result.items if i.unit == "fu"]
