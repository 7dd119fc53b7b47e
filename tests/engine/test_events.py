"""The event kinds: each one's wire form for its own seat and for the others, and the codec."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jantaku.engine.events import (
    GENERIC_EVENTS,
    BonusEvent,
    CallEvent,
    DealEvent,
    DiscardEvent,
    DrawEvent,
    Event,
    HandEndEvent,
    HandStartEvent,
    KongEvent,
    LeaveEvent,
    MatchEndEvent,
    PaymentEvent,
    UnknownEvent,
    WinEvent,
    decode_event,
    event_kinds,
)
from jantaku.engine.match import Match
from jantaku.engine.ruleset import get_ruleset, ruleset_names
from jantaku.engine.rulesets.classical.events import HandScoresEvent
from jantaku.engine.rulesets.hongkong.events import LiabilityEvent
from jantaku.engine.rulesets.riichi.events import DoraEvent, RiichiEvent
from jantaku.engine.rulesets.sichuan.events import ExchangeChosenEvent, ExchangeEvent, VoidChosenEvent, VoidsEvent

MELD = {"type": "pon", "tiles": [8, 9, 10], "claimed": 8, "from": 3, "added": None}
SCORE = {"total": 8000, "items": [{"name": "Riichi", "value": 1}]}

# (event, its wire form for everyone, the fields only its own seat also sees)
CASES: list[tuple[Event, dict, dict]] = [
    (
        HandStartEvent(dealer=1, round_wind=0, hand_number=2, dice=[3, 4], scores=[1, 2, 3, 4]),
        {
            "type": "hand_start",
            "seat": None,
            "dealer": 1,
            "round_wind": 0,
            "hand_number": 2,
            "dice": [3, 4],
            "scores": [1, 2, 3, 4],
        },
        {},
    ),
    (
        DealEvent(seat=2, count=13, tiles=list(range(13))),
        {"type": "deal", "seat": 2, "count": 13},
        {"tiles": list(range(13))},
    ),
    (
        DrawEvent(seat=0, replacement=True, wall=40, tile=77),
        {"type": "draw", "seat": 0, "replacement": True, "wall": 40},
        {"tile": 77},
    ),
    (BonusEvent(seat=3, tile=137), {"type": "bonus", "seat": 3, "tile": 137}, {}),
    (
        DiscardEvent(seat=1, tile=8, tsumogiri=False, riichi=True),
        {"type": "discard", "seat": 1, "tile": 8, "tsumogiri": False, "riichi": True},
        {},
    ),
    (CallEvent(seat=0, meld=MELD, discarder=3), {"type": "call", "seat": 0, "meld": MELD, "from": 3}, {}),
    (KongEvent(seat=0, meld=MELD), {"type": "kong", "seat": 0, "meld": MELD}, {}),
    (KongEvent(seat=0, meld=MELD, held=True), {"type": "kong", "seat": 0, "meld": MELD, "held": True}, {}),
    (KongEvent(seat=0, meld=MELD, opening=True), {"type": "kong", "seat": 0, "meld": MELD, "opening": True}, {}),
    (
        WinEvent(
            seat=2, tile=8, discarder=None, score=SCORE, payments={0: -1, 2: 1}, hand=[8, 9], melds=[MELD], bonus=[]
        ),
        {
            "type": "win",
            "seat": 2,
            "tile": 8,
            "discarder": None,
            "score": SCORE,
            "payments": {0: -1, 2: 1},
            "hand": [8, 9],
            "melds": [MELD],
            "bonus": [],
        },
        {},
    ),
    (LeaveEvent(seat=2), {"type": "leave", "seat": 2}, {}),
    (
        PaymentEvent(reason="kong", deltas={0: 2, 1: -2}),
        {"type": "payment", "seat": None, "reason": "kong", "deltas": {0: 2, 1: -2}},
        {},
    ),
    (
        HandEndEvent(
            kind="draw",
            reason=None,
            wins=[],
            deltas=[0, 0, 0, 0],
            details=[],
            hands=[[1], [2], [3], [4]],
            flags={"tenpai": [0]},
        ),
        {
            "type": "hand_end",
            "seat": None,
            "kind": "draw",
            "reason": None,
            "wins": [],
            "deltas": [0, 0, 0, 0],
            "details": [],
            "hands": [[1], [2], [3], [4]],
            "flags": {"tenpai": [0]},
        },
        {},
    ),
    (
        MatchEndEvent(scores=[1, 2, 3, 4], standings=[{"seat": 0}]),
        {"type": "match_end", "seat": None, "scores": [1, 2, 3, 4], "standings": [{"seat": 0}]},
        {},
    ),
    (
        MatchEndEvent(scores=[1, 2, 3, 4], standings=[], stopped="time limit"),
        {"type": "match_end", "seat": None, "scores": [1, 2, 3, 4], "standings": [], "stopped": "time limit"},
        {},
    ),
    (DoraEvent(indicator=130), {"type": "dora", "seat": None, "indicator": 130}, {}),
    (RiichiEvent(seat=1, double=False), {"type": "riichi", "seat": 1, "double": False}, {}),
    (
        LiabilityEvent(seat=3, winner=0, hand="big three dragons", fed=True),
        {"type": "liability", "seat": 3, "winner": 0, "hand": "big three dragons", "fed": True},
        {},
    ),
    (HandScoresEvent(scores={1: SCORE}), {"type": "hand_scores", "seat": None, "scores": {1: SCORE}}, {}),
    (
        HandScoresEvent(scores={1: SCORE}, dangerous=False),
        {"type": "hand_scores", "seat": None, "scores": {1: SCORE}, "dangerous": False},
        {},
    ),
    (ExchangeChosenEvent(seat=1, tiles=[0, 4, 8]), {"type": "exchange_chosen", "seat": 1}, {"tiles": [0, 4, 8]}),
    (
        ExchangeEvent(seat=1, offset=2, gave=[0, 4, 8], received=[40, 44, 48]),
        {"type": "exchange", "seat": 1, "offset": 2},
        {"gave": [0, 4, 8], "received": [40, 44, 48]},
    ),
    (VoidChosenEvent(seat=0, suit="p"), {"type": "void_chosen", "seat": 0}, {"suit": "p"}),
    (VoidsEvent(voids=["m", "p", "s", "m"]), {"type": "voids", "seat": None, "voids": ["m", "p", "s", "m"]}, {}),
]


def test_every_kind_has_a_case():
    assert {type(e) for e, _, _ in CASES} == set(event_kinds().values())
    assert set(GENERIC_EVENTS) <= set(event_kinds().values())


@pytest.mark.parametrize("event, public, own", CASES, ids=lambda x: getattr(x, "type", ""))
def test_wire_form_for_each_viewer(event, public, own):
    for viewer in (0, 1, 2, 3, None):
        expected = {**public, **own} if viewer == event.seat and viewer is not None else public
        assert event.for_seat(viewer) == expected
    assert event.open_wire() == {**public, **own}
    assert event.data == {k: v for k, v in public.items() if k not in ("type", "seat")}
    assert event.private == (own or None) or (event.private == {} and not own)


@pytest.mark.parametrize("event, public, own", CASES, ids=lambda x: getattr(x, "type", ""))
def test_decoding_gives_the_event_back_and_hides_what_was_cut(event, public, own):
    assert decode_event(event.open_wire()) == event
    if event.seat is not None:
        assert decode_event(event.for_seat(event.seat)) == event
    hidden = decode_event(event.for_seat(None))
    assert type(hidden) is type(event) and hidden.for_seat(None) == public
    assert all(getattr(hidden, key) is None for key in own)


def test_events_are_frozen_and_slotted():
    event = DrawEvent(seat=0, replacement=False, wall=3, tile=5)
    with pytest.raises(AttributeError):
        event.tile = 6  # type: ignore[misc]
    assert not hasattr(event, "__dict__")


def test_an_unknown_type_decodes_to_an_unknown_event_that_keeps_its_fields():
    wire = {"type": "tile_swap", "seat": 2, "tiles": [0, 4], "count": 2}
    event = decode_event(wire)
    assert isinstance(event, UnknownEvent) and event.type_name == "tile_swap" and event.for_seat(0) == wire


@pytest.mark.parametrize(
    "wire",
    [
        None,
        [],
        {"seat": 1},
        {"type": 5},
        {"type": "draw", "seat": "one", "replacement": False, "wall": 1},
        {"type": "draw", "seat": True, "replacement": False, "wall": 1},
        {"type": "draw", "seat": 1, "wall": 1},
        {"type": "call", "seat": 0, "meld": MELD},  # "from" is missing
    ],
)
def test_malformed_wire_events_are_value_errors(wire):
    with pytest.raises(ValueError):
        decode_event(wire)


def test_the_engine_emits_kinds_and_the_wire_keeps_its_shape():
    table = get_ruleset("basic").new_table(seed=4)
    kinds = [type(e) for e in table.events]
    assert kinds[:5] == [HandStartEvent, DealEvent, DealEvent, DealEvent, DealEvent]
    deal = table.events[1]
    assert set(deal.for_seat(deal.seat)) == {"type", "seat", "count", "tiles"}
    assert set(deal.for_seat((deal.seat + 1) % 4)) == {"type", "seat", "count"}


# --- no event shown to a seat carries a tile another seat holds concealed ------------------------------

TILE_KEYS = {"tile", "tiles", "gave", "received", "indicator", "hand", "hands", "bonus", "added", "claimed"}


def tiles_in(obj, key=None) -> set[int]:
    found: set[int] = set()
    if isinstance(obj, dict):
        for k, v in obj.items():
            found |= tiles_in(v, k) if k not in TILE_KEYS else {t for t in _ints(v) if t >= 0}
    elif isinstance(obj, list):
        for item in obj:
            found |= tiles_in(item, key)
    return found


def _ints(obj) -> list[int]:
    if isinstance(obj, bool):
        return []
    if isinstance(obj, int):
        return [obj]
    if isinstance(obj, (list, tuple)):
        return [i for x in obj for i in _ints(x)]
    if isinstance(obj, dict):
        return [i for x in obj.values() for i in _ints(x)]
    return []


@given(st.sampled_from(ruleset_names()), st.integers(0, 2**32 - 1))
@settings(max_examples=25, deadline=None)
def test_no_event_for_a_seat_carries_another_seats_concealed_tile(ruleset, seed):
    rng = random.Random(seed)
    match = Match(get_ruleset(ruleset), seed)  # the first few hundred decisions: a hand or two
    events = list(match.table.events)
    for _ in range(400):
        table = match.table
        for event in events:
            if isinstance(event, HandEndEvent):  # the hand is over: every hand is shown
                continue
            for viewer in range(4):
                # a winner shows its hand; everyone else's concealed tiles stay hidden from the viewer
                others = {s for s in range(4) if s != viewer and not (isinstance(event, WinEvent) and s == event.seat)}
                secret = {t for s in others for t in table.players[s].concealed}
                wire = decode_event(event.for_seat(viewer)).for_seat(viewer)
                assert not tiles_in(wire) & secret, (event, viewer)
        pending = match.pending()
        if match.is_over or not pending:
            break
        seat = rng.choice(sorted(pending))
        events = match.act(seat, rng.choice(list(pending[seat])))
        if match.is_over:
            break
