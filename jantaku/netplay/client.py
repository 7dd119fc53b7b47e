"""The asyncio client: what the TUI, network bots and tests use to talk to a host.

    client = await Client.connect("127.0.0.1", port, "ann")     # token=... to resume
    table = await client.create_table("basic", options={"hands": 2}, seat=0)
    await client.add_bot(table)                                   # ... start, spectate, chat
    async for msg in client.updates():                            # update, table, chat, ...
        if msg["type"] == "update" and msg["prompt"]:             # msg["view"]: a typed View
            prompt = msg["prompt"]
            await client.act(table, prompt["id"], prompt["actions"][0])

Requests carry a ``ref`` and wait for their reply (raising :class:`ClientError`
on an ``error``); everything else the host sends arrives through
:meth:`Client.updates`.  The client keeps the latest table info per table
(:attr:`Client.tables`) and pings the host so an idle connection stays open.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import time
from collections.abc import AsyncIterator
from typing import Any

from ..engine.actions import Action
from ..engine.views import ViewFormatError, view_from_wire
from .views import protocol1_read
from .protocol import HOST_LIMITS, PROTOCOL_VERSION, MessageReader, ProtocolError, pack
from ..i18n import N_, _
from .texts import in_reader_language

_CLOSED = {"type": "closed"}


class ClientError(Exception):
    """The host answered a request with an ``error``; ``message`` is the host's English, :attr:`text`
    the same in this program's language (when the host sent a key it knows, docs/protocol.md)."""

    def __init__(self, code: str, message: str, wire: dict[str, Any] | None = None):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self._wire = wire

    @classmethod
    def from_wire(cls, msg: dict[str, Any]) -> ClientError:
        return cls(msg.get("code", "error"), msg.get("message", ""), msg)

    @property
    def suggested_name(self) -> str | None:
        """The free name a host suggests when it refuses a hello's name (``name_refused``)."""
        suggestion = (self._wire or {}).get("suggestion")
        return suggestion if isinstance(suggestion, str) else None

    @property
    def text(self) -> str:
        # the client's own messages are msgids (N_): translated here, where they are shown
        return in_reader_language(self._wire) if self._wire is not None else _(self.message)


class ConnectionClosed(ClientError):
    def __init__(self, message: str = N_("the connection to the host is closed")):
        super().__init__("closed", message)


