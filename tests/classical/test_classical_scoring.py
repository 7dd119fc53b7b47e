"""The scorer as a whole: best arrangement, rounding, loser hands, the calculator contract."""

import pytest
from .classical_helpers import items, score

from jantaku.engine.calculator import score_json
from jantaku.engine.melds import parse_hand
from jantaku.engine.options import OptionError
from jantaku.engine.rulesets.classical.options import PRESETS, ClassicalOptions, classical_options
from jantaku.engine.rulesets.classical.scorer import score_win_arrangements
from jantaku.engine.rulesets.classical.situation import Situation, Win
from jantaku.engine.tiles import parse_kinds

# --- options ---------------------------------------------------------------------------


def test_the_presets_differ_exactly_as_documented():
    classical, dmjl = classical_options("classical"), classical_options("dmjl")
    assert classical == ClassicalOptions()
    differences = {name for name in PRESETS["dmjl"] if getattr(classical, name) != getattr(dmjl, name)}
    assert differences == {
        "dead_wall",
        "round_up_to_10",
        "bonus_doubles",
        "claimed_kong_counts_concealed",
        "discard_payment",
        # issue 20: the DMJL table's choices, the seed text's in classical
        "loser_pairs",
        "double_all_simples",
        "double_three_chows",
        "double_terminal_in_every_set",
        "double_limit_hands",
    }
    assert (classical.limit, dmjl.limit) == (500, 500)


def test_unknown_options_are_errors():
    with pytest.raises(OptionError):
        classical_options("dmjl", {"limit_points": 300})
    assert "unknown preset" in score_json("classical", {"hand": "11z", "preset": "wright"})["error"]


# --- rounding -----------------------------------------------------------------------------


def test_classical_rounds_up_to_10_and_dmjl_does_not():
    # Mah Jong 20 + pung of 2m concealed 4 (a chow wait on 3m, not the only tile) = 24
    hand = "123m456p789s222m55s"
    assert score(hand, "1m", preset="dmjl", seat="S")["points"] == 24
    result = score(hand, "1m", preset="classical", seat="S")
    assert result["points"] == 30
    assert items(result)["Rounded up to 10"] == 6
    assert sum(items(result, "points").values()) == result["points"]


def test_score_is_points_times_two_to_the_doubles():
    result = score("123m456p789s11z pon:555z", "1z")
    assert (result["points"], result["doubles"], result["score"]) == (40, 1, 80)


# --- the best arrangement ---------------------------------------------------------------


def test_the_winner_takes_the_best_arrangement():
    # 111222333m: three concealed pungs (12 points, a double) beats three chows
    result = score("111222333m789p55z", "5z", preset="dmjl", seat="S", self_drawn=True)
    assert "Three concealed pungs" in items(result)
    options = {
        len(s.hand.chows)
        for s in score_win_arrangements(
            parse_hand("111222333m789p55z"),
            Situation(classical_options("dmjl"), seat=1, win=Win(parse_kinds("5z")[0], self_drawn=True)),
        )
    }
    assert options == {1, 4}


def test_a_pung_completed_by_a_discard_is_exposed():
    # 11m 55m and 345p...: the discarded 5m completes a pung, which scores as exposed
    hand = "123m456p789s11m555m"
    by_discard = items(score(hand, "5m", preset="dmjl", seat="S"))
    self_drawn = items(score(hand, "5m", preset="dmjl", seat="S", self_drawn=True))
    assert by_discard["Exposed pung 555m"] == 2
    assert self_drawn["Concealed pung 555m"] == 4


def test_the_winning_tile_goes_where_it_scores_most():
    # 111123m: the discarded 1m completes the pung (then exposed, 4) or the chow (pung concealed, 8)
    hand = "111123m456p789s55z"
    result = score(hand, "1m", preset="dmjl", seat="S")
    assert items(result)["Concealed pung 111m"] == 8


# --- loser hands ---------------------------------------------------------------------------


def test_a_loser_scores_its_sets_and_the_doubles_for_all():
    result = score("111z22m345p pon:555z", preset="dmjl")
    assert result["is_win"] is False and "error" not in result
    assert items(result, "points") == {"Concealed pung 111z": 8, "Exposed pung 555z": 4}
    assert result["doubles"] == 3  # White, own wind, round wind
    assert result["score"] == 12 * 8
    assert "payments" not in result


def test_a_loser_gets_no_winner_doubles():
    result = score("123m345m789m66m", preset="dmjl")
    assert result["doubles"] == 0 and result["score"] == 0


def test_a_loser_picks_the_best_pair():
    one_pair = {"loser_pairs": "one"}  # dmjl counts every pair (issue 20)
    result = score("22m11z55z", preset="dmjl", seat="S", round_wind="S", options=one_pair)
    assert items(result, "points") == {"Pair of dragons": 2}
    result = score("22m22z55z", preset="dmjl", seat="S", round_wind="S", options=one_pair)
    assert items(result, "points") == {"Pair of own wind": 2, "Pair of round wind": 2}


def test_a_loser_pair_completes_little_three_dragons():
    result = score("555z666z77z11m", preset="dmjl")
    assert "Little three dragons" in items(result, "doubles")


