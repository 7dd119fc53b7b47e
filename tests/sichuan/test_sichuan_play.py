"""Whole Sichuan hands and matches with random decisions: every rule holds at every step."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from jantaku.engine.actions import ActionType
from jantaku.engine.match import Match, MatchRecord
from jantaku.engine.ruleset import get_ruleset
from jantaku.engine.rulesets.sichuan.ruleset import next_dealer
from jantaku.engine.tiles import full_tile_set, kind_of, suit_of

from ..engine.helpers import other_concealed, random_choice
from ..engine.test_table import tile_ids_in

CLAIMS_OF_A_SUIT = (ActionType.PON, ActionType.KAN, ActionType.ANKAN, ActionType.KAKAN)


def step(match, rng):
    pending = match.pending()
    seat = rng.choice(sorted(pending))
    # sorted by notation: equal sort keys (the void choices) must not depend on set order
    action = random_choice(rng, sorted(pending[seat], key=str))
    return match.act(seat, action)


def check_table(match):
    table = match.table
    assert sorted(table.tile_locations()) == full_tile_set(honors=False)
    assert sum(table.deltas) == 0
    assert table.ledger.balances() == dict(enumerate(table.deltas))
    pending = table.pending()
    for seat, player in enumerate(table.players):
        if player.out:
            assert seat not in pending
            continue
        size = len(player.concealed) + 3 * len(player.melds)
        holding = (table.phase == "turn" and table.turn_seat == seat) or (
            table.phase == "setup" and seat == table.context.dealer
        )
        assert size == (14 if holding else 13)
    for seat, actions in pending.items():
        void = table.voids[seat]
        assert not any(a.type in CLAIMS_OF_A_SUIT and suit_of(kind_of(a.tile)) == void for a in actions)
        if table.phase == "turn" and any(suit_of(kind_of(t)) == void for t in table.players[seat].concealed):
            assert all(suit_of(kind_of(a.tile)) == void for a in actions if a.type is ActionType.DISCARD)
    shown = {t for p in table.players if p.out for t in p.concealed}  # a winner shows the hand
    for seat in range(4):
        hidden = (other_concealed(table, seat) - shown) | set(table.wall.live_tiles())
        assert not tile_ids_in(match.view(seat)) & hidden
    if table.phase == "setup":
        assert all(v is None for s, v in enumerate(match.view(0)["voids"]) if s != 0)


def check_result(table):
    result = table.result
    assert sum(result.deltas) == 0 and len(result.wins) <= 3
    for win in result.wins:
        tiles = win.hand + [t for m in win.melds for t in m["tiles"]]
        assert all(suit_of(kind_of(t)) != table.voids[win.seat] for t in tiles)
    # a seat pays nothing from the moment it has won
    won_at = {}
    for i, event in enumerate(table.events):
        if event.type == "win":
            won_at.setdefault(event.seat, i)
        elif event.type == "payment":
            assert all(delta >= 0 for seat, delta in event.data["deltas"].items() if seat in won_at)
    assert all(d["payer"] not in won_at for d in result.details)


@given(st.integers(0, 2**32 - 1), st.sampled_from(["sbr", "chengdu"]))
@settings(max_examples=40)
def test_random_hands_keep_every_rule(seed, preset):
    rng = random.Random(seed)
    match = Match(get_ruleset("sichuan", preset, {"hands": 1}), seed)
    check_table(match)
    steps = 0
    while match.phase == "play":
        step(match, rng)
        steps += 1
        if match.phase == "play":
            check_table(match)
        assert steps < 1000
    check_result(match.table)


@given(st.integers(0, 2**32 - 1))
@settings(max_examples=15)
def test_a_match_replays_exactly_and_rotates_the_deal(seed):
    rng = random.Random(seed)
    match = Match(get_ruleset("sichuan", "chengdu", {"hands": 3}), seed)
    dealers = [match.table.context.dealer]
    while not match.is_over:
        hand = match.hand_index
        step(match, rng)
        if match.hand_index != hand:
            dealers.append(match.table.context.dealer)
    assert len(match.results) == len(dealers) == 3
    assert dealers[1:] == [next_dealer(d, r.wins) for d, r in zip(dealers, match.results[:2])]
    assert sum(match.scores) == 0
    again = Match.replay(MatchRecord.from_wire(match.record().to_wire()))
    assert [again.view(s) for s in (0, 1, 2, 3, None)] == [match.view(s) for s in (0, 1, 2, 3, None)]
