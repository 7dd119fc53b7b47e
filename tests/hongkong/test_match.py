"""The Hong Kong match: East's repeats, the deal passing after a draw, four rounds, options."""

import pytest

from jantaku.engine.match import Match, MatchRecord
from jantaku.engine.results import HandResult, WinRecord
from jantaku.engine.ruleset import get_ruleset
from jantaku.engine.rulesets.hongkong.ruleset import SEATINGS
from jantaku.engine.scoring import ScoreResult
from jantaku.engine.selfplay import play_match_hands
from jantaku.engine.bots import get_bot


def won_by(seat):
    return HandResult(kind="win", wins=[WinRecord(seat, 0, None, ScoreResult(True), {})])


DRAW = HandResult(kind="draw")


def test_east_keeps_the_deal_while_winning():
    rs = get_ruleset("hongkong")
    ctx = rs.first_context()
    nxt = rs.next_context(ctx, won_by(0), [0] * 4)
    assert (nxt.dealer, nxt.round_wind, nxt.hand_number) == (0, 0, 1)


@pytest.mark.parametrize("result", [won_by(2), DRAW], ids=["another wins", "draw"])
def test_the_deal_passes_after_another_win_or_a_draw(result):
    rs = get_ruleset("hongkong")
    nxt = rs.next_context(rs.first_context(), result, [0] * 4)
    assert (nxt.dealer, nxt.round_wind) == (1, 0)


def test_four_rounds_of_four_deals_make_sixteen_hands_and_repeats_add():
    rs = get_ruleset("hongkong")
    ctx, hands, winds = rs.first_context(), 1, []
    while (nxt := rs.next_context(ctx, DRAW, [0] * 4)) is not None:
        winds.append(nxt.round_wind)
        ctx, hands = nxt, hands + 1
    assert hands == 16 and winds == [0] * 3 + [1] * 4 + [2] * 4 + [3] * 4
    ctx, hands = rs.first_context(), 1
    while (nxt := rs.next_context(ctx, won_by(ctx.dealer) if hands % 3 == 0 else DRAW, [0] * 4)) is not None:
        ctx, hands = nxt, hands + 1
    assert hands > 16


def test_seat_rotation_after_each_round():
    rs = get_ruleset("hongkong", options={"seat_rotation": True})
    ctx = rs.first_context()
    seen = []
    while ctx is not None:
        seen.append((ctx.round_wind, ctx.dealer, tuple(ctx.extra["seating"])))
        ctx = rs.next_context(ctx, DRAW, [0] * 4)
    for round_wind in range(4):
        deals = [(d, s) for r, d, s in seen if r == round_wind]
        assert [s for _, s in deals] == [SEATINGS[round_wind]] * 4
        assert [d for d, _ in deals] == list(SEATINGS[round_wind])  # the deal goes round the seats


def test_the_seatings_are_the_dmjl_moves():
    east, south, west, north = SEATINGS
    assert south == (1, 0, 3, 2)  # East<->South, West<->North
    # after the South round: East and South cross the table, West moves counter-clockwise, North clockwise
    assert west.index(0) == (south.index(0) + 2) % 4 and west.index(1) == (south.index(1) + 2) % 4
    assert west.index(2) == (south.index(2) + 1) % 4 and west.index(3) == (south.index(3) - 1) % 4
    assert north == tuple(west[i] for i in (1, 0, 3, 2))  # the first swap again


def test_without_rotation_the_seating_stays():
    rs = get_ruleset("hongkong")
    assert all(rs.seating(r) == [0, 1, 2, 3] for r in range(4))


def test_chip_stake_starts_the_scores_and_bankruptcy_ends_the_match():
    rs = get_ruleset("hongkong", options={"chip_stake": 500})
    assert rs.start_scores() == [500] * 4 and rs.first_context().scores == (500,) * 4
    assert rs.next_context(rs.first_context(), won_by(1), [900, 300, 300, 500]) is not None
    assert rs.next_context(rs.first_context(), won_by(1), [1100, 0, 400, 500]) is None
    assert (
        get_ruleset("hongkong").next_context(get_ruleset("hongkong").first_context(), won_by(1), [100, -100, 0, 0])
        is not None
    )


def test_time_limit():
    assert not get_ruleset("hongkong").time_is_up(10_000)
    limited = get_ruleset("hongkong", options={"time_limit_minutes": 90})
    assert not limited.time_is_up(89.5) and limited.time_is_up(90)


def test_a_whole_match_with_every_option_plays_through_and_replays():
    options = {"seat_rotation": True, "liability": True, "min_fan": 3, "chip_stake": 2000}
    match = Match(get_ruleset("hongkong", "half_spicy", options), seed=11)
    stats = {
        "turns": 0,
        "wins": 0,
        "draws": 0,
        "seats": [{"points": 0, "wins": 0, "deal_ins": 0, "draws": 0} for _ in range(4)],
    }
    played = play_match_hands(match, [get_bot("hongkong")] * 4, 200, stats)
    assert match.is_over and (played >= 16 or min(match.scores) <= 0)
    assert sum(match.scores) == 4 * 2000
    again = Match.replay(MatchRecord.from_wire(match.record().to_wire()))
    assert again.scores == match.scores and again.view(0) == match.view(0)
