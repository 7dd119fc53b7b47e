"""Typed ruleset options and presets.

Each ruleset declares its options as a frozen dataclass whose fields carry a
``doc`` in their metadata, and a dict of presets (name → overrides).  This
module resolves "preset + overrides" into a checked options object, with a
clear error for an unknown name or a value of the wrong type.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Demo:
    ...     red_fives: bool = option(True, "play with one red five per suit")
    ...     limit: int = option(500, "the score limit", choices=(300, 500, 1000))
    ...     hands: int = option(16, "hands in a match", bounds=(1, 64))
    >>> resolve_options(Demo, {"cheap": {"limit": 300}}, "cheap", {"red_fives": False})
    Demo(red_fives=False, limit=300, hands=16)
    >>> resolve_options(Demo, {}, None, {"limit": 7})
    Traceback (most recent call last):
    ...
    jantaku.engine.options.OptionError: option 'limit' must be one of 300, 500, 1000, not 7
    >>> resolve_options(Demo, {}, None, {"hands": 2**64})
    Traceback (most recent call last):
    ...
    jantaku.engine.options.OptionError: option 'hands' must be in 1..64, not 18446744073709551616

Every numeric option declares its ``bounds`` (or ``choices``): whatever a client sends, an
option's value is one the rules were written for.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import typing
from collections.abc import Mapping
from typing import Any

from .phrase import Phrase


# what an option refused says (a Phrase, so a screen says it in its reader's language)
UNKNOWN_PRESET = "unknown preset {preset}; presets: {presets}"
UNKNOWN_OPTION = "unknown option {name}; options: {options}"
MUST_BE_LIST = "option {name} must be a list, not {value}"
MUST_BE_LIST_OF = "option {name} must be a list of {length}, not {count} items"
MUST_BE_BOOL = "option {name} must be on or off (or yes/no, true/false, 1/0), not {value}"
MUST_BE_WHOLE = "option {name} must be a whole number, not {value}"
MUST_BE_NUMBER = "option {name} must be a number, not {value}"
MUST_BE_TEXT = "option {name} must be text, not {value}"
MUST_BE_IN = "option {name} must be in {low}..{high}, not {value}"
MUST_BE_ONE_OF = "option {name} must be one of {choices}, not {value}"
UNKNOWN_RULESET = "unknown ruleset {name}; rulesets: {rulesets}"
IN_RULESET = "in {ruleset}: {error}"  # which ruleset's options a value was checked against
MIN_FAN_OVER_LIMIT = "option 'min_fan' ({min_fan}) cannot exceed 'limit_fan' ({limit_fan}): no hand could win"
OPTION_TEMPLATES = (
    UNKNOWN_PRESET,
    UNKNOWN_OPTION,
    MUST_BE_LIST,
    MUST_BE_LIST_OF,
    MUST_BE_BOOL,
    MUST_BE_WHOLE,
    MUST_BE_NUMBER,
    MUST_BE_TEXT,
    MUST_BE_IN,
    MUST_BE_ONE_OF,
    UNKNOWN_RULESET,
    IN_RULESET,
    MIN_FAN_OVER_LIMIT,
)


class OptionError(ValueError):
    """An unknown preset or option, or a value it cannot take."""


# the spellings a yes-or-no option takes (the rules help shows on/off; the command line gives text)
BOOLEAN_WORDS = {
    "on": True,
    "off": False,
    "yes": True,
    "no": False,
    "true": True,
    "false": False,
    "1": True,
    "0": False,
}


def as_boolean(value: Any) -> bool | None:
    """``value`` as a yes-or-no, or None when it is none of the spellings (case does not matter).

    >>> as_boolean("Off"), as_boolean("yes"), as_boolean(1), as_boolean(True), as_boolean("maybe"), as_boolean(2)
    (False, True, True, True, None, None)
    """
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        return BOOLEAN_WORDS.get(value.strip().lower())
    return None


def option(
    default: Any,
    doc: str,
    *,
    choices: tuple | None = None,
    bounds: tuple[float, float] | None = None,
    length: int | None = None,
) -> Any:
    """A dataclass field for a ruleset option, with its documentation and allowed values:
    ``choices``, or for numbers (and each number of a list) ``bounds`` (lowest, highest);
    ``length``: how many items a list option has."""
    return dataclasses.field(
        default=default, metadata={"doc": doc, "choices": choices, "bounds": bounds, "length": length}
    )


def resolve_options(
    cls: type, presets: Mapping[str, Mapping[str, Any]], preset: str | None, overrides: Mapping[str, Any] | None = None
):
    """Build ``cls`` from a preset's values plus ``overrides``, checking names and types."""
    if preset is not None and preset not in presets:
        raise OptionError(Phrase(UNKNOWN_PRESET, preset=repr(preset), presets=", ".join(presets) or "-"))
    chosen = presets[preset] if preset is not None else {}
    if not overrides:  # a preset as it is: built and checked once (options are frozen, so shared)
        key = (cls, preset)
        known = _PRESET_OPTIONS.get(key)
        if known is not None and known[0] == chosen:  # the preset's values, in case they were changed
            return known[1]
        built = _build(cls, dict(chosen))
        _PRESET_OPTIONS[key] = (copy.deepcopy(dict(chosen)), built)
        return built
    return _build(cls, {**chosen, **overrides})


