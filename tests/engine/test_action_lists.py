"""Legal action lists come out sorted as :meth:`Action.sort_key` says, however they were made.

``Table._sorted`` skips the sort for the leading discards of a turn (already in order); a list
that breaks that pattern anywhere is sorted in full.
"""

from __future__ import annotations

import random

import pytest

from jantaku.engine.actions import Action, Ankan, Chi, Discard, Kakan, Pass, Pon, Riichi, Ron, Tsumo
from jantaku.engine.ruleset import get_ruleset
from jantaku.engine.table import Table


def plainly_sorted(actions: list[Action]) -> tuple[Action, ...]:
    return tuple(sorted(set(actions), key=Action.sort_key))


@pytest.mark.parametrize(
    "actions",
    [
        [],
        [Discard(4), Discard(8), Discard(12)],
        [Discard(4), Discard(8), Tsumo(8), Riichi(4), Riichi(8)],
        [Discard(8), Discard(4), Tsumo(8)],  # discards out of order
        [Discard(4), Discard(4), Discard(8)],  # a discard twice
        [Discard(4), Discard(8), Riichi(4), Discard(0)],  # a discard after the others
        [Discard(4), Discard(8), Tsumo(8), Tsumo(8)],  # the rest twice
        [Discard(16), Discard(17), Ankan(20, (20, 21, 22, 23)), Kakan(30), Riichi(17), Riichi(16)],
        [Ron(9), Pass(), Pon(9, (10, 11)), Chi(9, (0, 4))],
        [Pass()],
    ],
)
def test_an_action_list_is_sorted_as_the_sort_key_says(actions):
    assert Table._sorted(list(actions)) == plainly_sorted(actions)


@pytest.mark.parametrize("variant", ["basic", "riichi", "classical", "hongkong", "sichuan"])
def test_every_pending_list_of_random_play_is_sorted_and_unique(variant):
    rng = random.Random(4)
    table = get_ruleset(variant).new_table(seed=9)
    for _ in range(300):
        pending = table.pending()
        if not pending:
            break
        for seat, actions in pending.items():
            assert actions == plainly_sorted(list(actions)), (seat, actions)
            if table.phase.value == "turn":
                assert actions == plainly_sorted(table.turn_actions(seat))
        seat = min(pending)
        table.act(seat, rng.choice(pending[seat]))
