"""The TUI's subcommands: ``jantaku`` (the menu), ``jantaku play`` and ``jantaku replay``.

Textual is imported only when a command runs, so ``jantaku --help`` and the
calculators stay fast.
"""

from __future__ import annotations

import argparse
import sys

from ..tui.settings import BOT_LEVELS


def register(sub: argparse._SubParsersAction) -> None:
    """Add the TUI's parsers and commands (``jantaku.cli`` calls this while building its parser)."""
    from . import command  # here, not at the top: jantaku.cli imports this module

    for name, handler in (("menu", cmd_menu), ("play", cmd_play), ("join", cmd_join), ("replay", cmd_replay)):
        command(name)(handler)
    sub.add_parser("menu", help="the menu (what plain `jantaku` opens)")

    p = sub.add_parser("play", help="a quick game against three bots",
                       description="Play against three bots, e.g.: jantaku play --ruleset riichi --preset default")
    p.add_argument("--ruleset", help="variant (default: the last one played, else the first installed)")
    p.add_argument("--preset", help="ruleset preset")
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help="option override (repeatable)")
    p.add_argument("--bot-delay", type=float, help="seconds between bot moves (default from settings)")
    p.add_argument("--bots", choices=BOT_LEVELS, help="the bots' strength (default from settings: normal)")

    p = sub.add_parser("join", help="join a host's lobby (LAN or internet)",
                       description="Join a jantaku host, e.g.: jantaku join 192.168.1.23:7654")
    p.add_argument("address", nargs="?", help="HOST:PORT (default: ask, and list the hosts found on the LAN)")
    p.add_argument("--name", help="your name at the host (default from settings)")
    p.add_argument("--fd", type=int, help=argparse.SUPPRESS)  # a connected socket to the host (the SSH front door)

    p = sub.add_parser("replay", help="step through a saved match",
                       description="Replay a match record (JSON from MatchRecord.to_wire or the replays folder)")
    p.add_argument("file", help="a match record file")

    from ..tui.ssh.hosting import register as register_ssh

    register_ssh(sub)  # --ssh PORT and its options on `jantaku host` (asyncssh loads only with --ssh)


def _run(start=None) -> int:
    from ..tui.app import JantakuApp

    app = JantakuApp(start=start)
    app.run()
    return app.return_code or 0


def cmd_menu(args: argparse.Namespace) -> int:
    return _run()


def cmd_play(args: argparse.Namespace) -> int:
    from . import _parse_options
    from ..engine.options import OptionError
    from ..engine.ruleset import get_ruleset

    options = _parse_options(args.option, "jantaku play")
    if args.ruleset:
        try:
            get_ruleset(args.ruleset, args.preset, options)  # fail here, before the screen opens
        except OptionError as exc:
            print(f"jantaku play: {exc}", file=sys.stderr)
            return 2

    def start(app) -> None:
        if args.bot_delay is not None:
            app.settings.bot_delay = max(0.0, args.bot_delay)
        if args.bots:
            app.settings.bot_level = args.bots
        app.quick_game(args.ruleset, args.preset, options=options or None)

    return _run(start)


def cmd_join(args: argparse.Namespace) -> int:
    def start(app) -> None:
        if args.name:
            app.settings.name = args.name
        if args.fd is not None:
            app.join_inherited(args.fd)
        elif args.address:
            app.join_address(args.address)
        else:
            app.join_game()

    return _run(start)


def cmd_replay(args: argparse.Namespace) -> int:
    from ..tui.records import load_record

    try:
        record, names = load_record(args.file)
    except ValueError as exc:
        print(f"jantaku replay: {exc}", file=sys.stderr)
        return 2
    return _run(lambda app: app.replay(record, names))
