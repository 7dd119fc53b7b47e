"""One player at the table: a header line and their discards, as one text widget.

The header says who (position, seat wind, name), their score, dealer and
riichi marks, a void suit, how many tiles they hold, their melds and bonus
tiles.  The discards follow in order, wrapped to the panel's width: the
riichi declaration reversed and starred, claimed tiles struck through,
tiles discarded straight from the draw dimmed, the latest discard
underlined with a pointer.  Another player's concealed tiles appear only
when the hand is over (or in a replay, which reveals everything).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.style import Style
from rich.text import Text

from ..tilefaces import TilePainter
from ..viewmodel import WIND_FACES, WIND_NAMES, seat_flag
from .hand import melds_text
from .lines import LinesWidget

SLOT = 3  # cells per discard: the face and a marker
RIICHI = Style(reverse=True)
CLAIMED = Style(dim=True, strike=True)
TSUMOGIRI = Style(dim=True)
LATEST = Style(underline=True, bold=True)
TURN = Style(reverse=True, bold=True)


@dataclass
class SeatInfo:
    """What one panel shows, taken from the view by :meth:`from_view`."""

    seat: int
    position: str  # self, right, across, left
    own: bool  # the viewer's own seat (its hand is drawn by the hand widget)
    name: str
    player: dict[str, Any]
    score: int | None
    dealer: bool
    turn: bool
    riichi: bool
    void: str | None
    latest: bool  # their discard is the one on the table now
    reveal: bool  # show their concealed tiles

    @classmethod
    def from_view(cls, view: dict[str, Any], seat: int, position: str, name: str, *,
                  reveal_all: bool = False) -> "SeatInfo":
        player = view["players"][seat]
        scores = view.get("scores") or []
        last = view.get("last_discard")
        over = view.get("phase") == "over"
        own = seat == view.get("seat")
        return cls(seat=seat, position=position, own=own, name=name, player=player,
                   score=scores[seat] if seat < len(scores) else None,
                   dealer=view.get("dealer") == seat, turn=view.get("turn") == seat and not over,
                   riichi=bool(seat_flag(view, "riichi", seat)), void=seat_flag(view, "voids", seat),
                   latest=bool(last) and last[0] == seat and view.get("phase") == "claim",
                   reveal=not own and (over or reveal_all or bool(player.get("out"))))


def identity_text(info: SeatInfo, *, wide: bool) -> Text:
    """Whose turn marker, seat wind and name (and, in the list layout, where they sit)."""
    wind = info.player.get("wind", 0) % 4
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append("» " if info.turn else "  ", TURN if info.turn else None)
    out.append(f"{WIND_FACES[wind]} ", "bold")
    out.append(f"{WIND_NAMES[wind] if wide else WIND_NAMES[wind][0]} ", "dim")
    out.append(info.name, TURN if info.turn else Style(bold=True))
    if not wide and info.position != "self":
        out.append(f" {info.position}", "dim italic")
    return out


def facts_text(info: SeatInfo) -> Text:
    """Score, dealer, riichi, void suit, out of the hand, tiles held."""
    p = info.player
    out = Text(no_wrap=True, overflow="ellipsis")
    if info.score is not None:
        out.append(f"{info.score}")
    if info.dealer:
        out.append("  dealer", "bold yellow")
    if info.riichi:
        out.append("  RIICHI", "bold reverse")
    if info.void:
        out.append(f"  void {info.void}", "bold")
    if p.get("out"):
        out.append("  out", "bold")
    if not info.own:
        out.append(f"  {p.get('concealed_count', 0)}▒", "dim")
    return out


def header_lines(info: SeatInfo, painter: TilePainter, *, wide: bool) -> list[Text]:
    """One line in the list layout; in the cross layout identity, facts and melds each get a line."""
    identity, facts = identity_text(info, wide=wide), facts_text(info)
    p = info.player
    shown = not info.own and (p.get("melds") or p.get("bonus"))  # the player's own are beside their hand
    melds = melds_text(p.get("melds") or [], p.get("bonus") or [], painter) if shown else None
    if wide:
        return [identity, Text("  ") + facts] + ([Text("  ") + melds] if melds else [])
    line = identity + Text("  ") + facts
    if melds:
        line += Text("  ") + melds
    return [line]


def discard_lines(info: SeatInfo, painter: TilePainter, width: int) -> list[Text]:
    """The discards wrapped to ``width`` cells (at least one line, maybe empty)."""
    per_line = max(1, width // SLOT)
    discards = info.player.get("discards") or []
    lines = [Text(no_wrap=True)]
    for i, (tile, tsumogiri, riichi, claimed_by, *_) in enumerate(discards):
        if i and i % per_line == 0:
            lines.append(Text(no_wrap=True))
        latest = info.latest and i == len(discards) - 1
        style = Style()
        if tsumogiri:
            style += TSUMOGIRI
        if claimed_by is not None:
            style += CLAIMED
        if riichi:
            style += RIICHI
        if latest:
            style += LATEST
        line = lines[-1]
        line.append_text(painter.text(tile, style))
        line.append("*" if riichi else "◂" if latest else " ", "bold" if riichi or latest else None)
    return lines


class SeatPanel(LinesWidget):
    """One player's header and discards (and their revealed hand after the hand ends)."""

    DEFAULT_CSS = """
    SeatPanel { height: auto; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def __init__(self, position: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.position = position
        self.info: SeatInfo | None = None
        self.painter = TilePainter()
        self.wide = False

    def show(self, info: SeatInfo | None, painter: TilePainter, *, wide: bool) -> None:
        if (info, painter, wide) != (self.info, self.painter, self.wide):
            self.info, self.painter, self.wide = info, painter, wide
            self.changed()

    def layout(self, width: int) -> tuple[list[Text], list]:
        if self.info is None:
            return [Text("")], []
        out = header_lines(self.info, self.painter, wide=self.wide)
        if self.info.reveal and self.info.player.get("concealed") is not None:
            out.append(Text("  hand ", "dim") + self.painter.row(self.info.player["concealed"], gap=" "))
        return out + discard_lines(self.info, self.painter, width), []
