"""A seat played by an external mjai bot: its line channel, and the client that plays the seat for it.

The bot is a program speaking mjai on stdin/stdout (mjai.app and Mortal
style: one JSON list of events per line, one JSON reply per line) or a TCP
mjai client (gimite's protocol, one event per line, a reply to each; see
:mod:`jantaku.netplay.mjai_server`).  Either way it reaches the table as a
network client of the host (:func:`play_seat`), so it gets exactly what a
person in its seat would get, and the host's rules for people apply to it:
its decisions are validated, and when it is gone a Jantaku bot plays on.

What the bot sends is read in chunks into lines of at most
:data:`~jantaku.engine.rulesets.riichi.mjai_bridge.MAX_REPLY_BYTES`; a
reply later than the time limit (default 2 s per decision, as mjai.app), or
one that is not a legal action, is replaced by the safe action (pass a
claim, else discard the drawn tile), acted with a ``fallback`` note (the
host records the decision as ``by: fallback``) and said in the table chat.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.actions import Action
from ..engine.events import decode_event
from ..engine.rulesets.riichi.mjai import MJAI_VARIANT
from ..engine.rulesets.riichi.mjai_bridge import MAX_REPLY_BYTES, TOO_LONG, MjaiSeatBridge
from ..engine.views import View
from .client import Client, ClientError
from .protocol import ErrorCode

log = logging.getLogger(__name__)

DEFAULT_TIME_LIMIT = 2.0  # seconds per decision (mjai.app's)
FIRST_REPLY_LIMIT = 10.0  # a bot may load its model while it answers start_game
SILENT_LIMIT = 5  # decisions in a row without a reply in time: the bot is gone (a Jantaku bot plays on)
MAX_UNREAD_BYTES = 1024 * 1024  # what a bot may leave unread on its stdin or socket before it is gone
_READ_CHUNK = 16 * 1024


class LineChannel:
    """Lines from a bot (bounded, each at most MAX_REPLY_BYTES), and lines to it."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter | Any):
        self.reader = reader
        self.writer = writer
        self.lines: asyncio.Queue[bytes | None] = asyncio.Queue(maxsize=64)
        self.closed = False
        self._task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        buffer = bytearray()
        overrun = False
        try:
            while True:
                chunk = await self.reader.read(_READ_CHUNK)
                if not chunk:
                    break
                buffer += chunk
                while True:
                    end = buffer.find(b"\n")
                    if end < 0:
                        if len(buffer) > MAX_REPLY_BYTES:  # drop what is too long until its line ends
                            buffer.clear()
                            overrun = True
                        break
                    line = bytes(buffer[:end]).strip()
                    del buffer[: end + 1]
                    if overrun:
                        overrun = False
                        line = TOO_LONG
                    if line:
                        self._put(line)
        except (ConnectionError, OSError):
            pass
        finally:
            self.closed = True
            self._put(None)

    def _put(self, line: bytes | None) -> None:
        if self.lines.full():  # a bot that talks without being asked loses its oldest lines
            self.lines.get_nowait()
        self.lines.put_nowait(line)

    def _drop_stale(self) -> None:
        """Lines that came after their deadline answer nothing now."""
        while not self.lines.empty():
            if self.lines.get_nowait() is None:
                self._put(None)
                return

    async def send(self, line: str, timeout: float = DEFAULT_TIME_LIMIT) -> bool:
        """Write one line; a bot that stops reading is not waited for beyond ``timeout``, and one that
        leaves more than MAX_UNREAD_BYTES unread is gone."""
        if self.closed:
            return False
        try:
            self.writer.write(line.encode() + b"\n")
            transport = getattr(self.writer, "transport", None)
            if transport is not None and transport.get_write_buffer_size() > MAX_UNREAD_BYTES:
                self.closed = True
                return False
            await asyncio.wait_for(self.writer.drain(), timeout)
        except TimeoutError:
            return True  # written to our side; the bot reads it when it reads again
        except (ConnectionError, OSError, RuntimeError):
            self.closed = True
            return False
        return True

    async def request(self, line: str, timeout: float) -> bytes | None:
        """Send ``line`` and wait up to ``timeout`` s for the reply (``None``: none in time, or gone)."""
        self._drop_stale()
        if not await self.send(line, timeout):
            return None
        try:
            reply = await asyncio.wait_for(self.lines.get(), timeout)
        except TimeoutError:
            return None
        if reply is None:
            self._put(None)  # stays gone
        return reply

    async def close(self) -> None:
        self.closed = True
        with contextlib.suppress(Exception):
            self.writer.close()
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._task


