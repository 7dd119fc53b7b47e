"""Incremental hand evaluation for the bots: shanten and useful tiles of a hand one or two tiles away.

A bot weighing its discards asks, for every kind it could throw, the shanten
that leaves and which draws would then lower it: some 200 shanten questions a
decision, each about a hand that differs from the one in front of it by a
tile or two.  :class:`HandShape` answers them without starting over:

* the regular form's shanten is a combination of one distance vector per suit
  (:mod:`..analysis`); a hand one tile away changes one suit's vector, two
  tiles away at most two, so the other suits' combination is kept and only
  the changed suits are looked up again (every vector, combination and final
  answer is memoised by small int ids);
* seven pairs and thirteen orphans are counts (pairs, kinds, orphan kinds)
  that one tile moves by at most one, so they are O(1);
* the draws that help in one suit are memoised by that suit's pattern and the
  rest of the hand's combined vector, and a 13-tile hand seen again (the tile
  just drawn thrown) is not searched again;
* a kind far from every held tile (nothing within two in its suit) never
  lowers the regular shanten of a hand of 3n+1 or more tiles — its tile
  could only stand alone, and such a hand already has a spare tile to stand
  there — so for those kinds only the special forms are asked, and not at all
  when neither special form is close enough to gain.

The answers are exactly :func:`..analysis.shanten` and
:func:`..analysis.useful_tiles` of the changed hand (``tests/bots/test_incremental.py``
compares them on random hands).

    >>> from jantaku.engine.tiles import parse_kinds, kinds_to_counts
    >>> shape = HandShape(kinds_to_counts(parse_kinds("123m456p789s11z23s9p")))  # draw 9p: throw it
    >>> shape.shanten_after_discard(17), shape.useful_after_discard(17)
    (0, [18, 21])
"""

from __future__ import annotations

from collections.abc import Sequence

from ..analysis import _honor_vector
from ..tiles import TERMINALS_AND_HONORS
from ..suit_vectors import numbered_vector

