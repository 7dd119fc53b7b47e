"""Tiles, their kinds and the one notation used everywhere.

A *physical tile* is an ``int`` id.  The 136 suit and honour tiles have ids
``0..135`` with ``id // 4`` giving the kind (Tenhou's numbering, so recorded
games map over directly); the 8 bonus tiles have ids ``136..143``.

A *kind* is one of 42 ints:

========  =========================================
0 - 8     1-9 characters (``m``)
9 - 17    1-9 circles / dots (``p``)
18 - 26   1-9 bamboo (``s``)
27 - 33   East South West North White Green Red (``1z``..``7z``)
34 - 37   flowers 1-4 (``1f``..``4f``)
38 - 41   seasons 1-4 (``1y``..``4y``)
========  =========================================

Copy 0 of each five (ids 16, 52, 88) is the red five when a ruleset plays
with red fives; written ``0m``/``0p``/``0s``.

The notation groups digits before their suit letter::

    >>> format_tiles(parse_tiles("123m406p11z"))
    '123m406p11z'
    >>> [kind_name(kind_of(t)) for t in parse_tiles("5z1f")]
    ['White', 'Flower 1']

Parsing accepts any order and splits (``1m2m`` == ``12m``); printing is
canonical: the tiles in the order given, runs of one suit grouped.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

# --- kinds ---------------------------------------------------------------

NUM_KINDS = 34  # suit and honour kinds; the hand-analysis arrays have this length
NUM_ALL_KINDS = 42  # including the bonus tiles
NUM_TILES = 144
NUM_PLAIN_TILES = 136

MAN, PIN, SOU, HONOR, FLOWER, SEASON = "m", "p", "s", "z", "f", "y"
SUITS = (MAN, PIN, SOU)
SUIT_OFFSET = {MAN: 0, PIN: 9, SOU: 18, HONOR: 27, FLOWER: 34, SEASON: 38}
SUIT_SIZE = {MAN: 9, PIN: 9, SOU: 9, HONOR: 7, FLOWER: 4, SEASON: 4}

EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
WHITE, GREEN, RED = 31, 32, 33
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (WHITE, GREEN, RED)
HONORS = WINDS + DRAGONS
TERMINALS = (0, 8, 9, 17, 18, 26)
TERMINALS_AND_HONORS = TERMINALS + HONORS
RED_FIVE_IDS = frozenset({16, 52, 88})

_HONOR_NAMES = ("East", "South", "West", "North", "White", "Green", "Red")
_SUIT_NAMES = {MAN: "Characters", PIN: "Circles", SOU: "Bamboo"}


class NotationError(ValueError):
    """A string that is not valid tile notation; the message says where and why."""


def suit_of(kind: int) -> str:
    """The suit letter of a kind: ``m p s z f y``."""
    if 0 <= kind < 9:
        return MAN
    if kind < 18:
        return PIN
    if kind < 27:
        return SOU
    if kind < 34:
        return HONOR
    if kind < 38:
        return FLOWER
    if kind < 42:
        return SEASON
    raise ValueError(f"no tile kind {kind}")


def number_of(kind: int) -> int:
    """The 1-based number of a kind within its suit (honours: 1-7 E S W N Wh G R)."""
    return kind - SUIT_OFFSET[suit_of(kind)] + 1


def make_kind(number: int, suit: str) -> int:
    """The kind of tile ``number`` of ``suit``; ``make_kind(5, 'z')`` is White."""
    if suit not in SUIT_OFFSET:
        raise ValueError(f"no suit {suit!r}")
    if not 1 <= number <= SUIT_SIZE[suit]:
        raise ValueError(f"no tile {number}{suit}")
    return SUIT_OFFSET[suit] + number - 1


def is_suited(kind: int) -> bool:
    return 0 <= kind < 27


def is_honor(kind: int) -> bool:
    return 27 <= kind < 34


def is_bonus(kind: int) -> bool:
    return 34 <= kind < 42


def is_terminal(kind: int) -> bool:
    return kind < 27 and kind % 9 in (0, 8)


def is_terminal_or_honor(kind: int) -> bool:
    return is_terminal(kind) or is_honor(kind)


def is_simple(kind: int) -> bool:
    """2-8 of a suit."""
    return kind < 27 and kind % 9 not in (0, 8)


def dora_after(kind: int) -> int:
    """The kind an indicator points at (riichi): 9→1, N→E, Red→White."""
    if kind < 27:
        return kind - kind % 9 + (kind % 9 + 1) % 9
    if kind < 31:
        return 27 + (kind - 27 + 1) % 4
    return 31 + (kind - 31 + 1) % 3


def kind_name(kind: int) -> str:
    """A human name: ``'3 Circles'``, ``'East'``, ``'Flower 2'``."""
    suit = suit_of(kind)
    n = number_of(kind)
    if suit == HONOR:
        return _HONOR_NAMES[n - 1]
    if suit == FLOWER:
        return f"Flower {n}"
    if suit == SEASON:
        return f"Season {n}"
    return f"{n} {_SUIT_NAMES[suit]}"


def kind_str(kind: int) -> str:
    """Notation of one kind: ``'3p'``."""
    return f"{number_of(kind)}{suit_of(kind)}"


# --- physical tiles --------------------------------------------------------


def kind_of(tile: int) -> int:
    """The kind of a physical tile id."""
    if 0 <= tile < 136:
        return tile >> 2
    if tile < 144:
        return tile - 102  # 136 → 34
    raise ValueError(f"no tile id {tile}")


def is_red(tile: int) -> bool:
    """Whether the tile is the red copy of its five (meaningful only with red fives on)."""
    return tile in RED_FIVE_IDS


def tile_ids_of_kind(kind: int) -> tuple[int, ...]:
    """All physical ids of a kind."""
    if kind < 34:
        return (kind * 4, kind * 4 + 1, kind * 4 + 2, kind * 4 + 3)
    return (kind + 102,)


def full_tile_set(*, bonus: bool = False, honors: bool = True) -> list[int]:
    """Every physical tile of a set: 136 (+8 bonus); Sichuan's 108 with ``honors=False``."""
    tiles = list(range(108 if not honors else 136))
    if bonus:
        tiles += list(range(136, 144))
    return tiles


