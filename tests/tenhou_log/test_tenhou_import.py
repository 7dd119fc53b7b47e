"""Replaying Tenhou records through our riichi engine: walls, decisions, the report.

(tests/riichi/test_riichi_tenhou_logs.py replays every hand and game of the mjx
records; here: how the pieces are built, and that a difference is reported.)
"""

from __future__ import annotations

import dataclasses

import pytest

from jantaku.engine import actions
from jantaku.engine.actions import ActionType
from jantaku.engine.rulesets.riichi.options import riichi_options
from jantaku.engine.rulesets.riichi.tenhou_import import (
    Decision,
    ReplayError,
    check_game,
    check_hand,
    check_mjlog,
    decisions_of,
    ending_of,
    hand_points,
    options_for,
    replay_game,
    replay_hand,
    wall_for_hand,
)
from jantaku.engine.rulesets.riichi.tenhou_log import CallType, Discard, Riichi, Ryuukyoku, TenhouRules, wall_from_hand

from .records import DATA, MJLOG_NAMES, load_game

FIRST = "2010081709gm-00a9-0000-fe3371ad.mjlog"


def hand_of(name: str, index: int):
    return load_game(name).hands[index]


def test_options_follow_the_rule_bits():
    options = options_for(TenhouRules(0x01 | 0x02 | 0x04))
    assert (options.aka_dora, options.kuitan, options.game_length) == (False, False, "east")
    options = options_for(TenhouRules(169))
    assert (options.aka_dora, options.kuitan, options.game_length) == (True, True, "east_south")
    with pytest.raises(ReplayError, match="three-player"):
        options_for(TenhouRules(0x10))


@pytest.mark.parametrize("name", MJLOG_NAMES)
def test_the_wall_deals_the_logged_hands_and_holds_every_tile(name):
    for hand in load_game(name).hands:
        wall = wall_for_hand(hand)
        logged = wall_from_hand(hand)
        assert sorted(wall.live + wall.dead) == list(range(136))
        assert len(wall.dead) == 14 and wall.dice == hand.dice
        for i in range(4):
            seat = (hand.dealer + i) % 4
            assert wall.live[13 * i : 13 * i + 13] == list(hand.hands[seat])
        assert wall.live[52 : 52 + len(logged.live_draws)] == list(logged.live_draws)
        assert wall.dead[: len(logged.replacement_draws)] == list(logged.replacement_draws)
        assert wall.dead[4 : 4 + len(logged.dora_indicators)] == list(logged.dora_indicators)
        assert wall.dead[9 : 9 + len(logged.ura_indicators)] == list(logged.ura_indicators)


def test_decisions_make_riichi_of_the_declared_discard():
    hand = hand_of("double-ron.mjlog", 0)  # seat 1 declares riichi, then wins by tsumo
    decisions = decisions_of(hand)
    declared = next(i for i, e in enumerate(hand.events) if isinstance(e, Riichi))
    discard = next(e for e in hand.events[declared:] if isinstance(e, Discard))
    assert Decision(1, actions.Riichi(discard.tile)) in decisions
    assert decisions[-1] == Decision(1, actions.Tsumo(38))
    assert (
        sum(d.action.type is ActionType.DISCARD for d in decisions)
        == sum(isinstance(e, Discard) for e in hand.events) - 1
    )


def test_decisions_of_calls_and_kans():
    hand = hand_of(FIRST, 4)  # chi, pon and a kakan that is robbed
    by_type = {d.action.type for d in decisions_of(hand)}
    assert {ActionType.CHI, ActionType.PON, ActionType.KAKAN, ActionType.RON} <= by_type
    kakan = next(e for e in hand.events if getattr(e, "type", None) is CallType.KAKAN)
    assert Decision(kakan.seat, actions.Kakan(kakan.added)) in decisions_of(hand)
    chi = next(d for d in decisions_of(hand) if d.action.type is ActionType.CHI)
    assert chi.is_claim and len(chi.action.tiles) == 2 and chi.action.tile not in chi.action.tiles


def test_double_ron_is_two_claims_and_nine_terminals_an_abort():
    decisions = decisions_of(hand_of("double-ron.mjlog", 3))
    assert [d.seat for d in decisions[-2:]] == [0, 2] and all(d.is_claim for d in decisions[-2:])
    game = load_game("2018022422gm-00a9-0000-0067d2a4.mjlog")
    nine = next(
        h
        for h in game.hands
        if isinstance(h.results[0], Ryuukyoku)
        and h.results[0].shown_hands
        and ending_of(h) == ("abort", "kyuushu kyuuhai")
    )
    assert decisions_of(nine)[-1] == Decision(next(iter(nine.results[0].shown_hands)), actions.Abort())


def test_a_replayed_hand_ends_as_on_tenhou():
    hand = hand_of("pao-tsumo.mjlog", -1)
    table = replay_hand(hand, options_for(load_game("pao-tsumo.mjlog").rules), 4)
    (win,) = table.result.wins
    assert (win.seat, win.discarder, win.score.limit) == (2, None, "yakuman")
    assert table.result.deltas == [-32000, 0, 32000, 0]


