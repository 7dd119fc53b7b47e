"""Joining from a browser: time to the first frame after login, memory per browser session.

    python benchmarks/web_sessions.py [--runs 5] [--joins 8] [--mode both|warm|spawn] [--no-browser]

Starts ``jantaku host --web 0`` on 127.0.0.1, once with each browser session's
game forked from the web door's warm session server ("warm", today's way) and
once with each a new process (``JANTAKU_WEB_WARM=0``, "spawn", the way before),
in the same run, and measures:

* first frame in a real headless Chromium (``tests/web/chromium.py``): from
  submitting the login form until the lobby's last line ("new table") is in
  the page's terminal, median and worst of ``--runs`` (a fresh browser
  profile each run, so each is a first login).  The page itself times it
  (a watcher in the page looks at the terminal every 10 ms; its clock starts
  with the navigation the form's post begins), so no polling over DevTools
  is in the figure; beside it, when the game's page had loaded (its scripts
  and styles, before the websocket);
* first frame over the bare websocket (aiohttp, no browser): from opening
  ``/ws`` with the cookie until the lobby's text has arrived; beside it the
  CPU seconds the session's game had used by then (median): steadier than
  wall time on a busy machine;
* memory: PSS from ``/proc/PID/smaps_rollup`` summed over the host's process
  tree (its session server included), with no session and with ``--joins``
  idle websocket sessions; the difference divided by ``--joins`` is the cost
  of one browser session (the browser itself not counted); and the USS of
  each session's game, mean.

Target (issue 19): first frame in the browser ≤ 1.5 s after login.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from ssh_sessions import cpu_seconds, pss_mib, rss_mib, session_server, sessions, uss_mib  # noqa: E402

from tests.web.chromium import Browser  # noqa: E402
from tests.web.conftest import WebHost  # noqa: E402

LOBBY_MARKER = "new table"
# In every page: note (performance.now(), since the navigation began) when the lobby is in the terminal.
WATCH_FOR_LOBBY = """
(() => {
  const look = () => {
    const t = window.__jantakuTerminal;
    if (t) {
      const b = t.buffer.active;
      for (let i = 0; i < t.rows; i++) {
        const line = b.getLine(b.viewportY + i);
        if (line && line.translateToString(true).includes(MARKER)) { window.__jantakuLobbyAt = performance.now(); return; }
      }
    }
    setTimeout(look, 10);
  };
  setTimeout(look, 10);
})();
""".replace("MARKER", repr(LOBBY_MARKER))


async def browser_first_frame(host: WebHost, name: str) -> tuple[float, float]:
    """Seconds from the login's post to the lobby in the page's terminal, and to the game's page loaded."""
    async with Browser() as browser:
        await browser.send("Page.addScriptToEvaluateOnNewDocument", source=WATCH_FOR_LOBBY)
        await browser.open(host.url)
        await browser.wait_for_js("document.getElementById('name') !== null")
        await browser.evaluate(f"document.getElementById('name').value = {name!r}")
        await browser.evaluate("document.getElementById('login').submit()")
        lobby_ms = await value_in_page(browser, "window.__jantakuLobbyAt")
        loaded_ms = await browser.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
        return lobby_ms / 1000, loaded_ms / 1000


async def value_in_page(browser: Browser, expression: str, timeout: float = 30) -> float:
    """``expression``'s value once it has one, across the navigation the login starts."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            value = await browser.evaluate(expression)
        except RuntimeError:  # "Inspected target navigated or closed": the next page is coming
            value = None
        if value:
            return float(value)
        await asyncio.sleep(0.1)
    raise RuntimeError(f"never true in the page: {expression}")


async def open_session(http: aiohttp.ClientSession, host: WebHost, cookie: str):
    """A websocket session; returns it and the seconds until the lobby's text arrived."""
    start = time.perf_counter()
    ws = await http.ws_connect(f"{host.base}/ws?width=100&height=30", headers={"Cookie": cookie})
    seen = b""
    while LOBBY_MARKER.encode() not in seen:
        msg = await asyncio.wait_for(ws.receive(), 30)
        if msg.type != aiohttp.WSMsgType.BINARY:
            if msg.type == aiohttp.WSMsgType.TEXT:
                continue
            raise RuntimeError(f"the session ended: {msg}")
        seen = seen[-200:] + msg.data
    return ws, time.perf_counter() - start


async def settle(host_pid: int, timeout: float = 10.0) -> None:
    """Until no session's game is left."""
    end = time.monotonic() + timeout
    while sessions(host_pid) and time.monotonic() < end:
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.5)


