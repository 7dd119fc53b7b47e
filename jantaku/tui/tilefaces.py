"""Tile faces for the terminal: every tile is exactly two cells wide.

The default faces are the tile notation itself (``1m`` … ``9s``) and the
kanji honours ``東南西北白發中`` (and the flowers and seasons ``梅蘭菊竹春夏秋冬``,
as printed on the tiles): both measure two cells in every terminal we
checked, so columns line up, and the suit letter keeps a tile readable
without colour.  Unicode mahjong glyphs (U+1F000 …) are an opt-in: they are
one cell wide but drawn wider by most fonts, so each is followed by a space
(and used only where the terminal draws them one cell wide: :mod:`.glyphwidth`);
the red dragon is always ``中`` (U+1F004 is an emoji, two cells, and ugly).

    >>> painter = TilePainter()
    >>> painter.face(0), painter.face(27 * 4), painter.face(33 * 4), painter.face(FACE_DOWN)
    ('1m', '東', '中', '▒▒')
    >>> TilePainter(unicode=True).face(0)
    '🀇 '
    >>> [line.plain for line in painter.boxed([0])]
    ['╭──╮', '│1m│', '╰──╯']
"""

from __future__ import annotations

import re

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields

from rich.color import Color
from rich.style import Style
from rich.text import Text
from textual.color import Color as ThemeColor
from textual.color import ColorParseError

from ..engine.tiles import RED_FIVE_IDS, kind_of, number_of, parse_tiles, suit_of
from ..i18n import N_, _

FACE_DOWN = -1  # how views show a tile the viewer may not see
HONOR_FACES = "東南西北白發中"
BONUS_FACES = tuple("梅蘭菊竹春夏秋冬")  # what the tiles show: plum, orchid, chrysanthemum, bamboo; the seasons

# first code point of each suit's run in the Unicode "Mahjong Tiles" block
_UNICODE_SUIT_START = {"m": 0x1F007, "p": 0x1F019, "s": 0x1F010}
_UNICODE_HONORS = ("\U0001f000", "\U0001f001", "\U0001f002", "\U0001f003", "\U0001f006", "\U0001f005", "中")
_UNICODE_BONUS = tuple(chr(0x1F022 + i) for i in range(8))
_UNICODE_BACK = "\U0001f02b"


@dataclass(frozen=True)
class TileColours:
    """Colours by suit; honours by their own colour (winds share one).

    They are theme variables (``$tile-characters`` …, see :func:`theme_defaults`):
    a Textual theme may set its own, and the app reads them back with
    :meth:`from_variables`.

        >>> TileColours.from_variables({"tile-dots": "#123456"}).dots.triplet.hex
        '#123456'
    """

    characters: Color = Color.parse("#ff6b6b")
    dots: Color = Color.parse("#5cb8ff")
    bamboo: Color = Color.parse("#5fd75f")
    wind: Color = Color.parse("#ffd43b")
    white: Color = Color.parse("#e9ecef")
    green: Color = Color.parse("#5fd75f")
    red: Color = Color.parse("#ff6b6b")
    bonus: Color = Color.parse("#da77f2")

    @classmethod
    def from_variables(cls, variables: Mapping[str, str]) -> "TileColours":
        """From a theme's variables (``tile-dots`` …); a missing or unreadable one keeps its default."""
        found = {}
        for f in fields(cls):
            value = variables.get(VARIABLE_PREFIX + f.name)
            if value:
                try:
                    found[f.name] = ThemeColor.parse(value).rich_color
                except ColorParseError:
                    pass
        return cls(**found)

    def of(self, kind: int) -> Color:
        suit = suit_of(kind)
        if suit in "mps":
            return (self.characters, self.dots, self.bamboo)["mps".index(suit)]
        if suit == "z":
            return (self.wind, self.wind, self.wind, self.wind, self.white, self.green, self.red)[number_of(kind) - 1]
        return self.bonus


VARIABLE_PREFIX = "tile-"
# on a light background the bright defaults are hard to read: darker ones
_LIGHT = {
    "characters": "#c92a2a",
    "dots": "#1864ab",
    "bamboo": "#2b8a3e",
    "wind": "#a66100",
    "white": "#495057",
    "green": "#2b8a3e",
    "red": "#c92a2a",
    "bonus": "#862e9c",
}


def theme_defaults(dark: bool) -> dict[str, str]:
    """The tile colours as theme variables, for a theme that sets none (a dark or a light one)."""
    if dark:
        return {VARIABLE_PREFIX + f.name: getattr(TileColours(), f.name).triplet.hex for f in fields(TileColours)}
    return {VARIABLE_PREFIX + name: value for name, value in _LIGHT.items()}


