"""Element tests of the points table: each item on a hand that has it and one that narrowly doesn't."""

import pytest
from .classical_helpers import PRESETS, items, points_items, score


# --- sets, for every player (scored on loser hands: no winner's extras) ---------------


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(
    "hand, name, value",
    [
        ("pon:222m", "Exposed pung 222m", 2),
        ("222m", "Concealed pung 222m", 4),
        ("pon:111p", "Exposed pung 111p", 4),
        ("999s", "Concealed pung 999s", 8),
        ("pon:333z", "Exposed pung 333z", 4),
        ("777z", "Concealed pung 777z", 8),
        ("kakan:5555m", "Exposed kong 5555m", 8),
        ("kan:5555m", "Exposed kong 5555m", 8),
        ("ankan:5555m", "Concealed kong 5555m", 16),
        ("kan:9999p", "Exposed kong 9999p", 16),
        ("ankan:4444z", "Concealed kong 4444z", 32),
    ],
)
def test_set_points(preset, hand, name, value):
    assert points_items(score(hand, preset=preset)) == {name: value}


@pytest.mark.parametrize("preset", PRESETS)
def test_a_chow_scores_nothing(preset):
    result = score("456p chi:234m", preset=preset)
    assert points_items(result) == {}
    assert result["score"] == 0


def test_four_undeclared_tiles_are_a_pung_not_a_kong():
    assert points_items(score("2222m", preset="dmjl")) == {"Concealed pung 222m": 4}


# --- the pair ------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(
    "pair, seat, round_wind, expected",
    [
        ("55z", "E", "E", {"Pair of dragons": 2}),
        ("22z", "S", "E", {"Pair of own wind": 2}),
        ("22z", "E", "S", {"Pair of round wind": 2}),
        ("11z", "E", "E", {"Pair of own wind": 2, "Pair of round wind": 2}),  # own = round: 4
        ("33z", "E", "E", {}),  # a wind that is neither
        ("55m", "E", "E", {}),
    ],
)
def test_pair_points(preset, pair, seat, round_wind, expected):
    result = score(pair, preset=preset, seat=seat, round_wind=round_wind)
    assert points_items(result) == expected


def test_own_and_round_wind_pair_is_4_points():
    assert score("11z", preset="dmjl")["points"] == 4


def test_a_loser_counts_one_pair_only():
    assert points_items(score("55z66z", preset="dmjl", options={"loser_pairs": "one"})) == {"Pair of dragons": 2}


def test_a_classical_loser_counts_one_pair_only():
    # seed 000: "Ein Paar darf als Schlußpaar gezählt werden"
    assert points_items(score("22z66z77z159m", preset="classical", seat="S")) == {"Pair of own wind": 2}


def test_a_dmjl_loser_counts_every_scoring_pair():
    # Kajongg's DMJL rules: pairs of own wind, green and red dragons score 6
    result = score("22z66z77z159m", preset="dmjl", seat="S")
    assert points_items(result) == {"Pair of dragons": 4, "Pair of own wind": 2}
    assert result["points"] == 6


def test_every_pair_is_an_option_of_the_classical_preset_too():
    result = score("11z55z", options={"loser_pairs": "every"})
    assert points_items(result) == {"Pair of dragons": 2, "Pair of own wind": 2, "Pair of round wind": 2}


def test_a_winner_still_has_one_pair_when_losers_count_every_pair():
    result = score("123m456p789s11z pon:555z", "1z", preset="dmjl")
    assert points_items(result)["Pair of own wind"] == 2


# --- bonus tiles ----------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_each_flower_and_season_is_4_points(preset):
    assert points_items(score("123m bonus:2f3f4y", preset=preset, seat="E")) == {"Flowers and seasons": 12}


# --- the winner only --------------------------------------------------------------------

# 123m 456p 789s 11z + a pung of Green: the winning tile decides the extras.
WIN_HAND = "123m456p789s11z pon:666z"


@pytest.mark.parametrize("preset", PRESETS)
def test_mah_jong_is_20_for_the_winner_only(preset):
    assert items(score(WIN_HAND, "2m", preset=preset))["Mah Jong"] == 20
    assert "Mah Jong" not in items(score(WIN_HAND, preset=preset))


@pytest.mark.parametrize("preset", PRESETS)
def test_self_drawn_last_tile(preset):
    assert items(score(WIN_HAND, "2m", preset=preset, self_drawn=True))["Last tile self-drawn"] == 2
    assert "Last tile self-drawn" not in items(score(WIN_HAND, "2m", preset=preset))


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(
    "hand, win, only",
    [
        ("123m456p789s11z pon:666z", "1z", True),  # single wait on the pair
        ("123m456p789s55m pon:666z", "3m", True),  # edge wait 12m
        ("123m456p789s55m pon:666z", "2m", True),  # closed wait 13m
        ("234m456p789s55m pon:666z", "4m", False),  # open wait 23m: 1m or 4m
        ("123m456p789s1155z", "1z", False),  # two pairs: 1z or 5z
    ],
)
def test_only_possible_tile(preset, hand, win, only):
    assert ("Only possible tile" in items(score(hand, win, preset=preset))) is only


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(
    "hand, win, value",
    [
        ("123m456p789s55m pon:666z", "5m", 2),  # a pair of simples
        ("123m456p789s99m pon:666z", "9m", 4),  # terminals
        ("123m456p789s33z pon:666z", "3z", 4),  # honours
        ("123m456p789s55m pon:666z", "3m", None),  # the last tile went into a chow
    ],
)
def test_last_tile_completes_the_pair(preset, hand, win, value):
    assert items(score(hand, win, preset=preset)).get("Last tile completes the pair") == value


def test_winner_extras_stack():
    # Mah Jong 20, pung of Green exposed 4, pair own+round wind 4, only possible 2, honours pair 4,
    # self-drawn 2: 36 → dmjl keeps 36, classical rounds to 40.
    assert score(WIN_HAND, "1z", preset="dmjl", self_drawn=True)["points"] == 36
    assert score(WIN_HAND, "1z", preset="classical", self_drawn=True)["points"] == 40
