"""A bot on the mjai package's ``Bot`` base class (its example rule-based bot), run with .venv-mjai's python.

Usage: rulebase_bot.py SEAT — speaks mjai.app's protocol on stdin/stdout (a JSON list of events per
line, one reply per line).  Test-only: the mjai package is AGPL and never a dependency of Jantaku.
"""

import sys

from loguru import logger
from mjai.bot.rulebase import RulebaseBot

logger.remove()  # its info lines go to stderr; keep the test output quiet
RulebaseBot(player_id=int(sys.argv[1])).start()