def test_a_loser_needs_no_complete_hand():
    result = score("1m5p9s3z7z bonus:1f", preset="classical")
    assert (result["points"], result["doubles"], result["score"]) == (10, 1, 20)


def test_loser_hands_are_rounded_and_capped_too():
    assert score("222m", preset="classical")["score"] == 10
    result = score("111z555z666z77z pon:999m")
    assert (result["score"], result["limit"]) == (500, "Limit")


# --- the calculator contract ------------------------------------------------------------------


def test_the_result_has_the_contract_keys():
    result = score("123m456p789s11z pon:555z", "1z")
    assert {"is_win", "items", "points", "doubles", "limit", "score", "payments"} <= set(result)
    assert {i["unit"] for i in result["items"]} <= {"points", "doubles", "limit"}


def test_payments_as_if_the_losers_scored_zero():
    # South wins 80 by self-draw: East pays double
    result = score("123m456p789s22z pon:555z", "2z", seat="S", self_drawn=True)
    assert result["score"] == 80
    assert result["payments"] == {"E": -160, "S": 320, "W": -80, "N": -80}


def test_discard_payments_of_both_presets():
    hand = "123m456p789s22z pon:555z"
    classical = score(hand, "2z", seat="S", preset="classical")
    assert classical["payments"] == {"E": -4 * classical["score"], "S": 4 * classical["score"], "W": 0, "N": 0}
    dmjl = score(hand, "2z", seat="S", preset="dmjl", **{"from": "W"})
    s = dmjl["score"]
    assert dmjl["payments"] == {"E": -2 * s, "S": 4 * s, "W": -s, "N": -s}


@pytest.mark.parametrize(
    "request_, error",
    [
        ({"hand": "123m456p789s11z", "win": "1z"}, "a winning hand has 14 tiles"),
        ({"hand": "123m456p789s11z55m", "win": "1z"}, "a winning hand has 14 tiles"),
        ({"hand": "123m456p789s1z5m pon:555z", "win": "1z"}, "not a complete hand"),
        ({"hand": "123m456p789s11z pon:555z", "win": "1z", "flags": ["riichi"]}, "no meaning in classical"),
        ({"hand": "123m456p789s11z pon:555z", "win": "1z", "flags": ["replacement"]}, "by self"),
        ({"hand": "123m456p789s11z pon:555z", "win": "1z", "flags": ["robbed_kong"], "by": "self"}, "by discard"),
        ({"hand": "123m456p789s11z pon:555z", "win": "1z", "flags": ["first_turn"]}, "by self"),
        (
            {"hand": "123m456p789s11z pon:555z", "win": "1z", "flags": ["first_turn"], "seat": "W", "from": "S"},
            "East's first discard",
        ),
        ({"hand": "123m bonus:1f", "options": {"bonus_tiles": False}}, "bonus tiles are off"),
        ({"hand": "123m456p789s11z555z5m"}, "at most 14 tiles"),
    ],
)
def test_invalid_requests(request_, error):
    result = score_json("classical", request_)
    assert result["is_win"] is False
    assert error in result["error"]


# --- issue 20's elements through the command line (`jantaku score classical ...`) ---------------


def cli_score(capsys, *argv):
    import json

    from jantaku.cli import main

    assert main(["score", "classical", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_cli_scores_the_seed_doubles_and_the_declaration(capsys):
    result = cli_score(capsys, "234m456p678s345m88s", "--win", "3m", "--seat", "S")
    assert {"name": "All simples", "value": 1, "unit": "doubles"} in result["items"]
    result = cli_score(
        capsys,
        "123m456p789s234s55m",
        "--win",
        "5m",
        "--seat",
        "S",
        "--flag",
        "riichi",
        "--option",
        "riichi_declaration=true",
    )
    assert {"name": "Riichi declaration", "value": 1, "unit": "doubles"} in result["items"]
    assert result["payments"] == {"E": -480, "S": 480, "W": 0, "N": 0}


def test_cli_double_limit_and_every_pair(capsys):
    result = cli_score(capsys, "19m19p19s12345677z", "--win", "7z", "--self", "--seat", "S")
    assert (result["limit"], result["score"]) == ("Thirteen Orphans", 1000)
    assert cli_score(capsys, "19m19p19s12345677z", "--win", "7z", "--preset", "dmjl")["score"] == 500
    assert cli_score(capsys, "22z66z77z159m", "--seat", "S", "--preset", "dmjl")["points"] == 6
    assert cli_score(capsys, "22z66z77z159m", "--seat", "S")["points"] == 10  # one pair, rounded


def test_docs_list_every_option_with_both_presets_choices():
    from pathlib import Path

    from jantaku.engine.options import options_to_dict

    text = (Path(__file__).parents[2] / "docs" / "classical.md").read_text()
    rows = {
        cells[1].strip(" `"): [c.strip(" `") for c in cells[2:4]]
        for cells in (line.split("|") for line in text.splitlines() if line.startswith("| `"))
    }
    assert set(rows) == set(options_to_dict(ClassicalOptions()))

    def shown(value):
        return ("on" if value else "off") if isinstance(value, bool) else str(value)

    for column, preset in enumerate(("classical", "dmjl")):
        for name, value in options_to_dict(classical_options(preset)).items():
            assert rows[name][column] == shown(value), (preset, name)
