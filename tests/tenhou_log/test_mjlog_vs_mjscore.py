"""The parsed mjlogs against the same 31 games in Tenhou's own JSON form ("mjscore").

The JSON writes tiles as 11-19 (m), 21-29 (p), 31-39 (s), 41-47 (z), 51-53 (red
fives); a discard of 60 is a tsumogiri, ``r`` marks the riichi discard, calls are
strings whose letter (c p m k a) sits where the claimed tile came from.
"""

from __future__ import annotations

import re

import pytest

from jantaku.engine.rulesets.riichi.tenhou_log import (
    YAKU,
    Agari,
    Call,
    CallType,
    Discard,
    Draw,
    DrawType,
    Limit,
    Riichi,
    Ryuukyoku,
    TenhouHand,
    wall_from_hand,
)

from .records import SCORED_STEMS, load_game, load_mjscore

TSUMOGIRI = 60
JSON_DRAW_TYPES = {
    "流局": DrawType.EXHAUSTIVE,
    "全員不聴": DrawType.EXHAUSTIVE,
    "流し満貫": DrawType.NAGASHI_MANGAN,
    "九種九牌": DrawType.NINE_TERMINALS,
    "四家立直": DrawType.FOUR_RIICHI,
    "四槓散了": DrawType.FOUR_KANS,
    "四風連打": DrawType.FOUR_WINDS,
    "三家和了": DrawType.TRIPLE_RON,
}
JSON_LIMITS = {
    "満貫": Limit.MANGAN,
    "跳満": Limit.HANEMAN,
    "倍満": Limit.BAIMAN,
    "三倍満": Limit.SANBAIMAN,
    "役満": Limit.YAKUMAN,
}
JSON_CALL_LETTERS = {
    "c": CallType.CHI,
    "p": CallType.PON,
    "m": CallType.DAIMINKAN,
    "k": CallType.KAKAN,
    "a": CallType.ANKAN,
}
# where the letter stands (in tiles before it) -> how many seats after the caller the discarder sits
JSON_CALL_POSITIONS = {0: 3, 1: 2, 2: 1, 3: 1}


