"""Every fan-table entry: a hand that scores it and one that narrowly does not."""

import pytest

from jantaku.engine.rulesets.hongkong.fan_table import FAN_TABLE

from .helpers import items, score

CHOWS = "123m456p789s234m11z"  # four chows and a pair of East, nothing else


def test_self_drawn():
    assert "Self-Drawn" in items(CHOWS, "1z", by="self")
    assert "Self-Drawn" not in items(CHOWS, "1z")


def test_concealed_hand_allows_a_winning_discard_and_concealed_kongs():
    assert "Concealed Hand" in items(CHOWS, "1z")
    assert "Concealed Hand" in items("123m456p789s11z ankan:8888m", "1z")
    assert "Concealed Hand" not in items("456p789s234m11z chi:123m", "1z")
    assert "Concealed Hand" not in items("123m456p789s11z kan:8888m", "1z")


def test_all_chows_counts_claimed_chows_too():
    assert items(CHOWS, "1z")["All Chows"] == 1
    assert "All Chows" in items("456p789s234m11z chi:123m", "1z")
    assert "All Chows" not in items("123m456p789s222m11z", "1z")


@pytest.mark.parametrize("dragon, name", [("5", "White"), ("6", "Green"), ("7", "Red")])
def test_each_dragon_pung_or_kong(dragon, name):
    assert items(f"123m456p789s11z pon:{dragon * 3}z", "1z")[f"{name} Dragon Pung"] == 1
    assert f"{name} Dragon Pung" in items(f"123m456p789s11z kan:{dragon * 4}z", "1z")
    assert f"{name} Dragon Pung" not in items(f"123m456p789s234m{dragon * 2}z", f"{dragon}z")


def test_two_dragon_pungs_score_one_fan_each():
    got = items("123m456p11z pon:555z pon:666z", "1z")
    assert got["White Dragon Pung"] == got["Green Dragon Pung"] == 1


def test_seat_wind_pung():
    assert "Seat Wind Pung" in items("123m456p789s55m pon:222z", "5m", seat="S")
    assert "Seat Wind Pung" not in items("123m456p789s55m pon:222z", "5m", seat="W")


def test_round_wind_pung():
    assert "Round Wind Pung" in items("123m456p789s55m pon:222z", "5m", seat="W", round="S")
    assert "Round Wind Pung" not in items("123m456p789s55m pon:222z", "5m", seat="W", round="E")


def test_seat_and_round_wind_add_up():
    got = items("123m456p789s55m pon:111z", "5m", seat="E", round="E")
    assert got["Seat Wind Pung"] == got["Round Wind Pung"] == 1


def test_a_wind_pair_scores_nothing():
    assert "Seat Wind Pung" not in items("123m456p789s234m11z", "1z", seat="E")


def test_robbing_a_kong():
    assert items(CHOWS, "3m", flags=["robbed_kong"])["Robbing a Kong"] == 1
    assert "Robbing a Kong" not in items(CHOWS, "3m")


def test_robbing_a_kong_cannot_be_self_drawn():
    assert "robbing a kong" in score(CHOWS, "3m", by="self", flags=["robbed_kong"])["error"]


def test_last_tile_self_drawn_or_discarded():
    assert "Last Tile" in items(CHOWS, "1z", flags=["last_tile"])
    assert "Last Tile" in items(CHOWS, "1z", by="self", flags=["last_tile"])
    assert "Last Tile" not in items(CHOWS, "1z")


def test_kong_replacement_also_scores_self_drawn():
    got = items("123m456p789s11z kan:8888m", "1z", by="self", flags=["replacement"])
    assert got["Kong Replacement"] == got["Self-Drawn"] == 1
    assert "Kong Replacement" not in items("123m456p789s11z kan:8888m", "1z", by="self")


def test_a_replacement_win_is_self_drawn_even_if_not_said():
    result = score("123m456p789s11z kan:8888m", "1z", flags=["replacement"])
    assert {"Kong Replacement", "Self-Drawn"} <= {i["name"] for i in result["items"]}
    assert all(v < 0 for s, v in result["payments"].items() if s != "E")
    assert len({v for s, v in result["payments"].items() if s != "E"}) == 1


def test_all_pungs_with_kongs():
    assert items("222p333s444m11z pon:111m", "1z")["All Pungs"] == 3
    assert "All Pungs" in items("222p333s11z kan:1111m ankan:5555s", "1z")
    assert "All Pungs" not in items("222p333s11z pon:111m chi:234m", "1z")


def test_mixed_one_suit():
    assert items("123m456m789m11z pon:555z", "1z")["Mixed One Suit"] == 3
    assert "Mixed One Suit" not in items("123m456m789m11p pon:555z", "1p")
    assert "Mixed One Suit" not in items("123m456m789m234m11m", "1m")  # no honours: full flush


def test_small_three_dragons_adds_to_its_two_dragon_pungs():
    got = items("123m456m77z pon:555z pon:666z", "7z")
    assert got["Small Three Dragons"] == 5
    assert got["White Dragon Pung"] == got["Green Dragon Pung"] == 1
    assert "Small Three Dragons" not in items("123m456m11z pon:555z pon:666z", "1z")


