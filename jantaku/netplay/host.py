"""The host: one asyncio process serving a lobby of tables over TCP.

Embed it for a local game, or run it with ``jantaku host``::

    host = Host(data_dir=None)                 # in memory; Host(data_dir=DIR) persists
    port = await host.start(port=0)            # the bound port
    table = host.create_quick_table(ruleset="basic")   # three bots; seat 0 starts it
    ...                                        # Client.connect("127.0.0.1", port, "me") and join
    await host.stop()

Each connection: ``hello`` first (protocol version, name, optional resume
token), then requests.  A request the host cannot do gets an ``error``; a
connection that breaks the protocol or its limits is closed.  Neither ever
touches another connection or another table.
"""

from __future__ import annotations

import asyncio
import logging
import random
import signal
import socket
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .clock import Clock
from .collector import Collector
from .connection import Connection, HostProtocol, TurnFlush
from .journal import JOURNAL_NAME
from .limits import ConnectionLimits, HostLimits, counted_address
from .lobby import Lobby
from .names import name_key, name_refusal
from .paths import DataDirLock
from .players import Player, new_token
from .prompts import Timers
from .protocol import (
    PROTOCOL_VERSION,
    SUPPORTED_VERSIONS,
    ErrorCode,
    PackedMessage,
    ProtocolError,
    RequestError,
    error_message,
)
from .requests import check_request
from .store import Store
from .tables import DEFAULT_BOT
from .texts import HostText

if TYPE_CHECKING:
    from .discovery import Beacon

log = logging.getLogger(__name__)
# optional extensions this host offers (docs/protocol.md, section 10)
FEATURES = ("lobby_pages", "lobby_changes")