async def measure(host: WebHost, runs: int, joins: int, browser: bool) -> dict[str, float]:
    pid = host.proc.pid
    results: dict[str, float] = {}
    async with aiohttp.ClientSession() as http:
        ws, _ = await open_session(http, host, host.log_in("warmup"))  # the page cache, the host's first imports
        await ws.close()
        await settle(pid)
        if browser:
            frames, loads = zip(*[await browser_first_frame(host, f"b{i}") for i in range(runs)])
            results.update(
                browser_median=statistics.median(frames),
                browser_worst=max(frames),
                page_loaded=statistics.median(loads),
            )
            await settle(pid)
        times, cpus = [], []
        for i in range(runs):
            ws, seconds = await open_session(http, host, host.log_in(f"w{i}"))
            times.append(seconds)
            cpus += [cpu_seconds(p) for p in sessions(pid)]
            await ws.close()
            await settle(pid)
        results.update(ws_median=statistics.median(times), ws_worst=max(times), ws_cpu=statistics.median(cpus))
        idle = pss_mib(pid)
        server = session_server(pid)
        open_sessions = [await open_session(http, host, host.log_in(f"m{i}")) for i in range(joins)]
        await asyncio.sleep(2.0)  # let them settle
        busy = pss_mib(pid)
        uss = [uss_mib(p) for p in sessions(pid)]
        results.update(
            host_pss=idle,
            per_session=(busy - idle) / joins,
            uss_per_session=statistics.mean(uss),
            server_rss=rss_mib(server) if server else 0.0,
        )
        for ws, _ in open_sessions:
            await ws.close()
    return results


def run_mode(warm: bool, args: argparse.Namespace) -> dict[str, float]:
    env = {**os.environ, "JANTAKU_WEB_WARM": "1" if warm else "0"}
    with tempfile.TemporaryDirectory(prefix="jantaku-web-bench-") as data:
        # every browser is on loopback: --trust-loopback keeps the host's per-address caps out of the measure
        host = WebHost(Path(data), "--web-max-sessions", str(max(args.joins + 2, 16)), "--trust-loopback", env=env)
        try:
            return asyncio.run(measure(host, args.runs, args.joins, not args.no_browser))
        finally:
            host.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--joins", type=int, default=8)
    parser.add_argument("--mode", choices=("both", "warm", "spawn"), default="both")
    parser.add_argument("--no-browser", action="store_true", help="skip the Chromium measurement")
    args = parser.parse_args()
    modes = {"both": ("spawn", "warm"), "warm": ("warm",), "spawn": ("spawn",)}[args.mode]
    results = {mode: run_mode(mode == "warm", args) for mode in modes}
    rows = [
        ("first frame in Chromium, median (s)", "browser_median", "{:.2f}", "≤ 1.5"),
        ("first frame in Chromium, worst (s)", "browser_worst", "{:.2f}", ""),
        ("  of which the game's page loaded, median (s)", "page_loaded", "{:.2f}", ""),
        ("first frame over the websocket, median (s)", "ws_median", "{:.2f}", ""),
        ("first frame over the websocket, worst (s)", "ws_worst", "{:.2f}", ""),
        ("game's CPU to its first frame (s)", "ws_cpu", "{:.3f}", ""),
        (f"PSS per browser session (MB, {args.joins} idle)", "per_session", "{:.1f}", ""),
        ("USS per browser session (MB)", "uss_per_session", "{:.1f}", ""),
        ("the host's tree idle (MB PSS)", "host_pss", "{:.1f}", ""),
        ("session server RSS (MB)", "server_rss", "{:.1f}", ""),
    ]
    print(f"{'':46}" + "".join(f"{m:>10}" for m in modes) + ("     ratio" if len(modes) == 2 else "") + "   target")
    for label, key, fmt, target in rows:
        if key not in results[modes[0]]:
            continue
        values = [results[m][key] for m in modes]
        line = f"{label:46}" + "".join(f"{fmt.format(v):>10}" for v in values)
        if len(modes) == 2:
            line += f"{values[1] / values[0]:>10.2f}" if values[0] else f"{'':>10}"
        print(f"{line}   {target}")
    if "browser_median" in results[modes[-1]]:
        median = results[modes[-1]]["browser_median"]
        verdict = "met" if median <= 1.5 else "not met"
        print(
            f"target (issue 19): first frame in the browser ≤ 1.5 s after login: {modes[-1]} median {median:.2f} s, {verdict}"
        )
    print(f"({args.runs} runs; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
