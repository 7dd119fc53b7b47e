"""The web door's own words (the login page, its refusals) are in the browser's language."""

from __future__ import annotations

import pytest

pytest.importorskip("textual_serve")

from aiohttp.test_utils import TestClient, TestServer  # noqa: E402

from jantaku.tui.web.access import WebAccess  # noqa: E402
from jantaku.tui.web.door import WebDoor, WebSettings  # noqa: E402

from .conftest import form_token_in  # noqa: E402

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
ENGLISH = {"Accept-Language": "en-GB,en;q=0.9"}


def a_door() -> WebDoor:
    def no_games(*args):
        raise AssertionError("no game is started in these tests")

    return WebDoor(no_games, WebAccess("sesame", "password"), b"k" * 32, WebSettings(login_failure_delay=0.0))


async def test_the_login_page_and_its_refusals_speak_the_browsers_language():
    async with TestClient(TestServer(a_door().make_app())) as browser:
        page = await browser.get("/", headers=GERMAN)
        text = await page.text()
        assert page.status == 401
        assert '<html lang="de">' in text
        for german in ("Wähle den Namen, unter dem du spielst.", "Dein Name", "Passwort", "Hinsetzen"):
            assert german in text
        form = {"name": "Hans", "secret": "sesam", "form_token": form_token_in(text)}
        wrong = await browser.post("/login", data=form, headers=GERMAN)
        assert wrong.status == 403 and "Dieses Passwort stimmt nicht." in await wrong.text()
        locked = await browser.get("/static/js/textual.js", headers=GERMAN)
        assert locked.status == 401 and await locked.text() == "jantaku: melde dich zuerst an\n"

        page = await browser.get("/", headers=ENGLISH)
        text = await page.text()
        assert '<html lang="en">' in text and "Your name" in text and "Sit down" in text
        form = {"name": "Ann", "secret": "sesam", "form_token": form_token_in(text)}
        wrong = await browser.post("/login", data=form, headers=ENGLISH)
        assert "That password is not right." in await wrong.text()
        assert await (await browser.get("/static/js/textual.js")).text() == "jantaku: log in first\n"
