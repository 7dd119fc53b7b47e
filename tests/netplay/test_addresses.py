"""Per-address limits count real addresses (issue 25, item 5): loopback is an address like any other
by default, and a door's session counts under its player's address, not the host's own.

A real host on 127.0.0.1; other client addresses are other 127.x.y.z (Linux routes them to lo) or
the address a door hands the host with a session's stream.
"""

from __future__ import annotations

import asyncio
import socket

from jantaku.netplay.client import ClientError
from jantaku.netplay.host import Host
from jantaku.netplay.limits import HostLimits
from jantaku.netplay.protocol import ErrorCode, pack

from .conftest import close_all, connect, door_session


async def churn(host: Host, identities: int) -> list[str]:
    """A new identity for each table, all from loopback: what each ``create`` got."""
    out = []
    for i in range(identities):
        client = await connect(host, f"churn{i}")
        try:
            await client.create_table("basic")
            out.append("ok")
        except ClientError as exc:
            out.append(exc.code)
        await client.close()
    return out


async def test_loopback_churning_identities_is_capped_per_address_and_others_still_create():
    host = Host(seed=1)  # the default limits
    await host.start(port=0, bind="127.0.0.1")
    try:
        results = await churn(host, HostLimits.tables_per_address + 4)
        assert results.count("ok") <= HostLimits.tables_per_address  # by the rate, or at the latest the cap
        assert set(results) == {"ok", ErrorCode.NOT_ALLOWED}
        elsewhere = await connect(host, "elsewhere", source="127.0.0.2")
        assert await elsewhere.create_table("basic") >= 0
        door_client, serving = await door_session(host, "door", address="127.0.0.3")
        table = await door_client.create_table("basic")
        assert host.lobby.tables[table].creator_address == "127.0.0.3"
        await close_all([elsewhere, door_client])
        await asyncio.wait_for(serving, 10)
    finally:
        await host.stop()


async def test_trusting_loopback_is_an_explicit_choice():
    host = Host(seed=1, limits=HostLimits(exempt_loopback=True, tables_per_address=2))
    await host.start(port=0, bind="127.0.0.1")
    try:
        assert await churn(host, 3) == ["ok"] * 3
    finally:
        await host.stop()


async def test_a_door_session_counts_under_its_address_and_a_local_stream_under_none():
    host = Host(seed=1, limits=HostLimits(max_per_ip=1))
    await host.start(port=0, bind="127.0.0.1")
    try:
        first, serving = await door_session(host, "ann", address="127.0.0.5")
        with_address = next(c for c in host.connections if c.player is not None and c.player.name == "ann")
        assert with_address.ip == "127.0.0.5"
        with_address_too = socket.socketpair()
        reader, writer = await asyncio.open_connection(sock=with_address_too[0])
        refused = asyncio.create_task(host.serve_stream(reader, writer, address="127.0.0.5"))
        their_reader, their_writer = await asyncio.open_connection(sock=with_address_too[1])
        their_writer.write(pack({"type": "hello", "protocol": 1, "name": "bob"}))  # answered, then closed
        said = await asyncio.wait_for(their_reader.read(4096), 10)
        assert b"address_full" in said  # the address has its one connection
        assert await asyncio.wait_for(their_reader.read(4096), 10) == b""
        await asyncio.wait_for(refused, 10)
        local, local_serving = await door_session(host, "me")  # a game in this process: not counted
        tcp = await connect(host, "bob")  # loopback's one connection
        await close_all([first, local, tcp])
        await asyncio.wait_for(asyncio.gather(serving, local_serving), 10)
        with_address_too[1].close()
    finally:
        await host.stop()


def test_jantaku_host_counts_loopback_unless_told_to_trust_it():
    from jantaku.cli import build_parser
    from jantaku.cli.host import host_limits

    parser = build_parser()
    assert not host_limits(parser.parse_args(["host"])).exempt_loopback
    assert host_limits(parser.parse_args(["host", "--trust-loopback"])).exempt_loopback