@dataclass
class BotProcess:
    """A bot program (``mjai:"python bot.py {seat}"``): its process and its line channel."""

    process: asyncio.subprocess.Process
    channel: LineChannel

    @classmethod
    async def start(cls, command: str, seat: int) -> BotProcess:
        """Start ``command`` (``{seat}`` becomes the seat number); OSError/ValueError when it cannot start."""
        argv = [part.replace("{seat}", str(seat)) for part in shlex.split(command)]
        if not argv:
            raise ValueError("an mjai seat needs a command")
        process = await asyncio.create_subprocess_exec(
            *argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL if os.environ.get("JANTAKU_MJAI_STDERR") != "1" else None,
        )
        assert process.stdout is not None and process.stdin is not None
        return cls(process, LineChannel(process.stdout, process.stdin))

    @property
    def alive(self) -> bool:
        return self.process.returncode is None and not self.channel.closed

    async def close(self) -> None:
        await self.channel.close()
        if self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.process.wait(), 5)


@dataclass
class MjaiPlayer:
    """A bridge and a channel: tells the bot what its seat saw, asks it when the seat must decide.

    ``per_event``: gimite's protocol (a reply to every event) instead of mjai.app's batches."""

    bridge: MjaiSeatBridge
    channel: LineChannel
    time_limit: float = DEFAULT_TIME_LIMIT
    per_event: bool = False
    first: bool = True
    fallbacks: list[str] = field(default_factory=list)
    silent: int = 0  # decisions in a row the bot did not answer in time

    @property
    def hung(self) -> bool:
        return self.silent >= SILENT_LIMIT

    def _limit(self) -> float:
        return FIRST_REPLY_LIMIT if self.first else self.time_limit

    async def _ask(self) -> bytes | None:
        if not self.per_event:
            reply = await self.channel.request(self.bridge.batch(), self._limit())
            self.first = False
            return reply
        reply = None
        for event in self.bridge.pending_events():
            reply = await self.channel.request(json.dumps(event, separators=(",", ":")), self._limit())
            self.first = False
            if reply is None:
                break
        return reply

    async def tell(self) -> None:
        """Pass on what is queued when a hand or the match ends (the reply answers nothing)."""
        if self.bridge.queued and self.channel and not self.channel.closed:
            await self._ask()

    async def decide(self, legal: Sequence[Action], view: View | None) -> tuple[Action, str | None]:
        """The bot's action (or the safe one, with the reason) for the seat's open decision."""
        for _ in range(2):  # a reach takes two replies
            reply = await self._ask()
            self.silent = self.silent + 1 if reply is None else 0
            outcome = self.bridge.answer(reply, legal, view)
            if outcome.action is not None:
                if outcome.problem:
                    self._note(outcome.problem)
                return outcome.action, outcome.problem
        outcome = self.bridge.answer(None, legal, view)
        assert outcome.action is not None  # a missing reply always comes to the safe action
        self._note(outcome.problem or "")
        return outcome.action, outcome.problem

    def _note(self, problem: str) -> None:
        if problem not in self.fallbacks:  # each kind of trouble once in the log, not once per decision
            log.info("mjai seat %d: %s; the safe action was played", self.bridge.seat, problem)
        self.fallbacks.append(problem)


def _ends_something(events: list[dict[str, Any]]) -> bool:
    return any(e.get("type") in ("end_kyoku", "end_game") for e in events)


