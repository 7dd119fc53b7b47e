"""Scoring a written hand the way the calculator does, for the Hong Kong tests."""

from __future__ import annotations

from jantaku.engine.calculator import score_json


def score(hand: str, win: str, *, by: str = "discard", **request) -> dict:
    """The calculator's JSON answer for ``hand`` won with ``win``."""
    return score_json("hongkong", {"hand": hand, "win": win, "by": by, **request})


def items(hand: str, win: str, **kw) -> dict[str, int]:
    """Item name → value of a winning hand (fails the test if it is not a win)."""
    result = score(hand, win, **kw)
    assert result.get("is_win"), result
    return {i["name"]: i["value"] for i in result["items"]}
