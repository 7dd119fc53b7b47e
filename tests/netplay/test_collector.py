"""The host process's collector policy (netplay/collector.py): cycles left by ended connections
are collected soon, at most one whole collection every ``spacing`` seconds."""

from __future__ import annotations

import gc
import weakref

from jantaku.netplay.clock import FakeClock
from jantaku.netplay.collector import Collector

from .conftest import until


class Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the cyclic collector frees it


def test_a_connections_cycles_are_collected_soon_and_collections_are_spaced():
    clock = FakeClock()
    collector = Collector(clock, spacing=2.0)
    gc.disable()  # nothing but the policy collects here
    try:
        node = Node()
        gone = weakref.ref(node)
        del node
        collector.connection_ended()
        collector.connection_ended()  # one collection for both
        assert gone() is not None
        clock.advance(0.0)
        assert gone() is None and collector.collections == 1
        collector.connection_ended()
        clock.advance(1.9)
        assert collector.collections == 1  # not two whole collections within two seconds
        clock.advance(0.1)
        assert collector.collections == 2
    finally:
        gc.enable()


def test_a_closed_collector_makes_no_collection():
    clock = FakeClock()
    collector = Collector(clock)
    collector.connection_ended()
    collector.close()
    clock.advance(10.0)
    assert collector.collections == 0


async def test_the_host_asks_for_a_collection_when_a_connection_ends():
    from jantaku.netplay.host import Host

    from .test_hostile import HELLO, RawPeer

    class Recording(Collector):
        ended = 0

        def connection_ended(self) -> None:
            self.ended += 1

    host = Host(seed=1)
    await host.start(port=0)
    host.collector = recording = Recording(FakeClock())
    try:
        peer = await RawPeer.open(host.port)
        peer.send(HELLO)
        assert (await peer.next())["type"] == "welcome"
        peer.writer.close()
        await until(lambda: recording.ended, "the collector hears of the connection's end")
        assert recording.ended == 1
    finally:
        await host.stop()
