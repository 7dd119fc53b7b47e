"""Guessing rejoin codes: wrong ones are refused and slow down their address and the door; old short
codes are exchanged for long ones; names that look like old codes stay names."""

from __future__ import annotations

import asyncio
import logging
import sqlite3

import asyncssh
import pytest

from jantaku.tui.ssh.access import Backoff, CodeGuessThrottle
from jantaku.tui.ssh.identity import RejoinCodes

from .conftest import HANG, connect, fields, open_game


class Clock:
    """The throttle's time: moves only when a test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def log_in(gateway, username: str) -> tuple[dict[str, str], list[str]]:
    """The identity the game was told and the banners the client saw, for a keyless login."""
    async with await connect(gateway, username=username) as conn:
        proc, line = await open_game(conn)
        proc.stdin.write(b"q")
        await asyncio.wait_for(proc.wait_closed(), HANG)
        return fields(line), conn.get_owner().banners


async def refusal(gateway, username: str) -> str:
    """What the door says when it turns a keyless login away."""
    with pytest.raises(asyncssh.DisconnectError) as refused:
        await connect(gateway, username=username)
    return refused.value.reason


async def test_a_wrong_code_is_refused_and_its_address_backs_off(make_gateway):
    clock = Clock()
    gateway = await make_gateway(clock=clock)
    seen, _ = await log_in(gateway, "bob")
    code = seen["identity"].removeprefix("ssh-code:")
    wrong = "K7F3Q-XM8P2" if code != "K7F3Q-XM8P2" else "K7F3Q-XM8P3"
    for _ in range(3):  # a few typos are free
        assert "no player here has the rejoin code K7F3Q-XM8P2" in await refusal(gateway, wrong.lower())
    assert "no player here has the rejoin code" in await refusal(gateway, wrong)  # the 4th: now it costs
    said = await refusal(gateway, code)  # even the right code is not looked at for a second
    assert "too many wrong rejoin codes were tried; try yours again in 1 s" in said
    assert "too many wrong" in await refusal(gateway, wrong)  # and a try while waiting does not count
    clock.now += 1.0
    again, _ = await log_in(gateway, code)
    assert again["identity"] == seen["identity"]
    assert len(gateway.rejoin_codes) == 1  # no wrong code made a player
    await gateway.stop()


def test_wrong_codes_back_off_exponentially_per_address_and_overall():
    clock = Clock()
    throttle = CodeGuessThrottle(
        per_address=Backoff(free=1, first=1.0, longest=8.0, forget=100.0),
        overall=Backoff(free=4, first=0.5, longest=2.0, forget=50.0),
        clock=clock,
    )
    waits = []
    for _ in range(6):
        throttle.failed("10.0.0.1")
        waits.append(throttle.wait("10.0.0.1"))
    assert waits == [0.0, 1.0, 2.0, 4.0, 8.0, 8.0]
    assert throttle.wait("10.0.0.2") == 1.0  # six wrong codes at the door: every address waits a little
    clock.now += 2.0
    assert throttle.wait("10.0.0.2") == 0.0 and throttle.wait("10.0.0.1") == 6.0
    clock.now += 100.0  # quiet long enough: forgiven
    throttle.failed("10.0.0.1")
    assert throttle.wait("10.0.0.1") == 0.0


def test_many_addresses_are_held_back_by_the_door_wide_backoff():
    clock = Clock()
    throttle = CodeGuessThrottle(clock=clock)  # the door's defaults
    for i in range(1000):  # a thousand addresses, one wrong code each, all at once
        throttle.failed(f"10.0.{i // 256}.{i % 256}")
    assert throttle.wait("192.0.2.1") == 10.0  # the longest door-wide wait
    clock.now += 10.0
    assert throttle.wait("192.0.2.1") == 0.0


def test_a_burst_of_wrong_codes_is_one_log_line_per_minute(caplog):
    clock = Clock()
    throttle = CodeGuessThrottle(clock=clock)
    with caplog.at_level(logging.WARNING, logger="jantaku.tui.ssh.access"):
        for _ in range(50):
            throttle.failed("10.0.0.1")
        clock.now += 60.0
        throttle.failed("10.0.0.1")
    lines = [r.getMessage() for r in caplog.records if "10.0.0.1" in r.getMessage()]
    assert len(lines) == 2
    assert "(and 49 more like it in the last 60 s)" in lines[1]
    door_wide = [r.getMessage() for r in caplog.records if "from all addresses" in r.getMessage()]
    assert len(door_wide) == 2  # once when it began, once with the count a minute later


async def test_an_old_short_code_still_works_once_and_is_exchanged_for_a_long_one(make_gateway, tmp_path):
    data = tmp_path / "data"
    codes = RejoinCodes(data / "ssh_rejoin_codes.json")
    codes.remember("K7F3QX", "bob")  # handed out by an older version
    codes.close()
    gateway = await make_gateway(data_dir=data)
    seen, banners = await log_in(gateway, "k7f3qx")
    assert seen["identity"] == "ssh-code:K7F3QX" and seen["name"] == "bob"  # same identity: same seats
    new = next(b for b in banners if "now" in b).split("now ")[1].split()[0]
    assert len(new) == 11 and new[5] == "-"
    again, _ = await log_in(gateway, new)
    assert again["identity"] == "ssh-code:K7F3QX" and again["name"] == "bob"
    assert "no player here has the rejoin code K7F3QX" in await refusal(gateway, "K7F3QX")
    await gateway.stop()


async def test_a_name_shaped_like_an_old_code_is_a_name(make_gateway):
    clock = Clock()
    gateway = await make_gateway(clock=clock)
    for _ in range(6):  # even while the door backs off from wrong codes
        seen, _ = await log_in(gateway, "andrew")
        assert seen["name"] == "andrew" and seen["identity"].startswith("ssh-code:")
    await gateway.stop()


def test_a_codes_file_of_an_older_version_gains_the_exchange_column(tmp_path):
    path = tmp_path / "codes.json"
    db = sqlite3.connect(path.with_suffix(".sqlite3"))
    db.executescript(
        "CREATE TABLE codes (code TEXT PRIMARY KEY, name TEXT NOT NULL, used REAL NOT NULL,"
        " kept INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;"
        "INSERT INTO codes VALUES ('K7F3QX', 'bob', 1.0, 1);"
    )
    db.commit()
    db.close()
    codes = RejoinCodes(path)
    new = codes.exchange("K7F3QX")
    found = codes.find(new)
    assert found is not None and found.identity(new).key == "ssh-code:K7F3QX" and codes.is_kept(new)
    assert codes.find("K7F3QX") is None
    codes.close()
