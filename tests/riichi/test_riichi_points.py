"""Limits, payments, honba and sticks, and the options that change them."""

import pytest

from jantaku.cli import main
from jantaku.engine.calculator import score_json
from jantaku.engine.rulesets.riichi.points import HandValue, base_points, hand_value, win_payments

from .riichi_helpers import han_items, score

# the well-known table: (han, fu) → non-dealer ron, dealer ron, non-dealer tsumo (dealer/other)
TABLE = [
    ((1, 30), 1000, 1500, (500, 300)),
    ((1, 40), 1300, 2000, (700, 400)),
    ((2, 25), 1600, 2400, (800, 400)),
    ((3, 30), 3900, 5800, (2000, 1000)),
    ((3, 60), 7700, 11600, (3900, 2000)),
    ((4, 30), 7700, 11600, (3900, 2000)),
    ((4, 40), 8000, 12000, (4000, 2000)),
    ((2, 110), 7100, 10600, (3600, 1800)),
]


@pytest.mark.parametrize("han_fu, ron, dealer_ron, tsumo", TABLE)
def test_payment_table(han_fu, ron, dealer_ron, tsumo):
    base, _ = base_points(*han_fu)
    assert win_payments(base, winner=1, payer=2)[2] == -ron
    assert win_payments(base, winner=0, payer=2)[2] == -dealer_ron
    non_dealer_tsumo = win_payments(base, winner=1, payer=None)
    assert (-non_dealer_tsumo[0], -non_dealer_tsumo[2]) == tsumo
    dealer_tsumo = win_payments(base, winner=0, payer=None)
    assert {dealer_tsumo[s] for s in (1, 2, 3)} == {-tsumo[0]}


@pytest.mark.parametrize(
    "han, base, limit",
    [
        (5, 2000, "mangan"),
        (6, 3000, "haneman"),
        (7, 3000, "haneman"),
        (8, 4000, "baiman"),
        (10, 4000, "baiman"),
        (11, 6000, "sanbaiman"),
        (12, 6000, "sanbaiman"),
        (13, 8000, "yakuman"),
        (20, 8000, "yakuman"),
    ],
)
def test_han_limits(han, base, limit):
    assert base_points(han, 30) == (base, limit)


def test_fu_capped_at_mangan_below_five_han():
    assert base_points(3, 70) == (2000, "mangan")  # 70 × 32 = 2240
    assert base_points(4, 30) == (1920, None)


def test_kiriage_mangan():
    assert base_points(4, 30, kiriage=True) == (2000, "mangan")
    assert base_points(3, 60, kiriage=True) == (2000, "mangan")
    assert base_points(3, 50, kiriage=True) == (1600, None)


def test_kazoe_option():
    assert base_points(13, 30, kazoe_yakuman=False) == (6000, "sanbaiman")


def test_honba_and_sticks():
    ron = win_payments(1000, winner=1, payer=3, honba=2, sticks=3)
    assert ron == {0: 0, 1: 4000 + 600 + 3000, 2: 0, 3: -4600}
    tsumo = win_payments(1000, winner=1, payer=None, honba=2, sticks=1)
    assert tsumo == {0: -2200, 1: 4000 + 600 + 1000, 2: -1200, 3: -1200}


def test_payments_always_balance_with_the_sticks():
    for winner in range(4):
        for payer in [None] + [s for s in range(4) if s != winner]:
            deltas = win_payments(1920, winner=winner, payer=payer, honba=1, sticks=2)
            assert sum(deltas.values()) == 2000


def test_liable_player_pays():
    """Pao: on a self-draw the liable player pays everything; on a ron half, with the discarder."""
    tsumo = win_payments(8000, winner=1, payer=None, honba=1, liable=2)
    assert tsumo == {0: 0, 1: 32300, 2: -32300, 3: 0}
    ron = win_payments(8000, winner=1, payer=3, honba=1, liable=2)
    assert ron == {0: 0, 1: 32300, 2: -16300, 3: -16000}


