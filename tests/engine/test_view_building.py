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

from jantaku.engine.actions import Action, ActionType, Pass
from jantaku.engine.bots import get_bot
from jantaku.engine.events import DiscardEvent, DrawEvent
from jantaku.engine.match import Match
from jantaku.engine.ruleset import get_ruleset, hand_seed
from jantaku.engine.rulesets.classical.view import ClassicalView
from jantaku.engine.rulesets.hongkong.view import HongKongView
from jantaku.engine.rulesets.riichi.context import RiichiHandContext
from jantaku.engine.rulesets.riichi.view import RiichiView
from jantaku.engine.rulesets.sichuan.view import SichuanView
from jantaku.engine.table import Table
from jantaku.engine.views import DiscardView, SeatView, View, frozen_builder

VARIANTS = ("basic", "riichi", "classical", "hongkong", "sichuan")
VIEWERS = (0, 1, 2, 3, None)
EAGER = {ActionType.RIICHI, ActionType.ANKAN, ActionType.KAKAN, ActionType.KAN, ActionType.RON}


def fresh_table(match: Match, decisions: list[tuple[int, Action]]) -> Table:
    """The hand in play rebuilt from its seed and decisions: a table that has built no view yet."""
    wall = match.walls.get(match.hand_index)
    table = match.ruleset.new_table(
        seed=hand_seed(match.seed, match.hand_index), context=match.context, wall=wall.copy() if wall else None
    )
    for seat, action in decisions:
        table.act(seat, action)
    return table


BOT = get_bot("easy")


def choose(match: Match, seat: int, actions: tuple[Action, ...], rng: random.Random) -> Action:
    """Random, but eager for what changes a view most (riichi, kongs, wins), mostly passing on calls
    and otherwise often discarding as a bot would (so closed hands get ready and declare)."""
    eager = [a for a in actions if a.type in EAGER]
    if eager and rng.random() < 0.7:
        return rng.choice(eager)
    if Pass() in actions and rng.random() < 0.7:
        return Pass()
    if match.phase == "play" and rng.random() < 0.6:
        return BOT.choose(match.view(seat), actions)
    return rng.choice(actions)


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
        action = choose(match, seat, pending[seat], rng)
        match.act(seat, action)
        decisions = decisions + [(seat, action)]
        if match.phase == "between":
            yield match, decisions  # the finished hand, once
            while match.phase == "between":
                pending = match.pending()
                match.act(min(pending), pending[min(pending)][0])
            decisions = []


# what the compared views went through (the seed is chosen so: each changes what a view keeps)
COVERED = {
    "basic": {"chi", "pon", "kan", "ankan", "kakan"},
    "riichi": {"chi", "pon", "kan", "ankan", "riichi", "kan dora"},
    "classical": {"chi", "kan", "bonus"},
    "hongkong": {"chi", "kan", "bonus"},
    "sichuan": {"pon", "kan", "out"},
}


@pytest.mark.parametrize("variant", VARIANTS)
def test_views_kept_between_decisions_are_the_fresh_ones(variant):
    checked = 0
    seen: set[str] = set()  # what changed in the views compared
    for match, decisions in random_play(variant, seed=8, hands=2):
        if match.phase == "between":
            continue  # the table of a finished hand: compared at its last decision below
        table = match.table
        fresh = fresh_table(match, decisions)
        info = match.info()
        for viewer in VIEWERS:
            view = table.view(viewer, match=info)
            assert view == fresh.view(viewer, match=info), (viewer, len(decisions))
        seen |= {m.type.value for p in view.players for m in p.melds}
        seen |= {"out"} if any(p.out for p in view.players) else set()
        seen |= {"bonus"} if any(p.bonus for p in view.players) else set()
        if isinstance(view.extension, RiichiView):
            seen |= {"riichi"} if any(view.extension.riichi) else set()
            seen |= {"kan dora"} if len(view.extension.dora_indicators) > 1 else set()
        checked += 1
    assert checked > 20
    assert seen >= COVERED[variant], seen


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
    """Records of random play in ``variant``: views, seat entries, discards, extensions, events."""
    out: list[object] = []
    for match, _ in random_play(variant, seed=2, hands=1):
        view = match.view(match.table.turn_seat)
        out += [view, *view.players, *(d for p in view.players for d in p.discards)]
        if view.extension is not None:
            out.append(view.extension)
        out += [e for e in match.table.events[-2:] if isinstance(e, (DiscardEvent, DrawEvent))]  # fast-built
    return out


@pytest.mark.parametrize("variant", ("riichi", "classical", "hongkong", "sichuan"))
def test_the_fast_constructors_make_the_dataclasses_own_records(variant):
    seen: set[type] = set()
    builders: dict[type, Any] = {}
    for record in records_of(variant):
        cls = type(record)
        names = [f.name for f in dataclasses.fields(record)]  # type: ignore[arg-type]
        values = [getattr(record, name) for name in names]
        if cls not in builders:
            builders[cls] = frozen_builder(cls)
        built = builders[cls](*values)
        plain = cls(**dict(zip(names, values)))
        assert type(built) is cls and built == plain == record
        if not isinstance(record, View):  # a finished hand's view holds the result's maps
            assert hash(built) == hash(plain)
        assert repr(built) == repr(plain)
        with pytest.raises(dataclasses.FrozenInstanceError):
            built.__setattr__(dataclasses.fields(record)[0].name, None)  # type: ignore[arg-type]
        seen.add(cls)
    assert {View, SeatView, DiscardView, DiscardEvent, DrawEvent} <= seen
    assert seen & {RiichiView, ClassicalView, HongKongView, SichuanView}


def test_a_class_the_fast_constructor_cannot_build_is_refused():
    @dataclasses.dataclass(frozen=True)
    class Unslotted:
        a: int

    with pytest.raises(TypeError):
        frozen_builder(Unslotted)


@pytest.mark.parametrize(
    "change, shows",
    [
        (lambda t: setattr(t.seats[2], "declaring", True), lambda e: e.riichi[2]),
        (lambda t: setattr(t.seats[3], "riichi", True), lambda e: e.riichi[3]),
        (lambda t: setattr(t, "riichi_sticks", 2), lambda e: e.table_sticks == 2),
        (lambda t: setattr(t, "dora_revealed", 2), lambda e: len(e.dora_indicators) == 2),
        (lambda t: setattr(t.seats[0], "temporary_furiten", True), lambda e: e.furiten),
        (lambda t: setattr(t.seats[0], "waits", frozenset({3})), lambda e: e.waits == (3,)),
        (lambda t: setattr(t.seats[0], "no_yaku", True), lambda e: e.no_yaku),
        (
            lambda t: setattr(t, "context", RiichiHandContext(honba=2, sticks=1)),
            lambda e: (e.honba, e.sticks) == (2, 1),
        ),
    ],
)
def test_a_riichi_extension_kept_between_views_follows_what_it_shows(change, shows):
    table = get_ruleset("riichi").new_table(seed=3)
    before = table.view(0).extension
    change(table)
    after = table.view(0).extension
    assert not shows(before) and shows(after)
