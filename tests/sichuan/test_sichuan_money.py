"""The hand ledger: kong money, wins, kong-then-discard and the end-of-wall settlement."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jantaku.engine.rulesets.sichuan.money import EndOfWallHand, HandLedger, KongKind, KongState, PaymentError, Reason
from jantaku.engine.rulesets.sichuan.options import sichuan_options

SBR = sichuan_options()
CHENGDU = sichuan_options("chengdu")

READY_2 = EndOfWallHand(holds_void=False, ready_points=2)
READY_4 = EndOfWallHand(holds_void=False, ready_points=4)
NOT_READY = EndOfWallHand(holds_void=False, ready_points=None)
FLOWER_PIG = EndOfWallHand(holds_void=True, ready_points=None)


def ledger(options=SBR, winners=()):
    book = HandLedger(options)
    book.winners.extend(winners)  # players who won earlier; their own wins are not the point here
    return book


# --- kong money --------------------------------------------------------------------------


def test_exposed_kong_the_discarder_pays_two_base():
    book = ledger()
    book.kong(0, KongKind.EXPOSED, discarder=2)
    assert book.balances() == {0: 2, 1: 0, 2: -2, 3: 0}


def test_exposed_kong_needs_the_discarder():
    with pytest.raises(ValueError):
        ledger().kong(0, KongKind.EXPOSED)


def test_concealed_kong_each_player_still_in_pays_two():
    book = ledger()
    book.kong(1, KongKind.CONCEALED)
    assert book.balances() == {0: -2, 1: 6, 2: -2, 3: -2}


def test_concealed_kong_players_who_have_won_do_not_pay():
    book = ledger(winners=[0, 3])
    book.kong(1, KongKind.CONCEALED)
    assert book.balances() == {0: 0, 1: 2, 2: -2, 3: 0}


def test_added_kong_with_the_drawn_tile_each_still_in_pays_one():
    book = ledger(winners=[2])
    book.kong(0, KongKind.ADDED_DRAWN)
    assert book.balances() == {0: 2, 1: -1, 2: 0, 3: -1}


def test_added_kong_with_a_held_tile_pays_nothing_by_default():
    book = ledger()
    record = book.kong(0, KongKind.ADDED_HELD)
    assert record.transfers == [] and book.transfers == []
    book = ledger(sichuan_options(overrides={"held_added_kong_pays": 1}), winners=[1])
    book.kong(0, KongKind.ADDED_HELD)
    assert book.balances() == {0: 2, 1: 0, 2: -1, 3: -1}


def test_kong_money_is_a_multiple_of_the_base():
    book = ledger(sichuan_options(overrides={"base": 5}))
    book.kong(0, KongKind.CONCEALED)
    assert book.balances()[0] == 30


def test_robbed_kong_never_happened():
    book = ledger()
    record = book.kong(3, KongKind.ADDED_DRAWN)
    book.cancel_kong(record)
    book.win(0, points=2, discarder=3)  # the robber wins on the kong's tile
    assert record.state is KongState.CANCELLED
    assert book.balances() == {0: 2, 1: 0, 2: 0, 3: -2}


def test_a_kong_settles_only_once():
    book = ledger()
    record = book.kong(3, KongKind.CONCEALED)
    book.cancel_kong(record)
    with pytest.raises(PaymentError):
        book.refund_kong(record)


# --- wins --------------------------------------------------------------------------------


def test_discard_win_the_discarder_pays():
    book = ledger()
    book.win(2, points=4, discarder=0)
    assert book.balances() == {0: -4, 1: 0, 2: 4, 3: 0}
    assert book.winners == [2]


def test_self_draw_sbr_everyone_still_in_pays_plus_one_base():
    book = ledger(winners=[1])
    book.win(0, points=4)
    assert book.balances() == {0: 10, 1: 0, 2: -5, 3: -5}


def test_self_draw_chengdu_adds_no_base():
    book = ledger(CHENGDU)
    book.win(0, points=4)  # the self-draw fan is already in the points
    assert book.balances() == {0: 12, 1: -4, 2: -4, 3: -4}


def test_a_winner_never_pays_again():
    book = ledger()
    book.win(2, points=1, discarder=0)
    with pytest.raises(PaymentError):
        book.win(1, points=1, discarder=2)
    with pytest.raises(PaymentError):
        book.kong(3, KongKind.EXPOSED, discarder=2)
    with pytest.raises(PaymentError):
        book.win(2, points=1, discarder=0)
    book.win(1, points=1)
    assert book.balances() == {0: -3, 1: 4, 2: 1, 3: -2}  # 0 and 3 pay 1 + 1 base


def test_several_winners_on_one_discard_are_each_paid():
    book = ledger()
    book.win(1, points=2, discarder=0)
    book.win(3, points=8, discarder=0)
    assert book.balances() == {0: -10, 1: 2, 2: 0, 3: 8}


# --- kong then discard (杠上炮) ---------------------------------------------------------------


def test_kong_then_discard_sbr_refunds_the_kong_to_its_payers():
    book = ledger(winners=[3])
    record = book.kong(0, KongKind.CONCEALED)  # 1 and 2 pay 2 each
    book.win(1, points=4, discarder=0)
    book.kong_then_discard(record, winners=[1])
    assert record.state is KongState.REFUNDED
    assert book.balances() == {0: -4, 1: 4, 2: 0, 3: 0}


def test_kong_then_discard_chengdu_transfers_the_kong_to_the_winner():
    book = ledger(CHENGDU, winners=[3])
    record = book.kong(0, KongKind.CONCEALED)
    book.win(1, points=4, discarder=0)
    book.kong_then_discard(record, winners=[1])
    assert record.state is KongState.TRANSFERRED
    assert book.balances() == {0: -4, 1: 6, 2: -2, 3: 0}


def test_kong_then_discard_transfer_goes_to_the_first_of_several_winners():
    book = ledger(CHENGDU)
    record = book.kong(0, KongKind.EXPOSED, discarder=3)
    book.win(2, points=1, discarder=0)
    book.win(3, points=1, discarder=0)
    book.kong_then_discard(record, winners=[2, 3])
    assert book.balances() == {0: -2, 1: 0, 2: 3, 3: -1}


def test_a_refunded_kong_is_not_refunded_again_at_the_end_of_the_wall():
    book = ledger()
    record = book.kong(0, KongKind.CONCEALED)
    book.win(1, points=1, discarder=0)
    book.kong_then_discard(record, winners=[1])
    book.end_of_wall({0: NOT_READY, 2: NOT_READY, 3: NOT_READY})
    assert book.balances() == {0: -1, 1: 1, 2: 0, 3: 0}


# --- end of the wall ----------------------------------------------------------------------------


def test_end_of_wall_needs_exactly_the_players_still_in():
    book = ledger(winners=[0])
    with pytest.raises(ValueError):
        book.end_of_wall({1: READY_2, 2: READY_2})


def test_refund_a_player_not_ready_returns_kong_money():
    book = ledger(winners=[3])
    book.kong(0, KongKind.CONCEALED)  # 1 and 2 pay 2 each
    book.kong(1, KongKind.EXPOSED, discarder=2)
    book.end_of_wall({0: NOT_READY, 1: READY_2, 2: READY_2})
    refunds = [t for t in book.transfers if t.reason is Reason.KONG_REFUND]
    assert {(t.payer, t.payee, t.amount) for t in refunds} == {(0, 1, 2), (0, 2, 2)}
    assert book.balances() == {0: -4, 1: 4, 2: 0, 3: 0}  # 1 keeps the kong; 0 pays two ready hands


def test_refund_a_ready_player_holding_void_tiles_returns_kong_money():
    book = ledger()
    book.kong(0, KongKind.EXPOSED, discarder=1)
    void_but_ready = EndOfWallHand(holds_void=True, ready_points=8)
    book.end_of_wall({0: void_but_ready, 1: NOT_READY, 2: NOT_READY, 3: NOT_READY})
    assert [t.reason for t in book.transfers] == [Reason.KONG, Reason.KONG_REFUND]
    assert set(book.balances().values()) == {0}


def test_refund_can_be_switched_off():
    book = ledger(sichuan_options(overrides={"refund": False, "check_ready": False}))
    book.kong(0, KongKind.EXPOSED, discarder=1)
    book.end_of_wall({s: NOT_READY for s in range(4)})
    assert book.balances() == {0: 2, 1: -2, 2: 0, 3: 0}


def test_flower_pig_sbr_counts_as_not_ready():
    book = ledger()
    book.end_of_wall({0: FLOWER_PIG, 1: READY_4, 2: NOT_READY, 3: READY_2})
    assert book.balances() == {0: -6, 1: 8, 2: -6, 3: 4}
    assert all(t.reason is Reason.NOT_READY for t in book.transfers)


def test_flower_pig_chengdu_pays_the_cap_to_each_non_pig_and_skips_the_check():
    book = ledger(CHENGDU, winners=[3])
    book.end_of_wall({0: FLOWER_PIG, 1: READY_4, 2: NOT_READY})
    pig = [t for t in book.transfers if t.reason is Reason.FLOWER_PIG]
    assert {(t.payer, t.payee, t.amount) for t in pig} == {(0, 1, 16), (0, 2, 16)}
    assert book.balances() == {0: -32, 1: 20, 2: 12, 3: 0}  # then 2 (not ready) pays 1 its 4


def test_flower_pigs_pay_each_other_nothing():
    book = ledger(CHENGDU)
    book.end_of_wall({0: FLOWER_PIG, 1: FLOWER_PIG, 2: FLOWER_PIG, 3: FLOWER_PIG})
    assert book.transfers == []


def test_check_ready_each_not_ready_pays_each_ready_its_best_value():
    book = ledger()
    book.end_of_wall({0: READY_2, 1: READY_4, 2: NOT_READY, 3: NOT_READY})
    assert book.balances() == {0: 4, 1: 8, 2: -6, 3: -6}


@pytest.mark.parametrize("state", [READY_2, NOT_READY, FLOWER_PIG])
def test_check_ready_all_in_the_same_state_pay_nothing(state):
    book = ledger(winners=[1])
    book.end_of_wall({0: state, 2: state, 3: state})
    assert book.transfers == []


def test_all_ready_with_different_values_pay_nothing():
    book = ledger()
    book.end_of_wall({0: READY_2, 1: READY_4, 2: READY_2, 3: READY_4})
    assert book.transfers == []


def test_check_ready_can_be_switched_off():
    book = ledger(sichuan_options(overrides={"check_ready": False}))
    book.end_of_wall({0: READY_2, 1: NOT_READY, 2: NOT_READY, 3: NOT_READY})
    assert book.transfers == []


def test_one_player_left_settles_nothing():
    book = ledger(winners=[0, 1, 2])
    book.end_of_wall({3: NOT_READY})
    assert book.transfers == []


def test_winners_keep_their_kong_money_at_the_end_of_the_wall():
    book = ledger()
    book.kong(0, KongKind.CONCEALED)
    book.win(0, points=1, discarder=1)
    book.end_of_wall({1: NOT_READY, 2: NOT_READY, 3: NOT_READY})
    assert book.balances()[0] == 7


# --- conservation -----------------------------------------------------------------------------------

seat = st.integers(0, 3)
end_state = st.sampled_from([READY_2, READY_4, NOT_READY, FLOWER_PIG])
event = st.one_of(
    st.tuples(st.just("kong"), seat, st.sampled_from(list(KongKind)), seat),
    st.tuples(st.just("cancel"), st.integers(0, 20)),
    st.tuples(st.just("win"), seat, st.integers(1, 32), st.one_of(st.none(), seat)),
    st.tuples(st.just("kong_then_discard"), seat, st.integers(1, 32)),
)


def play(book, events):
    """Apply what a hand could do, skipping steps the rules would not allow at that point."""
    for ev in events:
        still_in = book.still_in()
        if len(still_in) < 2:
            return
        if ev[0] == "kong":
            _, owner, kind, discarder = ev
            if owner in still_in and discarder in still_in and discarder != owner:
                book.kong(owner, kind, discarder)
        elif ev[0] == "cancel":
            held = [k for k in book.kongs if k.state is KongState.HELD and k.owner in still_in]
            if held:
                book.cancel_kong(held[ev[1] % len(held)])
        elif ev[0] == "win":
            _, winner, points, discarder = ev
            if winner in still_in and (discarder is None or (discarder in still_in and discarder != winner)):
                book.win(winner, points, discarder)
        else:
            _, winner, points = ev
            held = [k for k in book.kongs if k.state is KongState.HELD and k.owner in still_in]
            if held and winner in still_in and winner != held[-1].owner:
                book.win(winner, points, held[-1].owner)
                book.kong_then_discard(held[-1], [winner])


@settings(max_examples=300, deadline=None)
@given(
    events=st.lists(event, max_size=25),
    ends=st.lists(end_state, min_size=4, max_size=4),
    preset=st.sampled_from(["sbr", "chengdu"]),
)
def test_money_is_conserved_and_winners_never_pay(events, ends, preset):
    book = HandLedger(sichuan_options(preset))
    play(book, events)
    if len(book.still_in()) >= 2:
        book.end_of_wall({s: ends[s] for s in book.still_in()})
    assert sum(book.balances().values()) == 0
    assert all(t.amount > 0 and t.payer != t.payee for t in book.transfers)
    # a seat pays nothing from the moment it wins
    for winner in book.winners:
        won_at = next(
            i
            for i, t in enumerate(book.transfers)
            if t.payee == winner and t.reason in (Reason.DISCARD_WIN, Reason.SELF_DRAW)
        )
        assert all(t.payer != winner for t in book.transfers[won_at:])
