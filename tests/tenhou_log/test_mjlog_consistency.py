"""Every hand of every record must make sense as a game: tiles, turn order, scores, wall."""

from __future__ import annotations

from collections import Counter

import pytest

from jantaku.engine.rulesets.riichi.tenhou_log import (
    KAN_CALLS,
    Agari,
    Call,
    CallType,
    Disconnect,
    Discard,
    Draw,
    DrawType,
    NewDora,
    Reconnect,
    Riichi,
    Ryuukyoku,
    TenhouHand,
    wall_from_hand,
)

from .records import all_hands

HANDS = all_hands()
HAND_IDS = [f"{name}:{i}" for i, (name, _) in enumerate(HANDS)]
LIVE_WALL = 70  # 136 tiles - 4 * 13 dealt - 14 dead wall


def hand_params():
    return [pytest.param(hand, id=hand_id) for (_, hand), hand_id in zip(HANDS, HAND_IDS)]


@pytest.fixture(params=hand_params())
def hand(request) -> TenhouHand:
    return request.param


def test_no_tile_is_dealt_or_drawn_twice(hand):
    wall = wall_from_hand(hand)
    seen = [t for tiles in hand.hands for t in tiles] + list(wall.live_draws) + list(wall.replacement_draws)
    seen += list(wall.dora_indicators) + list(wall.ura_indicators)
    assert all(0 <= t < 136 for t in seen)
    assert [t for t, n in Counter(seen).items() if n > 1] == []
    assert [len(tiles) for tiles in hand.hands] == [13] * 4


def test_the_wall_is_used_up_exactly_in_an_exhaustive_draw(hand):
    wall = wall_from_hand(hand)
    used = len(wall.live_draws) + len(wall.replacement_draws)
    assert used <= LIVE_WALL
    kans = sum(isinstance(e, Call) and e.type in KAN_CALLS for e in hand.events)
    robbed = bool(hand.events) and isinstance(hand.events[-1], Call)  # chankan: no replacement draw
    assert len(wall.replacement_draws) == kans - robbed
    assert len(wall.dora_indicators) <= 1 + kans
    if hand.results and isinstance(hand.results[0], Ryuukyoku) and hand.results[0].type is DrawType.EXHAUSTIVE:
        assert used == LIVE_WALL


def test_dora_indicators_match_those_shown_at_a_win(hand):
    wall = wall_from_hand(hand)
    for result in hand.results:
        if isinstance(result, Agari):
            assert result.dora_indicators == wall.dora_indicators
            assert result.ura_indicators in ((), wall.ura_indicators)
            if any(y in (1, 21) for y, _ in result.yaku):  # a riichi winner sees the ura
                assert len(result.ura_indicators) == len(result.dora_indicators)


class TurnChecker:
    """Replays the events, tracking each seat's concealed tiles and whose move it is."""

    def __init__(self, hand: TenhouHand):
        self.concealed = [Counter(tiles) for tiles in hand.hands]
        self.melds: list[list[Call]] = [[] for _ in range(4)]
        self.expect = ("draw", hand.dealer)  # (what, seat)
        self.last_discard: Discard | None = None

    def take(self, seat: int, tiles) -> None:
        for t in tiles:
            assert self.concealed[seat][t] > 0, f"seat {seat} does not hold {t}"
            self.concealed[seat][t] -= 1

    def feed(self, event) -> None:
        what, seat = self.expect
        if isinstance(event, Draw):
            assert what in ("draw", "draw or call") and event.seat == seat
            self.concealed[seat][event.tile] += 1
            self.expect = ("act", seat)
        elif isinstance(event, Discard):
            assert what in ("act", "discard") and event.seat == seat
            self.take(seat, [event.tile])
            self.last_discard = event
            self.expect = ("draw or call", (seat + 1) % 4)
        elif isinstance(event, Call):
            self.feed_call(event)
        elif isinstance(event, Riichi):
            assert (
                event.step == 1
                and what == "act"
                and event.seat == seat
                or event.step == 2
                and self.last_discard is not None
                and event.seat == self.last_discard.seat
            )
        else:
            assert isinstance(event, (NewDora, Disconnect, Reconnect))

    def feed_call(self, call: Call) -> None:
        what, seat = self.expect
        if call.type in (CallType.ANKAN, CallType.KAKAN, CallType.NUKIDORA):
            assert what == "act" and call.seat == seat
            if call.type is CallType.KAKAN:
                pon = next(
                    m for m in self.melds[seat] if m.type is CallType.PON and m.tiles[0] // 4 == call.tiles[0] // 4
                )
                self.melds[seat].remove(pon)
                self.take(seat, [call.added])
            else:
                self.take(seat, call.tiles)
        else:
            assert what == "draw or call" and self.last_discard is not None
            assert call.from_seat == self.last_discard.seat != call.seat
            assert call.claimed == self.last_discard.tile
            self.take(call.seat, [t for t in call.tiles if t != call.claimed])
        self.melds[call.seat].append(call)
        self.expect = ("draw" if call.type in KAN_CALLS | {CallType.NUKIDORA} else "discard", call.seat)

    def check_win(self, agari: Agari, last_event) -> None:
        held = +self.concealed[agari.who]
        if not agari.is_tsumo:
            if isinstance(last_event, Call):  # chankan: the tile added to a pon is robbed
                assert last_event.type is CallType.KAKAN and agari.win_tile == last_event.added
            else:
                assert agari.win_tile == self.last_discard.tile
            held[agari.win_tile] += 1
        assert held == Counter(agari.concealed)
        assert sorted(agari.melds, key=lambda m: m.code) == sorted(self.melds[agari.who], key=lambda m: m.code)


def test_turns_alternate_and_every_tile_played_is_held(hand):
    checker = TurnChecker(hand)
    for event in hand.events:
        checker.feed(event)
    what, seat = checker.expect
    for result in hand.results:
        if isinstance(result, Agari):
            if result.is_tsumo:
                assert what == "act" and result.who == seat
            checker.check_win(result, hand.events[-1])
        elif result.type is DrawType.NINE_TERMINALS:
            assert what == "act" and list(result.shown_hands) == [seat]
            assert +checker.concealed[seat] == Counter(result.shown_hands[seat])
        elif result.type in (DrawType.EXHAUSTIVE, DrawType.NAGASHI_MANGAN, DrawType.FOUR_RIICHI):
            for shown_seat, tiles in result.shown_hands.items():
                assert +checker.concealed[shown_seat] == Counter(tiles)


def test_score_deltas_balance_up_to_riichi_sticks(hand):
    for i, result in enumerate(hand.results):
        collected = result.riichi_sticks * 1000 if isinstance(result, Agari) and i == 0 else 0
        assert sum(result.deltas) == collected
        if i:
            assert result.scores_before == hand.results[i - 1].scores_after


def test_riichi_sticks_are_paid_before_the_settlement(hand):
    scores = list(hand.scores)
    sticks = hand.riichi_sticks
    for event in hand.events:
        if isinstance(event, Riichi) and event.step == 2:
            scores[event.seat] -= 1000
            sticks += 1
            assert event.scores == tuple(scores)
    if hand.results:
        assert hand.results[0].scores_before == tuple(scores)
        assert hand.results[0].riichi_sticks == sticks


def test_each_hand_starts_from_the_scores_the_last_one_left():
    for (name, hand), (next_name, next_hand) in zip(HANDS, HANDS[1:]):
        if name == next_name and hand.results:
            assert next_hand.scores == hand.results[-1].scores_after
