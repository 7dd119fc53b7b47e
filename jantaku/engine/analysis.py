"""Hand analysis shared by every variant: decompositions, waits and shanten.

Hands are 34-entry count arrays of concealed tiles (see
:func:`jantaku.engine.tiles.counts34`); declared melds are passed as a count.

*Shanten* is the number of tile exchanges short of ready: ``0`` ready,
``-1`` complete.  It is computed per suit and combined, the way the fast
table-driven calculators do it: for each suit pattern we memoise, for every
number of sets ``k`` (0-4) and with or without the pair, the fewest tiles the
suit still lacks; the hand's value is the best split of the four sets and the
pair over the suits.  This is the standard shanten (the same as the usual
"8 - 2·sets - partial sets - pair" search).

    >>> from jantaku.engine.tiles import parse_kinds, kinds_to_counts
    >>> shanten(kinds_to_counts(parse_kinds("123m456p789s1122z")))
    0
    >>> waits(kinds_to_counts(parse_kinds("1112345678999m")))  # nine gates: any man
    [0, 1, 2, 3, 4, 5, 6, 7, 8]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from .tiles import TERMINALS_AND_HONORS, kind_of

INF = 99
_ORPHANS = TERMINALS_AND_HONORS

# --- per-suit distance vectors ---------------------------------------------------
#
# A suit pattern is its nine counts as one base-5 int.  Its distance vector has
# 10 entries: index k (0-4) is the fewest tiles the suit lacks to hold k sets,
# index 5+k the same with the pair too.


def _suit_key(counts: list[int], start: int, size: int) -> int:
    key = 0
    for i in range(start, start + size):
        key = key * 5 + counts[i]
    return key


def _decode(key: int, size: int) -> list[int]:
    out = [0] * size
    for i in range(size - 1, -1, -1):
        key, out[i] = divmod(key, 5)
    return out


# Each block a suit splits into can serve one set at some cost, or the pair.
# (set cost, pair cost); None = cannot.
_Block = tuple[int, int | None]
_SET: _Block = (0, None)
_PAIR: _Block = (1, 0)
_PARTIAL: _Block = (1, None)
_SINGLE: _Block = (2, 1)
# Sets or the pair made from nothing: 3 tiles a set, 2 for the pair.
_EMPTY_VECTOR: tuple[int, ...] = (0, 3, 6, 9, 12, 2, 5, 8, 11, 14)


def _add_block(rest: tuple[int, ...], block: tuple[int, int | None]) -> tuple[int, ...]:
    """Distance vector of ``block`` plus the tiles of ``rest`` (a min-plus convolution
    specialised to a block that serves at most one set or the pair)."""
    set_cost, pair_cost = block
    out = [rest[0]]
    for k in range(1, 5):
        out.append(min(rest[k], set_cost + rest[k - 1]))
    for k in range(5):
        v = rest[5 + k]
        if k:
            v = min(v, set_cost + rest[4 + k])
        if pair_cost is not None:
            v = min(v, pair_cost + rest[k])
        out.append(v)
    return tuple(out)


@cache
def _numbered_vector(key: int) -> tuple[int, ...]:
    """Distance vector of a numbered-suit pattern: the best first block plus the rest, memoised."""
    if key == 0:
        return _EMPTY_VECTOR
    c = _decode(key, 9)
    i = 0
    while c[i] == 0:
        i += 1
    place = 5 ** (8 - i)  # the key's digit for position i
    best = _add_block(_numbered_vector(key - place), _SINGLE)
    candidates: list[tuple[int, _Block]] = []
    if c[i] >= 3:
        candidates.append((key - 3 * place, _SET))
    if c[i] >= 2:
        candidates.append((key - 2 * place, _PAIR))
    if i <= 7 and c[i + 1]:
        candidates.append((key - place - place // 5, _PARTIAL))
    if i <= 6 and c[i + 2]:
        candidates.append((key - place - place // 25, _PARTIAL))
        if c[i + 1]:
            candidates.append((key - place - place // 5 - place // 25, _SET))
    for rest_key, block in candidates:
        v = _add_block(_numbered_vector(rest_key), block)
        best = tuple(min(x, y) for x, y in zip(best, v))
    return best


@cache
def _honor_vector(shape: tuple[int, int, int]) -> tuple[int, ...]:
    """Honours form no runs, so only how many kinds have 1, 2 and 3+ copies matters."""
    singles, pairs, triples = shape
    vec = _EMPTY_VECTOR
    for block, n in ((_SINGLE, singles), (_PAIR, pairs), (_SET, triples)):
        for _ in range(n):
            vec = _add_block(vec, block)
    return vec


def _combine(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """Min-plus convolution of two distance vectors (sets add up, one pair at most)."""
    out = []
    for k in range(5):
        out.append(min(a[i] + b[k - i] for i in range(k + 1)))
    for k in range(5):
        out.append(min(min(a[5 + i] + b[k - i], a[i] + b[5 + k - i]) for i in range(k + 1)))
    return tuple(out)


# --- shanten ------------------------------------------------------------------
#
# The hot path is table lookups on small ints.  A suit's nine (honours: seven)
# counts look up a suit entry, its distance vector's id and a packed int of what
# the special forms need (below), in a trie of nested 5-lists indexed count by
# count (list subscripts are much cheaper than building and hashing a tuple).  Every distinct vector has
# an id; there are few (110 numbered, 55 honour, 168 of two suits together, over
# every pattern), so the table combining two suits' ids and the table of the
# final answer (two two-suit ids and the declared melds) are dense lists of
# lists, filled lazily (a None where nothing is known yet).
#
# Suit info, packed so that the four suits' infos simply add up: 6-bit fields
# for tiles, kinds held twice or more, kinds held, terminal or honour kinds held,
# and whether one of those is held twice or more.
_TILES, _PAIRS, _KINDS, _ORPHAN_KINDS = 24, 18, 12, 6
_FIELD = 63

_SuitEntry = tuple[int, int]  # (vector id, packed info)
# Nested lists, one level per count, the entries at the leaves; None where nothing is known yet.
_numbered_trie: list[Any] = [None] * 5
_honor_trie: list[Any] = [None] * 5
_trie_entries = {id(_numbered_trie): 0, id(_honor_trie): 0}
_suit_vectors: list[tuple[int, ...]] = []
_suit_vector_ids: dict[tuple[int, ...], int] = {}
_two_suit_vectors: list[tuple[int, ...]] = []
_two_suit_vector_ids: dict[tuple[int, ...], int] = {}
# _two_suits[a][b]: the id of suit vectors a and b combined (symmetric; None: not yet known).
_two_suits: list[list[int | None]] = []
# _final[melds][ab][cd]: the regular shanten of two-suit vectors ab and cd (None: not yet known).
_final: list[list[list[int | None]]] = [[] for _ in range(5)]


def _suit_info(pattern: tuple[int, ...], orphans: Iterable[int]) -> int:
    tiles = pairs = kinds = 0
    for c in pattern:
        if c:
            tiles += c
            kinds += 1
            if c >= 2:
                pairs += 1
    orphan_kinds = orphan_pair = 0
    for i in orphans:
        if pattern[i]:
            orphan_kinds += 1
            if pattern[i] >= 2:
                orphan_pair = 1
    return (tiles << _TILES) | (pairs << _PAIRS) | (kinds << _KINDS) | (orphan_kinds << _ORPHAN_KINDS) | orphan_pair


def _two_suit_id(vec: tuple[int, ...]) -> int:
    vid = _two_suit_vector_ids.get(vec)
    if vid is None:
        vid = _two_suit_vector_ids[vec] = len(_two_suit_vectors)
        _two_suit_vectors.append(vec)
        for rows in _final:
            for row in rows:
                row.append(None)
            rows.append([None] * len(_two_suit_vectors))
    return vid


def _suit_vector_id(vec: tuple[int, ...]) -> int:
    vid = _suit_vector_ids.get(vec)
    if vid is None:
        vid = _suit_vector_ids[vec] = len(_suit_vectors)
        _suit_vectors.append(vec)
        for row in _two_suits:
            row.append(None)
        _two_suits.append([None] * len(_suit_vectors))
    return vid


def _two_suit(a: int, b: int) -> int:
    ab = _two_suits[a][b]
    if ab is None:
        ab = _two_suits[a][b] = _two_suits[b][a] = _two_suit_id(_combine(_suit_vectors[a], _suit_vectors[b]))
    return ab


# The tries are a memo of the patterns seen; a long-running process could meet most of the
# 405,350 numbered ones, so a trie starts over beyond this many (the vector tables stay: they are small).
_MAX_SUIT_ENTRIES = 1 << 16


def _numbered_entry(pattern: tuple[int, ...]) -> _SuitEntry:
    key = 0
    for c in pattern:
        key = key * 5 + c
    from .suit_vectors import numbered_vector  # (it imports this module to build its table)

    return _suit_vector_id(numbered_vector(key)), _suit_info(pattern, (0, 8))


def _honor_entry(pattern: tuple[int, ...]) -> _SuitEntry:
    ones = pattern.count(1)
    twos = pattern.count(2)
    shape = (ones, twos, 7 - ones - twos - pattern.count(0))
    return _suit_vector_id(_honor_vector(shape)), _suit_info(pattern, range(7))


def _trie_entry(trie: list[Any], pattern: tuple[int, ...]) -> _SuitEntry:
    """A suit pattern's entry, from its trie or computed and put there."""
    if not all(0 <= c <= 4 for c in pattern):  # no such hand: computed, not memoised
        return _honor_entry(pattern) if trie is _honor_trie else _numbered_entry(pattern)
    node = trie
    for c in pattern[:-1]:
        nxt = node[c]
        if nxt is None:
            break
        node = nxt
    else:
        found = node[pattern[-1]]
        if found is not None:
            return found
    honors = trie is _honor_trie
    entry = _honor_entry(pattern) if honors else _numbered_entry(pattern)
    if _trie_entries[id(trie)] >= _MAX_SUIT_ENTRIES:
        trie[:] = [None] * 5
        _trie_entries[id(trie)] = 0
        if not honors:
            _numbered_vector.cache_clear()
    node = trie
    for c in pattern[:-1]:
        if node[c] is None:
            node[c] = [None] * 5
        node = node[c]
    node[pattern[-1]] = entry
    _trie_entries[id(trie)] += 1
    return entry