# (options class, preset) -> (the preset's values it was built from, the options object)
_PRESET_OPTIONS: dict[tuple[type, str | None], tuple[dict[str, Any], Any]] = {}


@functools.cache
def _declared(cls: type) -> tuple[dict[str, dataclasses.Field], dict[str, Any]]:
    """An options class's fields by name and its resolved type hints (read once per class)."""
    return {f.name: f for f in dataclasses.fields(cls)}, typing.get_type_hints(cls)


def _build(cls: type, values: dict[str, Any]) -> Any:
    fields, hints = _declared(cls)
    for name, value in values.items():
        if name not in fields:
            raise OptionError(Phrase(UNKNOWN_OPTION, name=repr(name), options=", ".join(fields)))
        values[name] = _check(name, value, hints[name], fields[name].metadata)
    return cls(**values)


def _check(name: str, value: Any, hint: Any, declared: Mapping[str, Any]) -> Any:
    choices, bounds, length = declared.get("choices"), declared.get("bounds"), declared.get("length")
    origin = typing.get_origin(hint)
    if origin is tuple:
        if not isinstance(value, (list, tuple)):
            raise OptionError(Phrase(MUST_BE_LIST, name=repr(name), value=repr(value)))
        if length is not None and len(value) != length:
            raise OptionError(Phrase(MUST_BE_LIST_OF, name=repr(name), length=str(length), count=str(len(value))))
        item_hint = typing.get_args(hint)[0] if typing.get_args(hint) else Any
        item_rules = {"bounds": bounds}
        return tuple(_check(f"{name}[{i}]", item, item_hint, item_rules) for i, item in enumerate(value))
    if hint is bool:
        answer = as_boolean(value)
        if answer is None:
            raise OptionError(Phrase(MUST_BE_BOOL, name=repr(name), value=repr(value)))
        value = answer
    elif hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise OptionError(Phrase(MUST_BE_WHOLE, name=repr(name), value=repr(value)))
    elif hint is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise OptionError(Phrase(MUST_BE_NUMBER, name=repr(name), value=repr(value)))
        value = float(value)
    elif hint is str:
        if not isinstance(value, str):
            raise OptionError(Phrase(MUST_BE_TEXT, name=repr(name), value=repr(value)))
    if bounds is not None and not bounds[0] <= value <= bounds[1]:
        raise OptionError(
            Phrase(MUST_BE_IN, name=repr(name), low=str(bounds[0]), high=str(bounds[1]), value=repr(value))
        )
    if choices is not None and value not in choices:
        raise OptionError(
            Phrase(MUST_BE_ONE_OF, name=repr(name), choices=", ".join(map(str, choices)), value=repr(value))
        )
    return value


def describe_options(cls: type) -> list[dict[str, Any]]:
    """Name, default, doc, choices and bounds of every option (for help screens and docs)."""
    out = []
    for f in dataclasses.fields(cls):
        out.append(
            {
                "name": f.name,
                "default": f.default,
                "doc": f.metadata.get("doc", ""),
                "choices": f.metadata.get("choices"),
                "bounds": f.metadata.get("bounds"),
            }
        )
    return out


def options_to_dict(opts: Any) -> dict[str, Any]:
    return {f.name: getattr(opts, f.name) for f in dataclasses.fields(opts)}