# --- whole hands ---------------------------------------------------------------------------


def test_result_limit_and_score():
    result = score("123456789m11155m", "5m", riichi=True, seat_wind=1)  # chinitsu 6 + ittsu 2 + riichi
    assert result.limit == "baiman" and result.score == 4000
    assert result.payments == {0: -16000, 1: 16000, 2: 0, 3: 0}


def test_dealer_ron_and_default_discarder():
    result = score("234m567p234s678s55m", "2s", riichi=True, seat_wind=0)  # riichi pinfu tanyao
    assert result.values == {"han": 3, "fu": 30}
    assert result.payments == {0: 5800, 1: 0, 2: 0, 3: -5800}  # the seat before East is North


def test_given_discarder_pays():
    result = score("234m567p234s678s55m", "2s", riichi=True, seat_wind=2, discarder=0)
    assert result.payments == {0: -3900, 1: 0, 2: 3900, 3: 0}


def test_kazoe_yakuman_from_ordinary_yaku():
    # riichi ippatsu tsumo chinitsu ittsu iipeikou... 1+1+1+6+2 = 11 + dora 2 → 13
    result = score(
        "112233456789m99m", "9m", self_drawn=True, riichi=True, ippatsu=True, dora_indicators=(32,)
    )  # indicator 9m → 1m ×2
    assert result.values["han"] >= 13 and result.limit == "yakuman" and result.score == 8000
    result = score(
        "112233456789m99m",
        "9m",
        self_drawn=True,
        riichi=True,
        ippatsu=True,
        dora_indicators=(32,),
        options={"kazoe_yakuman": False},
    )
    assert result.limit == "sanbaiman"


def test_double_yakuman_patterns_by_option():
    kokushi13 = ("19m19p19s12345677z", "7z")
    assert score(*kokushi13).values["han"] == 13
    assert score(*kokushi13, preset="majsoul").values["han"] == 26
    assert score(*kokushi13, preset="majsoul").limit == "double yakuman"
    tanki = ("222m444p666s888s11z", "1z")
    assert score(*tanki).limit == "yakuman"
    assert score(*tanki, options={"double_yakuman": True}).limit == "double yakuman"
    junsei = ("11123455678999m", "5m")
    assert score(*junsei, options={"double_yakuman": True}).score == 16000
    daisuushii = ("11m111z222z333z pon:444z", "1m")
    assert score(*daisuushii, options={"double_yakuman": True}).values["han"] == 26


def test_different_yakuman_add_up_unless_switched_off():
    hand = ("11z555z666z777z222z", "1z")  # daisangen + tsuuiisou (+ suuankou tanki)
    result = score(*hand, self_drawn=True)
    assert han_items(result) == {"Suuankou tanki": 13, "Daisangen": 13, "Tsuuiisou": 13}
    assert result.limit == "triple yakuman" and result.score == 24000
    assert score(*hand, self_drawn=True, options={"multiple_yakuman": False}).limit == "yakuman"


def test_dora_counts_every_indicator_and_red_fives():
    # indicators 4m and 4m (two copies) → 5m is dora twice; hand holds 5m ×2 incl. the red one
    result = score("234m567p234s678s05m", "2s", riichi=True, dora_indicators=(12, 13))
    assert han_items(result)["Dora"] == 4
    assert han_items(result)["Aka dora"] == 1
    assert "Aka dora" not in han_items(score("234m567p234s678s05m", "2s", riichi=True, options={"aka_dora": False}))


def test_ura_dora_only_with_riichi():
    ura = {"ura_indicators": (0,)}  # 1m indicator → 2m
    assert han_items(score("234m567p234s678s55m", "2s", riichi=True, **ura))["Ura dora"] == 1
    assert "Ura dora" not in han_items(score("234m567p234s678s55m", "2s", self_drawn=True, **ura))


