"""The level bots weigh a call or a kong by the meld it would make: that meld has the engine's
meld type, so a chi reads as a run and a concealed kong as concealed (the strategies ask)."""

from jantaku.engine.actions import Ankan, Chi, Kan, Pon
from jantaku.engine.bots.levels import called_meld, concealed_kong_meld
from jantaku.engine.melds import MeldType


def test_a_chi_makes_a_run():
    meld = called_meld(Chi(8, (0, 4)))  # 3m claimed with 12m
    assert meld.type is MeldType.CHI
    assert meld.kinds == (0, 1, 2)
    assert not meld.is_pung


def test_a_pon_and_an_open_kong_make_pungs():
    assert called_meld(Pon(8, (9, 10))).type is MeldType.PON
    assert called_meld(Kan(8, (9, 10, 11))).type is MeldType.KAN
    assert called_meld(Pon(8, (9, 10))).is_pung


def test_a_concealed_kong_is_concealed():
    meld = concealed_kong_meld(Ankan(8, (8, 9, 10, 11)))
    assert meld.type is MeldType.ANKAN
    assert meld.kinds == (2, 2, 2, 2)
    assert meld.is_concealed
