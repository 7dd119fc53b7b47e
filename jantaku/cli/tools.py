"""The commands that need no host and no screen: ``score``, ``analyze``, ``selfplay``, ``import``.

Each subcommand lives in a small function; heavy modules are imported inside
them so that ``jantaku --help`` and the calculators start fast.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

from ..i18n import _, format_number, format_signed, ngettext
from .common import at_least, parse_options
from ..tui.terms import said

if TYPE_CHECKING:
    from ..engine.rulesets.riichi.mjai_replay import MjaiImportReport
    from ..engine.rulesets.riichi.tenhou_import import ImportReport


# --- score -------------------------------------------------------------------------


def _score_request_from_args(args: argparse.Namespace) -> dict[str, Any]:
    req: dict[str, Any] = {"hand": " ".join(args.hand)}
    if args.win:
        req["win"] = args.win
    req["by"] = "self" if args.self_drawn else "discard"
    for key in ("seat", "round", "void", "preset"):
        if getattr(args, key) is not None:
            req[key] = getattr(args, key)
    # flags given only when set, under the request's key names
    for key, value in (
        ("from", args.discarder),
        ("flags", args.flag),
        ("dora", args.dora),
        ("ura", args.ura),
        ("honba", args.honba),
        ("sticks", args.sticks),
    ):
        if value:
            req[key] = value
    options = parse_options(args.option, "jantaku score")
    if options:
        req["options"] = options
    return req


# one request line: a hand with every option is under 1 KiB; nothing we read nests deeper than 4
MAX_REQUEST_BYTES = 64 * 1024
MAX_REQUEST_DEPTH = 16


def _stdin_text() -> TextIO:
    """Standard input as UTF-8 text whatever the locale; bytes that are not UTF-8 become U+FFFD, so
    that their line is refused as not JSON instead of the batch ending in a UnicodeDecodeError."""
    buffer = getattr(sys.stdin, "buffer", None)
    return io.TextIOWrapper(buffer, encoding="utf-8", errors="replace") if buffer is not None else sys.stdin


def _jsonl(stream: TextIO, answer: Callable[[object], dict[str, Any]]) -> int:
    """One answer line per request line; a bad line gets ``{"error": ...}`` and the batch goes on."""
    from ..engine.bounded import OutsideDataError, bounded_lines, load_json

    for line in bounded_lines(stream, MAX_REQUEST_BYTES):
        line = line.strip()
        if not line:
            continue
        try:
            obj = load_json(line, max_bytes=MAX_REQUEST_BYTES, max_depth=MAX_REQUEST_DEPTH)
        except OutsideDataError as exc:
            out = {"error": str(exc)}
        except ValueError as exc:  # json.JSONDecodeError
            out = {"error": f"not JSON: {exc}"}
        else:
            try:
                out = answer(obj)
            except Exception as exc:  # a bad line must never stop a batch
                out = {"error": f"internal error: {type(exc).__name__}: {exc}"}
        sys.stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
    sys.stdout.flush()
    return 0


def cmd_score(args: argparse.Namespace) -> int:
    from ..engine.calculator import format_result, score_json

    if args.jsonl:
        return _jsonl(_stdin_text(), lambda obj: score_json(args.ruleset, obj))
    if not args.hand:
        print(_("jantaku score: give a HAND, or --jsonl to read requests from stdin"), file=sys.stderr)
        return 2
    result = score_json(args.ruleset, _score_request_from_args(args))
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        print(format_result(result))
    return 0 if "is_win" in result else 1


# --- analyze -----------------------------------------------------------------------


def cmd_analyze(args: argparse.Namespace) -> int:
    from ..engine.analyzer import analyze_json, format_analysis

    if args.jsonl:
        return _jsonl(_stdin_text(), analyze_json)
    if not args.hand:
        print(_("jantaku analyze: give a HAND, or --jsonl to read hands from stdin"), file=sys.stderr)
        return 2
    request = {"hand": " ".join(args.hand)}
    if args.seen:
        request["seen"] = args.seen
    result = analyze_json(request)
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        print(format_analysis(result))
    return 0 if "error" not in result else 1


# --- selfplay ----------------------------------------------------------------------


def cmd_selfplay(args: argparse.Namespace) -> int:
    from ..engine.bots import bot_names
    from ..engine.options import OptionError
    from ..engine.selfplay import run_selfplay

    bots = args.bots.split(",") if args.bots else None
    if bots is not None and (len(bots) != 4 or any(b not in bot_names() for b in bots)):
        print(
            _("jantaku selfplay: --bots takes four names from: {bots}").format(bots=", ".join(bot_names())),
            file=sys.stderr,
        )
        return 2
    if args.hands < 1:
        print(_("jantaku selfplay: --hands must be at least 1"), file=sys.stderr)
        return 2
    if args.seat:
        from .mjai import selfplay_mjai

        return selfplay_mjai(args, bots)
    try:
        summary = run_selfplay(
            args.ruleset,
            hands=args.hands,
            seed=args.seed,
            bots=bots,
            preset=args.preset,
            options=parse_options(args.option, "jantaku selfplay"),
        )
    except OptionError as exc:
        print(f"jantaku selfplay: {said(exc)}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
    else:
        print(summary_text(summary))
    return 1 if summary["errors"] else 0


def summary_text(s: dict[str, Any]) -> str:
    """A self-play summary in the reader's language (``--json`` gives the same figures for programs)."""
    lines = [
        ngettext(
            "{ruleset}: {hands} hands in {matches} match, {seconds} s ({rate} hands/s)",
            "{ruleset}: {hands} hands in {matches} matches, {seconds} s ({rate} hands/s)",
            s["matches"],
        ).format(
            ruleset=s["ruleset"],
            hands=s["hands"],
            matches=s["matches"],
            seconds=format_number(s["seconds"]),
            rate=format_number(s["hands_per_second"]) if s["hands_per_second"] is not None else "?",
        ),
        "  "
        + _("wins {wins}, draws {draws}, mean discards per hand {turns}").format(
            wins=s["wins"], draws=s["draws"], turns=format_number(s["mean_turns"])
        ),
    ]
    for i, seat in enumerate(s["seats"]):
        lines.append(
            "  "
            + _("seat {seat} ({bot}): points {points}, wins {wins}, deal-ins {deal_ins}, draws {draws}").format(
                seat=i,
                bot=seat["bot"],
                points=format_signed(seat["points"]),
                wins=seat["wins"],
                deal_ins=seat["deal_ins"],
                draws=seat["draws"],
            )
        )
    if s["errors"]:
        lines.append("  " + _("ERRORS: {count}").format(count=len(s["errors"])))
        lines += ["    " + e.splitlines()[0] for e in s["errors"][:10]]
    return "\n".join(lines)


