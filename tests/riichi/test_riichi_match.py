"""The riichi match: rotation, honba and sticks, the end of the game, uma and oka; and whole random
matches that keep the table's invariants and replay exactly."""

import random

import pytest

from jantaku.engine.rulesets.riichi.context import RiichiHandContext
from jantaku.engine.match import Match
from jantaku.engine.results import HandResult, WinRecord
from jantaku.engine.ruleset import get_ruleset
from jantaku.engine.scoring import ScoreResult

from jantaku.engine.tiles import full_tile_set

from ..engine.helpers import other_concealed, step_random
from ..engine.test_table import tile_ids_in


def win_by(seat, discarder=None):
    return HandResult(kind="win", wins=[WinRecord(seat, 0, discarder, ScoreResult(True), {})])


def draw(tenpai=(), sticks=0):
    return HandResult(kind="draw", flags={"tenpai": list(tenpai), "riichi_sticks": sticks})


def abort(sticks=0):
    return HandResult(kind="abort", reason="kyuushu kyuuhai", flags={"riichi_sticks": sticks})


def ctx(dealer=0, round_wind=0, honba=0, sticks=0):
    return RiichiHandContext(dealer=dealer, round_wind=round_wind, honba=honba, sticks=sticks)


EVEN = [25000] * 4


@pytest.fixture
def ruleset():
    return get_ruleset("riichi")


def test_dealer_win_repeats_with_a_honba(ruleset):
    nxt = ruleset.next_context(ctx(dealer=1, honba=1, sticks=2), win_by(1, 3), EVEN)
    assert (nxt.dealer, nxt.honba, nxt.sticks) == (1, 2, 0)


def test_non_dealer_win_passes_the_deal_and_clears_honba(ruleset):
    nxt = ruleset.next_context(ctx(dealer=1, honba=3, sticks=1), win_by(2, 1), EVEN)
    assert (nxt.dealer, nxt.round_wind, nxt.honba, nxt.sticks) == (2, 0, 0, 0)


def test_draws(ruleset):
    kept = ruleset.next_context(ctx(dealer=2, honba=0, sticks=1), draw(tenpai=[2], sticks=2), EVEN)
    assert (kept.dealer, kept.honba, kept.sticks) == (2, 1, 3)
    passed = ruleset.next_context(ctx(dealer=2), draw(tenpai=[0, 1]), EVEN)
    assert (passed.dealer, passed.honba) == (3, 1)
    aborted = ruleset.next_context(ctx(dealer=2), abort(sticks=1), EVEN)
    assert (aborted.dealer, aborted.honba, aborted.sticks) == (2, 1, 1)


def test_rounds_advance_and_the_game_ends_after_south_4(ruleset):
    nxt = ruleset.next_context(ctx(dealer=3, round_wind=0), win_by(0, 3), EVEN)
    assert (nxt.dealer, nxt.round_wind) == (0, 1)
    assert ruleset.next_context(ctx(dealer=3, round_wind=1), win_by(0, 3), [40000, 20000, 20000, 20000]) is None


def test_east_only_game(ruleset):
    east = get_ruleset("riichi", options={"game_length": "east"})
    assert east.next_context(ctx(dealer=3, round_wind=0), win_by(0, 3), [40000, 20000, 20000, 20000]) is None
    assert ruleset.next_context(ctx(dealer=3, round_wind=0), win_by(0, 3), [40000, 20000, 20000, 20000])


def test_west_extension_when_nobody_has_30000(ruleset):
    scores = [28000, 26000, 24000, 22000]
    nxt = ruleset.next_context(ctx(dealer=3, round_wind=1), win_by(0, 3), scores)
    assert (nxt.dealer, nxt.round_wind) == (0, 2)
    # in the extension the first hand that leaves somebody on 30,000 ends the game
    assert ruleset.next_context(ctx(dealer=0, round_wind=2), win_by(1, 0), [22000, 32000, 24000, 22000]) is None
    assert ruleset.next_context(ctx(dealer=0, round_wind=2), win_by(1, 0), [25000, 27000, 24000, 24000])
    # and ends after West 4 at the latest
    assert ruleset.next_context(ctx(dealer=3, round_wind=2), win_by(1, 3), [25000, 27000, 24000, 24000]) is None


