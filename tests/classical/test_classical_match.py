"""The classical match (deal rotation, East's streak), win circumstances, danger at the table,
the bot, and whole matches played by bots and at random."""

import random

import pytest

from jantaku.engine.actions import ActionType
from jantaku.engine.bots.baseline import BaselineBot
from jantaku.engine.match import Match
from jantaku.engine.melds import MeldType, make_meld
from jantaku.engine.results import HandResult, WinRecord
from jantaku.engine.ruleset import get_ruleset
from jantaku.engine.rulesets.classical.bot import ClassicalBot, make_plan
from jantaku.engine.rulesets.classical.ruleset import ClassicalRuleset
from jantaku.engine.rulesets.classical.situation import FIRST_TURN, LAST_TILE, REPLACEMENT, ROBBED_KONG, TWOFOLD_FORTUNE
from jantaku.engine.scoring import ScoreResult
from jantaku.engine.selfplay import run_selfplay
from jantaku.engine.table import HandContext
from jantaku.engine.tiles import format_tiles, full_tile_set, parse_kinds, parse_tiles

from ..engine.helpers import step_random
from .classical_helpers import new_table
from .test_classical_table import NINE_ORPHANS, TWO_WAITS

# --- the match ----------------------------------------------------------------------------------


def won_by(seat):
    return HandResult("win", wins=[WinRecord(seat, 0, None, ScoreResult(True), {})])


DRAW = HandResult("draw")


def test_east_keeps_the_deal_after_winning_and_counts_its_streak():
    rs = ClassicalRuleset()
    context = rs.first_context()
    context = rs.next_context(context, won_by(0), [0] * 4)
    assert (context.dealer, context.round_wind, context.extra["east_streak"]) == (0, 0, 1)
    context = rs.next_context(context, won_by(0), [0] * 4)
    assert context.extra["east_streak"] == 2


def test_a_draw_keeps_the_deal_but_ends_the_streak():
    rs = ClassicalRuleset()
    context = rs.next_context(HandContext(extra={"east_streak": 5}), DRAW, [0] * 4)
    assert (context.dealer, context.extra["east_streak"]) == (0, 0)


def test_the_deal_passes_on_when_another_seat_wins():
    rs = ClassicalRuleset()
    context = rs.next_context(HandContext(extra={"east_streak": 3}), won_by(2), [0] * 4)
    assert (context.dealer, context.round_wind, context.extra["east_streak"]) == (1, 0, 0)


def test_four_rounds_make_the_match():
    rs = ClassicalRuleset()
    context = rs.first_context()
    winds = []
    while context is not None:
        winds.append(context.round_wind)
        context = rs.next_context(context, won_by((context.dealer + 1) % 4), [0] * 4)
    assert winds == [0] * 4 + [1] * 4 + [2] * 4 + [3] * 4


def test_the_ruleset_is_registered():
    rs = get_ruleset("classical", "dmjl")
    assert isinstance(rs, ClassicalRuleset) and rs.options.dead_wall == 16


# --- the circumstances of a win -------------------------------------------------------------


def test_win_flags_of_a_replacement_tile_and_kong_on_kong():
    table = new_table(NINE_ORPHANS)
    table.turns_taken = 5
    table.drew_from_dead_wall = True
    assert table.win_flags(0, None) == {REPLACEMENT}
    table.kongs_in_a_row, table.after_kong = 2, True
    assert table.win_flags(0, None) == {REPLACEMENT, TWOFOLD_FORTUNE}


def test_a_kong_on_a_replacement_tile_counts_as_kong_on_kong():
    table = new_table(NINE_ORPHANS)
    table.on_kong(0, None)
    assert table.kongs_in_a_row == 1
    table.after_kong = True
    table.on_kong(0, None)
    assert table.kongs_in_a_row == 2
    table.on_discard(0, table.players[0].concealed[0])
    assert table.kongs_in_a_row == 0


def test_win_flags_at_the_end_of_the_wall():
    table = new_table(NINE_ORPHANS)
    table.turns_taken = 40
    table.wall._front = len(table.wall.live)
    assert table.win_flags(1, None) == {LAST_TILE}
    assert table.win_flags(1, 0) == {LAST_TILE}
    table.robbing = True
    assert table.win_flags(1, 0) == {ROBBED_KONG}


def test_first_turn_flags():
    table = new_table(NINE_ORPHANS)
    assert table.win_flags(0, None) == {FIRST_TURN}  # East on the deal
    table.turns_taken = 1
    assert table.win_flags(2, 0) == {FIRST_TURN}  # on East's first discard
    assert table.win_flags(2, 1) == set()


# --- dangerous discards at the table (dmjl) -----------------------------------------------------


