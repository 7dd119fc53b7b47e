"""The TUI on a real host: the quick game's embedded host, a lobby, joining, chat and leaving."""

from __future__ import annotations

import asyncio

import pytest

from jantaku.engine.actions import ActionType as A, Pass
from jantaku.netplay.client import Client
from jantaku.netplay.host import Host
from jantaku.tui.app import JantakuApp
from jantaku.tui.netsession import ClientHub, ClientSession, names_from_info
from jantaku.tui.records import list_records, load_record
from jantaku.tui.screens.lobby import LobbyScreen
from jantaku.tui.screens.menu import MenuScreen, QuickGameScreen
from jantaku.tui.screens.result import ResultScreen
from jantaku.tui.screens.table import TableScreen
from jantaku.tui.settings import Settings

from .conftest import HANG, patient, screen_text, until


@pytest.fixture
async def host():
    host = Host()  # matches in memory only
    port = await host.start(port=0)
    yield host, f"127.0.0.1:{port}"
    await host.stop()


def app_with(**settings) -> JantakuApp:
    return JantakuApp(settings=Settings(bot_delay=0.0, name="ann", **settings))


async def test_quick_game_runs_on_an_embedded_host_and_plays_by_keys():
    app = app_with()
    async with app.run_test() as pilot:
        app.quick_game("basic", options={"hands": 1})
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.prompt is not None, 400)
        table = app.screen
        assert isinstance(table.session, ClientSession) and table.session.hub.host is not None
        for _ in patient(2000):  # discard and pass by key until the hand's result
            if isinstance(app.screen, ResultScreen):
                break
            if table.prompt is not None:
                await pilot.press("space" if A.PASS in table.prompt.types else "enter")
            await pilot.pause(0.005)
        await until(pilot, lambda: isinstance(app.screen, ResultScreen) and "Final standings" in screen_text(app))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen), 400)
        assert table.session.hub.client.closed
        await asyncio.wait_for(table.session.hub.host.wait_stopped(), HANG)
    saved = list_records()  # the finished match, kept for the replays list
    assert len(saved) == 1 and load_record(saved[0])[1][0] == "ann"


async def test_lobby_create_add_bots_start_and_play(host):
    server, address = host
    app = app_with()
    async with app.run_test(size=(100, 30)) as pilot:
        app.join_address(address)
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), 400)
        lobby = app.screen
        await until(pilot, lambda: "no tables yet" in screen_text(app))
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, QuickGameScreen))
        app.screen.query_one("#ruleset").value = "basic"
        await pilot.pause()
        await pilot.click("#start")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and lobby.tables)
        await until(pilot, lambda: "ann's table" in screen_text(app))
        for key in ("1", "enter", "3"):  # easy by its number, the preselected (normal), strong
            await pilot.press("b")
            await until(pilot, lambda: "Add a bot" in screen_text(app))
            await pilot.press(key)
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            await pilot.pause(0.05)
        await until(pilot, lambda: "4/4" in screen_text(app))
        seats = server.lobby.tables[next(iter(server.lobby.tables))].info()["seats"]
        assert [seat["bot"] for seat in seats] == [None, "easy", "normal", "strong"]
        assert "strong bot" in screen_text(app)
        await pilot.press("b", "escape")  # a full table: the dialog cancelled, nothing changes
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.prompt is not None, 400)
        table = app.screen
        assert table.names[0] == "ann" and table.seat == 0
        await pilot.press("enter")
        await until(pilot, lambda: table.sent and table.view["players"][0]["discards"])
        await pilot.press("escape", "1")  # leave: a bot plays on, back in the lobby
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))


