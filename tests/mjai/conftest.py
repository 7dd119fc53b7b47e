"""The mjai tests' fixtures: the mjai package's python (.venv-mjai), our bot scripts, short matches.

The PyPI ``mjai`` package (the mjai.app simulator's client library and libriichi's arena) is the
protocol's reference implementation.  It is AGPL and pins an older ``mahjong``, so it lives in its own
virtualenv, ``.venv-mjai`` beside ``.venv`` (scripts/test creates it), and is only ever run as a
subprocess: Jantaku never imports it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
# the bot scripts run as programs, some under .venv-mjai's python: never import them here
collect_ignore = ["rulebase_bot.py", "broken_bot.py", "deep_bot.py", "recording_bot.py", "tcp_bot.py", "arena_match.py"]

RULEBASE_BOT = HERE / "rulebase_bot.py"
BROKEN_BOT = HERE / "broken_bot.py"
DEEP_BOT = HERE / "deep_bot.py"
RECORDING_BOT = HERE / "recording_bot.py"
TCP_BOT = HERE / "tcp_bot.py"
ARENA = HERE / "arena_match.py"


def _mjai_python() -> Path | None:
    configured = os.environ.get("JANTAKU_MJAI_PYTHON")
    python = Path(configured) if configured else ROOT / ".venv-mjai" / "bin" / "python"
    if not python.exists():
        return None
    probe = subprocess.run([str(python), "-c", "import mjai, mjai.bot.rulebase"], capture_output=True, timeout=60)
    return python if probe.returncode == 0 else None


@pytest.fixture(scope="session")
def mjai_python() -> Path:
    """The python of .venv-mjai (with the mjai package); a loud skip when it is missing, a failure in CI."""
    python = _mjai_python()
    if python is None:
        why = (
            "THE MJAI PACKAGE IS NOT INSTALLED: create it with `python3 -m venv .venv-mjai && "
            ".venv-mjai/bin/pip install mjai` (scripts/test does); the mjai protocol tests did not run"
        )
        if os.environ.get("JANTAKU_MJAI_REQUIRED") == "1":
            pytest.fail(why)
        pytest.skip(why)
    return python


@pytest.fixture(scope="session")
def our_python() -> str:
    return sys.executable


def jantaku_command() -> list[str]:
    """``jantaku`` as this test run's interpreter runs it."""
    return [sys.executable, "-m", "jantaku"]