def dangerous_table(preset):
    """North shows three bamboo melds and wins on 9s (in its hand, as when scored); South
    threw it holding a safe 1m."""
    table = new_table(TWO_WAITS, preset=preset)
    taken = set()
    north, south = table.players[3], table.players[1]
    north.melds = [
        make_meld(MeldType.PON, parse_tiles("222s", taken), claimed=None),
        make_meld(MeldType.CHI, parse_tiles("345s", taken), claimed=None),
        make_meld(MeldType.PON, parse_tiles("777s", taken), claimed=None),
    ]
    north.concealed = parse_tiles("99s111z", taken)
    south.concealed = parse_tiles("1m", taken)
    return table, north.concealed[0]


def test_a_dangerous_discard_makes_the_discarder_pay_alone_under_dmjl():
    table, tile = dangerous_table("dmjl")
    assert table.is_dangerous(3, tile, 1)
    score, payments = table.score_win(3, tile, 1)
    assert payments == {0: 0, 1: -4 * score.score, 2: 0, 3: 4 * score.score}


def test_without_a_choice_it_is_not_dangerous():
    table, tile = dangerous_table("dmjl")
    table.players[1].concealed = parse_tiles("1z", set(t for p in table.players for t in p.concealed))
    assert not table.is_dangerous(3, tile, 1)
    score, payments = table.score_win(3, tile, 1)
    assert payments[0] < 0 and payments[2] < 0  # paid like a self-draw


def test_robbing_a_kong_is_never_dangerous():
    table, tile = dangerous_table("dmjl")
    table.robbing = True
    assert not table.is_dangerous(3, tile, 1)


# --- the bot --------------------------------------------------------------------------------------


def test_the_bot_declares_the_nine_orphans_draw_when_far_from_thirteen_orphans():
    table = new_table(NINE_ORPHANS)
    assert ClassicalBot().choose(table.view(0), table.legal_actions(0)).type is ActionType.ABORT


def test_the_bot_plays_on_when_thirteen_orphans_is_near():
    hands = list(NINE_ORPHANS)
    hands[0] = "19m19p19s1234567z1m"
    table = new_table(hands)
    assert ClassicalBot().choose(table.view(0), table.legal_actions(0)).type is not ActionType.ABORT


def test_the_bot_claims_a_pung_of_dragons():
    hands = [
        "5z3m7m6m2p6p1s9s7s8s2z3z4z7z",
        "12m9m3p9p8p2s3s6s2z3z4z6z",
        "24m1p4p5p7p4s5s9s1z6z7z7z",
        "55z5m1p2p3p4s5s6s1z6z7s8s",
    ]
    table = new_table(hands)
    table.act(0, table.parse_action(0, "discard 5z"))
    choice = ClassicalBot().choose(table.view(3), table.legal_actions(3))
    assert choice.type is ActionType.PON


def test_the_bot_plans_one_suit_and_throws_the_others_first():
    hands = ["1234567m99m2p8s125z", *NINE_ORPHANS[1:]]
    table = new_table(hands)
    view = table.view(0)
    assert make_plan(view).suit == "m"
    choice = ClassicalBot().choose(view, table.legal_actions(0))
    assert choice.type is ActionType.DISCARD and format_tiles([choice.tile]) in ("2p", "8s")


@pytest.mark.parametrize("bot", [ClassicalBot(), BaselineBot()])
def test_bots_handle_an_added_kong_with_four_melds_out(bot):
    table = new_table(NINE_ORPHANS)
    seat0, taken = table.players[0], set()
    seat0.melds = [
        make_meld(MeldType.PON, parse_tiles(t, taken), claimed=None) for t in ("111m", "222p", "333s", "444s")
    ]
    seat0.concealed = parse_tiles("1m9p", taken)
    seat0.drawn = seat0.concealed[0]
    assert ActionType.KAKAN in {a.type for a in table.legal_actions(0)}
    assert bot.choose(table.view(0), table.legal_actions(0)) in table.legal_actions(0)


def test_the_bot_keeps_a_tile_that_another_players_melds_make_dangerous():
    table = new_table(NINE_ORPHANS)
    seat0, west = table.players[0], table.players[2]
    taken = {t for p in table.players[1:] for t in p.concealed}
    west.melds = [
        make_meld(MeldType.PON, parse_tiles("999p", taken), claimed=None),
        make_meld(MeldType.CHI, parse_tiles("123p", taken), claimed=None),
        make_meld(MeldType.CHI, parse_tiles("123p", taken), claimed=None),
    ]
    # 1p and 9s are equally useless; without the danger the lower kind, 1p, would go first
    seat0.concealed = parse_tiles("123m456m789m22s1p9s", taken)
    seat0.drawn = seat0.concealed[-1]
    assert make_plan(table.view(0)).dangerous == frozenset(parse_kinds("123456789p1234567z"))
    choice = ClassicalBot().choose(table.view(0), table.legal_actions(0))
    assert format_tiles([choice.tile]) == "9s"


