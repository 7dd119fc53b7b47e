"""``jantaku selfplay``: bots play hands against each other; a summary for testing and tuning."""

from __future__ import annotations

import argparse
import json
import sys

from .common import parse_options


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("selfplay", help="bots play hands against each other and print a summary",
                       description="Four bots play N hands, e.g.: jantaku selfplay --ruleset riichi --hands 100")
    p.add_argument("--ruleset", default="basic", help="classical, hongkong, riichi, sichuan or basic")
    p.add_argument("--preset", help="ruleset preset")
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help="option override (repeatable)")
    p.add_argument("--hands", type=int, default=16)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--bots", help="four comma-separated bot names, one per seat (default: easy)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(handler=cmd_selfplay)
    return p


def cmd_selfplay(args: argparse.Namespace) -> int:
    from ..engine.bots import bot_names
    from ..engine.options import OptionError
    from ..engine.selfplay import format_summary, run_selfplay

    bots = args.bots.split(",") if args.bots else None
    if bots is not None and (len(bots) != 4 or any(b not in bot_names() for b in bots)):
        print(f"jantaku selfplay: --bots takes four names from: {', '.join(bot_names())}", file=sys.stderr)
        return 2
    if args.hands < 1:
        print("jantaku selfplay: --hands must be at least 1", file=sys.stderr)
        return 2
    try:
        summary = run_selfplay(args.ruleset, hands=args.hands, seed=args.seed, bots=bots, preset=args.preset,
                               options=parse_options(args.option, "jantaku selfplay"))
    except OptionError as exc:
        print(f"jantaku selfplay: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
    else:
        print(format_summary(summary))
    return 1 if summary["errors"] else 0
