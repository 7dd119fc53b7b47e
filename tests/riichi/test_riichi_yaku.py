"""Every yaku and yakuman: a hand that has it, and one that narrowly does not.

Both hands of a pair are winning hands (the second one wins by another yaku), so a missing
yaku is never just a failed score.  Winds: seat 0 = East (dealer), 1 = South, ...
"""

import pytest

from jantaku.engine.rulesets.riichi.catalogue import ALL_YAKU

from .riichi_helpers import han_items, score

TSUMO = {"self_drawn": True}
RIICHI = {"riichi": True}
SOUTH_SEAT = {"seat_wind": 1}

# name → (hand with it, hand without it); a hand is (tiles, win, context)
CASES = {
    "Riichi": (("234m567p234s678s55m", "2s", RIICHI), ("234m567p234s678s55m", "2s", {"double_riichi": True})),
    "Double riichi": (("234m567p234s678s55m", "2s", {"double_riichi": True}), ("234m567p234s678s55m", "2s", RIICHI)),
    "Ippatsu": (
        ("234m567p234s678s55m", "2s", {"riichi": True, "ippatsu": True}),
        ("234m567p234s678s55m", "2s", RIICHI),
    ),
    "Menzen tsumo": (("234m567p234s678s55m", "2s", TSUMO), ("55m567p234s678s chi:234m", "2s", TSUMO)),
    "Pinfu": (("234m567p234s678s55m", "2s", {}), ("234m567p234s678s55m", "3s", {})),  # the 3s fills 2_4s: kanchan
    "Tanyao": (("234m567p234s678s55m", "2s", {}), ("234m567p234s789s55m", "2s", RIICHI)),
    "Iipeikou": (
        ("223344m567p678s55s", "2m", {}),
        ("55s567p678s chi:234m chi:234m", "5s", {}),
    ),  # open: no iipeikou, tanyao
    "Yakuhai: seat wind": (
        ("123m456p789s55m pon:222z", "5m", SOUTH_SEAT),
        ("123m456p789s55m pon:444z", "5m", {"seat_wind": 1, "self_drawn": True, "last_tile": True}),
    ),
    "Yakuhai: round wind": (
        ("123m456p789s55m pon:222z", "5m", {"round_wind": 1, "seat_wind": 2}),
        ("123m456p789s55m pon:222z", "5m", {"round_wind": 0, "seat_wind": 1}),
    ),
    "Yakuhai: white dragon": (("123m456p789s55m pon:555z", "5m", {}), ("123m456p789s555m55z", "5m", RIICHI)),
    "Yakuhai: green dragon": (("123m456p789s55m pon:666z", "5m", {}), ("123m456p789s555m66z", "5m", RIICHI)),
    "Yakuhai: red dragon": (("123m456p789s55m pon:777z", "5m", {}), ("123m456p789s555m77z", "5m", RIICHI)),
    "Haitei raoyue": (
        ("123m456p789s55m chi:345s", "5m", {"self_drawn": True, "last_tile": True}),
        ("123m456p789s55m chi:345s", "5m", {"last_tile": True}),
    ),
    "Houtei raoyui": (
        ("123m456p789s55m chi:345s", "5m", {"last_tile": True}),
        ("123m456p789s55m chi:345s", "5m", {"self_drawn": True, "last_tile": True}),
    ),
    "Rinshan kaihou": (
        ("123m456p789s55m kan:1111z", "5m", {"self_drawn": True, "rinshan": True}),
        ("123m456p789s55m kan:1111z", "5m", {"self_drawn": True}),
    ),
    "Chankan": (
        ("123m456p789s55m chi:345s", "5m", {"chankan": True}),
        ("123m456p789s55m chi:345s", "5m", {"last_tile": True}),
    ),
    "Chiitoitsu": (("1122m3344p5566s77z", "7z", {}), ("223344m556677p88s", "8s", {})),  # ryanpeikou scores more
    "Sanshoku doujun": (("123m123p123s456s99m", "9m", RIICHI), ("123m123p234s456s99m", "9m", RIICHI)),
    "Ittsu": (("123456789m456s99p", "9p", RIICHI), ("123456m789p456s99p", "9p", RIICHI)),
    "Chanta": (("123m789p789s111z99m", "9m", RIICHI), ("234m789p789s111z99m", "9m", RIICHI)),
    "Junchan": (("123m789p789s111s99m", "9m", RIICHI), ("123m789p789s111z99m", "9m", RIICHI)),
    "Toitoi": (
        ("555m99p pon:333p pon:444s pon:777s", "5m", {}),
        ("555m99p chi:234p pon:444s pon:777s", "5m", {"last_tile": True}),
    ),
    "Sanankou": (
        ("222m444p666s789s11z", "1z", {}),
        ("222m444p666s789s11z", "6s", {"last_tile": True}),
    ),  # ron on 6s: that pung is open
    "Sanshoku doukou": (("222m222p222s789s11z", "1z", RIICHI), ("222m222p333s789s11z", "1z", RIICHI)),
    "Sankantsu": (
        ("789s11z kan:2222m kan:4444p kan:6666s", "1z", {}),
        ("789s11z555m kan:2222m kan:4444p", "1z", {"last_tile": True}),
    ),
    "Honroutou": (("111m99p111s999s pon:222z", "9p", {}), ("123m99p111s999s pon:222z", "9p", {})),
    "Shousangen": (("123m456p55z666z777z", "5z", {}), ("123m456p11z666z777z", "1z", {})),
    "Honitsu": (("123456m789m111z22z", "2z", {}), ("123456m789p111z22z", "2z", {})),
    "Ryanpeikou": (("223344m556677p88s", "8s", {}), ("223344m567p678p88s", "8s", {})),
    "Chinitsu": (("123456789m11155m", "5m", {}), ("123456789m111m55z", "5z", {})),
    # yakuman
    "Kokushi musou": (("19m19p19s12345677z", "6z", {}), ("19m19p19s12345677z", "7z", {})),
    "Kokushi musou 13-sided wait": (("19m19p19s12345677z", "7z", {}), ("19m19p19s12345677z", "6z", {})),
    "Suuankou": (("222m444p666s888s11z", "8s", TSUMO), ("222m444p666s888s11z", "8s", {})),  # a ron on a pung: sanankou
    "Suuankou tanki": (("222m444p666s888s11z", "1z", {}), ("222m444p666s888s11z", "8s", TSUMO)),
    "Daisangen": (("123m11p555z666z777z", "1p", {}), ("123m111p555z666z77z", "1p", {})),
    "Shousuushii": (("123m111z222z333z44z", "4z", {}), ("123m456p111z222z44z", "4z", {})),
    "Daisuushii": (("11m111z222z333z444z", "1m", {}), ("11m111z222z333z456m", "1m", {})),
    "Tsuuiisou": (("11z222z333z555z666z", "1z", {}), ("11m222z333z555z666z", "1m", {})),
    "Chinroutou": (("11m999m111p999p999s", "9s", {}), ("11m999m111p999p111z", "1z", {})),
    "Ryuuiisou": (("223344s666s888s66z", "6z", {}), ("223344s666s888s77z", "7z", {})),
    "Chuuren poutou": (("11123455678999m", "2m", {}), ("11123455678999m", "5m", {})),
    "Junsei chuuren poutou": (("11123455678999m", "5m", {}), ("11123455678999m", "2m", {})),
    "Suukantsu": (
        ("11z kan:2222m kan:4444p kan:6666s kan:8888s", "1z", {}),
        ("11z888s kan:2222m kan:4444p kan:6666s", "1z", {}),
    ),
    "Tenhou": (
        ("234m567p234s678s55m", "2s", {"self_drawn": True, "first_turn": True}),
        ("234m567p234s678s55m", "2s", {"self_drawn": True, "first_turn": True, "seat_wind": 1}),
    ),
    "Chiihou": (
        ("234m567p234s678s55m", "2s", {"self_drawn": True, "first_turn": True, "seat_wind": 1}),
        ("234m567p234s678s55m", "2s", {"self_drawn": True, "first_turn": True}),
    ),
}