INF = 99
_IS_ORPHAN = tuple(k in TERMINALS_AND_HONORS for k in range(34))
_SUIT = tuple(min(k // 9, 3) for k in range(34))
# a numbered kind's digit in its suit's base-5 key
_PLACE = tuple(5 ** (8 - k % 9) if k < 27 else 0 for k in range(34))
# Honours are keyed by their shape (kinds with 1, 2 and 3+ copies) as ones·64 + twos·8 + triples,
# offset past every numbered key so one table holds both; a tile moves the shape by these steps.
_HONOR_BASE = 5**9
_HONOR_ADD = (64, -56, -7, 0, 0)  # from a count of 0, 1, 2, 3 (4: no fifth copy)
_HONOR_REMOVE = (0, -64, 56, 7, 0)  # from a count of 0 (none to remove), 1, 2, 3, 4
# memo tables shared by every hand: key -> vector id, (id, id) -> id, (id, id, melds) -> shanten;
# ids start at 1, so ``table.get(key) or compute(...)`` is a hit test
_vectors: list[tuple[int, ...]] = [()]
_vector_ids: dict[tuple[int, ...], int] = {}
_suit_vid: dict[int, int] = {}
_pair_vid: dict[int, int] = {}
_final: dict[int, int] = {}
_ID_BITS = 20  # vector ids stay far below 2**20 (a few thousand distinct vectors exist)


def _intern(vec: tuple[int, ...]) -> int:
    vid = _vector_ids.get(vec)
    if vid is None:
        vid = _vector_ids[vec] = len(_vectors)
        _vectors.append(vec)
    return vid


def _vid(key: int) -> int:
    """Vector id of a suit's key (a numbered suit's base-5 digits, or an honour shape past _HONOR_BASE)."""
    vid = _suit_vid.get(key)
    if vid is None:
        if key >= _HONOR_BASE:
            code = key - _HONOR_BASE
            vec = _honor_vector((code >> 6, (code >> 3) & 7, code & 7))
        else:
            vec = numbered_vector(key)
        vid = _suit_vid[key] = _intern(vec)
    return vid


def _pair(a: int, b: int) -> int:
    """Vector id of two vectors' combination (the suits' sets add up, one pair at most)."""
    key = a << _ID_BITS | b
    vid = _pair_vid.get(key)
    if vid is None:
        vid = _pair_vid[key] = _intern(combine(_vectors[a], _vectors[b]))
    return vid


def combine(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """:func:`..analysis._combine` written out entry by entry (a bot combines a few thousand new
    pairs of vectors in a few dozen hands; the loops took six times as long)."""
    a0, a1, a2, a3, a4, a5, a6, a7, a8, a9 = a
    b0, b1, b2, b3, b4, b5, b6, b7, b8, b9 = b
    return (
        a0 + b0,
        min(a0 + b1, a1 + b0),
        min(a0 + b2, a1 + b1, a2 + b0),
        min(a0 + b3, a1 + b2, a2 + b1, a3 + b0),
        min(a0 + b4, a1 + b3, a2 + b2, a3 + b1, a4 + b0),
        min(a5 + b0, a0 + b5),
        min(a5 + b1, a0 + b6, a6 + b0, a1 + b5),
        min(a5 + b2, a0 + b7, a6 + b1, a1 + b6, a7 + b0, a2 + b5),
        min(a5 + b3, a0 + b8, a6 + b2, a1 + b7, a7 + b1, a2 + b6, a8 + b0, a3 + b5),
        min(a5 + b4, a0 + b9, a6 + b3, a1 + b8, a7 + b2, a2 + b7, a8 + b1, a3 + b6, a9 + b0, a4 + b5),
    )


def _regular(a: int, b: int, melds: int) -> int:
    """Regular shanten of a hand whose suits combine to vectors ``a`` and ``b``."""
    key = (a << _ID_BITS | b) << 3 | melds
    result = _final.get(key)
    if result is None:
        need = 4 - melds
        x, y = _vectors[a], _vectors[b]
        result = _final[key] = min(min(x[5 + i] + y[need - i], x[i] + y[5 + need - i]) for i in range(need + 1)) - 1
    return result


def suit_keys(counts: Sequence[int]) -> list[int]:
    """The four suits' keys of a hand (man, pin, sou digits; the honours' shape)."""
    keys = []
    for start in (0, 9, 18):
        key = 0
        for i in range(start, start + 9):
            key = key * 5 + counts[i]
        keys.append(key)
    honors = counts[27:34]
    ones, twos = honors.count(1), honors.count(2)
    keys.append(_HONOR_BASE + ones * 64 + twos * 8 + 7 - ones - twos - honors.count(0))
    return keys


class HandShape:
    """One hand's shanten, and that of the hands a discard (and a draw) away, computed incrementally.

    ``counts`` is copied; ``melds`` the declared sets; ``seven_pairs`` and
    ``thirteen_orphans`` the special forms the variant allows (as for
    :func:`..analysis.shanten`).
    """

    __slots__ = (
        "counts",
        "melds",
        "seven_pairs",
        "thirteen_orphans",
        "keys",
        "vids",
        "_rest3",
        "_rest2",
        "_regular_shanten",
        "pairs",
        "kinds",
        "orphan_kinds",
        "orphan_pairs",
        "tiles",
        "_honours",
        "_flags",
    )

    def __init__(
        self, counts: Sequence[int], melds: int = 0, *, seven_pairs: bool = True, thirteen_orphans: bool = True
    ):
        self.counts = c = list(counts)
        self.melds = melds
        self.seven_pairs = seven_pairs and melds == 0
        self.thirteen_orphans = thirteen_orphans and melds == 0
        self.keys = keys = suit_keys(c)
        self.vids = v = [_suit_vid.get(k) or _vid(k) for k in keys]
        pv = _pair_vid
        p01 = pv.get(v[0] << _ID_BITS | v[1]) or _pair(v[0], v[1])
        p23 = pv.get(v[2] << _ID_BITS | v[3]) or _pair(v[2], v[3])
        # the other three suits' combination, per suit (one tile changes one suit)
        self._rest3 = (
            pv.get(v[1] << _ID_BITS | p23) or _pair(v[1], p23),
            pv.get(v[0] << _ID_BITS | p23) or _pair(v[0], p23),
            pv.get(v[3] << _ID_BITS | p01) or _pair(v[3], p01),
            pv.get(v[2] << _ID_BITS | p01) or _pair(v[2], p01),
        )
        self._regular_shanten = _regular(p01, p23, melds)
        self._rest2: tuple[tuple[int, ...], ...] | None = None  # when first asked
        self.pairs = sum(1 for x in c if x >= 2)
        self.kinds = sum(1 for x in c if x)
        self.orphan_kinds = sum(1 for k in TERMINALS_AND_HONORS if c[k])
        self.orphan_pairs = sum(1 for k in TERMINALS_AND_HONORS if c[k] >= 2)
        self.tiles = sum(c)
        self._honours = tuple(c[27:34])
        self._flags = melds << 3 | self.seven_pairs << 2 | self.thirteen_orphans << 1

    # --- the pieces ---------------------------------------------------------------------------

    def _special(self, pairs: int, kinds: int, orphan_kinds: int, orphan_pairs: int) -> int:
        best = INF
        if self.seven_pairs:
            best = 6 - pairs + (7 - kinds if kinds < 7 else 0)
        if self.thirteen_orphans:
            orphans = 13 - orphan_kinds - (1 if orphan_pairs else 0)
            if orphans < best:
                best = orphans
        return best

    # --- this hand ------------------------------------------------------------------------------

    def regular(self) -> int:
        """The regular form's shanten of the hand."""
        return self._regular_shanten

    def _two_others(self, s: int) -> tuple[int, ...]:
        """Per suit t: the combination of the two suits other than ``s`` and t (-1 at s)."""
        rest2 = self._rest2
        if rest2 is None:
            v = self.vids
            p01, p02, p03 = _pair(v[0], v[1]), _pair(v[0], v[2]), _pair(v[0], v[3])
            p12, p13, p23 = _pair(v[1], v[2]), _pair(v[1], v[3]), _pair(v[2], v[3])
            rest2 = self._rest2 = ((-1, p23, p13, p12), (p23, -1, p03, p02), (p13, p03, -1, p01), (p12, p02, p01, -1))
        return rest2[s]

    def shanten(self) -> int:
        """:func:`..analysis.shanten` of the hand."""
        best = self.regular()
        special = self._special(self.pairs, self.kinds, self.orphan_kinds, self.orphan_pairs)
        return special if special < best else best

    def useful(self, near_only: bool = False) -> list[int]:
        """:func:`..analysis.useful_tiles` of the hand (kinds whose draw lowers its shanten), in kind order.

        ``near_only`` leaves out the kinds far from every held tile even when a special form
        would gain from them (what the riichi bot's own count has always done)."""
        keys = self.keys
        memo = (keys[0], keys[1], keys[2], self._honours, self._flags | near_only)
        found = _useful_memo.get(memo)
        if found is None:
            if len(_useful_memo) >= _USEFUL_MEMO_SIZE:
                _useful_memo.clear()
            found = _useful_memo[memo] = tuple(self._useful(-1, near_only))
        return list(found)

    # --- a discard away -------------------------------------------------------------------------

    def shanten_after_discard(self, kind: int) -> int:
        """Shanten once a tile of ``kind`` (held) is thrown (a bonus kind is never a discard: 99)."""
        if kind >= 34:
            return INF
        c = self.counts
        s = _SUIT[kind]
        n = c[kind]
        key = self.keys[s] + (-_PLACE[kind] if s < 3 else _HONOR_REMOVE[n])
        best = _regular(self._rest3[s], _suit_vid.get(key) or _vid(key), self.melds)
        if self.seven_pairs or self.thirteen_orphans:
            orphan = _IS_ORPHAN[kind]
            special = self._special(
                self.pairs - (n == 2),
                self.kinds - (n == 1),
                self.orphan_kinds - (orphan and n == 1),
                self.orphan_pairs - (orphan and n == 2),
            )
            if special < best:
                best = special
        return best

    def useful_after_discard(self, kind: int, near_only: bool = False) -> list[int]:
        """:func:`..analysis.useful_tiles` of the hand once a tile of ``kind`` (held) is thrown."""
        keys = self.keys
        s = _SUIT[kind]
        if s < 3:
            numbered = keys[:3]
            numbered[s] -= _PLACE[kind]
            memo = (numbered[0], numbered[1], numbered[2], self._honours, self._flags | near_only)
        else:
            honours = list(self._honours)
            honours[kind - 27] -= 1
            memo = (keys[0], keys[1], keys[2], tuple(honours), self._flags | near_only)
        found = _useful_memo.get(memo)
        if found is None:
            if len(_useful_memo) >= _USEFUL_MEMO_SIZE:
                _useful_memo.clear()
            found = _useful_memo[memo] = tuple(self._useful(kind, near_only))
        return list(found)

    def _useful(self, thrown: int, near_only: bool) -> list[int]:
        """Kinds whose draw lowers the shanten of this hand less one tile of ``thrown`` (-1: none)."""
        c = self.counts
        melds = self.melds
        pairs, kinds, orphan_kinds, orphan_pairs = self.pairs, self.kinds, self.orphan_kinds, self.orphan_pairs
        tiles = self.tiles
        keys = list(self.keys)
        if thrown >= 0:
            s = _SUIT[thrown]
            n = c[thrown]
            keys[s] += -_PLACE[thrown] if s < 3 else _HONOR_REMOVE[n]
            vid_s = _suit_vid.get(keys[s]) or _vid(keys[s])
            same = self._rest3[s]  # a draw in the thrown tile's suit: the other three stay
            # a draw in suit t: the thrown tile's changed suit with the two others
            rest2 = self._two_others(s)
            pv = _pair_vid
            cross = [
                same if t == s else (pv.get(rest2[t] << _ID_BITS | vid_s) or _pair(rest2[t], vid_s)) for t in range(4)
            ]
            base = _regular(same, vid_s, melds)
            orphan = _IS_ORPHAN[thrown]
            pairs -= n == 2
            kinds -= n == 1
            orphan_kinds -= orphan and n == 1
            orphan_pairs -= orphan and n == 2
            tiles -= 1
            c[thrown] = n - 1
        else:
            cross = list(self._rest3)
            base = self.regular()
        try:
            specials = self.seven_pairs or self.thirteen_orphans
            # the special forms' shanten once a tile is drawn, by [orphan][copies held: 0, 1]
            drawn: tuple[tuple[int, int], tuple[int, int]] = ((INF, INF), (INF, INF))
            special_gains = False
            if specials:
                # seven pairs as is, with one more pair, with one more kind; thirteen orphans alike
                if self.seven_pairs:
                    pairs_now = 6 - pairs + (7 - kinds if kinds < 7 else 0)
                    pairs_more = pairs_now - 1
                    pairs_new_kind = pairs_now - (kinds < 7)
                else:
                    pairs_now = pairs_more = pairs_new_kind = INF
                if self.thirteen_orphans:
                    orphans_now = 13 - orphan_kinds - (1 if orphan_pairs else 0)
                    orphans_new = orphans_now - 1
                    orphans_pair = orphans_now - (not orphan_pairs)
                else:
                    orphans_now = orphans_new = orphans_pair = INF
                special = min(pairs_now, orphans_now)
                if special < base:
                    base = special
                drawn = (
                    (min(pairs_new_kind, orphans_now), min(pairs_more, orphans_now)),
                    (min(pairs_new_kind, orphans_new), min(pairs_more, orphans_pair)),
                )
                special_gains = min(min(drawn[0]), min(drawn[1])) < base
            # which kinds the original search tries: all 34 while a special form wants new kinds
            every_kind = not near_only and (self.thirteen_orphans or (self.seven_pairs and kinds < 7))
            gains_get = _gains.get
            tag = melds << 4 | (base + 1)
            out: list[int] = []
            for t in (0, 1, 2):
                key = keys[t]
                a = cross[t]
                gains = gains_get(((a << 22 | key) << 2 | t) << 7 | tag)
                if gains is None:
                    gains = _suit_gains(a, key, t, melds, base)
                if special_gains:
                    # a draw that only the special forms gain from (a pair, a new kind)
                    part = list(gains)
                    first = 9 * t
                    for i, _ in _numbered_layout(key)[0]:
                        u = first + i
                        cu = c[u]
                        if cu < 2 and u not in gains and drawn[_IS_ORPHAN[u]][cu] < base:
                            part.append(u)
                    part.sort()
                    out += part
                elif gains:
                    out += gains
            key, a = keys[3], cross[3]
            gains = gains_get(((a << 22 | key) << 2 | 3) << 7 | tag)  # honours: by the copies held
            if gains is None:
                gains = _suit_gains(a, key, 3, melds, base)
            if gains or special_gains:
                for u in range(27, 34):
                    cu = c[u]
                    if 0 < cu < 4 and (cu in gains or (special_gains and cu == 1 and drawn[1][1] < base)):
                        out.append(u)
            if not every_kind:
                return out
            far = [9 * t + i for t in (0, 1, 2) for i in _numbered_layout(keys[t])[1]]
            far += [u for u in range(27, 34) if not c[u]]
            if tiles + 3 * melds >= 13:
                # far kinds by the special forms alone (see the module docstring): a new kind, one
                # more orphan kind for an orphan; seven pairs gains alike from either
                gains_any, gains_orphan = drawn[0][0] < base, drawn[1][0] < base
                if not gains_orphan:
                    return out
                out += [u for u in far if gains_any or _IS_ORPHAN[u]]
            else:  # too few tiles for that argument: ask each far kind in full
                for u in far:
                    t = _SUIT[u]
                    key = keys[t] + (_PLACE[u] if t < 3 else _HONOR_ADD[0])
                    sh = _regular(cross[t], _suit_vid.get(key) or _vid(key), melds)
                    if sh < base or drawn[_IS_ORPHAN[u]][0] < base:
                        out.append(u)
            out.sort()
            return out
        finally:
            if thrown >= 0:
                c[thrown] += 1


# the useful kinds of a 3n+1 hand by its suits' keys, honour counts and (melds, forms, near only):
# a hand seen again (the tile just drawn thrown, two choices of one decision) is not searched again
_USEFUL_MEMO_SIZE = 1 << 15
_useful_memo: dict[tuple[int, int, int, tuple[int, ...], int], tuple[int, ...]] = {}

# --- per suit: which draws help, memoised by the suit and the rest of the hand -------------------

_layouts: dict[int, tuple[tuple[tuple[int, int], ...], tuple[int, ...]]] = {}
_gains: dict[int, tuple[int, ...]] = {}
_GAINS_SIZE = 1 << 18
_STEPS = tuple(5 ** (8 - i) for i in range(9))  # a numbered suit key's step for one more tile at offset i


def _numbered_layout(key: int) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """A numbered suit's near offsets that can take a tile (with their key steps), and its far ones."""
    layout = _layouts.get(key)
    if layout is None:
        digits = [0] * 9
        rest = key
        held = 0  # bit i: offset i held
        for i in range(8, -1, -1):
            rest, digits[i] = divmod(rest, 5)
            if digits[i]:
                held |= 1 << i
        near = (held | held << 1 | held << 2 | held >> 1 | held >> 2) & 0x1FF  # within two of a held offset
        layout = _layouts[key] = (
            tuple((i, _STEPS[i]) for i in range(9) if near >> i & 1 and digits[i] < 4),
            tuple(i for i in range(9) if not near >> i & 1),
        )
    return layout


def _suit_gains(rest: int, key: int, suit: int, melds: int, base: int) -> tuple[int, ...]:
    """The draws in ``suit`` (pattern ``key``) that bring the regular shanten below ``base``, with
    the other suits combined in ``rest``: a numbered suit's near kinds, or the honours' copy counts
    (1-3) whose kind gains (every honour held as often gains alike)."""
    found = []
    final = _final
    prefix = rest << (_ID_BITS + 3) | melds  # _regular's memo key without the drawn suit's id
    for gain, vid in _draws(key, suit):
        sh = final.get(prefix | vid << 3)
        if sh is None:
            sh = _regular(rest, vid, melds)
        if sh < base:
            found.append(gain)
    if len(_gains) >= _GAINS_SIZE:  # a long-running host: start over rather than grow without end
        _gains.clear()
    gains = _gains[((rest << 22 | key) << 2 | suit) << 7 | melds << 4 | (base + 1)] = tuple(found)
    return gains


_draws_memo: dict[int, tuple[tuple[int, int], ...]] = {}


def _draws(key: int, suit: int) -> tuple[tuple[int, int], ...]:
    """A suit pattern's possible draws, as (kind, or honour copy count; the suit's vector id after it)."""
    memo = key << 2 | suit
    draws = _draws_memo.get(memo)
    if draws is None:
        if suit < 3:
            first = 9 * suit
            draws = tuple((first + i, _vid(key + step)) for i, step in _numbered_layout(key)[0])
        else:
            code = key - _HONOR_BASE
            held = {1: code >> 6, 2: (code >> 3) & 7, 3: code & 7}  # kinds with 1, 2 and 3+ copies
            draws = tuple((copies, _vid(key + _HONOR_ADD[copies])) for copies in (1, 2, 3) if held[copies])
        _draws_memo[memo] = draws
    return draws
