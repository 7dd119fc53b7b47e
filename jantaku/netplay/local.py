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
from .mjai_seat import MjaiSeats, seat_mjai_bots
from .prompts import Timers

# at home nobody is hurried; bots pause so their moves can be followed
LOCAL_TIMERS = Timers(turn=None, claim=None, between=None, grace=None, bot=0.5)


@dataclass
class LocalGame:
    host: Host
    client: Client
    table: int
    mjai: MjaiSeats | None = None  # external mjai bots in some seats

    async def stop_host(self) -> None:
        if self.mjai is not None:
            await self.mjai.close()
        await self.host.stop()

    async def close(self) -> None:
        await self.client.close()
        await self.stop_host()


async def start_local_game(
    name: str = "player",
    *,
    ruleset: str = "basic",
    preset: str | None = None,
    options: dict[str, Any] | None = None,
    timers: Timers = LOCAL_TIMERS,
    bot: str = "easy",
    data_dir: str | Path | None = None,
    mjai_seats: dict[int, str] | None = None,
) -> LocalGame:
    """Start a host on 127.0.0.1 (any free port), a table with three ``bot`` bots, and sit
    ``name`` in seat 0, which starts the match.  ``data_dir=None`` keeps nothing on disk.
    ``mjai_seats``: seats (1-3) played by external mjai bot programs, {seat: command}."""
    host = Host(data_dir=data_dir)
    port = await host.start(port=0, bind="127.0.0.1")
    mjai = None
    try:
        table = host.create_quick_table(ruleset=ruleset, preset=preset, options=options, timers=timers, bot=bot)
        if mjai_seats:
            for seat in mjai_seats:
                host.lobby.tables[table].seats[seat].empty()  # type: ignore[union-attr]
            mjai = await seat_mjai_bots(port, table, mjai_seats)
        # a host of one's own: a name it would refuse (a bot's, "You") is not worth a refusal here
        client = await Client.connect("127.0.0.1", port, name, free_name=True)
        await client.join(table, 0)
    except BaseException:
        if mjai is not None:
            await mjai.close()
        await host.stop()
        raise
    return LocalGame(host, client, table, mjai)
