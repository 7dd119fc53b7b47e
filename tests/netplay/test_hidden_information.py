"""No message to a seat ever carries another seat's concealed tile or a wall tile.

Every byte string the host writes to a client is captured at the moment it
is sent, together with the tiles that recipient may not know at that moment
(taken from the engine's true state), then decoded and searched.
"""

from __future__ import annotations

import asyncio
from typing import Any

import msgpack
import pytest

from jantaku.engine.match import Match
from jantaku.engine.ruleset import ruleset_names
from jantaku.engine.views import View, view_to_wire
from jantaku.netplay.connection import Connection
from jantaku.netplay.netbot import bot_chooser, play_table

from .conftest import close_all, connect, seat_four, short_match_options, until

# keys whose values are (or contain) physical tile ids
TILE_KEYS = {"tile", "tiles", "concealed", "drawn", "hand", "hands", "bonus", "added", "claimed"}


def tiles_in(obj: Any, key: str | None = None) -> set[int]:
    """Every tile id in the tile-carrying fields of a decoded message (a typed view: of its wire form)."""
    found: set[int] = set()
    if isinstance(obj, View):
        obj = view_to_wire(obj)
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k == "hands" and not isinstance(v, list):  # the "hands" option of a table is a count
                continue
            if k in TILE_KEYS or (isinstance(k, str) and k.endswith("indicators")):
                found |= {t for t in _ints(v) if t >= 0}
            elif k == "discards":
                found |= {d[0] for d in v}
            elif k == "last_discard" and v:
                found.add(v[1])
            elif k == "actions":  # a prompt: [type, tile, tiles, suit] each
                for a in v:
                    found |= ({a[1]} if a[1] is not None else set()) | set(a[2])
            else:
                found |= tiles_in(v, k)
    elif isinstance(obj, list):
        for item in obj:
            found |= tiles_in(item, key)
    return found


def _ints(obj: Any) -> list[int]:
    if isinstance(obj, bool):
        return []
    if isinstance(obj, int):
        return [obj]
    if isinstance(obj, list):
        return [i for x in obj for i in _ints(x)]
    return []


def secret_tiles(match: Match, seat: int | None, *, hands: bool = True) -> set[int]:
    """Tiles ``seat`` may not know now: the wall and (while the hand is on, if ``hands``)
    the others' concealed tiles."""
    table = match.table
    secret = set(table.wall.live_tiles()) | set(table.wall.untaken_dead())
    if hands and table.phase != "over":
        for s, p in enumerate(table.players):
            if s != seat and not p.out:
                secret |= set(p.concealed)
    return secret - tiles_in(match.view(None))  # minus what the rules show everyone (dora indicators)


class Tap:
    """Captures (recipient, bytes, secret tiles at that moment) for every message the host sends."""

    def __init__(self, host, monkeypatch):
        self.host = host
        self.sent: list[tuple[int | None, bytes, set[int], str]] = []  # seat, data, secret tiles, name
        original = Connection.send_packed

        def send_packed(conn: Connection, data: bytes) -> bool:
            self.capture(conn, data)
            return original(conn, data)

        monkeypatch.setattr(Connection, "send_packed", send_packed)

    def capture(self, conn: Connection, data: bytes) -> None:
        for table in self.host.lobby.tables.values():
            if table.match is None or table.state == "waiting":
                continue
            if conn in table.spectators:
                seat = None
            elif conn.player is not None and table.seat_of(conn.player) is not None:
                seat = table.seat_of(conn.player)
            else:
                continue
            hands = not (seat is None and table.settings.spectators_see_hands)
            self.sent.append((seat, data, secret_tiles(table.match, seat, hands=hands), conn.player.name))


HANDS = 4
CASES = [("basic", 1), ("basic", 2), ("basic", 3)] + [(r, 1) for r in ruleset_names() if r != "basic"]


async def play_hands(host, table: int, clients, hands: int) -> None:
    """The four clients play until ``hands`` hands are over (or the match is)."""
    games = [asyncio.ensure_future(play_table(c, table, bot_chooser())) for c in clients]
    match = host.lobby.tables[table].match
    try:
        await until(
            lambda: len(match.results) >= hands or match.is_over or all(g.done() for g in games),
            f"{hands} hands played",
            tries=3000,
        )
    finally:
        for g in games:
            g.cancel()
    assert len(match.results) >= hands or match.is_over


@pytest.mark.parametrize("ruleset, seed", CASES)
async def test_no_message_to_a_seat_carries_a_tile_it_may_not_know(host, monkeypatch, ruleset, seed):
    host.rng.seed(seed)
    tap = Tap(host, monkeypatch)
    preset, options = short_match_options(ruleset)
    table, clients = await seat_four(
        host, ruleset, preset=preset, options={**options, "hands": HANDS} if ruleset == "basic" else options
    )
    watcher = await connect(host, "watcher", source="127.0.0.2")  # the players' address may not watch
    await watcher.spectate(table)
    await clients[0].start(table)
    await play_hands(host, table, clients, HANDS)

    own_tiles_seen = 0
    checked = 0
    for seat, data, secret, who in tap.sent:
        for msg in _unpack(data):
            leaked = tiles_in(msg) & secret
            assert not leaked, f"{who} (seat {seat}) was sent {sorted(leaked)} in a {msg['type']} message"
            checked += 1
            if seat is not None and msg["type"] == "update":
                own_tiles_seen += bool(msg["view"]["players"][seat].get("concealed"))
    assert checked > 400 and own_tiles_seen > 100  # the check saw real traffic, own hands included
    await close_all([*clients, watcher])


def _unpack(data: bytes) -> list[dict]:
    unpacker = msgpack.Unpacker(strict_map_key=False)
    unpacker.feed(data)
    return list(unpacker)


async def test_spectators_may_see_the_hands_but_never_the_wall(host, monkeypatch):
    tap = Tap(host, monkeypatch)
    table, clients = await seat_four(host, options={"hands": 2}, spectators_see_hands=True)
    watcher = await connect(host, "watcher", source="127.0.0.2")  # the players' address may not watch
    await watcher.spectate(table)
    await clients[0].start(table)
    await asyncio.wait_for(asyncio.gather(*(play_table(c, table, bot_chooser()) for c in clients)), 60)
    hands_seen = 0
    for seat, data, wall, _who in tap.sent:
        if seat is not None:
            continue
        for msg in _unpack(data):
            assert not tiles_in(msg) & wall, f"the spectator was sent wall tiles in a {msg['type']} message"
            if msg["type"] == "update":
                hands_seen += all("concealed" in p for p in msg["view"]["players"])
    assert hands_seen > 50
    await close_all([*clients, watcher])


def test_the_leak_check_finds_a_leak():
    """The checker itself: a view with another seat's concealed tiles is caught."""
    from jantaku.engine.ruleset import get_ruleset

    match = Match(get_ruleset("basic"), seed=4)
    leaky = view_to_wire(match.view(0))
    leaky["players"][1]["concealed"] = list(match.table.players[1].concealed)
    assert tiles_in({"view": leaky}) & secret_tiles(match, 0)
    assert not tiles_in({"view": match.view(0)}) & secret_tiles(match, 0)
    prompt = {"actions": [["discard", match.table.wall.live_tiles()[0], [], None]]}
    assert tiles_in({"prompt": prompt}) & secret_tiles(match, 0)