# --- import ------------------------------------------------------------------------


def cmd_import(args: argparse.Namespace) -> int:
    from ..engine.bounded import OutsideDataError, read_outside_file
    from .formats import import_format

    try:
        text = read_outside_file(args.file).decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        print(_("jantaku import: cannot read {file}: {error}").format(file=args.file, error=exc), file=sys.stderr)
        return 2
    except OutsideDataError as exc:
        print(outside_data_error(args.file, exc), file=sys.stderr)
        return 2
    fmt = import_format(text)
    if fmt is None:
        print(
            _("jantaku import: {file} is in none of the formats it reads: {tried}").format(
                file=args.file, tried=_tried_formats()
            ),
            file=sys.stderr,
        )
        return 2
    assert fmt.check is not None  # import_format picks formats that import
    try:
        report = fmt.check(text)
    except (ValueError, SyntaxError) as exc:  # every reader's error is a ValueError; ElementTree's a SyntaxError
        print(
            _("jantaku import: {file} is not {format}: {error}").format(
                file=args.file, format=_(fmt.description), error=exc
            ),
            file=sys.stderr,
        )
        return 2
    if args.check:
        for line in report.lines(verbose=True):
            print(line)
    if not report.hands or (report.match is not None and not report.match.results):
        # a record with no complete hand is no match: nothing to keep, and not a success
        print(outside_data_error(args.file, _("no complete hand to import")), file=sys.stderr)
        return 2
    stored = _store_import(args, report)
    if stored:
        print(stored)
    return 0 if (report.ok or not args.check) else 1


def _tried_formats() -> str:
    """Each format ``import`` tried and what it looks for (``not a Tenhou mjlog (XML, beginning with <)``)."""
    from .formats import import_formats

    return "; ".join(
        _("not {format} (that is {needs})").format(format=_(f.description), needs=_(f.needs)) for f in import_formats()
    )


def outside_data_error(file: str, reason: object) -> str:
    """The one line a command says of a file (or line) from outside that it refuses."""
    return _("jantaku: {file}: {reason}").format(file=file, reason=reason)


def _store_import(args: argparse.Namespace, report: ImportReport | MjaiImportReport) -> str | None:
    """Keep the replayed match in the history (the host's store), when it replayed whole."""
    if report.match is None or args.no_store:
        return None
    from ..netplay.store import StoreError, store_imported_match

    try:
        return store_imported_match(report.match, source=args.file, data_dir=args.data, players=report.players)
    except StoreError as exc:
        print(_("jantaku import: not stored: {error}").format(error=exc), file=sys.stderr)
        return None