async def test_join_sit_and_chat_with_another_player(host):
    server, address = host
    other = await Client.connect(*address.split(":")[:1], int(address.split(":")[1]), "bob")
    table_id = await other.create_table("basic", seat=0, name="bob's table")
    app = app_with()
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            app.join_address(address)
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and "bob's table" in screen_text(app), 400)
            await pilot.press("enter")  # sit at the highlighted (only) table
            await until(pilot, lambda: "ann  (you)" in screen_text(app))
            await other.chat("hi ann")
            await until(pilot, lambda: "bob: hi ann" in screen_text(app))
            await other.add_bot(table_id)
            await other.add_bot(table_id)
            await other.start(table_id)
            await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.view is not None, 400)
            table = app.screen
            assert table.seat == 1 and table.names[:2] == ["bob", "ann"]
            await pilot.press("slash", *"gg", "enter")
            message = await other.next_message("chat", table=table_id)
            assert message["text"] == "gg" and message["from"] == "ann"
    finally:
        await other.close()


async def test_a_wrong_address_says_so_and_offers_the_join_screen():
    app = app_with()
    async with app.run_test(notifications=True) as pilot:
        app.join_address("127.0.0.1:1")
        await until(pilot, lambda: type(app.screen).__name__ == "JoinScreen" and "Host:port" in screen_text(app), 400)
        assert any("connect" in (n.title or "").lower() for n in app._notifications)
        # a sentence a player reads, not an exception's class name
        said = [n.message for n in app._notifications if "connect" in (n.title or "").lower()]
        assert said == ["Nobody is hosting at that address (the connection was refused)."]
        assert app.screen.query_one("#address").value == "127.0.0.1:1"


async def test_a_session_maps_request_errors_to_messages(host):
    server, address = host
    client = await Client.connect("127.0.0.1", int(address.split(":")[1]), "cy")
    table = await client.create_table("basic", seat=0)
    hub = ClientHub(client)
    session = ClientSession(hub, table)

    await session.act(99, Pass())
    message = await anext(session.updates())
    assert message["type"] == "error" and message["code"]
    await hub.close()


async def test_quick_game_bots_play_at_the_chosen_strength():
    app = app_with(bot_level="strong")
    async with app.run_test(size=(100, 30)) as pilot:
        app.quick_game("basic", options={"hands": 1})
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.prompt is not None, 400)
        host = app.screen.session.hub.host
        seats = next(iter(host.lobby.tables.values())).info()["seats"]
        assert [seat["bot"] for seat in seats] == [None, "strong", "strong", "strong"]


def test_names_from_table_info():
    assert names_from_info(None) == ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]


async def test_history_lists_the_matches_a_host_kept_and_replays_them():
    from jantaku.netplay.paths import default_data_dir
    from jantaku.netplay.store import Store, StoredSeat
    from jantaku.tui.screens.replay import ReplayListScreen, ReplayScreen

    from .test_screens import finished_match

    match = finished_match()
    store = Store.in_dir(default_data_dir())  # the test's own XDG_DATA_HOME
    kept = store.create_match(1, match.record(), [StoredSeat(n, None, None) for n in ("ann", "bob", "cy", "di")], {})
    store.finish_match(kept, {"scores": list(match.scores)})
    store.close()
    app = app_with()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, ReplayListScreen) and f"#{kept}" in screen_text(app))
        assert "ann" in screen_text(app) and "basic (default)" in screen_text(app)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        assert app.screen.names == ["ann", "bob", "cy", "di"]
        assert app.screen.cursor.total == len(match.record().decisions)


async def test_join_over_an_inherited_socket(host, tmp_path):
    import socket

    server, address = host
    ours, theirs = socket.socketpair()
    import asyncio

    reader, writer = await asyncio.open_connection(sock=theirs)
    serving = asyncio.create_task(server.serve_stream(reader, writer))
    app = app_with()
    async with app.run_test(size=(100, 30)) as pilot:
        app.join_inherited(ours.detach())
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and "you are ann" in screen_text(app), 400)
        # the SSH door's client saves nothing just for joining: a keyless player's home is made
        # only when they save something (docs/ssh.md)
        assert not (tmp_path / "config").exists()
    serving.cancel()
