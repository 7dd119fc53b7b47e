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
import sys

from .. import __version__
from . import host, mjai, play, review, tools
from .common import OneLineParser


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="jantaku", description="Mahjong in the terminal.")
    parser.add_argument("--version", action="version", version=f"jantaku {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    # the order of `jantaku --help`
    tools.add_parsers(sub)  # score, analyze, selfplay, import
    host.add_parsers(sub)  # host, bot, history, export
    review.add_parsers(sub)  # review
    play.add_parsers(sub)  # menu, play, join, replay
    mjai.add_parsers(sub)  # mjai-bot, mjai-seat, mjai-server
    return parser


def main(argv: list[str] | None = None) -> int:
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
