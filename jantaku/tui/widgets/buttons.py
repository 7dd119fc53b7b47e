"""A row of keyed, clickable labels drawn as one text widget (the action bar, the key hints).

Each entry shows its key and a title, ``[p] pon 55m+5m``; a click posts
:class:`ButtonRow.Pressed` with the entry's id.  Entries wrap onto more
lines when the row is narrow.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.style import Style
from rich.text import Text
from textual.message import Message

from .lines import ClickableText
from .flow import flow

KEY = Style(bold=True, reverse=True)
SEP = "  "


@dataclass(frozen=True)
class Entry:
    key_label: str
    title: str
    id: str
    style: str = ""


class ButtonRow(ClickableText):
    DEFAULT_CSS = """
    ButtonRow { height: auto; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    class Pressed(Message):
        def __init__(self, row: "ButtonRow", entry_id: str) -> None:
            super().__init__()
            self.row = row
            self.entry_id = entry_id

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.entries: list[Entry] = []
        self.lead = Text()

    def show(self, entries: list[Entry], lead: Text | None = None) -> None:
        lead = lead or Text()
        if (entries, lead) != (self.entries, self.lead):
            self.entries, self.lead = entries, lead
            self.changed()

    def layout(self, width: int) -> tuple[list[Text], list]:
        labels = [Text(f" {e.key_label} ", KEY) + Text(e.title, e.style) for e in self.entries]
        lines, spans = flow(labels, max(width, 10), Text(SEP), self.lead)
        return lines, [(row, x0, x1, e.id) for (row, x0, x1), e in zip(spans, self.entries)]

    def clicked(self, item: str) -> None:
        self.post_message(self.Pressed(self, item))
