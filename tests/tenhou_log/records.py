"""The mjx records in tests/data/mjlog, each parsed once."""

from __future__ import annotations

import functools
import json
from pathlib import Path

from jantaku.engine.rulesets.riichi.tenhou_log import TenhouGame, TenhouHand, parse_mjlog

DATA = Path(__file__).resolve().parent.parent / "data" / "mjlog"
MJLOG_NAMES = sorted(p.name for p in DATA.glob("*.mjlog"))
SCORED_STEMS = sorted(p.stem for p in (DATA / "mjscore").glob("*.json"))


@functools.cache
def load_game(name: str) -> TenhouGame:
    return parse_mjlog((DATA / name).read_bytes())


@functools.cache
def load_mjscore(stem: str) -> list[list]:
    """The hands of a Tenhou JSON record (one ``log`` entry per line)."""
    hands = []
    for line in (DATA / "mjscore" / f"{stem}.json").read_text(encoding="utf-8").splitlines():
        hands.extend(json.loads(line)["log"])
    return hands


def all_hands() -> list[tuple[str, TenhouHand]]:
    """(file name, hand) for every hand of every record."""
    return [(name, hand) for name in MJLOG_NAMES for hand in load_game(name).hands]