def test_bust_ends_the_game(ruleset):
    assert ruleset.next_context(ctx(), win_by(1, 0), [-100, 50100, 25000, 25000]) is None
    no_bust = get_ruleset("riichi", options={"bust_ends": False})
    assert no_bust.next_context(ctx(), win_by(1, 0), [-100, 50100, 25000, 25000])


def test_all_last_dealer_goes_on_unless_stopping_in_first_place(ruleset):
    leading = [20000, 20000, 20000, 40000]
    assert ruleset.next_context(ctx(dealer=3, round_wind=1), win_by(3, 0), leading) is None  # agari-yame
    behind = [40000, 20000, 20000, 20000]
    assert ruleset.next_context(ctx(dealer=3, round_wind=1), win_by(3, 0), behind).dealer == 3
    no_yame = get_ruleset("riichi", options={"agari_yame": False})
    assert no_yame.next_context(ctx(dealer=3, round_wind=1), win_by(3, 0), leading).dealer == 3
    # tenpai-yame is off on Tenhou
    assert ruleset.next_context(ctx(dealer=3, round_wind=1), draw(tenpai=[3]), leading).dealer == 3
    yame = get_ruleset("riichi", options={"tenpai_yame": True})
    assert yame.next_context(ctx(dealer=3, round_wind=1), draw(tenpai=[3]), leading) is None


def test_final_standings_uma_oka_and_leftover_sticks(ruleset):
    ruleset.next_context(ctx(dealer=3, round_wind=1, sticks=1), draw(sticks=1), [38900, 35800, 20100, 3200])
    standings = ruleset.final_standings([38900, 35800, 20100, 3200])
    assert [s["place"] for s in standings] == [1, 2, 3, 4]
    assert standings[0]["score"] == 38900 + 2000  # two sticks were left on the table
    assert [s["final"] for s in standings] == [51.0, 16.0, -20.0, -47.0]  # Tenhou's rounding
    exact = get_ruleset("riichi", options={"final_rounding": "exact"})
    exact.leftover_sticks = 2
    assert [s["final"] for s in exact.final_standings([38900, 35800, 20100, 3200])] == [50.9, 15.8, -19.9, -46.8]
    majsoul = get_ruleset("riichi", "majsoul")
    assert [s["final"] for s in majsoul.final_standings([40000, 30000, 20000, 10000])] == [30.0, 10.0, -10.0, -30.0]


def test_ties_go_to_the_earlier_seat(ruleset):
    standings = ruleset.final_standings([30000, 30000, 20000, 20000])
    assert [s["place"] for s in standings] == [1, 2, 3, 4]


# --- whole matches -------------------------------------------------------------------------------


def check_invariants(match):
    """Every tile in one place, hands of the right size, and no seat sees a hidden tile — the
    engine's own check, except that revealed dora indicators are public."""
    table = match.table
    where = table.tile_locations()
    assert sorted(where) == full_tile_set()
    for seat, p in enumerate(table.players):
        size = len(p.concealed) + 3 * len(p.melds)
        holding_turn = table.phase == "turn" and table.turn_seat == seat
        assert size == (14 if holding_turn else 13) or table.phase == "over" and size in (13, 14)
    if table.phase == "over":
        return
    revealed = set(table.dora_indicators)
    for seat in (0, 1, 2, 3, None):
        hidden = (
            other_concealed(table, seat) | set(table.wall.live_tiles()) | set(table.wall.untaken_dead())
        ) - revealed
        seen = tile_ids_in(match.view(seat))
        assert not seen & hidden, f"seat {seat} sees hidden tiles {seen & hidden}"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_matches_keep_every_invariant_and_replay(seed):
    rng = random.Random(seed)
    match = Match(get_ruleset("riichi", options={"game_length": "east"}), seed)
    steps = 0
    while not match.is_over and steps < 1500:
        step_random(match, rng)
        check_invariants(match)
        steps += 1
    points = sum(match.scores) + 1000 * match.table.context.sticks
    assert points in range(100000 - 1000 * 8, 100000 + 1)  # sticks still on the table are not counted
    again = Match.replay(match.record())
    assert again.view(0) == match.view(0)
