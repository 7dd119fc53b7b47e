"""What an mjai seat costs the host: CPU per decision beside the bot program's own time.

    .venv/bin/python benchmarks/mjai_seat.py [MATCHES]     (default 3 East-South matches)

The same seeded riichi match is played twice on a host in this process: seat 2 once by an mjai
bot program that answers at once (tsumogiri, else none: tests/mjai/recording_bot.py without a
file), once by a plain network client that plays the same moves (pass, else discard the drawn
tile).  Everything else (the host, our bots in the other seats, the other clients) is the same, so
the difference in this process's CPU time (the bot program is another process) divided by the mjai
seat's decisions is what the mjai seat adds: the events turned into mjai, the JSON both ways, the
reply matched to a legal action, the line channel.  A ratio of the two runs is printed too.
"""

from __future__ import annotations

import asyncio
import shlex
import sys
import time
from pathlib import Path

from jantaku.engine.rulesets.riichi.mjai import safe_action
from jantaku.netplay.client import Client
from jantaku.netplay.host import Host
from jantaku.netplay.mjai_seat import selfplay_with_mjai
from jantaku.netplay.netbot import play_table
from jantaku.netplay.prompts import Timers

INSTANT_BOT = Path(__file__).parents[1] / "tests" / "mjai" / "recording_bot.py"
SEAT = 2


async def with_mjai(seed: int) -> tuple[float, int]:
    command = " ".join(shlex.quote(a) for a in (sys.executable, str(INSTANT_BOT), "{seat}", "/dev/null"))
    start = time.process_time()
    match, _ = await selfplay_with_mjai("riichi", {SEAT: command}, seed=seed, bot="strong", time_limit=10.0)
    cpu = time.process_time() - start
    return cpu, _decisions(match)


async def with_plain_client(seed: int) -> tuple[float, int]:
    start = time.process_time()
    host = Host(seed=seed)
    port = await host.start(port=0, bind="127.0.0.1")
    try:
        timers = Timers(turn=None, claim=None, between=None, grace=None, bot=0.0)
        table_id = host.create_quick_table(ruleset="riichi", timers=timers, bot="strong")
        table = host.lobby.tables[table_id] if host.lobby else None
        assert table is not None
        table.seats[SEAT].empty()
        table.seats[0].seat_bot("strong")
        watcher = await Client.connect("127.0.0.1", port, "selfplay")
        await watcher.spectate(table_id)
        client = await Client.connect("127.0.0.1", port, "plain")
        await client.join(table_id, SEAT)
        await play_table(client, table_id, lambda view, legal: safe_action(legal, view.players[SEAT].drawn))
        from jantaku.engine.match import Match

        match = Match.replay(host.store.load(table.match_id).record)  # type: ignore[arg-type]
        await client.close()
        await watcher.close()
    finally:
        await host.stop()
    return time.process_time() - start, _decisions(match)


def _decisions(match) -> int:
    return sum(1 for seat, wire in match.record().decisions if seat == SEAT and wire[0] != "continue")


def bridge_cpu(seed: int) -> tuple[float, int]:
    """The mjai seat's own work alone, for every decision of seat 2 in a match of four strong bots:
    decode the seat's wire events, turn them into mjai, the batch as JSON, the reply parsed and
    matched to a legal action (the reply is what a bot would answer: the action the bot took)."""
    import json

    from jantaku.engine.bots import get_bot
    from jantaku.engine.events import decode_event
    from jantaku.engine.match import Match
    from jantaku.engine.ruleset import get_ruleset
    from jantaku.engine.rulesets.riichi.mjai_bridge import MjaiSeatBridge
    from jantaku.engine.rulesets.riichi.mjai_bot import MjaiBot

    match = Match(get_ruleset("riichi"), seed)
    bots = [get_bot("strong") for _ in range(4)]
    steps = []  # (wire events seat 2 was sent, its view, its legal actions or None)
    pending_events = [e.for_seat(SEAT) for e in match.table.events]
    while not match.is_over:
        pending = match.pending()
        if SEAT in pending:
            steps.append((pending_events, match.view(SEAT), pending[SEAT]))
            pending_events = []
        seat = min(pending)
        events = match.act(seat, bots[seat].choose(match.view(seat), pending[seat]))
        pending_events += [e.for_seat(SEAT) for e in events]
    replier = MjaiBot(seat=SEAT)  # to have real replies to parse; its time is not counted
    replies = []
    bridge = MjaiSeatBridge(SEAT, ["a", "b", "c", "d"], True)
    for wire, view, _ in steps:
        bridge.observe([decode_event(w) for w in wire], view)
        replies.append(json.dumps(replier.react(json.loads(bridge.batch()))))
    bridge = MjaiSeatBridge(SEAT, ["a", "b", "c", "d"], True)
    start = time.process_time()
    for (wire, view, legal), reply in zip(steps, replies):
        bridge.observe([decode_event(w) for w in wire], view)
        bridge.batch()
        bridge.answer(reply, legal, view)
    return time.process_time() - start, len(steps)


async def main(matches: int) -> None:
    for seed in range(matches):
        cpu, n = bridge_cpu(seed)
        print(f"seed {seed}: the bridge alone: {cpu / n * 1000:.3f} ms of CPU per decision ({n} decisions)")
    extra = []
    for seed in range(matches):
        mjai_cpu, mjai_n = await with_mjai(seed)
        plain_cpu, plain_n = await with_plain_client(seed)
        assert mjai_n == plain_n, f"seed {seed}: the two runs played different matches ({mjai_n} vs {plain_n})"
        per = (mjai_cpu - plain_cpu) / mjai_n * 1000
        extra.append(per)
        print(
            f"seed {seed}: {mjai_n} decisions of seat {SEAT}; host CPU {mjai_cpu:.2f} s with the mjai seat, "
            f"{plain_cpu:.2f} s with a plain client: ratio {mjai_cpu / plain_cpu:.2f}, "
            f"{per:+.3f} ms per decision"
        )
    extra.sort()
    print(f"mjai seat: median {extra[len(extra) // 2]:+.3f} ms of host CPU per decision (budget 1 ms)")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 3))
