"""Views built fast and from kept parts are the views built afresh.

The engine builds every seat's view after every decision, so :meth:`Table.view` keeps parts
between decisions (seat entries, ponds, the variants' constant facts) and makes its records with
:func:`frozen_builder`'s constructors.  Here a table that has built views all along is compared,
at every decision of random play, with a table that has just replayed the same hand and builds
its first view (nothing kept).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from jantaku.engine.actions import Action
from jantaku.engine.match import Match
from jantaku.engine.ruleset import get_ruleset, hand_seed
from jantaku.engine.rulesets.classical.view import ClassicalView
from jantaku.engine.rulesets.hongkong.view import HongKongView
from jantaku.engine.rulesets.riichi.view import RiichiView
from jantaku.engine.rulesets.sichuan.view import SichuanView
from jantaku.engine.table import Table
from jantaku.engine.views import DiscardView, SeatView, View, frozen_builder

VARIANTS = ("basic", "riichi", "classical", "hongkong", "sichuan")
VIEWERS = (0, 1, 2, 3, None)


def fresh_table(match: Match, decisions: list[tuple[int, Action]]) -> Table:
    """The hand in play rebuilt from its seed and decisions: a table that has built no view yet."""
    wall = match.walls.get(match.hand_index)
    table = match.ruleset.new_table(
        seed=hand_seed(match.seed, match.hand_index), context=match.context, wall=wall.copy() if wall else None
    )
    for seat, action in decisions:
        table.act(seat, action)
    return table


def random_play(variant: str, seed: int, hands: int):
    """Random legal moves, every seat's view built before each decision (as the benchmark and a host
    do); yields the match and the decisions of the hand in play before each decision."""
    match = Match(get_ruleset(variant), seed)
    rng = random.Random(seed)
    decisions: list[tuple[int, Action]] = []
    while not match.is_over and match.hand_index < hands:
        pending = match.pending()
        if match.phase == "play":
            yield match, decisions
        for s in VIEWERS:
            match.view(s)
        seat = min(pending)
        action = rng.choice(pending[seat])
        match.act(seat, action)
        decisions = decisions + [(seat, action)]
        if match.phase == "between":
            yield match, decisions  # the finished hand, once
            while match.phase == "between":
                pending = match.pending()
                match.act(min(pending), pending[min(pending)][0])
            decisions = []


@pytest.mark.parametrize("variant", VARIANTS)
def test_views_kept_between_decisions_are_the_fresh_ones(variant):
    checked = 0
    for match, decisions in random_play(variant, seed=11, hands=1):
        if match.phase == "between":
            continue  # the table of a finished hand: compared at its last decision below
        table = match.table
        fresh = fresh_table(match, decisions)
        info = match.info()
        for viewer in VIEWERS:
            assert table.view(viewer, match=info) == fresh.view(viewer, match=info), (viewer, len(decisions))
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_finished_hands_views_are_the_fresh_ones(variant):
    for match, decisions in random_play(variant, seed=5, hands=3):
        table = match.table
        if not table.is_over:
            continue
        fresh = fresh_table(match, decisions)
        for viewer in VIEWERS:
            assert table.view(viewer) == fresh.view(viewer)


def test_a_hand_arranged_between_two_views_is_seen():
    """Tests and tools set tables up directly: the next view follows, kept parts or not."""
    table = get_ruleset("riichi").new_table(seed=3)
    before = table.view(1)
    player = table.players[1]
    player.concealed[0], player.concealed[1] = player.concealed[1], table.wall.live[0]
    after = table.view(1)
    assert after != before and after.players[1].concealed == tuple(sorted(player.concealed))


def records_of(variant: str) -> list[object]:
    """View records of random play in ``variant``: views, seat entries, discards, extensions."""
    out: list[object] = []
    for match, _ in random_play(variant, seed=2, hands=1):
        view = match.view(match.table.turn_seat)
        out += [view, *view.players, *(d for p in view.players for d in p.discards)]
        if view.extension is not None:
            out.append(view.extension)
    return out


@pytest.mark.parametrize("variant", ("riichi", "classical", "hongkong", "sichuan"))
def test_the_fast_constructors_make_the_dataclasses_own_records(variant):
    seen: set[type] = set()
    builders: dict[type, Any] = {}
    for record in records_of(variant):
        cls = type(record)
        values = [getattr(record, f.name) for f in dataclasses.fields(record)]  # type: ignore[arg-type]
        if cls not in builders:
            builders[cls] = frozen_builder(cls)
        built = builders[cls](*values)
        plain = cls(*values)
        assert type(built) is cls and built == plain == record
        if not isinstance(record, View):  # a finished hand's view holds the result's maps
            assert hash(built) == hash(plain)
        assert repr(built) == repr(plain)
        with pytest.raises(dataclasses.FrozenInstanceError):
            built.__setattr__(dataclasses.fields(record)[0].name, None)  # type: ignore[arg-type]
        seen.add(cls)
    assert {View, SeatView, DiscardView} <= seen
    assert seen & {RiichiView, ClassicalView, HongKongView, SichuanView}


def test_a_class_the_fast_constructor_cannot_build_is_refused():
    @dataclasses.dataclass(frozen=True)
    class Unslotted:
        a: int

    with pytest.raises(TypeError):
        frozen_builder(Unslotted)
