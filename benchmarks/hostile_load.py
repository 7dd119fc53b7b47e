"""Hostile load: an innocent table's act→ok latency with and without each attack of issue 16.

    python benchmarks/hostile_load.py [--attacks slowloris,tables,list,bots] [--seconds 8] [--acts 200]
                                      [--tables 150]

A host runs in this process on 127.0.0.1 with ``--tables`` waiting quick tables (so ``list``
has a lobby worth asking for).  An innocent player — one person and three bots at a table of
their own, bots answering at once — makes ``--acts`` decisions and the round trip from each
``act`` to its ``ok`` is measured, first on a calm host and then while each attack runs in a
separate process (``tests/netplay/attackers.py``), so the attackers' own work does not share
the host's event loop.  The attacks stay within the documented limits:

* ``slowloris``: 1030 connections (the cap is 1024) sending their hello a byte a second;
* ``tables``: 20 identities creating tables as fast as the message rate allows, never sitting;
* ``list``: 40 clients each asking ``list`` 4 times a second (the most the size charge allows)
  and a second run at 19 a second (the issue's figure: the rate limiter cuts them off);
* ``bots``: 10 identities each trying to start 4 matches of four strong bots that play at once.

Two attacks on the web door (issue 25; a web door with a password opens beside the host, in its event loop, for
these runs; the attackers are ``tests/web/attackers.py``):

* ``webidle``: 1100 connections to the web door that never send a byte (the door's pool is 128,
  stretching to 256; its request timeout 10 s), each one closed opened again;
* ``webbrute``: 50 browsers each opening the login form and posting a wrong password as fast as
  they are answered (the throttle checks 5 a second in all).

With ``--ssh-attacks codes,keyless`` (the default) the same is measured again against a host
with a data directory and its SSH door open (``open_ssh_door``, the real client per session),
calm and under each attack on the door (``benchmarks/ssh_attackers.py``, 4 clients each):

* ``codes``: logging in as random well-formed rejoin codes as fast as the door answers;
* ``keyless``: keyless logins that open a session and drop it at once, in a loop; the run also
  prints how many players' homes (``ssh-players/``) the loop left behind.

Printed per run: p50 and p99 in ms, and ``ratio`` lines against the calm run and against the
budget (p50 10 ms, p99 100 ms).  Loopback counts as no address here (``exempt_loopback``, which a
real host leaves off unless started with ``--trust-loopback``), so the per-address caps are not in
play: what holds is per identity.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
if "--host-src" in sys.argv:  # measure another version's host (e.g. an unpacked older commit)
    sys.path.insert(0, sys.argv[sys.argv.index("--host-src") + 1])

from jantaku.netplay.host import Host  # noqa: E402
from jantaku.netplay.limits import HostLimits  # noqa: E402
from tests.netplay.attackers import innocent_latencies, percentiles  # noqa: E402

BUDGET_P50_MS, BUDGET_P99_MS = 10.0, 100.0
TCP_ATTACKERS = ("-m", "tests.netplay.attackers")
WEB_ATTACKERS = ("-m", "tests.web.attackers")
ATTACKS = {
    "slowloris": ["slowloris", "--clients", "1030"],
    "tables": ["tables", "--clients", "20"],
    "list": ["list", "--clients", "40", "--rate", "4"],
    "list19": ["list", "--clients", "40", "--rate", "19"],
    "bots": ["bots", "--clients", "10", "--tables", "4"],
}
WEB_ATTACKS = {  # tests/web/attackers.py, against a web door beside the host
    "webidle": ["idle", "--clients", "1100"],
    "webbrute": ["brute", "--clients", "50"],
}


async def attack(port: int, argv: list[str], seconds: float, program: tuple[str, ...] = TCP_ATTACKERS) -> dict:
    """One attack in a process of its own (``program``: how Python runs the attackers); its JSON line."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        *program,
        *argv,
        "--port",
        str(port),
        "--seconds",
        str(seconds),
        cwd=REPO,
        stdout=asyncio.subprocess.PIPE,
    )
    out, _ = await proc.communicate()
    lines = out.decode().strip().splitlines()
    return json.loads(lines[-1]) if lines else {"attack": argv[0], "failed": True}


SSH_ATTACKERS = (str(REPO / "benchmarks" / "ssh_attackers.py"),)
SSH_ATTACKS = {
    "codes": ["codes", "--clients", "4"],
    "keyless": ["keyless", "--clients", "4"],
}


def players_homes(data: Path) -> int:
    """Players' home directories the SSH door's sessions left under ``data`` (keyed and keyless)."""
    root = data / "ssh-players"
    keyless = root / "keyless"
    homes = [p for p in root.iterdir() if p.is_dir() and p != keyless] if root.is_dir() else []
    return len(homes) + (sum(p.is_dir() for p in keyless.iterdir()) if keyless.is_dir() else 0)


