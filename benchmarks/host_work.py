"""The host's own work per decision, without sockets: CPU time, so a busy machine does not skew it.

    python benchmarks/host_work.py [--decisions 20000] [--ruleset basic] [--compare OLD_TREE] [--rounds 3]

A :class:`~jantaku.netplay.tables.HostTable` with four seated players (stand-in connections
that keep the bytes they are sent, packed as a connection would), a SQLite store in a
temporary directory, and no timers: the players answer each prompt at once (win, else pass,
else discard the drawn tile), so what is timed is exactly the host's side of a decision —
the engine applying it, prompts, the store, building and packing the four updates.  With a
store that batches (``Store.batch_writes``) it is committed after every decision, the worst
case (the host commits once per loop turn).  Socket writes and asyncio are left out:
``host_load.py`` measures the whole host.

``--compare OLD_TREE`` runs the same in a subprocess with OLD_TREE first on ``PYTHONPATH``
(``git archive REV | tar -x -C OLD_TREE``), interleaved with this tree, ``--rounds`` times
each, and prints the ratio of the medians (this / other).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from jantaku.engine.actions import Action, ActionType
from jantaku.netplay.players import Player
from jantaku.netplay.prompts import Timers
from jantaku.netplay.protocol import pack
from jantaku.netplay.seats import TableSettings
from jantaku.netplay.store import Store
from jantaku.netplay.tables import HostTable


class CountingWire:
    """A connection as the table sees one: counts what it is sent, packed."""

    def __init__(self) -> None:
        self.closed = False
        self.watching: set[int] = set()
        self.bytes = 0

    def send(self, msg: dict[str, Any]) -> bool:
        self.bytes += len(pack(msg))
        return True

    def send_packed(self, data: bytes) -> bool:
        self.bytes += len(data)
        return True


def choose(actions: tuple[Action, ...], drawn: int | None) -> Action:
    by_type = {a.type: a for a in actions}
    for kind in (ActionType.TSUMO, ActionType.RON, ActionType.CONTINUE, ActionType.PASS):
        if kind in by_type:
            return by_type[kind]
    return next((a for a in actions if a.type is ActionType.DISCARD and a.tile == drawn), actions[0])


async def measure(decisions: int, ruleset: str) -> dict[str, float]:
    off = Timers(turn=None, claim=None, between=None, grace=None, bot=0.0)
    options = {"hands": 64} if ruleset == "basic" else {}
    done, cpu, sent = 0, 0.0, 0
    with tempfile.TemporaryDirectory(prefix="jantaku-work-") as data:
        store = Store.in_dir(data)
        ids = [store.new_player(f"p{i}")[0] for i in range(4)]
        batched = hasattr(store, "batch_writes")
        if batched:
            store.batch_writes(lambda: None)
        players = [Player(pid, f"p{i}", conn=CountingWire()) for i, pid in enumerate(ids)]  # type: ignore[arg-type]
        seed = 0
        while done < decisions:
            settings = TableSettings(ruleset, options=dict(options), timers=off)
            table = HostTable(seed + 1, settings, store=store, rng=random.Random(seed), on_change=lambda t: None)
            seed += 1
            for i, p in enumerate(players):
                table.sit(p, i)
            table.start(players[0])
            # an older tree (--compare) has no current_runner(): its runner is the attribute
            runner = table.current_runner() if hasattr(table, "current_runner") else table.runner
            while runner.running and done < decisions:
                seat, prompt = min(runner.prompts.items())
                drawn = runner.match.table.players[seat].drawn if runner.match.phase == "play" else None
                wire = choose(prompt.actions, drawn).to_wire()
                start = time.process_time()
                table.act(players[seat], prompt.id, wire)
                if batched:
                    store.commit()
                cpu += time.process_time() - start
                done += 1
            table.close()
        sent = sum(p.conn.bytes for p in players)  # type: ignore[union-attr]
        store.close()
    return {"cpu_per_decision": cpu / done, "bytes_per_decision": sent / done}


def run_tree(tree: str | None, args: argparse.Namespace) -> dict[str, float]:
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = os.pathsep.join([tree, *filter(None, [env.get("PYTHONPATH")])])
    out = subprocess.run(
        [sys.executable, __file__, "--decisions", str(args.decisions), "--ruleset", args.ruleset, "--json"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        cwd=tree or Path(__file__).resolve().parents[1],
    )
    return json.loads(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=20000)
    parser.add_argument("--ruleset", default="basic")
    parser.add_argument("--compare", metavar="OLD_TREE")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.json:
        print(json.dumps(asyncio.run(measure(args.decisions, args.ruleset))))
        return
    print(f"host_work: {args.ruleset}, {args.decisions} decisions a run, CPU time of the host's side only")
    this: list[float] = []
    other: list[float] = []
    for round_ in range(args.rounds):
        if args.compare:
            o = run_tree(args.compare, args)
            other.append(o["cpu_per_decision"])
            print(f"  round {round_ + 1} other: {o['cpu_per_decision'] * 1e6:6.0f} µs, {o['bytes_per_decision']:.0f} B")
        t = run_tree(None, args)
        this.append(t["cpu_per_decision"])
        print(f"  round {round_ + 1} this:  {t['cpu_per_decision'] * 1e6:6.0f} µs, {t['bytes_per_decision']:.0f} B")
    print(f"host CPU per decision (median): this {statistics.median(this) * 1e6:.0f} µs")
    if other:
        print(f"host CPU per decision (median): other {statistics.median(other) * 1e6:.0f} µs")
        print(f"ratio this / other: {statistics.median(this) / statistics.median(other):.2f}")


if __name__ == "__main__":
    main()
