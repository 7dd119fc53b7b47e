"""Properties of the scorer over random complete hands, under both presets."""

from collections import Counter

from hypothesis import assume, given
from hypothesis import strategies as st

from jantaku.engine.tiles import format_kinds

from .classical_helpers import PRESETS, items, score

LIMIT = 500
CHOW_STARTS = [k for k in range(27) if k % 9 <= 6]


@st.composite
def complete_hands(draw):
    """A complete hand as calculator text and its winning tile: four sets (some declared as
    melds) and a pair."""
    concealed: list[int] = []
    melds: list[str] = []
    every_tile: Counter[int] = Counter()
    for _ in range(4):
        if draw(st.booleans()):
            first = draw(st.sampled_from(CHOW_STARTS))
            kinds, declared = [first, first + 1, first + 2], draw(st.sampled_from(["chi", None]))
        else:
            kinds = [draw(st.integers(0, 33))] * 3
            declared = draw(st.sampled_from(["pon", "kan", "ankan", "kakan", None]))
            if declared in ("kan", "ankan", "kakan"):
                kinds = kinds + kinds[:1]
        every_tile.update(kinds)
        if declared is None:
            concealed += kinds
        else:
            melds.append(f"{declared}:{format_kinds(kinds)}")
    pair = draw(st.integers(0, 33))
    concealed += [pair, pair]
    every_tile.update([pair, pair])
    assume(max(every_tile.values()) <= 4)
    win = draw(st.sampled_from(sorted(set(concealed))))
    return " ".join([format_kinds(sorted(concealed))] + melds), format_kinds([win])


@given(complete_hands(), st.sampled_from(PRESETS), st.sampled_from("ESWN"), st.booleans())
def test_every_complete_hand_wins_and_adds_up(hand_and_win, preset, seat, self_drawn):
    hand, win = hand_and_win
    result = score(hand, win, preset=preset, seat=seat, self_drawn=self_drawn)
    assert result["is_win"], result
    assert sum(items(result, "points").values()) == result["points"]
    assert sum(items(result, "doubles").values()) == result["doubles"]
    if result["limit"] in (None, "Limit"):
        assert result["score"] == min(LIMIT, result["points"] * 2 ** result["doubles"])
    else:
        assert result["score"] == LIMIT
    assert sum(result["payments"].values()) == 0


@given(complete_hands(), st.sampled_from(PRESETS), st.sampled_from("ESWN"))
def test_a_losing_hand_adds_up_and_stays_under_the_limit(hand_and_win, preset, seat):
    # (A loser may score more than the same tiles winning: its free arrangement can keep a pung
    # that a complete hand must split, e.g. 22234m: a pung as a loser, a pair and a chow as a winner.)
    hand, _ = hand_and_win
    result = score(hand, preset=preset, seat=seat)
    assert result["is_win"] is False and "error" not in result
    assert sum(items(result, "points").values()) == result["points"]
    assert sum(items(result, "doubles").values()) == result["doubles"]
    assert result["score"] == min(LIMIT, result["points"] * 2 ** result["doubles"])
    assert result["limit"] in (None, "Limit")
