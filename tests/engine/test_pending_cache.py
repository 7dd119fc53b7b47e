"""``Table.pending()`` is computed once per decision and kept until the state changes."""

import pytest

from jantaku.engine.actions import Discard, IllegalAction
from jantaku.engine.ruleset import get_ruleset
from jantaku.engine.table import Table


def counting(table: Table, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    computed = [0]
    fresh = table._compute_pending

    def compute():
        computed[0] += 1
        return fresh()

    monkeypatch.setattr(table, "_compute_pending", compute)
    return computed


@pytest.mark.parametrize("variant", ["riichi", "classical", "hongkong", "sichuan", "basic"])
def test_one_decision_computes_its_pending_actions_once(variant, monkeypatch):
    table = get_ruleset(variant).new_table(seed=5)
    computed = counting(table, monkeypatch)
    for _ in range(30):
        pending = table.pending()
        assert table.pending() == pending and table.legal_actions(min(pending)) == pending[min(pending)]
        seat = min(pending)
        before = computed[0]
        table.act(seat, pending[seat][0])  # the check inside act uses the kept answer
        assert computed[0] == before
        assert computed[0] <= 30


def test_a_caller_changing_its_dict_changes_nothing():
    table = get_ruleset("basic").new_table(seed=1)
    pending = table.pending()
    pending.clear()
    assert table.pending() and table.pending() == table._compute_pending()


def test_an_illegal_action_leaves_the_pending_actions_as_they_were():
    table = get_ruleset("basic").new_table(seed=1)
    before = table.pending()
    with pytest.raises(IllegalAction):
        table.act(2, Discard(0))
    assert table.pending() == before == table._compute_pending()


def test_a_hand_arranged_by_hand_is_seen():
    """Tests and tools set hands up directly, between two questions: the answer follows them."""
    table = get_ruleset("basic").new_table(seed=1)
    player = table.players[0]
    first = table.pending()[0]
    kept = player.concealed[0]
    other = next(t for t in table.wall.live if t != kept)
    player.concealed[0] = other  # the same length, another tile
    assert Discard(other) in table.pending()[0] and table.pending() != {0: first}
    player.concealed[0] = kept
    assert table.pending() == {0: first}
