"""An mjai bot that misbehaves on purpose, one way per decision, then hangs and dies.

Usage: broken_bot.py SEAT [CRASH_AFTER [crash|hang]] — replies (cycling): not JSON, a huge line, a
JSON list of junk, a wrong type, an action for another seat, an illegal win, a reply too late, an
impossible chi; after CRASH_AFTER lines (default 40) it exits, or hangs for good (never reads or
answers again).  Plain Python: it needs no mjai package.
"""

import json
import sys
import time

seat = int(sys.argv[1])
crash_after = int(sys.argv[2]) if len(sys.argv) > 2 else 40
hang = len(sys.argv) > 3 and sys.argv[3] == "hang"
LATE_SECONDS = 1.5  # longer than the test's time limit
answers = 0
for line in sys.stdin:
    events = json.loads(line)
    answers += 1
    if answers > crash_after:
        if hang:
            time.sleep(3600)
        sys.exit(3)
    way = answers % 8
    if way == 1:
        out = "this is not json"
    elif way == 2:
        out = "x" * 200_000
    elif way == 3:
        out = json.dumps([1, 2, {"type": 5}])
    elif way == 4:
        out = json.dumps({"type": "dahai", "actor": seat, "pai": {"no": "tile"}})
    elif way == 5:
        out = json.dumps({"type": "dahai", "actor": (seat + 1) % 4, "pai": "1m", "tsumogiri": False})
    elif way == 6:
        out = json.dumps({"type": "hora", "actor": seat, "target": seat, "pai": "C"})
    elif way == 7:
        time.sleep(LATE_SECONDS)
        out = json.dumps({"type": "none"})
    else:
        out = json.dumps({"type": "chi", "actor": seat, "target": 0, "pai": "9s", "consumed": ["7s", "8s"]})
    sys.stdout.write(out + "\n")
    sys.stdout.flush()
