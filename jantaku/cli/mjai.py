"""The mjai commands: ``mjai-bot`` (our bots speak mjai on stdin/stdout), ``mjai-seat`` (an mjai bot
program plays a seat at a host's table) and ``mjai-server`` (TCP mjai clients play seats at a host's
tables).  See docs/mjai.md."""

from __future__ import annotations

import argparse
import json
import sys

from ..engine.bots.base import LEVELS as BOT_LEVELS
from ..i18n import _, ngettext
from .common import address, at_least, failure, port, unknown_bot
from ..tui.terms import said

MAX_LINE = 1024 * 1024  # a line of events longer than this is answered with none, unread


def add_parsers(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "mjai-bot",
        help=_("one of our bots as an mjai bot on stdin/stdout"),
        description=_(
            "Speak mjai on stdin/stdout with a Jantaku bot (mjai.app style: a JSON list of events "
            "per line, or one event per line; one reply per line), e.g.: jantaku mjai-bot --bot strong 2"
        ),
    )
    p.add_argument("seat", type=int, choices=range(4), metavar="SEAT", help=_("the seat it plays, 0-3"))
    p.add_argument(
        "--bot",
        default="strong",
        help=_("which bot plays (default strong; levels: {levels})").format(levels=", ".join(BOT_LEVELS)),
    )
    p.set_defaults(handler=cmd_mjai_bot)

    p = sub.add_parser(
        "mjai-seat",
        help=_("an mjai bot program plays a seat at a host's table"),
        description=_(
            "Play a seat at a host's riichi table with an mjai bot program, e.g.: "
            'jantaku mjai-seat --connect 127.0.0.1:7654 --table 1 --seat 2 "python bot.py {seat}"'
        ),
    )
    p.add_argument("command", help=_("the bot's command line; {seat} becomes the seat number"))
    p.add_argument("--connect", required=True, type=address, metavar="HOST:PORT")
    p.add_argument("--table", required=True, type=at_least(1), help=_("the table's id"))
    p.add_argument("--seat", type=int, choices=range(4), help=_("the seat to take (default: a free one)"))
    p.add_argument("--name", help=_("the name it plays under (default: mjai bot)"))
    p.add_argument("--time-limit", type=float, default=2.0, metavar="SECONDS", help=_("per decision (default 2)"))
    p.set_defaults(handler=cmd_mjai_seat)

    p = sub.add_parser(
        "mjai-server",
        help=_("a TCP mjai server: mjai clients (akochan's mjai_client) play seats at a host's tables"),
        description=_(
            "Accept mjai clients (gimite's protocol: hello, join, one event per line) and seat each at "
            "a host's riichi table, e.g.: jantaku mjai-server --port 11600 --connect 127.0.0.1:7654 --table 1"
        ),
    )
    p.add_argument("--port", type=port, default=11600, help=_("TCP port for mjai clients (default 11600)"))
    p.add_argument("--bind", default="127.0.0.1", metavar="ADDR")
    p.add_argument("--connect", required=True, type=address, metavar="HOST:PORT", help=_("the jantaku host"))
    p.add_argument("--table", type=at_least(1), help=_("the table (default: the room a client joins, as a number)"))
    p.add_argument("--time-limit", type=float, default=2.0, metavar="SECONDS", help=_("per decision (default 2)"))
    p.set_defaults(handler=cmd_mjai_server)


