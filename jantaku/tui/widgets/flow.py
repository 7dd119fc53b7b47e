"""Laying pieces of text out left to right, wrapping to a width (status line, button rows).

>>> lines, spans = flow([Text("aaaa"), Text("bb"), Text("cc")], 9, Text(" | "))
>>> [line.plain for line in lines], spans
(['aaaa | bb', 'cc'], [(0, 0, 4), (0, 7, 9), (1, 0, 2)])
"""

from __future__ import annotations

from rich.text import Text


def flow(
    pieces: list[Text], width: int, sep: Text, lead: Text | None = None
) -> tuple[list[Text], list[tuple[int, int, int]]]:
    """The lines, and each piece's (line, x0, x1).  A piece wider than ``width`` gets a line of its own."""
    lines = [lead.copy() if lead is not None else Text()]
    spans = []
    for piece in pieces:
        line = lines[-1]
        if line.cell_len and line.cell_len + sep.cell_len + piece.cell_len > width:
            lines.append(Text())
            line = lines[-1]
        if line.cell_len:
            line.append_text(sep)
        x0 = line.cell_len
        line.append_text(piece)
        spans.append((len(lines) - 1, x0, line.cell_len))
    return lines, spans
