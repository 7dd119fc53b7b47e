"""Text widgets whose pieces can be clicked: tiles in the hand, buttons in a row."""

from __future__ import annotations

from typing import Any

from textual.widget import Widget


class ClickableText(Widget):
    """Records where each piece was drawn, ``(row, x0, x1, item)``, and maps a click to its item."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._spans: list[tuple[int, int, int, Any]] = []

    def item_at(self, x: int, y: int) -> Any:
        """The item drawn at content offset (x, y), or None."""
        return next((item for row, x0, x1, item in self._spans if row == y and x0 <= x < x1), None)

    def on_click(self, event: Any) -> None:
        offset = event.get_content_offset(self)
        item = None if offset is None else self.item_at(offset.x, offset.y)
        if item is not None:
            self.clicked(item)

    def clicked(self, item: Any) -> None:
        """Hook: a piece was clicked."""