def test_every_yaku_has_a_case():
    names = {y.name for y in ALL_YAKU} - {"Renhou"}  # renhou is off by default; below
    assert names == set(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_hand_has_the_yaku(name):
    tiles, win, context = CASES[name][0]
    result = score(tiles, win, **context)
    assert result.is_win, result.error
    assert name in han_items(result), han_items(result)


@pytest.mark.parametrize("name", sorted(CASES))
def test_hand_narrowly_without_the_yaku(name):
    tiles, win, context = CASES[name][1]
    result = score(tiles, win, **context)
    assert result.is_win, result.error
    assert name not in han_items(result), han_items(result)


def test_open_hand_values():
    """Yaku that lose a han when open, and one that keeps it."""
    assert han_items(score("567s99p chi:123m chi:123p chi:123s", "9p")) == {"Sanshoku doujun": 1}
    assert han_items(score("789m99p chi:123m chi:456m pon:555z", "9p"))["Ittsu"] == 1
    assert han_items(score("111z99m chi:123m chi:789p chi:789s", "9m"))["Chanta"] == 1
    assert han_items(score("111s99m chi:123m chi:789p chi:789s", "9m")) == {"Junchan": 2}
    assert han_items(score("123m111z22z chi:456m chi:789m", "2z"))["Honitsu"] == 2
    assert han_items(score("123m11155m chi:456m chi:789m", "5m")) == {"Chinitsu": 5, "Ittsu": 1}
    assert han_items(score("555m99p pon:333p pon:444s pon:777s", "5m")) == {"Toitoi": 2}


def test_kuitan_option():
    hand = ("234m567p55m678s chi:234s", "5m")
    assert "Tanyao" in han_items(score(*hand))
    assert not score(*hand, options={"kuitan": False}).is_win
    assert "Tanyao" in han_items(score("234m567p234s678s55m", "5m", options={"kuitan": False}))


def test_double_east():
    """East seat in the East round: both wind yaku."""
    result = han_items(score("123m456p789s55m pon:111z", "5m", seat_wind=0, round_wind=0))
    assert result == {"Yakuhai: seat wind": 1, "Yakuhai: round wind": 1}


def test_renhou_option():
    hand = ("234m567p234s678s55m", "2s")
    first_ron = {"first_turn": True, "seat_wind": 1}
    assert "Renhou" not in han_items(score(*hand, **first_ron))
    assert han_items(score(*hand, **first_ron, options={"renhou": "mangan"}))["Renhou"] == 5
    assert han_items(score(*hand, **first_ron, options={"renhou": "yakuman"})) == {"Renhou": 13}


def test_yakuman_replaces_ordinary_yaku_and_dora():
    result = score("222m444p666s888s11z", "8s", self_drawn=True, riichi=True, dora_indicators=(4,))
    assert han_items(result) == {"Suuankou": 13}
    assert result.values == {"han": 13, "fu": 0}


def test_hand_without_yaku():
    result = score("123m456p789s55m chi:345s", "5m")
    assert not result.is_win and result.error == "no yaku"
    assert not score("123m456p789s55m chi:345s", "5m", dora_indicators=(0,)).is_win  # dora is no yaku
