"""Every way the concealed tiles of a hand split into runs, pungs and one pair.

A split is ``(pair kind, run starts, pung kinds)``.  Each numbered suit is
split on its own (memoised per pattern of nine counts, and built from the
splits of what is left after its lowest tile, so patterns share the work);
honours only make pungs and the pair.  The suits' splits are then combined
with exactly one pair in all.

    >>> regular_splits(tuple([3, 3, 3] + [0] * 6 + [2] + [0] * 24))  # 111222333m11p
    ((9, (0, 0, 0), ()), (9, (), (0, 1, 2)))
"""

from __future__ import annotations

from functools import lru_cache

Split = tuple[int, tuple[int, ...], tuple[int, ...]]  # (pair kind or -1, run starts, pung kinds)

# A suit's nine counts as a base-5 number, position 0 the least significant digit.
_POW5 = tuple(5**i for i in range(11))

# the splits of every suit pattern seen, relative to the suit (positions 0-8); they are
# built from the splits of what is left after the lowest tile, so patterns share the work
_relative_cache: dict[int, tuple[Split, ...]] = {0: ((-1, (), ()),)}


def _relative_splits(key: int) -> tuple[Split, ...]:
    """Every split of a suit pattern (base-5 ``key``) into runs, pungs and at most one pair.

    The lowest tile present, at position ``i`` with ``c`` copies, is used up at once:
    by 0 or 1 pung, 0 or 1 pair and the runs starting there make up the rest, so each
    split is found exactly once.
    """
    found = _relative_cache.get(key)
    if found is not None:
        return found
    i = 0
    while key // _POW5[i] % 5 == 0:
        i += 1
    c = key // _POW5[i] % 5
    here = key - c * _POW5[i]
    out: list[Split] = []
    for pair in (0, 1):
        for pung in (0, 1):
            runs = c - 2 * pair - 3 * pung
            if runs < 0:
                continue
            if runs and (i > 6 or here // _POW5[i + 1] % 5 < runs or here // _POW5[i + 2] % 5 < runs):
                continue
            rest = here - runs * (_POW5[i + 1] + _POW5[i + 2])
            for p, r, u in _relative_splits(rest):
                if pair and p >= 0:
                    continue
                out.append((i if pair else p, (i,) * runs + r, (i,) + u if pung else u))
    found = _relative_cache[key] = tuple(out)
    return found


# one memo per suit: pattern of nine counts → its splits in kinds
_suit_split_cache: dict[int, dict[tuple[int, ...], tuple[Split, ...]]] = {0: {}, 9: {}, 18: {}}


def _suit_splits(offset: int, pattern: tuple[int, ...]) -> tuple[Split, ...]:
    """Every split of one numbered suit's counts into runs, pungs and at most one pair; memoised."""
    found = _suit_split_cache[offset].get(pattern)
    if found is not None:
        return found
    out: tuple[Split, ...] = ()
    if sum(pattern) % 3 != 1:
        key = 0
        for i, c in enumerate(pattern):
            key += c * _POW5[i]
        out = tuple(
            (p + offset if p >= 0 else -1, tuple(r + offset for r in runs), tuple(u + offset for u in pungs))
            for p, runs, pungs in _relative_splits(key)
        )
    _suit_split_cache[offset][pattern] = out
    return out


_honor_split_cache: dict[tuple[int, ...], Split | None] = {}


def _honor_split(honors: tuple[int, ...]) -> Split | None:
    """Honours only make pungs and the pair: one split or none; memoised."""
    if honors in _honor_split_cache:
        return _honor_split_cache[honors]
    split = _honor_split_cache[honors] = _split_honors(honors)
    return split


def _split_honors(honors: tuple[int, ...]) -> Split | None:
    pair = -1
    pungs = []
    for i, c in enumerate(honors):
        if c == 3:
            pungs.append(27 + i)
        elif c == 2 and pair < 0:
            pair = 27 + i
        elif c:
            return None
    return (pair, (), tuple(pungs))


@lru_cache(maxsize=1 << 16)
def regular_splits(concealed: tuple[int, ...]) -> tuple[Split, ...]:
    """Every split of the concealed tiles (34 counts) into exactly one pair, runs and pungs,
    runs and pungs in ascending order; memoised per hand."""
    combined: list[Split] = [(-1, (), ())]
    for offset, cache in _suit_split_cache.items():
        pattern = concealed[offset : offset + 9]
        if not any(pattern):
            continue
        options = cache.get(pattern) or _suit_splits(offset, pattern)
        if not options:
            return ()
        if len(options) == 1 and len(combined) == 1:  # the usual case: one way each
            p, runs, pungs = combined[0]
            q, r, u = options[0]
            if p >= 0 and q >= 0:
                return ()
            combined = [(p if p >= 0 else q, runs + r, pungs + u)]
        else:
            combined = [
                (p if p >= 0 else q, runs + r, pungs + u)
                for p, runs, pungs in combined
                for q, r, u in options
                if p < 0 or q < 0
            ]
    honors = concealed[27:34]
    if any(honors):
        split = _honor_split(honors)
        if split is None:
            return ()
        q, _, u = split
        combined = [(p if p >= 0 else q, runs, pungs + u) for p, runs, pungs in combined if p < 0 or q < 0]
    return tuple(split for split in combined if split[0] >= 0)
