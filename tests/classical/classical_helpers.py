"""Shared helpers of the classical tests: score through the calculator, read the items,
build tables with a chosen wall and play them."""

from __future__ import annotations

from typing import Any

from jantaku.engine.actions import ActionType, Pass
from jantaku.engine.calculator import score_json
from jantaku.engine.rulesets.classical.ruleset import ClassicalRuleset
from jantaku.engine.rulesets.classical.table import ClassicalTable
from jantaku.engine.scenario import arranged_wall
from jantaku.engine.table import HandContext


def score(
    hand: str,
    win: str | None = None,
    *,
    preset: str = "classical",
    self_drawn: bool = False,
    seat: str = "E",
    round_wind: str = "E",
    flags: tuple[str, ...] = (),
    options: dict[str, Any] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """Score a hand with the calculator; ``win`` None scores a loser's hand."""
    request: dict[str, Any] = {
        "hand": hand,
        "preset": preset,
        "seat": seat,
        "round": round_wind,
        "by": "self" if self_drawn else "discard",
        "flags": list(flags),
    }
    if win is not None:
        request["win"] = win
    if options:
        request["options"] = options
    request.update(extra)
    result = score_json("classical", request)
    assert "is_win" in result, result
    return result


def items(result: dict[str, Any], unit: str | None = None) -> dict[str, int]:
    """The breakdown as name → value (of one unit if given)."""
    return {i["name"]: i["value"] for i in result["items"] if unit is None or i["unit"] == unit}


def points_items(result: dict[str, Any]) -> dict[str, int]:
    """The points items without the rounding line (same under both presets)."""
    return {k: v for k, v in items(result, "points").items() if k != "Rounded up to 10"}


PRESETS = ("classical", "dmjl")


# --- tables with an arranged wall -------------------------------------------------------------


def new_table(
    hands: list[str],
    *,
    preset: str = "classical",
    options: dict[str, Any] | None = None,
    context: HandContext | None = None,
    draws: str = "",
    dead: str = "",
) -> ClassicalTable:
    """A table (bonus tiles off unless the options say so) that deals ``hands`` from seat 0,
    the dealer, then draws ``draws``; ``dead`` are the first replacement tiles."""
    ruleset = ClassicalRuleset(preset, {"bonus_tiles": False, **(options or {})})
    wall = arranged_wall(
        hands,
        draws=[draws] if draws else [],
        dead=[dead] if dead else [],
        dead_size=ruleset.options.dead_wall,
        bonus=ruleset.options.bonus_tiles,
    )
    return ruleset.new_table(wall=wall, context=context)


def act(table: ClassicalTable, seat: int, text: str) -> None:
    """Play one action by its notation (``"discard 3m"``, ``"pon 55p+5p"``, ``"ron 3m"``)."""
    table.act(seat, table.parse_action(seat, text))


def pass_claims(table: ClassicalTable) -> None:
    """Every seat offered a claim passes."""
    if table.phase in ("claim", "rob"):
        for seat in list(table.pending()):
            table.act(seat, Pass())


def types(table: ClassicalTable, seat: int) -> set[ActionType]:
    return {a.type for a in table.legal_actions(seat)}
