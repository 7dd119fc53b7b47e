"""Real Tenhou games replayed through our riichi table and match.

Every hand of the mjx Tenhou logs is dealt from the logged wall and played with the logged
decisions; our table must accept each decision, draw the logged tiles, end the hand the same way
and move exactly Tenhou's points (wins with their yaku, dora and ura, honba and sticks, double
ron, pao, tenpai payments, abortive draws).  Each complete game is then played as one match:
our rotation, honba and stick bookkeeping must reproduce Tenhou's final scores and points.
"""

from collections import Counter
from pathlib import Path

import pytest

from jantaku.engine.rulesets.riichi.tenhou_log import read_game, read_mjlog, replay, replay_game

LOGS = sorted((Path(__file__).parent / "data" / "mjx").glob("*.mjlog"))


def _text(path):
    return path.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def hands():
    return [(path.name, hand) for path in LOGS for hand in read_mjlog(_text(path))]


def test_the_logs_cover_wins_draws_and_aborts(hands):
    endings = Counter(hand.ending for _, hand in hands)
    assert len(hands) == 349 and endings == {"win": 286, "draw": 55, "abort": 8}


def test_every_hand_replays_with_tenhous_points(hands):
    wrong = []
    for name, hand in hands:
        table = replay(hand)
        drawn = [(e.seat, e.private["tile"]) for e in table.events if e.type == "draw"]
        dealt_draw = (hand.context.dealer, hand.wall.live[52])  # the dealer's 14th tile
        assert [dealt_draw] + drawn == hand.draws, (name, hand.context.hand_number)
        result = table.result
        same = (result.kind, result.reason if result.kind == "abort" else None, result.deltas) == (
            hand.ending, hand.abort_reason, hand.expected_deltas)
        if not same:
            wrong.append((name, hand.context.hand_number, result.deltas, hand.expected_deltas))
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.stem)
def test_every_game_ends_with_tenhous_result(path):
    game = read_game(_text(path))
    if game.final_scores is None:
        pytest.skip("this log is cut short on purpose")
    match = replay_game(game)
    assert match.is_over and match.hand_index == len(game.hands) - 1
    assert [s["score"] for s in match.standings] == game.final_scores
    assert [s["final"] for s in match.standings] == game.final_points
