"""Shared helpers of the classical tests: score through the calculator, read the items."""

from __future__ import annotations

from typing import Any

from jantaku.engine.calculator import score_json


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
