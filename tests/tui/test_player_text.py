"""Player text is data (issue #25): names, chat and table names show literally on every screen.

A real host on 127.0.0.1 and the real client: a player named ``evil[/]`` (Rich and Textual markup
that closes nothing) at a bot-filled table must not crash the other player's table, result and
final screens, nor the History list and the replay opened on the stored match.
"""

from __future__ import annotations

import asyncio
import contextlib

from jantaku.engine.actions import ActionType as A
from jantaku.netplay.client import Client
from jantaku.netplay.host import Host
from jantaku.netplay.netbot import bot_chooser, play_table
from jantaku.netplay.paths import default_data_dir
from jantaku.tui.app import JantakuApp
from jantaku.tui.screens.lobby import LobbyScreen
from jantaku.tui.screens.replay import ReplayListScreen, ReplayScreen
from jantaku.tui.screens.result import ResultScreen
from jantaku.tui.screens.table import TableScreen
from jantaku.tui.settings import Settings
from textual.widgets import RichLog

from .conftest import screen_text, until

EVIL = "evil[/]"
EVIL_TABLE = "[b]x[/b][@click=app.quit]y"


def app_with(name: str = "ann") -> JantakuApp:
    return JantakuApp(settings=Settings(bot_delay=0.0, name=name, auto_pass=True))


def log_text(app: JantakuApp) -> str:
    """Every line of the table's log, also those scrolled out of sight."""
    return "\n".join(line.text for line in app.screen.query_one("#log", RichLog).lines)


async def play_to_the_end(pilot, app: JantakuApp, tries: int = 3000) -> None:
    """Answer the table's prompts by key (pass on calls, discard the selected tile) until the final result."""
    for _ in range(tries):
        screen = app.screen
        if isinstance(screen, ResultScreen) and screen.final:
            return
        if isinstance(screen, ResultScreen):
            await pilot.press("enter")
        elif isinstance(screen, TableScreen) and screen.prompt is not None:
            await pilot.press("space" if A.PASS in screen.prompt.types else "enter")
        await pilot.pause(0.005)
    raise AssertionError("the match did not reach its final result")


async def evil_table(port: int, *, name: str = EVIL, table_name: str = EVIL_TABLE) -> tuple[Client, int]:
    evil = await Client.connect("127.0.0.1", port, name)
    table = await evil.create_table("basic", options={"hands": 1}, timers={"bot": 0}, seat=0, name=table_name)
    return evil, table


async def test_a_name_with_markup_is_shown_literally_from_the_lobby_to_the_replay():
    host = Host(data_dir=default_data_dir(), seed=3)  # the data directory History reads (private_dirs)
    port = await host.start(port=0)
    evil, table = await evil_table(port)
    evil_plays: asyncio.Task | None = None
    app = app_with()
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            app.join_address(f"127.0.0.1:{port}")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and EVIL in screen_text(app), 400)
            assert EVIL_TABLE in screen_text(app)  # the table's name, markup and all (its detail)
            await pilot.press("enter")  # sit at the only table
            await until(pilot, lambda: "ann  (you)" in screen_text(app))
            await evil.add_bot(table)
            await evil.add_bot(table)
            evil_plays = asyncio.create_task(play_table(evil, table, bot_chooser()))
            await evil.start(table)
            await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.view is not None, 400)
            assert EVIL in screen_text(app)
            await play_to_the_end(pilot, app)
            await until(pilot, lambda: "Final standings" in screen_text(app))
            assert EVIL in screen_text(app)
            await asyncio.wait_for(evil_plays, 30)
            await evil.close()
            await host.stop()  # the match is in the database; History reads it as the operator would

            app.push_screen(ReplayListScreen())
            await until(pilot, lambda: isinstance(app.screen, ReplayListScreen) and EVIL in screen_text(app))
            await pilot.press("enter")  # the stored match, highlighted first
            await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
            await pilot.press("right")  # seat 0's first decision, in the log by its name
            await until(pilot, lambda: f"1. {EVIL}: " in screen_text(app))
            await pilot.press("end")  # the last hand's result and the standings, names in tables
            await until(pilot, lambda: "Final standings" in log_text(app))
            assert EVIL in log_text(app).partition("Final standings")[2]
    finally:
        if evil_plays is not None:
            evil_plays.cancel()
            with contextlib.suppress(BaseException):
                await evil_plays
        await evil.close()
        await host.stop()
