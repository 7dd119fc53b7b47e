"""``jantaku analyze``: shanten, waits and discard advice as the calculator contract's JSON.

>>> r = analyze_json({"hand": "123m456p789s1122z"})
>>> r["shanten"]["min"], r["waits"]
(0, ['1z', '2z'])

``seen`` (optional) names the tiles the player sees outside its hand and melds
(discards, others' melds, dora indicators); the discards' ``remaining`` then
counts only the copies still unseen, as a review does:

>>> analyze_json({"hand": "123m456p789s11z23s9m", "seen": "1s4s4s"})["discards"][0]
{'discard': '9m', 'shanten': 0, 'useful': ['1s', '4s'], 'remaining': 5}
"""

from __future__ import annotations

from typing import Any

from .analysis import INF, discard_options, real_waits, shanten_all
from .melds import parse_hand
from .tiles import NotationError, counts34, kind_str, kinds_to_counts, parse_kinds


def _shanten_json(counts: list[int], melds: int) -> dict[str, Any]:
    sh = shanten_all(counts, melds)
    as_json = lambda v: None if v >= INF else v  # noqa: E731 - impossible forms are null
    return {
        "regular": sh.regular,
        "seven_pairs": as_json(sh.seven_pairs),
        "thirteen_orphans": as_json(sh.thirteen_orphans),
        "min": sh.min,
    }


def analyze_json(obj: Any) -> dict[str, Any]:
    if not isinstance(obj, dict) or "hand" not in obj:
        return {"error": "a request is a JSON object with a 'hand' key"}
    try:
        hand = parse_hand(obj["hand"])
    except NotationError as exc:
        return {"error": f"hand: {exc}"}
    if hand.bonus:
        return {"error": "bonus tiles play no part in the analysis; leave them out"}
    melds = len(hand.melds)
    counts = counts34(hand.concealed)
    size = len(hand.concealed) + 3 * melds
    if size not in (13, 14) or len(hand.concealed) + 3 * melds != size:
        return {"error": f"a hand has 13 or 14 tiles counting 3 per meld, not {size}"}
    visible = counts34(t for m in hand.melds for t in m.tiles)
    if obj.get("seen"):
        try:
            seen = kinds_to_counts(k for k in parse_kinds(str(obj["seen"])) if k < 34)
        except NotationError as exc:
            return {"error": f"seen: {exc}"}
        visible = [a + b for a, b in zip(visible, seen)]
    out: dict[str, Any] = {"hand": obj["hand"], "tiles": size}
    out["shanten"] = _shanten_json(counts, melds)
    if size == 13:
        meld_tiles = [t for m in hand.melds for t in m.tiles]  # no wait on a kong's fifth copy
        ready = out["shanten"]["min"] == 0
        out["waits"] = [kind_str(k) for k in real_waits(counts, melds, meld_tiles)] if ready else []
    else:
        options = discard_options(counts, melds, visible)
        out["discards"] = [
            {
                "discard": kind_str(o.discard),
                "shanten": o.shanten,
                "useful": [kind_str(k) for k in o.useful],
                "remaining": o.remaining,
            }
            for o in options
        ]
    return out


def format_analysis(result: dict[str, Any]) -> str:
    if "error" in result:
        return f"error: {result['error']}"
    sh = result["shanten"]
    name = {-1: "complete", 0: "ready (tenpai)"}.get(sh["min"], f"{sh['min']}-shanten")
    fifth_copy_only = sh["min"] == 0 and "waits" in result and not result["waits"]
    if fifth_copy_only:
        name = "shanten 0, but not ready"
    lines = [
        f"{result['hand']}: {name}",
        "  shanten: regular {regular}, seven pairs {sp}, thirteen orphans {to}".format(
            regular=sh["regular"],
            sp="-" if sh["seven_pairs"] is None else sh["seven_pairs"],
            to="-" if sh["thirteen_orphans"] is None else sh["thirteen_orphans"],
        ),
    ]
    if result.get("waits"):
        lines.append("  waits: " + " ".join(result["waits"]))
    elif fifth_copy_only:
        lines.append("  waits: none (only a fifth copy would complete it)")
    for d in result.get("discards", []):
        lines.append(
            f"  discard {d['discard']}: shanten {d['shanten']}, {d['remaining']} tiles ({' '.join(d['useful'])})"
        )
    return "\n".join(lines)
