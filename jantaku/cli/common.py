"""What several command groups share: ``--option NAME=VALUE``, ``--data DIR`` and the flags' value types.

The types (:func:`port`, :func:`at_least`, :func:`address`) make argparse
reject a bad value in one line, before anything starts, instead of a
traceback from deep inside (a port of 99999 used to end in OverflowError).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from collections.abc import Callable
from typing import Any, NoReturn

from ..engine.bounded import OutsideDataError, load_json
from ..i18n import _
from ..netplay.address import parse_address
from ..netplay.paths import default_data_dir


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line (``jantaku host: argument --port: ...``), no usage dump."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} " + _("(see {help})").format(help=f"{self.prog} --help") + "\n")


def unknown_bot(prog: str, bot: str) -> str:
    """The one-line error for a ``--bot`` that names no bot."""
    from ..engine.bots import bot_names

    return _("{prog}: unknown bot {bot}; bots: {bots}").format(prog=prog, bot=repr(bot), bots=", ".join(bot_names()))


def failure(exc: BaseException) -> str:
    """An exception as the one line a command prints: a host's refusal in the reader's language
    (docs/i18n.md), its code kept in front."""
    from ..netplay.client import ClientError

    return f"{exc.code}: {exc.text}" if isinstance(exc, ClientError) else str(exc)


def port(text: str) -> int:
    """A TCP port: 0 (any free) to 65535."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{value} is not a port number (0-65535)").format(value=repr(text))) from None
    if not 0 <= number <= 65535:
        raise argparse.ArgumentTypeError(_("{value} is not a port number (0-65535)").format(value=number))
    return number


def at_least(minimum: int) -> Callable[[str], int]:
    """A whole number of at least ``minimum`` (a count, a table id)."""

    def whole_number(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(_("{value} is not a whole number").format(value=repr(text))) from None
        if number < minimum:
            raise argparse.ArgumentTypeError(_("{value} is less than {minimum}").format(value=number, minimum=minimum))
        return number

    whole_number.__name__ = f"number >= {minimum}"  # argparse names the type in its messages
    return whole_number


def non_negative_seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{value} is not a number of seconds").format(value=repr(text))) from None
    if not seconds >= 0:  # also refuses nan
        raise argparse.ArgumentTypeError(_("{value} is not a number of seconds >= 0").format(value=text))
    return seconds


def address(text: str) -> str:
    """``HOST:PORT`` (or ``HOST``) with a port of 1-65535; the text as given."""
    try:
        parse_address(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("takes HOST:PORT with a port of 1-65535, not {value}").format(value=repr(text))
        ) from None
    return text


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
            raise SystemExit(_("{prog}: --option takes NAME=VALUE, not {value}").format(prog=prog, value=repr(item)))
        try:
            options[name] = load_json(value, max_depth=16)  # an option's value nests 2 levels at most
        except OutsideDataError as exc:
            raise SystemExit(_("{prog}: --option {name}: {error}").format(prog=prog, name=name, error=exc)) from None
        except ValueError:  # not JSON: the string itself
            options[name] = value
    return options


def data_dir(args: argparse.Namespace) -> Path:
    """The ``--data`` directory, else the user's data directory."""
    return Path(args.data) if args.data else default_data_dir()
