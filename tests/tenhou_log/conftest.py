from __future__ import annotations

import pytest

from jantaku.engine.rulesets.riichi.tenhou_log import TenhouGame

from .records import MJLOG_NAMES, load_game


@pytest.fixture(params=MJLOG_NAMES)
def game(request) -> TenhouGame:
    """Each record in turn."""
    return load_game(request.param)
