"""One line of the table's log per event a seat may see.

Each known event type has a small function that writes its sentence; an
event type a variant adds without one is still shown, as its name and
fields (tile fields as faces), so nothing happens silently.

    >>> names = ["You", "Mei", "Ravi", "Sora"]
    >>> describe_event({"type": "discard", "seat": 1, "tile": 8, "riichi": False}, names).plain
    'Mei discards 3m'
    >>> describe_event({"type": "discard", "seat": 0, "tile": 8, "riichi": False}, names).plain
    'You discard 3m'
    >>> describe_event({"type": "draw", "seat": 1, "replacement": False}, names) is None
    True
    >>> describe_event({"type": "tile_swap", "seat": 2, "tiles": [0, 4], "count": 2}, names).plain
    'Ravi: tile swap tiles 1m 2m count=2'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text

from ..engine.views import ViewFormatError, meld_from_wire
from .tilefaces import TilePainter
from .viewmodel import format_value
from .widgets.meldfaces import meld_face, meld_text

# events that carry nothing a player needs to read
QUIET = frozenset({"deal", "draw", "hand_end"})
# fields that hold tile ids, in events no sentence is written for
TILE_FIELDS = frozenset({"tile", "tiles", "indicator", "gave", "received"})
_BASE_FORMS = {"discards": "discard", "declares": "declare", "lays": "lay", "wins": "win", "is": "are",
               "chooses": "choose", "passes": "pass"}


def scored_hands(event: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """Itemised scores an event carries for several seats (``{"scores": {seat: score}}``), by seat."""
    scores = event.get("scores")
    if not isinstance(scores, dict):
        return {}
    return {int(seat): score for seat, score in scores.items() if isinstance(score, dict) and "items" in score}


class Sentence:
    """What an event's sentence needs: the event, the names, the painter and who acted."""

    def __init__(self, event: dict[str, Any], names: list[str], painter: TilePainter) -> None:
        self.event, self.names, self.painter = event, names, painter
        seat = event.get("seat")
        self.who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "table"

    def says(self, verb: str, rest: str = "", style: str = "") -> Text:
        """``'Mei discards …'`` but ``'You discard …'``."""
        verb = _BASE_FORMS.get(verb, verb) if self.who == "You" else verb
        return Text(f"{self.who} {verb}{' ' + rest if rest else ''}", style)

    def tiles(self, tiles: list[int]) -> Text:
        return self.painter.row(tiles, gap=" ")

    def name(self, seat: Any) -> str:
        return self.names[int(seat)] if seat is not None else "?"


def _hand_start(s: Sentence) -> Text:
    return Text(f"— new hand: dealer {s.name(s.event.get('dealer', 0))} —", "bold")


def _discard(s: Sentence) -> Text:
    said = s.says("discards").append(" ").append_text(s.painter.text(s.event["tile"]))
    return said.append(" (the riichi tile)") if s.event.get("riichi") else said


def _meld(s: Sentence) -> Text:
    try:
        meld = meld_from_wire(s.event.get("meld"))
    except ViewFormatError:  # a host's malformed meld: say what happened without its tiles
        return Text(f"{s.who} {s.event['type']}")
    return Text(f"{s.who} {meld.type.value} ") + meld_text(meld_face(meld, s.event.get("seat")), s.painter)


def _bonus(s: Sentence) -> Text:
    return s.says("lays", "out").append(" ").append_text(s.painter.text(s.event["tile"]))


def _win(s: Sentence) -> Text:
    discarder = s.event.get("discarder")
    how = "self-drawn" if discarder is None else f"on {s.name(discarder)}'s discard"
    return s.says("wins", f"{how} with", "bold").append(" ").append_text(s.painter.text(s.event["tile"]))


def _payment(s: Sentence) -> Text:
    deltas = s.event.get("deltas") or {}
    parts = ", ".join(f"{s.name(seat)} {int(d):+d}" for seat, d in deltas.items())
    return Text(f"payment ({s.event.get('reason', '')}): {parts}")


def _hand_scores(s: Sentence) -> Text:
    parts = ", ".join(f"{s.name(seat)} {score.get('score', '?')}" for seat, score in scored_hands(s.event).items())
    return Text(f"the other hands score: {parts}")


def _riichi(s: Sentence) -> Text:
    return s.says("declares", "double riichi" if s.event.get("double") else "riichi", "bold")


def _dora(s: Sentence) -> Text:
    return Text("new dora indicator ") + s.painter.text(s.event["indicator"])


def _void_chosen(s: Sentence) -> Text:
    suit = s.event.get("suit")
    return s.says("chooses", f"a void suit{': ' + suit if suit else ''}")


def _voids(s: Sentence) -> Text:
    voids = s.event.get("voids") or []
    return Text("void suits: " + ", ".join(f"{s.name(seat)} {v}" for seat, v in enumerate(voids)))


def _exchange_chosen(s: Sentence) -> Text:
    tiles = s.event.get("tiles")
    said = s.says("chooses", "three tiles to pass")
    return said.append(": ").append_text(s.tiles(tiles)) if tiles else said


def _exchange(s: Sentence) -> Text:
    if "gave" not in s.event:
        return s.says("passes", "three tiles")
    return s.says("passes").append(" ").append_text(s.tiles(s.event["gave"])).append(" and receives ").append_text(
        s.tiles(s.event.get("received") or []))


def _liability(s: Sentence) -> Text:
    return Text(f"{s.who} is liable for {s.name(s.event.get('winner'))}'s hand")


def _leave(s: Sentence) -> Text:
    return s.says("is", "out of the hand")


def _match_end(s: Sentence) -> Text:
    return Text("— the match is over —", "bold")


SENTENCES: dict[str, Callable[[Sentence], Text]] = {
    "hand_start": _hand_start, "discard": _discard, "call": _meld, "kong": _meld, "bonus": _bonus, "win": _win,
    "payment": _payment, "hand_scores": _hand_scores, "riichi": _riichi, "dora": _dora,
    "void_chosen": _void_chosen, "voids": _voids, "exchange_chosen": _exchange_chosen, "exchange": _exchange,
    "liability": _liability, "leave": _leave, "match_end": _match_end,
}


def _fields(s: Sentence) -> Text:
    """An event no sentence knows: its name and fields."""
    out = Text(f"{s.who}: {str(s.event.get('type')).replace('_', ' ')}")
    for key, value in s.event.items():
        if key in ("type", "seat"):
            continue
        if key in TILE_FIELDS and isinstance(value, (int, list)):
            out.append(f" {key} ").append_text(s.tiles(value if isinstance(value, list) else [value]))
        else:
            out.append(f" {key}={format_value(value)}")
    return out


def describe_event(event: dict[str, Any], names: list[str], painter: TilePainter | None = None) -> Text | None:
    """The log line for one event (None for the quiet ones)."""
    kind = event.get("type")
    if kind in QUIET:
        return None
    return SENTENCES.get(kind, _fields)(Sentence(event, names, painter or TilePainter()))
