"""Variants are listed explicitly and bring their knowledge as data; generic code never names one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import jantaku
from jantaku.engine.actions import ActionLabel, ActionType
from jantaku.engine.bots import bot_names, get_bot
from jantaku.engine.bots.baseline import BaselineBot
from jantaku.engine.calculator import scorers
from jantaku.engine.events import event_kinds
from jantaku.engine.options import OptionError
from jantaku.engine.ruleset import Ruleset, get_ruleset, ruleset_class, ruleset_names
from jantaku.engine.rulesets import VARIANTS
from jantaku.tui.prompt import GROUP_SPECS, group_specs

ROOT = Path(jantaku.__file__).parent
VARIANT_NAMES = ("riichi", "sichuan", "hongkong", "classical", "basic")


def test_the_registry_is_the_variants_tuple():
    assert ruleset_names() == [cls.name for cls in VARIANTS] == ["basic", "classical", "hongkong", "riichi", "sichuan"]
    assert all(issubclass(cls, Ruleset) and ruleset_class(cls.name) is cls for cls in VARIANTS)
    with pytest.raises(OptionError, match="unknown ruleset 'go'"):
        ruleset_class("go")


def test_variant_bots_come_from_their_rulesets():
    for cls in VARIANTS:
        for name, factory in cls.bots.named.items():
            assert name in bot_names() and type(get_bot(name)) is factory
    assert {"easy", "normal", "strong", "riichi", "hongkong", "hk", "sichuan", "classical"} <= set(bot_names())
    assert ruleset_class("riichi").bots.levels["strong"].__name__ == "StrongRiichiBot"


def test_event_kinds_and_scorers_come_from_their_rulesets():
    kinds = event_kinds()
    for cls in VARIANTS:
        assert all(kinds[kind.type] is kind for kind in cls.event_types)
    assert kinds["dora"].__module__.endswith("rulesets.riichi.events")
    assert sorted(scorers()) == ["classical", "hongkong", "riichi", "sichuan"]


def test_the_baseline_reads_the_shapes_from_the_views_rule_facts():
    bot = BaselineBot()

    def forms(name: str) -> dict[str, bool]:
        return bot.forms(get_ruleset(name).new_table(seed=1).view(0))

    assert forms("riichi") == {"seven_pairs": True, "thirteen_orphans": True}
    assert forms("classical") == {"seven_pairs": False, "thirteen_orphans": True}
    assert forms("sichuan") == {"seven_pairs": True, "thirteen_orphans": False}


def test_the_time_limit_is_a_ruleset_hook_with_a_default():
    for name in ruleset_names():
        rs = get_ruleset(name)
        assert rs.time_is_up(0) is False
    assert not get_ruleset("basic").has_time_limit() and not get_ruleset("basic").time_is_up(10**6)
    limited = get_ruleset("hongkong", options={"time_limit_minutes": 90})
    assert limited.has_time_limit() and limited.time_is_up(90)
    assert not get_ruleset("hongkong").has_time_limit()


def test_the_tui_groups_actions_by_the_rulesets_labels():
    assert [g.name for g in GROUP_SPECS] == [
        "win",
        "riichi",
        "chi",
        "pon",
        "kong",
        "void",
        "exchange",
        "abort",
        "pass",
        "continue",
    ]
    extra = ActionLabel("swap", (ActionType.EXCHANGE,), "y", 55)
    specs = group_specs([ActionLabel("win", (ActionType.RON,), "w", 0), extra, ActionLabel("win", (), "q", 99)])
    assert [(s.name, s.key) for s in specs] == [("win", "w"), ("swap", "y")]


# generic modules: the engine's own, the bots, the host, the TUI's prompt and event log
GENERIC = [
    *sorted((ROOT / "engine").glob("*.py")),
    *sorted((ROOT / "engine" / "bots").glob("*.py")),
    *sorted((ROOT / "netplay").glob("*.py")),
    ROOT / "tui" / "prompt.py",
    ROOT / "tui" / "eventtext.py",
]
NAMING = re.compile(r"""(==|!=|\bin)\s*\(?\s*["'](""" + "|".join(VARIANT_NAMES) + r""")["']""")


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: str(p.relative_to(ROOT)))
def test_generic_code_does_not_name_variants_or_guess_hooks(path):
    source = path.read_text()
    assert not NAMING.findall(source), f"{path.name} compares against a variant's name"
    assert not re.search(r"hasattr\([^)]*ruleset", source), f"{path.name} guesses a ruleset hook"


# the generic records of a hand: riichi's counters live in riichi's context and view (issue #14, item 2)
RECORDS = [ROOT / "engine" / name for name in ("state.py", "table.py", "views.py", "events.py", "match.py")]


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_riichi_counters_are_not_in_the_generic_records(path):
    assert not re.search(r"\bhonba\b|\bsticks\b", path.read_text()), f"{path.name} names riichi's counters"


def test_riichi_counters_travel_in_riichi_context_and_view():
    from jantaku.engine.match import Match
    from jantaku.engine.rulesets.riichi.context import RiichiHandContext
    from jantaku.engine.rulesets.riichi.view import RiichiView
    from jantaku.engine.views import view_to_wire

    match = Match(get_ruleset("riichi"), 1)
    match.table.context = RiichiHandContext(dealer=0, scores=(25000,) * 4, honba=2, sticks=1)
    view = match.view(0)
    assert (RiichiView.of(view).honba, RiichiView.of(view).sticks, RiichiView.of(view).counters()) == (
        2,
        1,
        ("honba 2", "sticks 1"),
    )
    assert view_to_wire(view)["honba"] == 2  # the wire keeps its keys
    classical = view_to_wire(Match(get_ruleset("classical"), 1).view(0))
    assert "honba" not in classical and "sticks" not in classical
