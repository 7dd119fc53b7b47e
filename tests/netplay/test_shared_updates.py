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
