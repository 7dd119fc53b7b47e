"""The web door's login (issue 25, item 4): throttled, CSRF-proof, bound to the password."""

from __future__ import annotations

import asyncio
import logging

import pytest

from jantaku.netplay.clock import FakeClock

from .conftest import HANG, STAND_IN_GAME, form_token_in

aiohttp = pytest.importorskip("aiohttp")
pytest.importorskip("textual_serve")


async def _door(password: str = "pw", clock: FakeClock | None = None, **settings):
    from jantaku.tui.ssh.terminal import Launch
    from jantaku.tui.web.access import WebAccess
    from jantaku.tui.web.door import WebDoor, WebSettings

    def launcher(identity, term, size):
        return Launch(list(STAND_IN_GAME))

    settings = {"warm_sessions": False, "grace": 0.5, "login_failure_delay": 0.0, **settings}
    door = WebDoor(launcher, WebAccess(password, "password"), b"k" * 32, WebSettings(**settings), clock=clock)
    await door.start(0, "127.0.0.1")
    return door


async def _post_login(http, door, secret: str, headers: dict[str, str] | None = None, token: bool = True):
    """Open the form (its cookie into ``http``'s jar), post it; the answer, not followed."""
    async with http.get(f"http://127.0.0.1:{door.port}/") as page:
        form = {"name": "Ann", "secret": secret, "form_token": form_token_in(await page.text()) if token else ""}
    return await http.post(
        f"http://127.0.0.1:{door.port}/login", data=form, headers=headers or {}, allow_redirects=False
    )


async def test_wrong_passwords_are_throttled_overall_and_logged_once_per_burst(caplog):
    from jantaku.tui.web.throttle import LoginLimits

    clock = FakeClock()
    door = await _door(clock=clock, login=LoginLimits(overall_burst=3, overall_rate=1.0))
    try:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
            with caplog.at_level(logging.WARNING, "jantaku.tui.web.door"):
                statuses = [(await _post_login(http, door, f"guess{i}")).status for i in range(20)]
            assert statuses == [403] * 3 + [429] * 17  # three checked; the rest not even looked at
            right = await _post_login(http, door, "pw")
            assert right.status == 429 and right.headers["Retry-After"] == "1"  # not checked either
            assert "jantaku_web" not in right.cookies
            clock.advance(1.0)
            right = await _post_login(http, door, "pw")
            assert right.status == 303 and "jantaku_web" in right.cookies
    finally:
        await door.stop()
    lines = [r.getMessage() for r in caplog.records if r.name == "jantaku.tui.web.door"]
    assert len(lines) == 2, lines  # one for the wrong passwords, one for the throttling: not one a try


async def test_a_login_from_another_sites_page_sets_no_cookie():
    door = await _door()
    evil = "http://evil.example"
    try:
        for headers, token in [
            ({"Origin": evil}, True),
            ({"Origin": "null"}, True),  # a sandboxed frame or a file
            ({"Referer": evil + "/page"}, True),
            ({}, False),  # no form token: a form the door did not give out
        ]:
            async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
                reply = await _post_login(http, door, "pw", headers, token)
                assert reply.status == 403 and "jantaku_web" not in reply.cookies, (headers, token)
                assert not [c for c in http.cookie_jar if c.key == "jantaku_web"]
        async with aiohttp.ClientSession() as http:  # the form's token without its cookie
            async with http.get(f"http://127.0.0.1:{door.port}/") as page:
                token = form_token_in(await page.text())
            async with aiohttp.ClientSession() as other:  # another browser, no form cookie
                reply = await other.post(
                    f"http://127.0.0.1:{door.port}/login",
                    data={"name": "Ann", "secret": "pw", "form_token": token},
                    allow_redirects=False,
                )
                assert reply.status == 403 and "jantaku_web" not in reply.cookies
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:  # our own page
            own = f"http://127.0.0.1:{door.port}"
            reply = await _post_login(http, door, "pw", {"Origin": own, "Referer": own + "/"})
            assert reply.status == 303 and "jantaku_web" in reply.cookies
    finally:
        await door.stop()


async def test_a_new_password_shuts_out_the_cookies_of_the_old_one():
    door = await _door("old")
    try:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
            reply = await _post_login(http, door, "old")
            cookie = reply.cookies["jantaku_web"].value
    finally:
        await door.stop()
    for password, status in (("new", 401), ("old", 200)):
        door = await _door(password)  # the same data directory's secret (b"k" * 32)
        try:
            async with aiohttp.ClientSession() as http:
                reply = await http.get(f"http://127.0.0.1:{door.port}/", headers={"Cookie": f"jantaku_web={cookie}"})
                assert reply.status == status, password
        finally:
            await door.stop()


async def test_a_login_whose_body_never_comes_is_answered_408():
    from jantaku.tui.web.guard import ConnectionLimits

    # the door's clock (its connection pool's) stands still: the pool never closes the connection before its
    # request is read, however late a busy machine reads it; the body's wait (the event loop's) is what is tested
    door = await _door(clock=FakeClock(), connections=ConnectionLimits(request_timeout=0.2))
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", door.port)
        writer.write(
            b"POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            b"Content-Length: 100\r\n\r\nname=An"  # and the rest never comes
        )
        answer = await asyncio.wait_for(reader.read(), HANG)  # a bound that only catches a door that waits on
        writer.close()
        assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
    finally:
        await door.stop()
