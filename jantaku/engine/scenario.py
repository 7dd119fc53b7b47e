"""Arranged walls for scenario tests and puzzles: "deal these hands, then draw these tiles".

    >>> from jantaku.engine.rulesets.basic import BasicRuleset
    >>> wall = arranged_wall(["123456789m12345p", "123456789p1234s", "123456789s1234m", "1112223334445z"],
    ...                      draws=["5p", "5s"])
    >>> table = BasicRuleset().new_table(wall=wall)
    >>> from jantaku.engine.tiles import format_tiles, sort_tiles
    >>> format_tiles(sort_tiles(table.players[0].concealed))
    '123456789m12345p'

Hands are given from the dealer round (seat ``dealer``, then the next seats);
the dealer's hand has 14 tiles.  ``draws`` come next from the live wall in
order; ``dead`` (if given) is the start of the dead wall, whose replacement
tiles are drawn in order.  Every other tile of the set fills the rest, in a
fixed order, so the scenario is deterministic.
"""

from __future__ import annotations

from collections.abc import Sequence

from .tiles import full_tile_set, kind_of, kind_str, parse_tiles, tile_ids_of_kind
from .wall import Wall


def arranged_wall(
    hands: list[str],
    *,
    draws: Sequence[str] = (),
    dead: Sequence[str] = (),
    dead_size: int = 14,
    honors: bool = True,
    bonus: bool = False,
    refill_dead: bool = True,
    dealer: int = 0,
) -> Wall:
    """A wall that deals ``hands`` (seat order from the dealer) and then draws ``draws``."""
    if len(hands) != 4 or len(parse_tiles(hands[0])) != 14 or any(len(parse_tiles(h)) != 13 for h in hands[1:]):
        raise ValueError("give four hands: the dealer's 14 tiles, then 13 for each other seat")
    pool = full_tile_set(bonus=bonus, honors=honors)
    free = list(pool)

    def take(text: str) -> list[int]:
        out = []
        for t in parse_tiles(text):
            kind = kind_of(t)
            same = [x for x in free if kind_of(x) == kind]
            exact = [x for x in same if x == t]
            if not same:
                raise ValueError(
                    f"no copy of {kind_str(kind)} left for {text!r} (a set has {len(tile_ids_of_kind(kind))})"
                )
            chosen = exact[0] if exact else same[0]
            free.remove(chosen)
            out.append(chosen)
        return out

    dealt = [take(h) for h in hands]
    drawn = [t for d in draws for t in take(d)]
    dead_tiles = [t for d in dead for t in take(d)]
    if dead_size:
        fill = dead_size - len(dead_tiles)
        if fill < 0:
            raise ValueError(f"more than {dead_size} dead-wall tiles")
        dead_tiles += free[len(free) - fill :] if fill else []
        rest = free[: len(free) - fill] if fill else free
    else:
        rest = free
    live = dealt[0][:13] + dealt[1] + dealt[2] + dealt[3] + [dealt[0][13]] + drawn + rest
    return Wall(live=live, dead=dead_tiles, dice=(3, 4), refill_dead=refill_dead and bool(dead_size))
