"""Every fu rule as an item: a hand that earns it and one that narrowly does not."""

import pytest

from .riichi_helpers import fu_items, score


def fu_of(hand, win, **context):
    result = score(hand, win, **context)
    assert result.is_win, result.error
    return result.values["fu"], fu_items(result)


def test_pinfu_ron_is_base_and_closed_ron():
    assert fu_of("234m567p234s678s55m", "2s") == (30, [("Base", 20), ("Closed ron", 10)])


def test_pinfu_tsumo_gets_no_tsumo_fu():
    assert fu_of("234m567p234s678s55m", "2s", self_drawn=True) == (20, [("Base", 20)])


def test_tsumo_fu_without_pinfu():
    fu, items = fu_of("234m567p234s678s55m", "3s", self_drawn=True)  # kanchan: no pinfu
    assert ("Tsumo", 2) in items and fu == 30


def test_closed_ron_needs_a_closed_hand():
    _, items = fu_of("234m567p55m678s chi:234s", "5m")
    assert ("Closed ron", 10) not in items


@pytest.mark.parametrize(
    "hand, win, item",
    [
        ("234m567p55m678s pon:444s", "5m", ("Open pung 4s", 2)),
        ("234m567p55m678s pon:999s", "5m", ("Open pung 9s", 4)),
        ("234m567p55m444s678s", "5m", ("Closed pung 4s", 4)),
        ("234m567p55m999s678s", "5m", ("Closed pung 9s", 8)),
        ("234m567p55m678s kan:4444s", "5m", ("Open kan 4s", 8)),
        ("234m567p55m678s kan:9999s", "5m", ("Open kan 9s", 16)),
        ("234m567p55m678s kakan:4444s", "5m", ("Open kan 4s", 8)),
        ("234m567p55m678s ankan:4444s", "5m", ("Closed kan 4s", 16)),
        ("234m567p55m678s ankan:1111z", "5m", ("Closed kan 1z", 32)),
    ],
)
def test_set_fu(hand, win, item):
    _, items = fu_of(hand, win, self_drawn=True, last_tile=True)  # haitei: a yaku open or closed
    assert item in items


def test_pung_completed_by_ron_counts_open():
    """Ron on 4s of 44s+55m (shanpon): the 4s pung is open; by self-draw it stays closed."""
    _, items = fu_of("234m567p55m44s678s4s", "4s", riichi=True)
    assert ("Open pung 4s", 2) in items and ("Closed pung 4s", 4) not in items
    _, items = fu_of("234m567p55m44s678s4s", "4s", self_drawn=True)
    assert ("Closed pung 4s", 4) in items


@pytest.mark.parametrize(
    "hand, win, item",
    [
        ("234m567p234s678s55m", "3s", ("Kanchan wait", 2)),
        ("123m567p234s678s55m", "3m", ("Penchan wait", 2)),
        ("789m567p234s678s55m", "7m", ("Penchan wait", 2)),
        ("234m567p234s678s55m", "5m", ("Tanki wait", 2)),
    ],
)
def test_wait_fu(hand, win, item):
    _, items = fu_of(hand, win, riichi=True)
    assert item in items


@pytest.mark.parametrize(
    "hand, win",
    [
        ("234m567p234s678s55m", "2s"),  # two-sided
        ("234m567p234s55m88s8s", "8s"),  # shanpon
        ("123m567p234s678s55m", "1m"),  # 1 of 123 is two-sided (waiting on 1 and 4)
    ],
)
def test_waits_without_fu(hand, win):
    _, items = fu_of(hand, win, riichi=True)
    assert not any("wait" in name for name, _ in items)


@pytest.mark.parametrize(
    "pair, context, item",
    [
        ("55z", {}, ("Valued pair 5z", 2)),
        ("22z", {"seat_wind": 1}, ("Valued pair 2z", 2)),
        ("22z", {"round_wind": 1, "seat_wind": 2}, ("Valued pair 2z", 2)),
        ("11z", {}, ("Double wind pair 1z", 4)),
    ],
)
def test_valued_pair_fu(pair, context, item):
    _, items = fu_of(f"234m567p234s678s{pair}", "2s", riichi=True, **context)
    assert item in items


def test_guest_wind_pair_earns_nothing():
    fu, items = fu_of("234m567p234s678s44z", "2s", riichi=True)  # North, East seat, East round
    assert fu == 30 and all("pair" not in name for name, _ in items)


def test_double_wind_pair_option():
    result = score("234m567p234s678s11z", "2s", riichi=True, options={"double_wind_pair_fu": 2})
    assert ("Double wind pair 1z", 2) in fu_items(result) and result.values["fu"] == 40


def test_chiitoitsu_is_25_flat():
    assert fu_of("1122m3344p5566s77z", "7z", self_drawn=True) == (25, [("Chiitoitsu", 25)])


def test_open_pinfu_shape_is_30():
    fu, items = fu_of("234m567p55m678s chi:234s", "5m")  # tanki: +2 → 22 → 30 anyway
    assert ("Open hand without fu", 10) not in items
    fu, items = fu_of("234m567p55m678s chi:234s", "6s")
    assert (fu, items) == (30, [("Base", 20), ("Open hand without fu", 10)])


def test_rounding_is_an_item_and_items_add_up():
    result = score("234m567p55m999s678s", "2m", riichi=True)  # 20 + 10 + 8 = 38
    assert result.values["fu"] == 40
    assert ("Rounded up", 2) in fu_items(result)
    assert sum(v for _, v in fu_items(result)) == 40


def test_highest_scoring_reading_wins():
    # 111222333m: three pungs (sanankou, 2 han) beat three runs (iipeikou 1 han)
    result = score("111222333m456p99s", "9s", self_drawn=True)
    assert "Sanankou" in {i.name for i in result.items}
    # ryanpeikou (3 han) beats chiitoitsu (2 han) for the same tiles
    result = score("223344m556677p88s", "8s")
    assert "Ryanpeikou" in {i.name for i in result.items}


def test_winning_tile_placed_where_it_scores_most():
    """3m completes 123m (penchan, +2) or 345m (two-sided).  Without pinfu (valued pair) the
    penchan reading has 42 → 50 fu against 40."""
    fu, items = fu_of("123345m999p678s55z", "3m", riichi=True)
    assert fu == 50 and ("Penchan wait", 2) in items
    # with a plain pair the two-sided reading gives pinfu: 2 han 30 fu beat 1 han 40 fu
    result = score("123345m678p678s55s", "3m", riichi=True)
    assert "Pinfu" in {i.name for i in result.items} and result.values["fu"] == 30
