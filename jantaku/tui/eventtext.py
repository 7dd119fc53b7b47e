"""One line of the table's log per event a seat may see.

Known events get a sentence; an event type a variant adds is still shown,
as its name and fields, so nothing happens silently.

    >>> names = ["You", "Mei", "Ravi", "Sora"]
    >>> describe_event({"type": "discard", "seat": 1, "tile": 8, "riichi": False}, names).plain
    'Mei discards 3m'
    >>> describe_event({"type": "draw", "seat": 1, "replacement": False}, names) is None
    True
    >>> describe_event({"type": "void", "seat": 2, "suit": "p"}, names).plain
    'Ravi: void suit=p'
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from .tilefaces import TilePainter
from .widgets.hand import meld_text

# events that carry nothing a player needs to read
QUIET = frozenset({"deal", "draw", "hand_end"})


def scored_hands(event: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """Itemised scores an event carries for several seats (``{"scores": {seat: score}}``), by seat."""
    scores = event.get("scores")
    if not isinstance(scores, dict):
        return {}
    return {int(seat): score for seat, score in scores.items() if isinstance(score, dict) and "items" in score}


def _who(event: dict[str, Any], names: list[str]) -> str:
    seat = event.get("seat")
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "table"


_BASE_FORMS = {"discards": "discard", "declares": "declare", "lays": "lay", "wins": "win", "is": "are"}


def _says(who: str, verb: str) -> str:
    """``'Mei discards'`` but ``'You discard'``."""
    return f"{who} {_BASE_FORMS.get(verb, verb) if who == 'You' else verb}"


def describe_event(event: dict[str, Any], names: list[str], painter: TilePainter | None = None) -> Text | None:
    painter = painter or TilePainter()
    kind = event.get("type")
    who = _who(event, names)
    if kind in QUIET:
        return None
    if kind == "hand_start":
        return Text(f"— new hand: dealer {names[event.get('dealer', 0)]} —", "bold")
    if kind == "discard":
        said = _says(who, "declares") + " riichi, discarding" if event.get("riichi") else _says(who, "discards")
        return Text(f"{said} ") + painter.text(event["tile"])
    if kind in ("call", "kong"):
        meld = event.get("meld", {})
        return Text(f"{who} {meld.get('type', kind)} ") + meld_text(meld, painter)
    if kind == "bonus":
        return Text(f"{_says(who, 'lays')} out ") + painter.text(event["tile"])
    if kind == "win":
        how = "self-drawn" if event.get("discarder") is None else f"on {names[event['discarder']]}'s discard"
        return Text(f"{_says(who, 'wins')} {how} with ", "bold") + painter.text(event["tile"])
    if kind == "payment":
        deltas = event.get("deltas") or {}
        parts = ", ".join(f"{names[int(s)]} {int(d):+d}" for s, d in deltas.items())
        return Text(f"payment ({event.get('reason', '')}): {parts}")
    if kind == "hand_scores":
        scores = scored_hands(event)
        parts = ", ".join(f"{names[seat]} {score.get('score', '?')}" for seat, score in scores.items())
        return Text(f"the other hands score: {parts}")
    if kind == "leave":
        return Text(f"{_says(who, 'is')} out of the hand")
    if kind == "match_end":
        return Text("— the match is over —", "bold")
    fields = " ".join(f"{k}={v}" for k, v in event.items() if k not in ("type", "seat"))
    return Text(f"{who}: {kind} {fields}".rstrip())
