"""Getting to a game: a quick game on an embedded host, hosting from the TUI, joining a host.

The TUI always plays through the netplay client (DESIGN: one code path),
even against bots on this machine.  Each function returns what the screens
need: a session for one table, or a hub and a title for a lobby.
"""

from __future__ import annotations

import dataclasses
import os
from typing import Any

from ..i18n import _
from ..netplay.client import Client, ClientError
from ..netplay.host import Host
from ..netplay.local import LOCAL_TIMERS, start_local_game
from .netsession import ClientHub, ClientSession, host_text
from .settings import Settings

HOST_PORT = 7654  # the usual port; another free one when it is taken


async def quick_game(
    settings: Settings,
    ruleset: str,
    *,
    preset: str | None = None,
    options: dict[str, Any] | None = None,
    mjai_seats: dict[int, str] | None = None,
) -> ClientSession:
    """You and three bots (of the settings' level) at a table of a host that runs in this process
    (and stops with the game)."""
    timers = dataclasses.replace(LOCAL_TIMERS, bot=settings.bot_delay)
    game = await start_local_game(
        settings.name,
        ruleset=ruleset,
        preset=preset,
        options=options,
        timers=timers,
        bot=settings.bot_level,
        mjai_seats=mjai_seats,
    )
    hub = ClientHub(game.client, on_close=game.stop_host, host=game.host)
    session = ClientSession(hub, game.table, close_hub=True)
    session.title = _("Quick game · {ruleset}").format(ruleset=ruleset) + (f" ({preset})" if preset else "")
    return session


async def host_lobby(settings: Settings, *, port: int = HOST_PORT, announce: bool = True) -> tuple[ClientHub, str]:
    """A host for the network, run by this process, announced on the LAN, with you in its lobby."""
    from ..netplay.discovery import lan_addresses
    from ..netplay.paths import default_data_dir

    host = Host(data_dir=default_data_dir(), default_bot=settings.bot_level)
    try:
        port = await host.start(port=port, bind="0.0.0.0")
    except OSError:  # the usual port is taken (another host?): any free one
        port = await host.start(port=0, bind="0.0.0.0")
    try:
        if announce:
            await host.announce()
        client = await Client.connect("127.0.0.1", port, settings.name, token=settings.tokens.get(f"self:{port}"))
    except BaseException:
        await host.stop()
        raise
    settings.tokens[f"self:{port}"] = client.token
    address = next(iter(lan_addresses()), "127.0.0.1")
    title = _("Hosting “{name}” — others join with: jantaku join {address}").format(
        name=host.name, address=f"{address}:{port}"
    )
    return ClientHub(client, on_close=host.stop, host=host), title


async def join_lobby(settings: Settings, address: str, name: str) -> tuple[ClientHub, str]:
    """Connect to a host (``host:port``) as ``name``, resuming your seats if you were here before."""
    from ..netplay.address import parse_address

    try:
        host, port = parse_address(address)
    except ValueError:
        raise ClientError(
            "bad_address", _("{address} is not HOST:PORT with a port of 1-65535").format(address=repr(address))
        ) from None
    client = await Client.connect(host, port, name, token=settings.tokens.get(address))
    settings.tokens[address] = client.token
    settings.name, settings.last_host = name, address
    where = host_text(client.welcome.get("host")) or address
    return ClientHub(client), f"{where} ({address}) · " + _("you are {name}").format(name=host_text(client.name))


async def join_inherited(settings: Settings, fd: int, name: str) -> tuple[ClientHub, str]:
    """Join over a socket this process inherited (the SSH front door runs the TUI on a pty with one)."""
    import asyncio
    import socket

    reader, writer = await asyncio.open_connection(sock=socket.socket(fileno=fd))
    client = await Client.over_stream(reader, writer, name)
    title = f"{host_text(client.welcome.get('host')) or _('host')} · " + _("you are {name}").format(
        name=host_text(client.name)
    )
    code = os.environ.get("JANTAKU_SSH_REJOIN_CODE")  # a player without an SSH key comes back with it
    rejoin = " · " + _("log in as {code} to get your seat back").format(code=code) if code else ""
    return ClientHub(client), title + rejoin