class Client:
    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        *,
        ping_interval: float | None = 15.0,
        max_queue: int = 10000,
    ):
        self.reader, self.writer = reader, writer
        self.welcome: dict[str, Any] = {}
        self.tables: dict[int, dict[str, Any]] = {}  # table id -> latest info
        self.seats: dict[int, int | None] = {}  # table id -> your seat (None: spectating)
        self.closed = False
        self.close_reason: dict[str, Any] | None = None  # the bye or error that ended the connection
        self._refs = itertools.count(1)
        self._waiting: dict[int, asyncio.Future] = {}
        self._queue: asyncio.Queue = asyncio.Queue(maxsize=max_queue)
        self._messages = MessageReader(HOST_LIMITS)
        self._ping_interval = ping_interval
        self._tasks: list[asyncio.Task] = []

    # --- connecting -----------------------------------------------------------------------

    @classmethod
    async def connect(
        cls, host: str, port: int, name: str, token: str | None = None, *, timeout: float = 5.0, **kwargs: Any
    ) -> "Client":
        """Connect and say hello; raises :class:`ClientError` if the host refuses."""
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
        return await cls.over_stream(reader, writer, name, token, timeout=timeout, **kwargs)

    @classmethod
    async def over_stream(
        cls,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        name: str,
        token: str | None = None,
        *,
        timeout: float = 5.0,
        free_name: bool = False,
        **kwargs: Any,
    ) -> "Client":
        """Say hello over an already open stream (e.g. a socketpair from an SSH session).  With
        ``free_name``, a taken ``name`` becomes the free one the host suggests."""
        client = cls(reader, writer, **kwargs)
        try:
            await asyncio.wait_for(client._handshake(name, token, free_name), timeout)
        except BaseException:
            writer.close()
            raise
        client._tasks.append(asyncio.create_task(client._read_loop()))
        if client._ping_interval:
            client._tasks.append(asyncio.create_task(client._ping_loop()))
        return client

    async def _handshake(self, name: str, token: str | None, free_name: bool = False) -> None:
        """Say hello as ``name``; with ``free_name`` (a program's default name, such as a bot's), a
        name the host refuses is replaced by the free one it suggests, once."""
        hello = {"type": "hello", "protocol": PROTOCOL_VERSION, "name": name, "client": "jantaku"}
        if token:
            hello["token"] = token
        self._send(hello)
        while True:
            data = await self.reader.read(HOST_LIMITS.read_chunk)
            if not data:
                raise ConnectionClosed(N_("the host closed the connection during the handshake"))
            for msg in self._messages.feed(data):
                suggestion = msg.get("suggestion")
                if free_name and msg["type"] == "error" and msg.get("code") == "name_refused" and suggestion:
                    free_name = False
                    self._send({**hello, "name": str(suggestion)})
                    continue
                if msg["type"] == "error":
                    raise ClientError.from_wire(msg)
                if msg["type"] != "welcome":
                    raise ClientError("handshake", f"expected welcome, got {msg['type']!r}")
                self.welcome = msg
                for early in self._messages.feed(b""):
                    self._dispatch(early)
                return

    @property
    def player(self) -> int:
        return self.welcome["player"]

    @property
    def token(self) -> str:
        return self.welcome["token"]

    @property
    def name(self) -> str:
        return self.welcome["name"]

    @property
    def resumed(self) -> bool:
        return bool(self.welcome.get("resumed"))

    # --- receiving ---------------------------------------------------------------------

    async def _read_loop(self) -> None:
        try:
            while True:
                data = await self.reader.read(HOST_LIMITS.read_chunk)
                if not data:
                    break
                for msg in self._messages.feed(data):
                    self._dispatch(msg)
        except (ConnectionError, OSError, ProtocolError):
            pass
        finally:
            self._closed()

    def _dispatch(self, msg: dict[str, Any]) -> None:
        ref = msg.get("ref")
        if ref is not None:  # a reply: to its waiting request (or to one that gave up waiting)
            future = self._waiting.pop(ref, None)
            if future is not None and not future.done():
                if msg["type"] == "error":
                    future.set_exception(ClientError.from_wire(msg))
                else:
                    future.set_result(msg)
            return
        kind = msg["type"]
        if kind == "pong":
            return  # keep-alive answer
        if kind == "table":
            self.tables[msg["table"]] = msg["info"]
            self.seats[msg["table"]] = msg.get("seat")
        elif kind == "table_closed":
            self.tables.pop(msg["table"], None)
            self.seats.pop(msg["table"], None)
        elif kind == "update":
            try:  # decoded once here: every reader of this client gets a typed View
                msg = {**msg, "view": view_from_wire(protocol1_read(msg.get("view")))}
            except ViewFormatError as exc:
                msg = {"type": "error", "code": "bad_view", "table": msg.get("table"), "message": str(exc)}
        elif kind == "bye" or (kind == "error" and msg.get("code") in _CLOSING_CODES):
            self.close_reason = msg
        self._put(msg)

    def _put(self, msg: dict[str, Any]) -> None:
        if self._queue.full():  # a consumer that stopped reading loses the oldest messages, not memory
            self._queue.get_nowait()
        self._queue.put_nowait(msg)

    def _closed(self) -> None:
        if self.closed:
            return
        self.closed = True
        for future in self._waiting.values():
            if not future.done():
                future.set_exception(ConnectionClosed())
        self._waiting.clear()
        self._put(_CLOSED)
        self.writer.close()

    async def updates(self) -> AsyncIterator[dict[str, Any]]:
        """Every message that is not a reply, in order, until the connection closes."""
        while True:
            msg = await self._queue.get()
            if msg is _CLOSED:
                self._queue.put_nowait(_CLOSED)  # later iterators end too
                return
            yield msg

    async def next_message(
        self, kind: str | None = None, *, timeout: float = 10.0, table: int | None = None
    ) -> dict[str, Any]:
        """The next message (of ``kind``, for ``table``), skipping others; for scripts and tests."""

        async def wait() -> dict[str, Any]:
            async for msg in self.updates():
                if (kind is None or msg["type"] == kind) and (table is None or msg.get("table") == table):
                    return msg
            raise ConnectionClosed()

        return await asyncio.wait_for(wait(), timeout)

    # --- requests ------------------------------------------------------------------------

    def _send(self, msg: dict[str, Any]) -> None:
        if self.closed:
            raise ConnectionClosed()
        self.writer.write(pack(msg))

    async def request(self, msg: dict[str, Any], *, timeout: float = 10.0) -> dict[str, Any]:
        """Send a request and wait for its reply."""
        ref = next(self._refs)
        future = asyncio.get_running_loop().create_future()
        self._waiting[ref] = future
        try:
            self._send({**msg, "ref": ref})
            await self.writer.drain()
            return await asyncio.wait_for(future, timeout)
        finally:
            self._waiting.pop(ref, None)

    async def list_tables(self, *, watch: bool | None = None, changes: bool = False) -> list[dict[str, Any]]:
        """The host's tables, every page of them; ``watch=True`` also has the host push the lobby
        on every change: ``lobby`` messages (its first page), or with ``changes`` (where the host
        offers ``lobby_changes``) ``lobby_changes`` messages naming only what changed."""
        msg: dict[str, Any] = {"type": "list"}
        if watch is not None:
            msg["watch"] = watch
            if changes and "lobby_changes" in self.welcome.get("features", ()):
                msg["changes"] = True
        reply = await self.request(msg)
        tables = list(reply["tables"])
        while reply.get("more") and reply.get("next") is not None:  # the host pages a large lobby
            reply = await self.request({"type": "list", "after": reply["next"]})
            tables.extend(reply["tables"])
        return tables

    async def create_table(
        self,
        ruleset: str = "basic",
        *,
        preset: str | None = None,
        options: dict[str, Any] | None = None,
        timers: dict[str, Any] | None = None,
        name: str | None = None,
        spectators_see_hands: bool = False,
        autostart: bool = False,
        seat: int | None = None,
    ) -> int:
        """A new table (sitting at ``seat`` if given); returns its id."""
        reply = await self.request(
            {
                "type": "create",
                "ruleset": ruleset,
                "preset": preset,
                "options": options,
                "timers": timers,
                "name": name,
                "spectators_see_hands": spectators_see_hands,
                "autostart": autostart,
                "seat": seat,
            }
        )
        return reply["table"]

    async def join(self, table: int, seat: int | None = None) -> int:
        return (await self.request({"type": "join", "table": table, "seat": seat}))["seat"]

    async def spectate(self, table: int) -> None:
        await self.request({"type": "spectate", "table": table})

    async def add_bot(self, table: int, bot: str | None = None, seat: int | None = None) -> int:
        """Seat a bot (``None``: the host's default bot) at ``table``; returns its seat."""
        return (await self.request({"type": "add_bot", "table": table, "bot": bot, "seat": seat}))["seat"]

    async def remove_bot(self, table: int, seat: int) -> None:
        await self.request({"type": "remove_bot", "table": table, "seat": seat})

    async def start(self, table: int) -> None:
        await self.request({"type": "start", "table": table})

    async def leave(self, table: int) -> None:
        await self.request({"type": "leave", "table": table})
        self.tables.pop(table, None)
        self.seats.pop(table, None)

    async def back(self, table: int) -> None:
        await self.request({"type": "back", "table": table})

    async def act(self, table: int, prompt_id: int, action: Action | list[Any], *, fallback: str | None = None) -> int:
        """Answer a prompt with one of its actions (an :class:`Action` or its wire form).

        ``fallback``: why this is a stand-in for what the seat's program should have answered
        (an mjai bot's late or invalid reply); the host records the decision as ``by: fallback``.
        Returns the decision's number: the ``update`` with that ``n`` shows its effect.
        """
        wire = action.to_wire() if isinstance(action, Action) else list(action)
        msg: dict[str, Any] = {"type": "act", "table": table, "prompt": prompt_id, "action": wire}
        if fallback:
            msg["fallback"] = fallback[:120]
        reply = await self.request(msg)
        return reply["n"]

    async def chat(self, text: str, table: int | None = None) -> None:
        await self.request({"type": "chat", "text": text, "table": table})

    async def ping(self) -> float:
        """Round trip time in seconds."""
        start = time.perf_counter()
        await self.request({"type": "ping"})
        return time.perf_counter() - start

    async def _ping_loop(self) -> None:
        interval = self._ping_interval
        assert interval is not None  # the loop runs only with an interval (see connect)
        while not self.closed:
            await asyncio.sleep(interval)
            with contextlib.suppress(ConnectionClosed, ConnectionError, OSError):
                self._send({"type": "ping"})

    async def close(self) -> None:
        for task in self._tasks:
            if task is not asyncio.current_task():
                task.cancel()
        self._closed()
        with contextlib.suppress(ConnectionError, OSError):
            await self.writer.wait_closed()

    async def __aenter__(self) -> "Client":
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()


_CLOSING_CODES = {
    "handshake",
    "malformed",
    "too_large",
    "rate_limited",
    "too_many_errors",
    "idle",
    "slow_reader",
    "replaced",
    "shutdown",
    "host_full",
    "internal",
}