def _suit_entries(counts: list[int]) -> tuple[_SuitEntry, _SuitEntry, _SuitEntry, _SuitEntry]:
    """The four suits' entries, the slow way (some pattern is not in its trie yet)."""
    return (
        _trie_entry(_numbered_trie, tuple(counts[0:9])),
        _trie_entry(_numbered_trie, tuple(counts[9:18])),
        _trie_entry(_numbered_trie, tuple(counts[18:27])),
        _trie_entry(_honor_trie, tuple(counts[27:34])),
    )


def _final_shanten(melds: int, ab: int, cd: int) -> int:
    need = 4 - melds
    a, b = _two_suit_vectors[ab], _two_suit_vectors[cd]
    result = min(min(a[5 + i] + b[need - i], a[i] + b[5 + need - i]) for i in range(need + 1)) - 1
    _final[melds][ab][cd] = result
    return result


def _suits(counts: list[int]) -> tuple[int, int, int]:
    """(man-pin vector id, sou-honour vector id, the four suits' infos added up)."""
    return _known_suits(counts) or _suits_slow(counts)


def _known_suits(counts: list[int]) -> tuple[int, int, int] | None:
    """:func:`_suits` when the tables know the hand's suit patterns and their combinations, else None."""
    c = counts
    try:  # a pattern not in its trie yet, or suits not combined yet, fail on a None
        n = _numbered_trie
        man, man_info = n[c[0]][c[1]][c[2]][c[3]][c[4]][c[5]][c[6]][c[7]][c[8]]
        pin, pin_info = n[c[9]][c[10]][c[11]][c[12]][c[13]][c[14]][c[15]][c[16]][c[17]]
        sou, sou_info = n[c[18]][c[19]][c[20]][c[21]][c[22]][c[23]][c[24]][c[25]][c[26]]
        hon, hon_info = _honor_trie[c[27]][c[28]][c[29]][c[30]][c[31]][c[32]][c[33]]
        ab = _two_suits[man][pin]
        cd = _two_suits[sou][hon]
        _final[0][ab][cd]  # noqa: B018 (fails on a None id)
    except (TypeError, IndexError):
        return None
    return ab, cd, man_info + pin_info + sou_info + hon_info


