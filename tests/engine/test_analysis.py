import json
import random

import pytest
from hypothesis import given, strategies as st

from jantaku.engine.analysis import (
    decompositions,
    discard_options,
    is_complete,
    regular_shanten,
    seven_pairs_shanten,
    shanten,
    thirteen_orphans_shanten,
    waits,
)
from jantaku.engine.tiles import kinds_to_counts, parse_kinds

OFF = {"m": 0, "p": 9, "s": 18, "z": 27}


def counts_of(text):
    return kinds_to_counts(parse_kinds(text))


def kobalab_cases(data_dir):
    for i in range(1, 5):
        for case in json.loads((data_dir / "kobalab" / f"xiangting_{i}.json").read_text()):
            counts = [0] * 34
            for t in case["q"]:
                counts[OFF[t[0]] + (int(t[1]) or 5) - 1] += 1
            yield case["q"], counts, case["x"]


def test_shanten_agrees_with_all_40000_kobalab_cases(data_dir):
    wrong = []
    n = 0
    for q, counts, (regular, orphans, pairs) in kobalab_cases(data_dir):
        n += 1
        got = (regular_shanten(counts), thirteen_orphans_shanten(counts), seven_pairs_shanten(counts))
        if got != (regular, orphans, pairs):
            wrong.append((q, (regular, orphans, pairs), got))
    assert n == 40000
    assert wrong == []


@pytest.mark.parametrize(
    "hand, expected",
    [
        ("123m456p789s1122z", 0),
        ("123m456p789s11223z", 0),  # 14 tiles: discard 3z → ready
        ("19m19p19s1234567z", 0),  # thirteen orphans, 13-wait
        ("1133557799m1133p", -1),  # seven pairs
        ("1133557799m113p", 0),
    ],
)
def test_known_shanten(hand, expected):
    assert shanten(counts_of(hand)) == expected


def test_melds_reduce_the_sets_needed():
    assert regular_shanten(counts_of("1122z"), melds=3) == 0
    assert regular_shanten(counts_of("2z"), melds=4) == 0
    assert regular_shanten(counts_of("22z"), melds=4) == -1


def test_decompositions_find_every_split():
    ds = decompositions(counts_of("111222333m55p"))
    assert {tuple(sorted(d.sets)) for d in ds} == {
        (("chow", 0), ("chow", 0), ("chow", 0)),
        (("pung", 0), ("pung", 1), ("pung", 2)),
    }
    assert all(d.pair == 13 for d in ds)
    assert decompositions(counts_of("123m")) == []


def test_nine_gates_waits_on_all_nine():
    assert waits(counts_of("1112345678999m")) == list(range(9))


def test_chows_never_wrap_or_use_honours():
    assert not is_complete(counts_of("891m234p567s11z"))
    assert not is_complete(counts_of("123z123m456m789m11p"))


def brute_waits(counts, melds=0):
    out = []
    for k in range(34):
        if counts[k] >= 4:
            continue
        c = list(counts)
        c[k] += 1
        if is_complete_bruteforce(c, melds):
            out.append(k)
    return out


def is_complete_bruteforce(c, melds):
    """Tries every first set/pair at the lowest tile: slow and obviously right."""
    n = sum(c)
    if n == 14 and melds == 0:
        if all(x in (0, 2) for x in c) and c.count(2) == 7:
            return True
        orphans = [0, 8, 9, 17, 18, 26] + list(range(27, 34))
        if all(c[i] >= 1 for i in orphans) and sum(c[i] for i in orphans) == 14:
            return True

    def rec(c, pair_used):
        i = next((k for k in range(34) if c[k]), None)
        if i is None:
            return pair_used
        if c[i] >= 2 and not pair_used:
            c[i] -= 2
            if rec(c, True):
                c[i] += 2
                return True
            c[i] += 2
        if c[i] >= 3:
            c[i] -= 3
            if rec(c, pair_used):
                c[i] += 3
                return True
            c[i] += 3
        if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
            for d in (0, 1, 2):
                c[i + d] -= 1
            ok = rec(c, pair_used)
            for d in (0, 1, 2):
                c[i + d] += 1
            if ok:
                return True
        return False

    return rec(list(c), False)


@given(st.randoms(use_true_random=False), st.integers(0, 3))
def test_waits_agree_with_brute_force(rng, melds):
    size = 13 - 3 * melds
    # bias toward ready hands: build from sets, then remove a tile
    tiles = []
    while len(tiles) < size + 1:
        k = rng.randrange(34)
        shape = rng.random()
        if shape < 0.5 and k < 27 and k % 9 <= 6:
            tiles += [k, k + 1, k + 2]
        elif shape < 0.8:
            tiles += [k] * 3
        else:
            tiles += [k] * 2
    tiles = tiles[: size + 1]
    counts = [0] * 34
    for k in tiles:
        counts[k] += 1
    if max(counts) > 4:
        return
    counts[tiles[rng.randrange(len(tiles))]] -= 1
    assert waits(counts, melds) == brute_waits(counts, melds)


def test_discard_options_rank_by_shanten_then_acceptance():
    opts = discard_options(counts_of("1233m456p789s1122z"))
    assert opts[0].discard == parse_kinds("3m")[0] and opts[0].shanten == 0
    assert set(opts[0].useful) == set(parse_kinds("12z"))
    assert opts[0].remaining == 4
    assert all(o.shanten >= opts[0].shanten for o in opts)


def test_random_hands_agree_with_mahjong_package():
    mahjong = pytest.importorskip("mahjong.shanten")
    calc = mahjong.Shanten()
    rng = random.Random(4)
    for _ in range(3000):
        ids = rng.sample(range(136), rng.choice((13, 14)))
        counts = [0] * 34
        for t in ids:
            counts[t >> 2] += 1
        assert shanten(counts) == calc.calculate_shanten(counts)


@given(st.randoms(use_true_random=False), st.booleans())
def test_useful_tiles_equal_brute_force(rng, special_forms):
    from jantaku.engine.analysis import useful_tiles

    counts = [0] * 34
    for t in rng.sample(range(136), 13):
        counts[t >> 2] += 1
    forms = {} if special_forms else {"seven_pairs": False, "thirteen_orphans": False}
    base = shanten(counts, **forms)
    brute = []
    for k in range(34):
        if counts[k] < 4:
            counts[k] += 1
            if shanten(counts, **forms) < base:
                brute.append(k)
            counts[k] -= 1
    assert useful_tiles(counts, **forms) == brute
