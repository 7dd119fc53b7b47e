"""``jantaku host --web``: nothing without the token or password, the game with it."""

from __future__ import annotations

import argparse
import asyncio
import sys

import pytest

from jantaku.tui.web import hosting

from .conftest import HANG, STAND_IN_GAME, form_token_in, until


def test_a_token_door_refuses_everything_without_the_token(web_host, tmp_path):
    host = web_host(tmp_path / "data")
    assert host.token
    for path in ("/", "/static/js/textual.js", "/ws", "/static/", "/download/x", "/etc/passwd"):
        reply = host.request(path)
        assert reply.status in (401, 403), (path, reply.status)
        assert "textual-terminal" not in reply.body  # the game's page only after logging in
    assert host.try_login("Ann", "guess").status == 403
    assert host.try_login("Ann", "").status == 403
    cookie = host.log_in("Ann")
    page = host.request("/", cookie=cookie)
    assert page.status == 200 and 'class="textual-terminal"' in page.body
    assert host.request("/static/js/textual.js", cookie=cookie).status == 200
    # still nothing but the game: no listing, no downloads, no other files
    for path in ("/static/", "/download/x", "/static/../server.py", "/favicon.ico"):
        assert host.request(path, cookie=cookie).status in (403, 404), path
    # a forged or tampered cookie is no key
    name, value = cookie.split("=", 1)
    assert host.request("/", cookie=f"{name}={value[:-2]}xx").status == 401
    assert host.stop() == 0


def test_a_password_door_takes_the_password_and_no_token(web_host, tmp_path):
    secret_file = tmp_path / "pw"
    secret_file.write_text("open sesame\n")
    host = web_host(tmp_path / "data", "--web-password-file", str(secret_file))
    assert host.token == ""  # the printed address carries no key
    assert host.request("/").status == 401
    assert host.try_login("Ann", "open").status == 403
    cookie = host.log_in("Ann", "open sesame")
    assert host.request("/", cookie=cookie).status == 200
    host.stop()


async def _first_frame(
    host, cookie: str | None, language: str | None = None, until_all: tuple[bytes, ...] = (b"ANN",)
) -> tuple[int, bytes]:
    """The websocket's status and what the game drew until every word of ``until_all`` (any case) was on
    it (a busy machine draws the screen in parts), the websocket ended, or a hang (``HANG``)."""
    import aiohttp

    headers = {"Cookie": cookie} if cookie else {}
    if language:
        headers["Accept-Language"] = language
    async with aiohttp.ClientSession() as session:
        try:
            ws = await session.ws_connect(f"{host.base}/ws?width=100&height=30", headers=headers)
        except aiohttp.WSServerHandshakeError as exc:
            return exc.status, b""
        received = b""
        async with ws:
            try:
                async with asyncio.timeout(HANG):  # the assertions on what was drawn say what is missing
                    while not all(word.upper() in received.upper() for word in until_all):
                        msg = await ws.receive()
                        if msg.type == aiohttp.WSMsgType.BINARY:
                            received += msg.data
                        elif msg.type != aiohttp.WSMsgType.TEXT:
                            break
            except TimeoutError:
                pass
        return 101, received


def test_the_websocket_runs_the_game_only_with_the_cookie(web_host, tmp_path):
    host = web_host(tmp_path / "data")
    status, _ = asyncio.run(_first_frame(host, None))
    assert status == 401
    status, frame = asyncio.run(_first_frame(host, host.log_in("Ann")))
    assert status == 101
    assert b"\x1b[" in frame  # the client drew its screen over the bridge
    host.stop()


def test_a_german_browser_gets_the_game_in_german(web_host, tmp_path):
    host = web_host(tmp_path / "data")
    cookie = host.log_in("Ann")
    # the lobby's title and key bar, however many parts the screen is drawn in
    _, german = asyncio.run(_first_frame(host, cookie, "de-DE,de;q=0.9,en;q=0.5", (b"du bist Ann", b"neuer Tisch")))
    _, english = asyncio.run(_first_frame(host, cookie, "en-GB,en;q=0.9", (b"you are Ann", b"new table")))
    host.stop()
    assert b"du bist Ann" in german and b"neuer Tisch" in german, german[-400:]  # the lobby's title and keys
    assert b"you are Ann" in english and b"neuer Tisch" not in english


