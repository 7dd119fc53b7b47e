"""The riichi declaration, an optional classical variant (seed 000: "mit der Riichi-Erklärung
eine weitere Verdopplung ... wenn diese Variante angewandt wird").

A concealed hand (concealed kongs allowed) that is ready after a discard may
declare with that discard.  From then on the hand is locked: it discards the
tile it draws, claims nothing but a win, and declares a kong only of the tile
just drawn and only if the waits stay the same.  If it wins, the declaration
is one more double (:func:`.doubles.riichi_declaration`).  No points are
staked and there is no minimum of tiles left in the wall (the text names none).

A wait is a kind that can still come: not one the hand holds all four of, in
its concealed tiles or its own kong.

    >>> from jantaku.engine.tiles import format_tiles, parse_tiles
    >>> hand = parse_tiles("1111m234p567s789s5m")
    >>> format_tiles(declaration_discards(hand, []))  # 5m would leave a wait on a fifth 1m only
    '1m'
"""

from __future__ import annotations

from ...analysis import shanten, waits
from ...melds import Meld, MeldType
from ...tiles import counts34, kind_of, sort_tiles

# the classical winning shapes: four sets and a pair, or thirteen orphans
_FORMS = {"seven_pairs": False, "thirteen_orphans": True}


def is_concealed(melds: list[Meld]) -> bool:
    """Only concealed kongs laid out: the hand may declare."""
    return all(m.type is MeldType.ANKAN for m in melds)


def real_waits(concealed: list[int], melds: list[Meld]) -> frozenset[int]:
    """The kinds that complete a ready hand and of which a copy is left for it."""
    counts = counts34(concealed)
    held = list(counts)
    for meld in melds:
        for tile in meld.tiles:
            held[kind_of(tile)] += 1
    return frozenset(k for k in waits(counts, len(melds), **_FORMS) if held[k] < 4)


def declaration_discards(concealed: list[int], melds: list[Meld]) -> list[int]:
    """The tiles (one per kind) whose discard leaves a concealed hand with real waits."""
    if not is_concealed(melds) or shanten(counts34(concealed), len(melds), **_FORMS) > 0:
        return []  # most hands: not one discard from ready, so no wait search
    out: dict[int, int] = {}
    for tile in sort_tiles(concealed):
        kind = kind_of(tile)
        if kind in out:
            continue
        rest = list(concealed)
        rest.remove(tile)
        if real_waits(rest, melds):
            out[kind] = tile
    return list(out.values())


def kong_keeps_waits(concealed: list[int], melds: list[Meld], kind: int, declared: frozenset[int]) -> bool:
    """Whether a concealed kong of ``kind`` (four in ``concealed``) leaves the declared waits."""
    rest = [t for t in concealed if kind_of(t) != kind]
    kong = Meld(MeldType.ANKAN, tuple(t for t in concealed if kind_of(t) == kind))
    return real_waits(rest, melds + [kong]) == declared
