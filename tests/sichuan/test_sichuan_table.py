"""The Sichuan hand flow, scenario by scenario (scripted deals and draws)."""

import pytest

from jantaku.engine.actions import DeclareVoid, IllegalAction
from jantaku.engine.analysis import is_complete
from jantaku.engine.melds import MeldType
from jantaku.engine.rulesets.sichuan.options import sichuan_options
from jantaku.engine.rulesets.sichuan.ruleset import next_dealer
from jantaku.engine.rulesets.sichuan.table import SichuanTable
from jantaku.engine.tiles import counts34, format_tiles, kind_of, parse_tiles, suit_of

from .scripted import act, discards, legal, pass_claims, scripted_table

# --- setup: void suit and exchange of three ------------------------------------------------


def test_void_choice_is_simultaneous_and_revealed_together():
    table = SichuanTable(sichuan_options(), seed=4)
    assert table.phase == "setup" and sorted(table.pending()) == [0, 1, 2, 3]
    events = act(table, 2, "void m")
    assert events[0].for_seat(2)["suit"] == "m"
    assert "suit" not in events[0].for_seat(0)
    assert table.view(2)["voids"] == [None, None, "m", None]
    assert table.view(0)["voids"] == [None, None, None, None]
    assert sorted(table.pending()) == [0, 1, 3]
    for seat, suit in ((0, "p"), (1, "s")):
        act(table, seat, f"void {suit}")
    assert table.phase == "setup"
    act(table, 3, "void p")
    assert all(table.view(s)["voids"] == ["p", "s", "m", "p"] for s in (0, 1, 2, 3, None))
    assert table.phase == "turn" and list(table.pending()) == [0]


def test_a_void_is_chosen_once():
    table = SichuanTable(sichuan_options(), seed=4)
    act(table, 0, "void m")
    with pytest.raises(IllegalAction):
        table.act(0, DeclareVoid("p"))


def test_timeout_default_is_the_fewest_tile_suit():
    table = scripted_table(["123456789m2345p6s", "11122233m44p555s", None, None])
    assert str(table.default_setup_action(0)) == "void s"
    assert str(table.default_setup_action(1)) == "void p"


def test_exchange_of_three_tiles_of_one_suit_by_the_dice():
    table = SichuanTable(sichuan_options("chengdu"), seed=11)
    assert table.setup_step == "exchange"
    before = [list(p.concealed) for p in table.players]
    for seat in range(4):
        choices = table.legal_actions(seat)
        assert all(len(a.tiles) == 3 and len({suit_of(kind_of(t)) for t in a.tiles}) == 1 for a in choices)
        kinds = [tuple(map(kind_of, a.tiles)) for a in choices]
        assert len(kinds) == len(set(kinds))  # one choice per distinct set of kinds
    chosen = {seat: table.default_setup_action(seat) for seat in range(4)}
    for seat, action in chosen.items():
        table.act(seat, action)
    offset = table.exchange_offset()
    assert offset in (1, 2, 3)
    for seat in range(4):
        giver = (seat - offset) % 4
        expected = [t for t in before[seat] if t not in chosen[seat].tiles] + list(chosen[giver].tiles)
        assert sorted(table.players[seat].concealed) == sorted(expected)
    assert table.setup_step == "void"
    exchange_events = [e for e in table.events if e.type == "exchange"]
    assert all("received" not in e.for_seat((e.seat + 1) % 4) for e in exchange_events)


@pytest.mark.parametrize("dice, offset", [((1, 2), 2), ((1, 3), 1), ((2, 3), 3)])
def test_exchange_direction_follows_the_dice(dice, offset):
    table = scripted_table([None] * 4, dice=dice, exchange_three=True)
    assert table.exchange_offset() == offset


# --- the void suit in play -----------------------------------------------------------------------

VOID_FIRST = ["123m456m789m11p23p6s", "159m1459p234789s", "223344m7788p666s", "567899m2369p158s"]


def test_void_suit_tiles_must_be_discarded_first():
    table = scripted_table(VOID_FIRST, voids="smsp")
    assert discards(table, 0) == ["discard 6s"]
    act(table, 0, "discard 6s")
    assert table.phase == "turn" and table.turn_seat == 1  # seat 2 may not pung its void suit
    assert discards(table, 1) == ["discard 1m", "discard 5m", "discard 9m"]