def test_without_the_extra_the_host_says_how_to_install_it(monkeypatch, capsys):
    for name in [m for m in sys.modules if m.startswith(("textual_serve", "jantaku.tui.web.door"))]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "textual_serve", None)  # import textual_serve raises ImportError

    class Host:
        stopped = False

        async def stop(self):
            Host.stopped = True

    args = argparse.Namespace(web=0)
    with pytest.raises(SystemExit) as exit:
        asyncio.run(hosting.start_web_door(Host(), args))
    assert exit.value.code == 2 and Host.stopped
    assert capsys.readouterr().err.strip() == "jantaku host: --web needs the web extra: pip install 'jantaku[web]'"


# --- the door's limits, in process, with a stand-in game (no Textual client) ---------------------------


async def _door(**settings):
    from jantaku.tui.ssh.terminal import Launch
    from jantaku.tui.web.access import WebAccess
    from jantaku.tui.web.door import WebDoor, WebSettings

    def launcher(identity, term, size):
        return Launch(list(STAND_IN_GAME))

    # its command (-c) is no warm server's: none is started (tests/web/test_web_warm.py has those)
    settings = {"warm_sessions": False, "grace": 0.5, **settings}
    door = WebDoor(launcher, WebAccess("pw", "password"), b"k" * 32, WebSettings(**settings))
    await door.start(0, "127.0.0.1")
    return door


async def _login_form(http, door) -> dict[str, str]:
    """The login form's fields but name and secret (its cookie is in ``http``'s jar)."""
    async with http.get(f"http://127.0.0.1:{door.port}/") as page:
        return {"form_token": form_token_in(await page.text())}


async def _logged_in(http, door) -> None:
    form = {"name": "Ann", "secret": "pw", **await _login_form(http, door)}
    async with http.post(f"http://127.0.0.1:{door.port}/login", data=form) as r:
        assert r.status == 200  # followed the redirect to the game's page


async def test_the_door_takes_no_more_sessions_than_its_cap():
    aiohttp = pytest.importorskip("aiohttp")
    pytest.importorskip("textual_serve")
    door = await _door(max_sessions=1)
    try:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:  # an IP's cookies
            await _logged_in(http, door)
            first = await http.ws_connect(f"http://127.0.0.1:{door.port}/ws")
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(f"http://127.0.0.1:{door.port}/ws")
            assert refused.value.status == 503
            await first.close()
            await until(lambda: not door.sessions, "the first session's game ended: room again")
            second = await http.ws_connect(f"http://127.0.0.1:{door.port}/ws")
            await second.close()
    finally:
        await door.stop()


async def test_an_idle_session_is_closed_and_its_game_ended():
    aiohttp = pytest.importorskip("aiohttp")
    pytest.importorskip("textual_serve")
    door = await _door(idle_timeout=0.5)
    try:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:  # an IP's cookies
            await _logged_in(http, door)
            ws = await http.ws_connect(f"http://127.0.0.1:{door.port}/ws")
            await ws.send_json(["ping", "1"])  # pings are no keystrokes: they keep nobody in
            async with asyncio.timeout(HANG):  # a bound that only catches a door that never closes it
                while (msg := await ws.receive()).type not in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                    pass  # the pong
            assert ws.closed or msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
            await until(lambda: not door.sessions, "the idle session's game ended")
            assert not door.sessions
    finally:
        await door.stop()


async def test_another_sites_page_cannot_open_the_websocket():
    aiohttp = pytest.importorskip("aiohttp")
    pytest.importorskip("textual_serve")
    door = await _door()
    try:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:  # an IP's cookies
            await _logged_in(http, door)
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(f"http://127.0.0.1:{door.port}/ws", headers={"Origin": "http://evil.example"})
            assert refused.value.status == 403 and not door.sessions
    finally:
        await door.stop()


