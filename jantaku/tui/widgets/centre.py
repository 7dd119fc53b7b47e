"""The centre of the table: the round, the counters, the dora, and each seat's wind and score on its side.

As at Tenhou and Mahjong Soul the panel sits between the four ponds: the
player across has their wind and score on the top edge, the player on the
left on the left edge, and so on; the dealer's wind is marked ``◆`` and the
player to act is reversed.  In the middle, in words: the round and hand, the
tiles left in the wall, honba and riichi sticks (each once, and only when
there are any), the dora indicators, the prompt's timer and the variant's
facts (who has won already, East's streak, the seating when it rotates).

    >>> info = CentreInfo(title="East 2", wall=69, dora=(32,), counters=("honba 1",),
    ...     sides={"self": SideInfo(0, 25000, dealer=True, turn=True), "right": SideInfo(1, 24000),
    ...            "across": SideInfo(2, 26000, notes=("riichi",)), "left": SideInfo(3, 25000)})
    >>> for line in centre_lines(info, TilePainter(colour=False), 30):
    ...     print(repr(line.plain))
    '       西 26,000 riichi       '
    '北          East 2          南'
    '25,000     wall 69      24,000'
    '           honba 1            '
    '           dora 9m            '
    '          東◆ 25,000          '
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text

from ...i18n import _, format_number
from ..tilefaces import TilePainter
from .lines import LinesWidget, wrap_words

WIND_FACES = "東南西北"
TURN = Style(reverse=True, bold=True)
DEALER = "◆"


@dataclass(frozen=True, slots=True)
class SideInfo:
    """One seat as the centre shows it on that seat's side."""

    wind: int  # 0-3: E S W N
    score: int | None
    dealer: bool = False
    turn: bool = False
    notes: tuple[str, ...] = ()  # that seat's facts in words: "riichi", "void bamboo", "won 1st", "away"


@dataclass(frozen=True, slots=True)
class CentreInfo:
    title: str  # "East 2"
    wall: int
    sides: Mapping[str, SideInfo]  # by position: self, right, across, left
    dora: tuple[int, ...] = ()  # indicator tiles
    counters: tuple[str, ...] = ()  # "honba 1", "sticks 2"
    timer: int | None = None  # seconds left on the open prompt
    prompt: str = ""  # what the viewer is asked now: "your turn", "call 6p from Bob?"
    facts: tuple[str, ...] = field(default=())  # the variant's table-wide facts, in words


def side_words(side: SideInfo) -> tuple[Text, Text]:
    """(wind with the dealer mark, score) of one side; reversed for the player to act."""
    style = TURN if side.turn else Style(bold=True)
    wind = Text(WIND_FACES[side.wind % 4] + (DEALER if side.dealer else ""), style)
    score = Text("" if side.score is None else format_number(side.score), TURN if side.turn else None)
    return wind, score


def _centred(text: Text, width: int) -> Text:
    out = text.copy()
    out.truncate(width)
    pad = width - out.cell_len
    return Text(" " * (pad // 2)) + out + Text(" " * (pad - pad // 2))


def _three(left: Text, middle: Text, right: Text, width: int) -> Text:
    """``left`` and ``right`` against the edges, ``middle`` centred in what is between them."""
    room = max(0, width - left.cell_len - right.cell_len)
    return left + _centred(middle, room) + right


def middle_lines(info: CentreInfo, painter: TilePainter) -> list[Text]:
    lines = [Text(info.title, "bold"), Text(_("wall {count}").format(count=info.wall))]
    if info.counters:
        lines.append(Text(" · ".join(info.counters)))
    if info.dora:
        lines.append(Text(_("dora") + " ") + painter.row(info.dora, gap=" "))
    asked = Text(info.prompt, "bold")
    if info.timer is not None:
        asked.append(
            (" · " if info.prompt else "") + _("time {seconds}s").format(seconds=max(0, info.timer)),
            "bold reverse" if info.timer < 5 else "bold",
        )
    if asked:
        lines.append(asked)
    lines += [Text(fact) for fact in info.facts]
    return lines


def centre_lines(info: CentreInfo, painter: TilePainter, width: int) -> list[Text]:
    """The panel's lines, ``width`` cells each."""
    sides = info.sides
    out: list[Text] = []
    if "across" in sides:
        wind, score = side_words(sides["across"])
        out.append(_centred(Text.assemble(wind, " ", score, *(f" {n}" for n in sides["across"].notes)), width))
    middle = middle_lines(info, painter)
    # the middle keeps its width and a space either side; long side notes wrap between words to fit
    room = width - max((t.cell_len for t in middle), default=0) - 2
    wanted = {s: max((len(n) for n in sides[s].notes), default=0) if s in sides else 0 for s in ("left", "right")}
    left_room = min(wanted["left"], max(room - wanted["right"], room // 2))
    tight = wanted["left"] + wanted["right"] > room  # then wind and score share a row, to keep the height
    left = _side_column(sides.get("left"), max(1, left_room), tight)
    right = _side_column(sides.get("right"), max(1, room - left_room), tight)
    rows = max(len(middle), len(left), len(right))
    left_w = max((t.cell_len for t in left), default=0)
    right_w = max((t.cell_len for t in right), default=0)
    for i in range(rows):
        l_text = left[i] if i < len(left) else Text()
        r_text = right[i] if i < len(right) else Text()
        l_text = l_text + Text(" " * (left_w - l_text.cell_len))
        r_text = Text(" " * (right_w - r_text.cell_len)) + r_text
        out.append(_three(l_text, middle[i] if i < len(middle) else Text(), r_text, width))
    if "self" in sides:
        wind, score = side_words(sides["self"])
        out.append(_centred(Text.assemble(wind, " ", score, *(f" {n}" for n in sides["self"].notes)), width))
    return out


def _side_column(side: SideInfo | None, width: int, tight: bool = False) -> list[Text]:
    if side is None:
        return []
    wind, score = side_words(side)
    head = [Text.assemble(wind, " ", score)] if tight else [wind, score]
    return [*head, *(Text(line) for note in side.notes for line in wrap_words(note, width))]


class CentrePanel(LinesWidget):
    DEFAULT_CSS = """
    CentrePanel { height: auto; border: round $primary-darken-2; padding: 0 1; text-wrap: nowrap; }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.info: CentreInfo | None = None
        self.painter = TilePainter()

    def show(self, info: CentreInfo, painter: TilePainter) -> None:
        if (info, painter) != (self.info, self.painter):
            self.info, self.painter = info, painter
            self.changed()

    def layout(self, width: int) -> tuple[list[Text], list[tuple[int, int, int, object]]]:
        if self.info is None:
            return [Text("")], []
        return centre_lines(self.info, self.painter, width), []
