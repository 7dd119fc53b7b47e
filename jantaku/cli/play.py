"""The TUI's subcommands: ``jantaku`` (the menu), ``jantaku play``, ``join`` and ``replay``.

Textual is imported only when a command runs, so ``jantaku --help`` and the
calculators stay fast.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..tui.settings import BOT_LEVELS
from ..engine.options import IN_RULESET, OptionError
from ..engine.phrase import Phrase
from ..i18n import N_, _
from .common import address, non_negative_seconds, parse_options
from ..tui.terms import said

if TYPE_CHECKING:
    from ..tui.app import JantakuApp


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Add the TUI's parsers, each with its handler."""
    sub.add_parser("menu", help=_("the menu (what plain `jantaku` opens)")).set_defaults(handler=cmd_menu)

    p = sub.add_parser(
        "play",
        help=_("a quick game against three bots"),
        description=_(
            "Play against three bots, e.g.: jantaku play --ruleset riichi --preset tenhou --option aka_dora=off"
        ),
    )
    p.add_argument("--ruleset", help=_("variant (default: the last one played, else the first installed)"))
    p.add_argument("--preset", help=_("ruleset preset"))
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help=_("option override (repeatable)"))
    p.add_argument(
        "--bot-delay", type=non_negative_seconds, help=_("seconds between bot moves (default from settings)")
    )
    p.add_argument("--bots", choices=BOT_LEVELS, help=_("the bots' strength (default from settings: normal)"))
    p.add_argument(
        "--seat",
        action="append",
        metavar='SEAT=mjai:"CMD"',
        help=_("an external mjai bot program plays SEAT 1-3 (riichi; repeatable; see docs/mjai.md)"),
    )
    p.set_defaults(handler=cmd_play)

    p = sub.add_parser(
        "join",
        help=_("join a host's lobby (LAN or internet)"),
        description=_("Join a jantaku host, e.g.: jantaku join 192.168.1.23:7654"),
    )
    p.add_argument(
        "address", nargs="?", type=address, help=_("HOST:PORT (default: ask, and list the hosts found on the LAN)")
    )
    p.add_argument("--name", help=_("your name at the host (default from settings)"))
    p.add_argument("--fd", type=int, help=argparse.SUPPRESS)  # a connected socket to the host (the SSH front door)
    p.set_defaults(handler=cmd_join)

    p = sub.add_parser(
        "replay",
        help=_("step through a saved match"),
        description=_("Replay a match record (JSON from MatchRecord.to_wire or the replays folder)"),
    )
    p.add_argument("file", help=_("a match record file"))
    p.set_defaults(handler=cmd_replay)


def run_app(start: Callable[[JantakuApp], None] | None = None) -> int:
    """Run the TUI until it quits; ``start(app)`` runs once it is up (a game, a join, a replay)."""
    from ..tui.app import JantakuApp
    from ..tui.glyphwidth import measure_terminal

    app = JantakuApp(start=start)
    app.glyph_cells = measure_terminal()  # before Textual takes the terminal: whether 🀇 keeps the columns
    app.run()
    return app.return_code or 0


def cmd_menu(args: argparse.Namespace) -> int:
    return run_app()


def cmd_play(args: argparse.Namespace) -> int:
    from ..engine.ruleset import get_ruleset

    from ..tui.app import default_ruleset
    from ..tui.settings import load_settings

    from ..engine.rulesets.riichi.mjai import MJAI_VARIANT
    from ..netplay.mjai_seat import parse_seat_specs

    options = parse_options(args.option, "jantaku play")
    settings = load_settings()
    ruleset = args.ruleset or default_ruleset(settings)  # the variant the game would start
    try:
        get_ruleset(ruleset, args.preset, options)  # fail here, before the screen opens
        mjai_seats = parse_seat_specs(args.seat)
        if mjai_seats and (ruleset != MJAI_VARIANT or 0 in mjai_seats):
            raise ValueError(_("--seat: mjai bots play riichi, in seats 1-3 (you play seat 0)"))
    except OptionError as exc:
        print(f"jantaku play: {said(_unasked_ruleset(exc, args.ruleset, settings.ruleset))}", file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"jantaku play: {said(exc)}", file=sys.stderr)
        return 2

    def start(app: JantakuApp) -> None:
        if args.bot_delay is not None:
            app.settings.bot_delay = max(0.0, args.bot_delay)
        if args.bots:
            app.settings.bot_level = args.bots
        app.quick_game(args.ruleset, args.preset, options=options or None, mjai_seats=mjai_seats or None)

    return run_app(start)


# which variant a --preset or --option was checked against when --ruleset did not say
PLAYED_LAST = N_("{ruleset}, the variant played last (--ruleset chooses another)")
FIRST_CHOICE = N_("{ruleset}, the default variant (--ruleset chooses another)")


def _unasked_ruleset(exc: OptionError, asked: str | None, played_last: str | None) -> object:
    """The refusal, saying where the ruleset came from when ``--ruleset`` was not given
    (``in sichuan, the variant played last (...): unknown option 'aka_dora'; ...``)."""
    refusal = exc.args[0]
    if asked or not isinstance(refusal, Phrase) or refusal.template != IN_RULESET:
        return exc
    name = str(refusal.args["ruleset"])
    origin = Phrase(PLAYED_LAST if played_last == name else FIRST_CHOICE, ruleset=name)
    return Phrase(IN_RULESET, ruleset=origin, error=refusal.args["error"])


def cmd_join(args: argparse.Namespace) -> int:
    def start(app: JantakuApp) -> None:
        if args.name:
            app.settings.name = args.name
        if args.fd is not None:
            app.join_inherited(args.fd)
        elif args.address:
            app.join_address(args.address)
        else:
            app.join_game()

    return run_app(start)


def cmd_replay(args: argparse.Namespace) -> int:
    from ..tui.records import load_record

    try:
        record, names = load_record(args.file)
    except ValueError as exc:
        print(f"jantaku replay: {exc}", file=sys.stderr)
        return 2
    return run_app(lambda app: app.replay(record, names))