def cmd_mjai_bot(args: argparse.Namespace) -> int:
    from ..engine.bots import bot_names
    from ..engine.bounded import load_json
    from ..engine.rulesets.riichi.mjai_bot import NONE, MjaiBot

    if args.bot not in bot_names():
        print(unknown_bot("jantaku mjai-bot", args.bot), file=sys.stderr)
        return 2
    bot = MjaiBot(seat=args.seat, bot=args.bot)
    stdin = sys.stdin.buffer
    while True:
        line = stdin.readline(MAX_LINE + 1)
        if not line:
            return 0
        reply = NONE
        if len(line) <= MAX_LINE and line.strip():
            try:
                data = load_json(line, max_bytes=MAX_LINE)
            except ValueError:  # not JSON, or nested deeper than any mjai batch: answered "none"
                data = None
            events = data if isinstance(data, list) else [data] if isinstance(data, dict) else None
            if events is not None and all(isinstance(e, dict) for e in events):
                reply = bot.react(events)
                for error in bot.errors:
                    print(f"jantaku mjai-bot: {error}", file=sys.stderr)
                bot.errors.clear()
        elif len(line) > MAX_LINE:
            while line and not line.endswith(b"\n"):  # skip the rest of the overlong line
                line = stdin.readline(MAX_LINE)
        sys.stdout.write(json.dumps(reply, separators=(",", ":")) + "\n")
        sys.stdout.flush()


def cmd_mjai_seat(args: argparse.Namespace) -> int:
    import asyncio

    from ..netplay.address import parse_address
    from ..netplay.client import ClientError
    from ..netplay.mjai_seat import run_mjai_seat

    host, port_number = parse_address(args.connect)
    try:
        view = asyncio.run(
            run_mjai_seat(
                host,
                port_number,
                args.command,
                table=args.table,
                seat=args.seat,
                name=args.name,
                time_limit=args.time_limit,
            )
        )
    except (TimeoutError, ClientError, OSError, ValueError) as exc:
        print(f"jantaku mjai-seat: {failure(exc)}", file=sys.stderr)
        return 1
    if view is None or view.match is None or view.match.phase != "over":
        print(_("the match did not finish with the bot in its seat"))
        return 1
    print(_("match over: scores {scores}").format(scores=list(view.match.scores)))
    return 0


def cmd_mjai_server(args: argparse.Namespace) -> int:
    import asyncio
    import logging

    from ..netplay.address import parse_address
    from ..netplay.mjai_server import serve_mjai

    logging.basicConfig(level="INFO", format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    host, port_number = parse_address(args.connect)
    try:
        return asyncio.run(
            serve_mjai(args.bind, args.port, host, port_number, table=args.table, time_limit=args.time_limit)
        )
    except OSError as exc:
        print(f"jantaku mjai-server: {exc}", file=sys.stderr)
        return 1


def selfplay_mjai(args: argparse.Namespace, bots: list[str] | None) -> int:
    """``jantaku selfplay --seat 2=mjai:"CMD"``: one whole match, mjai bots in their seats, ours elsewhere."""
    import asyncio

    from ..engine.options import OptionError
    from ..netplay.mjai_seat import parse_seat_specs, selfplay_with_mjai
    from .common import parse_options

    try:
        seats = parse_seat_specs(args.seat)
        match, fallbacks = asyncio.run(
            selfplay_with_mjai(
                args.ruleset,
                seats,
                seed=args.seed,
                bot=bots or "easy",
                preset=args.preset,
                options=parse_options(args.option, "jantaku selfplay"),
                time_limit=args.time_limit,
            )
        )
    except (OptionError, ValueError, OSError) as exc:
        print(f"jantaku selfplay: {said(exc)}", file=sys.stderr)
        return 2
    summary = {
        "ruleset": args.ruleset,
        "seed": args.seed,
        "hands": len(match.results),
        "scores": list(match.scores),
        "over": match.is_over,
        "mjai_seats": {str(s): {"command": c, "fallbacks": fallbacks.get(s, [])} for s, c in seats.items()},
    }
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
    else:
        print(
            _("{ruleset}: one match, {hands} hands, scores {scores}").format(
                ruleset=args.ruleset, hands=summary["hands"], scores=" ".join(map(str, match.scores))
            )
        )
        for seat, info in summary["mjai_seats"].items():
            print(
                "  "
                + ngettext(
                    "seat {seat} (mjai: {command}): {count} fallback",
                    "seat {seat} (mjai: {command}): {count} fallbacks",
                    len(info["fallbacks"]),
                ).format(seat=seat, command=info["command"], count=len(info["fallbacks"]))
            )
            for why in info["fallbacks"][:10]:
                print(f"    {why}")
    return 0 if match.is_over else 1
