"""Joining from a browser: time to the first frame after login, memory per browser session.

    python benchmarks/web_sessions.py [--runs 5] [--joins 8] [--no-browser]

Starts ``jantaku host --web 0`` on 127.0.0.1, then:

* first frame in a real headless Chromium (``tests/web/chromium.py``): from
  submitting the login form until the lobby's last line ("new table") is in
  the page's terminal, median and worst of ``--runs`` (a fresh browser
  profile each run, so each is a first login);
* first frame over the bare websocket (aiohttp, no browser): from opening
  ``/ws`` with the cookie until the lobby's text has arrived;
* memory: PSS from ``/proc/PID/smaps_rollup`` summed over the host's process
  tree, with no session and with ``--joins`` idle websocket sessions; the
  difference divided by ``--joins`` is the cost of one browser session (the
  browser itself not counted).

Target (issue 19): first frame in the browser ≤ 1.5 s after login.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from ssh_sessions import pss_mib  # noqa: E402

from tests.web.chromium import Browser  # noqa: E402
from tests.web.conftest import WebHost  # noqa: E402

LOBBY_MARKER = "new table"


async def browser_first_frame(host: WebHost, name: str) -> float:
    async with Browser() as browser:
        await browser.open(host.url)
        await browser.wait_for_js("document.getElementById('name') !== null")
        await browser.evaluate(f"document.getElementById('name').value = {name!r}")
        start = time.perf_counter()
        await browser.evaluate("document.getElementById('login').submit()")
        await browser.wait_for_text(LOBBY_MARKER, timeout=30)
        return time.perf_counter() - start


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


async def measure(host: WebHost, runs: int, joins: int, browser: bool) -> dict[str, float]:
    results: dict[str, float] = {}
    if browser:
        times = [await browser_first_frame(host, f"b{i}") for i in range(runs)]
        results.update(browser_median=statistics.median(times), browser_worst=max(times))
    async with aiohttp.ClientSession() as http:
        times = []
        for i in range(runs):
            ws, seconds = await open_session(http, host, host.log_in(f"w{i}"))
            times.append(seconds)
            await ws.close()
        results.update(ws_median=statistics.median(times), ws_worst=max(times))
        await asyncio.sleep(1.0)  # the closed sessions' games are gone
        idle = pss_mib(host.proc.pid)
        sessions = [await open_session(http, host, host.log_in(f"m{i}")) for i in range(joins)]
        await asyncio.sleep(1.0)
        busy = pss_mib(host.proc.pid)
        results.update(host_pss=idle, per_session=(busy - idle) / joins)
        for ws, _ in sessions:
            await ws.close()
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--joins", type=int, default=8)
    parser.add_argument("--no-browser", action="store_true", help="skip the Chromium measurement")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        host = WebHost(Path(data), "--web-max-sessions", str(max(args.joins, 16)))
        try:
            r = asyncio.run(measure(host, args.runs, args.joins, not args.no_browser))
        finally:
            host.stop()
    if "browser_median" in r:
        print(
            f"first frame in Chromium after login: median {r['browser_median']:.2f} s, "
            f"worst {r['browser_worst']:.2f} s ({args.runs} runs; target ≤ 1.5 s)"
        )
    print(f"first frame over the websocket:      median {r['ws_median']:.2f} s, worst {r['ws_worst']:.2f} s")
    print(f"memory per browser session:          {r['per_session']:.1f} MB PSS ({args.joins} idle sessions)")
    print(f"the host (TCP + web door, idle):     {r['host_pss']:.1f} MB PSS")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
