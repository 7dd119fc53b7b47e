"""The ``jantaku`` command line: the composition root, the one place that knows every layer.

One module per command group, each adding its parsers and setting each
parser's ``handler``:

==========  ============================================================
``tools``   ``score``, ``analyze``, ``selfplay``, ``import``: no host, no screen
``host``    ``host`` (with its ``--ssh`` door), ``bot``, ``history``, ``export``
``review``  ``review``: a seat's decisions in a stored match, against a bot's
``play``    the TUI: ``menu``, ``play``, ``join``, ``replay``
``mjai``    ``mjai-bot``, ``mjai-seat``, ``mjai-server``: the mjai protocol
``common``  ``--option NAME=VALUE`` and ``--data DIR``
==========  ============================================================

Imports go only downward (cli -> tui -> netplay -> engine).  Heavy modules
(Textual, asyncssh, the scorers) are imported inside the handlers, so that
``jantaku --help`` and the calculators start fast.
"""

from __future__ import annotations

import argparse
import os
import sys

from .. import __version__
from ..i18n import LANGUAGES, _, current_language, resolve_language, set_language, translate_argparse
from . import host, mjai, play, review, tools
from .common import OneLineParser


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="jantaku", description=_("Mahjong in the terminal."))
    parser.add_argument(
        "--version", action="version", version=f"jantaku {__version__}", help=_("show the version and exit")
    )
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        help=_("the language of the screens and messages (default: the settings, else LANG/LC_ALL/LC_MESSAGES)"),
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    # the order of `jantaku --help`
    tools.add_parsers(sub)  # score, analyze, selfplay, import
    host.add_parsers(sub)  # host, bot, history, export
    review.add_parsers(sub)  # review
    play.add_parsers(sub)  # menu, play, join, replay
    mjai.add_parsers(sub)  # mjai-bot, mjai-seat, mjai-server
    return parser


def language_flag(argv: list[str]) -> str | None:
    """``--lang X`` (or ``--lang=X``) before the command, read before the parser is built (its help is translated).

    >>> language_flag(["--lang", "de", "play"]), language_flag(["--lang=en"]), language_flag(["play"])
    ('de', 'en', None)
    """
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
        if not arg.startswith("-"):
            return None  # the command: what follows is its own
    return None


def choose_language(argv: list[str]) -> None:
    """The language for this run: ``--lang``, else the settings' choice, else the locale."""
    from ..tui.settings import load_settings  # JSON only: no Textual

    set_language(resolve_language(language_flag(argv), load_settings().language, os.environ))
    translate_argparse(current_language())  # "usage:", "options", argparse's errors


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    choose_language(argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        args.command = "menu"
    handler = play.cmd_menu if args.command == "menu" else getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 2
    try:
        return handler(args) or 0
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