async def play_seat(
    client: Client,
    table: int,
    seat: int,
    channel: LineChannel,
    *,
    time_limit: float = DEFAULT_TIME_LIMIT,
    per_event: bool = False,
    alive: Callable[[], bool] | None = None,
    on_fallback: Callable[[str], None] | None = None,
) -> View | None:
    """Play ``seat`` at ``table`` for the bot on ``channel`` until the match ends (returns the last view).

    When the bot is gone (``alive()`` false, or its channel closed) the client leaves the seat, so that
    the host's bot plays on.  ``ValueError`` if the table does not play riichi."""
    player: MjaiPlayer | None = None
    last: View | None = None
    answered: set[int] = set()
    notes = _Notes(seat)

    def gone() -> bool:
        hung = player is not None and player.hung
        return hung or channel.closed or (alive is not None and not alive())

    try:
        async for msg in client.updates():
            kind = msg["type"]
            if kind == "bye" or (kind == "table_closed" and msg.get("table") == table):
                return last
            if kind != "update" or msg.get("table") != table:
                continue
            view: View = msg["view"]
            last = view
            if player is None:
                if view.variant != MJAI_VARIANT:
                    raise ValueError(f"mjai plays {MJAI_VARIANT}; table {table} plays {view.variant}")
                names = [
                    s.get("name") or f"seat {i + 1}"
                    for i, s in enumerate((client.tables.get(table) or {}).get("seats") or [{}] * 4)
                ]
                player = MjaiPlayer(MjaiSeatBridge(seat, names, view.rules.red_fives), channel, time_limit, per_event)
            events = []
            for wire in msg.get("events") or ():
                with contextlib.suppress(ValueError, TypeError):
                    events.append(decode_event(wire))
            player.bridge.observe(events, view)
            if gone():
                why = "has not answered for a while" if player.hung else "is gone"
                await _say(client, table, f"the mjai bot in seat {seat + 1} {why}; a bot plays on", retries=5)
                with contextlib.suppress(ClientError):
                    await client.leave(table)
                return last
            prompt = msg.get("prompt")
            if prompt and prompt["id"] in answered:
                prompt = None  # still open while others answer the same discard: answered already
            if prompt:
                answered.add(prompt["id"])
                legal = [Action.from_wire(w) for w in prompt["actions"]]
                if all(a.type.value == "continue" for a in legal):
                    await player.tell()
                    action, problem = legal[0], None
                else:
                    action, problem = await player.decide(legal, view)
                try:
                    await client.act(table, prompt["id"], action, fallback=problem)
                except ClientError as exc:
                    if exc.code != ErrorCode.STALE_PROMPT:
                        raise
                if problem:
                    if on_fallback is not None:
                        on_fallback(problem)
                    await notes.fallback(client, table, f"{problem}; played {action} instead")
            elif _ends_something(player.bridge.queued):
                await player.tell()
            if view.match is not None and view.match.phase == "over":
                await player.tell()  # end_game
                return view
    except ClientError:
        raise  # the connection to the host failed: the host's grace and bots take the seat over
    except Exception as exc:
        if player is None:
            raise  # not an mjai table, or nothing played yet: the caller's error
        # whatever went wrong here must not leave the seat taken by a task that no longer answers
        log.warning("mjai seat %d: %s: %s; a bot plays on", seat, type(exc).__name__, exc)
        await _say(client, table, f"the mjai bot in seat {seat + 1} failed; a bot plays on", retries=5)
        with contextlib.suppress(ClientError):
            await client.leave(table)
    return last


