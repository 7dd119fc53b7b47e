"""Properties every scored riichi win has, on random valid wins (seeded through hypothesis)."""

import random

from hypothesis import given, strategies as st

from jantaku.engine.rulesets.riichi import has_yaku, riichi_options, score_win

from .riichi_oracle import random_win

PRESETS = ("tenhou", "majsoul")


@given(st.integers(0, 2**32 - 1), st.sampled_from(PRESETS))
def test_breakdown_adds_up_and_payments_balance(seed, preset):
    hand = random_win(random.Random(seed))
    options = riichi_options(preset)
    result = score_win(hand.concealed, hand.melds, hand.win, hand.context, options)
    assert result.is_win == has_yaku(hand.concealed, hand.melds, hand.win, hand.context, options)
    if not result.is_win:
        assert result.error == "no yaku" and not result.items
        return
    han = sum(i.value for i in result.items if i.unit == "han")
    fu = sum(i.value for i in result.items if i.unit == "fu")
    assert han == result.values["han"]
    assert fu == result.values["fu"]  # the rounding is an item too (0 for a yakuman)
    assert sum(result.payments.values()) == 1000 * hand.context.sticks
    winner = hand.context.seat_wind
    assert result.payments[winner] > 0 and all(v <= 0 for s, v in result.payments.items() if s != winner)
    assert result.score <= 8000 * 6
    if result.limit is None:
        assert result.score == result.values["fu"] * 2 ** (result.values["han"] + 2) < 2000
