"""Element tests of the doubles table, for every player and for the winner only."""

import pytest
from .classical_helpers import PRESETS, items, score


def doubles(result):
    return items(result, "doubles")


# --- every player (loser hands) -------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(
    "hand, seat, round_wind, expected",
    [
        ("pon:555z", "E", "E", {"Pung of dragons 555z": 1}),
        ("ankan:7777z", "E", "E", {"Pung of dragons 7777z": 1}),
        ("55z", "E", "E", {}),  # a pair of dragons is no pung
        ("pon:222z", "S", "E", {"Pung of own wind 222z": 1}),
        ("pon:111z", "S", "E", {"Pung of round wind 111z": 1}),
        ("pon:111z", "E", "E", {"Pung of own wind 111z": 1, "Pung of round wind 111z": 1}),
        ("pon:333z", "E", "E", {}),  # neither own nor round wind
    ],
)
def test_pung_doubles(preset, hand, seat, round_wind, expected):
    assert doubles(score(hand, preset=preset, seat=seat, round_wind=round_wind)) == expected


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(
    "hand, has_it",
    [
        ("222m333p444s", True),
        ("222m333p ankan:4444s", True),
        ("222m333p pon:444s", False),
        ("222m333p44s", False),
    ],
)
def test_three_concealed_pungs(preset, hand, has_it):
    assert ("Three concealed pungs" in doubles(score(hand, preset=preset))) is has_it


def test_claimed_kong_counts_concealed_under_dmjl_only():
    hand = "222m333p kan:4444s"
    assert "Three concealed pungs" in doubles(score(hand, preset="dmjl"))
    assert "Three concealed pungs" not in doubles(score(hand, preset="classical"))
    # ... but it still scores as an exposed kong.
    assert items(score(hand, preset="dmjl"))["Exposed kong 4444s"] == 8


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(
    "hand, little, big",
    [
        ("555z666z77z", 1, None),
        ("555z666z11z", None, None),  # the pair is no dragon
        ("555z666z777z", None, 2),
        ("555z66z77z", None, None),  # one pung only
    ],
)
def test_three_dragons(preset, hand, little, big):
    found = doubles(score(hand, preset=preset))
    assert found.get("Little three dragons") == little
    assert found.get("Big three dragons") == big


def test_big_three_dragons_adds_to_the_pung_doubles():
    assert score("pon:555z pon:666z pon:777z", preset="dmjl")["doubles"] == 5


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(
    "hand, little, big",
    [
        ("111z222z333z44z", 1, None),
        ("111z222z333z55z", None, None),
        ("111z222z333z444z", None, 2),
        ("111z222z33z44z", None, None),
    ],
)
def test_four_winds(preset, hand, little, big):
    found = doubles(score(hand, preset=preset, seat="W", round_wind="N"))
    assert found.get("Little four winds") == little
    assert found.get("Big four winds") == big


# --- bonus tiles: the two presets differ --------------------------------------------------


@pytest.mark.parametrize(
    "preset, bonus, seat, expected",
    [
        ("classical", "1f", "E", {"Own flower": 1}),
        ("classical", "1y", "E", {"Own season": 1}),
        ("classical", "2f", "E", {}),
        ("classical", "2f", "S", {"Own flower": 1}),
        ("classical", "1f1y", "E", {"Own flower": 1, "Own season": 1}),
        ("classical", "1234f", "S", {"Own flower": 1, "All four flowers": 2}),
        ("classical", "1234y", "S", {"Own season": 1, "All four seasons": 2}),
        ("dmjl", "1f", "E", {}),
        ("dmjl", "1y", "E", {}),
        ("dmjl", "1f1y", "E", {"Own flower and own season": 1}),
        ("dmjl", "1f2y", "E", {}),
        ("dmjl", "1234f", "S", {"All four flowers": 1}),
        ("dmjl", "1234f1234y", "W", {"Own flower and own season": 1, "All four flowers": 1, "All four seasons": 1}),
    ],
)
def test_bonus_doubles(preset, bonus, seat, expected):
    assert doubles(score(f"123m bonus:{bonus}", preset=preset, seat=seat)) == expected


