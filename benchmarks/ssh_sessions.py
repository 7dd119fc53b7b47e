"""Joining over SSH: time to the first frame, memory per session, the host's memory.

    python benchmarks/ssh_sessions.py [--runs 5] [--joins 8] [--standin]

Starts ``jantaku host --ssh`` on 127.0.0.1 (``--standin``: the test suite's
stand-in game instead of the real client, to measure the gateway alone),
then with asyncssh clients:

* first frame, one join: from before ``connect()`` until the lobby's marker
  text arrives on the session (median and worst of ``--runs``);
* first frame, ``--joins`` at once: until every one of them has it;
* memory: PSS from ``/proc/PID/smaps_rollup`` summed over the host's process
  tree, with no session and with ``--joins`` idle sessions; the difference
  divided by ``--joins`` is the cost of one session.

Targets (docs/ssh.md): ≤ 0.5 s for one join, ≤ 2.5 s for 8 at once, ≤ 35 MB a session.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

LOBBY_MARKER = "new table"  # the lobby footer: the last line of the first frame
STANDIN_MARKER = "ready"


class Quiet(asyncssh.SSHClient):
    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(self, name, instructions, lang, prompts):
        return []


def start_host(data: str, standin: bool) -> tuple[subprocess.Popen, int]:
    if standin:
        argv = [sys.executable, "-m", "tests.ssh.serve_standin", "--data", data, "--max-sessions", "32"]
        pattern = r"port (\d+)"
    else:
        argv = [
            sys.executable,
            "-m",
            "jantaku",
            "host",
            "--port",
            "0",
            "--bind",
            "127.0.0.1",
            "--ssh",
            "0",
            "--ssh-bind",
            "127.0.0.1",
            "--data",
            data,
            "--no-announce",
            "--log-level",
            "warning",
        ]
        pattern = r"ssh -p (\d+)"
    proc = subprocess.Popen(argv, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    for line in proc.stdout:
        match = re.search(pattern, line)
        if match:
            return proc, int(match.group(1))
    raise SystemExit(f"the host did not say its SSH port (exit {proc.wait()})")


async def join(port: int, name: str, marker: bytes, size=(100, 30)):
    """A session that has shown ``marker``; returns (seconds, connection, process)."""
    start = time.perf_counter()
    conn, _ = await asyncssh.create_connection(
        Quiet, "127.0.0.1", port, username=name, known_hosts=None, config=None, client_keys=None, agent_path=None
    )
    proc = await conn.create_process(term_type="xterm-256color", term_size=size, encoding=None)
    seen = b""
    while marker not in seen:
        chunk = await asyncio.wait_for(proc.stdout.read(65536), 30)
        if not chunk:
            raise SystemExit(f"session closed before {marker!r}: {seen[-500:]!r}")
        seen = seen[-len(marker) :] + chunk
    return time.perf_counter() - start, conn, proc


def tree(pid: int) -> list[int]:
    pids, todo = [], [pid]
    while todo:
        p = todo.pop()
        pids.append(p)
        for task in os.listdir(f"/proc/{p}/task"):
            with open(f"/proc/{p}/task/{task}/children") as f:
                todo += [int(c) for c in f.read().split()]
    return pids


def pss_mib(pid: int) -> float:
    total = 0
    for p in tree(pid):
        try:
            with open(f"/proc/{p}/smaps_rollup") as f:
                total += next(int(line.split()[1]) for line in f if line.startswith("Pss:"))
        except (FileNotFoundError, ProcessLookupError):
            pass
    return total / 1024


def rss_mib(pid: int) -> float:
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:")) / 1024


async def close_all(sessions) -> None:
    for _, conn, _ in sessions:
        conn.close()
    await asyncio.sleep(0.5)


async def measure(port: int, host_pid: int, runs: int, joins: int, marker: bytes) -> dict[str, float]:
    await close_all([await join(port, "warmup", marker)])  # the OS page cache, the host's first imports
    singles = []
    for i in range(runs):
        session = await join(port, f"solo{i}", marker)
        singles.append(session[0])
        await close_all([session])
    idle_host = pss_mib(host_pid)
    idle_rss = rss_mib(host_pid)
    start = time.perf_counter()
    sessions = await asyncio.gather(*(join(port, f"p{i}", marker) for i in range(joins)))
    all_in = time.perf_counter() - start
    await asyncio.sleep(2.0)  # let them settle, as the figures in the notes were taken
    busy = pss_mib(host_pid)
    host_busy_rss = rss_mib(host_pid)
    await close_all(sessions)
    return {
        "first_frame_median": statistics.median(singles),
        "first_frame_worst": max(singles),
        "all_joined": all_in,
        "slowest_of_joins": max(s[0] for s in sessions),
        "host_pss": idle_host,
        "host_rss": idle_rss,
        "host_rss_busy": host_busy_rss,
        "per_session": (busy - idle_host) / joins,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--joins", type=int, default=8)
    parser.add_argument("--standin", action="store_true", help="serve the stand-in game, not the real client")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="jantaku-ssh-bench-") as data:
        proc, port = start_host(data, args.standin)
        try:
            marker = (STANDIN_MARKER if args.standin else LOBBY_MARKER).encode()
            r = asyncio.run(measure(port, proc.pid, args.runs, args.joins, marker))
        finally:
            proc.terminate()
            proc.wait(10)
    print(
        f"first frame, 1 join:        median {r['first_frame_median']:.3f} s, worst {r['first_frame_worst']:.3f} s"
        f" of {args.runs}   (target ≤ 0.5 s)"
    )
    print(f"first frame, {args.joins} at once:    all in {r['all_joined']:.3f} s   (target ≤ 2.5 s for 8)")
    print(f"memory per session:         {r['per_session']:.1f} MB PSS   (target ≤ 35 MB)")
    print(
        f"host:                       {r['host_rss']:.1f} MB RSS idle ({r['host_pss']:.1f} MB PSS), "
        f"{r['host_rss_busy']:.1f} MB RSS with {args.joins} sessions"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
