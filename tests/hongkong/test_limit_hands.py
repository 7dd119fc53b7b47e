"""Every limit hand: a hand that is one and one that narrowly is not."""

import pytest

from jantaku.engine.rulesets.hongkong.fan_table import LIMIT_HANDS

from .helpers import score


def limit_of(hand: str, win: str, **kw):
    result = score(hand, win, **kw)
    assert result["is_win"], result
    return result["limit"]


CASES = [
    # name, (hand, win, request), a near miss
    (
        "Big Three Dragons",
        ("123m11p pon:555z pon:666z pon:777z", "1p", {}),
        ("123m456m77z pon:555z pon:666z", "7z", {}),
    ),
    (
        "Small Four Winds",
        ("123m44z pon:111z pon:222z pon:333z", "4z", {}),
        ("123m55z pon:111z pon:222z pon:333z", "5z", {}),
    ),
    (
        "Big Four Winds",
        ("55m pon:111z pon:222z pon:333z pon:444z", "5m", {}),
        ("123m44z pon:111z pon:222z pon:333z", "4z", {}),
    ),
    (
        "All Honours",
        ("66z pon:111z pon:222z pon:555z pon:777z", "6z", {}),
        ("66z pon:111m pon:222z pon:555z pon:777z", "6z", {}),
    ),
    (
        "All Terminals",
        ("999p11s pon:111m pon:999m pon:111p", "1s", {}),
        ("999p11z pon:111m pon:999m pon:111p", "1z", {}),
    ),
    ("Four Concealed Pungs", ("111m222p333s444m55z", "4m", {"by": "self"}), ("111m222p333s444m55z", "4m", {})),
    (
        "Four Kongs",
        ("55z kan:1111m ankan:2222p kan:3333s kakan:4444m", "5z", {}),
        ("444m55z kan:1111m ankan:2222p kan:3333s", "5z", {}),
    ),
    ("Nine Gates", ("11123456789999m", "9m", {}), ("11223345678999m", "9m", {})),
    ("Thirteen Orphans", ("19m19p19s1234567z1m", "1m", {}), ("19m19p19s123456z11m", "1m", {})),
    (
        "Heavenly Hand",
        ("123m456p789s234m11z", "1z", {"by": "self", "flags": ["first_turn"]}),
        ("123m456p789s234m11z", "1z", {"by": "self", "flags": ["first_turn"], "seat": "S"}),
    ),
    (
        "Earthly Hand",
        ("123m456p789s234m11z", "1z", {"seat": "S", "from": "E", "flags": ["first_turn"]}),
        ("123m456p789s234m11z", "1z", {"seat": "S", "from": "W", "flags": ["first_turn"]}),
    ),
]


@pytest.mark.parametrize("name, hit, miss", CASES, ids=[c[0] for c in CASES])
def test_limit_hand(name, hit, miss):
    hand, win, kw = hit
    result = score(hand, win, **kw)
    assert result["is_win"] and result["limit"] == name, result
    assert result["items"] == [{"name": name, "value": 10, "unit": "limit"}]
    assert result["fan"] == 10 and result["score"] == 128
    hand, win, kw = miss
    result = score(hand, win, **kw)
    assert name not in {i["name"] for i in result["items"]}
    assert result.get("limit") != name


def test_every_limit_hand_has_a_case():
    assert {c[0] for c in CASES} == {h.name for h in LIMIT_HANDS}


def test_four_concealed_pungs_on_a_discard_completing_the_pair():
    assert limit_of("111m222p333s444m55z", "5z") == "Four Concealed Pungs"


def test_four_concealed_pungs_with_a_concealed_kong():
    assert limit_of("111m222p444m55z ankan:3333s", "4m", by="self") == "Four Concealed Pungs"


def test_four_concealed_pungs_misses_with_a_claimed_pung():
    assert limit_of("111m222p444m55z pon:333s", "4m", by="self") is None


def test_the_pung_a_discard_completes_counts_as_claimed():
    result = score("111m222p333s44m555z", "5z")
    assert result["limit"] is None and "All Pungs" in {i["name"] for i in result["items"]}


def test_nine_gates_needs_a_concealed_hand():
    assert limit_of("1112345678999m5m", "5m") == "Nine Gates"
    assert limit_of("2345678999m5m pon:111m", "5m") is None


def test_limit_hands_may_be_open():
    assert limit_of("11z pon:555z pon:666z pon:777z chi:123m", "1z") == "Big Three Dragons"


def test_limit_hand_scores_the_limit_fan_of_the_options():
    result = score("19m19p19s1234567z1m", "1m", options={"limit_fan": 13, "fan_table": "full_spicy"})
    assert result["fan"] == 13 and result["score"] == 2**13


def test_only_one_limit_hand_is_listed_when_several_hold():
    result = score("55z pon:111z pon:222z pon:333z pon:444z", "5z")  # big four winds, all honours
    assert len(result["items"]) == 1 and result["score"] == 128


def test_heavenly_hand_needs_east_self_drawn():
    assert limit_of("123m456p789s234m11z", "1z", flags=["first_turn"]) is None  # a discard
