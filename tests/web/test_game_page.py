"""The game's page asks nothing of another site: every file it names comes from the door itself."""

from __future__ import annotations

import re
import urllib.request

from jantaku.tui.web.page import game_page

REFERENCE = re.compile(r"""(?:src|href)="([^"]*)"|url\("([^"]*)"\)""")


def references(page: str) -> list[str]:
    return [a or b for a, b in REFERENCE.findall(page)]


def fetch(host, path: str, cookie: str) -> tuple[int, bytes]:
    request = urllib.request.Request(host.base + path, headers={"Cookie": cookie})
    with urllib.request.urlopen(request, timeout=10) as reply:
        return reply.status, reply.read()


def test_every_file_the_page_names_is_the_doors_own_and_is_served(web_host, tmp_path):
    host = web_host(tmp_path / "data")
    cookie = host.log_in("Ann")
    page = host.request("/", cookie=cookie)
    assert page.status == 200 and 'class="textual-terminal"' in page.body
    named = references(page.body)
    assert any(path.endswith(".ttf") for path in named)  # the terminal's font too, not a fallback
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
