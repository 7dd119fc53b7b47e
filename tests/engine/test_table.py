"""Invariants of the table machine over many random hands (basic ruleset)."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from jantaku.engine.actions import Action, DeclareVoid, Discard, IllegalAction, Pass, Ron, Tsumo
from jantaku.engine.match import Match, MatchRecord
from jantaku.engine.ruleset import get_ruleset
from jantaku.engine.tiles import full_tile_set
from jantaku.engine.views import View, view_to_wire

from .helpers import other_concealed, step_random


def tile_ids_in(obj, out=None):
    """Every int that sits in a tile-carrying field of a view."""
    out = set() if out is None else out
    if isinstance(obj, View):
        obj = view_to_wire(obj)
    if isinstance(obj, dict):
        for key, value in obj.items():
            if key == "discards":
                out.update(d[0] for d in value)  # [tile, tsumogiri, riichi, claimed_by]
            elif key == "last_discard":
                _ints(value[1:] if value else value, out)  # [seat, tile]
            elif key in (
                "tiles",
                "tile",
                "concealed",
                "drawn",
                "hand",
                "bonus",
                "hands",
                "added",
                "claimed",
                "dora_indicators",
            ):
                _ints(value, out)
            else:
                tile_ids_in(value, out)
    elif isinstance(obj, list):
        for v in obj:
            tile_ids_in(v, out)
    return out


def _ints(value, out):
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        out.add(value)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _ints(v, out)
    elif isinstance(value, dict):
        for v in value.values():
            _ints(v, out)


def check_invariants(match):
    table = match.table
    where = table.tile_locations()
    assert sorted(where) == sorted(full_tile_set(bonus=table.bonus_tiles, honors=table.honors))
    for seat, p in enumerate(table.players):
        size = len(p.concealed) + 3 * len(p.melds)
        holding_turn = table.phase == "turn" and table.turn_seat == seat
        if p.out:
            continue
        if table.phase == "over":
            assert size in (13, 14)
        else:
            assert size == (14 if holding_turn else 13), (table.phase, seat, size)
    if table.phase != "over":
        for seat in range(4):
            view = match.view(seat)
            hidden = (
                other_concealed(table, seat) | set(table.wall.live_tiles()) | set(table.wall.untaken_dead())
            ) - set(view.get("dora_indicators", []))
            visible = tile_ids_in(view)
            assert not (visible & hidden), f"seat {seat} sees hidden tiles {visible & hidden}"
        spectator = tile_ids_in(match.view(None))
        assert not (spectator & other_concealed(table, None))


@given(st.integers(0, 2**32 - 1))
@settings(max_examples=150)
def test_random_hands_keep_every_invariant(seed):
    rng = random.Random(seed)
    match = Match(get_ruleset("basic", options={"hands": 2}), seed)
    check_invariants(match)
    steps = 0
    while not match.is_over:
        seat, action, events = step_random(match, rng)
        steps += 1
        if match.phase == "play":
            check_invariants(match)
        for e in events:
            for viewer in range(4):
                seen = e.for_seat(viewer)
                if e.type in ("draw", "deal") and viewer != e.seat:
                    assert "tile" not in seen and "tiles" not in seen
        assert steps < 2000
    assert sum(match.scores) == 0


@given(st.integers(0, 2**32 - 1))
@settings(max_examples=40)
def test_illegal_actions_are_refused_and_change_nothing(seed):
    rng = random.Random(seed)
    match = Match(get_ruleset("basic", options={"hands": 1}), seed)
    while not match.is_over:
        pending = match.pending()
        before = [match.view(s) for s in range(4)]
        idle = [s for s in range(4) if s not in pending]
        bogus = [Discard(t) for t in range(0, 136, 7)]
        bogus += [Ron(5), Tsumo(5), Pass()]
        for seat in idle[:1] + sorted(pending)[:1]:
            for action in bogus:
                if action in pending.get(seat, ()):
                    continue
                with pytest.raises(IllegalAction):
                    match.act(seat, action)
        assert [match.view(s) for s in range(4)] == before
        step_random(match, rng)


@given(st.integers(0, 2**32 - 1))
@settings(max_examples=25)
def test_replaying_a_record_reproduces_every_view(seed):
    rng = random.Random(seed)
    match = Match(get_ruleset("basic", options={"hands": 2}), seed)
    checkpoints = {}
    while not match.is_over:
        step_random(match, rng)
        n = len(match.record().decisions)
        if rng.random() < 0.05:
            checkpoints[n] = [match.view(s) for s in (0, 1, 2, 3, None)]
    wire = match.record().to_wire()
    again = Match.replay(MatchRecord.from_wire(wire))
    assert [again.view(s) for s in (0, 1, 2, 3, None)] == [match.view(s) for s in (0, 1, 2, 3, None)]
    assert again.scores == match.scores
    for n, views in list(checkpoints.items())[:3]:
        partial = Match.replay(MatchRecord.from_wire(wire), upto=n)
        assert [partial.view(s) for s in (0, 1, 2, 3, None)] == views


def test_same_seed_same_wall_different_seed_different_wall():
    rs = get_ruleset("basic")
    assert rs.new_table(seed=1).wall.live == rs.new_table(seed=1).wall.live
    assert rs.new_table(seed=1).wall.live != rs.new_table(seed=2).wall.live


def test_corrupt_record_is_refused_clearly():
    with pytest.raises(ValueError, match="not a jantaku match record"):
        MatchRecord.from_wire({"version": 99})
    with pytest.raises(ValueError, match="corrupt"):
        MatchRecord.from_wire(
            {"version": 1, "ruleset": "basic", "preset": "default", "options": {}, "seed": 1, "decisions": [[0]]}
        )


def test_dealer_starts_with_fourteen_and_others_thirteen():
    table = get_ruleset("basic").new_table(seed=9)
    assert [len(p.concealed) for p in table.players] == [14, 13, 13, 13]
    assert set(table.pending()) == {0}


def test_a_stopped_match_ends_at_once_and_replays_to_the_same_end():
    rng = random.Random(3)
    match = Match(get_ruleset("basic"), 3)
    for _ in range(40):
        step_random(match, rng)
    scores = list(match.scores)
    events = match.stop("time limit")
    assert match.is_over and match.pending() == {} and match.scores == scores
    assert events[0].type == "match_end" and events[0].data["stopped"] == "time limit"
    with pytest.raises(IllegalAction):
        match.stop("again")
    again = Match.replay(MatchRecord.from_wire(match.record().to_wire()))
    assert again.is_over and again.stopped == "time limit" and again.scores == scores


def test_labels_follow_the_variants_red_fives():
    from jantaku.engine.rulesets.basic import BasicTable

    table = get_ruleset("basic").new_table(seed=1)
    assert table.red_fives is False
    assert table.label(Discard(16)) == "discard 5m"
    assert str(Discard(16)) == "discard 0m"
    assert BasicTable.red_fives is False


def test_void_choices_sort_by_suit():
    actions = [DeclareVoid(s) for s in "spm"]
    assert [a.suit for a in sorted(actions, key=Action.sort_key)] == ["m", "p", "s"]
