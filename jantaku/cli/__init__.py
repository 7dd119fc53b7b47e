"""The ``jantaku`` command line: the composition root, the one place that knows every layer.

One module per command group, each adding its parsers and setting each
parser's ``handler``:

=============  =====================================================
``score``      ``score``, ``analyze``: the calculators
``selfplay``   ``selfplay``: bots against bots
``host``       ``host`` (with its ``--ssh`` door), ``join``, ``bot``
``play``       ``menu``, ``play``; :func:`~.play.run_app` for the TUI
``records``    ``import``, ``history``, ``export``, ``replay``
``common``     ``--option NAME=VALUE`` and ``--data DIR``
=============  =====================================================

Imports go only downward (cli -> tui -> netplay -> engine).  Heavy modules
(Textual, asyncssh, the scorers) are imported inside the handlers, so that
``jantaku --help`` and the calculators start fast.
"""

from __future__ import annotations

import argparse
import sys

from . import host, play, records, score, selfplay


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="jantaku", description="Mahjong in the terminal.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    # the order of `jantaku --help`
    score.add_parsers(sub)
    selfplay.add_parser(sub)
    records.add_import_parser(sub)
    host.add_host_parser(sub)
    host.add_bot_parser(sub)
    records.add_history_parser(sub)
    records.add_export_parser(sub)
    play.add_parsers(sub)
    host.add_join_parser(sub)
    records.add_replay_parser(sub)
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
