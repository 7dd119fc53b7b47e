"""The status line: round and hand, wall, dora, whose turn, the prompt's timer, variant facts."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from ..tilefaces import TilePainter
from ..viewmodel import TILE_LIST_KEYS, extra_items, format_value, round_title
from .flow import flow
from .lines import LinesWidget

SEP = Text(" · ", "dim")


def status_items(view: dict[str, Any], names: list[str], painter: TilePainter, *, seat: int | None,
                 waiting: str, seconds_left: float | None, title: str = "") -> list[Text]:
    """The status line's parts, most important first."""
    match = view.get("match") or {}
    items = [Text(round_title(view), "bold")]
    if match:
        items.append(Text(f"hand {match.get('hands_played', 0) + (view.get('phase') != 'over')}"))
    items.append(Text(f"wall {view.get('wall', 0)}"))
    if seconds_left is not None:
        items.append(Text(f"time {max(0, int(seconds_left + 0.99))}s", "bold reverse" if seconds_left < 5 else "bold"))
    if waiting:
        items.append(Text(waiting, "bold"))
    elif view.get("phase") != "over":
        turn = view.get("turn")
        if isinstance(turn, int):
            items.append(Text("your turn" if turn == seat else f"{names[turn]} to play"))
    if view.get("dora_indicators"):
        items.append(Text("dora ind ") + painter.row(view["dora_indicators"], gap=" "))
    if view.get("honba"):
        items.append(Text(f"honba {view['honba']}"))
    if view.get("sticks"):
        items.append(Text(f"sticks {view['sticks']}"))
    if view.get("min_fan"):
        items.append(Text(f"min {view['min_fan']} fan"))
    for key, value in extra_items(view):
        if key in TILE_LIST_KEYS and isinstance(value, list) and value:
            items.append(Text(f"{key} ") + painter.row(value, gap=" "))
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
