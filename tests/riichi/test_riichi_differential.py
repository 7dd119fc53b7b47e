"""Our scorer against the PyPI ``mahjong`` package on random valid wins.

Closed and open hands, seven pairs, thirteen orphans, kans, riichi, ura, red fives, tsumo
and ron, dealer and non-dealer, honba and sticks (see ``riichi_oracle.random_win``).  Both
libraries must agree on han, fu and every seat's payment, or both find no yaku.
"""

import random
from collections import Counter

import pytest

from jantaku.engine.rulesets.riichi import riichi_options, score_win

from .riichi_oracle import mahjong_score, random_win

HANDS = 2000


def _ours(hand, options):
    result = score_win(hand.concealed, hand.melds, hand.win, hand.context, options)
    if not result.is_win:
        assert result.error == "no yaku", result.error
        return None
    return result.values["han"], result.values["fu"], result.payments


@pytest.mark.parametrize(
    "preset, overrides, seed",
    [
        ("tenhou", {}, 1),
        ("majsoul", {}, 2),
        # the options both libraries have, switched away from the presets
        ("tenhou", {"kiriage_mangan": True, "kazoe_yakuman": False}, 3),
        ("tenhou", {"kuitan": False, "aka_dora": False}, 4),
    ],
)
def test_agrees_with_mahjong(preset, overrides, seed):
    options = riichi_options(preset, overrides)
    rng = random.Random(seed)
    levels = Counter()
    disagreements = []
    for _ in range(HANDS if not overrides else HANDS // 2):
        hand = random_win(rng)
        ours, theirs = _ours(hand, options), mahjong_score(hand, options)
        levels[None if ours is None else ours[0] >= 5] += 1
        if ours != theirs:
            disagreements.append((hand, ours, theirs))
    assert not disagreements, f"{len(disagreements)} disagree, e.g. {disagreements[:2]}"
    # the sample covers no-yaku hands, ordinary hands and limit hands
    assert levels[None] and levels[True] and levels[False]
