"""The host's I/O per message (issue 18): no task per TCP connection, messages handled as they
arrive, what one turn sends to a peer leaving in one write, in order, and nothing unbounded."""

from __future__ import annotations

import asyncio
import gc
import weakref

from jantaku.netplay.connection import Connection, TurnFlush
from jantaku.netplay.host import Host
from jantaku.netplay.limits import ConnectionLimits
from jantaku.netplay.protocol import pack

from .conftest import until
from .test_hostile import HELLO, RawPeer


class RecordingTransport(asyncio.WriteTransport):
    """A transport that keeps each write apart (to count them) and never blocks."""

    def __init__(self, buffered: int = 0) -> None:
        super().__init__()
        self.writes: list[bytes] = []
        self.closing = False
        self.aborted = False
        self.buffered = buffered  # what get_write_buffer_size says (a peer that stopped reading)

    def get_extra_info(self, name, default=None):
        return default

    def write(self, data) -> None:
        self.writes.append(bytes(data))

    def get_write_buffer_size(self) -> int:
        return self.buffered + sum(map(len, self.writes))

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True

    def abort(self) -> None:
        self.closing = self.aborted = True


async def test_tcp_connections_cost_no_task_each():
    host = Host(seed=1)
    await host.start(port=0)
    peers = []
    try:
        before = len(asyncio.all_tasks())
        for i in range(12):
            peer = await RawPeer.open(host.port)
            peer.send(pack({"type": "hello", "protocol": 1, "name": f"p{i}"}))
            assert (await peer.next())["type"] == "welcome"
            peers.append(peer)
        assert len(host.connections) == 12
        assert len(asyncio.all_tasks()) - before <= 1  # the peers' own reads at most, none on the host's side
    finally:
        for peer in peers:
            peer.close()
        await host.stop()


async def test_requests_sent_at_once_are_answered_in_order_in_one_write_per_turn():
    host = Host(seed=1)
    await host.start(port=0)
    peer = await RawPeer.open(host.port)
    try:
        peer.send(HELLO + b"".join(pack({"type": "ping", "ref": i, "data": i}) for i in range(30)))
        assert (await peer.next())["type"] == "welcome"
        replies = [await peer.next() for _ in range(30)]
        assert [(r["type"], r["ref"], r["data"]) for r in replies] == [("pong", i, i) for i in range(30)]
    finally:
        peer.close()
        await host.stop()


async def test_what_a_turn_queues_for_a_peer_leaves_in_one_write_in_order():
    transport = RecordingTransport()
    turn = TurnFlush()
    conn = Connection(transport, ConnectionLimits(), turn)
    parts = [pack({"type": "update", "n": n}) for n in range(5)]
    for part in parts:
        assert conn.send_packed(part)
    assert transport.writes == []  # nothing before the end of the turn
    await asyncio.sleep(0)
    assert transport.writes == [b"".join(parts)]
    conn.send_packed(parts[0])
    conn.close()
    await asyncio.sleep(0)
    assert transport.writes[-1] == parts[0] and transport.closing  # the last bytes, then closed
    assert conn.ended


async def test_a_peer_that_stops_reading_is_dropped_not_buffered():
    limits = ConnectionLimits(send_buffer=10_000)
    transport = RecordingTransport(buffered=9_000)  # the transport holds what the peer has not read
    ended: list[Connection] = []
    conn = Connection(transport, limits, TurnFlush(), on_end=ended.append)
    conn.send_packed(b"x" * 2_000)
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    assert transport.aborted and conn.closed and ended == [conn]
    assert not conn.send_packed(b"more")  # nothing more is queued for it


async def test_messages_are_handled_as_they_arrive_and_a_closed_connection_reads_no_more():
    seen: list[dict] = []

    def on_message(conn: Connection, msg: dict) -> None:
        seen.append(msg)
        if msg.get("n") == 2:
            conn.close()

    conn = Connection(RecordingTransport(), ConnectionLimits(), TurnFlush(), on_message=on_message)
    data = b"".join(pack({"type": "ping", "n": n}) for n in range(5))
    conn.data_received(data[:3])  # a message split anywhere is whole once the rest comes
    assert seen == []
    conn.data_received(data[3:])
    assert [m["n"] for m in seen] == [0, 1, 2]
    conn.data_received(pack({"type": "ping", "n": 9}))
    assert [m["n"] for m in seen] == [0, 1, 2]
    await until(lambda: conn.ended, "the connection ended")


async def test_an_ended_connection_is_not_kept():
    host = Host(seed=1)
    await host.start(port=0)
    try:
        peer = await RawPeer.open(host.port)
        peer.send(HELLO)
        assert (await peer.next())["type"] == "welcome"
        [conn] = host.connections
        peer.close()
        await until(lambda: not host.connections, "the host saw the peer go")
        assert conn.ended and conn.closed
        gone = weakref.ref(conn)
        del conn
        gc.collect()
        assert gone() is None  # nothing of the host's holds on to it
    finally:
        await host.stop()


async def test_reading_a_message_allocates_no_read_buffer():
    """TCP reads go into one buffer the host's connections share (HostProtocol): asyncio's plain
    protocols get a new 256 KiB ``bytes`` for every read (an mmap, an mremap and a munmap)."""
    import socket
    import tracemalloc

    import msgpack

    host = Host(seed=1)
    await host.start(port=0)
    loop = asyncio.get_running_loop()
    sock = socket.create_connection(("127.0.0.1", host.port))
    sock.setblocking(False)
    unpacker = msgpack.Unpacker(strict_map_key=False)

    async def reply() -> dict:
        while True:
            for msg in unpacker:
                return msg
            unpacker.feed(await loop.sock_recv(sock, 4096))  # the peer's own reads stay small

    try:
        await loop.sock_sendall(sock, pack({"type": "hello", "protocol": 1, "name": "ann"}))
        assert (await reply())["type"] == "welcome"
        tracemalloc.start()
        try:
            base = tracemalloc.get_traced_memory()[0]
            tracemalloc.reset_peak()
            for i in range(8):
                await loop.sock_sendall(sock, pack({"type": "ping", "data": i}))
                assert await reply() == {"type": "pong", "data": i}
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert peak - base < 64 * 1024, f"{peak - base} bytes at the peak of eight pings"
    finally:
        sock.close()
        await host.stop()


async def test_messages_split_across_reads_of_several_connections_arrive_whole():
    """The shared read buffer is copied by each connection's reader before the next read."""
    host = Host(seed=1)
    await host.start(port=0)
    peers = [await RawPeer.open(host.port) for _ in range(3)]
    try:
        hellos = [pack({"type": "hello", "protocol": 1, "name": f"p{i}"}) for i in range(3)]
        for half in (0, 1):  # every peer's first half, then every peer's second half
            for peer, hello in zip(peers, hellos):
                cut = len(hello) // 2
                peer.send(hello[:cut] if half == 0 else hello[cut:])
                await peer.writer.drain()
                await asyncio.sleep(0.01)  # its own read on the host
        names = [(await peer.next())["name"] for peer in peers]
        assert names == ["p0", "p1", "p2"]
    finally:
        for peer in peers:
            peer.writer.close()
        await host.stop()
