"""The SSH door speaks each session's language (the client's LANG); before the client has sent its
environment (the login banner, a refusal) it speaks the host's (docs/i18n.md)."""

from __future__ import annotations

import asyncio

import pytest

from jantaku.i18n import gettext_in, set_language
from jantaku.tui.ssh.session import NEEDS_TERMINAL

from .conftest import HANG, connect, fields, open_game

GERMAN = {"LANG": "de_DE.UTF-8"}


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


async def told_without_a_terminal(gateway, **kwargs) -> str:
    async with await connect(gateway, **kwargs) as conn:
        result = await asyncio.wait_for(conn.run(encoding=None), HANG)  # a shell, no pty
    return result.stdout.decode()


async def test_a_german_client_is_told_in_german_and_an_english_one_in_english(gateway):
    german = await told_without_a_terminal(gateway, env=GERMAN)
    english = await told_without_a_terminal(gateway)
    assert german == gettext_in("de")(NEEDS_TERMINAL) != NEEDS_TERMINAL
    assert german.startswith("jantaku: dieser Server bietet nur das Spiel an")
    assert english == NEEDS_TERMINAL


async def test_the_rejoin_code_at_the_end_is_said_in_the_sessions_language(gateway):
    async with await connect(gateway, username="bob", env=GERMAN) as conn:
        proc, line = await open_game(conn)
        code = fields(line)["identity"].removeprefix("ssh-code:")
        proc.stdin.write(b"q")
        rest = await asyncio.wait_for(proc.stdout.read(), HANG)
    assert f"Dein Wiederkehr-Code ist {code}. So bekommst du deinen Platz zurück: ssh -p".encode() in rest


async def test_the_login_banner_comes_before_the_clients_language_and_is_in_the_hosts(gateway):
    set_language("de")  # this process is the host
    async with await connect(gateway, username="bob", env={"LANG": "en_GB.UTF-8"}) as conn:
        banners = conn.get_owner().banners
    assert any(banner.startswith("Willkommen, bob. Dein Wiederkehr-Code ist") for banner in banners)