async def _play(host, cookie: str, steps: tuple[tuple[str, bytes], ...], timeout: float = HANG) -> None:
    """Over one websocket: wait for the first step's text, then each step's key is typed and its text awaited."""
    import aiohttp

    async with aiohttp.ClientSession() as session:
        ws = await session.ws_connect(f"{host.base}/ws?width=100&height=30", headers={"Cookie": cookie})
        async with ws:
            for key, text in steps:
                if key:
                    await ws.send_json(["stdin", key])
                received = b""
                async with asyncio.timeout(timeout):
                    while text not in received:
                        msg = await ws.receive()
                        assert msg.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), (msg, received[-300:])
                        if msg.type == aiohttp.WSMsgType.BINARY:
                            received += msg.data


def test_a_browser_keeps_its_seat_and_the_address_across_a_host_restart_but_not_another_data_dir(web_host, tmp_path):
    host = web_host(tmp_path / "data")
    cookie = host.log_in("Ann")
    bots = tuple(step for seated in (2, 3, 4) for step in (("b", b"Add a bot"), ("1", f"waiting {seated}/4".encode())))
    table = (("", b"you are Ann"), ("n", b"A new table"), ("\t", b""), ("\t", b""), ("\r", b"waiting 1/4"))
    asyncio.run(_play(host, cookie, table + bots + (("s", b"dora"),)))  # Ann's match with three bots is on
    host.stop()
    kept = tmp_path / "data" / "web_token"
    assert kept.read_text() == host.token + "\n" and kept.stat().st_mode & 0o777 == 0o600
    restarted = web_host(tmp_path / "data")
    assert restarted.token == host.token  # the same address (but the port 0): bookmarks keep working
    assert restarted.request("/", cookie=cookie).status == 200  # the same secret and token: still Ann
    asyncio.run(_play(restarted, cookie, (("", b"dora"),)))  # the same browser id: straight back at her table
    restarted.stop()
    elsewhere = web_host(tmp_path / "other")
    assert elsewhere.request("/", cookie=cookie).status == 401
    elsewhere.stop()


async def _raw_get(port: int, cookie: bytes) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nCookie: jantaku_web=" + cookie + b"\r\n\r\n"
    )
    answer = await asyncio.wait_for(reader.read(), HANG)
    writer.close()
    return answer


async def test_a_malformed_cookie_is_refused_as_no_cookie_not_a_server_error(caplog):
    pytest.importorskip("textual_serve")
    door = await _door()
    try:
        for cookie in ("a.b.é".encode(), "ä.ö.ü".encode(), b"a.b", b"a.b.c.d", b"..", b"\xff\xfe.x.y", b"=.=.="):
            answer = await _raw_get(door.port, cookie)
            assert answer.startswith(b"HTTP/1.1 401"), (cookie, answer[:200])
    finally:
        await door.stop()
    assert not [r for r in caplog.records if r.exc_info], "a traceback was logged"


async def test_a_resize_that_is_no_size_is_ignored_and_the_session_lives_on():
    aiohttp = pytest.importorskip("aiohttp")
    pytest.importorskip("textual_serve")
    door = await _door()
    try:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:  # an IP's cookies
            await _logged_in(http, door)
            ws = await http.ws_connect(f"http://127.0.0.1:{door.port}/ws")
            sizes = ("Infinity", "-Infinity", "NaN", "-5", '"wide"', "null", "[80]", "1e999", "true")
            for size in sizes:
                await ws.send_str(f'["resize", {{"width": {size}, "height": {size}}}]')
                await ws.send_str(f'["resize", {{"width": 100, "height": {size}}}]')
            await ws.send_json(["ping", "still there?"])
            msg = await ws.receive(timeout=HANG)
            assert msg.type == aiohttp.WSMsgType.TEXT and msg.json() == ["pong", "still there?"], msg
            assert len(door.sessions) == 1
            await ws.close()
    finally:
        await door.stop()
