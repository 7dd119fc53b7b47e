"""Element tests of the limit hands: each on a hand that is one, and one that narrowly isn't."""

import pytest
from .classical_helpers import PRESETS, score

LIMIT = 500
# the tests of what makes a limit hand score it once; double_limit_hands is tested at the end
SINGLE_LIMIT = {"double_limit_hands": False}


def assert_limit(result, name):
    assert result["is_win"], result
    assert result["limit"] == name
    assert result["score"] == LIMIT


def assert_not_limit(result, name):
    assert result["is_win"], result
    assert result["limit"] != name


# (name, hand that is it, hand that narrowly isn't); keyword arguments of score() for each.
SHAPE_LIMITS = [
    ("Thirteen Orphans", ("19m19p19s12345677z", "7z"), None),
    ("Nine Gates", ("11123456789999m", "9m"), ("11122233344455m", "5m")),
    (
        "Four Kongs",
        ("55m ankan:1111m kan:2222p kakan:3333s ankan:4444z", "5m"),
        ("55m333s ankan:1111m kan:2222p ankan:4444z", "5m"),
    ),
    ("Squirming Snake", ("234567m88m pon:111m pon:999m", "8m"), ("234m66m789m pon:111m pon:999m", "6m")),
    ("Imperial Jade", ("234s234s666s88s pon:666z", "8s"), ("345s234s666s88s pon:666z", "8s")),
    ("Heads and Tails", ("111m999m111p999p99s", "9s"), ("111m999m111p999p11z", "1z")),
    ("All Honours", ("111z222z333z55z pon:666z", "5z"), ("111z222z111m55z pon:666z", "5z")),
    (
        "Four Blessings",
        ("55m pon:111z pon:222z pon:333z pon:444z", "5m"),
        ("44z pon:111z pon:222z pon:333z pon:555m", "4z"),
    ),
    ("Three Great Scholars", ("123m55m pon:555z pon:666z pon:777z", "5m"), ("123m456m77z pon:555z pon:666z", "7z")),
    ("Concealed One-Suit Hand", ("11122233344455m", "5m"), ("11122233355m pon:444m", "5m")),
]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("name, hand_and_win, narrow", SHAPE_LIMITS, ids=[s[0] for s in SHAPE_LIMITS])
def test_limit_hands_by_shape(preset, name, hand_and_win, narrow):
    assert_limit(score(*hand_and_win, preset=preset, seat="S", options=SINGLE_LIMIT), name)
    if narrow is not None:
        assert_not_limit(score(*narrow, preset=preset, seat="S", options=SINGLE_LIMIT), name)


def test_thirteen_orphans_needs_all_thirteen():
    result = score("19m19p18s12345677z", "7z")
    assert not result["is_win"]
    assert result["error"] == "not a complete hand"


@pytest.mark.parametrize("preset", PRESETS)
def test_hidden_treasure_is_self_drawn(preset):
    hand = "111m222p333s444z55z"
    assert_limit(score(hand, "5z", preset=preset, self_drawn=True), "Hidden Treasure")
    assert_not_limit(score(hand, "5z", preset=preset), "Hidden Treasure")


def test_hidden_treasure_with_a_claimed_kong_is_dmjl_only():
    hand = "222p333s444z55z kan:1111m"
    assert_limit(score(hand, "5z", preset="dmjl", self_drawn=True), "Hidden Treasure")
    assert_not_limit(score(hand, "5z", preset="classical", self_drawn=True), "Hidden Treasure")


# --- nine gates vs squirming snake vs concealed one-suit --------------------------------


def test_a_nine_gates_shape_is_named_nine_gates():
    # 111 234 55 678 999: a squirming snake and a concealed one-suit hand too
    assert_limit(score("11123455678999m", "5m", options=SINGLE_LIMIT), "Nine Gates")


def test_squirming_snake_with_exposed_pungs_is_no_nine_gates():
    assert_limit(score("234567m88m pon:111m pon:999m", "8m"), "Squirming Snake")


def test_squirming_snake_needs_all_nine_numbers():
    # 111 234 234 88 999 has pungs of 1 and 9 and a pair of 8, but no 5, 6, 7
    assert_not_limit(score("234234m88m pon:111m pon:999m", "8m"), "Squirming Snake")


def test_concealed_one_suit_is_no_nine_gates():
    assert_limit(score("11123456677899m", "5m"), "Concealed One-Suit Hand")


def test_exposed_one_suit_hand_is_no_limit_hand():
    result = score("11122233355m pon:444m", "5m", preset="dmjl")
    assert result["limit"] in (None, "Limit")
    assert {"One suit only": 3}.items() <= {i["name"]: i["value"] for i in result["items"]}.items()


def test_nine_gates_must_be_concealed():
    assert_not_limit(score("23455678999m pon:111m", "5m"), "Nine Gates")


# --- limit hands by circumstance ---------------------------------------------------------

