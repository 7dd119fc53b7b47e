"""Melds drawn as at the table: the called tile turned toward the player it came from.

As Tenhou draws them: a tile called from the player on the left is the
leftmost, from across the second, from the right the rightmost.  The called
tile is reversed (turned sideways at a real table); an added kong's tile sits
beside the one it was added to and is reversed too; a concealed kong shows
two face-down ends.

    >>> painter = TilePainter(colour=False)
    >>> chi = MeldFace("chi", (12, 16, 20), called=16, source="left")
    >>> meld_text(chi, painter).plain     # 5m called from the left goes first
    '5m4m6m'
    >>> meld_text(MeldFace("pon", (8, 9, 10), called=9, source="right"), painter).plain
    '3m3m3m'
    >>> called_index(MeldFace("pon", (8, 9, 10), called=9, source="right"))
    2
    >>> meld_text(MeldFace("ankan", (-1, 1, 2, -1)), painter).plain
    '▒▒1m1m▒▒'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from ...engine.tiles import sort_tiles
from ...engine.views import MeldView
from ..tilefaces import TilePainter

CALLED = Style(reverse=True)
# where the called tile goes, by the seat it came from (relative to the meld's owner)
_CALLED_AT = {"left": 0, "across": 1}


@dataclass(frozen=True, slots=True)
class MeldFace:
    """A meld as the table shows it.  ``source``: ``left``, ``across`` or ``right`` of its owner."""

    kind: str  # chi, pon, kan (exposed, on a discard), ankan (concealed), kakan (added)
    tiles: tuple[int, ...]  # -1 for a face-down tile
    called: int | None = None  # the tile claimed from another player
    source: str | None = None
    added: int | None = None  # an added kong's fourth tile


def arranged(meld: MeldFace) -> list[int]:
    """The tiles in the order they are drawn."""
    if meld.kind == "ankan" or meld.called is None:
        return list(meld.tiles) if -1 in meld.tiles else sort_tiles(meld.tiles)
    own = sort_tiles([t for t in meld.tiles if t not in (meld.called, meld.added)])
    at = _CALLED_AT.get(meld.source or "", len(own))
    turned = [meld.called] + ([meld.added] if meld.added is not None else [])
    return own[:at] + turned + own[at:]


def called_index(meld: MeldFace) -> int | None:
    """Where the called tile is drawn (None: nothing was called)."""
    if meld.called is None or meld.kind == "ankan":
        return None
    return arranged(meld).index(meld.called)


def meld_text(meld: MeldFace, painter: TilePainter) -> Text:
    out = Text(no_wrap=True)
    turned = {meld.called, meld.added} - {None} if meld.kind != "ankan" else set()
    for tile in arranged(meld):
        out.append_text(painter.text(tile, CALLED if tile in turned else None))
    return out


def melds_text(melds: Sequence[MeldFace], painter: TilePainter, gap: str = " ") -> Text:
    out = Text(no_wrap=True)
    for i, meld in enumerate(melds):
        if i:
            out.append(gap)
        out.append_text(meld_text(meld, painter))
    return out


def meld_face(meld: MeldView, owner: int | None) -> MeldFace:
    """How the table draws ``meld`` of seat ``owner``."""
    return MeldFace(
        kind=meld.type.value,
        tiles=meld.tiles,
        called=meld.claimed,
        added=meld.added,
        source=None if owner is None else relative_source(owner, meld.from_seat),
    )


def relative_source(owner: int, from_seat: int | None) -> str | None:
    """Where ``from_seat`` sits seen from ``owner``: the previous player is on the left.

    >>> relative_source(1, 0), relative_source(1, 3), relative_source(1, 2), relative_source(1, None)
    ('left', 'across', 'right', None)
    """
    if from_seat is None or from_seat == owner:
        return None
    return {1: "right", 2: "across", 3: "left"}[(from_seat - owner) % 4]