def _suits_slow(counts: list[int]) -> tuple[int, int, int]:
    (man, man_info), (pin, pin_info), (sou, sou_info), (hon, hon_info) = _suit_entries(counts)
    return _two_suit(man, pin), _two_suit(sou, hon), man_info + pin_info + sou_info + hon_info


def _regular(melds: int, ab: int, cd: int) -> int:
    regular = _final[melds][ab][cd]
    return _final_shanten(melds, ab, cd) if regular is None else regular


def _lookup(counts: list[int], melds: int) -> tuple[int, int]:
    """(regular shanten, the four suits' infos added up)."""
    ab, cd, info = _suits(counts)
    return _regular(melds, ab, cd), info


def _seven_pairs_of(info: int) -> int:
    kinds = (info >> _KINDS) & _FIELD
    return 6 - ((info >> _PAIRS) & _FIELD) + (7 - kinds if kinds < 7 else 0)


def _thirteen_orphans_of(info: int) -> int:
    return 13 - ((info >> _ORPHAN_KINDS) & _FIELD) - (1 if info & _FIELD else 0)


def regular_shanten(counts: list[int], melds: int = 0) -> int:
    """Shanten of the four-sets-and-a-pair form, with ``melds`` sets already declared."""
    return _lookup(counts, melds)[0]


