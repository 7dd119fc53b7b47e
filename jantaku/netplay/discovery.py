"""LAN discovery: a host announces itself with a small UDP broadcast; ``discover`` listens.

No dependency and no multicast: every ``interval`` seconds the host sends one
JSON datagram to the broadcast address of each of this machine's interfaces
(or to the ``targets`` it is given).  Discovery is a convenience: joining by
``host:port`` always works.

    >>> parse_beacon(b'{"app": "jantaku", "proto": 1, "name": "den", "port": 7654}', ("192.0.2.5", 47654))
    HostInfo(address='192.0.2.5', port=7654, name='den', ssh=None, tables=0, open_seats=0, proto=1)
    >>> parse_beacon(b'GET / HTTP/1.0', ("192.0.2.5", 47654)) is None
    True
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import struct
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.bounded import load_json
from ..playertext import clean_player_text
from .protocol import PROTOCOL_VERSION

DISCOVERY_PORT = 47654
APP = "jantaku"
MAX_BEACON = 1024  # bytes


@dataclass(frozen=True)
class HostInfo:
    address: str
    port: int
    name: str
    ssh: int | None = None
    tables: int = 0
    open_seats: int = 0
    proto: int = PROTOCOL_VERSION

    @property
    def join_address(self) -> str:
        return f"{self.address}:{self.port}"


def beacon_packet(info: dict[str, Any]) -> bytes:
    return json.dumps({"app": APP, "proto": PROTOCOL_VERSION, **info}, separators=(",", ":")).encode()[:MAX_BEACON]


def _port(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 < value < 65536 else None


def _count(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 1 << 20 else 0


def parse_beacon(data: bytes, addr: tuple[str, int]) -> HostInfo | None:
    """A beacon from ``addr``, or None for anything else that arrived on the port."""
    if len(data) > MAX_BEACON:
        return None
    try:
        obj = load_json(data, max_bytes=MAX_BEACON, max_depth=4)  # a beacon is one flat object
    except ValueError:  # not JSON, not UTF-8, or nested deeper than a beacon is
        return None
    if not isinstance(obj, dict) or obj.get("app") != APP or _port(obj.get("port")) is None:
        return None
    name = obj.get("name")
    return HostInfo(
        address=addr[0],
        port=obj["port"],
        name=clean_player_text(str(name or "")) or addr[0],  # anyone on the LAN may send a beacon
        ssh=_port(obj.get("ssh")),
        tables=_count(obj.get("tables")),
        open_seats=_count(obj.get("open_seats")),
        proto=_count(obj.get("proto")),
    )


_SIOCGIFFLAGS, _SIOCGIFADDR, _SIOCGIFBRDADDR = 0x8913, 0x8915, 0x8919
_IFF_UP, _IFF_BROADCAST, _IFF_LOOPBACK = 0x1, 0x2, 0x8


def _interfaces() -> list[tuple[int, str, str | None]]:
    """(flags, address, broadcast address) of each IPv4 interface that is up (Linux ioctls; [] elsewhere)."""
    out = []
    try:
        import fcntl

        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            for _, name in socket.if_nameindex():
                req = struct.pack("256s", name.encode()[:15])
                try:
                    flags = struct.unpack("H", fcntl.ioctl(s.fileno(), _SIOCGIFFLAGS, req)[16:18])[0]
                    if not flags & _IFF_UP:
                        continue
                    address = socket.inet_ntoa(fcntl.ioctl(s.fileno(), _SIOCGIFADDR, req)[20:24])
                    broadcast = None
                    if flags & _IFF_BROADCAST:
                        broadcast = socket.inet_ntoa(fcntl.ioctl(s.fileno(), _SIOCGIFBRDADDR, req)[20:24])
                except OSError:
                    continue
                out.append((flags, address, broadcast))
    except (ImportError, OSError):
        pass
    return out


def broadcast_addresses() -> list[str]:
    """The broadcast address of each interface that has one; else the limited broadcast."""
    found = [b for _, _, b in _interfaces() if b and b != "0.0.0.0"]
    return list(dict.fromkeys(found)) or ["255.255.255.255"]


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback (to print how to join)."""
    return list(dict.fromkeys(a for flags, a, _ in _interfaces() if not flags & _IFF_LOOPBACK))


class _Sender(asyncio.DatagramProtocol):
    def error_received(self, exc: Exception) -> None:  # an unreachable network must not stop the beacon
        pass


class Beacon:
    """Announces a host every ``interval`` seconds to ``targets`` ((address, port) pairs)."""

    def __init__(
        self,
        info: Callable[[], dict[str, Any]],
        *,
        targets: list[tuple[str, int]] | None = None,
        port: int = DISCOVERY_PORT,
        interval: float = 2.0,
    ):
        self.info = info
        self.targets = targets if targets is not None else [(a, port) for a in broadcast_addresses()]
        self.interval = interval
        self._transport: asyncio.DatagramTransport | None = None
        self._task: asyncio.Task | None = None

    async def start(self) -> None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        sock.setblocking(False)
        loop = asyncio.get_running_loop()
        self._transport, _ = await loop.create_datagram_endpoint(_Sender, sock=sock)
        self._task = asyncio.create_task(self._run())

    def send_once(self) -> None:
        if self._transport is None:  # not started yet
            return
        packet = beacon_packet(self.info())
        for target in self.targets:
            with contextlib.suppress(OSError):
                self._transport.sendto(packet, target)

    async def _run(self) -> None:
        while True:
            self.send_once()
            await asyncio.sleep(self.interval)

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
        if self._transport is not None:
            self._transport.close()


class _Listener(asyncio.DatagramProtocol):
    def __init__(self) -> None:
        self.found: dict[tuple[str, int], HostInfo] = {}

    def datagram_received(self, data: bytes, addr: tuple[str, int]) -> None:
        info = parse_beacon(data, addr)
        if info is not None:
            self.found[(info.address, info.port)] = info


async def discover(timeout: float = 2.5, *, port: int = DISCOVERY_PORT, bind: str = "") -> list[HostInfo]:
    """Hosts heard within ``timeout`` seconds (beacons come every 2 s), sorted by name."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if hasattr(socket, "SO_REUSEPORT"):
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((bind, port))
    sock.setblocking(False)
    transport, listener = await asyncio.get_running_loop().create_datagram_endpoint(_Listener, sock=sock)
    try:
        await asyncio.sleep(timeout)
    finally:
        transport.close()
    return sorted(listener.found.values(), key=lambda h: (h.name, h.address, h.port))
