"""The match records: ``jantaku history``, ``export``, ``import`` (a Tenhou log) and ``replay``."""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..netplay.paths import default_data_dir
from .common import data_dir
from .play import run_app

if TYPE_CHECKING:
    from ..engine.rulesets.riichi.tenhou_import import ImportReport
    from ..netplay.store import Store


# --- import ------------------------------------------------------------------------


def _read_log(path: str) -> str:
    import gzip

    with open(path, "rb") as fh:
        raw = fh.read()
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    return raw.decode("utf-8")


def add_import_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("import", help="import a Tenhou mjlog game; --check compares it with our engine",
                       description="Replay a Tenhou mjlog through our riichi engine and keep it in the history.")
    p.add_argument("file", help="a .mjlog file (XML, plain or gzip)")
    p.add_argument("--check", action="store_true",
                   help="print, hand by hand, whether our result equals the log's; exit 1 on any mismatch")
    p.add_argument("--data", metavar="DIR", help="the data directory (default: the user's data dir)")
    p.add_argument("--no-store", action="store_true", help="check only; do not add the game to the history")
    p.set_defaults(handler=cmd_import)
    return p


def cmd_import(args: argparse.Namespace) -> int:
    from ..engine.rulesets.riichi.tenhou_import import check_mjlog
    from ..engine.rulesets.riichi.tenhou_log import MjlogError as LogError

    try:
        report = check_mjlog(_read_log(args.file))
    except (OSError, UnicodeDecodeError) as exc:
        print(f"jantaku import: cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    except (LogError, ValueError, SyntaxError) as exc:  # ElementTree's ParseError is a SyntaxError
        print(f"jantaku import: {args.file} is not a Tenhou mjlog: {exc}", file=sys.stderr)
        return 2
    if args.check:
        for line in report.lines(verbose=True):
            print(line)
    stored = _store_import(args, report)
    if stored:
        print(stored)
    return 0 if (report.ok or not args.check) else 1


def _store_import(args: argparse.Namespace, report: ImportReport) -> str | None:
    """Keep the replayed match in the history (the host's store), when it replayed whole."""
    if report.match is None or args.no_store:
        return None
    from ..netplay.store import StoreError, store_imported_match

    try:
        return store_imported_match(report.match, source=args.file, data_dir=args.data, players=report.players)
    except StoreError as exc:
        print(f"jantaku import: not stored: {exc}", file=sys.stderr)
        return None


# --- history and export ------------------------------------------------------------------------


def add_history_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("history", help="list finished matches", description="List the finished matches a host kept.")
    p.add_argument("--data", metavar="DIR", help=f"the host's data directory (default {default_data_dir()})")
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    p.set_defaults(handler=cmd_history)
    return p


def _open_store(args: argparse.Namespace, prog: str) -> Store | None:
    from ..netplay.store import Store, StoreError

    try:
        return Store.in_dir(data_dir(args), create=False)
    except StoreError as exc:
        print(f"jantaku {prog}: {exc}", file=sys.stderr)
        return None


def cmd_history(args: argparse.Namespace) -> int:
    store = _open_store(args, "history")
    if store is None:
        return 1
    try:
        matches = store.finished()
    finally:
        store.close()
    for m in matches:
        scores = (m.result or {}).get("scores") or [None] * 4
        players = [{"seat": i, "name": s.name, "bot": s.bot, "score": scores[i]} for i, s in enumerate(m.seats)]
        when = datetime.datetime.fromtimestamp(m.finished or m.created).strftime("%Y-%m-%d %H:%M")
        if args.json:
            print(json.dumps({"match": m.id, "finished": when, "ruleset": m.record.ruleset,
                              "preset": m.record.preset, "options": m.record.options, "players": players}))
        else:
            people = "  ".join(f"{p['name']} {p['score']:+d}" if p["score"] is not None else p["name"]
                               for p in players)
            print(f"#{m.id:<5} {when}  {m.record.ruleset} ({m.record.preset})  {people}")
    if not matches and not args.json:
        print("no finished matches yet")
    return 0


EXPORT_FORMATS = ("json",)


def add_export_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("export", help="export a match record", description="Export a stored match's record.")
    p.add_argument("match", type=int, metavar="MATCH", help="the match number (see jantaku history)")
    p.add_argument("--format", default="json", choices=EXPORT_FORMATS)
    p.add_argument("--data", metavar="DIR", help=f"the host's data directory (default {default_data_dir()})")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    p.set_defaults(handler=cmd_export)
    return p


def cmd_export(args: argparse.Namespace) -> int:
    store = _open_store(args, "export")
    if store is None:
        return 1
    try:
        stored = store.load(args.match)
    except KeyError:
        print(f"jantaku export: there is no match {args.match}", file=sys.stderr)
        return 1
    finally:
        store.close()
    out = stored.record.to_wire()
    out["meta"] = {"match": stored.id, "status": stored.status, "seats": [s.name for s in stored.seats],
                   "result": stored.result}
    text = json.dumps(out, ensure_ascii=False)
    if args.output:
        Path(args.output).write_text(text + "\n")
    else:
        print(text)
    return 0


# --- replay ---------------------------------------------------------------------------------------


def add_replay_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("replay", help="step through a saved match",
                       description="Replay a match record (JSON from MatchRecord.to_wire or the replays folder)")
    p.add_argument("file", help="a match record file")
    p.set_defaults(handler=cmd_replay)
    return p


def cmd_replay(args: argparse.Namespace) -> int:
    from ..tui.records import load_record

    try:
        record, names = load_record(args.file)
    except ValueError as exc:
        print(f"jantaku replay: {exc}", file=sys.stderr)
        return 2
    return run_app(lambda app: app.replay(record, names))
