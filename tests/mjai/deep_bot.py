"""An mjai bot whose every reply is JSON nested 30,000 levels deep, under the 64 KiB reply limit
(``json.loads`` of it once raised RecursionError and killed the seat's task). Plain Python.

Usage: deep_bot.py SEAT
"""

import sys

DEPTH = 30_000  # 60,000 bytes: under MAX_REPLY_BYTES, far over any nesting a reply needs
for _line in sys.stdin:
    sys.stdout.write("[" * DEPTH + "]" * DEPTH + "\n")
    sys.stdout.flush()
