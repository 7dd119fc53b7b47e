"""The lobby and the table show what the host says in the player's language (docs/i18n.md)."""

from __future__ import annotations

import pytest

from jantaku.i18n import set_language
from jantaku.netplay.client import Client, ClientError, ConnectionClosed
from jantaku.netplay.host import Host
from jantaku.netplay.protocol import error_message
from jantaku.netplay.texts import HostText
from jantaku.tui.app import JantakuApp
from jantaku.tui.netsession import connect_failure, host_error
from jantaku.tui.screens.lobby import LobbyScreen
from jantaku.tui.settings import Settings

from .conftest import screen_text, until

FULL = error_message("table_full", HostText("no_free_seat", table=4))


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


@pytest.mark.parametrize(
    ("language", "said"), [("de", "Tisch 4 hat keinen freien Platz."), ("en", "Table 4 has no free seat.")]
)
def test_a_refusal_is_a_sentence_in_the_players_language(language, said):
    set_language(language)
    assert host_error(FULL) == said  # an error message the lobby or a table receives
    assert connect_failure(ClientError.from_wire(FULL)) == said  # a request that failed


def test_a_goodbye_is_said_in_the_players_language():
    set_language("de")
    bye = {"type": "bye", "reason": "the host is shutting down", **HostText("host_shutting_down").wire()}
    assert host_error(bye) == "Der Gastgeber beendet sich."


def test_the_clients_own_words_about_the_connection_are_in_the_players_language():
    set_language("de")
    assert connect_failure(ConnectionClosed()) == "Die Verbindung zum Gastgeber ist beendet."


async def sits_and_reads(port: int, language: str, said: str) -> None:
    """A player of ``language`` joins the host, sits at its only table and finds ``said`` on the lobby."""
    app = JantakuApp(settings=Settings(bot_delay=0.0, name=f"ann-{language}"), language=language)  # names are unique
    async with app.run_test(size=(100, 30)) as pilot:
        app.join_address(f"127.0.0.1:{port}")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and "bob's table" in screen_text(app), 400)
        await pilot.press("enter")  # the host refuses: the table is full
        await until(pilot, lambda: said in screen_text(app))


async def test_a_german_player_and_an_english_one_see_the_same_refusal_each_in_their_language():
    host = Host()  # in memory
    port = await host.start(port=0, bind="127.0.0.1")
    bob = await Client.connect("127.0.0.1", port, "bob")
    table = await bob.create_table("basic", seat=0, name="bob's table")
    for _ in range(3):
        await bob.add_bot(table)  # full, still waiting
    try:
        await sits_and_reads(port, "de", f"Tisch {table} hat keinen freien Platz.")
        await sits_and_reads(port, "en", f"Table {table} has no free seat.")
    finally:
        await bob.close()
        await host.stop()


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("de", "Ann heißt hier schon jemand; Ann2 ist frei."),
        ("en", "Someone here is called Ann already; Ann2 is free."),
    ],
)
async def test_a_taken_name_is_refused_in_the_players_language_and_the_join_screen_offers_the_free_one(language, said):
    host = Host()  # in memory
    port = await host.start(port=0, bind="127.0.0.1")
    ann = await Client.connect("127.0.0.1", port, "ann")
    app = JantakuApp(settings=Settings(bot_delay=0.0, name="Ann"), language=language)
    try:
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            app.join_address(f"127.0.0.1:{port}")
            await until(pilot, lambda: type(app.screen).__name__ == "JoinScreen" and app.screen.query("#name"), 400)
            assert [n.message for n in app._notifications] == [said]
            assert app.screen.query_one("#name").value == "Ann2"
            await pilot.press("enter")  # join under the free name
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), 400)
            assert app.settings.name == "Ann2"
    finally:
        await ann.close()
        await host.stop()


async def door_app(host: Host, name: str, address: str) -> JantakuApp:
    """An app joined as a door's session from ``address`` (an inherited socket the host serves with a token)."""
    import asyncio
    import socket

    ours, theirs = socket.socketpair()
    reader, writer = await asyncio.open_connection(sock=theirs)
    asyncio.ensure_future(host.serve_stream(reader, writer, token=f"door-{name}", address=address))
    app = JantakuApp(settings=Settings(bot_delay=0.0, name=name), language="de")
    app.call_later(app.join_inherited, ours.detach())
    return app


async def test_a_door_session_plays_under_the_free_name_or_ends_saying_why(capsys):
    import asyncio
    import socket

    from jantaku.netplay.limits import HostLimits

    host = Host(limits=HostLimits(max_per_ip=1))  # in memory
    await host.start(port=0, bind="127.0.0.1")
    ann = await Client.connect("127.0.0.1", host.port, "ann")
    held, holder = socket.socketpair()  # another session holds the one connection of 127.0.0.10
    reader, writer = await asyncio.open_connection(sock=held)
    asyncio.ensure_future(host.serve_stream(reader, writer, address="127.0.0.10"))
    holder_reader, holder_writer = await asyncio.open_connection(sock=holder)
    holding = await Client.over_stream(holder_reader, holder_writer, "holder")
    try:
        app = await door_app(host, "ANN", "127.0.0.9")
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and "ANN2" in screen_text(app), 400)
        turned_away = await door_app(host, "bob", "127.0.0.10")
        async with turned_away.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: turned_away.return_code == 1, 400)
        said = " ".join(capsys.readouterr().err.split())  # printed as the app ends
        assert said == "Zu viele Verbindungen von 127.0.0.10."
    finally:
        await holding.close()
        await ann.close()
        await host.stop()
