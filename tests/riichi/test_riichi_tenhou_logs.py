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

from jantaku.engine.rulesets.riichi.tenhou_import import check_hand, ending_of, options_for, replay_game
from jantaku.engine.rulesets.riichi.tenhou_log import parse_mjlog

LOGS = sorted((Path(__file__).parents[1] / "data" / "mjlog").glob("*.mjlog"))


@pytest.fixture(scope="module")
def hands():
    out = []
    for path in LOGS:
        game = parse_mjlog(path.read_bytes())
        complete = [hand for hand in game.hands if hand.is_complete]
        out += [(path.name, game.rules, index, hand) for index, hand in enumerate(complete)]
    return out


def test_the_logs_cover_wins_draws_and_aborts(hands):
    endings = Counter(ending_of(hand)[0] for _, _, _, hand in hands)
    assert len(hands) == 349 and endings == {"win": 286, "draw": 55, "abort": 8}


def test_every_hand_replays_with_tenhous_points(hands):
    wrong = []
    for name, rules, index, hand in hands:
        check = check_hand(hand, options_for(rules), index)  # draws, ending, winners, values, deltas
        if not check.ok:
            wrong.append((name, index, check.error, [str(m) for m in check.mismatches]))
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.stem)
def test_every_game_ends_with_tenhous_result(path):
    game = parse_mjlog(path.read_bytes())
    if game.final_scores is None:
        pytest.skip("this log is cut short on purpose")
    match = replay_game(game)
    assert match.is_over and match.hand_index == len(game.hands) - 1
    assert [s["score"] for s in match.standings] == list(game.final_scores)
    assert [s["final"] for s in match.standings] == list(game.final_points)
