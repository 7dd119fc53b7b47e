"""How fast the TUI starts and redraws.

Runs the real ``jantaku play`` on a pseudo-terminal and measures

- time to first screen: from spawning the process to the table on the pty;
- process memory: RSS and PSS once the table is up;
- keypress → redraw: wall time from writing an arrow key to the first
  output, and the process's CPU time per keypress (from /proc);

then, in this process, with Textual's headless driver, the CPU time of a
table update (the next decision's view), of a whole-table update (every
widget's content changes: views of two matches in turn), of a resize
(everything laid out again) and of moving the selection.  Targets: first screen ≤ 1 s, a redraw ≤ 20 ms of CPU,
a resize ≤ 25 ms of CPU.

A CPU time depends on the machine and on what else runs on it, so the resize is
also given as a ratio: against the same app's resize with a trivial screen (one
line of text), measured in the same run, before and after the table's (the
median of both blocks); 1.0 would be a table that costs no more than Textual's
own work for a resize.

    python benchmarks/tui_startup.py [--size 80x24] [--keys 30] [--in-process] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import fcntl
import json
import os
import select
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

MARKER = b"your turn"


def jantaku_command() -> list[str]:
    script = Path(sys.executable).with_name("jantaku")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "import sys; from jantaku.cli import main; sys.exit(main())"]


def read_until(fd: int, marker: bytes | None, timeout: float) -> bytes:
    """Read the pty until ``marker`` shows up (None: until output pauses for 50 ms)."""
    out = b""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.05 if marker is None else 0.5)
        if not ready:
            if marker is None:
                return out
            continue
        try:
            out += os.read(fd, 65536)
        except OSError:
            break
        if marker is not None and marker in out:
            return out
    if marker is not None:
        raise TimeoutError(f"{marker!r} never appeared")
    return out


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def memory_kb(pid: int) -> dict[str, int]:
    out = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            out["rss_kb"] = int(line.split()[1])
    rollup = Path(f"/proc/{pid}/smaps_rollup")
    if rollup.exists():
        for line in rollup.read_text().splitlines():
            if line.startswith("Pss:"):
                out["pss_kb"] = int(line.split()[1])
    return out


def measure_process(width: int, height: int, keys: int) -> dict[str, float]:
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
    home = tempfile.mkdtemp(prefix="jantaku-bench-")
    env = {
        "TERM": "xterm-256color",
        "LANG": "C.UTF-8",
        "PATH": os.environ.get("PATH", ""),
        "HOME": home,
        "XDG_CONFIG_HOME": f"{home}/config",
        "XDG_DATA_HOME": f"{home}/data",
    }
    start = time.perf_counter()
    proc = subprocess.Popen(
        jantaku_command() + ["play", "--ruleset", "basic", "--bot-delay", "0"],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
    )
    os.close(slave)
    try:
        read_until(master, MARKER, 20)
        first_screen = time.perf_counter() - start
        read_until(master, None, 2)  # let it settle
        memory = memory_kb(proc.pid)
        latencies = []
        cpu_before = cpu_seconds(proc.pid)
        for i in range(keys):
            sent = time.perf_counter()
            os.write(master, b"\x1b[C" if i % 2 == 0 else b"\x1b[D")  # right, left: the selection moves
            read_until(master, b"", 2)  # the first bytes of the redraw
            latencies.append(time.perf_counter() - sent)
            read_until(master, None, 1)
        cpu_per_key = (cpu_seconds(proc.pid) - cpu_before) / keys
    finally:
        proc.terminate()
        proc.wait(5)
        os.close(master)
        shutil.rmtree(home, ignore_errors=True)
    return {
        "first_screen_s": first_screen,
        **memory,
        "key_to_screen_ms_median": statistics.median(latencies) * 1000,
        "key_to_screen_ms_max": max(latencies) * 1000,
        "cpu_per_key_ms": cpu_per_key * 1000,
    }


RESIZES = 10  # per block


async def resize_cpu(pilot, width: int, height: int) -> list[float]:
    """CPU seconds of each of ``RESIZES`` resizes, one column wider and back in turn."""
    times = []
    for i in range(RESIZES):
        cpu = time.process_time()
        await pilot.resize_terminal(width + (i + 1) % 2, height)
        await pilot.pause()
        times.append(time.process_time() - cpu)
    return times


async def trivial_resizes(width: int, height: int) -> list[float]:
    """The reference: the same app, its screen showing one line of text."""
    from textual.widgets import Static

    from jantaku.tui.app import JantakuApp
    from jantaku.tui.screens.base import BaseScreen
    from jantaku.tui.settings import Settings

    class Trivial(BaseScreen):
        def compose_body(self):
            yield Static("a trivial screen")

    app = JantakuApp(start=lambda a: a.push_screen(Trivial()), settings=Settings(bot_delay=0))
    async with app.run_test(size=(width, height)) as pilot:
        await pilot.pause()
        return await resize_cpu(pilot, width, height)


async def measure_in_process(width: int, height: int, rounds: int) -> dict[str, float]:
    from jantaku.engine.bots import get_bot
    from jantaku.engine.match import Match
    from jantaku.engine.ruleset import get_ruleset
    from jantaku.tui.app import JantakuApp
    from jantaku.tui.screens.table import TableScreen
    from jantaku.tui.session import GameSession
    from jantaku.tui.settings import Settings

    class Still(GameSession):
        """A session that never sends anything: the benchmark feeds the screen itself."""

        async def updates(self):
            await asyncio.Event().wait()
            yield {}

        async def act(self, prompt_id, action):
            pass

    def states(seed: int) -> list[dict]:
        """Seat 0's view after each decision of a real match."""
        match = Match(get_ruleset("basic"), seed)
        bot = get_bot("easy")
        views = []
        while len(views) < rounds + 1 and not match.is_over:
            seat, actions = next(iter(match.pending().items()))
            views.append(match.view(0))
            match.act(seat, bot.choose(match.view(seat), actions))
        return views

    views, others = states(1), states(2)
    reference = await trivial_resizes(width, height)
    session = Still()
    session.names = ["You", "Kaito", "Mei", "Ravi"]
    app = JantakuApp(start=lambda a: a.play(session), settings=Settings(bot_delay=0))
    async with app.run_test(size=(width, height)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        full, moves = [], []
        for view in views:
            cpu = time.process_time()
            await screen.apply_update({"type": "update", "seat": 0, "view": view, "events": [], "prompt": None})
            await pilot.pause()
            full.append(time.process_time() - cpu)
            cpu = time.process_time()
            await pilot.press("right")
            await pilot.pause()
            moves.append(time.process_time() - cpu)
        whole = []
        for view, other in zip(views, others):  # two matches in turn: every widget's content changes
            for state in (other, view):
                cpu = time.process_time()
                await screen.apply_update({"type": "update", "seat": 0, "view": state, "events": [], "prompt": None})
                await pilot.pause()
                whole.append(time.process_time() - cpu)
        resizes = await resize_cpu(pilot, width, height)  # every widget laid out and drawn again
    reference += await trivial_resizes(width, height)
    return {
        "update_cpu_ms_median": statistics.median(full) * 1000,
        "whole_table_update_cpu_ms_median": statistics.median(whole) * 1000,
        "whole_table_update_cpu_ms_p90": sorted(whole)[int(len(whole) * 0.9)] * 1000,
        "resize_cpu_ms_median": statistics.median(resizes) * 1000,
        "trivial_resize_cpu_ms_median": statistics.median(reference) * 1000,
        "resize_vs_trivial_ratio": statistics.median(resizes) / statistics.median(reference),
        "selection_cpu_ms_median": statistics.median(moves) * 1000,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", default="80x24", help="terminal size, WIDTHxHEIGHT")
    parser.add_argument("--keys", type=int, default=30, help="keypresses to time")
    parser.add_argument("--in-process", action="store_true", help="only the in-process timings (no pty run)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.lower().split("x"))
    process = {} if args.in_process else measure_process(width, height, args.keys)
    results = {"size": args.size, **process, **asyncio.run(measure_in_process(width, height, args.keys))}
    if args.json:
        print(json.dumps(results))
        return 0
    targets = {
        "first_screen_s": 1.0,
        "cpu_per_key_ms": 20,
        "update_cpu_ms_median": 20,
        "whole_table_update_cpu_ms_median": 20,
        "resize_cpu_ms_median": 25,
    }
    for key, value in results.items():
        mark = ""
        if key in targets:
            mark = "  ok" if value <= targets[key] else f"  OVER target {targets[key]}"
        print(f"{key:34} {value:10.3f}{mark}" if isinstance(value, float) else f"{key:34} {value:>10}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
