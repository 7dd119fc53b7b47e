"""One line of the table's log per event a seat may see.

The wire event is decoded into its kind (:func:`jantaku.engine.events.decode_event`)
and matched on its class; each kind has a small function that writes its
sentence.  An event type a variant adds without one (or that this build does
not know) is still shown, as its name and fields (tile fields as faces), so
nothing happens silently.

    >>> names = ["You", "Mei", "Ravi", "Sora"]
    >>> describe_event({"type": "discard", "seat": 1, "tile": 8, "riichi": False}, names).plain
    'Mei discards 3m'
    >>> describe_event({"type": "discard", "seat": 0, "tile": 8, "riichi": False}, names).plain
    'You discard 3m'
    >>> describe_event({"type": "draw", "seat": 1, "replacement": False}, names) is None
    True
    >>> describe_event({"type": "voids", "seat": None, "voids": ["m", "p", "s", "m"]}, names).plain
    'void suits: You characters, Mei dots, Ravi bamboo, Sora characters'
    >>> describe_event({"type": "tile_swap", "seat": 2, "tiles": [0, 4], "count": 2}, names).plain
    'Ravi: tile swap tiles 1m 2m count=2'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text

from ..engine.events import (
    BonusEvent,
    CallEvent,
    DealEvent,
    DiscardEvent,
    DrawEvent,
    Event,
    HandEndEvent,
    HandStartEvent,
    KongEvent,
    LeaveEvent,
    MatchEndEvent,
    PaymentEvent,
    UnknownEvent,
    WinEvent,
    decode_event,
)
from ..engine.rulesets.classical.events import HandScoresEvent
from ..engine.rulesets.hongkong.events import LiabilityEvent
from ..engine.rulesets.riichi.events import DoraEvent, RiichiEvent
from ..engine.rulesets.sichuan.events import ExchangeChosenEvent, ExchangeEvent, VoidChosenEvent, VoidsEvent
from ..engine.views import ViewFormatError, meld_from_wire
from ..i18n import N_, _, format_signed
from .handinfo import SUIT_WORDS
from .terms import action_word
from .tilefaces import TilePainter, bonus_words
from .viewmodel import format_value
from .widgets.meldfaces import meld_face, meld_text

# events that carry nothing a player needs to read
QUIET = (DealEvent, DrawEvent, HandEndEvent)
# fields that hold tile ids, in events no sentence is written for
TILE_FIELDS = frozenset({"tile", "tiles", "indicator", "gave", "received"})
# each verb as said of another player and of "You" (``{rest}`` is what follows the verb)
_SAYINGS = {
    "discards": (N_("{who} discards{rest}"), N_("You discard{rest}")),
    "declares": (N_("{who} declares{rest}"), N_("You declare{rest}")),
    "lays": (N_("{who} lays out{rest}"), N_("You lay out{rest}")),
    "wins": (N_("{who} wins{rest}"), N_("You win{rest}")),
    "is": (N_("{who} is{rest}"), N_("You are{rest}")),
    "chooses": (N_("{who} chooses{rest}"), N_("You choose{rest}")),
    "passes": (N_("{who} passes{rest}"), N_("You pass{rest}")),
}


def is_you(name: str) -> bool:
    """The viewer's own seat, when it is named "You" (in any language)."""
    return name in ("You", _("You"))


def scored_hands(event: Mapping[str, Any]) -> dict[int, dict[str, Any]]:
    """Itemised scores an event carries for several seats (``{"scores": {seat: score}}``), by seat."""
    scores = event.get("scores")
    if not isinstance(scores, dict):
        return {}
    return {int(seat): score for seat, score in scores.items() if isinstance(score, dict) and "items" in score}


class Sentence:
    """What an event's sentence needs: the names, the painter and who acted."""

    def __init__(self, seat: int | None, names: list[str], painter: TilePainter, ruleset: str | None = None) -> None:
        self.names, self.painter, self.ruleset = names, painter, ruleset
        self.who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else _("table")

    def says(self, verb: str, rest: str = "", style: str = "") -> Text:
        """``'Mei discards …'`` but ``'You discard …'``."""
        other, you = _SAYINGS[verb]
        said = _(you if is_you(self.who) else other)
        return Text(said.format(who=self.who, rest=" " + rest if rest else ""), style)

    def tiles(self, tiles: list[int]) -> Text:
        return self.painter.row(tiles, gap=" ")

    def name(self, seat: Any) -> str:
        return self.names[int(seat)] if seat is not None else "?"


