"""``jantaku host``, ``join`` and ``bot``: serving tables and taking a seat at them.

``jantaku host`` is the netplay host with, when ``--ssh PORT`` is given, the
SSH front door of :mod:`jantaku.tui.ssh.hosting` beside it; that module loads
asyncssh only then.
"""

from __future__ import annotations

import argparse
import sys

from ..engine.bots.base import LEVELS as BOT_LEVELS
from ..netplay.address import DEFAULT_PORT, parse_address
from ..netplay.limits import HostLimits
from ..netplay.paths import default_data_dir
from ..netplay.tables import DEFAULT_BOT
from ..tui.ssh.hosting import add_ssh_arguments, start_ssh_door
from .common import data_dir
from .play import run_app


# --- host ---------------------------------------------------------------------------------


def add_host_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("host", help="host tables for others to join (LAN/TCP)",
                       description="Run a jantaku host: a lobby of tables that clients join over TCP. "
                                   "Unfinished matches are resumed from the data directory.")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"TCP port (default {DEFAULT_PORT}; 0: any free)")
    p.add_argument("--bind", default="0.0.0.0", metavar="ADDR", help="address to listen on (default: all)")
    p.add_argument("--data", metavar="DIR", help=f"where matches are kept (default {default_data_dir()})")
    p.add_argument("--no-announce", action="store_true", help="do not announce the host on the LAN")
    p.add_argument("--name", help="the host's name in the LAN list (default: this machine's name)")
    p.add_argument("--max-tables", type=int, default=HostLimits.max_tables, metavar="N",
                   help=f"tables open at once (default {HostLimits.max_tables})")
    p.add_argument("--max-connections", type=int, default=HostLimits.max_connections, metavar="N",
                   help=f"clients connected at once (default {HostLimits.max_connections})")
    p.add_argument("--bots", default=DEFAULT_BOT, choices=BOT_LEVELS, metavar="LEVEL",
                   help=f"the bots that fill empty seats and stand in for players who leave: "
                        f"{', '.join(BOT_LEVELS)} (default {DEFAULT_BOT})")
    p.add_argument("--seed", type=int, metavar="N", help="seed the walls of the matches this host deals "
                                                           "(to reproduce a session; default: random)")
    p.add_argument("--log-level", default="info", choices=("debug", "info", "warning", "error"))
    add_ssh_arguments(p)
    p.set_defaults(handler=cmd_host)
    return p


def cmd_host(args: argparse.Namespace) -> int:
    import asyncio
    import logging

    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    return asyncio.run(serve(args))


async def serve(args: argparse.Namespace) -> int:
    from ..netplay.discovery import DISCOVERY_PORT, lan_addresses
    from ..netplay.host import Host
    from ..netplay.paths import DataDirLocked
    from ..netplay.store import StoreError

    data = data_dir(args)
    host = Host(data_dir=data, name=args.name, default_bot=args.bots, seed=args.seed,
                limits=HostLimits(max_tables=args.max_tables, max_connections=args.max_connections))
    try:
        port = await host.start(port=args.port, bind=args.bind)
    except (StoreError, DataDirLocked, OSError) as exc:
        print(f"jantaku host: {exc}", file=sys.stderr)
        return 1
    host.stop_on_signals()
    lines = await start_ssh_door(host, args)  # nothing unless --ssh
    resumed = f"; resumed {host.resumed} unfinished match(es)" if host.resumed else ""
    print(f"jantaku host {host.name!r} listening on {args.bind}:{port} (data: {data}{resumed})")
    if args.bind in ("0.0.0.0", ""):
        print(f"  join on this machine:  jantaku join 127.0.0.1:{port}")
        for address in lan_addresses():
            print(f"  join from the LAN:     jantaku join {address}:{port}")
    else:
        print(f"  join:  jantaku join {args.bind}:{port}")
    for line in lines:
        print(f"  {line}")
    if not args.no_announce:
        await host.announce()
        print(f"  announcing on the LAN (UDP {DISCOVERY_PORT}); --no-announce to stop")
    print("Stop with Ctrl-C.", flush=True)
    await host.wait_stopped()
    return 0


# --- bot ------------------------------------------------------------------------------------


def add_bot_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("bot", help="play a bot as a network client",
                       description="Connect a bot to a host; it takes a seat and plays one match.")
    p.add_argument("--connect", required=True, metavar="HOST:PORT")
    p.add_argument("--table", type=int, help="table id (default: the first with a free seat)")
    p.add_argument("--bot", default=DEFAULT_BOT, help=f"which bot plays (default {DEFAULT_BOT})")
    p.add_argument("--name", help="the name it plays under")
    p.set_defaults(handler=cmd_bot)
    return p


def cmd_bot(args: argparse.Namespace) -> int:
    import asyncio

    from ..engine.bots import bot_names
    from ..netplay.client import ClientError
    from ..netplay.netbot import run_network_bot

    if args.bot not in bot_names():
        print(f"jantaku bot: unknown bot {args.bot!r}; bots: {', '.join(bot_names())}", file=sys.stderr)
        return 2
    try:
        host, port = parse_address(args.connect)
    except ValueError:
        print(f"jantaku bot: --connect takes HOST:PORT, not {args.connect!r}", file=sys.stderr)
        return 2
    try:
        final = asyncio.run(run_network_bot(host, port, table=args.table, bot=args.bot, name=args.name))
    except (ClientError, OSError, asyncio.TimeoutError) as exc:
        print(f"jantaku bot: {exc}", file=sys.stderr)
        return 1
    if final is None:
        print("the table closed before the match ended")
        return 1
    print(f"match over: scores {final['match']['scores']}")
    return 0


# --- join ------------------------------------------------------------------------------------


def add_join_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("join", help="join a host's lobby (LAN or internet)",
                       description="Join a jantaku host, e.g.: jantaku join 192.168.1.23:7654")
    p.add_argument("address", nargs="?", help="HOST:PORT (default: ask, and list the hosts found on the LAN)")
    p.add_argument("--name", help="your name at the host (default from settings)")
    p.add_argument("--fd", type=int, help=argparse.SUPPRESS)  # a connected socket to the host (the SSH front door)
    p.set_defaults(handler=cmd_join)
    return p


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

    return run_app(start)
