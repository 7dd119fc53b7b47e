"""A quick game on this machine: an in-process host, three bots and you.

The TUI plays a local game through the same client and protocol as a network
game (one code path); this wires the pieces together::

    game = await start_local_game("ann", ruleset="basic")
    async for msg in game.client.updates():
        ...                                   # the first update is already on its way
    await game.close()
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .client import Client
from .host import Host
from .prompts import Timers

# at home nobody is hurried; bots pause so their moves can be followed
LOCAL_TIMERS = Timers(turn=None, claim=None, between=None, grace=None, bot=0.5)


@dataclass
class LocalGame:
    host: Host
    client: Client
    table: int

    async def close(self) -> None:
        await self.client.close()
        await self.host.stop()


async def start_local_game(
    name: str = "you",
    *,
    ruleset: str = "basic",
    preset: str | None = None,
    options: dict[str, Any] | None = None,
    timers: Timers = LOCAL_TIMERS,
    bot: str = "easy",
    data_dir: str | Path | None = None,
) -> LocalGame:
    """Start a host on 127.0.0.1 (any free port), a table with three ``bot`` bots, and sit
    ``name`` in seat 0, which starts the match.  ``data_dir=None`` keeps nothing on disk."""
    host = Host(data_dir=data_dir)
    port = await host.start(port=0, bind="127.0.0.1")
    try:
        table = host.create_quick_table(ruleset=ruleset, preset=preset, options=options, timers=timers, bot=bot)
        client = await Client.connect("127.0.0.1", port, name)
        await client.join(table, 0)
    except BaseException:
        await host.stop()
        raise
    return LocalGame(host, client, table)
