"""Run a gateway that serves the stand-in game (or ``--command``), for tests that need it in another process.

``--host``: in front of a real host instead, with the light protocol client (``netclient.py``)
in place of the TUI.  Prints ``port N`` once listening; stops on SIGTERM or when standard input
closes.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
import sys
from pathlib import Path

from jantaku.netplay.host import Host
from jantaku.tui.ssh import Access, GatewaySettings, SshGateway, command_launcher
from jantaku.tui.ssh.hosting import open_ssh_door

STANDIN = [sys.executable, str(Path(__file__).with_name("standin.py"))]
NETCLIENT = [sys.executable, str(Path(__file__).with_name("netclient.py"))]


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", required=True)
    parser.add_argument("--command", help="JSON list: the program for each session")
    parser.add_argument("--password")
    parser.add_argument("--authorized-keys")
    parser.add_argument("--max-sessions", type=int, default=16)
    parser.add_argument("--host", action="store_true", help="a real host behind the door, the light client")
    args = parser.parse_args()
    # the stand-ins need no TUI: the session server preloads only what netclient.py imports
    settings = GatewaySettings(
        max_sessions=args.max_sessions, grace=0.5, warm_preload=("jantaku.netplay.client",), warm_up=""
    )
    host = None
    if args.host:
        host = Host(data_dir=args.data)
        await host.start(port=0)
        gateway = await open_ssh_door(host, port=0, bind="127.0.0.1", client=NETCLIENT, settings=settings)
    else:
        gateway = SshGateway(
            command_launcher(json.loads(args.command) if args.command else STANDIN),
            data_dir=args.data,
            access=Access(password=args.password, authorized_keys=args.authorized_keys),
            settings=settings,
        )
        await gateway.start(port=0, bind="127.0.0.1")
    port = gateway.port
    print(f"port {port}", flush=True)
    loop = asyncio.get_running_loop()
    done = asyncio.Event()
    loop.add_signal_handler(signal.SIGTERM, done.set)
    loop.add_reader(sys.stdin.fileno(), lambda: sys.stdin.buffer.read1(1024) or done.set())
    await done.wait()
    await gateway.stop()
    if host is not None:
        await host.stop()


if __name__ == "__main__":
    asyncio.run(main())