def test_void_first_ends_when_the_void_suit_is_gone():
    table = scripted_table(VOID_FIRST, voids="smsp")
    act(table, 0, "discard 6s")
    assert len(table.discard_choices(0)) == 12  # every kind left in 123m456m789m11p23p


def test_no_pung_or_kong_on_ones_void_suit_but_on_the_other_suits():
    table = scripted_table(VOID_FIRST, voids="smmp")
    act(table, 0, "discard 6s")
    assert legal(table, 2) == ["pon 66s+6s", "kan 666s+6s", "pass"]


def test_no_concealed_kong_of_the_void_suit():
    hands = ["1111s234m567m22p58p", None, None, None]
    assert "ankan 1s" in legal(scripted_table(hands, voids="pmmm"), 0)
    assert not any(a.startswith("ankan") for a in legal(scripted_table(hands, voids="smmm"), 0))


def test_no_win_while_holding_a_void_tile():
    hands = ["123m456m789m99p24p5s", "123m456m789m111p5s", None, None]
    table = scripted_table(hands, voids="spss")
    with_5s = counts34(table.players[1].concealed)
    with_5s[kind_of(parse_tiles("5s")[0])] += 1
    assert is_complete(with_5s)  # the shape is there; the void suit forbids it
    act(table, 0, "discard 5s")
    assert not any(a.startswith("ron") for a in legal(table, 1))


# --- kongs ------------------------------------------------------------------------------------------

KONG_HANDS = ["1111m234m567m22p58s", None, None, None]


def test_concealed_kong_pays_at_once_and_draws_from_the_back():
    table = scripted_table(KONG_HANDS, draws="3p", replacements="9p", voids="smmm")
    act(table, 0, "ankan 1m")
    assert format_tiles([table.players[0].drawn]) == "9p"
    assert table.deltas == [6, -2, -2, -2]
    assert [e.data["reason"] for e in table.events if e.type == "payment"] == ["kong"]


def test_kong_replacement_from_the_front_as_an_option():
    table = scripted_table(KONG_HANDS, draws="3p", replacements="9p", voids="smmm", kong_replacement="front")
    act(table, 0, "ankan 1m")
    assert format_tiles([table.players[0].drawn]) == "3p"


def test_exposed_kong_the_discarder_pays_two():
    table = scripted_table(["123m456m789m11p23p9p", "999p123456789s1m", None, None], voids="ssmm")
    act(table, 0, "discard 9p")
    act(table, 1, "kan 999p+9p")
    pass_claims(table)
    assert table.deltas == [-2, 2, 0, 0]
    assert table.turn_seat == 1 and table.players[1].drawn is not None


def robbing_table(**options):
    hands = ["123m456m789m111p57p", "13579m234689p55p", "123m456m789m4666p", None]
    return scripted_table(hands, draws="1s3s2s5p", voids="ssss", **options)


def test_robbing_an_added_kong_and_the_passed_win_lock():
    table = robbing_table()
    act(table, 0, "discard 5p")
    assert "ron 5p" in legal(table, 2)
    act(table, 2, "pass")
    act(table, 1, "pon 55p+5p")
    assert table.view(2)["pass_lock"] is True
    act(table, 1, "discard 9m")
    pass_claims(table)
    assert table.turn_seat == 2 and table.view(2)["pass_lock"] is False  # lifted by the draw
    act(table, 2, "discard 1s")
    pass_claims(table)
    act(table, 3, discards(table, 3)[0])
    pass_claims(table)
    act(table, 0, "discard 2s")
    pass_claims(table)
    assert table.turn_seat == 1 and "kakan 5p" in legal(table, 1)
    act(table, 1, "kakan 5p")
    assert table.phase == "rob" and legal(table, 2) == ["ron 5p", "pass"]
    act(table, 2, "ron 5p")
    win = table.wins[0]
    assert (win.seat, win.discarder) == (2, 1)
    assert {"name": "Robbing a Kong (抢杠)", "value": 1, "unit": "fan"} in win.score.to_json()["items"]
    assert table.deltas == [0, -2, 2, 0]  # no kong money: the kong never happened
    assert table.players[1].melds[0].type is MeldType.PON
    assert table.players[2].out and table.turn_seat == 3 and table.phase == "turn"