async def ssh_runs(names: list[str], seconds: float, acts: int, code_length: int) -> None:
    """The innocent TCP player's latency on a host with its SSH door open, calm and under each SSH attack."""
    global host_port
    from jantaku.tui.ssh.hosting import open_ssh_door

    print(f"\n{'ssh run':10} {'p50 ms':>8} {'p99 ms':>8}  attack")
    calm50 = calm99 = float("nan")
    for name in ["calm", *names]:
        with tempfile.TemporaryDirectory() as folder:
            data = Path(folder)
            host = Host(seed=1, data_dir=data)
            host_port = await host.start(port=0, bind="127.0.0.1")
            gateway = await open_ssh_door(host, port=0, bind="127.0.0.1")
            running = None
            if name != "calm":
                argv = [*SSH_ATTACKS[name], "--code-length", str(code_length)] if name == "codes" else SSH_ATTACKS[name]
                running = asyncio.ensure_future(attack(gateway.port, argv, seconds, SSH_ATTACKERS))
                await asyncio.sleep(1.5)  # under way
            p50, p99 = await measure(acts, f"innocent-ssh-{name}")
            result = await running if running is not None else {}
            homes = players_homes(data)
            await gateway.stop()
            await host.stop()
        if name == "calm":
            calm50, calm99 = p50, p99
        print_run(name, (p50, p99), (calm50, calm99), {**result, "homes_left": homes})


def print_run(name: str, latency: tuple[float, float], calm: tuple[float, float], result: dict | None) -> None:
    """A run's line, and for an attack its ratios against the calm run and the budget."""
    (p50, p99), (calm50, calm99) = latency, calm
    if name == "calm":
        print(f"{'calm':10} {p50:8.1f} {p99:8.1f}")
        return
    print(f"{name:10} {p50:8.1f} {p99:8.1f}  {json.dumps(result)}")
    print(
        f"ratio {name}/calm p50 {p50 / calm50:.2f} p99 {p99 / calm99:.2f}; "
        f"{name}/budget p50 {p50 / BUDGET_P50_MS:.2f} p99 {p99 / BUDGET_P99_MS:.2f}"
    )


async def open_web_door(host: Host):
    """A web door beside ``host`` (a password door; no game is started by the web attacks)."""
    import secrets

    from jantaku.tui.web.access import WebAccess
    from jantaku.tui.web.door import WebSettings, open_web_door

    door = open_web_door(
        host,
        secrets.token_bytes(32),
        WebAccess.with_password("correct horse"),
        settings=WebSettings(warm_sessions=False),
    )
    await door.start(0, "127.0.0.1")
    return door


async def start_web_attack(host: Host, name: str, seconds: float):
    """The web door for attack ``name`` and the attack under way (both to be awaited and stopped)."""
    door = await open_web_door(host)
    assert door.port is not None
    return door, asyncio.ensure_future(attack(door.port, WEB_ATTACKS[name], seconds, WEB_ATTACKERS))


async def measure(acts: int, name: str) -> tuple[float, float]:
    try:
        return percentiles(await asyncio.wait_for(innocent_latencies(host_port, acts, name=name), 120))
    except Exception as exc:  # e.g. the innocent cannot even make a table
        print(f"  the innocent player failed: {exc!r}")
        return float("nan"), float("nan")


async def main() -> None:
    global host_port
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--attacks", default="slowloris,tables,list,list19,bots,webidle,webbrute")
    parser.add_argument("--ssh-attacks", default="codes,keyless", help="attacks on the SSH door ('': none)")
    parser.add_argument("--ssh-code-length", type=int, default=10, help="codes guessed (6 against an older door)")
    parser.add_argument("--seconds", type=float, default=8.0, help="how long each attack runs")
    parser.add_argument("--acts", type=int, default=200, help="innocent decisions measured per run")
    parser.add_argument("--host-src", help="a source tree whose jantaku package hosts (default: this one)")
    parser.add_argument(
        "--tables", type=int, default=150, help="waiting tables in the lobby (room is left for the flood)"
    )
    args = parser.parse_args()
    print(f"{'run':10} {'p50 ms':>8} {'p99 ms':>8}  attack")
    calm50 = calm99 = float("nan")
    for name in ["calm"] + [a for a in args.attacks.split(",") if a]:
        # a fresh host for each run: one attack's leftovers do not skew the next; the attackers are all
        # on loopback, which is not counted per address here (what is measured is the attacks' cost)
        host = Host(seed=1, limits=HostLimits(exempt_loopback=True))
        host_port = await host.start(port=0)
        for _ in range(args.tables):
            host.create_quick_table()
        running = web_door = None
        if name in WEB_ATTACKS:
            web_door, running = await start_web_attack(host, name, args.seconds)
            await asyncio.sleep(1.5)  # under way
        elif name != "calm":
            running = asyncio.ensure_future(attack(host_port, ATTACKS[name], args.seconds))
            await asyncio.sleep(1.5)  # under way
        p50, p99 = await measure(args.acts, f"innocent-{name}")
        result = await running if running is not None else None
        if web_door is not None:
            await web_door.stop()
        await host.stop()
        if name == "calm":
            calm50, calm99 = p50, p99
        print_run(name, (p50, p99), (calm50, calm99), result)
    if args.ssh_attacks:
        await ssh_runs([a for a in args.ssh_attacks.split(",") if a], args.seconds, args.acts, args.ssh_code_length)


host_port = 0  # the host of the current run

if __name__ == "__main__":
    asyncio.run(main())
