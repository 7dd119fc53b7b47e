"""Shared helpers of the classical tests: score through the calculator, read the items,
build tables with a chosen wall and play them."""

from __future__ import annotations

from typing import Any

from jantaku.engine.actions import Action, ActionType
from jantaku.engine.calculator import score_json
from jantaku.engine.rulesets.classical.ruleset import ClassicalRuleset
from jantaku.engine.rulesets.classical.table import ClassicalTable
from jantaku.engine.table import HandContext
from jantaku.engine.tiles import full_tile_set, parse_tiles
from jantaku.engine.wall import Wall


def score(hand: str, win: str | None = None, *, preset: str = "classical", self_drawn: bool = False,
          seat: str = "E", round_wind: str = "E", flags: tuple[str, ...] = (),
          options: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    """Score a hand with the calculator; ``win`` None scores a loser's hand."""
    request: dict[str, Any] = {"hand": hand, "preset": preset, "seat": seat, "round": round_wind,
                               "by": "self" if self_drawn else "discard", "flags": list(flags)}
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


# --- tables with a chosen wall -------------------------------------------------------------

def build_wall(hands: list[str], *, draws: str = "", dead: str = "", bonus: bool = False,
               dead_size: int = 14) -> Wall:
    """A wall that deals ``hands`` (seat 0 is the dealer: 14 tiles, the others 13), then gives
    ``draws`` in order; ``dead`` are the first replacement tiles.  Every other tile fills up
    the rest of the live wall and the dead wall."""
    taken: set[int] = set()
    dealt = [parse_tiles(h, taken) for h in hands]
    assert [len(d) for d in dealt] == [14, 13, 13, 13], [len(d) for d in dealt]
    drawn = parse_tiles(draws, taken)
    replacements = parse_tiles(dead, taken)
    rest = [t for t in full_tile_set(bonus=bonus) if t not in taken]
    filler = dead_size - len(replacements)
    live = dealt[0][:13] + dealt[1] + dealt[2] + dealt[3] + dealt[0][13:] + drawn + rest[:len(rest) - filler]
    return Wall(live=live, dead=replacements + rest[len(rest) - filler:])


def new_table(hands: list[str], *, preset: str = "classical", options: dict[str, Any] | None = None,
              context: HandContext | None = None, **wall: Any) -> ClassicalTable:
    ruleset = ClassicalRuleset(preset, {"bonus_tiles": False, **(options or {})})
    wall.setdefault("bonus", ruleset.options.bonus_tiles)
    wall.setdefault("dead_size", ruleset.options.dead_wall)
    return ruleset.new_table(wall=build_wall(hands, **wall), context=context)


def act(table: ClassicalTable, seat: int, text: str) -> None:
    """Play one action by its notation (``"discard 3m"``, ``"pon 55p+5p"``, ``"ron 3m"``)."""
    table.act(seat, table.parse_action(seat, text))


def pass_claims(table: ClassicalTable) -> None:
    """Every seat offered a claim passes."""
    if table.phase in ("claim", "rob"):
        for seat in list(table.pending()):
            table.act(seat, Action(ActionType.PASS))


def types(table: ClassicalTable, seat: int) -> set[ActionType]:
    return {a.type for a in table.legal_actions(seat)}
