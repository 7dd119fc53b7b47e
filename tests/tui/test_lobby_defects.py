"""What a new user tripped over in the lobby and at a host's table (issue 15, items 13 and 15)."""

from __future__ import annotations

import pytest

from jantaku.netplay.client import Client
from jantaku.netplay.host import Host
from jantaku.tui.app import JantakuApp
from jantaku.tui.netsession import error_sentence, names_from_info, seat_notes
from jantaku.tui.screens.lobby import LobbyScreen, table_detail, table_line
from jantaku.tui.screens.menu import QuickGameScreen
from jantaku.tui.screens.table import TableScreen
from jantaku.tui.settings import Settings

from .conftest import FakeSession, basic_match, screen_text, table_app, until, update


@pytest.fixture
async def host():
    host = Host()  # matches in memory only
    port = await host.start(port=0)
    yield host, port
    await host.stop()


def app_with(**settings) -> JantakuApp:
    return JantakuApp(settings=Settings(bot_delay=0.0, name="ann", **settings))


def seats(*specs: tuple[str, str, str | None]) -> list[dict]:
    return [
        {"seat": i, "kind": kind, "name": name, "bot": bot, "player": None if kind != "human" else i}
        for i, (kind, name, bot) in enumerate(specs)
    ]


def test_a_finished_table_keeps_a_space_before_its_seat_count():
    info = {
        "id": 3,
        "name": "t",
        "ruleset": "riichi",
        "state": "finished",
        "seats": seats(
            ("human", "ann", None), ("bot", "Mei", "easy"), ("bot", "Kenji", "easy"), ("bot", "Lin", "easy")
        ),
    }
    assert "finished 4/4" in table_line(info, None).plain


def test_a_bot_is_labelled_once():
    info = {
        "id": 1,
        "name": "t",
        "ruleset": "basic",
        "state": "playing",
        "seats": seats(
            ("bot", "Bob (bot)", "normal"), ("bot", "Mei", "strong"), ("human", "ann", None), ("empty", "", None)
        ),
    }
    detail = table_detail(info, None).plain
    assert detail.count(" bot)") == 2, detail  # one word for each bot seat
    assert "Bob" in detail and "(bot)" not in detail
    assert "Mei  (strong bot)" in detail
    assert seat_notes(info) == {0: "normal bot", 1: "strong bot"}
    assert names_from_info(info)[:2] == ["Bob", "Mei"]


def test_same_names_are_all_told_apart_by_seat():
    info = {"seats": [{"name": "ann"}, {"name": "normal bot"}, {"name": "normal bot"}, {"name": "normal bot"}]}
    assert names_from_info(info) == ["ann", "normal bot 2", "normal bot 3", "normal bot 4"]


def test_host_errors_are_sentences():
    assert (
        error_sentence("not_allowed", "only the table's creator may add bots")
        == "Only the table's creator may add bots."
    )
    assert error_sentence("table_full", "") == "Table full."
    assert error_sentence(None, "seat 2 is taken.") == "Seat 2 is taken."


async def test_the_table_screen_shows_a_host_error_as_a_sentence():
    session = FakeSession()
    async with table_app(session) as (app, pilot):
        session.send(update(basic_match(1).view(0)))
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.view is not None)
        session.send({"type": "error", "code": "not_allowed", "message": "it is not your turn"})
        await until(pilot, lambda: bool(app._notifications))
        texts = [n.message for n in app._notifications]
        assert texts == ["It is not your turn."], texts


async def test_the_lobby_selects_a_new_table_names_bots_and_speaks_in_sentences(host):
    server, port = host
    other = await Client.connect("127.0.0.1", port, "bob")
    await other.create_table("basic", seat=0, name="bob's table")
    app = app_with()
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            app.join_address(f"127.0.0.1:{port}")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and "bob's table" in screen_text(app), 400)
            lobby = app.screen
            await pilot.press("n")
            await until(pilot, lambda: isinstance(app.screen, QuickGameScreen))
            app.screen.query_one("#ruleset").value = "basic"
            await pilot.pause()
            await pilot.click("#start")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and len(lobby.tables) == 2, 400)
            mine = max(lobby.tables)
            await until(pilot, lambda: lobby.selected_id() == mine)  # the new table, not the first one
            for _ in range(4):  # three bots, then one too many: the host's error
                await pilot.press("b")
                await until(pilot, lambda: "Add a bot" in screen_text(app))
                await pilot.press("enter")
                await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
                await pilot.pause(0.05)
            await until(pilot, lambda: "no free seat" in screen_text(app), 400)
            names = [seat["name"] for seat in server.lobby.tables[mine].info()["seats"][1:]]
            assert len(set(names)) == 3 and not any("bot" in name for name in names), names
            text = screen_text(app)
            for name in names:
                assert f"{name}  (normal bot)" in text
            assert "table_full" not in text and f"Table {mine} has no free seat." in text
    finally:
        await other.close()