def test_kan_dora_indicators_are_just_more_indicators():
    result = score("234m567p55m678s ankan:2222s", "5m", riichi=True, dora_indicators=(0, 72))
    assert han_items(result)["Dora"] == 1 + 4  # 1m → 2m (one), 1s → 2s (the kan)


@pytest.mark.parametrize("han_fu, ron, dealer_ron, tsumo", TABLE)
def test_hand_value_says_the_table(han_fu, ron, dealer_ron, tsumo):
    """The value players read off a result: the same numbers as the payment table, in their words."""
    base, limit = base_points(*han_fu)
    head = limit or f"{han_fu[1]} fu {han_fu[0]} han"
    assert hand_value(base, han=han_fu[0], fu=han_fu[1], limit=limit, dealer=False, self_drawn=False) == HandValue(
        ron, f"{head} · {ron:,}"
    )
    assert hand_value(base, han=han_fu[0], fu=han_fu[1], limit=limit, dealer=True, self_drawn=False) == HandValue(
        dealer_ron, f"{head} · {dealer_ron:,}"
    )
    dealer_share, other_share = tsumo
    assert hand_value(base, han=han_fu[0], fu=han_fu[1], limit=limit, dealer=False, self_drawn=True) == HandValue(
        dealer_share + 2 * other_share, f"{head} · {other_share:,} / {dealer_share:,}"
    )
    assert hand_value(base, han=han_fu[0], fu=han_fu[1], limit=limit, dealer=True, self_drawn=True) == HandValue(
        3 * dealer_share, f"{head} · {dealer_share:,} all"
    )


@pytest.mark.parametrize(
    "request_, value, points",
    [
        (
            {"hand": "123m456p789s11222z", "win": "2z", "by": "self", "flags": ["riichi"]},
            "40 fu 2 han · 1,300 all",
            3900,
        ),
        (
            {"hand": "234m567p234s678s55m", "win": "2s", "seat": "S", "flags": ["riichi"]},
            "30 fu 3 han · 3,900",
            3900,
        ),  # riichi, pinfu, all simples
        (
            {"hand": "234m567p234s678s55m", "win": "2s", "seat": "S", "flags": ["riichi"], "dora": ["4m"]},
            "mangan · 8,000",
            8000,
        ),
        (
            {
                "hand": "234m567p234s678s55m",
                "win": "2s",
                "seat": "S",
                "by": "self",
                "flags": ["riichi"],
                "honba": 2,
                "sticks": 1,
                "dora": ["1m"],
            },
            "mangan · 2,000 / 4,000",
            8000,
        ),
    ],
)
def test_calculator_gives_the_value_players_say(request_, value, points):
    """``jantaku score riichi`` reports the hand's points (not only the base points) and its spoken form;
    without honba and sticks the winner's payment is exactly those points."""
    out = score_json("riichi", request_)
    assert (out["hand_value"], out["hand_points"]) == (value, points)
    if not request_.get("honba") and not request_.get("sticks"):
        assert out["payments"][request_.get("seat", "E")] == points


def test_calculator_text_prints_the_points(capsys):
    assert main(["score", "riichi", "123m456p789s11222z", "--win", "2z", "--self", "--flag", "riichi"]) == 0
    text = capsys.readouterr().out
    assert "40 fu 2 han · 1,300 all" in text and "score: 640" not in text


def test_yaku_carry_their_english_names():
    """A result shows each yaku by its Japanese name with the English one beside it."""
    from jantaku.engine.rulesets.riichi.catalogue import ALL_YAKU

    assert all(y.english for y in ALL_YAKU), [y.name for y in ALL_YAKU if not y.english]
    out = score_json("riichi", {"hand": "234m567p234s678s55m", "win": "2s", "flags": ["riichi"], "dora": ["4m"]})
    named = {i["name"]: i.get("english") for i in out["items"] if i["unit"] == "han"}
    assert named == {"Riichi": "Ready hand", "Tanyao": "All simples", "Pinfu": "No-points hand", "Dora": "Bonus tiles"}
