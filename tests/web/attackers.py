"""Hostile browsers for the web door, for ``benchmarks/hostile_load.py`` (issue 25, item 3 and 4).

Run as a separate process, as :mod:`tests.netplay.attackers`::

    python -m tests.web.attackers idle --port 8080 --clients 1100 --seconds 8
    python -m tests.web.attackers brute --port 8080 --clients 50 --seconds 8

Each prints one JSON line when it ends.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import time
from collections import Counter


async def idle_flood(port: int, clients: int, seconds: float) -> dict:
    """``clients`` connections that never send a byte; each one the door closes is opened again."""
    opened = closed = failed = 0
    end = time.monotonic() + seconds

    async def one() -> None:
        nonlocal opened, closed, failed
        while time.monotonic() < end:
            try:
                reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 5)
            except (OSError, TimeoutError):
                failed += 1
                await asyncio.sleep(0.5)
                continue
            opened += 1
            try:
                await asyncio.wait_for(reader.read(), max(0.0, end - time.monotonic()))
                closed += 1  # the door answered (503) or closed it
            except (TimeoutError, OSError):
                pass
            writer.close()

    await asyncio.gather(*(one() for _ in range(clients)))
    return {
        "attack": "web idle flood",
        "clients": clients,
        "opened": opened,
        "closed_by_door": closed,
        "failed": failed,
    }


async def login_brute_force(port: int, clients: int, seconds: float) -> dict:
    """``clients`` browsers each opening the login form and posting a wrong password, as fast as answered."""
    import aiohttp

    statuses: Counter[str] = Counter()
    end = time.monotonic() + seconds
    base = f"http://127.0.0.1:{port}"

    async def one(i: int) -> None:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
            n = 0
            while time.monotonic() < end:
                try:
                    async with http.get(base + "/") as page:
                        token = re.search(r'name="form_token" value="([^"]+)"', await page.text())
                    form = {
                        "name": "mallory",
                        "secret": f"guess-{i}-{n}",
                        "form_token": token.group(1) if token else "",
                    }
                    async with http.post(base + "/login", data=form, allow_redirects=False) as reply:
                        statuses[str(reply.status)] += 1
                except (aiohttp.ClientError, OSError):
                    statuses["error"] += 1
                    await asyncio.sleep(0.1)
                n += 1

    await asyncio.gather(*(one(i) for i in range(clients)))
    checked = statuses["403"] + statuses["303"]
    return {"attack": "web login brute force", "answers": dict(statuses), "checked_per_second": checked / seconds}


ATTACKS = {"idle": idle_flood, "brute": login_brute_force}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("attack", choices=sorted(ATTACKS))
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(ATTACKS[args.attack](args.port, args.clients, args.seconds))), flush=True)


if __name__ == "__main__":
    main()
