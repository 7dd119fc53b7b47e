"""Two browsers and one SSH session at one table, on one ``jantaku host --web --ssh``, see each other's discards.

Two headless Chromium processes (each its own profile, so its own cookie and
player) log in at the web door; the real OpenSSH client in tmux logs in at the
SSH door. ann (a browser) makes the table, bob (the other browser) and carl
(SSH) sit at it from the lobby, a bot takes the fourth seat. Every player
discards with the keyboard when the screen says it is their turn (Enter: the
drawn tile); auto-pass (F3, the table's own key) lets the hand go on past the
calls a human could make.
"""

from __future__ import annotations

import asyncio
import re
import time

import pytest

from ..ssh.tmux import Tmux, have_tmux_and_ssh, make_key, ssh_command
from .chromium import CHROMIUM, Browser
from .conftest import HANG

pytestmark = [
    pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium package (.ci/run installs it)"),
    pytest.mark.skipif(not have_tmux_and_ssh(), reason="needs tmux and the OpenSSH client"),
]


class SshPlayer:
    """The OpenSSH client in tmux, with the browser's async reading interface."""

    def __init__(self, tmux: Tmux):
        self.tmux = tmux

    async def screen_text(self) -> str:
        return self.tmux.screen()  # a quick capture-pane; a thread would make asyncio's child watcher complain

    async def wait_for_text(self, text: str, timeout: float = HANG) -> str:
        """Until ``text`` is on the screen; ``timeout`` only catches a hang."""
        deadline = time.monotonic() + timeout
        while text not in (screen := await self.screen_text()):
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} never appeared; the screen:\n{screen}")
            await asyncio.sleep(0.2)
        return screen

    async def keys(self, *keys: str) -> None:
        self.tmux.keys(*keys)


async def test_two_browsers_and_an_ssh_session_see_each_others_discards(web_host, tmp_path):
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    # --seed: the same walls each run, so the same hands
    host = web_host(tmp_path / "data", "--ssh", "0", "--ssh-bind", "127.0.0.1", "--seed", "7")
    tmux = Tmux(ssh_command(host.ssh_port, "carl", scratch, make_key(scratch)), scratch, 100, 30)
    try:
        async with Browser() as ann_page, Browser() as bob_page:
            carl = SshPlayer(tmux)
            await ann_page.log_in(host.url, "ann")
            await ann_page.keys("n")
            await ann_page.wait_for_text("A new table")
            await ann_page.keys("Tab", "Tab", "Enter")  # variant, preset, Create
            await ann_page.wait_for_text("waiting 1/4")
            await bob_page.log_in(host.url, "bob")
            await bob_page.wait_for_text("waiting 1/4")  # ann's table in bob's lobby
            await bob_page.keys("Enter")  # sit
            await ann_page.wait_for_text("waiting 2/4")
            await carl.wait_for_text("waiting 2/4")
            await carl.keys("Enter")
            await ann_page.wait_for_text("waiting 3/4")
            await ann_page.keys("b")
            await ann_page.wait_for_text("Add a bot")
            await ann_page.keys("1")
            await ann_page.wait_for_text("waiting 4/4")
            await ann_page.keys("s")
            players = {"ann": ann_page, "bob": bob_page, "carl": carl}
            for player in players.values():
                await player.wait_for_text("dora")  # at the table
                await player.keys("F3")
                await player.wait_for_text("F3 auto-pass✓")
            seen = await play_until_each_discarded(players)
    finally:
        tmux.close()
    assert host.stop() == 0
    assert sorted(seen) == ["ann", "bob", "carl"], seen  # and each one's tile was on the other two screens


async def play_until_each_discarded(players: dict[str, Browser | SshPlayer]) -> dict[str, str]:
    """Each player discards with Enter on their turn (the bot plays its own) until every one of them has
    discarded once; each discard is waited for on the other two players' screens.  Returns each player's tile.
    Gives up only when nobody's turn has come for ``HANG`` seconds (a hang, not a slow machine)."""
    tiles: dict[str, str] = {}
    deadline = time.monotonic() + HANG
    while len(tiles) < len(players):
        assert time.monotonic() < deadline, {name: await p.screen_text() for name, p in players.items()}
        for name, player in players.items():
            if name in tiles or "your turn" not in await player.screen_text():
                continue
            await player.keys("Enter")  # discard the drawn tile (the selected one)
            mine = await player.wait_for_text(f"{name} discards ")  # the log names you too
            tiles[name] = re.search(rf"{name} discards (\S+)", mine).group(1)
            for other in players.values():
                if other is not player:  # the same tile, named as the discarder's, on each other screen
                    await other.wait_for_text(f"{name} discards {tiles[name]}")
            deadline = time.monotonic() + HANG  # progress: the next turn has as long again
        await asyncio.sleep(0.2)  # how often the screens are looked at, no bound: the deadline is the bound
    return tiles
