"""Payments: only the winner receives; the discarder pays double; self-drawn all pay double."""

import pytest

from jantaku.engine.rulesets.hongkong.payments import settle, shares

from .helpers import score

HAND = "123m456p789s11z pon:555z"  # 2 fan (white dragon, no bonus tiles): 4 points


@pytest.mark.parametrize("winner", range(4))
def test_discard_shares(winner):
    discarder = (winner + 2) % 4
    owed = shares(winner, discarder)
    assert owed[discarder] == 2 and sorted(owed.values()) == [1, 1, 2] and winner not in owed


@pytest.mark.parametrize("winner", range(4))
def test_self_drawn_shares(winner):
    assert shares(winner, None) == {s: 2 for s in range(4) if s != winner}


def test_discard_payments():
    result = score(HAND, "1z", seat="S", **{"from": "N"})
    assert result["score"] == 4
    assert result["payments"] == {"E": -4, "S": 16, "W": -4, "N": -8}


def test_self_drawn_payments():
    result = score(HAND, "1z", by="self", seat="W")
    assert result["score"] == 8  # + self-drawn
    assert result["payments"] == {"E": -16, "S": -16, "W": 48, "N": -16}


def test_the_default_discarder_is_the_player_before_the_winner():
    assert score(HAND, "1z", seat="S")["payments"]["E"] == -8


def test_east_has_no_advantage():
    as_east = score(HAND, "1z", seat="E", **{"from": "S"})["payments"]
    as_west = score(HAND, "1z", seat="W", **{"from": "S"})["payments"]
    assert as_east["E"] == as_west["W"] == 16 and as_east["S"] == as_west["S"] == -8


@pytest.mark.parametrize("discarder, liable", [(None, None), (1, None), (1, 1), (1, 2), (None, 3), (2, 2)])
def test_payments_balance(discarder, liable):
    out = settle(24, winner=0, discarder=discarder, liable=liable)
    assert sum(out.values()) == 0 and out[0] > 0 and all(v <= 0 for s, v in out.items() if s)
