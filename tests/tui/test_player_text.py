"""Player text is data (issue #25): names, chat and table names show literally on every screen.

A real host on 127.0.0.1 and the real client: a player named ``evil[/]`` (Rich and Textual markup
that closes nothing) at a bot-filled table must not crash the other player's table, result and
final screens, nor the History list and the replay opened on the stored match.
"""

from __future__ import annotations

import asyncio
import contextlib
import unicodedata

from hypothesis import HealthCheck, given, settings, strategies as st
from textual.widgets import RichLog

from jantaku.engine.actions import ActionType as A
from jantaku.netplay.client import Client, ClientError
from jantaku.netplay.host import Host
from jantaku.netplay.netbot import bot_chooser, play_table
from jantaku.netplay.paths import default_data_dir
from jantaku.playertext import clean_player_text
from jantaku.tui.app import JantakuApp
from jantaku.tui.screens.lobby import LobbyScreen
from jantaku.tui.screens.replay import ReplayListScreen, ReplayScreen
from jantaku.tui.screens.result import ResultScreen
from jantaku.tui.screens.table import TableScreen
from jantaku.tui.settings import Settings

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


async def test_what_another_program_sends_as_a_host_is_cleaned_before_it_is_shown():
    """Our host cleans player text at entry; a client may be talking to any program, so the screens
    clean a name, a table's name and chat again as they arrive."""
    dirty = "\x1b[2J\x1b]52;c;aGk=\x07\x00\x9b\u202e"
    host = Host(seed=3)
    port = await host.start(port=0)
    app = app_with()
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            app.join_address(f"127.0.0.1:{port}")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and "no tables yet" in shown(app))
            lobby = app.screen  # the real host's (empty) list is in: what follows comes as from another program
            seats = [{"seat": 0, "kind": "human", "name": f"evil[/]{dirty}", "player": 99, "connected": True}]
            seats += [{"seat": i, "kind": "empty", "name": None, "player": None} for i in (1, 2, 3)]
            table = {"id": 7, "name": f"[b]t{dirty}", "ruleset": "basic", "state": "waiting", "seats": seats}
            lobby.handle({"type": "lobby", "tables": [table]})
            lobby.handle({"type": "chat", "table": None, "from": f"evil[/]{dirty}", "text": f"hi{dirty} there"})
            await until(pilot, lambda: "evil[/][2J]52;c;aGk=: hi[2J]52;c;aGk= there" in shown(app))
            assert "[b]t[2J]52;c;aGk=" in shown(app) and "  E  evil[/][2J]52;c;aGk=" in shown(app)
    finally:
        await host.stop()


# --- any name at all: a property through the real client --------------------------------------------

# what names are made of: markup, escape and OSC 52 sequences, NUL, C1, bidi overrides, zero-width and
# combining characters, white space, and any Unicode at all between them
PIECES = [
    "[", "]", "/", "[/]", "[b]", "[bold red]", "[link=http://e.vil]", "[@click=app.quit]", "\\",
    "\x1b", "\x1b[2J", "\x1b]52;c;aGk=\x07", "\x1b]8;;http://e.vil\x1b\\", "\x00", "\x07", "\x9b", "\x85",
    "\u202e", "\u2066", "\u200b", "\u200d", "\ufeff", "\u2028", "e\u0301", "\t", "\n", "  ",
]  # fmt: skip
NAMES = st.lists(st.one_of(st.sampled_from(PIECES), st.text(min_size=1, max_size=3)), min_size=1, max_size=8).map(
    "".join
)


def controls_in(strips) -> list[str]:
    """Characters in the rendered segments that a terminal would act on or that reorder text."""
    return [
        ch for strip in strips for segment in strip for ch in segment.text if unicodedata.category(ch) in ("Cc", "Cf")
    ]


def shown(app: JantakuApp) -> str:
    """The current screen as text, after checking that no segment of it carries a control character."""
    strips = list(app.screen._compositor.render_strips())
    assert not controls_in(strips)
    return "\n".join(strip.text for strip in strips)


def logged(screen) -> str:
    """A table log's every line (also those scrolled away), after the same check."""
    lines = screen.query_one("#log", RichLog).lines
    assert not controls_in(lines)
    return "\n".join(line.text for line in lines)


async def journey(name: str) -> None:
    """``name`` says hello; the watcher sees it in the lobby, at the table, on the final result, in
    History and in the replay; a name with nothing visible (or too long) is refused in one line."""
    host = Host(data_dir=default_data_dir(), seed=5)
    port = await host.start(port=0)
    cleaned = clean_player_text(name, limit=25)
    try:
        evil, table = await evil_table(port, name=name, table_name=name)
    except ClientError as exc:
        await host.stop()
        assert not 1 <= len(cleaned) <= 24 and "\n" not in exc.text
        return
    assert evil.name == cleaned
    plays = asyncio.create_task(play_table(evil, table, bot_chooser()))
    app = JantakuApp(settings=Settings(bot_delay=0.0, name="watcher"))
    try:
        async with app.run_test(size=(200, 50)) as pilot:
            app.join_address(f"127.0.0.1:{port}")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.tables, 400)
            await evil.chat("hi")
            await until(pilot, lambda: f"{cleaned}: hi" in shown(app))
            await pilot.press("w")  # watch the only table
            await until(pilot, lambda: table in app.screen.client.seats)
            for _ in range(3):
                await evil.add_bot(table)
            await evil.start(table)
            await until(pilot, lambda: isinstance(app.screen, TableScreen), 400)
            board = app.screen
            await until(pilot, lambda: isinstance(app.screen, ResultScreen) and app.screen.final, 3000)
            assert cleaned in logged(board)
            await until(pilot, lambda: "Final standings" in shown(app))
            assert cleaned in shown(app).partition("Final standings")[2]
            await asyncio.wait_for(plays, 30)
            await evil.close()
            await host.stop()

            app.push_screen(ReplayListScreen())  # the newest stored match first
            await until(pilot, lambda: isinstance(app.screen, ReplayListScreen) and cleaned in shown(app))
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
            await pilot.press("right")
            await until(pilot, lambda: f"1. {cleaned}: " in logged(app.screen))
            await pilot.press("end")
            await until(pilot, lambda: "Final standings" in logged(app.screen))
            assert cleaned in logged(app.screen).partition("Final standings")[2]
            shown(app)
    finally:
        plays.cancel()
        with contextlib.suppress(BaseException):
            await plays
        await evil.close()
        await host.stop()


@settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(name=NAMES)
def test_any_name_is_shown_literally_and_carries_no_control_character_on_any_screen(name):
    asyncio.run(journey(name))