HAND = "123m456p789s11z pon:222m"


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(
    "name, hand, kwargs, narrow_kwargs",
    [
        (
            "Plum Blossom from the Roof",
            "123m456p789s11z pon:222m",
            dict(win="5p", self_drawn=True, flags=("replacement",)),
            dict(win="4p", self_drawn=True, flags=("replacement",)),
        ),
        (
            "Moon from the Bottom of the Sea",
            "123p456m789s11z pon:222m",
            dict(win="1p", self_drawn=True, flags=("last_tile",)),
            dict(win="1p", flags=("last_tile",)),
        ),
        (
            "Scratching a Carrying Pole",
            "234s456m789p11z pon:222m",
            dict(win="2s", flags=("robbed_kong",)),
            dict(win="3s", flags=("robbed_kong",)),
        ),
        (
            "Twofold Fortune",
            HAND,
            dict(win="2m", self_drawn=True, flags=("twofold_fortune", "replacement")),
            dict(win="2m", self_drawn=True, flags=("replacement",)),
        ),
        (
            "Blessing of Heaven",
            HAND,
            dict(win="2m", self_drawn=True, flags=("first_turn",), seat="E"),
            dict(win="2m", self_drawn=True, seat="E"),
        ),
        ("Blessing of Earth", HAND, dict(win="2m", flags=("first_turn",), seat="S"), dict(win="2m", seat="S")),
    ],
)
def test_limit_hands_by_circumstance(preset, name, hand, kwargs, narrow_kwargs):
    kwargs = {"seat": "W", **kwargs}
    narrow_kwargs = {"seat": "W", **narrow_kwargs}
    assert_limit(score(hand, preset=preset, **kwargs), name)
    assert_not_limit(score(hand, preset=preset, **narrow_kwargs), name)


@pytest.mark.parametrize("preset", PRESETS)
def test_east_nine_wins(preset):
    # honba: East's wins in a row before this hand
    assert_limit(score(HAND, "2m", preset=preset, seat="E", honba=8), "East's Nine Wins")
    assert_not_limit(score(HAND, "2m", preset=preset, seat="E", honba=7), "East's Nine Wins")
    assert_not_limit(score(HAND, "2m", preset=preset, seat="S", honba=8), "East's Nine Wins")
    assert_not_limit(
        score(HAND, "2m", preset=preset, seat="E", honba=8, options={"nine_east_wins": False}), "East's Nine Wins"
    )


def test_blessing_of_earth_is_paid_by_east():
    result = score(HAND, "2m", seat="W", flags=("first_turn",))
    assert result["payments"] == {"E": -2000, "S": 0, "W": 2000, "N": 0}


# --- limit and roof-off ------------------------------------------------------------------

BIG_HAND = "111z555z666z77z pon:999m"  # 60 points, 9 doubles as East in the East round


def test_a_normal_hand_is_capped_at_the_limit():
    result = score(BIG_HAND, "7z")
    assert (result["points"], result["doubles"], result["score"], result["limit"]) == (60, 9, 500, "Limit")


def test_the_limit_is_an_option():
    assert score(BIG_HAND, "7z", options={"limit": 1000})["score"] == 1000


def test_roof_off_lifts_the_cap():
    result = score(BIG_HAND, "7z", options={"roof_off": True})
    assert (result["score"], result["limit"]) == (60 * 2**9, None)


def test_roof_off_limit_hand_scores_the_limit_or_more():
    assert score("19m19p19s12345677z", "7z", options={"roof_off": True, **SINGLE_LIMIT})["score"] == LIMIT
    scholars = score("111z55m pon:555z pon:666z pon:777z", "5m", options={"roof_off": True})
    assert scholars["limit"] == "Three Great Scholars"
    assert scholars["score"] == scholars["points"] * 2 ** scholars["doubles"] > LIMIT


def test_a_small_hand_is_below_the_limit():
    result = score(HAND, "2m", seat="S")
    assert result["limit"] is None and result["score"] < LIMIT


# --- special hands worth double the limit (seed 000: "Punktzahlen bis zum doppelten Limit") -----

DOUBLE_LIMIT_HANDS = [("Thirteen Orphans", ("19m19p19s12345677z", "7z")), ("Nine Gates", ("11123456789999m", "9m"))]


@pytest.mark.parametrize("name, hand_and_win", DOUBLE_LIMIT_HANDS, ids=[d[0] for d in DOUBLE_LIMIT_HANDS])
def test_classical_pays_double_the_limit_for_the_rarest_hands(name, hand_and_win):
    result = score(*hand_and_win, seat="S")
    assert (result["limit"], result["score"]) == (name, 2 * LIMIT)
    assert {"name": name, "value": 2 * LIMIT, "unit": "limit"} in result["items"]
    assert score(*hand_and_win, seat="S", options={"limit": 1000})["score"] == 2000


@pytest.mark.parametrize("name, hand_and_win", DOUBLE_LIMIT_HANDS, ids=[d[0] for d in DOUBLE_LIMIT_HANDS])
def test_double_limit_is_an_option_off_in_dmjl(name, hand_and_win):
    assert score(*hand_and_win, preset="dmjl", seat="S")["score"] == LIMIT
    assert score(*hand_and_win, preset="dmjl", seat="S", options={"double_limit_hands": True})["score"] == 2 * LIMIT
    assert score(*hand_and_win, seat="S", options={"double_limit_hands": False})["score"] == LIMIT


def test_other_limit_hands_pay_the_limit_once():
    assert score("55m pon:111z pon:222z pon:333z pon:444z", "5m", seat="S")["score"] == LIMIT


def test_double_limit_payments_follow_the_score():
    result = score("19m19p19s12345677z", "7z", seat="S", by="self")
    assert result["payments"] == {"E": -2000, "S": 4000, "W": -1000, "N": -1000}


def test_roof_off_keeps_double_the_limit():
    assert score("19m19p19s12345677z", "7z", options={"roof_off": True})["score"] == 2 * LIMIT
