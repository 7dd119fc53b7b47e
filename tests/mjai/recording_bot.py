"""An mjai bot that writes every line it receives to a file and plays the safest thing it can.

Usage: recording_bot.py SEAT FILE — answers a batch ending in its own draw with a tsumogiri
(``dahai`` of that tile), everything else with none.  Plain Python (no mjai package).
"""

import json
import sys

seat, path = int(sys.argv[1]), sys.argv[2]
with open(path, "w") as out:
    for line in sys.stdin:
        out.write(line)
        out.flush()
        events = json.loads(line)
        last = events[-1] if events else {}
        reply = {"type": "none"}
        if last.get("type") == "tsumo" and last.get("actor") == seat:
            reply = {"type": "dahai", "actor": seat, "pai": last["pai"], "tsumogiri": True}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
