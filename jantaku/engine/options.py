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

import dataclasses
import typing
from collections.abc import Mapping
from typing import Any


class OptionError(ValueError):
    """An unknown preset or option, or a value it cannot take."""


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
    values: dict[str, Any] = {}
    if preset is not None:
        if preset not in presets:
            raise OptionError(f"unknown preset {preset!r}; presets: {', '.join(presets) or 'none'}")
        values.update(presets[preset])
    values.update(overrides or {})
    fields = {f.name: f for f in dataclasses.fields(cls)}
    hints = typing.get_type_hints(cls)
    for name, value in values.items():
        if name not in fields:
            raise OptionError(f"unknown option {name!r}; options: {', '.join(fields)}")
        values[name] = _check(name, value, hints[name], fields[name].metadata)
    return cls(**values)


def _check(name: str, value: Any, hint: Any, declared: Mapping[str, Any]) -> Any:
    choices, bounds, length = declared.get("choices"), declared.get("bounds"), declared.get("length")
    origin = typing.get_origin(hint)
    if origin is tuple:
        if not isinstance(value, (list, tuple)):
            raise OptionError(f"option {name!r} must be a list, not {value!r}")
        if length is not None and len(value) != length:
            raise OptionError(f"option {name!r} must be a list of {length}, not {len(value)} items")
        item_hint = typing.get_args(hint)[0] if typing.get_args(hint) else Any
        item_rules = {"bounds": bounds}
        return tuple(_check(f"{name}[{i}]", item, item_hint, item_rules) for i, item in enumerate(value))
    if hint is bool:
        if not isinstance(value, bool):
            raise OptionError(f"option {name!r} must be true or false, not {value!r}")
    elif hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise OptionError(f"option {name!r} must be a whole number, not {value!r}")
    elif hint is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise OptionError(f"option {name!r} must be a number, not {value!r}")
        value = float(value)
    elif hint is str:
        if not isinstance(value, str):
            raise OptionError(f"option {name!r} must be text, not {value!r}")
    if bounds is not None and not bounds[0] <= value <= bounds[1]:
        raise OptionError(f"option {name!r} must be in {bounds[0]}..{bounds[1]}, not {value!r}")
    if choices is not None and value not in choices:
        raise OptionError(f"option {name!r} must be one of {', '.join(map(str, choices))}, not {value!r}")
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
