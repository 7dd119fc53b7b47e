"""The cheap gates in front of the claim checks never turn a possible claim away.

At every discard the table asks each other seat whether it can win on the tile: a hand that no one
tile completes (:func:`may_complete_with_one`) is not asked again until it changes.
"""

from __future__ import annotations

import random

import pytest

from jantaku.engine.analysis import (
    _regular_may_complete,
    is_complete,
    is_regular_complete,
    may_complete_with_one,
    shanten,
)
from jantaku.engine.ruleset import get_ruleset
from jantaku.engine.tiles import TERMINALS_AND_HONORS, counts34

FORMS = [
    dict(seven_pairs=sp, thirteen_orphans=to, four_as_two=fat)
    for sp in (True, False)
    for to in (True, False)
    for fat in (False, True)
    if sp or not fat
]


def complete_counts(rng: random.Random, sets: int) -> list[int]:
    """Sets and a pair, seven pairs (some as four of a kind), or thirteen orphans; at most four copies."""
    while True:
        counts = [0] * 34
        form = rng.random()
        if form < 0.15 and sets == 4:
            for k in rng.sample(range(34), 7):
                counts[k] += 2
            if rng.random() < 0.5:  # four of a kind as two pairs (Sichuan)
                a, b = rng.sample([k for k in range(34) if counts[k]], 2)
                counts[a] += 2
                counts[b] -= 2
        elif form < 0.25 and sets == 4:
            for k in TERMINALS_AND_HONORS:
                counts[k] += 1
            counts[rng.choice(TERMINALS_AND_HONORS)] += 1
        else:
            for _ in range(sets):
                if rng.random() < 0.5:
                    suit, start = rng.randrange(3), rng.randrange(7)
                    for i in range(3):
                        counts[suit * 9 + start + i] += 1
                else:
                    counts[rng.randrange(34)] += 3
            counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            return counts


def some_hands(rng: random.Random, n: int) -> list[tuple[list[int], int]]:
    """Hands one tile short of complete (a tile taken away) and random ones, with their melds."""
    out = []
    for _ in range(n):
        melds = rng.choice((0, 0, 0, 1, 2, 3, 4))
        if rng.random() < 0.6:
            counts = complete_counts(rng, 4 - melds)
            held = [k for k in range(34) if counts[k]]
            counts[rng.choice(held)] -= 1
        else:
            tiles = rng.sample(range(136), 13 - 3 * melds)
            counts = counts34(tiles)
        out.append((counts, melds))
    return out


@pytest.mark.parametrize("tables", ["unknown", "known"])
def test_a_hand_one_tile_completes_passes_the_gate(tables):
    """Both ways the gate answers: from the shanten tables, or (a hand they do not know yet) by search."""
    rng = random.Random(18 if tables == "unknown" else 19)
    refused = ready = 0
    for counts, melds in some_hands(rng, 800):
        if tables == "known":
            shanten(counts, melds)  # builds the tables' entries for this hand
        for forms in FORMS:
            gate = may_complete_with_one(counts, melds, **forms)
            winners = []
            for k in range(34):
                if counts[k] < 4:
                    counts[k] += 1
                    if is_complete(counts, melds, **forms):
                        winners.append(k)
                    counts[k] -= 1
            assert gate or not winners, (counts, melds, forms, winners)
            refused += not gate
            ready += bool(winners)
        # the search the gate falls back on, whatever the tables know
        regular = any(is_regular_complete(counts[:k] + [counts[k] + 1] + counts[k + 1 :]) for k in range(34))
        assert _regular_may_complete(counts) or not regular
    assert refused > 500 and ready > 500  # the gate turns most hands away, and the ready ones are many


@pytest.mark.parametrize("tiles", [12, 14, 15, 16])
def test_a_hand_of_the_wrong_size_is_not_turned_away_wrongly(tiles):
    rng = random.Random(tiles)
    for _ in range(200):
        counts = counts34(rng.sample(range(136), tiles))
        gate = may_complete_with_one(counts, 0)
        for k in range(34):
            if counts[k] < 4:
                counts[k] += 1
                assert gate or not is_complete(counts, 0)
                counts[k] -= 1


@pytest.mark.parametrize("variant", ["basic", "classical", "hongkong", "sichuan"])
def test_a_win_is_the_shape_check_of_the_hand_with_the_tile(variant):
    """The table's gated check answers as the shape check it stands in front of, at every discard
    and every draw."""
    from jantaku.engine.table import Table

    rng = random.Random(3)
    table = get_ruleset(variant).new_table(seed=7)
    asked = 0
    while not table.is_over and asked < 400:
        pending = table.pending()
        if table.last_discard is not None:
            discarder, tile = table.last_discard
            for seat in range(4):
                player = table.players[seat]
                if seat == discarder or player.out:
                    continue
                counts = counts34(player.concealed)
                counts[tile >> 2] += 1
                plain = is_complete(
                    counts,
                    len(player.melds),
                    seven_pairs=table.seven_pairs,
                    thirteen_orphans=table.thirteen_orphans,
                    four_as_two=table.four_as_two,
                )
                assert Table.can_win(table, seat, tile, self_drawn=False) == plain
                asked += 1
        turn = table.players[table.turn_seat]
        if table.phase.value == "turn" and turn.drawn is not None:  # a self-drawn win: the hand as it is
            plain = is_complete(
                counts34(turn.concealed),
                len(turn.melds),
                seven_pairs=table.seven_pairs,
                thirteen_orphans=table.thirteen_orphans,
                four_as_two=table.four_as_two,
            )
            assert Table.can_win(table, table.turn_seat, turn.drawn, self_drawn=True) == plain
        seat = min(pending)
        table.act(seat, rng.choice(pending[seat]))
    assert asked > 50
