"""What the session server (:mod:`.zygote`) runs once before it forks: a session's first frame.

A forked session copies every shared page it writes to, and CPython writes into whatever
a session touches (reference counts, the specialized bytecode of the code it runs).  So
before forking, the server runs what a session runs first, headless: the app of
``jantaku join --fd N`` to its lobby's first frame, the other end served by a host in
memory (on an event loop of its own, closed after it).  Textual's caches (styles,
colours, sizes) are filled there, on shared pages, and the modules a session imports
late are imported.  (The command line's parser is the cli layer's, above this one: a
session builds it itself; a throwaway parser with subcommands runs the same code of
:mod:`argparse` first.)  Measured over SSH in benchmarks/README.md and docs/ssh.md.

Nothing of these apps is left for a child: they run on their own event loop, with default
settings (their file in a temporary directory), and leave no thread, descriptor or task
behind (the server checks its threads before serving).
"""

from __future__ import annotations

import argparse
import asyncio
import socket
import tempfile
from pathlib import Path

WARM_UP = f"{__name__}:warm_up"  # the session server's ``--warm-up``
WARM_UP_SIZE = (100, 30)
LOBBY_WAIT_PAUSES = 250  # of 20 ms: the lobby is up within a few
LOBBY_SETTLE_PAUSES = 5


def warm_up() -> None:
    draw_lobby()


def draw_lobby() -> None:
    """``jantaku join --fd N`` to its lobby's first frame, the other end served by a host in memory."""
    parse_a_command_line()
    asyncio.run(_lobby())


def parse_a_command_line() -> None:
    """What a session does before its app: build a command line parser with subcommands and parse
    ``join --fd N --name NAME`` with it.  The command line's own parser is the cli layer's, above
    this one; this one runs the same code of :mod:`argparse` (and fills the cache of the patterns
    it matches arguments with)."""
    parser = argparse.ArgumentParser(prog="warm-up")  # never shown: no help texts
    parser.add_argument("--version", action="version", version="0")
    parser.add_argument("--lang", choices=("en", "de"))
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in ("play", "join"):
        command = commands.add_parser(name, help=name)
        command.add_argument("address", nargs="?")
        command.add_argument("--fd", type=int, metavar="N")
        command.add_argument("--name")
        command.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
        command.add_argument("--quiet", action="store_true")
        command.set_defaults(handler=print)
    parser.parse_args(["join", "--fd", "3", "--name", "warm-up"])


async def _lobby() -> None:
    from ...netplay.host import Host
    from ..app import JantakuApp
    from ..screens.lobby import LobbyScreen
    from ..settings import Settings

    host = Host(name="warm-up", seed=0)  # in memory only
    await host.start(port=0, bind="127.0.0.1")
    ours, theirs = socket.socketpair()
    try:
        reader, writer = await asyncio.open_connection(sock=ours)
        serving = asyncio.create_task(host.serve_stream(reader, writer))
        with tempfile.TemporaryDirectory() as settings_dir:  # the app saves its settings on joining
            app = JantakuApp(
                settings=Settings(name="warm-up"),
                settings_file=Path(settings_dir, "settings.json"),
                start=lambda app: app.join_inherited(theirs.detach()),
            )
            async with app.run_test(size=WARM_UP_SIZE) as pilot:
                for _ in range(LOBBY_WAIT_PAUSES):
                    await pilot.pause(0.02)
                    if isinstance(app.screen, LobbyScreen):
                        break
                for _ in range(LOBBY_SETTLE_PAUSES):  # the host's answers: the tables listed and drawn
                    await pilot.pause(0.02)
        await host.stop()
        await serving
    finally:
        theirs.close()
