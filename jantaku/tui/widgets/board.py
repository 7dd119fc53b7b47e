"""The table as at a real one: four ponds around the centre panel, the player's hand below.

Your pond is below the centre, the opposite player's above it, the left and
right players' beside it; each pond is six tiles wide, so the n-th discard
of every player sits in the same column.  The centre panel carries the round,
the counters, the dora and each seat's wind and score on its side.  Under the
table: a short strip of the latest events, then the hand.  Shared by the live
table and the replay screen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import RichLog

from ..css import css_beside
from ..tablemodel import TableModel
from ..tilefaces import TilePainter
from .centre import CentrePanel
from .hand import HandState, HandView
from .player import PlayerArea

ROOMY_MIN = (120, 36)  # a wider centre and a taller event strip from this size
BOXED_MIN_HEIGHT = 30  # "auto" tiles: a boxed hand from this height


@dataclass
class BoardFrame:
    """Everything one drawing of the board needs."""

    model: TableModel
    painter: TilePainter
    hand: HandState = field(default_factory=HandState)


def layout_for(width: int, height: int, tiles: str) -> tuple[bool, bool]:
    """(roomy, boxed) for a terminal size and the tiles setting (auto, compact, boxed)."""
    roomy = width >= ROOMY_MIN[0] and height >= ROOMY_MIN[1]
    boxed = tiles == "boxed" or (tiles == "auto" and height >= BOXED_MIN_HEIGHT)
    return roomy, boxed


class TableBoard(Vertical):
    SCOPED_CSS = False
    DEFAULT_CSS = css_beside(__file__)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.roomy = False
        self.boxed = False

    def compose(self) -> ComposeResult:
        # one grid (board.tcss): across on top, left | centre | right, you below, then the log and the hand
        with Vertical(id="across-cell", classes="wide-cell"):
            yield PlayerArea("across", id="player-across")
        with Vertical(id="left-cell", classes="side"):
            yield PlayerArea("left", id="player-left")
        yield CentrePanel(id="centre")
        with Vertical(id="right-cell", classes="side"):
            yield PlayerArea("right", id="player-right")
        with Vertical(id="self-cell", classes="wide-cell"):
            yield PlayerArea("self", id="player-self")
        log = RichLog(id="log", max_lines=300, wrap=False, markup=False, auto_scroll=True)
        log.can_focus = False
        yield log
        yield HandView(id="hand")

    def set_size(self, width: int, height: int, tiles: str) -> bool:
        """Switch the layout for a terminal size; True if it changed (the board must be drawn again)."""
        layout = layout_for(width, height, tiles)
        if layout == (self.roomy, self.boxed):
            return False
        self.roomy, self.boxed = layout
        self.set_class(self.roomy, "roomy")
        self.set_class(self.boxed, "boxed")
        return True

    def draw(self, frame: BoardFrame) -> None:
        for area in self.query(PlayerArea):
            area.show(frame.model.players.get(area.position), frame.painter)
        self.query_one(CentrePanel).show(frame.model.centre, frame.painter)
        self.query_one(HandView).show(frame.hand, frame.painter, boxed=self.boxed)

    def log(self, line: Text) -> None:
        self.query_one("#log", RichLog).write(line)