def test_no_one_suit_plan_with_a_mixed_hand():
    table = new_table(NINE_ORPHANS)
    assert make_plan(table.view(1)).suit is None


# --- whole matches --------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["classical", "dmjl"])
def test_bots_play_whole_matches_without_errors(preset):
    summary = run_selfplay(
        "classical", hands=24, seed=3, preset=preset, bots=["classical", "easy", "classical", "easy"]
    )
    assert summary["errors"] == []
    assert summary["wins"] + summary["draws"] == 24
    assert sum(s["points"] for s in summary["seats"]) == 0


@pytest.mark.parametrize("seed", range(4))
def test_random_play_keeps_every_tile_and_every_point(seed):
    rng = random.Random(seed)
    match = Match(ClassicalRuleset(), seed)
    for _ in range(800):
        if match.is_over:
            break
        step_random(match, rng)
        if match.phase == "play":
            assert sorted(match.table.tile_locations()) == full_tile_set(bonus=True)
    assert match.results
    assert all(sum(result.deltas) == 0 for result in match.results)
    assert Match.replay(match.record()).view(0) == match.view(0)


# --- the other way of passing the deal (seed 000: "der Gewinner des letzten Spiels wird Hauptwind") ---

TO_WINNER = {"deal_passes": "to_winner"}


def test_the_official_deal_is_the_default_of_both_presets():
    for preset in ("classical", "dmjl"):
        assert ClassicalRuleset(preset).options.deal_passes == "official"


def test_the_winner_becomes_east():
    rs = ClassicalRuleset(options=TO_WINNER)
    context = rs.next_context(rs.first_context(), won_by(2), [0] * 4)
    assert (context.dealer, context.round_wind, context.extra["east_streak"]) == (2, 0, 0)
    table = rs.new_table(seed=1, context=context)
    assert [table.seat_wind(s) for s in range(4)] == [2, 3, 0, 1]  # seat 2 is East, seat 3 South
    assert table.turn_seat == 2 and len(table.players[2].concealed) == 14
    context = rs.next_context(context, won_by(2), [0] * 4)  # East wins again: keeps the deal
    assert (context.dealer, context.extra["east_streak"]) == (2, 1)
    context = rs.next_context(context, won_by(1), [0] * 4)  # the seat before East wins
    assert (context.dealer, context.extra["east_streak"]) == (1, 0)
    context = rs.next_context(context, DRAW, [0] * 4)  # no winner: East stays
    assert context.dealer == 1


def test_with_the_winner_as_east_the_wind_turns_every_hand():
    # "Der Wind dreht sich in jedem Falle": every hand is one turn, four turns make a round
    rs = ClassicalRuleset(options=TO_WINNER)
    context, winds = rs.first_context(), []
    while context is not None:
        winds.append(context.round_wind)
        context = rs.next_context(context, won_by(context.dealer), [0] * 4)  # East always wins
    assert winds == [0] * 4 + [1] * 4 + [2] * 4 + [3] * 4


def test_a_whole_match_with_the_winner_as_east():
    match = Match(ClassicalRuleset(options=TO_WINNER), seed=11)
    bot = BaselineBot()
    dealers = [match.context.dealer]
    for _ in range(20000):
        if match.is_over:
            break
        seat, actions = next(iter(match.pending().items()))
        was = match.hand_index
        match.act(seat, bot.choose(match.view(seat), actions))
        if match.hand_index != was:
            dealers.append(match.context.dealer)
    assert match.is_over and len(match.results) == 16
    for result, before, after in zip(match.results, dealers, dealers[1:]):
        assert after == (result.wins[0].seat if result.kind == "win" else before)
    assert len(set(dealers)) > 1  # the deal did move
    assert sum(match.scores) == 0
    assert Match.replay(match.record()).view(0) == match.view(0)


@pytest.mark.parametrize("seed", range(3))
def test_random_play_with_issue_20_options_keeps_every_tile_and_every_point(seed):
    rng = random.Random(seed)
    options = {"riichi_declaration": True, "deal_passes": "to_winner", "loser_pairs": "every"}
    match = Match(ClassicalRuleset("classical", options), seed)
    for _ in range(800):
        if match.is_over:
            break
        step_random(match, rng)
        if match.phase == "play":
            assert sorted(match.table.tile_locations()) == full_tile_set(bonus=True)
    assert match.results
    assert all(sum(result.deltas) == 0 for result in match.results)
    assert Match.replay(match.record()).view(0) == match.view(0)
