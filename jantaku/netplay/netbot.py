"""A bot that plays as a network client: ``jantaku bot --connect HOST:PORT``.

It sees exactly what a person in its seat would (the ``update`` messages) and
answers each prompt with an engine bot's choice, so it is also the reference
client for docs/protocol.md.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Callable, Sequence
from typing import Any

from ..engine.actions import Action
from ..engine.bots import Bot, get_bot
from ..engine.views import View
from .client import Client, ClientError
from .protocol import ErrorCode

log = logging.getLogger(__name__)

Chooser = Callable[[View, Sequence[Action]], Action]  # what Bot.choose is


def bot_chooser(name: str = "easy") -> Chooser:
    bot: Bot = get_bot(name)
    return bot.choose


async def play_table(
    client: Client,
    table: int,
    choose: Chooser,
    *,
    think: float = 0.0,
    on_update: Callable[[dict[str, Any]], None] | None = None,
) -> View | None:
    """Answer every prompt at ``table`` until its match ends; returns the final view (None if it closed).

    ``think`` seconds pass before each answer (a bot that plays at a person's pace).
    """
    async for msg in client.updates():
        kind = msg["type"]
        if kind == "table_closed" and msg["table"] == table:
            return None
        if kind == "bye":
            return None
        if kind != "update" or msg["table"] != table:
            continue
        if on_update is not None:
            on_update(msg)
        prompt = msg["prompt"]
        if prompt:
            actions = [Action.from_wire(w) for w in prompt["actions"]]
            choice = choose(msg["view"], actions)
            if think:
                await asyncio.sleep(think)
            try:
                await client.act(table, prompt["id"], choice)
            except ClientError as exc:
                if exc.code != ErrorCode.STALE_PROMPT:  # the window closed before our answer: fine
                    raise
        view: View = msg["view"]
        if view.match is not None and view.match.phase == "over":
            return view
    return None


async def find_free_table(client: Client) -> int:
    """The first waiting table with a free seat, waiting for one to appear."""
    tables = await client.list_tables(watch=True)
    while True:
        for info in tables:
            if info["state"] == "waiting" and any(s["kind"] == "empty" for s in info["seats"]):
                await client.list_tables(watch=False)
                return info["id"]
        msg = await client.next_message("lobby", timeout=3600)
        tables = msg["tables"]


# first names for network bots started without --name, so that two of them in one lobby are told apart
NETWORK_BOT_NAMES = ("Sora", "Haru", "Yuki", "Ren", "Aoi", "Kai", "Nao", "Rin")


def network_bot_name(level: str, pick: int) -> str:
    """A network bot's default name: a first name and what it is.

    >>> network_bot_name("strong", 9)
    'Haru (strong bot)'
    """
    return f"{NETWORK_BOT_NAMES[pick % len(NETWORK_BOT_NAMES)]} ({level} bot)"


async def run_network_bot(
    host: str,
    port: int,
    *,
    table: int | None = None,
    bot: str = "easy",
    name: str | None = None,
    token: str | None = None,
) -> View | None:
    """Connect, take a seat (at ``table`` or the first free one) and play one match."""
    choose = bot_chooser(bot)
    chosen = name is not None  # a default name is only a start: another bot may have it
    name = name or network_bot_name(bot, os.getpid())
    async with await Client.connect(host, port, name, token, free_name=not chosen) as client:
        seated = client.welcome.get("tables") or []
        if table is None and seated:
            table = seated[0]
        elif table is None:
            while True:
                table = await find_free_table(client)
                try:
                    await client.join(table)
                    break
                except ClientError as exc:  # someone was faster
                    log.info("could not join table %d: %s", table, exc)
        elif table not in seated:
            await client.join(table)
        log.info("playing at table %d", table)
        return await play_table(client, table, choose)
