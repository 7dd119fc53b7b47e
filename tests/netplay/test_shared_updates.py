"""The host builds one decision's updates from a public part made once (``TableUpdate``):
every recipient must get exactly what :func:`update_message` says it sees, decision by decision."""

from __future__ import annotations

import random

import msgpack
import pytest

from jantaku.engine.match import Match
from jantaku.engine.ruleset import get_ruleset
from jantaku.netplay.views import PackedSeats, TableUpdate, update_message

VARIANTS = ("basic", "classical", "hongkong", "riichi", "sichuan")


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("see_hands", [False, True])
def test_every_recipient_gets_what_update_message_says_it_sees(variant, see_hands):
    rng = random.Random(variant)
    match = Match(get_ruleset(variant), seed=rng.getrandbits(32))
    events: list = list(match.table.events)
    phases, seats = set(), PackedSeats()  # kept from decision to decision, as a table keeps it
    prompt = {"id": 1, "kind": "turn", "actions": [], "labels": [], "deadline": None}
    for _ in range(160):  # a hand and the start of the next where the hand is short
        update = TableUpdate(7, match, events, see_hands=see_hands, seats=seats)
        for seat in (None, 0, 1, 2, 3):
            given = prompt if seat == match.table.turn_seat else None
            want = update_message(7, match, seat, events, given, see_hands=see_hands)
            got = msgpack.unpackb(update.packed_for(seat, given), strict_map_key=False)
            assert got == want, f"{variant}: seat {seat} after {len(match.record().decisions)} decisions"
        phases.add(match.phase)
        if match.is_over:
            break
        seat, actions = min(match.pending().items())
        events = match.act(seat, rng.choice(actions))
    assert "between" in phases  # a hand's end (every hand shown) was among them


@pytest.mark.parametrize("variant", ["classical", "riichi"])
def test_the_wire_keeps_protocol_1s_counters(variant):
    """docs/protocol.md section 10: riichi's counters moved into the riichi view in the engine; a
    protocol 1 client still finds ``honba``/``sticks`` in every view and in ``hand_start``."""
    from jantaku.engine.rulesets.riichi.context import RiichiHandContext

    match = Match(get_ruleset(variant), 3)
    if variant == "riichi":
        match.table.context = RiichiHandContext(dealer=0, scores=(25000,) * 4, honba=2, sticks=1)
    for seat in (None, 0):
        message = update_message(1, match, seat, match.table.events, None)
        want = (2, 1) if variant == "riichi" else (0, 0)
        assert (message["view"]["honba"], message["view"]["sticks"]) == want
        start = next(e for e in message["events"] if e["type"] == "hand_start")
        assert (start["honba"], start["sticks"]) == want
        packed = TableUpdate(1, match, match.table.events).packed_for(seat, None)
        assert msgpack.unpackb(packed, strict_map_key=False) == message
