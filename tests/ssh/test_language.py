"""A player's language over SSH: the client's LANG (OpenSSH sends it) chooses the game's (issue 19)."""

from __future__ import annotations

import asyncio

from .conftest import HANG, connect


async def first_frame(port: int, env: dict[str, str], until: bytes) -> bytes:
    async with await connect(port, username="ann") as conn:
        proc = await conn.create_process(term_type="xterm-256color", term_size=(100, 30), encoding=None, env=env)
        seen = b""
        while until not in seen:
            chunk = await asyncio.wait_for(proc.stdout.read(65536), HANG)
            assert chunk, seen[-400:]
            seen += chunk
        proc.stdin.write(b"\x11")  # Ctrl-Q
        await asyncio.wait_for(proc.wait_closed(), HANG)
        return seen


def test_a_german_client_gets_the_lobby_in_german_and_an_english_one_in_english(tmp_path, jantaku_host):
    host = jantaku_host(tmp_path / "data")
    german = asyncio.run(first_frame(host.ssh_port, {"LANG": "de_DE.UTF-8"}, b"neuer Tisch"))
    assert b"new table" not in german
    english = asyncio.run(first_frame(host.ssh_port, {"LANG": "en_GB.UTF-8"}, b"new table"))
    assert b"neuer Tisch" not in english
    hostile = asyncio.run(first_frame(host.ssh_port, {"LANG": "de_DE.UTF-8; rm -rf /"}, b"new table"))
    assert b"neuer Tisch" not in hostile  # not a locale name: the default language
    assert host.stop() == 0