# --- parser ------------------------------------------------------------------------


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Add this module's parsers, each with its handler."""
    p = sub.add_parser(
        "score",
        help=_("score a hand (itemised); --jsonl for batches"),
        description=_("Score a winning hand, e.g.: jantaku score riichi 123m456p789s11222z --win 2z --self"),
    )
    p.add_argument("ruleset", help=_("classical, hongkong, riichi or sichuan"))
    p.add_argument(
        "hand", nargs="*", help=_("concealed tiles incl. the winning tile, then melds: 123m44p chi:345m pon:555z")
    )
    p.add_argument("--win", help=_("the winning tile (one of the concealed tiles)"))
    p.add_argument("--self", "--tsumo", dest="self_drawn", action="store_true", help=_("won by self-draw"))
    p.add_argument("--from", dest="discarder", metavar="SEAT", help=_("discarder's seat wind (E S W N)"))
    p.add_argument("--seat", help=_("winner's seat wind (E S W N); default E"))
    p.add_argument("--round", help=_("round wind (E S W N); default E"))
    p.add_argument(
        "--flag",
        action="append",
        metavar="FLAG",
        help=_(
            "riichi, double_riichi, ippatsu, last_tile, replacement, robbed_kong, first_turn, "
            "twofold_fortune, kong_then_discard (repeatable)"
        ),
    )
    p.add_argument("--dora", action="append", metavar="TILE", help=_("dora indicator (riichi; repeatable)"))
    p.add_argument("--ura", action="append", metavar="TILE", help=_("ura-dora indicator (riichi; repeatable)"))
    p.add_argument("--honba", type=at_least(0), default=0)
    p.add_argument("--sticks", type=at_least(0), default=0, help=_("riichi sticks on the table"))
    p.add_argument("--void", help=_("void suit (sichuan): m, p or s"))
    p.add_argument("--preset", help=_("ruleset preset"))
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help=_("option override (repeatable)"))
    p.add_argument("--json", action="store_true", help=_("print the result as JSON"))
    p.add_argument("--jsonl", action="store_true", help=_("read one JSON request per line from stdin"))
    p.set_defaults(handler=cmd_score)

    p = sub.add_parser(
        "analyze",
        help=_("shanten, waits and discard advice for a hand"),
        description=_("Analyse a hand, e.g.: jantaku analyze 123m456p789s1122z3z"),
    )
    p.add_argument("hand", nargs="*", help=_("13 or 14 tiles (melds allowed: chi:345m ...)"))
    p.add_argument("--json", action="store_true", help=_("print the result as JSON"))
    p.add_argument("--jsonl", action="store_true", help=_('read one JSON {"hand": ...} per line from stdin'))
    p.add_argument("--seen", metavar="TILES", help=_("tiles seen outside the hand: count only the unseen copies"))
    p.set_defaults(handler=cmd_analyze)

    p = sub.add_parser(
        "selfplay",
        help=_("bots play hands against each other and print a summary"),
        description=_("Four bots play N hands, e.g.: jantaku selfplay --ruleset riichi --hands 8"),
    )
    p.add_argument("--ruleset", default="basic", help=_("classical, hongkong, riichi, sichuan or basic"))
    p.add_argument("--preset", help=_("ruleset preset"))
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help=_("option override (repeatable)"))
    p.add_argument("--hands", type=int, default=16)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--bots", help=_("four comma-separated bot names, one per seat (default: easy)"))
    p.add_argument("--json", action="store_true", help=_("print one JSON object"))
    p.add_argument(
        "--seat",
        action="append",
        metavar='SEAT=mjai:"CMD"',
        help=_("an external mjai bot plays SEAT (riichi; one whole match; repeatable; see docs/mjai.md)"),
    )
    p.add_argument(
        "--time-limit", type=float, default=2.0, metavar="SECONDS", help=_("an mjai bot's time per decision")
    )
    p.set_defaults(handler=cmd_selfplay)

    p = sub.add_parser(
        "import",
        help=_(
            "import a riichi game (Tenhou mjlog, tenhou.net/6 JSON or an mjai log); --check compares it with our engine"
        ),
        description=_(
            "Replay a riichi game record through our engine and keep it in the history. The format is "
            "told by the content: mjlog XML, tenhou.net/6 JSON (as tenhou.net/6 and jantaku export --format tenhou6 "
            "write it; one object, or one per line) or an mjai log (one JSON event per line); plain or gzip."
        ),
    )
    p.add_argument("file", help=_("a .mjlog (XML), tenhou.net/6 .json or mjai .jsonl file, plain or gzip"))
    p.add_argument(
        "--check",
        action="store_true",
        help=_("print, hand by hand, whether our result equals the log's; exit 1 on any mismatch"),
    )
    p.add_argument("--data", metavar="DIR", help=_("the data directory (default: the user's data dir)"))
    p.add_argument("--no-store", action="store_true", help=_("check only; do not add the game to the history"))
    p.set_defaults(handler=cmd_import)