def test_bonus_doubles_can_be_chosen_apart_from_the_preset():
    result = score("123m bonus:1f", preset="dmjl", options={"bonus_doubles": "classical"})
    assert doubles(result) == {"Own flower": 1}


# --- the winner only --------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(
    "hand, win, has_it",
    [
        ("123m456m789p234s55s", "5s", True),
        ("456m789p234s55s chi:123m bonus:3f", "5s", True),  # exposed chows and bonus tiles allowed
        ("123m456m789p234s55z", "5z", False),  # the pair scores
        ("123m456m789p222s55s", "5s", False),  # a pung
    ],
)
def test_zero_point_hand(preset, hand, win, has_it):
    assert ("Zero-point hand" in doubles(score(hand, win, preset=preset, seat="S"))) is has_it


def test_zero_point_hand_is_for_the_winner_only():
    assert "Zero-point hand" not in doubles(score("123m456m789p234s55s", preset="dmjl"))


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(
    "hand, win, has_it",
    [
        ("222m444p666s888s55s", "5s", True),
        ("222m444p666s55s pon:999m", "5s", True),
        ("222m444p666s55s chi:789m", "5s", False),
    ],
)
def test_no_chow(preset, hand, win, has_it):
    assert ("No chow" in doubles(score(hand, win, preset=preset))) is has_it


@pytest.mark.parametrize(
    "hand, self_drawn, preset, has_it",
    [
        ("123m456p789s234s55m", True, "classical", True),
        ("123m456p789s234s55m", False, "classical", False),  # the last tile was claimed
        ("123m456p789s55m ankan:2222s", True, "classical", True),
        ("123m456p789s55m chi:234s", True, "classical", False),
        ("123m456p789s55m kan:2222s", True, "dmjl", True),  # claimed kong counts concealed
        ("123m456p789s55m kan:2222s", True, "classical", False),
    ],
)
def test_concealed_hand(hand, self_drawn, preset, has_it):
    result = score(hand, "5m", preset=preset, self_drawn=self_drawn)
    assert ("Concealed hand" in doubles(result)) is has_it


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(
    "hand, win, with_honours, only",
    [
        ("123m456m789m55z pon:222z", "5z", 1, None),
        ("123m456m789m22m pon:555m", "2m", None, 3),
        ("123m456m789m22p pon:555m", "2p", None, None),
    ],
)
def test_one_suit(preset, hand, win, with_honours, only):
    found = doubles(score(hand, win, preset=preset))
    assert found.get("One suit with honours") == with_honours
    assert found.get("One suit only") == only


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(
    "hand, has_it",
    [
        ("111m999p111s11z pon:999s", True),
        ("111m999p111s11z pon:888s", False),
    ],
)
def test_only_terminals_and_honours(preset, hand, has_it):
    result = score(hand, "1z", preset=preset, seat="S")
    assert ("Only terminals and honours" in doubles(result)) is has_it


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(
    "flags, self_drawn, name",
    [
        (("replacement",), True, "Last tile from the dead wall"),
        (("last_tile",), True, "Last tile of the wall"),
        (("last_tile",), False, "Last discard"),
        (("robbed_kong",), False, "Robbing a kong"),
    ],
)
def test_doubles_of_the_last_tile(preset, flags, self_drawn, name):
    hand = "123m456p789s55m pon:222z"
    assert doubles(score(hand, "3m", preset=preset, flags=flags, self_drawn=self_drawn))[name] == 1
    assert name not in doubles(score(hand, "3m", preset=preset, self_drawn=self_drawn))


def test_last_tile_of_the_wall_and_last_discard_exclude_each_other():
    hand = "123m456p789s55m pon:222z"
    assert "Last discard" not in doubles(score(hand, "3m", flags=("last_tile",), self_drawn=True))
    assert "Last tile of the wall" not in doubles(score(hand, "3m", flags=("last_tile",)))


# --- the doubles seed 000's strategy section names (issue 20) ------------------------------
# Each is one double for the winner in the classical preset and an option elsewhere (off in dmjl).

