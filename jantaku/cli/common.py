"""What several command groups share: ``--option NAME=VALUE`` and ``--data DIR``."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ..netplay.paths import default_data_dir


def parse_options(items: list[str] | None, prog: str) -> dict[str, Any]:
    """``--option NAME=VALUE`` arguments as a dict; a value is JSON if it parses, else the string.

    >>> parse_options(["aka_dora=false", "preset=x", "points=[1, 2]"], "jantaku play")
    {'aka_dora': False, 'preset': 'x', 'points': [1, 2]}
    >>> parse_options(["oops"], "jantaku play")
    Traceback (most recent call last):
    SystemExit: jantaku play: --option takes NAME=VALUE, not 'oops'
    """
    options: dict[str, Any] = {}
    for item in items or []:
        name, sep, value = item.partition("=")
        if not sep:
            raise SystemExit(f"{prog}: --option takes NAME=VALUE, not {item!r}")
        try:
            options[name] = json.loads(value)
        except json.JSONDecodeError:
            options[name] = value
    return options


def data_dir(args: argparse.Namespace) -> Path:
    """The ``--data`` directory, else the user's data directory."""
    return Path(args.data) if args.data else default_data_dir()
