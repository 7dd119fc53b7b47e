"""LAN discovery, on loopback only: beacons go to 127.0.0.1 or 127.255.255.255, never further."""

from __future__ import annotations

import asyncio
import socket

from jantaku.netplay.discovery import Beacon, discover, parse_beacon

from .conftest import connect


def free_udp_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def test_a_host_announces_itself_and_discover_finds_it(host):
    port = free_udp_port()
    ann = await connect(host, "ann")
    await ann.create_table("basic", seat=0)
    host.ssh_port = 2222
    await host.announce(targets=[("127.0.0.1", port)], interval=0.1)
    [found] = await discover(0.5, port=port, bind="127.0.0.1")
    assert (found.address, found.port, found.name, found.ssh) == ("127.0.0.1", host.port, host.name, 2222)
    assert found.tables == 1 and found.open_seats == 3 and found.join_address == f"127.0.0.1:{host.port}"
    await ann.close()


async def test_discover_ignores_noise_and_merges_repeats():
    port = free_udp_port()
    beacon = Beacon(lambda: {"name": "den", "port": 7654}, targets=[("127.0.0.1", port)], interval=0.05)
    await beacon.start()
    noise = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    for junk in (b"\x00\x01", b"{}", b'{"app": "other", "port": 1}', b'{"app": "jantaku", "port": "x"}', b"x" * 2000):
        noise.sendto(junk, ("127.0.0.1", port))
    try:
        found = await discover(0.4, port=port, bind="127.0.0.1")
    finally:
        beacon.stop()
        noise.close()
    assert [(h.name, h.port) for h in found] == [("den", 7654)]


async def test_a_broadcast_on_the_loopback_network_is_heard():
    port = free_udp_port()
    beacon = Beacon(lambda: {"name": "lo", "port": 7000}, targets=[("127.255.255.255", port)], interval=0.05)
    await beacon.start()
    try:
        found = await discover(0.4, port=port, bind="")
    finally:
        beacon.stop()
    assert [h.name for h in found] in (["lo"], [])  # some sandboxes drop loopback broadcasts
    await asyncio.sleep(0)


def test_beacon_fields_are_checked():
    info = parse_beacon(
        b'{"app":"jantaku","port":7654,"ssh":99999,"tables":-3,"name":"' + b"n" * 200 + b'"}', ("192.0.2.9", 47654)
    )
    assert info.ssh is None and info.tables == 0 and len(info.name) == 64
