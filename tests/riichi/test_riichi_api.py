"""What the game engine and the bots call: is_winning, has_yaku, score_win's checks, options, draws."""

import dataclasses
import random

import pytest

from jantaku.engine.melds import parse_hand
from jantaku.engine.options import OptionError
from jantaku.engine.rulesets.riichi import (
    PRESETS,
    RiichiOptions,
    RiichiWinContext,
    has_yaku,
    is_winning,
    riichi_options,
    score_win,
)
from jantaku.engine.rulesets.riichi.draws import (
    is_nagashi_mangan,
    nagashi_mangan_payments,
    nagashi_mangan_result,
    tenpai_payments,
)
from jantaku.engine.tiles import parse_tiles

from .riichi_helpers import score
from .riichi_oracle import random_win


def _hand(text):
    spec = parse_hand(text)
    return spec.concealed, spec.melds


@pytest.mark.parametrize(
    "text, winning",
    [
        ("123m456p789s11222z", True),
        ("1122m3344p5566s77z", True),  # seven pairs
        ("19m19p19s12345677z", True),  # thirteen orphans
        ("1111m2222p3333s44z", False),  # four of a kind is not two pairs
        ("123m456p789s12223z", False),
        ("123m456p789s55m chi:345s", True),
        ("1122m3344p55s chi:345s", False),  # seven pairs cannot have a meld
    ],
)
def test_is_winning(text, winning):
    assert is_winning(*_hand(text)) is winning


def test_has_yaku():
    concealed, melds = _hand("123m456p789s55m chi:345s")
    win = concealed[-1]
    assert not has_yaku(concealed, melds, win, RiichiWinContext())
    assert has_yaku(concealed, melds, win, RiichiWinContext(self_drawn=True, last_tile=True))
    concealed, melds = _hand("123m456p789s55m pon:555z")
    assert has_yaku(concealed, melds, concealed[-1], RiichiWinContext())
    closed, _ = _hand("234m567p234s678s55m")
    assert has_yaku(closed, [], closed[-1], RiichiWinContext())  # tanyao
    incomplete, _ = _hand("234m567p234s678s59m")
    assert not has_yaku(incomplete, [], incomplete[-1], RiichiWinContext(riichi=True))


def test_has_yaku_agrees_with_the_scorer():
    """has_yaku is the cheap form of "score_win finds a yaku"."""
    rng = random.Random(7)
    for _ in range(300):
        h = random_win(rng)
        assert (
            has_yaku(h.concealed, h.melds, h.win, h.context) == score_win(h.concealed, h.melds, h.win, h.context).is_win
        )


@pytest.mark.parametrize(
    "context, error",
    [
        ({"riichi": True}, "riichi needs a closed hand"),
        ({"ippatsu": True}, "ippatsu needs riichi"),
        ({"rinshan": True}, "rinshan (replacement) needs a self-drawn win"),
        ({"chankan": True, "self_drawn": True}, "chankan (robbed kong) needs a win on another player's tile"),
        ({"first_turn": True, "self_drawn": True}, "a first-turn win has no melds"),
        ({"discarder": 0}, "the discarder cannot be the winner"),
    ],
)
def test_contradictory_flags(context, error):
    result = score("123m456p789s55m chi:345s", "5m", **context)
    assert not result.is_win and result.error == error


def test_tile_count_and_winning_tile_checks():
    concealed = parse_tiles("123m456p789s11222z")
    ctx = RiichiWinContext(self_drawn=True)
    assert "14 tiles" in score_win(concealed[:-1], [], concealed[0], ctx).error
    assert "not among" in score_win(concealed, [], 135 if 135 not in concealed else 134, ctx).error


def test_red_five_win_tile_counts_once():
    result = score("234m567p234s678s50m", "5m", riichi=True)  # the win is the last 5m: the red one
    assert [i.value for i in result.items if i.name == "Aka dora"] == [1]


# --- options -------------------------------------------------------------------------------


def test_every_option_is_documented():
    for f in dataclasses.fields(RiichiOptions):
        assert f.metadata.get("doc"), f.name


def test_presets():
    assert riichi_options() == RiichiOptions()
    assert riichi_options("tenhou").uma == (20, 10, -10, -20)
    majsoul = riichi_options("majsoul")
    assert majsoul.double_yakuman and not majsoul.triple_ron_abort and majsoul.kokushi_rob_ankan
    assert majsoul.open_kan_dora_timing == "immediate"
    kobalab = riichi_options("kobalab")
    assert kobalab.aka_dora and kobalab.kuitan and kobalab.double_yakuman
    assert set(PRESETS) >= {"tenhou", "majsoul", "kobalab"}


def test_option_values_are_checked():
    with pytest.raises(OptionError):
        riichi_options(overrides={"multi_ron": "triple"})
    with pytest.raises(OptionError):
        riichi_options(overrides={"kuitan": "maybe"})
    assert riichi_options(overrides={"kuitan": "no"}).kuitan is False  # on/off, yes/no, true/false, 1/0 (issue #30)
    assert riichi_options(overrides={"uma": [30, 10, -10, -30]}).uma == (30, 10, -10, -30)


# --- draws ---------------------------------------------------------------------------------


def test_tenpai_payments():
    assert tenpai_payments(set()) == {0: 0, 1: 0, 2: 0, 3: 0}
    assert tenpai_payments({0, 1, 2, 3}) == {0: 0, 1: 0, 2: 0, 3: 0}
    assert tenpai_payments({0, 1, 3}) == {0: 1000, 1: 1000, 2: -3000, 3: 1000}


def test_nagashi_mangan():
    assert is_nagashi_mangan(parse_tiles("19m1p9s1234567z"), any_called=False)
    assert not is_nagashi_mangan(parse_tiles("19m1p9s1234567z"), any_called=True)
    assert not is_nagashi_mangan(parse_tiles("19m2p"), any_called=False)
    assert nagashi_mangan_payments([0]) == {0: 12000, 1: -4000, 2: -4000, 3: -4000}
    assert nagashi_mangan_payments([0, 1]) == {0: 12000 - 4000, 1: 8000 - 4000, 2: -6000, 3: -6000}
    result = nagashi_mangan_result(3)
    assert result.limit == "mangan" and result.items[0].name == "Nagashi mangan"