async def run_mjai_seat(
    host: str,
    port: int,
    command: str,
    *,
    table: int,
    seat: int | None = None,
    name: str | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> View | None:
    """``jantaku mjai-seat``: take a seat at ``table`` and play it with the bot program ``command``."""
    async with await Client.connect(host, port, name or "mjai bot", free_name=name is None) as client:
        taken = await client.join(table, seat)
        bot = await BotProcess.start(command, taken)
        try:
            return await play_seat(client, table, taken, bot.channel, time_limit=time_limit, alive=lambda: bot.alive)
        finally:
            await bot.close()


async def _say(client: Client, table: int, text: str, *, retries: int = 0) -> bool:
    """A line in the table chat (the host limits chat: ``retries`` waits of a second for room)."""
    for attempt in range(retries + 1):
        try:
            await client.chat(text[:300], table)
            return True
        except ClientError as exc:
            if exc.code != ErrorCode.CHAT_LIMIT or attempt == retries:
                return False
            await asyncio.sleep(1.0)
        except OSError:
            return False
    return False


@dataclass
class _Notes:
    """Fallbacks told to the table without flooding its chat: at most one line every few seconds."""

    seat: int
    every: float = 3.0
    last: float = float("-inf")
    unsaid: int = 0

    async def fallback(self, client: Client, table: int, text: str) -> None:
        now = asyncio.get_running_loop().time()
        if now - self.last < self.every:
            self.unsaid += 1
            return
        more = f" (and {self.unsaid} more before)" if self.unsaid else ""
        if await _say(client, table, f"mjai bot in seat {self.seat + 1}: {text}{more}"):
            self.last, self.unsaid = now, 0


# --- mjai seats at a table of a host in this process (quick game, selfplay) ------------------------


def parse_seat_specs(specs: Sequence[str] | None) -> dict[int, str]:
    """``--seat 2=mjai:"python bot.py {seat}"`` arguments as {seat: command}; ValueError when malformed.

    >>> parse_seat_specs(['2=mjai:python bot.py {seat}'])
    {2: 'python bot.py {seat}'}
    """
    seats: dict[int, str] = {}
    for spec in specs or ():
        where, sep, what = spec.partition("=")
        kind, colon, command = what.partition(":")
        if not sep or not where.strip().isdigit() or int(where) not in range(4) or kind != "mjai" or not colon:
            raise ValueError(f'--seat takes SEAT=mjai:"COMMAND" with a seat 0-3, not {spec!r}')
        if not command.strip():
            raise ValueError(f"--seat {where}: the mjai bot needs a command")
        seats[int(where)] = command
    return seats


@dataclass
class MjaiSeats:
    """The mjai bots seated at one table of a host in this process, each with its client and task."""

    bots: list[BotProcess] = field(default_factory=list)
    clients: list[Client] = field(default_factory=list)
    tasks: list[asyncio.Task[View | None]] = field(default_factory=list)
    fallbacks: dict[int, list[str]] = field(default_factory=dict)

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for client in self.clients:
            with contextlib.suppress(Exception):
                await client.close()
        for bot in self.bots:
            await bot.close()


async def seat_mjai_bots(
    port: int, table: int, seats: dict[int, str], *, time_limit: float = DEFAULT_TIME_LIMIT
) -> MjaiSeats:
    """Start each seat's bot program and sit it there through a client of the host on ``port``
    (the seats must be free; the table may start when they are taken)."""
    out = MjaiSeats()
    try:
        for seat, command in sorted(seats.items()):
            bot = await BotProcess.start(command, seat)
            out.bots.append(bot)
            client = await Client.connect("127.0.0.1", port, f"mjai {seat + 1}", free_name=True)
            out.clients.append(client)
            await client.join(table, seat)
            notes = out.fallbacks.setdefault(seat, [])
            task = asyncio.create_task(
                play_seat(
                    client,
                    table,
                    seat,
                    bot.channel,
                    time_limit=time_limit,
                    alive=lambda bot=bot: bot.alive,  # type: ignore[misc]
                    on_fallback=notes.append,
                )
            )
            out.tasks.append(task)
    except BaseException:
        await out.close()
        raise
    return out


async def selfplay_with_mjai(
    ruleset: str,
    seats: dict[int, str],
    *,
    seed: int = 0,
    bot: str | Sequence[str] = "easy",
    preset: str | None = None,
    options: dict[str, Any] | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    timeout: float = 3600.0,
) -> tuple[Any, dict[int, list[str]]]:
    """One match with mjai bots in ``seats`` and our ``bot`` in the others (or ``bot[seat]``: one per
    seat), on a host in this process.

    Returns the finished match (replayed from its record) and each mjai seat's fallbacks."""
    from ..engine.match import Match
    from .host import Host
    from .prompts import Timers

    if ruleset != MJAI_VARIANT:
        raise ValueError(f"mjai plays {MJAI_VARIANT}, not {ruleset}")
    host = Host(seed=seed)
    port = await host.start(port=0, bind="127.0.0.1")
    mjai: MjaiSeats | None = None
    try:
        timers = Timers(turn=None, claim=None, between=None, grace=None, bot=0.0)
        by_seat = [bot] * 4 if isinstance(bot, str) else list(bot)
        table_id = host.create_quick_table(ruleset=ruleset, preset=preset, options=options, timers=timers)
        table = host.lobby.tables[table_id] if host.lobby else None
        assert table is not None  # the host is started
        for index in range(4):
            if index in seats:
                table.seats[index].empty()
            else:
                table.seats[index].seat_bot(by_seat[index])
        # a spectator keeps the table open when every bot program is gone (our bots then play on)
        watcher = await Client.connect("127.0.0.1", port, "selfplay")
        await watcher.spectate(table_id)
        mjai = await seat_mjai_bots(port, table_id, seats, time_limit=time_limit)
        mjai.clients.append(watcher)
        await asyncio.wait_for(_until_over(watcher, table_id), timeout)
        await asyncio.wait_for(asyncio.gather(*mjai.tasks, return_exceptions=True), timeout)
        match_id = table.match_id
        assert match_id is not None  # the match started when the mjai seats were taken
        store = host.store
        assert store is not None  # a started host has its store
        stored = store.load(match_id)
        return Match.replay(stored.record), mjai.fallbacks
    finally:
        if mjai is not None:
            await mjai.close()
        await host.stop()


async def _until_over(client: Client, table: int) -> None:
    async for msg in client.updates():
        if msg["type"] == "table_closed" and msg.get("table") == table:
            return
        if msg["type"] == "update" and msg.get("table") == table:
            view: View = msg["view"]
            if view.match is not None and view.match.phase == "over":
                return
