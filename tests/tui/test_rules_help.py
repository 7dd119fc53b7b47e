"""The rules help's scoring table, and its sources named as players know them (issue #30, item 5).

The table is the ruleset's ``scoring_table()``, read from the data its scorer counts with; here every
score item the calculator gives for a few hands of each variant is checked against it, so a table
that disagreed with a score would fail.  The snapshots show each variant's table at 80×24.
"""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from jantaku.engine.calculator import score_json
from jantaku.engine.ruleset import get_ruleset, ruleset_names
from jantaku.engine.scoretable import ScoringLine
from jantaku.tui.app import JantakuApp
from jantaku.tui.screens.rules import RulesScreen, rules_text, scoring_text
from jantaku.tui.settings import Settings

from .conftest import until

VARIANTS = ("riichi", "classical", "hongkong", "sichuan")
HANDS = {
    "riichi": [
        {"hand": "22334455667788s", "win": "8s", "by": "self", "flags": ["riichi"]},
        {"hand": "234m55p pon:777z chi:345s pon:111z", "win": "5p", "by": "discard"},
        {"hand": "11123455678999m", "win": "9m", "by": "self"},
    ],
    "classical": [
        {"hand": "123m456m789m11z pon:555z", "win": "1z", "by": "self"},
        {"hand": "11122233344455m", "win": "5m", "by": "self"},
    ],
    "hongkong": [
        {"hand": "123m456m789m11z pon:555z", "win": "1z", "by": "self"},
        {"hand": "123m456m789m99m pon:111m", "win": "9m", "by": "discard"},
        {"hand": "11122233344455m", "win": "5m", "by": "self"},
    ],
    "sichuan": [
        {"hand": "123m456m789m99m pon:111m", "win": "9m", "by": "discard", "void": "p"},
        {"hand": "11223344556677m", "win": "7m", "by": "self", "void": "p"},
    ],
}
# what a table line's value is in a score item's unit: a yakuman is 13 han, a limit hand the limit
IN_ITEM_UNITS = {("yakuman", "han"): 13, ("han", "han"): 1, ("fan", "fan"): 1, ("doubles", "doubles"): 1}
IN_ITEM_UNITS |= {("points", "limit"): 1, ("fan", "limit"): 1}


def line_of(table: tuple[ScoringLine, ...], item_name: str) -> ScoringLine | None:
    """The table's line of a score item (a group's tiles may follow the name: ``Pung of dragons 555z``)."""
    return next((line for line in table if item_name == line.name or item_name.startswith(line.name + " ")), None)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_table_says_what_the_scorer_counts(variant):
    table = get_ruleset(variant).scoring_table()
    checked = 0
    for hand in HANDS[variant]:
        result = score_json(variant, hand)
        assert "items" in result, result
        for item in result["items"]:
            line = line_of(table, item["name"])
            if line is None or (line.unit, item["unit"]) not in IN_ITEM_UNITS:
                continue  # fu and points, which the table does not list
            closed = "pon:" not in hand["hand"] and "chi:" not in hand["hand"]
            worth = line.value if closed or line.open_value is None else line.open_value
            assert item["value"] == worth * IN_ITEM_UNITS[line.unit, item["unit"]], (item, line)
            checked += 1
    assert checked >= 3, f"only {checked} items of {variant} were in the table"


def test_a_double_declared_twice_its_worth_is_scored_so():
    """Classical's doubles declare their worth (big three dragons 2, one suit only 3, a bouquet by option)."""
    table = {line.name: line.value for line in get_ruleset("classical").scoring_table()}
    assert (table["Big three dragons"], table["One suit only"], table["All four flowers"]) == (2, 3, 2)
    dmjl = {line.name: line.value for line in get_ruleset("classical", "dmjl").scoring_table()}
    assert dmjl["All four flowers"] == 1
    score = score_json("classical", {"hand": "123m11z pon:555z pon:666z pon:777z", "win": "1z", "by": "self"})
    assert {"name": "Big three dragons", "value": 2, "unit": "doubles"} in score["items"]


def test_options_switch_lines_on_and_off():
    names = [line.name for line in get_ruleset("riichi").scoring_table()]
    assert "Renhou" not in names  # renhou is off in tenhou's rules
    assert names.count("Renhou") == 0 and "Renhou" in [
        line.name for line in get_ruleset("riichi", options={"renhou": "mangan"}).scoring_table()
    ]
    hongkong = get_ruleset("hongkong", options={"limit_fan": 13}).scoring_table()
    assert {line.value for line in hongkong if line.section == "limit hands"} == {13}


def text_of(renderable) -> str:
    console = Console(width=200, record=True)
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize("variant", ruleset_names())
def test_the_help_names_its_sources_as_players_know_them(variant):
    text = text_of(rules_text(variant))
    assert "seed 0" not in text


def test_the_help_names_the_sources():
    assert "(Riichi, game help rules)" in text_of(rules_text("riichi"))
    assert "Hong Kong, DMJL short rules" in text_of(rules_text("hongkong"))
    riichi = text_of(scoring_text("riichi"))
    assert "Scoring (preset tenhou)" in riichi
    assert re.search(r"Yaku +closed +open", riichi)
    assert re.search(r"Pinfu · No-points hand +1 han +– ", riichi) and re.search(
        r"Chinitsu · Full flush +6 han +5 han", riichi
    )
    assert re.search(r"One suit only +3 doubles", text_of(scoring_text("classical")))


@pytest.fixture
def still_pictures(monkeypatch):
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")


@pytest.mark.parametrize("variant", VARIANTS)
def test_snapshot_of_the_rules_help_scoring_table(snap_compare, still_pictures, variant):
    app = JantakuApp(settings=Settings(bot_delay=0.0))

    async def open_scoring(pilot) -> None:
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        screen = app.screen
        screen.query_one("#rules-list").highlighted = ruleset_names().index(variant)
        await until(pilot, lambda: screen.shown == variant)
        await pilot.pause()
        screen.query_one("#rules-text").scroll_to_widget(screen.query_one("#rules-scoring"), top=True, animate=False)
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=open_scoring)
