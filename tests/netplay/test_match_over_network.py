"""Whole matches played by network clients through the host agree with the engine."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from jantaku.engine.bots import get_bot
from jantaku.engine.match import Match
from jantaku.engine.ruleset import get_ruleset, ruleset_names
from jantaku.engine.selfplay import play_match_hands
from jantaku.netplay.netbot import bot_chooser, play_table

from .conftest import as_sent, close_all, connect, seat_four, short_match_options


@pytest.mark.parametrize("ruleset", ruleset_names())
async def test_four_network_clients_play_a_full_match(host, ruleset):
    preset, options = short_match_options(ruleset)
    table, clients = await seat_four(host, ruleset, preset=preset, options=options)
    await clients[0].start(table)
    finals = await asyncio.wait_for(asyncio.gather(*(play_table(c, table, bot_chooser()) for c in clients)), 60)

    stored = host.store.load(host.lobby.tables[table].match_id)
    assert stored.status == "finished"
    replayed = Match.replay(stored.record)
    assert replayed.is_over
    assert stored.result == as_sent({"scores": replayed.scores, "standings": replayed.standings, "stopped": None})
    for seat, final in enumerate(finals):
        assert final == as_sent(replayed.view(seat)), f"seat {seat}'s last view differs from the engine's"
    assert json.loads(json.dumps([r.to_wire() for r in replayed.results])) == host.store.hand_results(stored.id)

    # the same seed played by the same bots inside the engine alone: the same match
    alone = Match(get_ruleset(ruleset, preset, options), seed=stored.record.seed)
    stats = {
        "turns": 0,
        "wins": 0,
        "draws": 0,
        "seats": [{"points": 0, "wins": 0, "deal_ins": 0, "draws": 0} for _ in range(4)],
    }
    play_match_hands(alone, [get_bot("easy") for _ in range(4)], 10_000, stats)
    assert alone.is_over and alone.scores == replayed.scores
    assert [r.to_wire() for r in alone.results] == [r.to_wire() for r in replayed.results]
    await close_all(clients)


async def test_a_spectator_follows_the_match_without_seeing_hands(host):
    table, clients = await seat_four(host, options={"hands": 1})
    watcher = await connect(host, "watcher")
    await watcher.spectate(table)
    await clients[0].start(table)
    await asyncio.gather(*(play_table(c, table, bot_chooser()) for c in clients))
    last = None
    async for msg in watcher.updates():
        if msg["type"] == "update":
            assert msg["seat"] is None and msg["prompt"] is None
            last = msg
            if msg["view"]["match"]["phase"] == "over":
                break
    match = host.lobby.tables[table].match
    assert last["view"] == as_sent(match.view(None))
    await close_all([*clients, watcher])


async def test_the_minimal_client_in_the_protocol_document_works(host):
    doc = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text()
    code = re.findall(r"```python\n(.*?)```", doc, re.S)[-1]
    assert '("127.0.0.1", 7654)' in code
    code = code.replace('("127.0.0.1", 7654)', f'("127.0.0.1", {host.port})')
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", code, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    out, err = await asyncio.wait_for(proc.communicate(), 30)
    assert proc.returncode == 0, err.decode()
    assert "'place': 1" in out.decode()
