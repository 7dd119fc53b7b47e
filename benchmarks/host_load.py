"""Host load: N tables, each with four network bot clients, on loopback only (127.0.0.1).

    python benchmarks/host_load.py [--tables 50,100,150,200,250] [--seconds 8] [--think 0.25]
                                   [--policy fast|easy] [--ruleset basic] [--workers 2]
                                   [--compare OLD_TREE] [--profile FILE]

For each N a fresh ``jantaku host`` process (with its SQLite store in a temporary
directory) serves N tables; 4·N clients play as bots, each waiting ``--think``
seconds before answering a prompt (a brisk human).  The clients run in ``--workers``
processes (2 by default), each serving a share of the tables, so the load generator's own
lag (its event loop running late, reported as ``gen lag``) stays small beside the host's;
each client is a raw connection that reads the two fields the ``fast`` policy needs from the
views as sent (no typed views, no task per message).
Measured over ``--seconds`` after a warm-up:

* decisions per second (and updates delivered: four per decision);
* latency from sending a decision to the last of the table's four views of it
  arriving (p50, p99, max) — host, store, fan-out and both loopback hops;
* the host process's CPU share and resident memory (RSS).

It stops at the first N whose p99 passes 100 ms and prints the largest N that
stayed under, with ``ratio`` lines against the references there are: the 100-table
target, the 100 ms budget, tech.md's 60 MB host memory goal, and the engine
playing the same decisions alone (host CPU per decision / engine CPU per decision).

``--compare OLD_TREE`` runs each step twice (``--rounds K``: 2·K times), interleaved: the host from another source tree
(``git archive REV | tar -x -C OLD_TREE``, put first on the host's ``PYTHONPATH``) and this one,
with the same clients, and prints the ratio of host CPU per decision (this / other).
With ``--side-by-side`` both hosts run at once, each with N tables and its own 4·N clients,
measured over the same seconds: the same machine, the same load generator's lag (which makes
the other tree's figures fair on a busy machine; the total load is twice N).
``--profile FILE`` runs the host under cProfile (CPU time) and writes its stats to FILE
(per step, ``FILE.N``; the other tree's ``FILE.N.other``).

The ``fast`` policy (win, else pass, else discard the drawn tile) keeps the load
generator cheap, so the host's cost is what is measured; ``easy`` uses the engine bot.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import random
import resource
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

import msgpack

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from jantaku.engine.actions import Action, ActionType  # noqa: E402
from jantaku.engine.bots import get_bot  # noqa: E402
from jantaku.engine.match import Match  # noqa: E402
from jantaku.engine.ruleset import get_ruleset  # noqa: E402
from jantaku.engine.views import view_from_wire  # noqa: E402
from jantaku.netplay.views import protocol1_read  # noqa: E402

JANTAKU = [sys.executable, "-c", "import sys; from jantaku.cli import main; sys.exit(main(sys.argv[1:]))"]
LATENCY_BUDGET_MS = 100.0
TARGET_TABLES = 100
HOST_RSS_GOAL_MB = 60.0  # tech.md §7: "host (no SSH sessions) ≤ 60 MB RSS"
NO_CLOCKS = {"turn": None, "claim": None, "between": None, "grace": None, "bot": 0}
TICKS = os.sysconf("SC_CLK_TCK")


def fast_choice(drawn: int | None, actions: list[Action]) -> Action:
    """Win if possible, else pass a claim, else discard the tile just drawn."""
    by_type = {a.type: a for a in actions}
    for kind in (ActionType.TSUMO, ActionType.RON, ActionType.CONTINUE, ActionType.PASS):
        if kind in by_type:
            return by_type[kind]
    for a in actions:
        if a.type is ActionType.DISCARD and a.tile == drawn:
            return a
    return next((a for a in actions if a.type is ActionType.DISCARD), actions[0])


class Probe:
    """Send times of decisions and arrival times of their updates, per (table, n)."""

    def __init__(self) -> None:
        self.recording = False
        self.sent: dict[tuple[int, int], float] = {}
        self.arrivals: dict[tuple[int, int], list[float]] = {}

    def arrived(self, table: int, n: int) -> None:
        if self.recording:
            self.arrivals.setdefault((table, n), []).append(time.perf_counter())

    def latencies_ms(self) -> list[float]:
        out = []
        for key, start in self.sent.items():
            times = self.arrivals.get(key, [])
            if len(times) == 4:
                out.append((max(times) - start) * 1000)
        return out


class RawBot(asyncio.Protocol):
    """One seat's bot on a raw connection: msgpack in, the two fields the ``fast`` policy reads
    taken from the plain data (no typed views, no task per message), answers on timers.

    The load generator's own work per update is then a fraction of the host's, so what the
    latencies measure is the host (the ``easy`` policy decodes the views it answers)."""

    def __init__(self, name: str, policy: str, think: float, probe: Probe, rng: random.Random):
        self.name, self.think, self.probe, self.rng = name, think, probe, rng
        self.bot = get_bot("easy") if policy == "easy" else None
        self.loop = asyncio.get_running_loop()
        self.unpacker = msgpack.Unpacker(strict_map_key=False, raw=False, max_buffer_size=4 * 1024 * 1024)
        self.waiting: dict[int, asyncio.Future] = {}
        self.refs = itertools.count(1)
        self.welcome: asyncio.Future = self.loop.create_future()
        self.table: int | None = None
        self.acted: set[int] = set()
        self.transport: asyncio.Transport | None = None
        self.ping: asyncio.TimerHandle | None = None

    @classmethod
    async def connect(cls, port: int, name: str, policy: str, think: float, probe: Probe, rng: random.Random):
        _, bot = await asyncio.get_running_loop().create_connection(
            lambda: cls(name, policy, think, probe, rng), "127.0.0.1", port
        )
        await asyncio.wait_for(bot.welcome, 30)
        return bot

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        self.send({"type": "hello", "protocol": 1, "name": self.name})
        self.ping = self.loop.call_later(10, self.keep_alive)

    def keep_alive(self) -> None:
        self.send({"type": "ping"})
        self.ping = self.loop.call_later(10, self.keep_alive)

    def send(self, msg: dict) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(msgpack.packb(msg))

    def request(self, msg: dict) -> asyncio.Future:
        ref = next(self.refs)
        future = self.waiting[ref] = self.loop.create_future()
        self.send({**msg, "ref": ref})
        return future

    def data_received(self, data: bytes) -> None:
        self.unpacker.feed(data)
        for msg in self.unpacker:
            ref = msg.get("ref")
            if ref is not None:
                future = self.waiting.pop(ref, None)
                if future is not None and not future.done():
                    future.set_result(msg)
            elif msg["type"] == "welcome":
                self.welcome.set_result(msg)
            elif msg["type"] == "update" and msg["table"] == self.table:
                self.probe.arrived(self.table, msg["n"])
                prompt = msg["prompt"]
                if prompt and prompt["id"] not in self.acted:
                    self.acted.add(prompt["id"])
                    self.loop.call_later(self.think * self.rng.uniform(0.5, 1.5), self.answer, prompt, msg["view"])

    def answer(self, prompt: dict, view: dict) -> None:
        actions = [Action.from_wire(w) for w in prompt["actions"]]
        if self.bot is not None:
            action = self.bot.choose(view_from_wire(protocol1_read(view)), actions)
        else:
            seat = view.get("seat")
            action = fast_choice(view["players"][seat].get("drawn") if seat is not None else None, actions)
        start = time.perf_counter()
        reply = self.request({"type": "act", "table": self.table, "prompt": prompt["id"], "action": action.to_wire()})
        reply.add_done_callback(lambda done: done.cancelled() or self.answered(done.result(), start))

    def answered(self, reply: dict, start: float) -> None:
        if reply["type"] == "ok" and self.probe.recording:  # an error: the prompt closed first
            self.probe.sent[(self.table, reply["n"])] = start

    def connection_lost(self, exc: Exception | None) -> None:
        if self.ping is not None:
            self.ping.cancel()
        for future in self.waiting.values():
            if not future.done():
                future.cancel()

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()


async def watch_lag(probe: Probe, lags: list[float], tick: float = 0.01) -> None:
    """How late this process's own event loop runs: the load generator's share of the latency."""
    while True:
        start = time.perf_counter()
        await asyncio.sleep(tick)
        if probe.recording:
            lags.append((time.perf_counter() - start - tick) * 1000)


def host_command(profile: str | None) -> list[str]:
    if profile is None:
        return JANTAKU
    code = (
        "import cProfile, sys, time; from jantaku.cli import main; "
        "p = cProfile.Profile(time.process_time); "  # CPU time: a busy machine's waits are not the host's
        f"p.runcall(main, sys.argv[1:]); p.dump_stats({profile!r})"
    )
    return [sys.executable, "-c", code]


def loopback_trusted(tree: str | None) -> list[str]:
    """``--trust-loopback`` where the measured tree has it: the load's hundreds of clients are all on
    loopback, which a host counts per address since issue 25 (older trees never counted it)."""
    limits = Path(tree or REPO, "jantaku", "netplay", "limits.py")
    return ["--trust-loopback"] if "exempt_loopback: bool = False" in limits.read_text() else []


async def start_host(
    data: str, tables: int, tree: str | None = None, profile: str | None = None
) -> tuple[asyncio.subprocess.Process, int]:
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = os.pathsep.join([tree, *filter(None, [env.get("PYTHONPATH")])])
    proc = await asyncio.create_subprocess_exec(
        *host_command(profile),
        "host",
        "--port",
        "0",
        "--bind",
        "127.0.0.1",
        "--data",
        data,
        "--no-announce",
        "--max-tables",
        str(tables + 10),
        "--max-connections",
        str(4 * tables + 50),
        "--log-level",
        "error",
        *loopback_trusted(tree),
        stdout=asyncio.subprocess.PIPE,
        env=env,
        # ``python -c`` puts the working directory first on sys.path, before PYTHONPATH: run in
        # the tree being measured, or a checkout's own package would shadow the other tree's.
        cwd=tree or REPO,
    )
    while True:
        line = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode()
        if "listening on" in line:
            return proc, int(line.split("listening on ")[1].split()[0].rsplit(":", 1)[1])


def process_stats(pid: int) -> tuple[float, float]:
    """CPU seconds used so far and resident memory in MB of a process (to the nanosecond from
    the scheduler's count where there is one: a host at 10% of a CPU is 100 ticks in 10 s)."""
    try:
        cpu = sum(int(p.read_text().split()[0]) for p in Path(f"/proc/{pid}/task").glob("*/schedstat")) / 1e9
    except (OSError, ValueError, IndexError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        cpu = (int(fields[11]) + int(fields[12])) / TICKS
    rss = (
        next(
            int(line.split()[1])
            for line in Path(f"/proc/{pid}/status").read_text().splitlines()
            if line.startswith("VmRSS:")
        )
        / 1024
    )
    return cpu, rss


def machine_busy() -> tuple[int, int]:
    """(busy, total) jiffies of all CPUs so far, from /proc/stat."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]
    return sum(values) - idle, sum(values)


def own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


async def populate(port: int, first: int, tables: int, args: argparse.Namespace, probe: Probe) -> list[RawBot]:
    """4·``tables`` bots at ``tables`` tables of one host, each playing its seat (names from ``first``)."""
    rng = random.Random(first * 1000 + tables)
    bots: list[RawBot] = []
    for start in range(0, 4 * tables, 100):
        bots += await asyncio.gather(
            *(
                RawBot.connect(port, f"bot{4 * first + i}", args.policy, args.think, probe, rng)
                for i in range(start, min(start + 100, 4 * tables))
            )
        )
    for t in range(tables):
        four = bots[4 * t : 4 * t + 4]
        create = {"type": "create", "ruleset": args.ruleset, "options": args.options, "timers": NO_CLOCKS}
        reply = await four[0].request({**create, "autostart": True, "seat": 0})
        for seat, bot in enumerate(four):
            bot.table = reply["table"]
            if seat:
                joined = await bot.request({"type": "join", "table": bot.table, "seat": seat})
                assert joined["type"] == "ok", joined
    return bots


async def worker_main(args: argparse.Namespace) -> None:
    """One load-generating process: its share of the tables, driven over stdin/stdout
    (``record``, ``stop`` -> a JSON line of what it measured, ``quit``)."""
    loop = asyncio.get_running_loop()
    commands = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(commands), sys.stdin)
    probe = Probe()
    lags: list[float] = []
    bots = await populate(args.port, args.first, args.count, args, probe)
    lag_watch = asyncio.ensure_future(watch_lag(probe, lags))
    print("ready", flush=True)
    cpu0 = own_cpu()
    try:
        while True:
            command = (await commands.readline()).decode().strip()
            if command == "record":
                cpu0, probe.recording = own_cpu(), True
            elif command == "stop":
                probe.recording = False
                cpu = own_cpu() - cpu0
                await asyncio.sleep(0.3)  # let the last views arrive
                report = {"sent": len(probe.sent), "latencies": probe.latencies_ms(), "lags": lags, "cpu": cpu}
                print(json.dumps(report), flush=True)
            else:  # quit, or the main process is gone
                break
    finally:
        lag_watch.cancel()
        for bot in bots:
            bot.close()
        await asyncio.sleep(0.1)


class Workers:
    """The load generator's processes for one host, each with its share of the tables."""

    def __init__(self, procs: list[asyncio.subprocess.Process]):
        self.procs = procs

    @classmethod
    async def start(cls, port: int, tables: int, args: argparse.Namespace) -> "Workers":
        n = max(1, min(args.workers, tables))
        shares = [tables // n + (i < tables % n) for i in range(n)]
        procs, first = [], 0
        for share in shares:
            command = [sys.executable, __file__, "--worker", "--port", str(port), "--first", str(first)]
            command += ["--count", str(share), "--policy", args.policy, "--think", str(args.think)]
            command += ["--ruleset", args.ruleset]
            procs.append(
                await asyncio.create_subprocess_exec(
                    *command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, limit=1 << 26
                )
            )
            first += share
        workers = cls(procs)
        for proc in procs:  # one at a time would do too; at once the tables fill sooner
            line = await asyncio.wait_for(proc.stdout.readline(), 120)
            if line.strip() != b"ready":
                raise RuntimeError(f"a load generator process failed to start: {line!r}")
        return workers

    def tell(self, command: str) -> None:
        for proc in self.procs:
            proc.stdin.write(f"{command}\n".encode())

    async def reports(self) -> list[dict]:
        self.tell("stop")
        return [json.loads(await asyncio.wait_for(proc.stdout.readline(), 60)) for proc in self.procs]

    async def quit(self) -> None:
        for proc in self.procs:
            if proc.returncode is None:
                with contextlib.suppress(ConnectionError):
                    proc.stdin.write(b"quit\n")
                    proc.stdin.close()
        for proc in self.procs:
            try:
                await asyncio.wait_for(proc.wait(), 30)
            except TimeoutError:
                proc.kill()


async def run_step(tables: int, args: argparse.Namespace, trees: tuple[str | None, ...] = (None,)) -> list[dict]:
    """One step: a host per tree (``None``: this one), each with ``tables`` tables and its own
    load generator processes, measured over the same seconds (side by side: the same machine)."""
    results: list[dict] = []
    with contextlib.ExitStack() as dirs:
        hosts = []
        for tree in trees:
            data = dirs.enter_context(tempfile.TemporaryDirectory(prefix="jantaku-load-"))
            profile = f"{args.profile}.{tables}{'' if tree is None else '.other'}" if args.profile else None
            hosts.append(await start_host(data, tables, tree, profile))
        generators: list[Workers] = []
        try:
            for _proc, port in hosts:
                generators.append(await Workers.start(port, tables, args))
            await asyncio.sleep(args.warmup)
            cpu0 = [process_stats(proc.pid)[0] for proc, _ in hosts]
            t0, busy0 = time.perf_counter(), machine_busy()
            for workers in generators:
                workers.tell("record")
            await asyncio.sleep(args.seconds)
            stats1 = [process_stats(proc.pid) for proc, _ in hosts]
            elapsed, busy1 = time.perf_counter() - t0, machine_busy()
            reports = [await workers.reports() for workers in generators]
        finally:
            for workers in generators:
                await workers.quit()
            for proc, _ in hosts:
                proc.send_signal(signal.SIGTERM)
            for proc, _ in hosts:
                await asyncio.wait_for(proc.wait(), 60)
    for shares, before, (cpu1, rss) in zip(reports, cpu0, stats1):
        latencies = sorted(x for r in shares for x in r["latencies"])
        lags = sorted(x for r in shares for x in r["lags"])
        decisions = sum(r["sent"] for r in shares) / elapsed

        def pct(p: float, latencies: list[float] = latencies) -> float:
            return latencies[min(len(latencies) - 1, int(p * len(latencies)))] if latencies else float("nan")

        results.append(
            {
                "tables": tables,
                "decisions_per_s": decisions,
                "updates_per_s": 4 * decisions,
                "p50": pct(0.50),
                "p99": pct(0.99),
                "max": latencies[-1] if latencies else float("nan"),
                "host_cpu": (cpu1 - before) / elapsed,
                "host_rss": rss,
                "gen_cpu": sum(r["cpu"] for r in shares) / elapsed,
                "machine": (busy1[0] - busy0[0]) / max(1, busy1[1] - busy0[1]),
                "gen_lag_p99": lags[int(0.99 * len(lags))] if lags else float("nan"),
                "samples": len(latencies),
            }
        )
    return results


def engine_cpu_per_decision(ruleset: str, options: dict, decisions: int = 20000) -> float:
    """CPU seconds per decision when the engine plays the same policy alone (views included, as the host does)."""
    rng_seed, done, start = 0, 0, time.process_time()
    while done < decisions:
        match = Match(get_ruleset(ruleset, None, options), seed=rng_seed)
        rng_seed += 1
        while not match.is_over and done < decisions:
            seat, actions = min(match.pending().items())
            match.act(seat, fast_choice(match.table.players[seat].drawn, list(actions)))
            for s in range(4):
                match.view(s)
            done += 1
    return (time.process_time() - start) / decisions


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="50,100,150,200,250", help="comma-separated table counts")
    parser.add_argument("--seconds", type=float, default=8.0, help="measured seconds per step")
    parser.add_argument("--warmup", type=float, default=2.0)
    parser.add_argument("--think", type=float, default=0.25, help="seconds a bot waits before answering")
    parser.add_argument("--policy", choices=("fast", "easy"), default="fast")
    parser.add_argument("--ruleset", default="basic")
    parser.add_argument("--max-tables", type=int, default=400, help="never more than this many tables")
    parser.add_argument("--compare", metavar="OLD_TREE", help="also run the host from this source tree, interleaved")
    parser.add_argument(
        "--side-by-side", action="store_true", help="with --compare: both hosts at once, measured over the same seconds"
    )
    parser.add_argument("--rounds", type=int, default=1, help="with --compare: each step this many times, interleaved")
    parser.add_argument("--profile", metavar="FILE", help="cProfile the host into FILE.<tables>[.other]")
    parser.add_argument("--workers", type=int, default=2, help="load generator processes per host")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)  # one of them
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--first", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--count", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.options = {"hands": 64} if args.ruleset == "basic" else {}  # the longest match a host allows
    if args.worker:
        await worker_main(args)
        return
    steps = [n for n in map(int, args.tables.split(",")) if 0 < n <= args.max_tables]

    print(
        f"host_load: {args.ruleset}, policy {args.policy}, think {args.think:g} s, "
        f"{args.seconds:g} s per step, {args.workers} load generator process(es) per host, "
        f"loopback only, {os.cpu_count()} CPUs, "
        f"load average {os.getloadavg()[0]:.1f} at the start"
    )
    print(
        ("(rows marked o: the host from the --compare tree) " if args.compare else "")
        + "(host/gen CPU: share of one CPU, gen: all its processes; gen lag: p99 lateness of the load "
        "generator's own event loops, "
        "part of every latency; machine: share of all CPUs busy, anyone's — a noisy machine shows in p99)"
    )
    print(
        f"{'tables':>6} {'clients':>7} {'dec/s':>7} {'upd/s':>7} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} "
        f"{'host CPU':>8} {'host RSS':>8} {'gen CPU':>7} {'gen lag':>7} {'machine':>7}"
    )
    results = []

    def row(label: str, r: dict) -> None:
        print(
            f"{label:>6} {4 * r['tables']:>7} {r['decisions_per_s']:>7.0f} {r['updates_per_s']:>7.0f} "
            f"{r['p50']:>7.1f} {r['p99']:>7.1f} {r['max']:>7.1f} {r['host_cpu']:>7.0%} "
            f"{r['host_rss']:>6.1f}MB {r['gen_cpu']:>6.0%} {r['gen_lag_p99']:>5.1f}ms {r['machine']:>6.0%}",
            flush=True,
        )

    def per_decision(r: dict) -> float:
        return r["host_cpu"] / max(r["decisions_per_s"], 1e-9)

    for tables in steps:
        if args.compare and args.side_by_side:
            other, r = await run_step(tables, args, trees=(args.compare, None))
            row(f"{tables}o", other)
        elif args.compare:
            ratios = []
            for _ in range(args.rounds):  # other, this, other, this...: the machine's drift falls on both
                [other] = await run_step(tables, args, trees=(args.compare,))
                row(f"{tables}o", other)
                [r] = await run_step(tables, args)
                ratios.append(per_decision(r) / per_decision(other))
                if args.rounds > 1:
                    row(f"{tables}", r)
            if args.rounds > 1:
                print(
                    f"       ratio this / other, {args.rounds} rounds: "
                    + ", ".join(f"{x:.2f}" for x in ratios)
                    + f"; median {statistics.median(ratios):.2f}",
                    flush=True,
                )
                results.append(r)
                continue
        else:
            [r] = await run_step(tables, args)
        results.append(r)
        row(f"{tables}", r)
        if args.compare:
            print(
                f"       host CPU per decision: this {per_decision(r) * 1e6:.0f} µs, "
                f"other {per_decision(other) * 1e6:.0f} µs; ratio this / other: {per_decision(r) / per_decision(other):.2f}",
                flush=True,
            )
        if r["p99"] >= LATENCY_BUDGET_MS:
            break

    good = [r for r in results if r["p99"] < LATENCY_BUDGET_MS]
    best = max((r["tables"] for r in good), default=0)
    print(
        f"largest N with p99 < {LATENCY_BUDGET_MS:g} ms: {best}"
        + ("" if len(good) < len(results) else " (every step passed; try more tables)")
    )
    print(f"ratio largest-N / target {TARGET_TABLES}: {best / TARGET_TABLES:.2f}")
    at_target = next((r for r in results if r["tables"] >= TARGET_TABLES), results[-1])
    print(
        f"ratio p99 / {LATENCY_BUDGET_MS:g} ms budget at {at_target['tables']} tables: "
        f"{at_target['p99'] / LATENCY_BUDGET_MS:.2f}"
    )
    print(
        f"ratio host RSS / {HOST_RSS_GOAL_MB:g} MB goal at {at_target['tables']} tables: "
        f"{at_target['host_rss'] / HOST_RSS_GOAL_MB:.2f}"
    )
    engine = engine_cpu_per_decision(args.ruleset, args.options)
    host = at_target["host_cpu"] / at_target["decisions_per_s"]
    print(f"host CPU per decision {host * 1e6:.0f} µs; engine alone (act + 4 views) {engine * 1e6:.0f} µs")
    print(f"ratio host CPU per decision / engine alone: {host / engine:.2f}")


if __name__ == "__main__":
    asyncio.run(main())
