"""The bots' incremental hand evaluation gives exactly today's answers (issue 18).

Every function is compared with its version from before the change
(``reference_efficiency.py``) on random hands: plain deals, hands rich in pairs (seven pairs
close) and in terminals and honours (thirteen orphans close), with 0-4 declared melds, short
hands too, and every combination of the special forms.
"""

from __future__ import annotations

import random

import pytest

from jantaku.engine.analysis import _combine, _honor_vector, shanten
from jantaku.engine import suit_vectors
from jantaku.engine.bots.efficiency import acceptance, acceptance_after, shanten_after
from jantaku.engine.bots.incremental import HandShape, combine
from jantaku.engine.rulesets.riichi.bot import efficiency
from jantaku.engine.tiles import TERMINALS_AND_HONORS

from . import reference_efficiency as ref

HANDS = 4000  # per test (14,000 hands in all); benchmarks/bot_speed.py --evaluation runs more
FORMS = [{"seven_pairs": sp, "thirteen_orphans": to} for sp in (True, False) for to in (True, False)]


def random_hand(rng: random.Random, tiles: int, style: int) -> list[int]:
    """``tiles`` tiles from a plain wall (style 0), from nine kinds (pairs, 1) or mostly orphans (2)."""
    if style == 0:
        pool = [k for k in range(34) for _ in range(4)]
    elif style == 1:
        pool = [k for k in rng.sample(range(34), 9) for _ in range(4)]
    else:
        pool = [k for k in TERMINALS_AND_HONORS for _ in range(4)] + [
            k for k in rng.sample(range(34), 5) for _ in range(2)
        ]
    rng.shuffle(pool)
    counts = [0] * 34
    for k in pool:
        if sum(counts) == tiles:
            break
        if counts[k] < 4:  # the orphan pool may repeat a kind past four
            counts[k] += 1
    return counts


def random_cases(seed: int, extra: int, hands: int = HANDS):
    """(counts, melds, forms): hands of 3n+1+extra tiles (a few three short)."""
    rng = random.Random(seed)
    for i in range(hands):
        melds = rng.choice((0, 0, 0, 1, 2, 3, 4))
        tiles = 13 - 3 * melds + extra - (3 if rng.random() < 0.05 and melds < 4 else 0)
        yield random_hand(rng, tiles, i % 3), melds, FORMS[i % 4]


def test_shanten_and_useful_tiles_of_a_hand() -> None:
    for counts, melds, forms in random_cases(1, 0):
        shape = HandShape(counts, melds, **forms)
        assert (shape.shanten(), shape.useful()) == (
            shanten(counts, melds, **forms),
            ref.useful_tiles(counts, melds, **forms),
        ), (counts, melds, forms)


def test_every_discard_of_a_hand() -> None:
    for counts, melds, forms in random_cases(2, 1, HANDS // 2):
        shape = HandShape(counts, melds, **forms)
        got = {k: (shape.shanten_after_discard(k), shape.useful_after_discard(k)) for k in range(34) if counts[k]}
        assert got == ref.discard_table(counts, melds, **forms), (counts, melds, forms)


def test_acceptance_and_after_discard_helpers() -> None:
    rng = random.Random(3)
    for counts, melds, forms in random_cases(3, 1):
        unseen = [rng.randint(0, 4 - c) for c in counts]
        for k in (k for k in range(34) if counts[k]):
            counts[k] -= 1
            expected = ref.acceptance(counts, melds, unseen, **forms)
            thrown = shanten(counts, melds, **forms)
            assert acceptance(counts, melds, unseen, **forms) == expected, (counts, melds, forms)
            counts[k] += 1
            assert shanten_after(counts, melds, k, **forms) == thrown
            assert acceptance_after(counts, melds, k, unseen, **forms) == expected[1]
            break  # one kind per hand keeps this test short


def test_riichi_bot_efficiency() -> None:
    rng = random.Random(4)
    for counts, melds, _ in random_cases(4, 1):
        seen = [rng.randint(0, 4 - c) for c in counts]
        assert efficiency(counts, melds, seen) == ref.riichi_efficiency(counts, melds, seen), (counts, melds)


@pytest.mark.parametrize("forms", FORMS, ids=str)
def test_counts_are_left_as_they_were(forms: dict[str, bool]) -> None:
    counts = random_hand(random.Random(5), 14, 1)
    before = list(counts)
    shape = HandShape(counts, 0, **forms)
    for k in range(34):
        if counts[k]:
            shape.useful_after_discard(k)
            shape.useful_after_discard(k, near_only=True)
    assert shape.counts == before and counts == before


def test_combine_equals_the_analysis_combination() -> None:
    """Every pair of 150 vectors: single suits (numbered and honours) and combinations of two and three."""
    rng = random.Random(6)
    singles = list(suit_vectors.load()[0])  # every numbered suit's vector
    singles += [
        _honor_vector((a, b, c)) for a in range(5) for b in range(4) for c in range(3) if a + 2 * b + 3 * c <= 14
    ]
    vectors = rng.sample(singles, 50)
    vectors += [_combine(rng.choice(singles), rng.choice(singles)) for _ in range(50)]
    vectors += [_combine(rng.choice(vectors[50:]), rng.choice(singles)) for _ in range(50)]
    for a in vectors:
        for b in vectors:
            assert combine(a, b) == _combine(a, b), (a, b)
