"""Widgets drawn as a few lines of Rich ``Text``, computed once per change and width.

The table redraws on every update, so each widget keeps what it last drew:
``show`` with the same data does nothing, new data is laid out once per
width, and a relayout of the screen is asked for only when the number of
lines changes.  Clickable widgets record where each piece was drawn and map a
click back to it.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widget import Widget

Span = tuple[int, int, int, Any]  # (row, x0, x1, item)


def wrap_words(words: str, width: int, separator: str = " ") -> list[str]:
    """``words`` in lines of at most ``width`` cells, broken only at ``separator`` (a longer word stays whole).

    >>> wrap_words("void characters", 10), wrap_words("Winter (own), Orchid", 14, ", ")
    (['void', 'characters'], ['Winter (own),', 'Orchid'])
    """
    lines: list[str] = []
    pieces = words.split(separator)
    for i, piece in enumerate(pieces):
        piece += separator.rstrip() if i < len(pieces) - 1 else ""
        if lines and len(lines[-1]) + 1 + len(piece) <= width:
            lines[-1] += " " + piece
        else:
            lines.append(piece)
    return lines


class LinesWidget(Widget):
    """Subclasses implement :meth:`layout` and call :meth:`changed` when their data changes."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._version = 0
        self._cache: tuple[tuple[int, int], tuple[list[Text], list[Span]]] | None = None
        self._height: int | None = None

    def layout(self, width: int) -> tuple[list[Text], list[Span]]:
        """Hook: the lines for ``width`` cells, and where clickable pieces are."""
        raise NotImplementedError

    def laid_out(self, width: int) -> tuple[list[Text], list[Span]]:
        key = (self._version, width)
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, self.layout(width))
        return self._cache[1]

    def lines(self, width: int) -> list[Text]:
        return self.laid_out(width)[0]

    def changed(self) -> None:
        self._version += 1
        height = len(self.lines(self.size.width)) if self.size.width else None
        self.refresh(layout=height is None or height != self._height)
        self._height = height

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return len(self.lines(width))

    def get_content_width(self, container: Any, viewport: Any) -> int:
        # from the laid-out lines: Textual's default renders the whole widget to measure it
        return max((line.cell_len for line in self.lines(container.width)), default=0)

    def render(self) -> Text:
        return Text("\n", no_wrap=True, overflow="crop").join(self.lines(self.size.width))


class ClickableText(LinesWidget):
    """Maps a click to the item drawn there (see :meth:`LinesWidget.layout`'s spans)."""

    def item_at(self, x: int, y: int) -> Any:
        """The item drawn at content offset (x, y), or None."""
        spans = self.laid_out(self.size.width)[1]
        return next((item for row, x0, x1, item in spans if row == y and x0 <= x < x1), None)

    def on_click(self, event: Any) -> None:
        offset = event.get_content_offset(self)
        item = None if offset is None else self.item_at(offset.x, offset.y)
        if item is not None:
            self.clicked(item)

    def clicked(self, item: Any) -> None:
        """Hook: a piece was clicked."""
