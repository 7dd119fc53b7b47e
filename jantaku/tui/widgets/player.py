"""One player's place at the table: a caption, their pond in rows of six, their melds and bonus tiles.

The caption says who sits there and what the table must know about them
(riichi, a bot standing in, away, out of the hand) and how many tiles they
hold; their wind and score are on their side of the centre panel.  After the
hand their concealed tiles are shown in place of the count.

    >>> info = PlayerInfo(name="Bob", notes=("offline",), concealed_count=13,
    ...                   pond=tuple(PondTile(t * 4) for t in range(7)))
    >>> [line.plain for line in player_lines(info, TilePainter(colour=False), 24)]
    ['Bob (offline) 13▒', '1m 2m 3m 4m 5m 6m ', '7m ']
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from ..tilefaces import TilePainter
from .lines import LinesWidget, wrap_words
from .meldfaces import MeldFace, meld_text
from .pond import PondTile, pond_rows

TURN = Style(reverse=True, bold=True)


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    name: str
    notes: tuple[str, ...] = ()  # whether the player is there: "offline", "away, a bot plays"
    concealed_count: int = 0
    revealed: tuple[int, ...] | None = None  # their concealed tiles once the hand is over
    pond: tuple[PondTile, ...] = ()
    latest: bool = False  # their last discard may still be claimed
    melds: tuple[MeldFace, ...] = ()
    bonus: tuple[int, ...] = ()
    bonus_names: str = ""  # the flowers and seasons by name, their own marked
    turn: bool = False
    caption: bool = True  # the viewer's own pond has no caption (their hand is below it)
    mark_tsumogiri: bool = True


def caption(info: PlayerInfo) -> Text:
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append(info.name, TURN if info.turn else Style(bold=True))
    for note in info.notes:  # offline, away with a bot playing
        out.append(f" ({note})", "bold")
    if info.revealed is None:
        out.append(f" {info.concealed_count}▒", "dim")
    return out


def melds_lines(info: PlayerInfo, painter: TilePainter, width: int) -> list[Text]:
    """The melds, wrapped between melds (never inside one)."""
    pieces = [meld_text(m, painter) for m in info.melds]
    lines: list[Text] = []
    for piece in pieces:
        if lines and lines[-1].cell_len + 1 + piece.cell_len <= width:
            lines[-1].append(" ")
            lines[-1].append_text(piece)
        else:
            lines.append(piece.copy())
    return lines


def player_lines(info: PlayerInfo, painter: TilePainter, width: int) -> list[Text]:
    lines = [caption(info)] if info.caption else []
    if info.revealed:  # the hand after it ended, wrapped to the width, in rows of whole tiles spaced as a pond
        face = painter.text(info.revealed[0]).cell_len
        per_line = max(1, (width + 1) // (face + 1))
        lines += [painter.row(info.revealed[i : i + per_line], gap=" ") for i in range(0, len(info.revealed), per_line)]
    lines += pond_rows(info.pond, painter, latest=info.latest, mark_tsumogiri=info.mark_tsumogiri)
    if info.caption:
        lines += melds_lines(info, painter, width)
    if info.bonus_names:
        lines += [Text(line, "italic") for line in wrap_words(info.bonus_names, width, ", ")]
    return lines


class PlayerArea(LinesWidget):
    DEFAULT_CSS = """
    PlayerArea { height: auto; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def __init__(self, position: str, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.position = position
        self.info: PlayerInfo | None = None
        self.painter = TilePainter()

    def show(self, info: PlayerInfo | None, painter: TilePainter) -> None:
        if (info, painter) != (self.info, self.painter):
            self.info, self.painter = info, painter
            self.changed()

    def layout(self, width: int) -> tuple[list[Text], list[tuple[int, int, int, object]]]:
        if self.info is None:
            return [Text("")], []
        return player_lines(self.info, self.painter, width) or [Text("")], []
