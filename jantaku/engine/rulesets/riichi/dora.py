"""Dora: extra han for tiles an indicator points at, red fives, and ura dora under riichi.

Dora are not yaku: they count only in a hand that has at least one yaku, and
never in a yakuman.  Every indicator counts separately (kan dora are just more
indicators), so a tile pointed at twice is worth two.

    >>> from jantaku.engine.tiles import parse_tiles
    >>> count_indicated([2, 1] + [0] * 32, parse_tiles("9m1m"))  # 9m points at 1m (two), 1m at 2m (one)
    3
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...tiles import RED_FIVE_IDS, dora_after

DORA, AKA_DORA, URA_DORA = "Dora", "Aka dora", "Ura dora"
ENGLISH_DORA = {DORA: "Bonus tiles", AKA_DORA: "Red fives", URA_DORA: "Hidden bonus tiles"}

_POINTS_AT = tuple(dora_after(k) for k in range(34))
_FIVES_MASK = (1 << 4) | (1 << 13) | (1 << 22)


def count_indicated(counts: Sequence[int], indicators: Iterable[int]) -> int:
    """How many tiles of ``counts`` (34 kinds) the indicator tiles point at."""
    n = 0
    for t in indicators:
        n += counts[_POINTS_AT[t >> 2]]
    return n


def dora_items(
    counts: Sequence[int],
    mask: int,
    tiles: Iterable[int],
    indicators: Sequence[int],
    ura_indicators: Sequence[int],
    *,
    riichi: bool,
    aka: bool,
) -> list[tuple[str, int]]:
    """(name, han) for dora, red fives and ura dora; only the ones that count something.

    ``mask`` has bit ``k`` set for each kind ``k`` in the hand (red fives are only looked for
    among fives).
    """
    items = []
    n = count_indicated(counts, indicators)
    if n:
        items.append((DORA, n))
    if aka and mask & _FIVES_MASK:
        n = sum(1 for t in tiles if t in RED_FIVE_IDS)
        if n:
            items.append((AKA_DORA, n))
    if riichi and ura_indicators:
        n = count_indicated(counts, ura_indicators)
        if n:
            items.append((URA_DORA, n))
    return items
