"""Games on a host, through the netplay client: what the lobby and the tables listen to.

A :class:`ClientHub` is the one reader of a client's messages; the lobby
and each open table listen to it.  A :class:`ClientSession` is one table
seen through the hub as a :class:`~jantaku.tui.session.GameSession`: its
updates (with the seats' names from the table's info), its chat, and the
connection's errors.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from ..engine.actions import Action
from ..engine.match import Match, MatchRecord
from ..i18n import N_, _
from ..netplay.client import Client, ClientError
from ..netplay.texts import in_reader_language
from ..playertext import clean_player_text
from .session import GameSession

ENDED = {"type": "closed"}  # what listeners get when the connection is gone


def statuses_from_info(info: dict[str, Any] | None) -> dict[int, str]:
    """A word for each seat whose player is not simply there: offline, or away with a bot playing.

    >>> statuses_from_info({"seats": [{"kind": "human", "connected": False}, {"kind": "human", "away": True},
    ...                               {"kind": "bot"}, {"kind": "human", "connected": True}]})
    {0: 'offline', 1: 'away, bot plays'}
    """
    out: dict[int, str] = {}
    for i, seat in enumerate((info or {}).get("seats") or ()):
        if not isinstance(seat, dict) or seat.get("kind") != "human":
            continue
        if seat.get("connected") is False:
            out[i] = _("offline")
        elif seat.get("away"):
            out[i] = _("away, bot plays")
    return out


def paused(info: dict[str, Any] | None) -> bool:
    """The host pauses a started table while none of its people is connected (docs/protocol.md)."""
    humans = [s for s in (info or {}).get("seats") or () if isinstance(s, dict) and s.get("kind") == "human"]
    return (info or {}).get("state") == "playing" and bool(humans) and not any(s.get("connected") for s in humans)


def host_text(value: object) -> str:
    """Player text as a host sent it (a name, a table's name, chat), cleaned again as it arrives: our
    host cleaned it at entry, but a client may be talking to any program.

    >>> host_text("evil[/]\\x1b]52;c;aGk=\\x07\\u202e"), host_text(None)
    ('evil[/]]52;c;aGk=', '')
    """
    return clean_player_text(str(value or ""), limit=MAX_HOST_TEXT)


MAX_HOST_TEXT = 300  # the longest player text the protocol allows (chat)

STAND_IN = " (bot)"  # the host names the bot that plays on for a person who left "NAME (bot)"


def seat_name(seat: dict[str, Any], index: int) -> str:
    """A seat's name as people read it: ``Seat 3`` when empty; a stand-in bot by the person's name
    (that a bot plays is said once, by :func:`seat_notes`)."""
    name = host_text(seat.get("name")) or _("Seat {number}").format(number=index + 1)
    if seat.get("kind") == "bot" and name.endswith(STAND_IN):
        name = name.removesuffix(STAND_IN)
    return name


def seat_notes(info: dict[str, Any] | None) -> dict[int, str]:
    """:func:`statuses_from_info`, and which bot plays each bot seat (``strong bot``).

    >>> seat_notes({"seats": [{"kind": "bot", "bot": "easy"}, {"kind": "human", "away": True}, {"kind": "empty"}]})
    {0: 'easy bot', 1: 'away, bot plays'}
    """
    out = statuses_from_info(info)
    for i, seat in enumerate((info or {}).get("seats") or ()):
        if isinstance(seat, dict) and (note := bot_note(seat)):
            out[i] = note
    return dict(sorted(out.items()))


def bot_note(seat: dict[str, Any]) -> str | None:
    """``strong bot`` for a seat a bot plays, else None."""
    if seat.get("kind") != "bot":
        return None
    level = seat.get("bot")
    if level in BOT_NOTES:
        return _(BOT_NOTES[level])
    return _("{level} bot").format(level=level) if level else _("a bot")


BOT_NOTES = {"easy": N_("easy bot"), "normal": N_("normal bot"), "strong": N_("strong bot")}  # the host's levels


def names_from_info(info: dict[str, Any] | None) -> list[str]:
    """The seats' names from a table info (``Seat 3`` for an empty seat); the same name twice gets
    each seat's number.

    >>> names_from_info({"seats": [{"name": "ann"}, {"name": None, "kind": "empty"}, {"name": "easy"}, {}]})
    ['ann', 'Seat 2', 'easy', 'Seat 4']
    >>> names_from_info({"seats": [{"name": "ann"}, {"name": "bot"}, {"name": "bot"}, {"name": "bot"}]})
    ['ann', 'bot 2', 'bot 3', 'bot 4']
    """
    seats = (info or {}).get("seats") or []
    names = [seat_name(seat, i) for i, seat in enumerate(seats[:4])]
    names += [_("Seat {number}").format(number=i + 1) for i in range(len(names), 4)]
    return [f"{name} {i + 1}" if names.count(name) > 1 else name for i, name in enumerate(names)]


def error_sentence(code: str | None, message: str | None) -> str:
    """A host's error as people read it: its message as a sentence; the code in words only when
    there is no message.

    >>> error_sentence("seat_taken", "seat 2 at table 1 is taken")
    'Seat 2 at table 1 is taken.'
    """
    text = str(message).strip() if message else str(code or "error").replace("_", " ")
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else f"{text}."


def host_error(message: dict[str, Any]) -> str:
    """An ``error`` or ``bye`` as a sentence in the player's language (the host's key, else its English).

    >>> host_error({"type": "error", "code": "table_full", "message": "table 3 has no free seat"})
    'Table 3 has no free seat.'
    """
    field = "message" if message.get("message") else "reason"
    return error_sentence(message.get("code") or message.get("type"), in_reader_language(message, field))


def connect_failure(exc: BaseException) -> str:
    """Why a connection to a host failed, as a sentence (never an exception's class name).

    >>> connect_failure(ConnectionRefusedError(111, "Connection refused"))
    'Nobody is hosting at that address (the connection was refused).'
    >>> connect_failure(TimeoutError())
    'The host did not answer in time.'
    """
    if isinstance(exc, ClientError):
        return error_sentence(exc.code, exc.text)
    if isinstance(exc, ConnectionRefusedError):
        return _("Nobody is hosting at that address (the connection was refused).")
    if isinstance(exc, TimeoutError):
        return _("The host did not answer in time.")
    if isinstance(exc, socket.gaierror):
        return _("No such host name.")
    if isinstance(exc, ConnectionError):
        return _("The host closed the connection.")
    reason = getattr(exc, "strerror", None) or str(exc) or "the network said no"
    return error_sentence(None, reason)


class ClientHub:
    """Reads a client's messages once and hands each to every listener (a queue per listener)."""

    def __init__(
        self, client: Client, *, on_close: Callable[[], Awaitable[None]] | None = None, host: Any = None
    ) -> None:
        self.client = client
        self.on_close = on_close  # e.g. stopping the host this process runs
        self.host = host  # that host, when this process runs it (its matches can be saved for replays)
        self.latest: dict[int, dict[str, Any]] = {}  # each table's last update: a complete state to start from
        self._listeners: list[asyncio.Queue] = []
        self._task = asyncio.create_task(self._pump())

    def listen(self) -> asyncio.Queue:
        queue: asyncio.Queue = asyncio.Queue()
        if self.client.closed and self._task.done():
            queue.put_nowait(ENDED)
        self._listeners.append(queue)
        return queue

    def unlisten(self, queue: asyncio.Queue) -> None:
        with contextlib.suppress(ValueError):
            self._listeners.remove(queue)

    async def _pump(self) -> None:
        async for message in self.client.updates():
            if message.get("type") == "update":
                self.latest[message["table"]] = message
            for queue in list(self._listeners):
                queue.put_nowait(message)
        for queue in list(self._listeners):
            queue.put_nowait(ENDED)

    async def close(self) -> None:
        await self.client.close()
        if self.on_close is not None:
            await self.on_close()


class ClientSession(GameSession):
    """One table of a host, for the table screen; it starts from the table's latest update."""

    def __init__(self, hub: ClientHub, table: int, *, close_hub: bool = False) -> None:
        self.hub = hub
        self.table = table
        self.close_hub = close_hub  # a quick game: leaving the table ends the connection (and the host)
        info = hub.client.tables.get(table)
        self.seat = hub.client.seats.get(table)
        self.names = names_from_info(info)
        self.statuses = seat_notes(info)
        self.paused = paused(info)
        self.title = host_text((info or {}).get("name")) or _("table {number}").format(number=table)
        self._queue = hub.listen()  # no await between these two lines: nothing falls in between
        if table in hub.latest:
            self._queue.put_nowait(hub.latest[table])
        self._closed = False
        self._kept: tuple | None = None  # (record, over) once closed

    def _mine(self, message: dict[str, Any]) -> bool:
        """This table's messages, and the connection's own (errors, its end)."""
        if message.get("type") in ("update", "table", "table_closed", "chat"):
            return message.get("table") == self.table
        return message.get("type") in ("error", "bye", "closed")

    async def updates(self) -> AsyncIterator[dict[str, Any]]:
        while (message := await self._queue.get()) is not None:
            if not self._mine(message):
                continue
            kind = message["type"]
            if kind == "table":  # seats changed: names and who is there, for the table and the next update
                info = message.get("info")
                self.names = names_from_info(info)
                before = (self.statuses, self.paused)
                self.statuses, self.paused = seat_notes(info), paused(info)
                self.seat = message.get("seat")
                if (self.statuses, self.paused) != before:  # somebody left, came back, a bot took over
                    yield {"type": "seats", "names": self.names, "statuses": self.statuses, "paused": self.paused}
            elif kind == "update":
                yield {**message, "names": self.names, "statuses": self.statuses, "paused": self.paused}
            elif kind in ("bye", "closed", "table_closed"):
                reason = in_reader_language(message, "reason") or _("the host closed the connection")
                yield {"type": "error", "code": kind, "message": reason}
                return
            else:
                yield message

    async def act(self, prompt_id: int, action: Action) -> None:
        try:
            await self.hub.client.act(self.table, prompt_id, action)
        except ClientError as exc:  # shown like any error the host sends
            self._queue.put_nowait({"type": "error", "code": exc.code, "message": exc.text})

    async def chat(self, text: str) -> None:
        try:
            await self.hub.client.chat(text, self.table)
        except ClientError as exc:
            self._queue.put_nowait({"type": "error", "code": exc.code, "message": exc.text})

    @property
    def match(self) -> Match | None:
        """The match itself, when the host runs in this process (else None)."""
        host = self.hub.host
        table = host.lobby.tables.get(self.table) if host is not None and host.lobby is not None else None
        return table.match if table is not None else None

    def record(self) -> MatchRecord | None:
        if self._kept is not None:
            return self._kept[0]
        match = self.match
        return match.record() if match is not None else None

    @property
    def over(self) -> bool:
        if self._kept is not None:
            return self._kept[1]
        match = self.match
        return match is not None and match.is_over

    async def close(self) -> None:
        """Leave the table (a bot plays on if the match goes on) and stop listening."""
        if self._closed:
            return
        self._closed = True
        self._kept = (self.record(), self.over)  # the embedded host goes away with a quick game
        self._queue.put_nowait(None)
        self.hub.unlisten(self._queue)
        if self.close_hub:
            await self.hub.close()
            return
        self.hub.latest.pop(self.table, None)  # no longer yours: sitting down again asks the host anew
        with contextlib.suppress(ClientError):
            await self.hub.client.leave(self.table)
