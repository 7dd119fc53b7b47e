"""The table-driven shanten and winning check against independent references, hand by hand.

The 40,000 kobalab cases are in test_analysis.py; here random hands (with and without declared
melds) against the PyPI ``mahjong`` package, form by form, and the winning check against the
decomposition search.  ``benchmarks/shanten.py`` runs the same comparisons with large counts.
"""

import random

import pytest

from jantaku.engine import analysis
from jantaku.engine.analysis import (
    is_complete,
    is_regular_complete,
    regular_shanten,
    seven_pairs_shanten,
    shanten,
    shanten_all,
    thirteen_orphans_shanten,
)

mahjong_shanten = pytest.importorskip("mahjong.shanten")


def random_counts(rng: random.Random, size: int) -> list[int]:
    counts = [0] * 34
    for t in rng.sample(range(136), size):
        counts[t >> 2] += 1
    return counts


def built_hand(rng: random.Random, size: int) -> list[int]:
    """Mostly sets and pairs, so that complete and ready hands are common; None when a kind overflows."""
    kinds: list[int] = []
    while len(kinds) < size:
        k = rng.randrange(34)
        roll = rng.random()
        if roll < 0.45 and k < 27 and k % 9 <= 6:
            kinds += [k, k + 1, k + 2]
        elif roll < 0.75:
            kinds += [k] * 3
        elif roll < 0.95:
            kinds += [k] * 2
        else:
            kinds.append(k)
    counts = [0] * 34
    for k in kinds[:size]:
        counts[k] += 1
    return counts


def test_every_form_agrees_with_the_mahjong_package_on_random_hands():
    calc = mahjong_shanten.Shanten()
    rng = random.Random(18)
    wrong = []
    for _ in range(6000):
        counts = random_counts(rng, rng.choice((13, 14)))
        ours = (regular_shanten(counts), seven_pairs_shanten(counts), thirteen_orphans_shanten(counts))
        theirs = (
            calc.calculate_shanten_for_regular_hand(counts),
            calc.calculate_shanten_for_chiitoitsu_hand(counts),
            calc.calculate_shanten_for_kokushi_hand(counts),
        )
        if ours != theirs or shanten(counts) != min(theirs) or shanten_all(counts).min != min(theirs):
            wrong.append((counts, ours, theirs))
    assert wrong == []


def test_declared_melds_agree_with_the_mahjong_package():
    calc = mahjong_shanten.Shanten()
    rng = random.Random(19)
    wrong = []
    for _ in range(4000):
        melds = rng.randrange(1, 5)
        counts = random_counts(rng, 13 - 3 * melds + rng.randrange(2))
        expected = calc.calculate_shanten_for_regular_hand(counts)
        got = (regular_shanten(counts, melds), shanten(counts, melds), shanten_all(counts, melds))
        if got != (expected, expected, analysis.Shanten(expected, analysis.INF, analysis.INF)):
            wrong.append((melds, counts, got, expected))
    assert wrong == []


def test_forms_switched_off_are_left_out():
    counts = [0] * 34
    for k in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33):
        counts[k] = 1
    assert shanten(counts) == 0
    assert shanten(counts, thirteen_orphans=False) == min(regular_shanten(counts), seven_pairs_shanten(counts)) == 6
    pairs = [0] * 34
    for k in (0, 3, 6, 10, 14, 20, 30):
        pairs[k] = 2
    pairs[30] -= 1
    assert shanten(pairs) == 0
    assert shanten(pairs, seven_pairs=False) == min(regular_shanten(pairs), thirteen_orphans_shanten(pairs)) > 0


@pytest.mark.parametrize("size", [2, 5, 8, 11, 14, 17])
def test_the_winning_check_agrees_with_the_decomposition_search(size):
    rng = random.Random(size)
    complete = 0
    for _ in range(3000):
        counts = built_hand(rng, size)
        if max(counts) > 4:
            continue
        if rng.random() < 0.3:  # one tile changed: mostly not complete
            src = rng.choice([k for k in range(34) if counts[k]])
            dst = rng.choice([k for k in range(34) if counts[k] < 4])
            counts[src] -= 1
            counts[dst] += 1
        if rng.random() < 0.5:
            shanten(counts)  # the tables now know the hand: the lookup path, else the decomposition
        expected = analysis._splits_into_sets_and_a_pair(counts)
        complete += expected
        assert is_regular_complete(counts) == expected, counts
        assert is_complete(counts, (14 - size) // 3 if size <= 14 else 0) == (
            expected or (size == 14 and (analysis.is_seven_pairs(counts) or analysis.is_thirteen_orphans(counts)))
        ), counts
        special = size == 14 and (
            analysis.is_seven_pairs(counts, four_as_two=True) or analysis.is_thirteen_orphans(counts)
        )
        assert is_complete(counts, four_as_two=True) == (expected or special), counts
        assert is_complete(counts, seven_pairs=False, thirteen_orphans=False) == expected, counts
    assert complete > 100  # the hands built from sets do reach the interesting case


@pytest.mark.parametrize("size", [1, 3, 4, 13, 15])
def test_sizes_that_cannot_be_complete_are_not(size):
    rng = random.Random(size)
    for _ in range(300):
        counts = built_hand(rng, size)
        if max(counts) <= 4:
            assert not is_regular_complete(counts)


def test_the_suit_memo_stays_bounded_and_right_when_it_starts_over(monkeypatch):
    monkeypatch.setattr(analysis, "_MAX_SUIT_ENTRIES", 50)
    numbered, honors = [None] * 5, [None] * 5  # fresh memos: what earlier tests filled in stays out
    monkeypatch.setattr(analysis, "_numbered_trie", numbered)
    monkeypatch.setattr(analysis, "_honor_trie", honors)
    monkeypatch.setattr(analysis, "_trie_entries", {id(numbered): 0, id(honors): 0})
    calc = mahjong_shanten.Shanten()
    rng = random.Random(20)
    for _ in range(500):
        counts = random_counts(rng, 13)
        assert shanten(counts) == calc.calculate_shanten(counts)
        assert is_complete(counts) is False
        assert all(n <= 50 for n in analysis._trie_entries.values())
    assert analysis._trie_entries[id(numbered)] > 0
