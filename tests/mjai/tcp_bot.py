"""A TCP mjai client as akochan's mjai_client talks (gimite's protocol), playing the mjai package's RulebaseBot.

Usage (with .venv-mjai's python): tcp_bot.py HOST PORT NAME ROOM — reads hello, sends join, then
answers every event line with one reply line.  Test-only (the mjai package is AGPL).
"""

import json
import socket
import sys

from loguru import logger
from mjai.bot.rulebase import RulebaseBot

logger.remove()
host, port, name, room = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
sock = socket.create_connection((host, port))
lines = sock.makefile("r")
hello = json.loads(lines.readline())
assert hello["type"] == "hello", hello
sock.sendall((json.dumps({"type": "join", "name": name, "room": room}) + "\n").encode())
bot = None
for line in lines:
    event = json.loads(line)
    if event["type"] == "start_game":
        bot = RulebaseBot(player_id=event["id"])
    reply = bot.react(json.dumps([event])) if bot is not None else '{"type":"none"}'
    sock.sendall((reply + "\n").encode())
    if event["type"] == "end_game":
        break
sock.close()
