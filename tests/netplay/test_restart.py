"""A host process killed with SIGKILL mid-hand resumes every match where it stopped."""

from __future__ import annotations

import asyncio
import contextlib
import re
import signal
import socket
import sys
from pathlib import Path

from jantaku.engine.actions import Action
from jantaku.engine.bots import get_bot
from jantaku.engine.match import Match
from jantaku.netplay.client import Client
from jantaku.netplay.netbot import bot_chooser, play_table
from jantaku.netplay.store import Store

from .conftest import HANG, until

# the installed ``jantaku`` command, run with this interpreter (``python -m jantaku.cli`` would load
# jantaku.cli twice, and commands registered from other modules land in the other copy)
JANTAKU = [sys.executable, "-c", "import sys; from jantaku.cli import main; sys.exit(main(sys.argv[1:]))"]
OFF = {"turn": None, "claim": None, "between": None, "grace": None, "bot": 0}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class HostProcess:
    """``jantaku host`` in a subprocess."""

    def __init__(self, port: int, data: Path, log: Path, *options: str):
        self.port, self.data, self.log, self.options = port, data, log, options
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self) -> str:
        self.proc = await asyncio.create_subprocess_exec(
            *JANTAKU,
            "host",
            "--port",
            str(self.port),
            "--bind",
            "127.0.0.1",
            "--data",
            str(self.data),
            "--no-announce",
            *self.options,
            stdout=asyncio.subprocess.PIPE,
            stderr=open(self.log, "ab"),
        )
        banner = ""
        while "Stop with" not in banner:
            line = await asyncio.wait_for(self.proc.stdout.readline(), HANG)
            assert line, f"the host did not start: {self.log.read_text()}"
            banner += line.decode()
        assert re.search(rf"listening on 127\.0\.0\.1:{self.port}\b", banner), banner
        return banner

    def kill(self, sig: int = signal.SIGKILL) -> None:
        self.proc.send_signal(sig)

    async def wait(self) -> int:
        return await asyncio.wait_for(self.proc.wait(), HANG)


async def step(clients: list[Client], latest: list[dict], table: int) -> None:
    """One decision by the first seat with a prompt (as the easy bot would), then everyone's update."""
    seat = next(i for i, u in enumerate(latest) if u["prompt"])
    prompt = latest[seat]["prompt"]
    action = get_bot("easy").choose(latest[seat]["view"], [Action.from_wire(a) for a in prompt["actions"]])
    await clients[seat].act(table, prompt["id"], action)
    for i, c in enumerate(clients):
        latest[i] = await c.next_message("update", table=table)


async def test_a_killed_host_resumes_the_match_and_players_get_their_seats_back(tmp_path):
    port, data = free_port(), tmp_path / "data"
    # a seeded wall: with a random one the hand now and then ended within the 30 decisions below
    host = HostProcess(port, data, tmp_path / "host.log", "--seed", "7")
    await host.start()
    clients = [await Client.connect("127.0.0.1", port, f"p{i}") for i in range(4)]
    try:
        table = await clients[0].create_table("basic", options={"hands": 2}, timers=OFF, seat=0)
        for i in (1, 2, 3):
            await clients[i].join(table, i)
        await clients[0].start(table)
        latest = [await c.next_message("update", table=table) for c in clients]
        for _ in range(30):
            await step(clients, latest, table)
        assert latest[0]["view"]["phase"] != "over" and latest[0]["n"] == 30  # mid-hand

        host.kill()
        assert await host.wait() == -signal.SIGKILL
        await until(lambda: all(c.closed for c in clients), "the clients see the host gone")
        tokens = [c.token for c in clients]

        banner = await host.start()
        assert "resumed 1 unfinished match" in banner
        clients = [await Client.connect("127.0.0.1", port, f"p{i}", tokens[i]) for i in range(4)]
        for i, c in enumerate(clients):
            assert c.resumed and c.welcome["tables"] == [table]
            update = await c.next_message("update", table=table)
            assert update["n"] == 30
            assert update["view"] == latest[i]["view"], f"seat {i} sees a different table after the restart"
            # the same decision is open (its id may be newer: ids count decisions made when a prompt opens)
            assert (update["prompt"] or {}).get("actions") == (latest[i]["prompt"] or {}).get("actions")
        games = [asyncio.ensure_future(play_table(c, table, bot_chooser())) for c in clients]
        for c in clients:  # a fresh update each, which the players now answer
            await c.back(table)
        finals = await asyncio.wait_for(asyncio.gather(*games), 60)

        host.kill(signal.SIGTERM)  # graceful this time
        assert await host.wait() == 0
    finally:
        for c in clients:
            await c.close()
        if host.proc.returncode is None:
            host.kill()
            with contextlib.suppress(Exception):
                await host.wait()

    store = Store.in_dir(data, create=False)
    [stored] = store.finished()
    record = store.load(stored.id).record
    store.close()
    replayed = Match.replay(record)
    assert replayed.is_over and all(f["match"]["scores"] == replayed.scores for f in finals)
    # nothing lost, nothing doubled: the engine alone, same seed, same bots, plays the same match
    alone = Match(replayed.ruleset, seed=record.seed)
    bot = get_bot("easy")
    while not alone.is_over:
        seat, actions = min(alone.pending().items())
        alone.act(seat, bot.choose(alone.view(seat), actions))
    assert alone.scores == replayed.scores


