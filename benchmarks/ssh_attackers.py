"""Attacks on the SSH door, each in a process of its own (benchmarks/hostile_load.py starts them).

    python benchmarks/ssh_attackers.py codes   --port P --seconds S [--clients N]
    python benchmarks/ssh_attackers.py keyless --port P --seconds S [--clients N]

* ``codes``: N clients log in as random well-formed rejoin codes, one after another, as fast as
  the door answers (the issue measured 306 guesses a second before the door throttled them);
* ``keyless``: N clients log in without a key, open a session, wait for its lobby and drop it, in
  a loop (19 sessions a second made as many ``ssh-players/<id>/`` directories before).

Prints one JSON line: what was tried and what the door answered.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import secrets
import sys
import time
from pathlib import Path

import asyncssh

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from jantaku.tui.ssh.identity import CODE_ALPHABET, CODE_LENGTH, group_code  # noqa: E402


class _Quiet(asyncssh.SSHClient):
    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(self, name, instructions, lang, prompts):
        return [] if not prompts else None


async def _connect(port: int, username: str) -> asyncssh.SSHClientConnection:
    conn, _ = await asyncssh.create_connection(
        _Quiet,
        "127.0.0.1",
        port,
        username=username,
        known_hosts=None,
        config=None,
        client_keys=None,
        agent_path=None,
        password_auth=False,
    )
    return conn


def _random_code(length: int) -> str:
    """A well-formed code of ``length`` (6: the shape older versions handed out)."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))
        if any(ch.isdigit() for ch in code):
            return group_code(code) if length == CODE_LENGTH else code


async def guess_codes(port: int, clients: int, seconds: float, code_length: int = CODE_LENGTH) -> dict:
    counts = {"guesses": 0, "in": 0, "wrong": 0, "wait": 0, "other": 0}
    end = time.monotonic() + seconds

    async def guesser() -> None:
        while time.monotonic() < end:
            counts["guesses"] += 1
            try:
                conn = await _connect(port, _random_code(code_length))
            except asyncssh.DisconnectError as exc:
                counts[
                    "wait" if "too many wrong" in exc.reason else "wrong" if "no player" in exc.reason else "other"
                ] += 1
                continue
            except (OSError, asyncssh.Error):
                counts["other"] += 1
                continue
            counts["in"] += 1  # the door of before: a wrong code was a new player
            conn.close()

    await asyncio.gather(*(guesser() for _ in range(clients)))
    return {"attack": "codes", "seconds": seconds, **counts, "per_second": round(counts["guesses"] / seconds, 1)}


async def _lobby_shown(proc: asyncssh.SSHClientProcess) -> None:
    seen = b""
    while b"you are" not in seen:
        chunk = await proc.stdout.read(65536)
        if not chunk:
            raise OSError("the session ended before its lobby showed")
        seen = seen[-64:] + chunk


async def keyless_loop(port: int, clients: int, seconds: float) -> dict:
    counts = {"sessions": 0, "failed": 0}
    end = time.monotonic() + seconds

    async def looper(i: int) -> None:
        while time.monotonic() < end:
            try:
                conn = await _connect(port, f"loop{i}")
                proc = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
                await asyncio.wait_for(_lobby_shown(proc), 30)  # the game is up and at the host
                counts["sessions"] += 1
                conn.close()
            except (TimeoutError, OSError, asyncssh.Error):
                counts["failed"] += 1

    await asyncio.gather(*(looper(i) for i in range(clients)))
    return {"attack": "keyless", "seconds": seconds, **counts, "per_second": round(counts["sessions"] / seconds, 1)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("attack", choices=["codes", "keyless"])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--code-length", type=int, default=CODE_LENGTH, help="codes: 6 for an older door")
    args = parser.parse_args()
    if args.attack == "codes":
        result = asyncio.run(guess_codes(args.port, args.clients, args.seconds, args.code_length))
    else:
        result = asyncio.run(keyless_loop(args.port, args.clients, args.seconds))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
