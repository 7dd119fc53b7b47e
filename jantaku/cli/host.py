"""The netplay layer's commands: ``host``, ``bot``, ``history``, ``export``.

``jantaku host`` is the netplay host with, when ``--ssh PORT`` is given, the
SSH front door of :mod:`jantaku.tui.ssh.hosting` beside it (that module loads
asyncssh only then).
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.bots.base import LEVELS as BOT_LEVELS
from ..netplay.address import DEFAULT_PORT, parse_address
from ..netplay.limits import HostLimits
from ..netplay.paths import default_data_dir
from ..netplay.tables import DEFAULT_BOT
from ..tui.ssh.hosting import add_ssh_arguments, start_ssh_door
from ..tui.web.hosting import add_web_arguments, start_web_door
from ..i18n import _, aligned, format_datetime, ngettext
from .common import address, at_least, data_dir, failure, port, unknown_bot
from .formats import FORMATS, export_formats

if TYPE_CHECKING:
    from ..netplay.store import Store


def add_parsers(sub: argparse._SubParsersAction) -> None:
    add_host_parser(sub)
    add_bot_parser(sub)
    add_history_parser(sub)
    add_export_parser(sub)


# --- host ---------------------------------------------------------------------------------


def add_host_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "host",
        help=_("host tables for others to join (LAN/TCP)"),
        description=_(
            "Run a jantaku host: a lobby of tables that clients join over TCP. "
            "Unfinished matches are resumed from the data directory."
        ),
    )
    p.add_argument(
        "--port",
        type=port,
        default=DEFAULT_PORT,
        help=_("TCP port (default {port}; 0: any free)").format(port=DEFAULT_PORT),
    )
    p.add_argument("--bind", default="0.0.0.0", metavar="ADDR", help=_("address to listen on (default: all)"))
    p.add_argument(
        "--data", metavar="DIR", help=_("where matches are kept (default {dir})").format(dir=default_data_dir())
    )
    p.add_argument("--no-announce", action="store_true", help=_("do not announce the host on the LAN"))
    p.add_argument("--name", help=_("the host's name in the LAN list (default: this machine's name)"))
    p.add_argument(
        "--max-tables",
        type=at_least(1),
        default=HostLimits.max_tables,
        metavar="N",
        help=_("tables open at once (default {count})").format(count=HostLimits.max_tables),
    )
    p.add_argument(
        "--max-connections",
        type=at_least(1),
        default=HostLimits.max_connections,
        metavar="N",
        help=_("clients connected at once (default {count})").format(count=HostLimits.max_connections),
    )
    p.add_argument(
        "--trust-loopback",
        action="store_true",
        help=_(
            "do not count clients on this machine (loopback) under the per-address limits (for bots and"
            " load tests of your own; off by default: a proxy or a tunnel would make everyone loopback)"
        ),
    )
    p.add_argument(
        "--bots",
        default=DEFAULT_BOT,
        choices=BOT_LEVELS,
        metavar="LEVEL",
        help=_("the bots that fill empty seats and stand in for players who leave: {levels} (default {level})").format(
            levels=", ".join(BOT_LEVELS), level=DEFAULT_BOT
        ),
    )
    p.add_argument(
        "--seed",
        type=int,
        metavar="N",
        help=_("seed the walls of the matches this host deals (to reproduce a session; default: random)"),
    )
    p.add_argument(
        "--log-level",
        default="info",
        choices=("debug", "info", "warning", "error"),
        help=_("what the host's log shows (default info)"),
    )
    add_ssh_arguments(p, port=port, count=at_least(1))
    add_web_arguments(p, port=port, count=at_least(1))
    p.set_defaults(handler=cmd_host)
    return p


def host_limits(args: argparse.Namespace) -> HostLimits:
    """The host's limits as ``jantaku host``'s flags set them."""
    return HostLimits(
        max_tables=args.max_tables, max_connections=args.max_connections, exempt_loopback=args.trust_loopback
    )


def cmd_host(args: argparse.Namespace) -> int:
    import asyncio
    import logging

    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    return asyncio.run(serve(args))


async def serve(args: argparse.Namespace) -> int:
    import asyncio

    from ..netplay.clock import LoopClock
    from ..netplay.collector import Collector
    from ..netplay.descriptors import quiet_descriptor_errors, raise_descriptor_limit
    from ..netplay.discovery import DISCOVERY_PORT, lan_addresses
    from ..netplay.host import Host
    from ..netplay.paths import DataDirLocked
    from ..netplay.store import StoreError

    # every door's connection is a descriptor: take all the system allows; running out logs no flood
    raise_descriptor_limit()
    quiet_descriptor_errors(asyncio.get_running_loop())
    data = data_dir(args)
    host = Host(
        data_dir=data,
        name=args.name,
        default_bot=args.bots,
        seed=args.seed,
        limits=host_limits(args),
    )
    try:
        port = await host.start(port=args.port, bind=args.bind)
    except (StoreError, DataDirLocked, OSError) as exc:
        print(_("jantaku host: {error}").format(error=exc), file=sys.stderr)
        return 1
    host.stop_on_signals()
    lines = await start_ssh_door(host, args)  # nothing unless --ssh
    web_door, web_lines = await start_web_door(host, args)  # nothing unless --web
    host.collector = Collector(LoopClock())  # netplay/collector.py: this process's own policy
    host.collector.tune()
    lines += web_lines
    listening = _("jantaku host {name} listening on {address} (data: {data})")
    if host.resumed:
        listening = ngettext(
            "jantaku host {name} listening on {address} (data: {data}; resumed {count} unfinished match)",
            "jantaku host {name} listening on {address} (data: {data}; resumed {count} unfinished matches)",
            host.resumed,
        )
    print(listening.format(name=repr(host.name), address=f"{args.bind}:{port}", data=data, count=host.resumed))
    if args.bind in ("0.0.0.0", ""):
        print("  " + aligned(_("join on this machine:"), f"jantaku join 127.0.0.1:{port}"))
        for address in lan_addresses():
            print("  " + aligned(_("join from the LAN:"), f"jantaku join {address}:{port}"))
    else:
        print("  " + aligned(_("join:"), f"jantaku join {args.bind}:{port}"))
    for line in lines:
        print(f"  {line}")
    if not args.no_announce:
        await host.announce()
        print("  " + _("announcing on the LAN (UDP {port}); --no-announce to stop").format(port=DISCOVERY_PORT))
    print(_("Stop with Ctrl-C."), flush=True)
    await host.wait_stopped()
    if web_door is not None:
        await web_door.stop()
    return 0


# --- bot ------------------------------------------------------------------------------------


def add_bot_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "bot",
        help=_("play a bot as a network client"),
        description=_("Connect a bot to a host; it takes a seat and plays one match."),
    )
    p.add_argument("--connect", required=True, type=address, metavar="HOST:PORT")
    p.add_argument("--table", type=at_least(0), help=_("table id (default: the first with a free seat)"))
    p.add_argument("--bot", default=DEFAULT_BOT, help=_("which bot plays (default {bot})").format(bot=DEFAULT_BOT))
    p.add_argument(
        "--name", help=_("the name it plays under (default: a first name and its level, e.g. 'Haru (strong bot)')")
    )
    p.set_defaults(handler=cmd_bot)
    return p


def cmd_bot(args: argparse.Namespace) -> int:
    import asyncio

    from ..engine.bots import bot_names
    from ..netplay.client import ClientError
    from ..netplay.netbot import run_network_bot

    if args.bot not in bot_names():
        print(unknown_bot("jantaku bot", args.bot), file=sys.stderr)
        return 2
    host, port_number = parse_address(args.connect)  # checked by the parser
    try:
        final = asyncio.run(run_network_bot(host, port_number, table=args.table, bot=args.bot, name=args.name))
    except (TimeoutError, ClientError, OSError) as exc:
        print(f"jantaku bot: {failure(exc)}", file=sys.stderr)
        return 1
    if final is None:
        print(_("the table closed before the match ended"))
        return 1
    print(_("match over: scores {scores}").format(scores=final["match"]["scores"]))
    return 0


# --- history and export ------------------------------------------------------------------------


def add_history_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "history", help=_("list finished matches"), description=_("List the finished matches a host kept.")
    )
    p.add_argument(
        "--data", metavar="DIR", help=_("the host's data directory (default {dir})").format(dir=default_data_dir())
    )
    p.add_argument("--json", action="store_true", help=_("one JSON object per line"))
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
    left_out: list[str] = []
    try:
        matches = store.finished(left_out=left_out)
    finally:
        store.close()
    for reason in left_out:  # a damaged row costs its own match only; the reader is told which
        print(_("jantaku history: left out: {reason}").format(reason=reason), file=sys.stderr)
    for m in matches:
        scores = (m.result or {}).get("scores") or [None] * 4
        players = [{"seat": i, "name": s.name, "bot": s.bot, "score": scores[i]} for i, s in enumerate(m.seats)]
        moment = datetime.datetime.fromtimestamp(m.finished or m.created)
        when = moment.strftime("%Y-%m-%d %H:%M")
        if args.json:
            print(
                json.dumps(
                    {
                        "match": m.id,
                        "finished": when,
                        "ruleset": m.record.ruleset,
                        "preset": m.record.preset,
                        "options": m.record.options,
                        "players": players,
                    }
                )
            )
        else:
            people = "  ".join(f"{p['name']} {p['score']:+d}" if p["score"] is not None else p["name"] for p in players)
            print(f"#{m.id:<5} {format_datetime(moment)}  {m.record.ruleset} ({m.record.preset})  {people}")
    if not matches and not args.json:
        print(_("no finished matches yet"))
    return 0


def add_export_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "export",
        help=_("export a match record"),
        description=_(
            "Export a stored match's record: json (ours, replayable), tenhou6 "
            "(tenhou.net/6 JSON, riichi only: for mjai-reviewer, NAGA and the tenhou.net/6 viewer) or mjai "
            "(an mjai event log, one JSON event per line, riichi only)."
        ),
    )
    p.add_argument("match", type=int, metavar="MATCH", help=_("the match number (see jantaku history)"))
    p.add_argument(
        "--format", default="json", choices=export_formats(), help=_("json (default), or tenhou6 or mjai (riichi)")
    )
    p.add_argument(
        "--data", metavar="DIR", help=_("the host's data directory (default {dir})").format(dir=default_data_dir())
    )
    p.add_argument("-o", "--output", metavar="FILE", help=_("write to FILE instead of standard output"))
    p.set_defaults(handler=cmd_export)
    return p


def cmd_export(args: argparse.Namespace) -> int:
    from ..netplay.store import StoreError

    store = _open_store(args, "export")
    if store is None:
        return 1
    try:
        stored = store.load(args.match)
    except KeyError:
        print(_("jantaku export: there is no match {match}").format(match=args.match), file=sys.stderr)
        return 1
    except StoreError as exc:  # a damaged row: refused data, as every reader of outside data answers it
        print(f"jantaku export: {exc}", file=sys.stderr)
        return 2
    finally:
        store.close()
    exporter = FORMATS[args.format].export
    assert exporter is not None  # the parser offers only formats that export
    try:
        text = exporter(stored)
    except ValueError as exc:  # a format that cannot say this match (mjai: not riichi)
        print(f"jantaku export: {exc}", file=sys.stderr)
        return 1
    if args.output:
        try:
            Path(args.output).write_text(text)
        except OSError as exc:
            print(
                _("jantaku export: cannot write {file}: {error}").format(file=args.output, error=exc.strerror or exc),
                file=sys.stderr,
            )
            return 1
    else:
        sys.stdout.write(text)
    return 0
