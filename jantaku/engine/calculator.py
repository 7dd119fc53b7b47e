"""The scoring calculator behind ``jantaku score``: JSON in, JSON out.

One request shape and one result shape for all variants (``../shared/CALCULATOR.md``).
Each variant's ruleset names its function ``ScoreRequest -> ScoreResult``
(:attr:`~jantaku.engine.ruleset.Ruleset.score_request`).

    >>> score_json("nonexistent", {"hand": "123m"})["error"]
    "unknown ruleset 'nonexistent'; rulesets: classical, hongkong, riichi, sichuan"
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .melds import parse_hand
from .options import OptionError
from .ruleset import variants
from .scoring import FLAGS, WIND_LETTERS, ScoreRequest, ScoreResult
from .tiles import NotationError, kind_of, parse_tiles

Scorer = Callable[[ScoreRequest], ScoreResult]

_KNOWN_KEYS = {
    "hand",
    "win",
    "by",
    "from",
    "seat",
    "round",
    "flags",
    "dora",
    "ura",
    "honba",
    "sticks",
    "void",
    "preset",
    "options",
    "id",
}


class ScoreRequestError(ValueError):
    """A calculator request that cannot be read; the message says which key and why."""


def scorers() -> dict[str, Scorer]:
    """Every variant's scorer, by ruleset name."""
    return {cls.name: cls.score_request for cls in variants() if cls.score_request is not None}


def scorer_for(ruleset: str) -> Scorer:
    found = scorers()
    if ruleset not in found:
        raise ScoreRequestError(f"unknown ruleset {ruleset!r}; rulesets: {', '.join(sorted(found))}")
    return found[ruleset]


def _wind(value: Any, key: str) -> int:
    if isinstance(value, str) and value.upper() in ("E", "S", "W", "N"):
        return WIND_LETTERS.index(value.upper())
    raise ScoreRequestError(f"{key!r} must be one of E, S, W, N, not {value!r}")


def _count(value: Any, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ScoreRequestError(f"{key!r} must be a whole number ≥ 0, not {value!r}")
    return value


def parse_request(obj: Any) -> ScoreRequest:
    """Check and convert one JSON request; raises :class:`ScoreRequestError`."""
    if not isinstance(obj, dict):
        raise ScoreRequestError("a request is a JSON object with at least a 'hand' key")
    unknown = set(obj) - _KNOWN_KEYS
    if unknown:
        raise ScoreRequestError(f"unknown key(s) {', '.join(sorted(map(str, unknown)))}")
    if "hand" not in obj:
        raise ScoreRequestError("missing 'hand'")
    try:
        hand = parse_hand(obj["hand"])
    except NotationError as exc:
        raise ScoreRequestError(f"hand: {exc}") from None
    win = None
    if obj.get("win") is not None:
        try:
            kinds = [kind_of(t) for t in parse_tiles(obj["win"])]
        except NotationError as exc:
            raise ScoreRequestError(f"win: {exc}") from None
        if len(kinds) != 1:
            raise ScoreRequestError("'win' is one tile, e.g. \"5p\"")
        wanted_red = obj["win"].startswith("0")
        matches = [t for t in hand.concealed if kind_of(t) == kinds[0]]
        if not matches:
            raise ScoreRequestError(f"the winning tile {obj['win']} is not among the concealed tiles")
        reds = [t for t in matches if t in (16, 52, 88)]
        plain = [t for t in matches if t not in (16, 52, 88)]
        win = (reds or plain)[0] if wanted_red else (plain or reds)[0]
    by = obj.get("by", "discard")
    if by not in ("self", "discard"):
        raise ScoreRequestError(f'\'by\' must be "self" or "discard", not {by!r}')
    seat = _wind(obj.get("seat", "E"), "seat")
    round_ = _wind(obj.get("round", "E"), "round")
    from_seat = None
    if obj.get("from") is not None:
        from_seat = _wind(obj["from"], "from")
        if from_seat == seat:
            raise ScoreRequestError("'from' is the discarder's seat and cannot be the winner's")
    flags = obj.get("flags", [])
    if not isinstance(flags, list) or not all(isinstance(f, str) for f in flags):
        raise ScoreRequestError("'flags' must be a list of names")
    bad = [f for f in flags if f not in FLAGS]
    if bad:
        raise ScoreRequestError(f"unknown flag(s) {', '.join(bad)}; flags: {', '.join(sorted(FLAGS))}")
    indicators = {}
    for key in ("dora", "ura"):
        value = obj.get(key, [])
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            raise ScoreRequestError(f'{key!r} must be tiles, e.g. "3m" or ["3m", "5z"]')
        try:
            # indicators are separate physical tiles; their copy numbers don't matter
            indicators[key] = tuple(t for v in value for t in parse_tiles(v))
        except (NotationError, TypeError) as exc:
            raise ScoreRequestError(f"{key}: {exc}") from None
    void = obj.get("void")
    if void is not None and void not in ("m", "p", "s"):
        raise ScoreRequestError(f"'void' must be m, p or s, not {void!r}")
    options = obj.get("options", {})
    if not isinstance(options, dict):
        raise ScoreRequestError("'options' must be an object of option names and values")
    preset = obj.get("preset")
    if preset is not None and not isinstance(preset, str):
        raise ScoreRequestError("'preset' must be a preset name")
    return ScoreRequest(
        hand=hand,
        win=win,
        self_drawn=(by == "self"),
        from_seat=from_seat,
        seat=seat,
        round=round_,
        flags=frozenset(flags),
        dora=indicators["dora"],
        ura=indicators["ura"],
        honba=_count(obj.get("honba", 0), "honba"),
        sticks=_count(obj.get("sticks", 0), "sticks"),
        void=void,
        preset=preset,
        options=options,
    )


def score_json(ruleset: str, obj: Any) -> dict[str, Any]:
    """Score one request; errors come back as ``{"error": ...}``, never raised."""
    try:
        scorer = scorer_for(ruleset)
        request = parse_request(obj)
        return scorer(request).to_json()
    except (ScoreRequestError, OptionError) as exc:
        return {"error": str(exc)}


def format_result(result: dict[str, Any]) -> str:
    """The calculator's human-readable form of a result."""
    lines = []
    if "is_win" not in result:
        return f"error: {result.get('error')}"
    if not result["is_win"]:
        lines.append(f"not a win: {result.get('error')}" if result.get("error") else "not a winning hand")
    width = max((len(i["name"]) for i in result.get("items", [])), default=10)
    for item in result.get("items", []):
        lines.append(f"  {item['name']:<{width}}  {item['value']:>5} {item['unit']}")
    counters = [f"{k} {result[k]}" for k in ("han", "fu", "fan", "points", "doubles") if k in result]
    if counters:
        lines.append("  " + ", ".join(counters))
    if result.get("hand_value"):  # riichi: the value as players say it, then the base it comes from
        lines.append(f"  {result['hand_value']}  (base points {result.get('score')})")
    else:
        if result.get("limit"):
            lines.append(f"  limit: {result['limit']}")
        lines.append(f"  score: {result.get('score')}")
    if result.get("payments"):
        lines.append("  payments: " + "  ".join(f"{s} {v:+d}" for s, v in result["payments"].items()))
    return "\n".join(lines)
