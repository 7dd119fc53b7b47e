"""The game's page asks nothing of another site: every file it names comes from the door itself."""

from __future__ import annotations

import re
import urllib.request

import pytest

from jantaku.tui.tilefaces import BONUS_FACES, HONOR_FACES
from jantaku.tui.web.page import FALLBACK_RANGE, game_page

from .chromium import CHROMIUM, Browser
from .conftest import HANG

REFERENCE = re.compile(r"""(?:src|href)="([^"]*)"|url\("([^"]*)"\)""")


def references(page: str) -> list[str]:
    return [a or b for a, b in REFERENCE.findall(page)]


def fetch(host, path: str, cookie: str) -> tuple[int, bytes]:
    request = urllib.request.Request(host.base + path, headers={"Cookie": cookie})
    with urllib.request.urlopen(request, timeout=HANG) as reply:
        return reply.status, reply.read()


def test_every_file_the_page_names_is_the_doors_own_and_is_served(web_host, tmp_path):
    host = web_host(tmp_path / "data")
    cookie = host.log_in("Ann")
    page = host.request("/", cookie=cookie)
    assert page.status == 200 and 'class="textual-terminal"' in page.body
    named = references(page.body)
    assert any(path.endswith(".ttf") for path in named)  # the terminal's font too, not a fallback
    assert any(path.endswith(".woff2") for path in named)  # and the honour tiles' kanji
    for path in named:
        assert path.startswith("/") and not path.startswith("//"), path  # no other origin, no Google Fonts
        status, body = fetch(host, path, cookie)
        assert status == 200 and body, path
    assert host.stop() == 0


def test_the_pages_own_words_follow_the_browsers_language():
    german, english = game_page("ws://h/ws", 16, "de"), game_page("ws://h/ws", 16, "xx")
    assert 'lang="de"' in german and "Zurück an den Tisch" in german
    assert 'lang="en"' in english and "Back to the table" in english
    assert 'data-font-size="16"' in english
    assert "&quot;" in game_page('ws://h/ws"><script>', 16, "en")  # an odd Host header stays an attribute


def test_the_fallback_font_holds_every_honour_and_bonus_face():
    held = {int(part.removeprefix("U+"), 16) for part in FALLBACK_RANGE.split(",")}
    assert {ord(face) for face in HONOR_FACES + "".join(BONUS_FACES)} <= held  # else: python scripts/web_font.py


@pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium package (.ci/run installs it)")
async def test_a_browser_without_cjk_fonts_draws_the_honour_tiles_from_the_doors_font(web_host, tmp_path):
    host = web_host(tmp_path / "data")
    async with Browser() as browser:
        await browser.log_in(host.url, "ann")
        # a face of the terminal's family that covers the kanji is loaded (this machine has no CJK font)
        loaded = await browser.evaluate(
            "document.fonts.ready.then(() => [...document.fonts].filter(f => f.status === 'loaded')"
            ".map(f => f.family + ' ' + f.unicodeRange))"
        )
        assert any("Roboto Mono" in face and "U+6771" in face for face in loaded), loaded  # 東
    assert host.stop() == 0
