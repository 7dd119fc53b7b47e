"""The level bots weigh every candidate discard together (issue 29) exactly as one by one before.

:meth:`Strategy.evaluate_discards` shares the candidates' work (one HandShape of the whole hand,
a plan's part of the hand weighed once, a ready hand's waits scored once); every evaluation it
gives must equal the one the code before it gave (``reference_strategy.py``, 2b6f473) for the
hand less that tile, on every turn of seeded self-play in each variant, float for float.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from jantaku.engine.actions import Action, ActionType, tile_of
from jantaku.engine.analysis import shanten
from jantaku.engine.bots import Bot, get_bot
from jantaku.engine.bots.incremental import HandShape
from jantaku.engine.bots.patterns import flush_plans, pung_acceptance
from jantaku.engine.bots.seat import ShownMeld
from jantaku.engine.bots.seat import SeatReading
from jantaku.engine.melds import MeldType
from jantaku.engine.bots.strategy import Strategy, strategy_for
from jantaku.engine.match import Match
from jantaku.engine.ruleset import get_ruleset
from jantaku.engine.selfplay import play_match_hands
from jantaku.engine.tiles import kind_of
from jantaku.engine.views import View

from . import reference_strategy as ref
from .test_selfplay_unchanged import decision_digest

REFERENCES: dict[str, Strategy] = {"classical": ref.ReferenceClassical(), "hongkong": ref.ReferenceHongKong()}


class _Checking(Bot):
    """Plays as ``inner`` and, at each own turn, compares the evaluations of every discard."""

    def __init__(self, inner: Bot, variant: str, checked: list[int]):
        self.inner, self.variant, self.checked = inner, variant, checked
        self.name = inner.name

    def choose(self, view: View, actions: Sequence[Action]) -> Action:
        discards = [a for a in actions if a.type is ActionType.DISCARD]
        if discards and view.phase != "setup":
            strategy = strategy_for(self.variant)
            reference = REFERENCES.get(self.variant, strategy)
            kinds = sorted({kind_of(tile_of(a)) for a in discards if kind_of(tile_of(a)) < 34})
            for use_plans in (True, False):
                sv = SeatReading(view, honors=strategy.honors)
                counts = list(sv.counts)
                together = strategy.evaluate_discards(sv, counts, sv.melds, kinds, use_plans=use_plans)
                assert counts == sv.counts  # put back as it was
                old_sv = SeatReading(view, honors=strategy.honors)
                for kind, ev in zip(kinds, together, strict=True):
                    counts[kind] -= 1
                    assert ev == ref.evaluate(reference, old_sv, counts, old_sv.melds, use_plans=use_plans), kind
                    assert ev == strategy.evaluate(sv, counts, sv.melds, use_plans=use_plans), kind
                    counts[kind] += 1
            self.checked.append(len(kinds))
        return self.inner.choose(view, actions)


@pytest.mark.parametrize("variant", ["classical", "hongkong", "riichi", "sichuan"])
@pytest.mark.parametrize("seed", [3, 8])
def test_every_discard_evaluated_together_as_one_by_one_before(variant: str, seed: int) -> None:
    checked: list[int] = []
    bots = [_Checking(get_bot("normal"), variant, checked) for _ in range(4)]
    stats = {
        "wins": 0,
        "draws": 0,
        "turns": 0,
        "seats": [dict.fromkeys(("points", "wins", "deal_ins", "draws"), 0) for _ in range(4)],
    }
    play_match_hands(Match(get_ruleset(variant), seed), bots, 2, stats)
    assert len(checked) > 20 and sum(checked) > 100  # turns with several candidates were compared


# sha256 of every decision over the first 4 hands of a match, four ``normal`` bots, recorded at
# 2b6f473 (before the evaluation was shared), by ``decision_digest`` of test_selfplay_unchanged
DIGESTS_BEFORE: dict[tuple[str, int], str] = {
    ("classical", 41): "03440be01cb5e283",
    ("classical", 42): "c475b16df5a09c1a",
    ("classical", 44): "339a940ccf170a42",
    ("hongkong", 41): "e5ded1131bc689f9",
    ("hongkong", 42): "d9d2e87d28b5c903",
    ("hongkong", 44): "5d436604acd35aff",
}


@pytest.mark.parametrize("key", sorted(DIGESTS_BEFORE), ids=lambda k: f"{k[0]}-{k[1]}")
def test_normal_plays_as_before(key: tuple[str, int]) -> None:
    variant, seed = key
    assert decision_digest(variant, "normal", seed, 4) == DIGESTS_BEFORE[key]


def _random_part(rng: random.Random) -> tuple[list[int], int]:
    """A hand of 3n+1 tiles (or a plan's part of one: a suit, with or without the honours)."""
    melds = rng.randrange(0, 5)
    counts = [0] * 34
    for k in rng.sample([k for k in range(34) for _ in range(4)], 13 - 3 * melds):
        counts[k] += 1
    if rng.random() < 0.7:
        suit = rng.randrange(3)
        kinds = set(range(9 * suit, 9 * suit + 9)) | (set(range(27, 34)) if rng.random() < 0.5 else set())
        counts = [c if k in kinds else 0 for k, c in enumerate(counts)]
    return counts, melds


def test_pung_acceptance_as_before() -> None:
    rng = random.Random(29)
    for _ in range(20_000):
        counts, melds = _random_part(rng)
        unseen = [rng.randrange(0, 5) for _ in range(34)]
        assert pung_acceptance(list(counts), melds, unseen) == ref.pung_acceptance(list(counts), melds, unseen)


def test_hand_shape_shanten_of_a_plans_part_is_analysis_shanten() -> None:
    """A plan's part of the hand has fewer tiles than a hand; its HandShape must still agree."""
    rng = random.Random(30)
    for _ in range(20_000):
        counts, melds = _random_part(rng)
        for seven_pairs, thirteen_orphans in ((False, True), (True, True), (False, False)):
            forms = {"seven_pairs": seven_pairs, "thirteen_orphans": thirteen_orphans}
            assert HandShape(counts, melds, **forms).shanten() == shanten(counts, melds, **forms)


def test_flush_plans_as_before() -> None:
    rng = random.Random(31)
    for _ in range(20_000):
        counts, melds = _random_part(rng)
        shown = []
        for _ in range(melds):
            kind = rng.choice([0, 4, 9, 15, 20, 27, 31]) if rng.random() < 0.8 else rng.randrange(34)
            if kind < 27 and kind % 9 < 7 and rng.random() < 0.5:
                shown.append(ShownMeld(MeldType.CHI, (kind, kind + 1, kind + 2), 1))
            else:
                shown.append(ShownMeld(rng.choice([MeldType.PON, MeldType.ANKAN]), (kind,) * 3, 2))
        honors = rng.random() < 0.8
        assert flush_plans(counts, shown, honors=honors) == ref.flush_plans(counts, shown, honors=honors)


def test_chance_to_complete_carried_on_as_computed_afresh() -> None:
    from jantaku.engine.bots.efficiency import _complete_within

    rng = random.Random(32)
    steps = [tuple(round(rng.uniform(0.01, 0.85), 3) for _ in range(rng.randrange(0, 5))) for _ in range(40)]
    for _ in range(5_000):  # the same steps asked with more and fewer draws, in any order
        step, draws, hazard = rng.choice(steps), rng.randrange(0, 41), rng.choice([0.0, 0.03, 0.08])
        assert _complete_within(step, draws, hazard) == ref.complete_within(step, draws, hazard)
