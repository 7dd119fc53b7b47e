"""``jantaku mjai-server``: TCP mjai clients (gimite's protocol, as akochan's ``mjai_client`` speaks it)
play seats at a Jantaku host's riichi tables.

The protocol: the server says ``{"type":"hello","protocol":"mjsonp","protocol_version":3}``, the
client answers ``{"type":"join","name":NAME,"room":ROOM}``; then every event comes on its own line
and the client answers each with one line (an action, or ``{"type":"none"}``).  Each mjai client is
bridged to the host as a client of its own (:func:`~.mjai_seat.play_seat`), seated at ``--table``
(or at the table its room names by number), under its name.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging

from ..engine.bounded import OutsideDataError, load_json
from ..engine.rulesets.riichi.mjai_bridge import MAX_REPLY_BYTES, MAX_REPLY_DEPTH
from ..i18n import _
from .client import Client, ClientError
from .mjai_seat import DEFAULT_TIME_LIMIT, LineChannel, play_seat

log = logging.getLogger(__name__)

HELLO = {"type": "hello", "protocol": "mjsonp", "protocol_version": 3}
JOIN_SECONDS = 10.0


class JoinError(ValueError):
    """A client that did not join as the protocol says."""


def parse_join(line: bytes | None, default_table: int | None) -> tuple[str, int]:
    """The name and table of a ``join`` line; :class:`JoinError` for anything else."""
    if line is None:
        raise JoinError("no join message")
    try:
        msg = load_json(line, max_bytes=MAX_REPLY_BYTES, max_depth=MAX_REPLY_DEPTH)
    except OutsideDataError as exc:
        raise JoinError(f"the join message: {exc}") from None
    except ValueError:
        raise JoinError("the join message is not JSON") from None
    if not isinstance(msg, dict) or msg.get("type") != "join":
        raise JoinError("the first message must be a join")
    name = str(msg.get("name") or "mjai client")[:32]
    room = str(msg.get("room") or "")
    if default_table is not None:
        return name, default_table
    if room.isdigit():
        return name, int(room)
    raise JoinError("give the server --table, or join a room that is a table number")


async def bridge_client(
    reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
    host: str,
    port: int,
    *,
    table: int | None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> None:
    """One mjai client: the handshake, then its seat until the match ends."""
    channel = LineChannel(reader, writer)
    try:
        line = await channel.request(json.dumps(HELLO), JOIN_SECONDS)
        name, table_id = parse_join(line, table)
        # an mjai bot cannot be asked for another name: one taken becomes the host's free one
        async with await Client.connect(host, port, name, free_name=True) as client:
            seat = await client.join(table_id)
            log.info("mjai client %r plays seat %d at table %d", name, seat, table_id)
            await play_seat(client, table_id, seat, channel, time_limit=time_limit, per_event=True)
    except (JoinError, ClientError, OSError, ValueError) as exc:
        log.info("mjai client: %s", exc)
        with contextlib.suppress(Exception):
            await channel.send(json.dumps({"type": "error", "message": str(exc)[:200]}))
    except Exception as exc:  # one client's trouble is logged once, in a line; the server serves the others
        log.warning("mjai client: %s: %s", type(exc).__name__, str(exc)[:200])
    finally:
        await channel.close()


async def start_mjai_server(
    bind: str, port: int, host: str, host_port: int, *, table: int | None, time_limit: float = DEFAULT_TIME_LIMIT
) -> asyncio.Server:
    """Listen for mjai clients on ``bind:port`` (0: any free port); each is seated at the host's ``table``."""

    async def accept(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await bridge_client(reader, writer, host, host_port, table=table, time_limit=time_limit)

    return await asyncio.start_server(accept, bind, port)


async def serve_mjai(
    bind: str, port: int, host: str, host_port: int, *, table: int | None, time_limit: float = DEFAULT_TIME_LIMIT
) -> int:
    """Accept mjai clients until stopped (Ctrl-C)."""
    server = await start_mjai_server(bind, port, host, host_port, table=table, time_limit=time_limit)
    listening = server.sockets[0].getsockname()[1] if server.sockets else port
    print(
        _("jantaku mjai-server on {address}, seating mjai clients at {host}").format(
            address=f"{bind}:{listening}", host=f"{host}:{host_port}"
        ),
        flush=True,
    )
    async with server:
        await server.serve_forever()
    return 0