@pytest.mark.parametrize("name", ["double-ron.mjlog", "pao-tsumo.mjlog", FIRST])
def test_whole_records_agree(name):
    report = check_mjlog((DATA / name).read_bytes())
    assert report.ok, "\n".join(report.lines())
    assert report.final_compared and report.agreeing_hands == len(load_game(name).hands)
    assert report.lines() == [report.summary()]  # nothing differs: the summary alone
    assert report.summary().endswith("and points agree: OK")
    lines = report.lines(verbose=True)
    assert [line.split()[1] for line in lines[:-1]] == ["ok"] * report.agreeing_hands
    assert report.match is not None and report.match.is_over


def test_a_record_cut_short_is_checked_as_far_as_it_goes():
    report = check_game(load_game("2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog"))
    assert report.ok and report.incomplete_hands == 1 and not report.final_compared
    assert report.summary() == (
        "7/7 hands agree with Tenhou; 1 incomplete in the record; the record stops before the end of the game: OK"
    )


def _with_result(hand, index: int = 0, **changes):
    hand = dataclasses.replace(hand, results=list(hand.results))
    hand.results[index] = dataclasses.replace(hand.results[index], **changes)
    return hand


def test_a_different_value_is_reported_with_both_yaku_lists():
    hand = hand_of(FIRST, 0)
    agari = hand.results[0]
    check = check_hand(_with_result(hand, points=agari.points + 1000, fu=agari.fu + 10), options_for(TenhouRules(169)))
    assert not check.ok
    found = {m.what: (m.ours, m.tenhou) for m in check.mismatches}
    assert found["seat 1: points"] == (7700, 8700) and found["seat 1: fu"] == (30, 40)
    assert "Honitsu" in found["seat 1: yaku"][1]
    first, ours, *details = check.lines()
    assert first.startswith("E1-0   MISMATCH  seat 1 ron off seat 2, 40 fu 4 han, 8700")
    assert ours.split()[0] == "ours:" and "30 fu 4 han, 7700" in ours
    assert "seat 1: points: ours 7700, Tenhou 8700" in [d.strip() for d in details]


def test_different_score_changes_winners_and_tenpai_are_reported():
    hand = hand_of(FIRST, 0)
    check = check_hand(_with_result(hand, deltas=(0, 7700, -7700, 0)), options_for(TenhouRules(169)))
    assert [(m.what, m.ours, m.tenhou) for m in check.mismatches] == [
        ("score changes", [0, 8700, -8700, 0], [0, 7700, -8700, 0])
    ]  # seat 2 paid a riichi stick
    head_bump = riichi_options("tenhou", {"multi_ron": "head_bump"})
    check = check_hand(hand_of("double-ron.mjlog", 3), head_bump)
    assert {"score changes", "winners (seat, discarder)"} == {m.what for m in check.mismatches}
    draw = hand_of(FIRST, 1)
    check = check_hand(_with_result(draw, shown_hands={}), options_for(TenhouRules(169)))
    assert [m.what for m in check.mismatches] == ["tenpai seats"]


def test_a_refused_decision_stops_the_hand_with_the_legal_actions():
    hand = hand_of(FIRST, 0)
    events = list(hand.events)
    first_discard = next(i for i, e in enumerate(events) if isinstance(e, Discard))
    events[first_discard] = Discard(events[first_discard].seat, 135)  # a Red dragon the dealer does not hold
    check = check_hand(dataclasses.replace(hand, events=events), options_for(TenhouRules(169)))
    assert check.error and "may not discard 7z" in check.error and "legal: discard" in check.error
    assert "replay stopped" in "\n".join(dataclasses.replace(check_game(load_game(FIRST)), hands=[check]).lines())


def test_a_wrong_start_of_hand_shows_in_the_whole_game_check():
    game = load_game(FIRST)
    hands = list(game.hands)
    hands[1] = dataclasses.replace(hands[1], honba=5)
    report = check_game(dataclasses.replace(game, hands=hands))
    assert not report.ok and report.game and "start of hand 2" in report.game[0].what
    assert report.lines()[-2].startswith("game   MISMATCH  start of hand 2")
    assert report.summary().endswith("the whole game differs: MISMATCH")


def test_replay_game_gives_the_finished_match():
    match = replay_game(load_game("double-ron.mjlog"))
    assert match.is_over and [s["score"] for s in match.standings] == [33400, 36000, 32000, -1400]


def test_hand_points_is_tenhous_ten():
    assert hand_points(3000, dealer=True, self_drawn=False) == 18000
    assert hand_points(8000, dealer=False, self_drawn=True) == 32000
    assert hand_points(320, dealer=False, self_drawn=True) == 1500  # 20 fu 2 han: 400-700
