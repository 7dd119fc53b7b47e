"""The defence's faster wait reading gives exactly the weights it gave before (issue 18).

:func:`jantaku.engine.bots.defence.wait_chances` and ``wait_weight`` against their versions from
before the change (``reference_defence.py``) on random opponents: discards, riichi, tiles let
pass, melds pointing at a flush, all pungs or dragon pungs, unseen counts from none to four, with
and without furiten and honours.  The floats must be equal, not close: a bot compares them.
"""

from __future__ import annotations

import random

from jantaku.engine.bots.defence import wait_chances, wait_weight
from jantaku.engine.bots.seat import Opponent, ShownMeld
from jantaku.engine.melds import MeldType

from . import reference_defence as ref

OPPONENTS = 3000


def random_meld(rng: random.Random, suit: int | None) -> ShownMeld:
    if rng.random() < 0.3:
        kind = rng.choice(range(27, 34))
        return ShownMeld(MeldType.PON, (kind,) * 3, 0)
    base = 9 * (rng.randrange(3) if suit is None else suit)
    if rng.random() < 0.5:
        kind = base + rng.randrange(9)
        return ShownMeld(MeldType.PON, (kind,) * 3, 0)
    first = base + rng.randrange(7)
    return ShownMeld(MeldType.CHI, (first, first + 1, first + 2), 0)


def random_opponent(rng: random.Random) -> tuple[Opponent, frozenset[int]]:
    discards = [rng.randrange(34) for _ in range(rng.randrange(0, 20))]
    suit = rng.randrange(3) if rng.random() < 0.4 else None
    melds = [random_meld(rng, suit) for _ in range(rng.choice((0, 0, 1, 2, 3, 4)))]
    riichi_at = rng.randrange(len(discards)) if discards and rng.random() < 0.3 else None
    passed = frozenset(rng.randrange(34) for _ in range(rng.randrange(0, 8)))
    return Opponent(1, 1, discards, melds, riichi_at, out=False), passed


def test_wait_chances_equal_the_reference() -> None:
    rng = random.Random(18)
    for _ in range(OPPONENTS):
        opp, passed = random_opponent(rng)
        unseen = [rng.choice((0, 1, 2, 3, 3, 4, 4)) for _ in range(34)]
        furiten, honors = rng.random() < 0.5, rng.random() < 0.8
        got = wait_chances(opp, unseen, furiten=furiten, passed=passed, honors=honors)
        assert got == ref.wait_chances(opp, unseen, furiten=furiten, passed=passed, honors=honors)


def test_wait_weight_of_one_kind_equals_the_reference() -> None:
    rng = random.Random(19)
    for _ in range(OPPONENTS // 3):
        opp, passed = random_opponent(rng)
        unseen = [rng.randrange(5) for _ in range(34)]
        furiten = rng.random() < 0.5
        kind = rng.randrange(34)
        got = wait_weight(kind, opp, unseen, furiten=furiten, passed=passed)
        assert got == ref.wait_weight(kind, opp, unseen, furiten=furiten, passed=passed)