class Host:
    """A jantaku host.  ``data_dir=None`` keeps matches in memory only."""

    def __init__(
        self,
        *,
        data_dir: str | Path | None = None,
        name: str | None = None,
        connection_limits: ConnectionLimits = ConnectionLimits(),
        limits: HostLimits = HostLimits(),
        seed: int | None = None,
        default_bot: str = DEFAULT_BOT,
        clock: Clock | None = None,
    ):
        self.name = name or socket.gethostname()
        self.data_dir = None if data_dir is None else Path(data_dir)
        self.connection_limits = connection_limits
        self.limits = limits
        self.default_bot = default_bot
        self.clock = clock  # the table logic's time (None: the event loop's); tests pass a FakeClock
        self.rng = random.Random(seed) if seed is not None else random.SystemRandom()
        self.players: dict[int, Player] = {}
        self._unsaved: dict[str, Player] = {}  # token -> a connected identity not stored yet
        self._next_player_id = 0
        self.connections: set[Connection] = set()
        self.store: Store | None = None
        self.lobby: Lobby | None = None
        self.port: int | None = None
        self.resumed = 0  # matches taken up again at start
        self._server: asyncio.AbstractServer | None = None
        self._turn = TurnFlush(self._commit, self._writes_lost)  # commit, then send: once per loop turn
        self._sessions: set[asyncio.Task] = set()  # serve_stream's read loops
        self._stream_readers: dict[Connection, asyncio.StreamReader] = {}
        self._refused_streams: dict[Connection, tuple[str, HostText]] = {}  # told why on their first message
        self._lock: DataDirLock | None = None
        self._stopped: asyncio.Event | None = None
        self.beacon: Beacon | None = None
        self.ssh_port: int | None = None  # announced when an SSH front door runs
        self.collector: Collector | None = None  # the process's collector policy (jantaku host sets it)

    # --- life cycle -------------------------------------------------------------------

    async def start(self, port: int = 0, bind: str = "127.0.0.1") -> int:
        """Open the store, resume unfinished matches, listen; returns the bound port.

        Raises :class:`~jantaku.netplay.store.StoreError` or
        :class:`~jantaku.netplay.paths.DataDirLocked` when the data cannot be used.
        """
        self._stopped = asyncio.Event()
        if self.data_dir is not None:
            self._lock = DataDirLock(self.data_dir)
            self._lock.acquire()
            try:
                self.store = Store.in_dir(self.data_dir)
                # what a killed host journaled goes in now; from here on this host journals
                self.store.batch_writes(self._turn.schedule, journal=Path(self.data_dir) / JOURNAL_NAME)
            except Exception:
                self._lock.release()
                raise
        else:
            self.store = Store(None)
            self.store.batch_writes(self._turn.schedule)
        read_buffer = memoryview(bytearray(64 * 1024))  # shared by the connections: see HostProtocol
        try:
            # bound (a taken port fails before any work) but not listening yet: see _listen_when_ready
            self._server = await asyncio.get_running_loop().create_server(
                lambda: HostProtocol(self._open, read_buffer), bind, port, start_serving=False
            )
        except OSError:
            self._release()
            raise
        self.port = self._server.sockets[0].getsockname()[1]
        self.lobby = Lobby(
            self.store,
            self.players,
            rng=self.rng,
            limits=self.limits,
            default_bot=self.default_bot,
            unsaved=self._unsaved,
            clock=self.clock,
        )
        self.resumed = self.lobby.resume()
        await self._listen_when_ready()
        log.info("host %r listening on %s:%d (%d match(es) resumed)", self.name, bind, self.port, self.resumed)
        return self.port

    async def _listen_when_ready(self) -> None:
        """Accept connections only now that the stored matches are resumed: a client that comes
        during the replay is refused at once and retries, instead of waiting unanswered.

        Without a turn of the event loop where the server allows it: ``start`` returns with the
        resumed matches exactly as stored, before their bots have moved."""
        start_now = getattr(self._server, "_start_serving", None)  # asyncio's own, synchronous step
        if start_now is not None:
            start_now()
        elif self._server is not None:
            await self._server.start_serving()

    async def announce(self, *, targets: list[tuple[str, int]] | None = None, interval: float = 2.0) -> None:
        """Start the LAN beacon (see :mod:`~jantaku.netplay.discovery`); ``targets`` default to
        the broadcast address of every interface."""
        from .discovery import Beacon

        self.beacon = Beacon(self._beacon_info, targets=targets, interval=interval)
        await self.beacon.start()

    def _beacon_info(self) -> dict[str, Any]:
        tables = self.lobby.tables.values() if self.lobby else ()
        return {
            "name": self.name,
            "port": self.port,
            "ssh": self.ssh_port,
            "tables": len(tables),
            "open_seats": sum(1 for t in tables if t.state == "waiting" for s in t.seats if s.kind == "empty"),
        }

    async def stop(self) -> None:
        """Graceful shutdown: say goodbye, close connections, keep unfinished matches for next time."""
        if self._stopped is None or self._stopped.is_set():
            return
        if self._server is not None:
            self._server.close()
        if self.beacon is not None:
            self.beacon.stop()
        if self.lobby is not None:
            self.lobby.close()
        if self.collector is not None:
            self.collector.close()
            self.collector = None  # the connections closed now need no collection of their own
        bye = HostText("host_shutting_down")
        for conn in list(self.connections):
            conn.send({"type": "bye", "reason": str(bye), **bye.wire()})
            conn.close()
        await asyncio.sleep(0)  # the closed connections end (their players log out)
        if self._sessions:
            done, pending = await asyncio.wait(self._sessions, timeout=2.0)
            for task in pending:
                task.cancel()
        if self._server is not None:
            await self._server.wait_closed()
        self._release()
        self._stopped.set()

    def _commit(self) -> bool:
        return self.store.commit() if self.store is not None else True

    def _writes_lost(self) -> None:
        if self.store is not None and self.lobby is not None:
            lost, self.store.batch_matches = self.store.batch_matches, set()
            self.lobby.writes_lost(lost)

    def _release(self) -> None:
        self._turn.run()  # what the last turn queued: committed, then sent
        if self.store is not None:
            self.store.close()
        if self._lock is not None:
            self._lock.release()

    async def wait_stopped(self) -> None:
        if self._stopped is not None:
            await self._stopped.wait()

    def stop_on_signals(self) -> None:
        """SIGINT and SIGTERM stop the host gracefully (Unix)."""
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(sig, lambda: asyncio.ensure_future(self.stop()))
            except (NotImplementedError, RuntimeError):
                pass

    def create_quick_table(
        self,
        *,
        ruleset: str = "basic",
        preset: str | None = None,
        options: dict[str, Any] | None = None,
        timers: Timers | None = None,
        bot: str | None = None,
    ) -> int:
        """A table with three bots; it starts when a person joins (seat 0).  Returns its id."""
        return self._started().create_quick_table(
            ruleset=ruleset, preset=preset, options=options, timers=timers, bot=bot
        )

    # --- connections -------------------------------------------------------------------

    def _open(
        self,
        transport: asyncio.BaseTransport,
        *,
        token: str | None = None,
        address: str | None = None,
        stream: bool = False,
    ) -> Connection:
        """A new connection over ``transport`` (from ``address`` if given), admitted, or refused at
        once (TCP) or in answer to its hello (a ``stream``)."""
        conn = Connection(
            transport,
            self.connection_limits,
            self._turn,
            on_message=self._message,
            on_end=self._ended,
            address=address,
        )
        conn.vouched_token = token
        # a door's session writes its hello at once: closed before reading it, the stream would lose
        # the refusal to a broken pipe, so a stream is refused in answer to its hello
        if self._admit(conn, on_hello=stream):
            self.connections.add(conn)
        return conn

    def _ended(self, conn: Connection) -> None:
        self.connections.discard(conn)
        self._refused_streams.pop(conn, None)
        self._logout(conn)
        conn.close()
        if self.collector is not None:
            self.collector.connection_ended()  # what the connection leaves is collected soon
        reader = self._stream_readers.pop(conn, None)
        if reader is not None:
            reader.feed_eof()  # the stream's read loop ends too, whatever the peer does

    async def serve_stream(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        *,
        token: str | None = None,
        address: str | None = None,
    ) -> None:
        """Serve one client stream (any stream, such as an SSH session's socketpair; TCP clients
        are served by :class:`~jantaku.netplay.connection.HostProtocol`), until it ends.

        ``token``: the caller has verified who is at the other end (the SSH front door checks a
        key) and names their player by this resume token, made on first use; the token in the
        stream's hello is then ignored.  ``address``: the player's real remote address (a door's
        SSH or HTTP peer), which the per-address limits count; without one, the stream is this
        process's own (the SSH door's warm-up) and is not counted per address.
        """
        task = asyncio.current_task()
        if task is not None:
            self._sessions.add(task)
        conn = self._open(writer.transport, token=token, address=address, stream=True)
        self._stream_readers[conn] = reader
        try:
            while not conn.closed:
                try:
                    data = await reader.read(self.connection_limits.wire.read_chunk)
                except (ConnectionError, OSError):
                    break
                if not data:
                    conn.close()  # the peer is done: what is queued still goes, then it closes
                    break
                conn.data_received(data)
        except asyncio.CancelledError:  # shutting down
            pass
        finally:
            if task is not None:
                self._sessions.discard(task)
            conn.connection_lost()
        # what the connection queued last (a refusal) is written by this turn's flush, scheduled
        # already: let it run first, or the writer, dropped on return, closes its transport unwritten
        await asyncio.sleep(0)

    def _admit(self, conn: Connection, *, on_hello: bool = False) -> bool:
        """Whether ``conn`` may stay; if not it is told why and closed, at once or (``on_hello``)
        in answer to its first message."""
        refusal = self._refusal(conn)
        if refusal is None:
            return True
        if on_hello:
            self._refused_streams[conn] = refusal
        else:
            conn.close(*refusal)
        return False

    def _refusal(self, conn: Connection) -> tuple[str, HostText] | None:
        if self._stopped is None or self._stopped.is_set():
            return ErrorCode.SHUTDOWN, HostText("host_shutting_down")
        if len(self.connections) >= self.limits.max_connections:
            return ErrorCode.HOST_FULL, HostText("host_full")
        address = counted_address(self.limits, conn.ip)
        if address is not None and sum(c.ip == address for c in self.connections) >= self.limits.max_per_ip:
            return ErrorCode.HOST_FULL, HostText("address_full", address=conn.ip)
        return None

    def _message(self, conn: Connection, msg: dict[str, Any]) -> None:
        """One whole message from ``conn`` (a :class:`ProtocolError` closes it: see Connection.fail)."""
        refusal = self._refused_streams.pop(conn, None)
        if refusal is not None:
            conn.close(*refusal)
            return
        try:
            if conn.player is None:
                self._hello(conn, msg)
            else:
                self._request(conn, msg)
        except ProtocolError:
            raise
        except Exception:
            log.exception("%r: internal error", conn)
            conn.close(ErrorCode.INTERNAL, HostText("host_failed"))

    def _hello(self, conn: Connection, msg: dict[str, Any]) -> bool:
        if msg["type"] != "hello":
            raise ProtocolError(ErrorCode.HANDSHAKE, HostText("hello_first"))
        if msg.get("protocol") not in SUPPORTED_VERSIONS:
            conn.send(
                error_message(
                    ErrorCode.PROTOCOL_VERSION,
                    HostText("protocol_version", supported=PROTOCOL_VERSION, requested=repr(msg.get("protocol"))),
                    supported=list(SUPPORTED_VERSIONS),
                )
            )
            conn.close()
            return False
        try:
            hello = check_request(msg)
        except RequestError as exc:
            raise ProtocolError(ErrorCode.HANDSHAKE, exc.message) from None
        if conn.vouched_token is not None:
            return self._login(conn, hello["name"], conn.vouched_token, adopt=True)
        return self._login(conn, hello["name"], hello["token"])

    def _login(self, conn: Connection, name: str, token: str | None, adopt: bool = False) -> bool:
        """Log ``conn`` in as the player with ``token``, or as a new player (under ``token`` if ``adopt``).

        A name another player holds (or a bot's, or one of mixed scripts) is refused with a free
        one to use; the connection stays, for another hello.  A door's session (``adopt``) chose
        its name at the door, where it cannot be asked again: it gets the free name instead."""
        lobby = self._started()
        store = lobby.store
        player, resumed = None, False
        found = store.player_by_token(token) if token else None
        if found is not None:
            player = self.players.get(found[0]) or Player(found[0], found[1])
            resumed = True
        elif token and token in self._unsaved:  # a new identity connected again before it did anything
            player, resumed = self._unsaved[token], True
        refusal = name_refusal(name, self._names_taken(but=player))
        if refusal is not None and adopt:
            name = refusal.suggestion
        elif refusal is not None:
            log.info("%r: %s", conn, refusal.why)
            conn.send(error_message(ErrorCode.NAME_REFUSED, refusal.why, suggestion=refusal.suggestion))
            conn.count_error()
            return False
        if player is not None:
            self.players.setdefault(player.id, player)
        else:  # kept in memory only until it sits down (see Lobby.remember)
            token = token if adopt and token else new_token()
            player_id = self._next_player_id = max(self._next_player_id, store.max_player_id()) + 1
            player = self.players[player_id] = Player(player_id, name, unsaved_token=token)
            self._unsaved[token] = player
        if player.name != name:
            player.name = name
            if player.unsaved_token is None:
                store.rename_player(player.id, name)
        if player.conn is not None and player.connected:
            player.conn.close(ErrorCode.REPLACED, HostText("replaced"))
        player.conn, conn.player = conn, player
        tables = lobby.tables_of(player)
        conn.send(
            {
                "type": "welcome",
                "protocol": PROTOCOL_VERSION,
                "player": player.id,
                "name": player.name,
                "token": token,
                "resumed": resumed,
                "host": self.name,
                "tables": [t.id for t in tables],
                "features": list(FEATURES),
            }
        )
        lobby.player_arrived(player)
        return True

    def _names_taken(self, *, but: Player | None) -> Callable[[str], bool]:
        """Whether a name key is held by a player the host knows now (connected, or with a seat)
        other than ``but``."""
        keys = {name_key(p.name) for p in self.players.values() if p is not but}
        return keys.__contains__

    def _started(self) -> Lobby:
        """The lobby (and through it the store), which exist from :meth:`start` on."""
        if self.lobby is None:
            raise RuntimeError("the host is not started")
        return self.lobby

    def _logout(self, conn: Connection) -> None:
        if self.lobby is None:
            return
        self.lobby.connection_closed(conn)
        player = conn.player
        if player is not None and player.conn is conn:
            player.conn = None
            self.lobby.player_gone(player)
            if not self.lobby.tables_of(player):
                self.players.pop(player.id, None)
            if player.unsaved_token is not None:  # never sat down: forgotten
                self._unsaved.pop(player.unsaved_token, None)

    def _request(self, conn: Connection, msg: dict[str, Any]) -> None:
        ref = msg.get("ref")
        ref = ref if isinstance(ref, int) and not isinstance(ref, bool) else None
        try:
            req = check_request(msg)
            if req["type"] == "hello":
                raise RequestError(ErrorCode.BAD_REQUEST, HostText("hello_twice"))
            reply = (
                {"type": "pong", "data": req["data"]} if req["type"] == "ping" else self._started().handle(conn, req)
            )
        except RequestError as exc:
            conn.send_error(exc.code, exc.message, ref)
            if exc.code != ErrorCode.STALE_PROMPT:  # honest clients race the clock now and then
                conn.count_error()
            return
        if req["type"] == "act":
            conn.paced_by_the_game()
        if isinstance(reply, PackedMessage):  # packed once for many: add the ref, charge its size
            data = reply.with_fields(ref=ref) if ref is not None else reply.with_fields()
            conn.send_packed(data)
            conn.charge_reply(len(data))
            return
        if reply is None:
            if ref is None:
                return
            reply = {"type": "ok"}
        if ref is not None:
            reply["ref"] = ref
        conn.send(reply)
