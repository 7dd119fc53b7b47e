"""Options and presets, checked against the option table of rules/sichuan.md."""

import dataclasses
import doctest

import pytest

from jantaku.engine.options import OptionError
from jantaku.engine.rulesets.sichuan import fans, hand, money, options, ruleset, scoring, table, value
from jantaku.engine.rulesets.sichuan.options import PRESETS, SichuanOptions, sichuan_options

# The option table of the rules: name → (sbr, chengdu)
TABLE = {
    "fan_cap": (3, 4),
    "base": (1, 1),
    "self_draw": ("add_base", "add_fan"),
    "exchange_three": (False, True),
    "multi_win": (True, True),
    "pass_win_lock": ("until_own_draw", "unless_higher"),
    "pass_win_lock_ends": ("own_turn", "own_turn"),
    "kong_replacement": ("tail", "tail"),
    "held_added_kong_pays": (0, 0),
    "kong_then_discard_win": ("refund", "transfer"),
    "flower_pig": ("as_not_ready", "pay_cap"),
    "check_ready": (True, True),
    "refund": (True, True),
    "fan_all_terminal_sets": (False, True),
    "fan_258_pungs": (False, True),
    "fan_concealed_simples": (False, True),
    "fan_heavenly_earthly": (False, True),
}


MATCH_OPTIONS = ["hands"]  # not rules of a hand, so not in the table


def test_every_row_of_the_table_is_an_option():
    assert [f.name for f in dataclasses.fields(SichuanOptions)] == list(TABLE) + MATCH_OPTIONS


@pytest.mark.parametrize("preset, column", [("sbr", 0), ("chengdu", 1)])
def test_presets_match_the_table(preset, column):
    resolved = sichuan_options(preset)
    assert {name: getattr(resolved, name) for name in TABLE} == {n: v[column] for n, v in TABLE.items()}


def test_sbr_is_the_default():
    assert sichuan_options() == sichuan_options("sbr") == SichuanOptions()
    assert set(PRESETS) == {"sbr", "chengdu"}


def test_every_option_is_documented():
    assert all(f.metadata["doc"] for f in dataclasses.fields(SichuanOptions))


def test_bad_values_are_refused():
    with pytest.raises(OptionError, match="self_draw"):
        sichuan_options(overrides={"self_draw": "double"})
    with pytest.raises(OptionError, match="unknown option"):
        sichuan_options(overrides={"no_such": 1})


def test_points():
    assert [SichuanOptions().points(f) for f in range(6)] == [1, 2, 4, 8, 8, 8]
    assert SichuanOptions(base=3, fan_cap=4).max_points == 48


@pytest.mark.parametrize("module", [fans, hand, money, options, scoring, value, table, ruleset])
def test_every_module_shows_its_use_by_example(module):
    # the examples themselves run through pytest's --doctest-modules (pyproject.toml)
    assert any(test.examples for test in doctest.DocTestFinder().find(module))
