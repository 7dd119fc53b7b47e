"""History, export and stepping through a replay; the network bot as a program."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys

from jantaku.cli import main
from jantaku.engine.match import Match, MatchRecord
from jantaku.engine.ruleset import get_ruleset
from jantaku.netplay.host import Host
from jantaku.netplay.netbot import bot_chooser, play_table, run_network_bot
from jantaku.netplay.prompts import Timers
from jantaku.netplay.replay import ReplayCursor, load_record

from .conftest import close_all, seat_four


async def test_history_lists_finished_matches_and_export_gives_a_replayable_record(tmp_path, capsys):
    host = Host(data_dir=tmp_path, seed=2)
    await host.start(port=0)
    table, clients = await seat_four(host, options={"hands": 1})
    await clients[0].start(table)
    finals = await asyncio.gather(*(play_table(c, table, bot_chooser()) for c in clients))
    await close_all(clients)
    await host.stop()

    assert main(["history", "--data", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("#1 ") and "basic (default)" in out and "p0" in out and "p3" in out
    assert main(["history", "--data", str(tmp_path), "--json"]) == 0
    row = json.loads(capsys.readouterr().out)
    assert [p["score"] for p in row["players"]] == finals[0]["match"]["scores"]

    target = tmp_path / "match.json"
    assert main(["export", "1", "--format", "json", "--data", str(tmp_path), "-o", str(target)]) == 0
    record = load_record(target)
    assert Match.replay(record).scores == finals[0]["match"]["scores"]
    assert json.loads(target.read_text())["meta"]["seats"] == ["p0", "p1", "p2", "p3"]
    assert main(["export", "7", "--data", str(tmp_path)]) == 1
    assert "no match 7" in capsys.readouterr().err


def test_history_without_data_says_so(tmp_path, capsys):
    assert main(["history", "--data", str(tmp_path / "none")]) == 1
    assert "no jantaku database" in capsys.readouterr().err


def finished_record() -> MatchRecord:
    match = Match(get_ruleset("basic", options={"hands": 2}), seed=9)
    while not match.is_over:
        seat, actions = min(match.pending().items())
        match.act(seat, actions[-1])
    return match.record()


def test_a_replay_steps_forward_and_back_through_every_decision():
    record = finished_record()
    cursor = ReplayCursor(record)
    views = [cursor.view(0)]
    while not cursor.at_end:
        seat, action = cursor.next_decision()
        assert [seat, action.to_wire()] == list(record.decisions[cursor.position])
        cursor.step()
        views.append(cursor.view(0))
    assert cursor.view(None)["match"]["phase"] == "over"
    for position in (len(record.decisions) // 2, 1, 0, len(record.decisions)):
        cursor.seek(position)
        assert cursor.view(0) == views[position] == Match.replay(record, upto=position).view(0)
    cursor.seek(10)
    cursor.back()
    assert cursor.position == 9 and cursor.view(0) == views[9]


def test_replay_events_and_hand_starts():
    record = finished_record()
    cursor = ReplayCursor(record)
    assert [e["type"] for e in cursor.events()][:2] == ["hand_start", "deal"]
    assert "tiles" in cursor.events(viewer=None, open_hands=True)[1]
    assert "tiles" not in cursor.events(viewer=None, open_hands=False)[1]
    starts = cursor.hand_starts()
    assert starts[0] == 0 and len(starts) == 2
    cursor.seek(starts[1] - 1)
    assert cursor.view(None)["match"]["phase"] == "between"
    cursor.step()
    assert cursor.view(None)["match"]["hand_index"] == 1


async def test_a_network_bot_finds_a_free_seat_and_plays_the_match():
    host = Host(seed=4)
    await host.start(port=0)
    table = host.create_quick_table(options={"hands": 1}, timers=Timers(bot=0))
    final = await asyncio.wait_for(run_network_bot("127.0.0.1", host.port, bot="easy", name="netbot"), 30)
    assert final["match"]["phase"] == "over" and final["seat"] == 0
    stored = host.store.load(host.lobby.tables[table].match_id) if table in host.lobby.tables else None
    assert stored is None or stored.status == "finished"
    await host.stop()


async def test_the_bot_command_plays_a_match_as_a_network_client():
    host = Host(seed=5)
    await host.start(port=0)
    host.create_quick_table(options={"hands": 1}, timers=Timers(bot=0))
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        "import sys; from jantaku.cli import main; sys.exit(main(sys.argv[1:]))",
        "bot",
        "--connect",
        f"127.0.0.1:{host.port}",
        "--bot",
        "easy",
        "--name",
        "robo",
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), 30)
    assert proc.returncode == 0, err.decode()
    assert out.decode().startswith("match over: scores [")
    await host.stop()
