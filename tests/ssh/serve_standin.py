"""Run a gateway that serves the stand-in game (or ``--command``), for tests that need it in another process.

Prints ``port N pid P`` once listening; stops on SIGTERM or when standard input closes.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
import sys
from pathlib import Path

from jantaku.tui.ssh import Access, GatewaySettings, SshGateway, command_launcher

STANDIN = [sys.executable, str(Path(__file__).with_name("standin.py"))]


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", required=True)
    parser.add_argument("--command", help="JSON list: the program for each session")
    parser.add_argument("--password")
    parser.add_argument("--max-sessions", type=int, default=16)
    args = parser.parse_args()
    gateway = SshGateway(command_launcher(json.loads(args.command) if args.command else STANDIN),
                         data_dir=args.data, access=Access(password=args.password),
                         settings=GatewaySettings(max_sessions=args.max_sessions, grace=0.5))
    port = await gateway.start(port=0, bind="127.0.0.1")
    print(f"port {port}", flush=True)
    loop = asyncio.get_running_loop()
    done = asyncio.Event()
    loop.add_signal_handler(signal.SIGTERM, done.set)
    loop.add_reader(sys.stdin.fileno(), lambda: sys.stdin.buffer.read1(1024) or done.set())
    await done.wait()
    await gateway.stop()


if __name__ == "__main__":
    asyncio.run(main())