def counts34(tiles: Iterable[int]) -> list[int]:
    """A 34-entry count array of the suit/honour tiles among physical ids."""
    counts = [0] * 34
    for t in tiles:
        counts[t >> 2] += 1
    return counts


def kinds_to_counts(kinds: Iterable[int]) -> list[int]:
    counts = [0] * 34
    for k in kinds:
        counts[k] += 1
    return counts


# --- notation --------------------------------------------------------------


def parse_kinds(text: str) -> list[int]:
    """Parse notation into kinds (red fives become plain fives).

    >>> parse_kinds("19m1z")
    [0, 8, 27]
    """
    return [k for k, _red in _parse(text)]


def parse_tiles(text: str, taken: set[int] | None = None) -> list[int]:
    """Parse notation into physical tile ids, in the order written.

    Copies are handed out per kind in order; ``0m`` is always id 16 (the red
    copy).  Plain fives take copies 1-3 first so that ``5550m`` is possible.
    ``taken`` (updated) lets several strings share one tile set, as the parts
    of a hand do.

    >>> parse_tiles("0m55m")
    [16, 17, 18]
    >>> parse_tiles("11111m")
    Traceback (most recent call last):
    ...
    jantaku.engine.tiles.NotationError: '11111m': more than 4 copies of 1m
    """
    taken = set() if taken is None else taken
    ids = []
    for kind, red in _parse(text):
        if red:
            if 4 * kind in taken:
                raise NotationError(f"{text!r}: two red fives of suit {suit_of(kind)}")
            tile = 4 * kind
        else:
            for tile in _COPY_ORDERS[kind]:
                if tile not in taken:
                    break
            else:
                copies = len(tile_ids_of_kind(kind))
                raise NotationError(
                    f"{text!r}: more than {copies} cop{'ies' if copies > 1 else 'y'} of {kind_str(kind)}"
                )
        taken.add(tile)
        ids.append(tile)
    return ids


def _copy_order(kind: int) -> tuple[int, ...]:
    ids = tile_ids_of_kind(kind)
    if kind < 27 and kind % 9 == 4:  # fives: the red copy last
        return ids[1:] + ids[:1]
    return ids


_COPY_ORDERS = tuple(_copy_order(kind) for kind in range(NUM_ALL_KINDS))

