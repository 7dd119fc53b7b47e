"""The precomputed suit vectors (``jantaku/engine/suit_vectors.bin``) are the search's own answers (issue 18)."""

from __future__ import annotations

import random

from jantaku.engine.analysis import _numbered_vector
from jantaku.engine.suit_vectors import KEYS, MAX_TILES, numbered_vector


def key_of(counts: list[int]) -> int:
    key = 0
    for c in counts:
        key = key * 5 + c
    return key


def test_random_patterns_match_the_search() -> None:
    rng = random.Random(18)
    checked = 0
    while checked < 6000:
        counts = [rng.choice((0, 0, 0, 1, 1, 2, 3, 4)) for _ in range(9)]
        if sum(counts) <= MAX_TILES:
            key = key_of(counts)
            assert numbered_vector(key) == _numbered_vector(key), counts
            checked += 1


def test_every_pattern_on_the_top_four_offsets_and_the_highest_keys() -> None:
    keys = [k for k in range(KEYS) if k < 5**4 or k > KEYS - 5**3]  # 6-9 only; 1-6 full, 7-9 any
    for key in keys:
        assert numbered_vector(key) == _numbered_vector(key), key


def test_a_pattern_beyond_the_table_is_computed() -> None:
    key = key_of([4, 4, 4, 4, 0, 0, 0, 0, 0])  # 16 tiles: no hand, not in the table
    assert numbered_vector(key) == _numbered_vector(key)
