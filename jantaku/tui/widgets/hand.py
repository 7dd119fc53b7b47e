"""The player's own hand: one widget that draws every tile as text.

Tiles are sorted, the drawn tile set apart on the right, the melds after it.
Under each tile is the letter that selects it; the selection is marked by a
caret and reverse video (never by colour alone).  A click selects a tile; a
click on the selected tile asks to discard it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.style import Style
from rich.text import Text
from textual.message import Message

from ...engine.views import SeatView
from ..prompt import TILE_KEYS
from ..tilefaces import TilePainter
from .lines import ClickableText, Span
from .meldfaces import MeldFace, meld_face
from .meldfaces import melds_text as meld_faces_text

SELECTED = Style(reverse=True, bold=True)
DISABLED = Style(dim=True)
MARKED = Style(underline=True, bold=True)
GAP = " "  # between tiles
DRAWN_GAP = "  "  # extra room before the drawn tile
MELD_GAP = "   "


@dataclass
class HandState:
    """What the hand widget shows.  ``tiles`` in display order (the drawn tile last)."""

    tiles: list[int] = field(default_factory=list)
    drawn: int | None = None
    melds: list[MeldFace] = field(default_factory=list)
    bonus: list[int] = field(default_factory=list)
    selected: int | None = None  # index into tiles
    marked: set[int] = field(default_factory=set)  # indexes (multi-select: exchanges)
    enabled: set[int] | None = None  # indexes that may be discarded now (None: no discard now)
    hint: Text = field(default_factory=Text)

    @classmethod
    def from_player(cls, player: SeatView) -> "HandState":
        concealed = list(player.concealed_tiles)
        drawn = player.drawn
        if drawn is not None and drawn in concealed:
            concealed.remove(drawn)
            concealed.append(drawn)
        else:
            drawn = None
        return cls(
            tiles=concealed,
            drawn=drawn,
            melds=[meld_face(m, player.seat) for m in player.melds],
            bonus=list(player.bonus),
        )


def melds_text(melds: Sequence[MeldFace], bonus: Sequence[int], painter: TilePainter) -> Text:
    """The melds as at the table, then the bonus tiles."""
    out = meld_faces_text(melds, painter)
    if bonus:
        if melds:
            out.append(" ")
        out.append_text(painter.row(bonus))
    return out


class HandView(ClickableText):
    """Draws a :class:`HandState`; posts :class:`HandView.TileClicked` on clicks."""

    DEFAULT_CSS = """
    HandView { height: 3; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    class TileClicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.state = HandState()
        self.painter = TilePainter()
        self.boxed = False

    def show(self, state: HandState, painter: TilePainter, *, boxed: bool) -> None:
        if (state, painter, boxed) != (self.state, self.painter, self.boxed):
            self.state, self.painter, self.boxed = state, painter, boxed
            self.changed()

    def clicked(self, item: int) -> None:
        self.post_message(self.TileClicked(item))

    # --- drawing ---------------------------------------------------------------------

    def layout(self, width: int) -> tuple[list[Text], list[Span]]:
        lines, spans = self._boxed_lines() if self.boxed else self._compact_lines()
        return lines + [self.state.hint], spans

    def _positions(self, cell: int) -> list[int]:
        """The x of each tile, ``cell`` wide with gaps, the drawn tile set apart."""
        xs, x = [], 0
        for i in range(len(self.state.tiles)):
            if self.state.drawn is not None and i == len(self.state.tiles) - 1 and i > 0:
                x += len(DRAWN_GAP)
            xs.append(x)
            x += cell
        return xs

    def _tile_style(self, i: int) -> Style | None:
        st = self.state
        if i == st.selected:
            return SELECTED
        if i in st.marked:
            return MARKED
        if st.enabled is not None and i not in st.enabled:
            return DISABLED
        return None

    def _letters(self, xs: list[int]) -> Text:
        line = Text()
        for i, x in enumerate(xs):
            line.append(" " * (x - line.cell_len))
            letter = TILE_KEYS[i] if i < len(TILE_KEYS) else " "
            if i in self.state.marked:
                line.append(letter + "+", SELECTED if i == self.state.selected else MARKED)
            elif i == self.state.selected:
                line.append(letter + "▲", SELECTED)
            else:
                line.append(letter, Style(dim=self.state.enabled is None))
        return line

    def _compact_lines(self) -> tuple[list[Text], list[Span]]:
        st, painter = self.state, self.painter
        xs = self._positions(2 + len(GAP))
        row = Text()
        spans = []
        for i, (tile, x) in enumerate(zip(st.tiles, xs)):
            row.append(" " * (x - row.cell_len))
            row.append_text(painter.text(tile, self._tile_style(i)))
            spans.append((0, x, x + 2, i))
        if st.melds or st.bonus:
            row.append(MELD_GAP)
            row.append_text(melds_text(st.melds, st.bonus, painter))
        return [row, self._letters(xs)], spans

    def _boxed_lines(self) -> tuple[list[Text], list[Span]]:
        st, painter = self.state, self.painter
        xs = self._positions(4)
        rows = [Text(), Text(), Text()]
        spans = []
        for i, (tile, x) in enumerate(zip(st.tiles, xs)):
            heavy = [0] if i == st.selected else []
            box = painter.boxed([tile], heavy=heavy)
            if i != st.selected and self._tile_style(i) is not None:
                box[1] = Text("│", style="dim") + painter.text(tile, self._tile_style(i)) + Text("│", style="dim")
            for line, part in zip(rows, box):
                line.append(" " * (x - line.cell_len))
                line.append_text(part)
            spans += [(row, x, x + 4, i) for row in range(3)]
        if st.melds or st.bonus:
            rows[1].append(" " * (rows[0].cell_len - rows[1].cell_len) + MELD_GAP)
            rows[1].append_text(melds_text(st.melds, st.bonus, painter))
        return rows + [self._letters([x + 1 for x in xs])], spans