async def test_the_hosts_bots_are_the_strength_it_was_started_with(tmp_path):
    host = HostProcess(free_port(), tmp_path / "data", tmp_path / "host.log", "--bots", "strong")
    await host.start()
    client = await Client.connect("127.0.0.1", host.port, "ann")
    try:
        table = await client.create_table("basic", seat=0)
        await client.add_bot(table)  # no bot named: the host's
        await client.add_bot(table, "easy")
        seats = {t["id"]: t for t in await client.list_tables()}[table]["seats"]
        assert [seat["bot"] for seat in seats] == [None, "strong", "easy", None]
    finally:
        await client.close()
        host.kill(signal.SIGTERM)
        await host.wait()


async def test_a_second_host_on_the_same_data_is_refused(tmp_path):
    data = tmp_path / "data"
    first = HostProcess(free_port(), data, tmp_path / "a.log")
    await first.start()
    try:
        second = await asyncio.create_subprocess_exec(
            *JANTAKU,
            "host",
            "--port",
            "0",
            "--bind",
            "127.0.0.1",
            "--data",
            str(data),
            "--no-announce",
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        out, err = await asyncio.wait_for(second.communicate(), HANG)
        assert second.returncode == 1 and b"another jantaku host is using" in err
    finally:
        first.kill(signal.SIGTERM)
        assert await first.wait() == 0


async def test_the_host_listens_only_once_its_stored_matches_are_resumed(tmp_path, monkeypatch):
    """A client that knocks while the stored matches are replayed is refused at once (and retries),
    rather than held waiting; the first request it gets in with is answered from the resumed lobby."""
    import errno

    from jantaku.engine.ruleset import get_ruleset
    from jantaku.netplay.host import Host
    from jantaku.netplay.lobby import Lobby
    from jantaku.netplay.store import StoredSeat

    store = Store.in_dir(tmp_path)
    ann, token = store.new_player("ann")
    match = Match(get_ruleset("basic", options={"hands": 2}), seed=4)
    for _ in range(5):
        seat, actions = min(match.pending().items())
        match.act(seat, actions[0])
    bots = [StoredSeat("easy bot", None, "easy")] * 3
    store.create_match(1, match.record(), [StoredSeat("ann", ann, None), *bots], {"ruleset": "basic"})
    store.close()

    port, knocks = free_port(), []
    resume = Lobby.resume

    def resume_while_someone_knocks(lobby: Lobby) -> int:
        with socket.socket() as sock:
            sock.settimeout(2.0)
            knocks.append(sock.connect_ex(("127.0.0.1", port)))
        return resume(lobby)

    monkeypatch.setattr(Lobby, "resume", resume_while_someone_knocks)
    host = Host(data_dir=tmp_path)
    await host.start(port=port)
    try:
        assert knocks == [errno.ECONNREFUSED]
        client = await Client.connect("127.0.0.1", port, "ann", token)
        assert client.resumed and client.welcome["tables"] == [1]
        [listed] = await client.list_tables()
        assert listed["id"] == 1
        await client.close()
    finally:
        await host.stop()


async def test_every_decision_a_client_heard_of_survives_a_kill(tmp_path):
    """The host commits what a turn of its loop wrote before it sends a byte of that turn: a
    decision anyone was told of (an ``ok``, an update with its number) is on disk when the host
    dies with SIGKILL right after, even with bots deciding as fast as they can."""
    port, data = free_port(), tmp_path / "data"
    host = HostProcess(port, data, tmp_path / "host.log", "--seed", "11")
    await host.start()
    client = await Client.connect("127.0.0.1", port, "ann")
    heard = 0
    try:
        table = await client.create_table("basic", options={"hands": 8}, timers={**OFF, "bot": 0}, seat=0)
        for _ in range(3):
            await client.add_bot(table, "easy")
        await client.start(table)
        acted: set[int] = set()
        while heard < 80:
            update = await client.next_message("update", table=table)
            heard = max(heard, update["n"])
            prompt = update["prompt"]
            if prompt and prompt["id"] not in acted:
                acted.add(prompt["id"])
                actions = [Action.from_wire(a) for a in prompt["actions"]]
                heard = max(
                    heard, await client.act(table, prompt["id"], get_bot("easy").choose(update["view"], actions))
                )
        host.kill()  # at once: no turn of our loop between the last thing heard and the kill
        assert await host.wait() == -signal.SIGKILL
    finally:
        await client.close()
        if host.proc.returncode is None:
            host.kill()
            with contextlib.suppress(Exception):
                await host.wait()

    store = Store.in_dir(data, create=False)
    [stored] = store.unfinished()
    store.close()
    assert len(stored.record.decisions) >= heard, "a decision the client had heard of was lost"
    Match.replay(stored.record)  # and what is stored replays


async def test_the_host_process_collects_garbage_less_often_and_never_scans_what_start_up_built(tmp_path):
    """``jantaku host`` tunes its own collector once it is up (netplay/collector.py): at
    CPython's default a hundred tables spent 15% of the host's CPU collecting."""
    from jantaku.netplay.collector import THRESHOLDS

    log = tmp_path / "host.log"
    host = HostProcess(free_port(), tmp_path / "data", log, "--log-level", "debug")
    await host.start()
    try:
        line = next((ln for ln in log.read_text().splitlines() if "garbage collector" in ln), "")
        assert f"thresholds {THRESHOLDS}" in line, log.read_text()
        frozen = int(re.search(r"(\d+) start-up objects frozen", line).group(1))
        assert frozen > 10_000  # the modules and everything start-up made
    finally:
        host.kill(signal.SIGTERM)
        await host.wait()