async def test_leaving_a_started_table_and_sitting_again_gives_the_seat_back(host):
    """Item 13: esc at a started table, then Enter on it in the lobby: the seat is yours again,
    taken back from the bot that played on, with a live table (names, prompts, esc)."""
    server, port = host
    other = await Client.connect("127.0.0.1", port, "bob")
    table_id = await other.create_table("basic", seat=0, name="bob's table")
    app = app_with()
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            app.join_address(f"127.0.0.1:{port}")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and "bob's table" in screen_text(app), 400)
            await pilot.press("enter")  # sit at bob's table
            await until(pilot, lambda: "ann  (you)" in screen_text(app), 400)
            await other.add_bot(table_id)
            await other.add_bot(table_id)
            await other.start(table_id)
            await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.view is not None, 400)
            await pilot.press("escape", "1")  # leave: a bot plays on
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            seat = server.lobby.tables[table_id].seats[1]
            await until(pilot, lambda: seat.kind == "bot", 400)
            await until(pilot, lambda: "playing" in screen_text(app), 400)
            await pilot.press("enter")  # sit down again
            await until(pilot, lambda: isinstance(app.screen, TableScreen), 400)
            table = app.screen
            await until(pilot, lambda: seat.kind == "human" and seat.player is not None, 400)
            assert seat.player.name == "ann"
            await until(pilot, lambda: table.view is not None and table.seat == 1, 400)
            await until(pilot, lambda: table.names[:2] == ["bob", "ann"], 400)
            assert not any(n.startswith("Seat ") for n in table.names)
            await pilot.press("escape", "1")  # and esc leaves again
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), 400)
            assert server.lobby.tables[table_id].seats[1].kind == "bot"
    finally:
        await other.close()


async def test_a_started_table_of_others_says_its_seats_are_taken_and_offers_to_watch(host):
    server, port = host
    other = await Client.connect("127.0.0.1", port, "bob")
    table_id = await other.create_table("basic", seat=0, name="bob's table")
    for _ in range(3):
        await other.add_bot(table_id)
    await other.start(table_id)
    app = app_with()
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            app.join_address(f"127.0.0.1:{port}")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and "playing" in screen_text(app), 400)
            await pilot.press("enter")
            await until(pilot, lambda: "seats are taken" in screen_text(app), 400)
            await pilot.press("enter")  # the first choice: watch
            await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.view is not None, 400)
            assert app.screen.seat is None and app.screen.names[0] == "bob"
    finally:
        await other.close()


def key_bar(app: JantakuApp) -> str:
    return "\n".join(line.plain for line in app.screen.query_one("#lobby-keys").layout(app.size.width)[0])


async def test_the_lobby_key_bar_is_drawn_from_its_bindings_and_offers_only_what_the_table_allows(host):
    """Item 6 and 18: the keys shown are the enabled bindings (no table: no sit or start; your own waiting
    table: add bot and start; someone else's: neither), and at 80×24 the bar breaks only between entries."""
    server, port = host
    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        app.join_address(f"127.0.0.1:{port}")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and "no tables yet" in screen_text(app), 400)
        bar = key_bar(app)
        assert "new table" in bar and "chat" in bar and "back" in bar
        assert not any(word in bar for word in ("sit", "watch", "add bot", "start", "leave"))
        await pilot.press("s")  # a disabled binding does nothing (no request, no error)
        other = await Client.connect("127.0.0.1", port, "bob")
        try:
            await other.create_table("basic", seat=0, name="bob's table")
            await until(pilot, lambda: "bob's table" in screen_text(app), 400)
            bar = key_bar(app)
            assert "sit" in bar and "watch" in bar and "add bot" not in bar and "start" not in bar
            await pilot.press("n")
            await until(pilot, lambda: isinstance(app.screen, QuickGameScreen))
            app.screen.query_one("#ruleset").value = "basic"
            await pilot.pause()
            await pilot.click("#start")  # create: the new table is selected, and it is yours
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and "ann's table" in screen_text(app), 400)
            await until(pilot, lambda: "start" in key_bar(app), 400)
            bar = key_bar(app)
            assert "add bot" in bar and "leave" in bar
            row = app.screen.query_one("#lobby-keys")
            lines = [line.plain for line in row.layout(80)[0]]
            assert all(len(line) <= 80 for line in lines)
            for entry in row.entries:  # each entry whole on one line: never broken mid-entry
                assert any(f"{entry.key_label} {entry.title}" in line for line in lines), (entry, lines)
        finally:
            await other.close()