def play_round_to_seat_1(table):
    """Seat 1 discards 9m after its pung; the others discard until seat 1 draws again."""
    act(table, 1, "discard 9m")
    pass_claims(table)
    for seat in (2, 3, 0):
        act(table, seat, discards(table, seat)[0])
        pass_claims(table)
    assert table.turn_seat == 1


@pytest.mark.parametrize(
    "seat_1, draws, overrides, kong_money",
    [
        ("13579m234689p55p", "1s3s2s5p", {}, 3),  # the fourth 5p just drawn: 1 from each
        ("13579m23468p555p", "1s3s2s6s", {}, 0),  # the fourth 5p held since the pung: nothing
        ("13579m23468p555p", "1s3s2s6s", {"held_added_kong_pays": 1}, 3),
    ],
)
def test_added_kong_money(seat_1, draws, overrides, kong_money):
    table = scripted_table(["123m456m789m111p57p", seat_1, None, None], draws=draws, voids="ssss", **overrides)
    act(table, 0, "discard 5p")
    pass_claims(table, except_seats=(1,))
    act(table, 1, "pon 55p+5p")
    play_round_to_seat_1(table)
    before = table.deltas[1]
    act(table, 1, "kakan 5p")
    pass_claims(table)
    assert table.deltas[1] - before == kong_money


# --- several winners, leaving, the end ----------------------------------------------------------------

MULTI = ["123m456m789m111p57p", "123s456s789s34p99p", None, "111s222s333s4688p"]


def seats_1_and_3_win_on_5p(**options):
    table = scripted_table(MULTI, draws="7p", voids="smsm", **options)
    act(table, 0, "discard 5p")
    act(table, 1, "ron 5p")
    pass_claims(table, except_seats=(3,))
    act(table, 3, "ron 5p")
    return table


def test_several_win_on_one_discard_and_play_goes_on_after_the_last():
    table = seats_1_and_3_win_on_5p()
    assert [w.seat for w in table.wins] == [1, 3]
    assert table.deltas == [-2, 1, 0, 1]
    assert table.players[1].out and table.players[3].out
    assert table.phase == "turn" and table.turn_seat == 0  # after seat 3, counting from the discarder
    assert next_dealer(0, table.wins) == 0  # several on the first discard: the discarder deals


def test_the_third_winner_ends_the_hand_and_winners_never_pay():
    table = seats_1_and_3_win_on_5p()
    act(table, 0, "tsumo 7p")  # self-drawn: only seat 2 is still in to pay, 1 + 1 base
    assert table.is_over and table.result.kind == "win" and len(table.result.wins) == 3
    assert table.result.deltas == [0, 1, -2, 1]
    assert table.result.details == []


def test_multi_win_off_only_the_first_in_turn_order_wins():
    table = seats_1_and_3_win_on_5p(multi_win=False)
    assert [w.seat for w in table.wins] == [1]
    assert table.turn_seat == 2
    assert next_dealer(0, table.wins) == 1


def test_the_first_winner_deals_next():
    table = scripted_table(MULTI, voids="smsm")
    act(table, 0, "discard 5p")
    act(table, 1, "ron 5p")
    pass_claims(table, except_seats=(3,))
    act(table, 3, "pass")
    assert next_dealer(0, table.wins) == 1


# --- passed-win lock ---------------------------------------------------------------------------------

LOCK = ["1m222333444p556p9s", "1112345678999m", "23567m11p77p88p99p", "3458m115566789p"]


