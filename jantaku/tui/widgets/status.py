"""The status line: round and hand, wall, dora, whose turn, the prompt's timer, variant facts."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from ..tilefaces import TilePainter
from ...engine.views import View
from ..viewmodel import extra_items, format_value, indicators, round_title
from .flow import flow
from .lines import LinesWidget

SEP = Text(" · ", "dim")


def status_items(view: View, names: list[str], painter: TilePainter, *, seat: int | None,
                 waiting: str, seconds_left: float | None, title: str = "") -> list[Text]:
    """The status line's parts, most important first."""
    match = view.match
    items = [Text(round_title(view), "bold")]
    if match is not None:
        items.append(Text(f"hand {match.hands_played + (not view.over)}"))
    items.append(Text(f"wall {view.wall}"))
    if seconds_left is not None:
        items.append(Text(f"time {max(0, int(seconds_left + 0.99))}s", "bold reverse" if seconds_left < 5 else "bold"))
    if waiting:
        items.append(Text(waiting, "bold"))
    elif not view.over:
        turn = view.turn
        items.append(Text("your turn" if turn == seat else f"{names[turn]} to play"))
    shown = indicators(view)
    if shown:
        items.append(Text("dora ind ") + painter.row(list(shown), gap=" "))
    if view.honba:
        items.append(Text(f"honba {view.honba}"))
    if view.sticks:
        items.append(Text(f"sticks {view.sticks}"))
    fan_minimum = view.extension.fan_minimum() if view.extension is not None else 0
    if fan_minimum:
        items.append(Text(f"min {fan_minimum} fan"))
    for key, value in extra_items(view):
        if key == "exchange" and value:  # the tiles one passes on, shown as faces
            items.append(Text(f"{key} ") + painter.row(list(value), gap=" "))
        else:
            items.append(Text(f"{key}: {format_value(value)}"))
    if title:
        items.append(Text(title, "dim"))
    return items


class StatusBar(LinesWidget):
    DEFAULT_CSS = """
    StatusBar { height: auto; max-height: 3; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.items: list[Text] = []

    def show(self, items: list[Text]) -> None:
        if items != self.items:
            self.items = items
            self.changed()

    def layout(self, width: int) -> tuple[list[Text], list]:
        return flow(self.items, width, SEP)[0], []