SEED_DOUBLES = [
    # (name, option, hand and winning tile that have it, hands that narrowly do not)
    (
        "All simples",
        "double_all_simples",
        ("234m456p678s345m88s", "3m"),
        [("234m456p678s345m99s", "3m"), ("234m456p678s88s pon:555z", "3m")],
    ),
    ("Three chows in a row", "double_three_chows", ("123m456m789m234p55s", "5s"), [("123m456m789p234p55s", "5s")]),
    (
        "Three chows in a row",
        "double_three_chows",
        ("234m345m456m789p55s", "5s"),
        [("123m345m567m789p55s", "5s"), ("234m345m456p789p55s", "5s")],
    ),
    (
        "Same chow in three suits",
        "double_three_chows",
        ("345m345p345s789m11s", "1s"),
        [("345m345p456s789m11s", "1s"), ("345m345m345s789m11s", "1s")],
    ),
    (
        "Terminal or honour in every set",
        "double_terminal_in_every_set",
        ("123m789p999s111z55z", "5z"),
        [("123m789p999s111z55m", "5m"), ("234m789p999s111z55z", "5z"), ("111m999p999s111z55z", "5z")],
    ),  # no chow: that is "only terminals and honours"
]


@pytest.mark.parametrize(
    "name, option, hand_and_win, narrow", SEED_DOUBLES, ids=[f"{s[0]}-{s[2][0]}" for s in SEED_DOUBLES]
)
def test_seed_doubles_in_the_classical_preset(name, option, hand_and_win, narrow):
    assert doubles(score(*hand_and_win, seat="S"))[name] == 1
    for hand, win in narrow:
        result = score(hand, win, seat="S")
        assert result["is_win"], result
        assert name not in doubles(result)


@pytest.mark.parametrize(
    "name, option, hand_and_win, narrow", SEED_DOUBLES, ids=[f"{s[0]}-{s[2][0]}" for s in SEED_DOUBLES]
)
def test_seed_doubles_are_options_off_in_dmjl(name, option, hand_and_win, narrow):
    assert name not in doubles(score(*hand_and_win, preset="dmjl", seat="S"))
    assert doubles(score(*hand_and_win, preset="dmjl", seat="S", options={option: True}))[name] == 1
    assert name not in doubles(score(*hand_and_win, seat="S", options={option: False}))


@pytest.mark.parametrize("name, option, hand_and_win, narrow", SEED_DOUBLES[:1])
def test_seed_doubles_are_for_the_winner_only(name, option, hand_and_win, narrow):
    assert name not in doubles(score(hand_and_win[0], seat="S"))


def test_all_simples_counts_in_the_score():
    # Mah Jong 20, concealed pung 5m 4 → 30 rounded; all simples 1 double → 60
    result = score("234m456p678s555m88s", "3m", seat="S")
    assert doubles(result) == {"All simples": 1}
    assert (result["points"], result["doubles"], result["score"]) == (30, 1, 60)


# --- the riichi declaration, an optional classical variant -----------------------------------


def test_a_declared_hand_that_wins_has_one_more_double():
    hand = "123m456p789s234s55m"
    on = {"riichi_declaration": True}
    assert doubles(score(hand, "5m", seat="S", flags=("riichi",), options=on))["Riichi declaration"] == 1
    assert "Riichi declaration" not in doubles(score(hand, "5m", seat="S", options=on))


def test_the_riichi_flag_needs_the_variant():
    result = score_json_raw("123m456p789s234s55m", "5m", flags=["riichi"])
    assert "riichi" in result["error"] and "riichi_declaration" in result["error"]


def test_a_declared_hand_is_concealed():
    result = score_json_raw("123m456p789s55m chi:234s", "5m", flags=["riichi"], options={"riichi_declaration": True})
    assert "concealed" in result["error"]
    ok = score("123m456p789s55m ankan:2222s", "5m", flags=("riichi",), options={"riichi_declaration": True})
    assert doubles(ok)["Riichi declaration"] == 1


def score_json_raw(hand, win, **request):
    from jantaku.engine.calculator import score_json

    return score_json("classical", {"hand": hand, "win": win, **request})
