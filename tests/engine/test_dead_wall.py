"""The dead wall keeps its size at every step of random hands where the ruleset refills it
(Hong Kong, seed 004: "Tote Mauer: besteht immer aus 14 Ziegeln"; Classical; Riichi), and
every tile stays somewhere (issue #20, item 3)."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from jantaku.engine.ruleset import get_ruleset
from jantaku.engine.tiles import full_tile_set

from .helpers import random_choice

VARIANTS = [  # ruleset, preset, option overrides
    ("hongkong", None, {}),
    ("hongkong", None, {"liability": True, "min_fan": 0}),
    ("classical", "classical", {}),
    ("classical", "dmjl", {}),
    ("riichi", None, {}),
]


def check_dead_wall_and_tiles(table) -> None:
    if table.refill_dead_wall and table.dead_wall_size:
        assert len(table.wall.untaken_dead()) == table.dead_wall_size, (table.phase, table.wall.remaining)
    where = table.tile_locations()  # raises when a tile is in two places
    assert sorted(where) == sorted(full_tile_set(bonus=table.bonus_tiles, honors=table.honors))


@pytest.mark.parametrize("name, preset, options", VARIANTS, ids=[f"{v[0]}-{v[1]}-{len(v[2])}" for v in VARIANTS])
@given(seed=st.integers(0, 2**32 - 1))
@settings(max_examples=40, deadline=None)
def test_the_dead_wall_keeps_its_size_at_every_step(name, preset, options, seed):
    rng = random.Random(seed)
    table = get_ruleset(name, preset, options).new_table(seed=seed)
    steps = 0
    check_dead_wall_and_tiles(table)
    while not table.is_over:
        pending = table.pending()
        seat = rng.choice(sorted(pending))
        table.act(seat, random_choice(rng, pending[seat]))
        check_dead_wall_and_tiles(table)
        steps += 1
        assert steps < 2000
    assert sum(table.result.deltas) == 0
