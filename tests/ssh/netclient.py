"""A light stand-in for ``jantaku join --fd N --name NAME``: the real protocol client, no screen.

Says hello over the inherited socket and prints ``welcome player=ID resumed=yes|no name=NAME
tables=[...]``; then ``c`` creates a table and sits at it (``created table=ID``), ``q`` quits.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import sys
import tty

from jantaku.netplay.client import Client


def say(line: str) -> None:
    os.write(1, line.encode() + b"\r\n")


async def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--fd", type=int, required=True)
    parser.add_argument("--name", required=True)
    args = parser.parse_args()
    tty.setraw(0)
    reader, writer = await asyncio.open_connection(sock=socket.socket(fileno=args.fd))
    client = await Client.over_stream(reader, writer, args.name)
    say(
        f"welcome player={client.player} resumed={'yes' if client.resumed else 'no'} name={client.name} "
        f"tables={client.welcome['tables']}"
    )
    loop = asyncio.get_running_loop()
    keys: asyncio.Queue[bytes] = asyncio.Queue()
    loop.add_reader(0, lambda: keys.put_nowait(os.read(0, 64)))
    while True:
        data = await keys.get()
        if not data or b"q" in data:
            await client.close()
            return 0
        if b"c" in data:
            table = await client.create_table("basic", seat=0)
            say(f"created table={table}")


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