# Notation with nothing to complain about: groups of digits each valid for its suit letter (0, a
# red five, only in m p s), no spaces.  Such text is read group by group through a table; any
# other text goes through the character loop, which also says what is wrong.
_PLAIN_NOTATION = re.compile(r"(?:[0-9]+[mps]|[1-7]+z|[1-4]+[fy])+")
_GROUP = re.compile(r"([0-9]+)([mpszfy])")
_DIGIT_TILE = {
    (digit, suit): (SUIT_OFFSET[suit] + 4, True) if digit == "0" else (SUIT_OFFSET[suit] + int(digit) - 1, False)
    for suit in SUIT_OFFSET
    for digit in "0123456789"
    if (digit != "0" or suit in SUITS) and int(digit) <= SUIT_SIZE[suit]
}


def _parse(text: str) -> list[tuple[int, bool]]:
    if not isinstance(text, str):
        raise NotationError(f"tile notation must be a string, not {type(text).__name__}")
    if _PLAIN_NOTATION.fullmatch(text):
        table = _DIGIT_TILE
        return [table[digit, suit] for digits, suit in _GROUP.findall(text) for digit in digits]
    return _parse_characters(text)


def _parse_characters(text: str) -> list[tuple[int, bool]]:
    out: list[tuple[int, bool]] = []
    pending: list[tuple[int, int]] = []  # (digit, position)
    for pos, ch in enumerate(text):
        if ch.isdigit():
            pending.append((int(ch), pos))
        elif ch in SUIT_OFFSET:
            if not pending:
                raise NotationError(f"{text!r}: suit letter {ch!r} at position {pos} has no digits before it")
            for digit, dpos in pending:
                if digit == 0:
                    if ch not in SUITS:
                        raise NotationError(
                            f"{text!r}: '0' (red five) at position {dpos} needs suit m, p or s, not {ch!r}"
                        )
                    out.append((SUIT_OFFSET[ch] + 4, True))
                elif digit > SUIT_SIZE[ch]:
                    raise NotationError(
                        f"{text!r}: there is no {digit}{ch} (position {dpos}); suit {ch!r} has 1-{SUIT_SIZE[ch]}"
                    )
                else:
                    out.append((SUIT_OFFSET[ch] + digit - 1, False))
            pending = []
        elif ch.isspace():
            continue
        else:
            raise NotationError(
                f"{text!r}: unexpected character {ch!r} at position {pos} (expected a digit or one of m p s z f y)"
            )
    if pending:
        raise NotationError(f"{text!r}: digits at the end have no suit letter")
    return out


def format_kinds(kinds: Iterable[int]) -> str:
    """Canonical notation of kinds, in the order given.

    >>> format_kinds([0, 1, 2, 27])
    '123m1z'
    """
    return _format((k, False) for k in kinds)


def format_tiles(tiles: Iterable[int], *, red_fives: bool = True) -> str:
    """Canonical notation of physical ids; with ``red_fives`` the red copies print as ``0``."""
    return _format((kind_of(t), red_fives and t in RED_FIVE_IDS) for t in tiles)


def _format(items: Iterable[tuple[int, bool]]) -> str:
    parts: list[str] = []
    run_suit = None
    for kind, red in items:
        suit = suit_of(kind)
        if run_suit is not None and suit != run_suit:
            parts.append(run_suit)
        run_suit = suit
        parts.append("0" if red else str(number_of(kind)))
    if run_suit is not None:
        parts.append(run_suit)
    return "".join(parts)


def sort_tiles(tiles: Iterable[int]) -> list[int]:
    """Tiles sorted the way a player arranges them: by suit, then number (red five among fives).

    Ids grow with their kind (:func:`kind_of`), so the ids' own order is that order.

        >>> sort_tiles([137, 17, 16, 0, 135])
        [0, 16, 17, 135, 137]
    """
    out = sorted(tiles)
    if out and out[-1] >= 144:
        kind_of(out[-1])  # no such tile: the same error as before
    return out


def tile_str(tile: int, *, red_fives: bool = True) -> str:
    return format_tiles([tile], red_fives=red_fives)


def count_kinds(tiles: Iterable[int]) -> Counter[int]:
    return Counter(kind_of(t) for t in tiles)


def kinds_of(tiles: Sequence[int]) -> list[int]:
    return [kind_of(t) for t in tiles]