@pytest.mark.parametrize("preset, higher_allowed", [("sbr", False), ("chengdu", True)])
def test_passed_win_lock(preset, higher_allowed):
    table = scripted_table(LOCK, draws="1s3p4p7p", voids="ssss", preset=preset, exchange_three=False)
    act(table, 0, "discard 9s")
    act(table, 1, "discard 1s")
    act(table, 2, "discard 5m")
    assert "ron 5m" in legal(table, 1)  # flush, worth 4 (sbr) / 8 (chengdu)
    act(table, 1, "pass")
    pass_claims(table)
    act(table, 3, "discard 5m")  # the same win again: locked either way
    assert 1 not in table.pending()
    pass_claims(table)
    act(table, 0, "discard 1m")  # 1111m makes a root: worth more
    assert ("ron 1m" in legal(table, 1)) is higher_allowed
    if higher_allowed:
        pass_claims(table, except_seats=(1,))
        act(table, 1, "ron 1m")
        assert table.wins[0].score.values["fan"] == 4  # flush 2, root 1, concealed 1
    else:
        pass_claims(table)
        assert table.turn_seat == 1 and table.view(1)["pass_lock"] is False  # lifted by the draw


# --- kong then discard ----------------------------------------------------------------------------------

KONG_THEN_DISCARD = ["1111m234m567m22p38p", "234m567m999m67p55p", None, None]


@pytest.mark.parametrize(
    "preset, deltas",
    [
        ("sbr", [-2, 2, 0, 0]),  # the kong money goes back to its payers
        ("chengdu", [-4, 8, -2, -2]),  # ... or to the winner (4 points: concealed, kong then discard)
    ],
)
def test_kong_then_discard(preset, deltas):
    table = scripted_table(KONG_THEN_DISCARD, replacements="4p", voids="ssss", preset=preset, exchange_three=False)
    act(table, 0, "ankan 1m")
    act(table, 0, "discard 8p")
    pass_claims(table, except_seats=(1,))
    act(table, 1, "ron 8p")
    items = {i.name for i in table.wins[0].score.items}
    assert "Win after Kong Discard (杠上炮)" in items
    assert table.deltas == deltas


# --- the last tile and the end of the wall -------------------------------------------------------------

LAST = ["123m456m789m11p23p9p", "5555p678p123s44s9s", "223356999s2468p", "1m1234588s13467p"]


def test_last_tile_restrictions_and_end_of_wall_settlement():
    table = scripted_table(LAST, draws="7s", voids="smmm", full=False)
    act(table, 0, "discard 9p")
    assert table.turn_seat == 1 and table.wall.remaining == 0
    assert legal(table, 1) == [a for a in legal(table, 1) if a.startswith("discard")]  # no kong
    act(table, 1, "discard 9s")
    assert legal(table, 2) == ["pon 99s+9s", "pass"]  # the last discard: no kong
    act(table, 2, "pass")
    result = table.result
    assert table.is_over and result.kind == "draw"
    assert result.flags["ready_points"] == [1, None, None, None]
    assert result.flags["flower_pigs"] == [3]
    assert [(d["payer"], d["payee"], d["amount"], d["reason"]) for d in result.details] == [
        (1, 0, 1, "not ready"),
        (2, 0, 1, "not ready"),
        (3, 0, 1, "not ready"),
    ]
    assert result.deltas == [3, -1, -1, -1]


def test_end_of_wall_chengdu_flower_pig_pays_the_cap():
    table = scripted_table(LAST, draws="7s", voids="smmm", full=False, preset="chengdu", exchange_three=False)
    act(table, 0, "discard 9p")
    act(table, 1, "discard 9s")
    act(table, 2, "pass")
    assert table.result.deltas == [20, 14, 14, -48]


def test_end_of_wall_refunds_the_kong_money_of_a_player_not_ready():
    hands = ["123m456m789m11p23p9p", "5555p678p123s44s9s", "223356999s2468p", "1m1234588s13467p"]
    table = scripted_table(hands, draws="7s", replacements="1p", voids="smmm", full=False)
    act(table, 0, "discard 9p")
    act(table, 1, "ankan 5p")  # one tile left for the replacement; seat 1 draws it (1p)
    assert table.deltas == [-2, 6, -2, -2]
    act(table, 1, "discard 9s")
    act(table, 2, "pass")
    refunds = [d for d in table.result.details if d["reason"] == "kong money refunded"]
    assert sorted((d["payee"], d["amount"]) for d in refunds) == [(0, 2), (2, 2), (3, 2)]
    assert sum(table.result.deltas) == 0