def seven_pairs_shanten(counts: list[int]) -> int:
    """Shanten of seven pairs (four of a kind is one pair here, as the standard counts it)."""
    return _seven_pairs_of(_lookup(counts, 0)[1])


def thirteen_orphans_shanten(counts: list[int]) -> int:
    return _thirteen_orphans_of(_lookup(counts, 0)[1])


@dataclass(frozen=True, slots=True)
class Shanten:
    regular: int
    seven_pairs: int
    thirteen_orphans: int

    @property
    def min(self) -> int:
        return min(self.regular, self.seven_pairs, self.thirteen_orphans)


def shanten_all(counts: list[int], melds: int = 0) -> Shanten:
    """All three forms; the special forms are impossible (``INF``) once a set is declared."""
    regular, info = _lookup(counts, melds)
    if melds:
        return Shanten(regular, INF, INF)
    return Shanten(regular, _seven_pairs_of(info), _thirteen_orphans_of(info))


def shanten(counts: list[int], melds: int = 0, *, seven_pairs: bool = True, thirteen_orphans: bool = True) -> int:
    """The minimum shanten over the forms the variant allows."""
    # _suits inlined: this is the bots' innermost call
    c = counts
    try:  # a pattern not in its trie yet, or suits not combined yet, fail on a None
        n = _numbered_trie
        man, man_info = n[c[0]][c[1]][c[2]][c[3]][c[4]][c[5]][c[6]][c[7]][c[8]]
        pin, pin_info = n[c[9]][c[10]][c[11]][c[12]][c[13]][c[14]][c[15]][c[16]][c[17]]
        sou, sou_info = n[c[18]][c[19]][c[20]][c[21]][c[22]][c[23]][c[24]][c[25]][c[26]]
        hon, hon_info = _honor_trie[c[27]][c[28]][c[29]][c[30]][c[31]][c[32]][c[33]]
        info = man_info + pin_info + sou_info + hon_info
        ab = _two_suits[man][pin]
        cd = _two_suits[sou][hon]
        best = _final[melds][ab][cd]
    except (TypeError, IndexError):
        ab, cd, info = _suits_slow(counts)
        best = _final[melds][ab][cd]
    if best is None:
        best = _final_shanten(melds, ab, cd)
    if melds == 0:
        if seven_pairs:
            kinds = (info >> _KINDS) & _FIELD
            pairs = 6 - ((info >> _PAIRS) & _FIELD) + (7 - kinds if kinds < 7 else 0)
            if pairs < best:
                best = pairs
        if thirteen_orphans:
            orphans = 13 - ((info >> _ORPHAN_KINDS) & _FIELD) - (1 if info & _FIELD else 0)
            if orphans < best:
                best = orphans
    return best


# --- complete hands --------------------------------------------------------------


