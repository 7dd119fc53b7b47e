"""Payments with concrete totals, and the dangerous-discard rule."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jantaku.engine.melds import parse_hand
from jantaku.engine.rulesets.classical.danger import dangerous_kinds, had_choice, is_dangerous_discard
from jantaku.engine.rulesets.classical.options import classical_options
from jantaku.engine.rulesets.classical.payments import pay_winner, settle_among, settle_draw, settle_win
from jantaku.engine.tiles import parse_kinds

E, S, W, N = 0, 1, 2, 3
CLASSICAL = classical_options("classical")
DMJL = classical_options("dmjl")
SCORES = {E: 40, S: 100, W: 20, N: 0}  # the DMJL example; South has won


# --- self-draw: both presets alike ---------------------------------------------------------


@pytest.mark.parametrize("options", [CLASSICAL, DMJL])
def test_the_dmjl_example(options):
    assert settle_win(SCORES, S, options=options) == {E: -80, S: 400, W: -120, N: -200}


def test_east_winner_receives_double_from_everyone():
    assert pay_winner(50, E) == {E: 300, S: -100, W: -100, N: -100}


def test_losers_settle_differences_with_east_double():
    assert settle_among({E: 0, W: 30, N: 10}, (E, W, N)) == {E: -80, S: 0, W: 80, N: 0}


# --- discard wins ------------------------------------------------------------------------


def test_classical_discarder_pays_4x_and_losers_still_settle():
    # W discards: W pays 400; then E +40 from W, E +80 from N, W +20 from N
    assert settle_win(SCORES, S, options=CLASSICAL, discarder=W) == {E: 120, S: 400, W: -420, N: -100}


def test_classical_discarder_pays_6x_to_east():
    scores = {E: 100, S: 0, W: 0, N: 0}
    assert settle_win(scores, E, options=CLASSICAL, discarder=N) == {E: 600, S: 0, W: 0, N: -600}


def test_classical_east_as_discarder_pays_4x():
    scores = {E: 0, S: 100, W: 0, N: 0}
    assert settle_win(scores, S, options=CLASSICAL, discarder=E) == {E: -400, S: 400, W: 0, N: 0}


def test_dmjl_discard_is_paid_like_a_self_draw():
    assert settle_win(SCORES, S, options=DMJL, discarder=W) == settle_win(SCORES, S, options=DMJL)


def test_dmjl_dangerous_discard_discarder_pays_alone_and_nothing_else():
    assert settle_win(SCORES, S, options=DMJL, discarder=W, dangerous=True) == {E: 0, S: 400, W: -400, N: 0}
    scores = {E: 100, S: 40, W: 20, N: 0}
    assert settle_win(scores, E, options=DMJL, discarder=S, dangerous=True) == {E: 600, S: -600, W: 0, N: 0}


def test_danger_does_not_change_classical_payments():
    assert settle_win(SCORES, S, options=CLASSICAL, discarder=W, dangerous=True) == settle_win(
        SCORES, S, options=CLASSICAL, discarder=W
    )


# --- draws ------------------------------------------------------------------------------


def test_a_draw_pays_nothing_by_default():
    assert settle_draw(SCORES, options=CLASSICAL) == {E: 0, S: 0, W: 0, N: 0}


def test_a_draw_can_settle_all_hands():
    options = classical_options("classical", {"draw_settles_hands": True})
    # E-S 120 to S, E-W 40 to E, E-N 80 to E, S-W 80 to S, S-N 100 to S, W-N 20 to W
    assert settle_draw(SCORES, options=options) == {E: 0, S: 300, W: -100, N: -200}


scores_strategy = st.fixed_dictionaries({seat: st.integers(0, 500) for seat in (E, S, W, N)})


@given(
    scores_strategy,
    st.sampled_from((E, S, W, N)),
    st.sampled_from((None, E, S, W, N)),
    st.booleans(),
    st.sampled_from((CLASSICAL, DMJL)),
)
def test_payments_always_add_up_to_zero(scores, winner, discarder, dangerous, options):
    if discarder == winner:
        discarder = None
    deltas = settle_win(scores, winner, options=options, discarder=discarder, dangerous=dangerous)
    assert sum(deltas.values()) == 0
    assert deltas[winner] == scores[winner] * (6 if winner == E else 4)


# --- dangerous discards --------------------------------------------------------------------


def melds(text):
    return parse_hand(text).melds


def kind(text):
    return parse_kinds(text)[0]


def kinds(text):
    return set(parse_kinds(text))


@pytest.mark.parametrize(
    "shown, dangerous",
    [
        ("pon:222s chi:345s pon:777s", "123456789s1234567z"),  # one suit (+ honours)
        ("pon:222s chi:345s pon:111z", "123456789s1234567z"),  # one suit with honours
        ("pon:222s chi:345s pon:777m", ""),  # two suits
        ("pon:222s chi:345s", ""),  # only two melds
        ("pon:111z pon:222z pon:555z", "1234567z"),  # all honours
        ("pon:555z pon:666z", "567z"),  # three great scholars
        ("pon:555z chi:123m", ""),
        ("pon:111z pon:222z pon:333z", "1234567z"),  # four blessings, and all honours
        ("pon:111z pon:222z pon:333z chi:123m", "123456789m1234567z"),  # ... and one suit
        ("pon:111m pon:999p pon:111s", "19m19p19s"),  # heads and tails
        ("pon:111m pon:999p chi:123s", ""),
    ],
)
def test_dangerous_kinds(shown, dangerous):
    assert dangerous_kinds(melds(shown)) == kinds(dangerous)


def test_dangerous_only_with_a_choice():
    shown = melds("pon:555z pon:666z")
    assert is_dangerous_discard(kind("7z"), shown, parse_kinds("7z123m"))
    assert not is_dangerous_discard(kind("7z"), shown, parse_kinds("7z7z"))  # no choice
    assert not is_dangerous_discard(kind("1m"), shown, parse_kinds("7z1m"))  # a safe tile


def test_had_choice():
    danger = frozenset(parse_kinds("567z"))
    assert had_choice(parse_kinds("5z9m"), danger)
    assert not had_choice(parse_kinds("5z6z"), danger)
