"""The web door behind a reverse proxy (issue 25, item 5): the client's address comes from
``X-Forwarded-For`` only when the connection is the trusted proxy's; the door's per-address cap,
its failure log and the host's accounting (the session's ``Identity.address``) use that address.
A stand-in game; real sockets on 127.x (the proxy 127.0.0.1, an untrusted peer 127.0.0.2)."""

from __future__ import annotations

import logging

import pytest

from jantaku.tui.web.forwarded import trusted_proxies

from .conftest import STAND_IN_GAME, form_token_in

aiohttp = pytest.importorskip("aiohttp")
pytest.importorskip("textual_serve")


async def proxied_door(addresses: list[str], **settings):
    from jantaku.tui.ssh.terminal import Launch
    from jantaku.tui.web.access import WebAccess
    from jantaku.tui.web.door import WebDoor, WebSettings

    def launcher(identity, term, size):
        addresses.append(identity.address)
        return Launch(list(STAND_IN_GAME))

    settings = {"warm_sessions": False, "grace": 0.5, "trusted_proxies": trusted_proxies(["127.0.0.1"]), **settings}
    door = WebDoor(launcher, WebAccess("pw", "password"), b"k" * 32, WebSettings(**settings))
    await door.start(0, "127.0.0.1")
    return door


def browser(source: str):
    """An HTTP client whose connections come from ``source``, keeping cookies across addresses."""
    connector = aiohttp.TCPConnector(local_addr=(source, 0))
    return aiohttp.ClientSession(connector=connector, cookie_jar=aiohttp.CookieJar(unsafe=True))


async def post_login(http, door, secret: str, headers: dict[str, str] | None = None):
    """Open the login form (as a browser with no cookie yet: one logged in gets the game), then post it
    with its token and the form's cookie from ``http``."""
    async with aiohttp.ClientSession() as fresh, fresh.get(f"http://127.0.0.1:{door.port}/") as page:
        token = form_token_in(await page.text())
        http.cookie_jar.update_cookies(page.cookies)
    form = {"name": "Ann", "secret": secret, "form_token": token}
    return http.post(f"http://127.0.0.1:{door.port}/login", data=form, headers=headers)


async def session_from(http, door, forwarded_for: str | None):
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
    async with await post_login(http, door, "pw") as r:
        assert r.status == 200
    return await http.ws_connect(f"http://127.0.0.1:{door.port}/ws", headers=headers)


async def test_the_client_address_comes_from_the_trusted_proxy_only():
    addresses: list[str] = []
    door = await proxied_door(addresses)
    try:
        async with browser("127.0.0.1") as via_proxy, browser("127.0.0.2") as direct:
            first = await session_from(via_proxy, door, "6.6.6.6, 203.0.113.7")  # the client wrote 6.6.6.6
            spoofed = await session_from(direct, door, "203.0.113.99")  # not the proxy: the header is ignored
            assert addresses == ["203.0.113.7", "127.0.0.2"]
            assert sorted(door.sessions.values()) == ["127.0.0.2", "203.0.113.7"]
            await first.close()
            await spoofed.close()
    finally:
        await door.stop()


async def test_the_doors_cap_per_address_counts_the_clients_behind_the_proxy():
    addresses: list[str] = []
    door = await proxied_door(addresses, max_per_ip=1)
    try:
        async with browser("127.0.0.1") as via_proxy:
            first = await session_from(via_proxy, door, "203.0.113.7")
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await session_from(via_proxy, door, "203.0.113.7")
            assert refused.value.status == 503
            other = await session_from(via_proxy, door, "203.0.113.8")  # another client of the same proxy
            assert addresses == ["203.0.113.7", "203.0.113.8"]
            await first.close()
            await other.close()
    finally:
        await door.stop()


async def test_a_wrong_password_is_logged_with_the_clients_address(caplog):
    door = await proxied_door([], login_failure_delay=0.0)
    try:
        async with browser("127.0.0.1") as via_proxy:
            headers = {"X-Forwarded-For": "203.0.113.7"}
            with caplog.at_level(logging.WARNING, logger="jantaku.tui.web.door"):
                async with await post_login(via_proxy, door, "guess", headers) as r:
                    assert r.status == 403
        assert "web door: 203.0.113.7: wrong password" in caplog.text
    finally:
        await door.stop()


def test_the_trusted_proxy_flag_takes_ip_addresses_and_repeats(capsys):
    import argparse

    from jantaku.tui.web.hosting import add_web_arguments

    parser = argparse.ArgumentParser(prog="jantaku host")
    add_web_arguments(parser)
    args = parser.parse_args(["--web-trusted-proxy", "127.0.0.1", "--web-trusted-proxy", "::1"])
    assert trusted_proxies(args.web_trusted_proxy) == trusted_proxies(["::1", "127.0.0.1"])
    with pytest.raises(SystemExit):
        parser.parse_args(["--web-trusted-proxy", "proxy.example"])
    said = capsys.readouterr().err.strip().splitlines()[-1]
    assert said.endswith("'proxy.example' is not an IP address")