def code(tile: int) -> int:
    if tile in (16, 52, 88):
        return 51 + tile // 36
    kind = tile // 4
    return 41 + kind - 27 if kind >= 27 else 10 * (kind // 9 + 1) + kind % 9 + 1


def codes(tiles) -> list[int]:
    return [code(t) for t in tiles]


def scored_hands():
    for stem in SCORED_STEMS:
        hands = load_game(f"{stem}.mjlog").hands
        json_hands = load_mjscore(stem)
        assert len(hands) == len(json_hands), stem
        for i, (hand, json_hand) in enumerate(zip(hands, json_hands)):
            yield pytest.param(hand, json_hand, id=f"{stem}:{i}")


SCORED = list(scored_hands())


def test_the_oracle_covers_31_games_and_326_hands():
    assert len(SCORED_STEMS) == 31 and len(SCORED) == 326


@pytest.mark.parametrize(("hand", "json_hand"), SCORED)
def test_hand_header_matches(hand: TenhouHand, json_hand):
    (round_, honba, sticks), scores, dora, ura = json_hand[:4]
    wall = wall_from_hand(hand)
    assert (hand.round, hand.honba, hand.riichi_sticks) == (round_, honba, sticks)
    assert list(hand.scores) == scores
    assert codes(wall.dora_indicators) == dora
    assert codes(wall.ura_indicators) == ura
    for seat in range(4):
        assert sorted(codes(hand.hands[seat])) == sorted(json_hand[4 + 3 * seat])


@pytest.mark.parametrize(("hand", "json_hand"), SCORED)
def test_per_hand_deltas_match(hand: TenhouHand, json_hand):
    result = json_hand[-1]
    name, json_deltas = result[0], result[1::2]
    if name == "和了":
        assert all(isinstance(r, Agari) for r in hand.results)
        assert [list(r.deltas) for r in hand.results] == json_deltas
    else:
        (draw,) = hand.results
        assert isinstance(draw, Ryuukyoku) and draw.type is JSON_DRAW_TYPES[name]
        assert list(draw.deltas) == (json_deltas[0] if json_deltas else [0, 0, 0, 0])


@pytest.mark.parametrize(("hand", "json_hand"), SCORED)
def test_wins_match_value_and_yaku(hand: TenhouHand, json_hand):
    result = json_hand[-1]
    if result[0] != "和了":
        return
    for agari, (who, from_who, liable, head, *yaku) in zip(hand.results, result[2::2]):
        assert (agari.who, agari.from_who) == (who, from_who)
        assert liable == (agari.pao_who if agari.pao_who is not None else agari.who)
        expected_yaku = [f"{YAKU[y].japanese}(役満)" for y in agari.yakuman] or [
            f"{YAKU[y].japanese}({han}飜)" for y, han in agari.yaku if han
        ]
        assert yaku == expected_yaku
        check_head(agari, head)


def check_head(agari: Agari, head: str) -> None:
    """``30符4飜7700点``, ``満貫2000-4000点``, ``跳満6000点∀`` (dealer tsumo, all pay)."""
    match = re.fullmatch(r"(?:(\d+)符(\d+)飜|(\D+?))(\d+)(?:-(\d+))?点(∀?)", head)
    assert match, head
    fu, han, limit, first, second, all_pay = match.groups()
    if limit:
        assert agari.limit is JSON_LIMITS[limit]
    else:
        assert agari.limit is Limit.NONE and (agari.fu, agari.han) == (int(fu), int(han))
    if second:  # non-dealer tsumo: each non-dealer pays the first, the dealer the second
        assert agari.points == 2 * int(first) + int(second)
    elif all_pay:
        assert agari.points == 3 * int(first)
    else:
        assert agari.points == int(first)


@pytest.mark.parametrize(("hand", "json_hand"), SCORED)
def test_draws_discards_and_calls_match(hand: TenhouHand, json_hand):
    draws: list[list] = [[] for _ in range(4)]
    discards: list[list] = [[] for _ in range(4)]
    riichi_pending: set[int] = set()
    for event in hand.events:
        if isinstance(event, Draw):
            draws[event.seat].append(code(event.tile))
        elif isinstance(event, Discard):
            value = TSUMOGIRI if event.tsumogiri else code(event.tile)
            if event.seat in riichi_pending:
                riichi_pending.discard(event.seat)
                value = f"r{value}"
            discards[event.seat].append(value)
        elif isinstance(event, Riichi) and event.step == 1:
            riichi_pending.add(event.seat)
        elif isinstance(event, Call):
            if event.type in (CallType.ANKAN, CallType.KAKAN):
                discards[event.seat].append(event)
            else:
                draws[event.seat].append(event)
                if event.type is CallType.DAIMINKAN:
                    discards[event.seat].append(0)  # the JSON's placeholder: no discard this turn
    for seat in range(4):
        expected_draws, expected_discards = json_hand[5 + 3 * seat], json_hand[6 + 3 * seat]
        assert [_written(x, seat) for x in draws[seat]] == expected_draws
        assert [_written(x, seat) for x in discards[seat]] == expected_discards


def _written(item, seat: int):
    """A draw or discard value, with calls checked against the JSON string and replaced by it."""
    return item if not isinstance(item, Call) else _JsonCall(item, seat)


class _JsonCall:
    """Equal to a JSON call string that describes the same call."""

    def __init__(self, call: Call, seat: int):
        self.call, self.seat = call, seat

    def __eq__(self, text) -> bool:
        if not isinstance(text, str):
            return False
        letter = re.search(r"[cpmka]", text)[0]
        before, after = text.split(letter)
        tiles = [int(x) for x in re.findall(r"\d\d", before + after)]
        call = self.call
        if JSON_CALL_LETTERS[letter] is not call.type or sorted(tiles) != sorted(codes(call.tiles)):
            return False
        if call.type is CallType.ANKAN:
            return True
        relative = JSON_CALL_POSITIONS[len(before) // 2]
        return call.from_seat == (self.seat + relative) % 4 and int(after[:2]) == code(
            call.added if call.type is CallType.KAKAN else call.claimed
        )

    def __repr__(self) -> str:
        return f"<{self.call.type.value} {codes(self.call.tiles)} from {self.call.from_seat}>"