@dataclass(frozen=True)
class TilePainter:
    """Turns tile ids into styled two-cell faces.

    ``red_fives``: the view's flag; when on, the red copies are drawn bold and
    underlined (not by colour alone).  ``colour``: off for monochrome players
    (and under ``NO_COLOR``); ``colours``: the theme's.
    """

    unicode: bool = False
    red_fives: bool = False
    colour: bool = True
    colours: TileColours = TileColours()

    def face(self, tile: int) -> str:
        """The two-cell face of a tile id (``FACE_DOWN`` for a hidden tile)."""
        if tile < 0:
            return _UNICODE_BACK + " " if self.unicode else "▒▒"
        kind = kind_of(tile)
        suit, number = suit_of(kind), number_of(kind)
        if self.unicode:
            if suit in _UNICODE_SUIT_START:
                return chr(_UNICODE_SUIT_START[suit] + number - 1) + " "
            glyph = _UNICODE_HONORS[number - 1] if suit == "z" else _UNICODE_BONUS[kind - 34]
            return glyph if glyph == "中" else glyph + " "
        if suit == "z":
            return HONOR_FACES[number - 1]
        if suit in "fy":
            return BONUS_FACES[kind - 34]
        return f"{number}{suit}"

    def style(self, tile: int) -> Style:
        if tile < 0:
            return Style(dim=True)
        red = self.red_fives and tile in RED_FIVE_IDS
        colour = self.colours.of(kind_of(tile)) if self.colour else None
        return Style(color=colour, bold=red or None, underline=red or None)

    def text(self, tile: int, extra: Style | None = None) -> Text:
        style = self.style(tile)
        return Text(self.face(tile), style=style + extra if extra else style)

    def row(self, tiles: Iterable[int], gap: str = "") -> Text:
        """Faces side by side, ``gap`` between them."""
        out = Text()
        for i, tile in enumerate(tiles):
            if i and gap:
                out.append(gap)
            out.append_text(self.text(tile))
        return out

    def kinds(self, kinds: Iterable[int]) -> Text:
        """Faces of tile kinds (a plain copy of each), space-separated: waits, hints."""
        return self.row((plain_tile(k) for k in kinds), gap=" ")

    def boxed(self, tiles: Sequence[int], *, heavy: Iterable[int] = ()) -> list[Text]:
        """Three rows of 4-cell boxed tiles; indexes in ``heavy`` get a heavy frame (the selection)."""
        heavy = set(heavy)
        top, middle, bottom = Text(), Text(), Text()
        for i, tile in enumerate(tiles):
            frame = Style(bold=True) if i in heavy else Style(dim=True)
            tl, h, tr, v, bl, br = "┏━┓┃┗┛" if i in heavy else "╭─╮│╰╯"
            top.append(tl + h * 2 + tr, frame)
            middle.append(v, frame)
            middle.append_text(self.text(tile, Style(reverse=True) if i in heavy else None))
            middle.append(v, frame)
            bottom.append(bl + h * 2 + br, frame)
        return [top, middle, bottom]


def plain_tile(kind: int) -> int:
    """A tile id of ``kind`` that is never a red five (for showing kinds).

    >>> plain_tile(4), plain_tile(34)
    (17, 136)
    """
    return kind * 4 + 1 if kind < 34 else kind + 102


BONUS_NAMES = (
    N_("Plum"),
    N_("Orchid"),
    N_("Chrysanthemum"),
    N_("Bamboo"),
    N_("Spring"),
    N_("Summer"),
    N_("Autumn"),
    N_("Winter"),
)


def bonus_words(tiles: Iterable[int], wind: int | None = None) -> str:
    """Flowers and seasons by name; the player's own (the number of their seat wind) marked.

    >>> bonus_words([136, 141], wind=1)
    'Plum, Summer (own)'
    """
    words = []
    for tile in tiles:
        index = kind_of(tile) - 34
        if not 0 <= index < len(BONUS_NAMES):
            continue
        own = wind is not None and index % 4 == wind % 4
        words.append(_(BONUS_NAMES[index]) + (_(" (own)") if own else ""))
    return ", ".join(words)


# tile notation inside a text: a run of digits and its suit letter ("78p", "4z", "222z")
NOTATION_RUN = re.compile(r"\b([0-9]+)([mps])\b|\b([1-7]+)z\b")


def faces_in(text: str, painter: TilePainter) -> Text:
    """``text`` with each run of tile notation drawn as faces, so players never read notation.

    >>> faces_in("riichi 4z", TilePainter()).plain, faces_in("chi 78p+9p", TilePainter()).plain
    ('riichi 北', 'chi 7p8p+9p')
    >>> faces_in("Exposed pung 666m", TilePainter()).plain
    'Exposed pung 6m6m6m'
    """
    out = Text()
    at = 0
    for found in NOTATION_RUN.finditer(text):
        out.append(text[at : found.start()])
        digits, suit = (found.group(1), found.group(2)) if found.group(1) else (found.group(3), "z")
        for tile in parse_tiles(digits + suit):
            out.append_text(painter.text(tile))
        at = found.end()
    out.append(text[at:])
    return out