def test_full_flush():
    assert items("123m456m789m234m55m", "5m")["Full Flush"] == 7
    assert "Full Flush" not in items("123m456m789m234m55z", "5z")
    assert "Full Flush" not in items("123m456m789m234m55p", "5p")


def test_no_bonus_tiles():
    assert items(CHOWS, "1z")["No Bonus Tiles"] == 1
    assert "No Bonus Tiles" not in items(CHOWS + " bonus:3f", "1z")


@pytest.mark.parametrize("seat, own, other", [("E", "1", "2"), ("S", "2", "3"), ("W", "3", "4"), ("N", "4", "1")])
def test_own_flower_and_own_season(seat, own, other):
    assert items(f"{CHOWS} bonus:{own}f", "1z", seat=seat)["Own Flower"] == 1
    assert "Own Flower" not in items(f"{CHOWS} bonus:{other}f{own}y", "1z", seat=seat)
    assert items(f"{CHOWS} bonus:{own}y", "1z", seat=seat)["Own Season"] == 1
    assert "Own Season" not in items(f"{CHOWS} bonus:{other}y{own}f", "1z", seat=seat)


def test_own_flower_and_own_season_together():
    got = items(CHOWS + " bonus:2f2y", "1z", seat="S")
    assert got["Own Flower"] == got["Own Season"] == 1


def test_all_four_flowers_adds_to_the_own_flower():
    got = items(CHOWS + " bonus:1234f", "1z")
    assert got["All Four Flowers"] == 2 and got["Own Flower"] == 1
    assert "All Four Flowers" not in items(CHOWS + " bonus:123f4y", "1z")


def test_all_four_seasons():
    assert items(CHOWS + " bonus:1234y", "1z")["All Four Seasons"] == 2
    assert "All Four Seasons" not in items(CHOWS + " bonus:123y4f", "1z")


def test_a_bouquet_counted_inclusive_is_two_fan_with_its_own_flower():
    # option bouquet=inclusive: the set of four is 2 fan in all (another open implementation's table)
    got = items(CHOWS + " bonus:1234f", "1z", options={"bouquet": "inclusive"})
    assert got["All Four Flowers"] == 2 and "Own Flower" not in got
    got = items(CHOWS + " bonus:1234y", "1z", options={"bouquet": "inclusive"})
    assert got["All Four Seasons"] == 2 and "Own Season" not in got
    # without the whole set, the own flower still counts
    assert items(CHOWS + " bonus:1f2f3f", "1z", options={"bouquet": "inclusive"})["Own Flower"] == 1


def test_kong_on_kong_is_eight_fan_with_the_replacement_and_self_drawn():
    got = items("123m456p11z kan:8888m ankan:9999s", "1z", by="self", flags=["twofold_fortune"])
    assert got["Kong on Kong"] == 6 and got["Kong Replacement"] == got["Self-Drawn"] == 1
    assert sum(got[k] for k in ("Kong on Kong", "Kong Replacement", "Self-Drawn")) == 8
    assert "Kong on Kong" not in items("123m456p11z kan:8888m ankan:9999s", "1z", by="self", flags=["replacement"])


def test_mixed_terminals_and_honours_is_four_fan_with_its_all_pungs():
    got = items("111m999p11z pon:222z pon:999s", "1z")
    assert got["Mixed Terminals and Honours"] == 1 and got["All Pungs"] == 3
    assert "Mixed Terminals and Honours" in items("111m999p11p pon:222z pon:999s", "1p")  # one honour set
    assert "Mixed Terminals and Honours" not in items("111m999p22p pon:222z pon:999s", "2p")  # a simple
    assert "Mixed Terminals and Honours" not in items("111m789p11z pon:222z pon:999s", "1z")  # a chow


def test_without_bonus_tiles_there_are_no_bonus_fan():
    got = items(CHOWS, "1z", options={"bonus_tiles": False})
    assert "No Bonus Tiles" not in got
    assert "bonus tiles are off" in score(CHOWS + " bonus:1f", "1z", options={"bonus_tiles": False})["error"]


def test_fan_add_up_and_the_breakdown_sums_to_the_fan():
    result = score("123m456m789m11z pon:555z", "1z", by="self", flags=["last_tile"])
    assert result["fan"] == sum(i["value"] for i in result["items"]) == 1 + 1 + 3 + 1 + 1


def test_a_chicken_hand_scores_zero_fan_and_one_point():
    result = score("123m456p789s11z pon:222m bonus:3f", "1z")
    assert result["is_win"] and result["fan"] == 0 and result["score"] == 1 and result["items"] == []


def test_every_table_entry_is_tested_here():
    source = open(__file__).read()
    for rule in FAN_TABLE:
        name = rule.name.replace("White ", "{name} ").replace("Green ", "{name} ").replace("Red ", "{name} ")
        assert f'"{rule.name}"' in source or f'f"{name}"' in source, rule.name
