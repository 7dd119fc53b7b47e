"""The table: status line, the four players, the log and the player's hand.

One container of a few text widgets, shared by the live table and the
replay screen.  Its class ``wide`` switches the list layout (80×24: the
three opponents one under another) to the cross layout of a big terminal
(opponents left, across and right of the log, the player below).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Container, Vertical
from textual.widgets import RichLog

from ...engine.views import View
from ..css import css_beside
from ..tilefaces import TilePainter
from ..viewmodel import positions
from .hand import HandState, HandView
from .seat import SeatInfo, SeatPanel
from .status import StatusBar

WIDE_MIN = (120, 36)  # the cross layout from this size
BOXED_MIN_HEIGHT = 30  # "auto" tiles: boxed hand from this height
TITLES = {"left": "Left", "across": "Across", "right": "Right", "self": "You"}


@dataclass
class BoardFrame:
    """Everything one drawing of the board needs."""

    view: View
    seat: int | None
    names: list[str]
    painter: TilePainter
    hand: HandState = field(default_factory=HandState)
    status: list[Text] = field(default_factory=list)
    reveal_all: bool = False


def layout_for(width: int, height: int, tiles: str) -> tuple[bool, bool]:
    """(wide, boxed) for a terminal size and the tiles setting (auto, compact, boxed)."""
    wide = width >= WIDE_MIN[0] and height >= WIDE_MIN[1]
    boxed = tiles == "boxed" or (tiles == "auto" and height >= BOXED_MIN_HEIGHT)
    return wide, boxed


class TableBoard(Vertical):
    SCOPED_CSS = False
    DEFAULT_CSS = css_beside(__file__)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.wide = False
        self.boxed = False

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with Container(id="board"):
            for position in ("left", "across", "right"):
                yield SeatPanel(position, id=f"seat-{position}")
            log = RichLog(id="log", max_lines=300, wrap=False, markup=False, auto_scroll=True)
            log.can_focus = False
            yield log
            yield SeatPanel("self", id="seat-self")
        yield HandView(id="hand")

    def set_size(self, width: int, height: int, tiles: str) -> None:
        self.wide, self.boxed = layout_for(width, height, tiles)
        self.set_class(self.wide, "wide")
        self.set_class(self.boxed, "boxed")
        for panel in self.query(SeatPanel):
            panel.border_title = TITLES[panel.position] if self.wide else None

    def draw(self, frame: BoardFrame) -> None:
        seats = positions(frame.seat)
        for panel in self.query(SeatPanel):
            seat = seats[panel.position]
            info = SeatInfo.from_view(frame.view, seat, panel.position, frame.names[seat],
                                      reveal_all=frame.reveal_all)
            panel.show(info, frame.painter, wide=self.wide)
        self.query_one(StatusBar).show(frame.status)
        self.query_one(HandView).show(frame.hand, frame.painter, boxed=self.boxed)

    def log(self, line: Text) -> None:
        self.query_one("#log", RichLog).write(line)
