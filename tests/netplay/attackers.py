"""Hostile clients that stay within the documented limits, for tests and ``benchmarks/hostile_load.py``.

Run as a separate process so the attack's own work does not share the host's event loop::

    python -m tests.netplay.attackers list --port 7654 --clients 40 --seconds 5

Each attack prints one JSON line when it ends (what it sent and received).
:func:`innocent_latencies` plays an innocent table (one person, three bots) and measures the
person's act→ok round trips.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time

from jantaku.netplay.client import Client, ClientError
from jantaku.netplay.protocol import pack

HELLO = {"type": "hello", "protocol": 1, "name": "mallory"}


async def _open(port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    return await asyncio.open_connection("127.0.0.1", port)


async def _drain(reader: asyncio.StreamReader, counter: list[int]) -> None:
    """Read and count bytes, without unpacking them (the attack stays cheap)."""
    try:
        while data := await reader.read(1 << 16):
            counter[0] += len(data)
    except (ConnectionError, OSError):
        pass


async def list_hammer(port: int, clients: int, seconds: float, rate: float) -> dict:
    """``clients`` connections each asking ``list`` ``rate`` times a second (under the message rate)."""
    received = [0]
    sent = [0]
    closed = [0]

    async def one(i: int) -> None:
        reader, writer = await _open(port)
        writer.write(pack({**HELLO, "name": f"lister{i}"}))
        drain = asyncio.ensure_future(_drain(reader, received))
        end = time.monotonic() + seconds
        try:
            while time.monotonic() < end and not drain.done():
                writer.write(pack({"type": "list"}))
                sent[0] += 1
                await asyncio.sleep(1 / rate)
        except (ConnectionError, OSError):
            pass
        if drain.done():
            closed[0] += 1
        drain.cancel()
        writer.close()

    await asyncio.gather(*(one(i) for i in range(clients)))
    return {"attack": "list", "requests": sent[0], "bytes_received": received[0], "cut_off": closed[0]}


async def bot_farm(port: int, clients: int, seconds: float, tables: int, bot: str = "strong") -> dict:
    """``clients`` identities, each starting up to ``tables`` tables of four bots that play at once."""
    started, refused = [0], [0]

    async def one(i: int) -> None:
        client = await Client.connect("127.0.0.1", port, f"farmer{i}", ping_interval=1.0)
        try:
            for _ in range(tables):
                try:
                    table = await client.create_table("basic", options={"hands": 64}, timers={"bot": 0})
                    for _ in range(4):
                        await client.add_bot(table, bot)
                    await client.spectate(table)
                    await client.start(table)
                    started[0] += 1
                except ClientError:
                    refused[0] += 1
            await asyncio.sleep(seconds)
        finally:
            await client.close()

    await asyncio.gather(*(one(i) for i in range(clients)))
    return {"attack": "bots", "tables_started": started[0], "refused": refused[0]}


async def table_flood(port: int, clients: int, seconds: float) -> dict:
    """Identities creating tables as fast as the message rate allows, never sitting."""
    made, refused = [0], [0]

    async def one(i: int) -> None:
        client = await Client.connect("127.0.0.1", port, f"flooder{i}", ping_interval=1.0)
        end = time.monotonic() + seconds
        try:
            while time.monotonic() < end:
                try:
                    await client.create_table("basic")
                    made[0] += 1
                except ClientError:
                    refused[0] += 1
                await asyncio.sleep(0.06)
        finally:
            await client.close()

    await asyncio.gather(*(one(i) for i in range(clients)))
    return {"attack": "tables", "created": made[0], "refused": refused[0]}


async def slowloris(port: int, clients: int, seconds: float) -> dict:
    """Connections that send their hello a byte every second."""
    data = pack(HELLO)
    cut = [0]

    async def one() -> None:
        try:
            reader, writer = await _open(port)
        except OSError:
            return
        end = time.monotonic() + seconds
        try:
            for i in range(len(data)):
                if time.monotonic() > end or reader.at_eof():
                    break
                writer.write(data[i : i + 1])
                await writer.drain()
                try:
                    if not await asyncio.wait_for(reader.read(1 << 16), 1.0):
                        cut[0] += 1
                        break
                except TimeoutError:
                    pass
        except (ConnectionError, OSError):
            cut[0] += 1
        writer.close()

    await asyncio.gather(*(one() for _ in range(clients)))
    return {"attack": "slowloris", "cut_off": cut[0]}


ATTACKS = {"list": list_hammer, "bots": bot_farm, "tables": table_flood, "slowloris": slowloris}


async def innocent_latencies(port: int, acts: int, *, name: str = "innocent") -> list[float]:
    """One person and three bots at a new table: the seconds from each of the person's ``act``
    to its ``ok``, for ``acts`` decisions."""
    client = await Client.connect("127.0.0.1", port, name, ping_interval=5.0)
    out: list[float] = []
    try:
        table = await client.create_table(
            "basic", options={"hands": 64}, seat=0, timers={"bot": 0, "turn": None, "claim": None, "between": None}
        )
        for _ in range(3):
            await client.add_bot(table, "easy")
        await client.start(table)
        while len(out) < acts:
            msg = await client.next_message("update", table=table, timeout=30)
            prompt = msg["prompt"]
            if prompt is None:
                continue
            t0 = time.perf_counter()
            try:
                await client.act(table, prompt["id"], prompt["actions"][-1])
            except ClientError:
                continue
            out.append(time.perf_counter() - t0)
    finally:
        await client.close()
    return out


def percentiles(samples: list[float]) -> tuple[float, float]:
    """p50 and p99 in milliseconds."""
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return statistics.median(ordered) * 1000, p99 * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("attack", choices=sorted(ATTACKS))
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--clients", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--rate", type=float, default=4.0, help="list: requests a second per client")
    parser.add_argument("--tables", type=int, default=4, help="bots: tables per identity")
    args = parser.parse_args()
    attack = ATTACKS[args.attack]
    extra = {"list": {"rate": args.rate}, "bots": {"tables": args.tables}}.get(args.attack, {})
    result = asyncio.run(attack(args.port, args.clients, args.seconds, **extra))
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
