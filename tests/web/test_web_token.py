"""A token door's token is kept in the data directory (issue 25, item 4): the same address after a
restart, and ``--web-new-token`` (or deleting ``web_token``) shuts out the old address and every
browser that came in with it."""

from __future__ import annotations

import argparse
import asyncio
import logging
import re

import pytest

from jantaku.tui.web import hosting

from .conftest import WebHost

TOKEN = re.compile(r"[A-Za-z0-9_-]{24}")


def test_a_new_token_shuts_out_the_old_address_and_its_cookies(web_host, tmp_path):
    data = tmp_path / "data"
    host = web_host(data)
    cookie = host.log_in("Ann")
    assert host.request("/", cookie=cookie).status == 200
    host.stop()

    renewed = web_host(data, "--web-new-token")
    assert TOKEN.fullmatch(renewed.token) and renewed.token != host.token
    assert (data / "web_token").read_text() == renewed.token + "\n"
    old_cookie = renewed.request("/", cookie=cookie)
    assert old_cookie.status == 401 and 'name="form_token"' in old_cookie.body  # the login page: a new player
    assert renewed.request("/static/js/textual.js", cookie=cookie).status == 401
    assert renewed.try_login("Ann", host.token).status == 403  # the old address's token is no key
    new_cookie = renewed.log_in("Ann")
    assert renewed.request("/", cookie=new_cookie).status == 200
    renewed.stop()

    again = web_host(data)  # the new token is the one kept
    assert again.token == renewed.token
    assert again.request("/", cookie=new_cookie).status == 200
    assert again.request("/", cookie=cookie).status == 401
    again.stop()


def test_deleting_the_token_file_is_a_new_token(web_host, tmp_path):
    data = tmp_path / "data"
    host = web_host(data)
    cookie = host.log_in("Ann")
    host.stop()
    (data / "web_token").unlink()
    restarted = web_host(data)
    assert TOKEN.fullmatch(restarted.token) and restarted.token != host.token
    assert restarted.request("/", cookie=cookie).status == 401
    restarted.stop()


def test_a_corrupt_token_file_is_a_warning_and_a_new_token(tmp_path):
    pytest.importorskip("textual_serve")
    data = tmp_path / "data"
    data.mkdir()
    (data / "web_token").write_bytes(b"\xff\xfe not a token \x00\n")
    log = tmp_path / "host.log"
    host = WebHost(data, log=log)
    try:
        assert TOKEN.fullmatch(host.token)
        assert (data / "web_token").read_text() == host.token + "\n"
        assert host.request("/", cookie=host.log_in("Ann")).status == 200
    finally:
        assert host.stop() == 0
    text = log.read_text()
    told = [line for line in text.splitlines() if "web_token" in line]
    assert len(told) == 1 and "WARNING jantaku.tui.web.hosting: web door:" in told[0], text
    assert "Traceback" not in text


def test_door_token_keeps_renews_and_replaces_a_bad_one(tmp_path, caplog):
    caplog.set_level(logging.WARNING)
    first = hosting.door_token(tmp_path)
    path = tmp_path / hosting.TOKEN_FILE
    assert TOKEN.fullmatch(first) and path.stat().st_mode & 0o777 == 0o600
    assert hosting.door_token(tmp_path) == first
    renewed = hosting.door_token(tmp_path, renew=True)
    assert renewed != first and hosting.door_token(tmp_path) == renewed
    assert path.stat().st_mode & 0o777 == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == [hosting.TOKEN_FILE]  # no temporary file left
    assert not caplog.records
    for bad in (b"", b"short\n", b"has spaces in it, not a token\n", ("\u00e9" * 30).encode()):
        path.write_bytes(bad)
        token = hosting.door_token(tmp_path)
        assert TOKEN.fullmatch(token) and path.read_text() == token + "\n", bad
    assert len(caplog.records) == 4 and all(r.levelno == logging.WARNING and not r.exc_info for r in caplog.records)
    assert hosting.door_token(None) != hosting.door_token(None)  # no data directory: nothing kept


def test_a_new_token_at_a_password_door_is_a_plain_error(tmp_path, capsys):
    pytest.importorskip("textual_serve")

    class Host:
        data_dir = tmp_path

        async def stop(self):
            pass

    args = argparse.Namespace(web=0, web_password="pw", web_password_file=None, web_new_token=True)
    with pytest.raises(SystemExit) as exit:
        asyncio.run(hosting.start_web_door(Host(), args))
    assert exit.value.code == 1
    assert "--web-new-token is for a door without a password" in capsys.readouterr().err
    assert not (tmp_path / hosting.TOKEN_FILE).exists()
