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
from ...engine.views import SeatView, View
from ..viewmodel import WIND_FACES, WIND_NAMES, riichi_declared, void_of
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
    player: SeatView
    score: int | None
    dealer: bool
    turn: bool
    riichi: bool
    void: str | None
    latest: bool  # their discard is the one on the table now
    reveal: bool  # show their concealed tiles

    @classmethod
    def from_view(cls, view: View, seat: int, position: str, name: str, *,
                  reveal_all: bool = False) -> "SeatInfo":
        player = view.players[seat]
        last = view.last_discard
        over = view.over
        own = seat == view.seat
        return cls(seat=seat, position=position, own=own, name=name, player=player,
                   score=view.scores[seat] if seat < len(view.scores) else None,
                   dealer=view.dealer == seat, turn=view.turn == seat and not over,
                   riichi=riichi_declared(view, seat), void=void_of(view, seat),
                   latest=last is not None and last[0] == seat and view.phase == "claim",
                   reveal=not own and (over or reveal_all or player.out))


def identity_text(info: SeatInfo, *, wide: bool) -> Text:
    """Whose turn marker, seat wind and name (and, in the list layout, where they sit)."""
    wind = info.player.wind % 4
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
    if p.out:
        out.append("  out", "bold")
    if not info.own:
        out.append(f"  {p.concealed_count}▒", "dim")
    return out


def header_lines(info: SeatInfo, painter: TilePainter, *, wide: bool) -> list[Text]:
    """One line in the list layout; in the cross layout identity, facts and melds each get a line."""
    identity, facts = identity_text(info, wide=wide), facts_text(info)
    p = info.player
    shown = not info.own and (p.melds or p.bonus)  # the player's own are beside their hand
    melds = melds_text(p.melds, p.bonus, painter) if shown else None
    if wide:
        return [identity, Text("  ") + facts] + ([Text("  ") + melds] if melds else [])
    line = identity + Text("  ") + facts
    if melds:
        line += Text("  ") + melds
    return [line]


def discard_lines(info: SeatInfo, painter: TilePainter, width: int) -> list[Text]:
    """The discards wrapped to ``width`` cells (at least one line, maybe empty)."""
    per_line = max(1, width // SLOT)
    discards = info.player.discards
    lines = [Text(no_wrap=True)]
    for i, d in enumerate(discards):
        if i and i % per_line == 0:
            lines.append(Text(no_wrap=True))
        latest = info.latest and i == len(discards) - 1
        style = Style()
        if d.tsumogiri:
            style += TSUMOGIRI
        if d.claimed_by is not None:
            style += CLAIMED
        if d.riichi:
            style += RIICHI
        if latest:
            style += LATEST
        line = lines[-1]
        line.append_text(painter.text(d.tile, style))
        line.append("*" if d.riichi else "◂" if latest else " ", "bold" if d.riichi or latest else None)
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
        if self.info.reveal and self.info.player.concealed is not None:
            out.append(Text("  hand ", "dim") + self.painter.row(list(self.info.player.concealed), gap=" "))
        return out + discard_lines(self.info, self.painter, width), []
