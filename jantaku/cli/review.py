"""``jantaku review MATCH --seat N``: what a bot would have done at each of a seat's decisions, and why.

MATCH is a match number from ``jantaku history`` (the host's data directory,
``--data``) or a record file (what ``jantaku export`` writes, or a saved
replay).  Every user error — no such match, a seat out of range, a damaged
record — is one line on standard error and exit status 1 or 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..engine.bots.base import bot_names
from ..netplay.paths import default_data_dir
from ..i18n import _
from .common import data_dir, unknown_bot

PROG = "jantaku review"


def seat_number(text: str) -> int:
    """A seat: 0 (the first dealer) to 3."""
    try:
        seat = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{value} is not a seat number (0-3)").format(value=repr(text))) from None
    if not 0 <= seat <= 3:
        raise argparse.ArgumentTypeError(_("seat {seat} is out of range: a table has seats 0 to 3").format(seat=seat))
    return seat


def add_parsers(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "review",
        help=_("review a seat's decisions in a stored match"),
        description=_(
            "Go through every decision a seat made in a stored match and show what a bot would "
            "have done instead, with the reasons: e.g. jantaku review 12 --seat 0 --bot strong"
        ),
    )
    p.add_argument("match", metavar="MATCH", help=_("a match number (see jantaku history) or a record file"))
    p.add_argument("--seat", type=seat_number, required=True, metavar="N", help=_("the seat to review (0-3)"))
    p.add_argument("--bot", default="strong", help=_("the reviewing bot (default strong)"))
    p.add_argument("--json", action="store_true", help=_("the review as JSON (docs/review.md)"))
    p.add_argument("--brief", action="store_true", help=_("only the match rate and the biggest mistakes"))
    p.add_argument(
        "--data", metavar="DIR", help=_("the host's data directory (default {dir})").format(dir=default_data_dir())
    )
    p.set_defaults(handler=cmd_review)


def cmd_review(args: argparse.Namespace) -> int:
    from ..engine.review import ReviewError, review_match
    from ..tui.reviewtext import format_review
    from ..tui.terms import said

    if args.bot not in bot_names():
        print(unknown_bot(PROG, args.bot), file=sys.stderr)
        return 2
    try:
        record, names = _load(args)
        review = review_match(record, args.seat, args.bot)
    except (ValueError, ReviewError) as exc:
        print(f"{PROG}: {said(exc)}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(review.to_json(), ensure_ascii=False))
    else:
        print(format_review(review, names, every=not args.brief))
    return 0


def _load(args: argparse.Namespace):
    """The record and its players' names; ``ValueError`` in one line for anything that is not one."""
    from ..tui.records import load_record, load_stored

    text = args.match
    if text.isdigit():
        return load_stored(int(text), data_dir(args))
    if Path(text).exists():
        return load_record(Path(text))
    raise ValueError(
        _("there is no match {match} (a match number from jantaku history, or a record file)").format(match=repr(text))
    )