@cache
def _suit_sets(key: int, honors: bool) -> tuple[tuple[int | None, tuple[tuple[str, int], ...]], ...]:
    """All ways a suit pattern splits exactly into sets and at most one pair.

    Returns a tuple of (pair offset or None, sets) where a set is ("chow"|"pung", offset).
    """
    size = 7 if honors else 9
    counts = _decode(key, size)
    results: list[tuple[int | None, tuple[tuple[str, int], ...]]] = []

    def walk(i: int, pair: int | None, sets: list[tuple[str, int]]) -> None:
        while i < size and counts[i] == 0:
            i += 1
        if i == size:
            results.append((pair, tuple(sets)))
            return
        if counts[i] >= 3:
            counts[i] -= 3
            sets.append(("pung", i))
            walk(i, pair, sets)
            sets.pop()
            counts[i] += 3
        if not honors and i <= 6 and counts[i + 1] and counts[i + 2]:
            counts[i] -= 1
            counts[i + 1] -= 1
            counts[i + 2] -= 1
            sets.append(("chow", i))
            walk(i, pair, sets)
            sets.pop()
            counts[i] += 1
            counts[i + 1] += 1
            counts[i + 2] += 1
        if pair is None and counts[i] >= 2:
            counts[i] -= 2
            walk(i, i, sets)
            counts[i] += 2

    walk(0, None, [])
    return tuple(results)


@dataclass(frozen=True)
class Decomposition:
    """A complete regular hand split into a pair and sets of concealed tiles.

    ``sets`` are ("chow", first kind) or ("pung", kind); declared melds are not included.
    """

    pair: int
    sets: tuple[tuple[str, int], ...]


def decompositions(counts: list[int]) -> list[Decomposition]:
    """Every way the concealed tiles form sets plus exactly one pair (deduplicated).

    >>> from jantaku.engine.tiles import parse_kinds, kinds_to_counts
    >>> len(decompositions(kinds_to_counts(parse_kinds("111222333m11p"))))  # pungs or chows
    2
    """
    if sum(counts) % 3 != 2:
        return []
    per_suit = []
    for offset, honors in ((0, False), (9, False), (18, False), (27, True)):
        size = 7 if honors else 9
        key = _suit_key(counts, offset, size)
        if key == 0:
            continue
        options = _suit_sets(key, honors)
        if not options:
            return []
        per_suit.append((offset, options))
    results: list[Decomposition] = []

    def walk(idx: int, pair: int | None, sets: list[tuple[str, int]]) -> None:
        if idx == len(per_suit):
            if pair is not None:
                results.append(Decomposition(pair, tuple(sets)))
            return
        offset, options = per_suit[idx]
        for p, suit_sets in options:
            if p is not None and pair is not None:
                continue
            walk(idx + 1, pair if p is None else offset + p, sets + [(name, offset + o) for name, o in suit_sets])

    walk(0, None, [])
    return results


def is_regular_complete(counts: list[int]) -> bool:
    """Sets and one pair (the declared melds left out): the shape check only."""
    known = _known_suits(counts)
    if known is None:
        # the shanten tables do not know the hand: the decomposition search (memoised per suit) is
        # much cheaper than building their entries, and most hands fail on the suits' tile counts
        return _splits_into_sets_and_a_pair(counts)
    ab, cd, info = known
    return _is_regular_complete(counts, ab, cd, info >> _TILES)


