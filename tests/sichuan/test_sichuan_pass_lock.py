"""Seed 002: "if you pass a winning discard, you cannot win on a discard until your next turn" —
a pung is a turn (the default, ``pass_win_lock_ends="own_turn"``); by option only a draw ends
the lock (``"own_draw"``)."""

from jantaku.engine.rulesets.sichuan.options import sichuan_options

from .scripted import act, legal, pass_claims, scripted_table

# seat 1 holds nine gates (any man wins); seat 0 will throw a 1m it can pung
LOCK = ["1m222333444p556p9s", "1112345678999m", "23567m11p77p88p99p", "3458m115566789p"]


def passed_then_punged(**options):
    """Seat 1 lets a 5m go, is locked, then pungs seat 0's 1m and discards 1m; seat 2 throws a 2m."""
    table = scripted_table(LOCK, draws="1s3p4p7p6p", voids="ssss", exchange_three=False, **options)
    act(table, 0, "discard 9s")
    act(table, 1, "discard 1s")
    act(table, 2, "discard 5m")
    act(table, 1, "pass")
    pass_claims(table)
    assert table.view(1)["pass_lock"] is True
    act(table, 3, "discard 8m")
    assert 1 not in table.pending()  # locked: no win on the 8m
    act(table, 0, "discard 1m")
    assert "ron 1m" not in legal(table, 1)
    act(table, 1, "pon 11m+1m")
    act(table, 1, "discard 1m")
    pass_claims(table)
    act(table, 2, "discard 2m")  # 345-678-999m + 2m: a single wait of seat 1's
    return table


def test_the_default_reading_is_that_a_pung_is_the_next_turn():
    assert sichuan_options().pass_win_lock_ends == "own_turn"
    assert sichuan_options("chengdu").pass_win_lock_ends == "own_turn"


def test_a_pung_lifts_the_lock():
    table = passed_then_punged()
    assert table.view(1)["pass_lock"] is False
    assert "ron 2m" in legal(table, 1)
    pass_claims(table, except_seats=(1,))
    act(table, 1, "ron 2m")
    assert table.wins[0].seat == 1 and table.wins[0].discarder == 2


def test_by_option_only_the_own_draw_lifts_the_lock():
    table = passed_then_punged(pass_win_lock_ends="own_draw")
    assert table.view(1)["pass_lock"] is True
    assert "ron 2m" not in legal(table, 1)
    pass_claims(table)
    act(table, 3, legal(table, 3)[0])
    pass_claims(table)
    act(table, 0, legal(table, 0)[0])
    pass_claims(table)
    assert table.turn_seat == 1 and table.view(1)["pass_lock"] is False  # lifted by the draw
