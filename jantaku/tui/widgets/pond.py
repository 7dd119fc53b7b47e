"""A player's pond: the discards in rows of six, in the order they were made.

Every pond is six tiles wide, as at Tenhou and Mahjong Soul, so the n-th
discard of each player sits in the same column and turns line up across the
table.  Each tile takes three cells: its two-cell face and a marker, so what
matters reads without colour:

- the riichi declaration is turned: reversed, marked ``*``;
- a discard another player called away is dimmed and struck, marked ``^``;
- the latest discard, while it may still be claimed, is underlined, marked ``◂``;
- a discard straight from the draw (tsumogiri) is dimmed when that is asked for.

    >>> painter = TilePainter(colour=False)
    >>> rows = pond_rows([PondTile(t * 4) for t in range(8)], painter)
    >>> [row.plain for row in rows]
    ['1m 2m 3m 4m 5m 6m ', '7m 8m ']
    >>> [r.plain for r in pond_rows([PondTile(0, riichi=True), PondTile(4, called=True)], painter, latest=True)]
    ['1m*2m^']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from ..tilefaces import TilePainter

PER_ROW = 6
SLOT = 3  # cells per tile: the face and its marker
WIDTH = PER_ROW * SLOT

RIICHI = Style(reverse=True)
CALLED = Style(dim=True, strike=True)
TSUMOGIRI = Style(dim=True)
LATEST = Style(underline=True, bold=True)
MARK = Style(bold=True)


@dataclass(frozen=True, slots=True)
class PondTile:
    """One discard as the pond shows it."""

    tile: int
    riichi: bool = False  # the riichi declaration (drawn turned)
    called: bool = False  # claimed by another player
    tsumogiri: bool = False  # thrown straight from the draw


def pond_rows(
    tiles: Sequence[PondTile],
    painter: TilePainter,
    *,
    latest: bool = False,
    mark_tsumogiri: bool = True,
    per_row: int = PER_ROW,
) -> list[Text]:
    """The pond's rows (none for an empty pond); ``latest``: the last discard may still be claimed."""
    rows: list[Text] = []
    for i, discard in enumerate(tiles):
        if i % per_row == 0:
            rows.append(Text(no_wrap=True, overflow="crop"))
        is_latest = latest and i == len(tiles) - 1
        style = Style()
        if discard.tsumogiri and mark_tsumogiri:
            style += TSUMOGIRI
        if discard.called:
            style += CALLED
        if discard.riichi:
            style += RIICHI
        if is_latest:
            style += LATEST
        row = rows[-1]
        row.append_text(painter.text(discard.tile, style))
        marker = "*" if discard.riichi else "^" if discard.called else "◂" if is_latest else " "
        row.append(marker, MARK if marker != " " else None)
    return rows