def _is_regular_complete(counts: list[int], ab: int, cd: int, tiles: int) -> bool:
    if tiles % 3 != 2:
        return False
    if tiles > 14:
        return _splits_into_sets_and_a_pair(counts)
    # with as many sets declared as the hand lacks tiles, "complete" is shanten -1
    return _regular((14 - tiles) // 3, ab, cd) == -1


def _splits_into_sets_and_a_pair(counts: list[int]) -> bool:
    """The shape check by decomposition (also for more tiles than a hand holds: no shanten table for those)."""
    pair_suits = 0
    for offset, honors in ((0, False), (9, False), (18, False), (27, True)):
        size = 7 if honors else 9
        total = sum(counts[offset : offset + size])
        if total == 0:
            continue
        if total % 3 == 1:
            return False
        if total % 3 == 2:
            pair_suits += 1
            if pair_suits > 1:
                return False
        if not _suit_sets(_suit_key(counts, offset, size), honors):
            return False
    return pair_suits == 1


def is_seven_pairs(counts: list[int], *, four_as_two: bool = False) -> bool:
    """Seven pairs; ``four_as_two`` lets four identical tiles count as two pairs (Sichuan)."""
    if sum(counts) != 14:
        return False
    pairs = 0
    for c in counts:
        if c == 2:
            pairs += 1
        elif c == 4 and four_as_two:
            pairs += 2
        elif c:
            return False
    return pairs == 7


def is_thirteen_orphans(counts: list[int]) -> bool:
    return sum(counts) == 14 and all(counts[i] for i in _ORPHANS) and sum(counts[i] for i in _ORPHANS) == 14


def waits(
    counts: list[int],
    melds: int = 0,
    *,
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
    four_as_two: bool = False,
) -> list[int]:
    """The kinds that complete a ready hand (13 - 3·melds tiles), in kind order.

    A fifth copy does not exist, so a kind the hand holds four of is never a
    wait (:func:`real_waits` also leaves out a kind four of which are in the
    player's own melds); callers that need "a tile that can still come" also
    filter by the copies visible elsewhere.
    """
    out = []
    for k in range(34):
        if counts[k] >= 4:
            continue
        counts[k] += 1
        try:
            if is_regular_complete(counts) or (
                melds == 0
                and (
                    (seven_pairs and is_seven_pairs(counts, four_as_two=four_as_two))
                    or (thirteen_orphans and is_thirteen_orphans(counts))
                )
            ):
                out.append(k)
        finally:
            counts[k] -= 1
    return out


def real_waits(counts: list[int], melds: int = 0, meld_tiles: Iterable[int] = (), **forms: bool) -> list[int]:
    """:func:`waits` without the kinds whose four copies the player already holds in its own melds.

    A hand "waiting" only on a fifth copy (its own kong's kind) is not ready, though its shanten
    is 0: every decision that means "ready" (riichi, tenpai at a draw, the ready hint) asks this.

        >>> from jantaku.engine.tiles import parse_kinds, kinds_to_counts, parse_tiles
        >>> hand = kinds_to_counts(parse_kinds("35s456p999m55z"))  # 4s only, with a kong of 4s
        >>> waits(hand, 1), real_waits(hand, 1, parse_tiles("4444s"))
        ([21], [])
    """
    held = [0] * 34
    for t in meld_tiles:
        if t >= 0 and kind_of(t) < 34:  # -1: a face-down kong tile in a view
            held[kind_of(t)] += 1
    return [k for k in waits(counts, melds, **forms) if counts[k] + held[k] < 4]


def is_complete(
    counts: list[int],
    melds: int = 0,
    *,
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
    four_as_two: bool = False,
) -> bool:
    """Whether concealed tiles plus ``melds`` declared sets make a winning shape."""
    known = _known_suits(counts)
    if known is None:  # as in is_regular_complete
        if _splits_into_sets_and_a_pair(counts):
            return True
        if melds:
            return False
        return (seven_pairs and is_seven_pairs(counts, four_as_two=four_as_two)) or (
            thirteen_orphans and is_thirteen_orphans(counts)
        )
    ab, cd, info = known
    tiles = info >> _TILES
    if _is_regular_complete(counts, ab, cd, tiles):
        return True
    if melds or tiles != 14:
        return False
    if seven_pairs and (is_seven_pairs(counts, four_as_two=True) if four_as_two else _seven_pairs_of(info) == -1):
        return True
    return thirteen_orphans and _thirteen_orphans_of(info) == -1


def may_complete_with_one(
    counts: list[int],
    melds: int = 0,
    *,
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
    four_as_two: bool = False,
) -> bool:
    """False only when no one more tile makes :func:`is_complete` true of ``counts`` (same forms).

    A cheap gate before asking :func:`is_complete` of every discard: most hands are not ready, and a
    hand one tile short has shanten 0 in the form the tile completes (the same tables decide); for a
    hand the tables do not know yet, a search per suit (is_complete's own for such hands).
    """
    tiles = sum(counts)
    if tiles % 3 != 1 or tiles > 13:
        return tiles % 3 == 1  # no tile makes sets and a pair of these; more than a hand: let is_complete decide
    known = _known_suits(counts)
    if known is None:  # building the tables' entries costs more than this: the per-suit search
        if _regular_may_complete(counts):
            return True
        if melds or tiles != 13:
            return False
        if seven_pairs and sum(c & 1 for c in counts) == 1:  # seven pairs but for one tile: one odd count
            return True
        return thirteen_orphans and sum(counts[i] for i in _ORPHANS) == 13
    ab, cd, info = known
    if _regular((13 - tiles) // 3, ab, cd) <= 0:  # is_complete's regular form counts the sets the tiles lack
        return True
    if melds or tiles != 13:
        return False
    if seven_pairs and (sum(c & 1 for c in counts) == 1 if four_as_two else _seven_pairs_of(info) <= 0):
        return True
    return thirteen_orphans and _thirteen_orphans_of(info) <= 0


_SUIT_SPANS = ((0, 9, False), (9, 9, False), (18, 9, False), (27, 7, True))


def _regular_may_complete(counts: list[int]) -> bool:
    """Whether one more tile could split ``counts`` into sets and a pair, by the memoised per-suit
    search: the suit the tile joins is not searched, every other suit must split as it is."""
    short: list[tuple[int, int, int]] = []  # (tiles over sets: 1, the tile joins; 2, a pair), offset, size
    for offset, size, honors in _SUIT_SPANS:
        total = sum(counts[offset : offset + size])
        if total % 3 == 0:
            if total and not _suit_sets(_suit_key(counts, offset, size), honors):
                return False
        else:
            short.append((total % 3, offset, size))
    if len(short) == 1:
        return short[0][0] == 1  # the tile joins this suit, which then holds the pair
    if len(short) == 2 and short[0][0] == short[1][0] == 2:
        # the tile joins one of them; the other holds the pair as it is
        return any(_suit_sets(_suit_key(counts, offset, size), offset == 27) for _, offset, size in short)
    return False


# --- discard advice (the analyser and the bots) ------------------------------------


@dataclass(frozen=True)
class DiscardOption:
    discard: int  # kind
    shanten: int
    useful: tuple[int, ...]  # kinds that lower the shanten after this discard
    remaining: int  # copies of the useful kinds not visible to the player


def _candidates(counts: list[int], melds: int, *, seven_pairs: bool = True, thirteen_orphans: bool = True) -> list[int]:
    """Kinds that could possibly lower the shanten: a tile only helps next to (or on) what is held,
    unless a special form wants new kinds."""
    if melds == 0 and (thirteen_orphans or (seven_pairs and sum(1 for c in counts if c) < 7)):
        return list(range(34))
    near = set()
    for k in range(34):
        if counts[k]:
            if k >= 27:
                near.add(k)
            else:
                base = k - k % 9
                near.update(j for j in range(max(base, k - 2), min(base + 8, k + 2) + 1))
    return sorted(near)


def useful_tiles(counts: list[int], melds: int = 0, **forms: bool) -> list[int]:
    """Kinds that lower the shanten of a 13-tile-equivalent hand."""
    base = shanten(counts, melds, **forms)
    out = []
    for k in _candidates(counts, melds, **forms):
        if counts[k] >= 4:
            continue
        counts[k] += 1
        if shanten(counts, melds, **forms) < base:
            out.append(k)
        counts[k] -= 1
    return out


def discard_options(
    counts: list[int], melds: int = 0, visible: list[int] | None = None, **forms: bool
) -> list[DiscardOption]:
    """For a hand that must discard, each distinct discard with its resulting shanten and acceptance.

    ``visible`` counts tiles the player can see elsewhere (default: only the hand itself).
    """
    seen = counts if visible is None else [a + b for a, b in zip(counts, visible)]
    out = []
    for k in range(34):
        if not counts[k]:
            continue
        counts[k] -= 1
        sh = shanten(counts, melds, **forms)
        useful = useful_tiles(counts, melds, **forms)
        counts[k] += 1
        remaining = sum(4 - seen[u] for u in useful)
        out.append(DiscardOption(k, sh, tuple(useful), max(0, remaining)))
    out.sort(key=lambda o: (o.shanten, -o.remaining, o.discard))
    return out
