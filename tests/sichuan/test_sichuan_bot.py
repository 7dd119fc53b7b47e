"""The sichuan bot's decisions, each in a position made for it, and whole hands without errors."""

from jantaku.engine.bots import get_bot
from jantaku.engine.rulesets.sichuan.bot import SichuanBot
from jantaku.engine.selfplay import run_selfplay
from jantaku.engine.tiles import kind_of, suit_of

from .scripted import act, notation, pass_claims, scripted_table

BOT = SichuanBot()


def decide(table, seat):
    return notation(BOT.choose(table.view(seat), table.legal_actions(seat)))


def test_registered():
    assert get_bot("sichuan").name == "sichuan"


def test_void_the_suit_cheapest_to_give_up():
    # seat 0: p has 3 tiles but a pair, s has 3 single tiles -> s
    table = scripted_table(["123m456m78m11p2p369s", None, None, None])
    assert decide(table, 0) == "void s"


def test_exchange_three_of_the_suit_it_will_give_up():
    table = scripted_table(["123m456m78m11p369s2p", None, None, None], exchange_three=True)
    choice = BOT.choose(table.view(0), table.legal_actions(0))
    assert {suit_of(kind_of(t)) for t in choice.tiles} == {"s"}


def test_void_tiles_go_first_the_most_seen_kind_first():
    table = scripted_table(["123m456m789m1p23p6s9s", None, None, None], voids="smmm")
    assert decide(table, 0) in ("discard 6s", "discard 9s")
    assert decide(table, 0) == "discard 9s"  # equally seen: the higher kind, deterministic


def test_takes_a_concealed_kong_that_keeps_the_hand():
    table = scripted_table(["1111m234m567m22p58p", None, None, None], voids="smmm")
    assert decide(table, 0) == "ankan 1m"


def test_claims_an_exposed_kong():
    table = scripted_table(["123m456m789m11p23p9p", "999p123456789s1m", None, None], voids="ssmm")
    act(table, 0, "discard 9p")
    assert decide(table, 1) == "kan 999p+9p"


def test_takes_a_discard_win_worth_fan():
    hands = ["1m222333444p556p9s", "1112345678999m", "23567m11p77p88p99p", "3458m115566789p"]
    table = scripted_table(hands, draws="1s3p", voids="ssss")
    act(table, 0, "discard 9s")
    act(table, 1, "discard 1s")
    act(table, 2, "discard 5m")
    assert decide(table, 1) == "ron 5m"  # a full flush


def test_lets_a_cheap_discard_win_go_with_a_long_wall_and_many_waits():
    hands = ["123m456m789m111p57p", "123s456s789s34p99p", None, None]
    table = scripted_table(hands, voids="smss")
    act(table, 0, "discard 5p")  # 2p and 5p: 7 copies unseen, no fan
    assert decide(table, 1) == "pass"


def test_takes_a_cheap_discard_win_late_in_the_hand():
    hands = ["123m456m789m111p57p", "123s456s789s34p99p", None, None]
    table = scripted_table(hands, draws="1s2s3s4s5s6s7s8s9s1s", voids="smss", full=False)
    act(table, 0, "discard 5p")
    assert table.wall.remaining == 10
    assert decide(table, 1) == "ron 5p"


def test_wins_on_a_self_draw_always():
    table = scripted_table(["123m456m789m111p57p", "123s456s789s34p99p", None, None], draws="2p", voids="smss")
    act(table, 0, "discard 7p")
    pass_claims(table)
    assert decide(table, 1) == "tsumo 2p"


def test_decisions_are_deterministic():
    table = scripted_table(["123m456m789m1p23p6s9s", None, None, None], voids="smmm")
    view, actions = table.view(0), table.legal_actions(0)
    assert BOT.choose(view, actions) == BOT.choose(view, tuple(reversed(actions)))


def test_whole_hands_without_errors():
    summary = run_selfplay("sichuan", hands=6, seed=2, bots=["sichuan", "easy", "sichuan", "easy"], preset="chengdu")
    assert summary["errors"] == [] and summary["hands"] == 6
