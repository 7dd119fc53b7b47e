"""The TUI's own commands: ``jantaku`` (the menu) and ``jantaku play``; :func:`run_app` for the others.

Textual is imported only when a command runs, so ``jantaku --help`` and the
calculators stay fast.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..tui.settings import BOT_LEVELS
from .common import parse_options

if TYPE_CHECKING:
    from ..tui.app import JantakuApp


def add_parsers(sub: argparse._SubParsersAction) -> None:
    sub.add_parser("menu", help="the menu (what plain `jantaku` opens)").set_defaults(handler=cmd_menu)

    p = sub.add_parser("play", help="a quick game against three bots",
                       description="Play against three bots, e.g.: jantaku play --ruleset riichi --preset default")
    p.add_argument("--ruleset", help="variant (default: the last one played, else the first installed)")
    p.add_argument("--preset", help="ruleset preset")
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help="option override (repeatable)")
    p.add_argument("--bot-delay", type=float, help="seconds between bot moves (default from settings)")
    p.add_argument("--bots", choices=BOT_LEVELS, help="the bots' strength (default from settings: normal)")
    p.set_defaults(handler=cmd_play)


def run_app(start: Callable[[JantakuApp], None] | None = None) -> int:
    """Run the TUI until it quits; ``start(app)`` runs once it is up (a game, a join, a replay)."""
    from ..tui.app import JantakuApp

    app = JantakuApp(start=start)
    app.run()
    return app.return_code or 0


def cmd_menu(args: argparse.Namespace) -> int:
    return run_app()


def cmd_play(args: argparse.Namespace) -> int:
    from ..engine.options import OptionError
    from ..engine.ruleset import get_ruleset

    options = parse_options(args.option, "jantaku play")
    if args.ruleset:
        try:
            get_ruleset(args.ruleset, args.preset, options)  # fail here, before the screen opens
        except OptionError as exc:
            print(f"jantaku play: {exc}", file=sys.stderr)
            return 2

    def start(app: JantakuApp) -> None:
        if args.bot_delay is not None:
            app.settings.bot_delay = max(0.0, args.bot_delay)
        if args.bots:
            app.settings.bot_level = args.bots
        app.quick_game(args.ruleset, args.preset, options=options or None)

    return run_app(start)