def _sentence(event: Event, s: Sentence) -> Text:
    """The sentence for one (not quiet) event."""
    match event:
        case HandStartEvent(dealer=dealer):
            return Text(_("— new hand: dealer {name} —").format(name=s.name(dealer or 0)), "bold")
        case DiscardEvent(tile=tile, riichi=riichi):
            said = s.says("discards").append(" ").append_text(s.painter.text(tile))
            return said.append(_(" (the riichi tile)")) if riichi else said
        case CallEvent(meld=meld) | KongEvent(meld=meld):
            try:
                shown = meld_from_wire(meld)
            except ViewFormatError:  # a host's malformed meld: say what happened without its tiles
                return Text(f"{s.who} {event.type}")
            word = action_word(shown.type.value, s.ruleset)
            return Text(f"{s.who} {word} ") + meld_text(meld_face(shown, event.seat), s.painter)
        case BonusEvent(tile=tile):
            said = s.says("lays").append(" ").append_text(s.painter.text(tile))
            return said.append(" " + bonus_words([tile]))  # the name too: few can read 菊 as chrysanthemum
        case WinEvent(tile=tile, discarder=discarder):
            how = (
                _("self-drawn with")
                if discarder is None
                else _("on {name}'s discard with").format(name=s.name(discarder))
            )
            return s.says("wins", how, "bold").append(" ").append_text(s.painter.text(tile))
        case PaymentEvent(reason=reason, deltas=deltas):
            parts = ", ".join(
                f"{s.name(seat)} {format_signed(int(d), english_grouping=False)}" for seat, d in (deltas or {}).items()
            )
            return Text(_("payment ({reason}): {parts}").format(reason=_(reason) if reason else "", parts=parts))
        case HandScoresEvent(scores=scores):
            parts = ", ".join(
                f"{s.name(seat)} {score.get('score', '?')}" for seat, score in scored_hands({"scores": scores}).items()
            )
            return Text(_("the other hands score: {parts}").format(parts=parts))
        case RiichiEvent(double=double):
            return s.says("declares", _("double riichi") if double else _("riichi"), "bold")
        case DoraEvent(indicator=indicator):
            return Text(_("new dora indicator") + " ") + s.painter.text(indicator)
        case VoidChosenEvent(suit=suit):
            return s.says("chooses", _("a void suit") + (": " + _(SUIT_WORDS.get(suit, suit)) if suit else ""))
        case VoidsEvent(voids=voids):
            each = (f"{s.name(seat)} {_(SUIT_WORDS.get(v, v))}" for seat, v in enumerate(voids or []))
            return Text(_("void suits: ") + ", ".join(each))
        case ExchangeChosenEvent(tiles=tiles):
            said = s.says("chooses", _("three tiles to pass"))
            return said.append(": ").append_text(s.tiles(tiles)) if tiles else said
        case ExchangeEvent(gave=gave, received=received):
            if gave is None:
                return s.says("passes", _("three tiles"))
            return (
                s.says("passes")
                .append(" ")
                .append_text(s.tiles(gave))
                .append(_(" and receives "))
                .append_text(s.tiles(received or []))
            )
        case LiabilityEvent(winner=winner):
            return Text(_("{who} is liable for {name}'s hand").format(who=s.who, name=s.name(winner)))
        case LeaveEvent():
            return s.says("is", _("out of the hand"))
        case MatchEndEvent():
            return Text(_("— the match is over —"), "bold")
    return _fields(event.for_seat(None), s)


def _fields(wire: dict[str, Any], s: Sentence) -> Text:
    """An event no sentence knows: its name and fields."""
    out = Text(f"{s.who}: {str(wire.get('type')).replace('_', ' ')}")
    for key, value in wire.items():
        if key in ("type", "seat"):
            continue
        if key in TILE_FIELDS and isinstance(value, (int, list)):
            out.append(f" {key} ").append_text(s.tiles(value if isinstance(value, list) else [value]))
        else:
            out.append(f" {key}={format_value(value)}")
    return out


def describe_event(
    event: Mapping[str, Any], names: list[str], painter: TilePainter | None = None, ruleset: str | None = None
) -> Text | None:
    """The log line for one wire event (None for the quiet ones); ``ruleset`` picks the words for calls."""
    try:
        typed = decode_event(event, strict=False)
    except ValueError:  # not even a type and a seat: show the fields as they came
        typed = (
            UnknownEvent(
                type_name=str(event.get("type")), fields={k: v for k, v in event.items() if k not in ("type", "seat")}
            )
            if isinstance(event, Mapping)
            else None
        )
        if typed is None:
            return None
    if isinstance(typed, QUIET):
        return None
    return _sentence(typed, Sentence(typed.seat, names, painter or TilePainter(), ruleset))
