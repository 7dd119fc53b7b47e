"""A real headless Chromium logs in at the web door, sits at a table with bots, discards with the keyboard,
and gets its seat back after a reload (the identity cookie); it watches a match of a player named like
markup to its final standings."""

from __future__ import annotations

import os

import pytest

from .chromium import CHROMIUM, Browser

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium package (.ci/run installs it)")

BOXED_TILE = "╭──╮"  # the hand in boxed tiles, when the window is big enough (as in the SSH end-to-end test)


async def test_play_in_a_browser_and_come_back_to_the_seat(web_host, tmp_path):
    host = web_host(tmp_path / "data")
    async with Browser() as browser:
        await browser.log_in(host.url, "ann")
        await browser.keys("n")
        await browser.wait_for_text("A new table")
        await browser.keys("Tab", "Tab", "Enter")  # variant, preset, Create
        await browser.wait_for_text("waiting 1/4")
        for seated in (2, 3, 4):
            await browser.keys("b")
            await browser.wait_for_text("Add a bot")
            await browser.keys("1")
            await browser.wait_for_text(f"waiting {seated}/4")
        await browser.keys("s")
        screen = await browser.wait_for_text("your turn")  # ann deals
        assert BOXED_TILE in screen
        await browser.keys("Enter")  # discard the drawn tile
        screen = await browser.wait_for_text("ann discards")
        assert "dora" in screen and "東◆" in screen
        shot = os.environ.get("JANTAKU_WEB_SCREENSHOT")  # to look at it: JANTAKU_WEB_SCREENSHOT=/tmp/web.png
        if shot:
            await browser.screenshot(tmp_path / "table.png")
            (tmp_path / "table.png").replace(shot)

        await browser.evaluate("window.beforeReload = true")
        await browser.send("Page.reload")  # the game process ends; the cookie brings ann back to her seat
        await browser.wait_for_js("window.beforeReload === undefined && window.__jantakuTerminal !== undefined")
        screen = await browser.wait_for_text("dora")  # straight back at the table, ann still the dealer
        assert "東◆" in screen and BOXED_TILE in screen, screen
    assert host.stop() == 0


async def test_markup_in_other_players_names_reaches_the_browser_as_text(web_host, tmp_path):
    # issue 25 item 1: a player named "evil[/]" crashed every other client at the result screen, the
    # browser's too.  Here a network bot so named plays a match with three of the host's bots at a
    # table named like a link, watched from a browser logged in as "[bold]x" to the final standings.
    import asyncio
    import sys

    from jantaku.netplay.client import Client

    host = web_host(tmp_path / "data")
    maker = await Client.connect("127.0.0.1", host.tcp_port, "maker")
    table = await maker.create_table("basic", options={"hands": 1}, timers={"bot": 0}, name="[link=http://e.vil]x")
    for _ in range(3):
        await maker.add_bot(table)
    evil = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "jantaku", "bot", "--connect", f"127.0.0.1:{host.tcp_port}",
        "--table", str(table), "--name", "evil[/]", "--bot", "easy",
    )  # fmt: skip
    try:
        async with Browser() as browser:
            await browser.log_in(host.url, "[bold]x")
            screen = await browser.wait_for_text("evil[/]")  # the selected table's seats
            assert "[bold]x" in screen and "[link=http://e.v" in screen, screen
            await maker.start(table)
            await browser.keys("w")  # watch it (to its end: the result screen drew the names as markup)
            screen = await browser.wait_for_text("Final standings")
            assert "evil[/]" in screen, screen
    finally:
        await maker.close()
        if evil.returncode is None:
            evil.kill()
        await evil.wait()
    assert host.stop() == 0
