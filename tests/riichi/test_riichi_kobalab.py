"""Our scorer against kobalab/majiang-core's 10,000 scored hands: han, fu and every seat's payment.

kobalab's default rules are red fives, kuitan and double yakuman, our ``kobalab`` preset.
"""

import json

import pytest

from jantaku.engine.rulesets.riichi import riichi_options, score_win

from .kobalab_hands import read_case


OPTIONS = riichi_options("kobalab")


@pytest.fixture
def cases(data_dir):
    return json.loads((data_dir / "kobalab" / "hule.json").read_text())


def _expected(case):
    out = case["out"]
    han = 13 * out["damanguan"] if out["damanguan"] else out["fanshu"]
    fu = 0 if out["damanguan"] else out["fu"]
    return han, fu, dict(enumerate(out["fenpei"]))


def _ours(case):
    hand = read_case(case)
    result = score_win(hand.concealed, hand.melds, hand.win, hand.context, OPTIONS)
    assert result.is_win, (case["in"], result.error)
    return result.values["han"], result.values["fu"], result.payments


def test_all_ten_thousand_hands_agree(cases):
    assert len(cases) == 10_000
    compared = [(c["in"], _expected(c), _ours(c)) for c in cases]
    wrong = [x for x in compared if x[1] != x[2]]
    assert not wrong, f"{len(wrong)} disagree, e.g. {wrong[:3]}"


def test_the_oracle_covers_yakuman_ron_and_tsumo(cases):
    """The comparison above means something only if the data has these."""
    assert sum(1 for c in cases if c["out"]["damanguan"]) >= 8
    assert sum(1 for c in cases if "rongpai" in c["in"]) > 5000
    assert sum(1 for c in cases if c["in"]["param"]["jicun"]["changbang"]) > 1000
