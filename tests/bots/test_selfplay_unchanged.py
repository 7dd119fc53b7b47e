"""Fixed-seed self-play plays exactly as the bots did before they were made faster (issue 18).

The summaries (wins, draws, and per seat points, wins, deal-ins, draws) and a digest of every
decision were recorded from the code at f991b33, before the bots' incremental hand evaluation;
a faster bot must make the same choices, so every number here stays as it is.  The digests are
re-printed (only for a deliberate change of play) by ``python tests/bots/test_selfplay_unchanged.py``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass

import pytest

from jantaku.engine.actions import Action
from jantaku.engine.bots import Bot, get_bot
from jantaku.engine.match import Match
from jantaku.engine.ruleset import get_ruleset
from jantaku.engine.selfplay import play_match_hands, run_selfplay
from jantaku.engine.views import View

Seat = tuple[int, int, int, int]  # points, wins, deal-ins, draws


@dataclass(frozen=True)
class Recorded:
    ruleset: str
    bots: tuple[str, str, str, str]
    seed: int
    hands: int
    wins: int
    draws: int
    seats: tuple[Seat, Seat, Seat, Seat]


# fmt: off
RECORDED = (
    Recorded("riichi", ("easy",) * 4, seed=7, hands=6, wins=6, draws=0,
             seats=((9300, 2, 2, 0), (-23500, 1, 2, 0), (-700, 0, 0, 0), (14900, 3, 1, 0))),
    Recorded("riichi", ("normal",) * 4, seed=7, hands=6, wins=5, draws=1,
             seats=((11500, 1, 0, 1), (-800, 1, 0, 1), (-10700, 1, 1, 1), (0, 2, 0, 1))),
    Recorded("riichi", ("strong",) * 4, seed=7, hands=6, wins=5, draws=1,
             seats=((5100, 2, 0, 1), (-6400, 0, 0, 1), (14300, 2, 0, 1), (-13000, 1, 2, 1))),
    Recorded("classical", ("easy",) * 4, seed=7, hands=6, wins=6, draws=0,
             seats=((-700, 0, 0, 0), (390, 4, 0, 0), (480, 1, 0, 0), (-170, 1, 3, 0))),
    Recorded("classical", ("normal",) * 4, seed=7, hands=6, wins=6, draws=0,
             seats=((-1090, 0, 3, 0), (-400, 0, 2, 0), (470, 3, 0, 0), (1020, 3, 0, 0))),
    Recorded("classical", ("strong",) * 4, seed=7, hands=6, wins=6, draws=0,
             seats=((-280, 1, 1, 0), (920, 2, 0, 0), (-1240, 0, 3, 0), (600, 3, 1, 0))),
    Recorded("hongkong", ("easy",) * 4, seed=7, hands=6, wins=6, draws=0,
             seats=((-47, 0, 0, 0), (20, 4, 0, 0), (17, 1, 0, 0), (10, 1, 3, 0))),
    Recorded("hongkong", ("normal",) * 4, seed=7, hands=6, wins=6, draws=0,
             seats=((-7, 1, 2, 0), (2, 2, 0, 0), (2, 1, 1, 0), (3, 2, 2, 0))),
    Recorded("hongkong", ("strong",) * 4, seed=7, hands=6, wins=6, draws=0,
             seats=((-47, 0, 2, 0), (42, 3, 1, 0), (-21, 1, 0, 0), (26, 2, 1, 0))),
    Recorded("sichuan", ("easy",) * 4, seed=7, hands=6, wins=6, draws=0,
             seats=((-5, 5, 4, 0), (-15, 3, 5, 0), (26, 6, 0, 0), (-6, 4, 4, 0))),
    Recorded("sichuan", ("normal",) * 4, seed=7, hands=6, wins=6, draws=0,
             seats=((0, 4, 3, 0), (-5, 5, 3, 0), (1, 4, 4, 0), (4, 4, 3, 0))),
    Recorded("sichuan", ("strong",) * 4, seed=7, hands=6, wins=6, draws=0,
             seats=((-3, 3, 4, 0), (0, 5, 2, 0), (5, 4, 1, 0), (-2, 4, 4, 0))),
    Recorded("riichi", ("easy", "normal", "strong", "riichi"), seed=21, hands=6, wins=5, draws=1,
             seats=((9300, 1, 1, 1), (-6100, 1, 0, 1), (-3900, 1, 0, 1), (700, 2, 1, 1))),
    Recorded("classical", ("strong", "easy", "classical", "normal"), seed=22, hands=6, wins=6, draws=0,
             seats=((2300, 4, 1, 0), (-630, 2, 1, 0), (-620, 0, 1, 0), (-1050, 0, 2, 0))),
    Recorded("hongkong", ("hk", "strong", "normal", "easy"), seed=23, hands=6, wins=6, draws=0,
             seats=((-19, 0, 1, 0), (-20, 2, 3, 0), (32, 2, 1, 0), (7, 2, 1, 0))),
    Recorded("hongkong", ("strong",) * 4, seed=24, hands=4, wins=4, draws=0,
             seats=((-10, 0, 1, 0), (-12, 0, 1, 0), (6, 2, 1, 0), (16, 2, 1, 0))),
)
# fmt: on

# sha256 of every decision (seat and the action's wire form, in order) over the first match of
# each seed below, four bots of the level, recorded at f991b33
DECISION_DIGESTS: dict[tuple[str, str, int], str] = {
    ("riichi", "easy", 31): "8f038670520d606e",
    ("riichi", "normal", 31): "427d2c78a968229f",
    ("riichi", "strong", 31): "8b732b6d43534acf",
    ("classical", "easy", 31): "1584e6703687140e",
    ("classical", "normal", 31): "a5e46fdd12bf97cc",
    ("classical", "strong", 31): "0cf7973eb6f2c3eb",
    ("hongkong", "easy", 31): "1584e6703687140e",
    ("hongkong", "normal", 31): "082e97499099e0d3",
    ("hongkong", "strong", 31): "bcc0961414575c67",
    ("sichuan", "easy", 31): "d039810cc2f79643",
    ("sichuan", "normal", 31): "6606b45b2c354ba1",
    ("sichuan", "strong", 31): "61f712e1ff74fc8f",
}


def summary_of(case: Recorded) -> tuple[int, int, tuple[Seat, ...]]:
    s = run_selfplay(case.ruleset, hands=case.hands, seed=case.seed, bots=list(case.bots))
    assert not s["errors"], s["errors"]
    return s["wins"], s["draws"], tuple((x["points"], x["wins"], x["deal_ins"], x["draws"]) for x in s["seats"])


@pytest.mark.parametrize("case", RECORDED, ids=lambda c: f"{c.ruleset}-{'-'.join(c.bots)}-{c.seed}")
def test_fixed_seed_selfplay_unchanged(case: Recorded) -> None:
    assert summary_of(case) == (case.wins, case.draws, case.seats)


class _Recording(Bot):
    """Passes every choice through and keeps it, so a run's decisions can be compared."""

    def __init__(self, inner: Bot, seat: int, log: list[str]):
        self.inner, self.seat, self.log = inner, seat, log
        self.name = inner.name

    def choose(self, view: View, actions: Sequence[Action]) -> Action:
        action = self.inner.choose(view, actions)
        self.log.append(json.dumps([self.seat, action.to_wire()]))
        return action


def decision_digest(ruleset: str, level: str, seed: int, hands: int) -> str:
    log: list[str] = []
    bots = [_Recording(get_bot(level), seat, log) for seat in range(4)]
    stats = {
        "wins": 0,
        "draws": 0,
        "turns": 0,
        "seats": [dict.fromkeys(("points", "wins", "deal_ins", "draws"), 0) for _ in range(4)],
    }
    play_match_hands(Match(get_ruleset(ruleset), seed), bots, hands, stats)
    return hashlib.sha256("\n".join(log).encode()).hexdigest()[:16]


DIGEST_HANDS = 3


@pytest.mark.parametrize("key", sorted(DECISION_DIGESTS), ids=lambda k: "-".join(map(str, k)))
def test_fixed_seed_decisions_unchanged(key: tuple[str, str, int]) -> None:
    assert decision_digest(*key, DIGEST_HANDS) == DECISION_DIGESTS[key]


if __name__ == "__main__":
    for variant in ("riichi", "classical", "hongkong", "sichuan"):
        for level in ("easy", "normal", "strong"):
            print(f'    ("{variant}", "{level}", 31): "{decision_digest(variant, level, 31, DIGEST_HANDS)}",')
