"""Every numeric ruleset option has a declared range; values outside it are refused by name."""

from __future__ import annotations

import dataclasses
import typing

import pytest

from jantaku.engine.options import OptionError, describe_options
from jantaku.engine.ruleset import get_ruleset, ruleset_class, ruleset_names


def numeric_options() -> list[tuple[str, str, type]]:
    out = []
    for name in ruleset_names():
        options = ruleset_class(name).Options
        hints = typing.get_type_hints(options)
        for field in dataclasses.fields(options):
            hint = hints[field.name]
            if hint in (int, float) or typing.get_origin(hint) is tuple:
                out.append((name, field.name, hint))
    return out


@pytest.mark.parametrize("ruleset,option,hint", numeric_options())
def test_every_numeric_option_has_bounds_or_choices(ruleset, option, hint):
    [described] = [d for d in describe_options(ruleset_class(ruleset).Options) if d["name"] == option]
    assert described["bounds"] is not None or described["choices"] is not None


@pytest.mark.parametrize("ruleset,option,hint", [o for o in numeric_options() if typing.get_origin(o[2]) is not tuple])
@pytest.mark.parametrize("value", [2**64 - 1, -(2**62), 10**9])
def test_a_value_outside_the_range_is_refused_with_the_range(ruleset, option, hint, value):
    [described] = [d for d in describe_options(ruleset_class(ruleset).Options) if d["name"] == option]
    bounds, choices = described["bounds"], described["choices"]
    if bounds is not None and bounds[0] <= value <= bounds[1] or choices is not None and value in choices:
        pytest.skip("in range")
    with pytest.raises(OptionError) as info:
        get_ruleset(ruleset, None, {option: value})
    assert option in str(info.value)
    if bounds is not None:
        assert f"{bounds[0]}..{bounds[1]}" in str(info.value)


def test_list_options_check_their_items_and_length():
    for bad in ([1, 2, 3], ["a", 1, 2, 3], [10**6, 0, 0, 0], [None, 0, 0, 0]):
        with pytest.raises(OptionError):
            get_ruleset("riichi", None, {"uma": bad})
    assert get_ruleset("riichi", None, {"uma": [30, 10, -10, -30]}).options.uma == (30, 10, -10, -30)


def test_a_preset_without_overrides_is_resolved_once_and_follows_its_values():
    from jantaku.engine.options import option, resolve_options

    @dataclasses.dataclass(frozen=True)
    class Demo:
        limit: int = option(500, "the score limit", choices=(300, 500, 1000))
        names: tuple[str, ...] = option(("a",), "names")

    presets: dict[str, dict[str, typing.Any]] = {"cheap": {"limit": 300, "names": ["b"]}}
    first = resolve_options(Demo, presets, "cheap")
    assert first == Demo(limit=300, names=("b",))
    assert resolve_options(Demo, presets, "cheap") is first  # built and checked once
    assert resolve_options(Demo, presets, "cheap", {}) is first
    assert resolve_options(Demo, presets, "cheap", {"limit": 1000}) == Demo(limit=1000, names=("b",))
    assert resolve_options(Demo, presets, None) == Demo()
    presets["cheap"]["limit"] = 1000  # a preset changed afterwards is read again
    assert resolve_options(Demo, presets, "cheap") == Demo(limit=1000, names=("b",))
    presets["cheap"]["limit"] = 7
    with pytest.raises(OptionError, match="one of 300, 500, 1000"):
        resolve_options(Demo, presets, "cheap")
    with pytest.raises(OptionError, match="unknown preset"):
        resolve_options(Demo, presets, "dear")
