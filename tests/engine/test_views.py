"""The typed views and their one wire codec: round trips in every variant and phase, validation,
rule facts, and that no view shows a concealed tile it should not."""

from __future__ import annotations

import asyncio

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jantaku.engine.bots import get_bot
from jantaku.engine.bots.seat import SeatReading
from jantaku.engine.match import Match
from jantaku.engine.ruleset import get_ruleset
from jantaku.engine.rulesets.classical.view import ClassicalView
from jantaku.engine.rulesets.hongkong.view import HongKongView
from jantaku.engine.rulesets.riichi.view import RiichiView
from jantaku.engine.rulesets.sichuan.view import SichuanView
from jantaku.engine.views import (
    DiscardView,
    MeldView,
    RuleFacts,
    SeatView,
    View,
    ViewFormatError,
    view_from_wire,
    view_to_wire,
)
from jantaku.netplay.client import Client
from jantaku.netplay.protocol import pack

VARIANTS = ("basic", "riichi", "sichuan", "classical", "hongkong")
EXTENSIONS = {
    "basic": type(None),
    "riichi": RiichiView,
    "sichuan": SichuanView,
    "classical": ClassicalView,
    "hongkong": HongKongView,
}
VIEWERS = (0, 1, 2, 3, None)


def through_the_wire(view: View) -> View:
    return view_from_wire(msgpack.unpackb(msgpack.packb(view_to_wire(view)), strict_map_key=False))


def play(variant: str, seed: int, *, hands: int = 2, step=None):
    """A bot match of ``variant``, calling ``step(match)`` before every decision, for ``hands`` hands."""
    match = Match(get_ruleset(variant), seed)
    bot = get_bot("easy")
    while not match.is_over and match.hand_index < hands:
        if step is not None:
            step(match)
        seat, actions = next(iter(match.pending().items()))
        match.act(seat, bot.choose(match.view(seat), actions))
    if step is not None:
        step(match)
    return match


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_view_of_a_match_survives_the_codec(variant):
    phases = set()

    def check(match):
        for seat in VIEWERS:
            view = match.view(seat)
            phases.add((view.phase, view.match.phase))
            assert isinstance(view.extension, EXTENSIONS[variant])
            assert view_from_wire(view_to_wire(view)) == view
            assert through_the_wire(view) == view

    play(variant, seed=11, step=check)
    seen = {p for p, _ in phases}
    assert {"turn", "claim", "over"} <= seen, seen
    assert {m for _, m in phases} >= {"play", "between"}
    if variant == "sichuan":
        assert "setup" in seen


def test_a_finished_match_with_standings_survives_the_codec():
    match = play("basic", seed=5, hands=99)
    assert match.is_over
    for seat in VIEWERS:
        view = match.view(seat)
        assert view.match.standings and view.result is not None
        assert through_the_wire(view) == view


def test_the_wire_keeps_the_documented_shape():
    match = play("riichi", seed=3, hands=1)
    wire = view_to_wire(match.view(0))
    for key in (
        "variant",
        "seat",
        "phase",
        "turn",
        "dealer",
        "round_wind",
        "hand_number",
        "honba",
        "sticks",
        "scores",
        "wall",
        "players",
        "last_discard",
        "red_fives",
        "match",
        "dora_indicators",
        "riichi",
    ):
        assert key in wire
    player = wire["players"][1]
    assert set(player) >= {"seat", "wind", "concealed_count", "melds", "discards", "bonus", "out"}
    assert all(len(d) == 5 for d in player["discards"])
    assert wire["rules"]["red_fives"] is True and wire["extension"] == "riichi"


def test_unknown_fields_of_a_newer_host_are_kept():
    wire = view_to_wire(Match(get_ruleset("basic"), 1).view(0))
    view = view_from_wire({**wire, "kong_money": [1, 2]})
    assert view.unknown == (("kong_money", [1, 2]),)
    assert view_to_wire(view)["kong_money"] == [1, 2]


def test_an_older_host_without_rule_facts_or_discard_order_still_decodes():
    wire = view_to_wire(play("riichi", seed=2, hands=1).view(0))
    del wire["rules"], wire["extension"]  # the extension is then found by the variant's name
    for p in wire["players"]:
        p["discards"] = [d[:4] for d in p["discards"]]
    view = view_from_wire(wire)
    assert view.rules == RuleFacts(red_fives=True) and isinstance(view.extension, RiichiView)
    assert all(d.order is None for p in view.players for d in p.discards)


# --- malformed views -----------------------------------------------------------------------------


def _wire(variant: str = "riichi"):
    return view_to_wire(Match(get_ruleset(variant), 1).view(0))


@pytest.mark.parametrize(
    "edit, message",
    [
        (lambda w: w.pop("phase"), "phase: missing"),
        (lambda w: w.update(seat=7), "seat: expected a seat 0-3 or nil"),
        (lambda w: w.update(wall="many"), "wall: expected an integer"),
        (lambda w: w.update(players=w["players"][:3]), "players: expected four players"),
        (lambda w: w["players"][1].update(concealed_count=None), "players[1].concealed_count: expected an integer"),
        (lambda w: w["players"][2].update(discards=[[1, "yes", False, None, 0]]), "players[2].discards[0]"),
        (
            lambda w: w["players"][0]["melds"].append({"type": "trio", "tiles": [1, 2, 3]}),
            "players[0].melds[0].type: unknown meld type",
        ),
        (lambda w: w.update(riichi=[True]), "riichi: expected one value per seat"),
        (lambda w: w.update(dora_indicators="1m"), "dora_indicators: expected a list"),
        (lambda w: w.update(last_discard=[1]), "last_discard: expected [seat, tile]"),
        (lambda w: w.update(rules={"red_fives": "yes"}), "rules.red_fives: expected true or false"),
    ],
)
def test_a_malformed_view_gets_a_one_line_error(edit, message):
    wire = _wire()
    edit(wire)
    with pytest.raises(ViewFormatError) as caught:
        view_from_wire(wire)
    text = str(caught.value)
    assert text.startswith("malformed view: ") and message in text and "\n" not in text


@pytest.mark.parametrize("junk", [None, 3, "view", [], {"seat": 0}])
def test_junk_is_not_a_view(junk):
    with pytest.raises(ViewFormatError):
        view_from_wire(junk)


def test_a_void_that_is_no_suit_is_refused():
    wire = _wire("sichuan")
    wire["voids"] = ["m", "x", None, None]
    with pytest.raises(ViewFormatError, match="voids"):
        view_from_wire(wire)


async def test_the_client_turns_a_malformed_view_from_a_host_into_an_error_message():
    async def fake_host(reader, writer):
        await reader.read(4096)  # the hello
        writer.write(pack({"type": "welcome", "player": 1, "token": "t", "name": "ann"}))
        writer.write(
            pack({"type": "update", "table": 4, "seat": 0, "n": 0, "view": {"seat": 0}, "events": [], "prompt": None})
        )
        good = view_to_wire(Match(get_ruleset("basic"), 1).view(0))
        writer.write(
            pack({"type": "update", "table": 4, "seat": 0, "n": 1, "view": good, "events": [], "prompt": None})
        )
        await writer.drain()
        await reader.read(4096)

    server = await asyncio.start_server(fake_host, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    client = await Client.connect("127.0.0.1", port, "ann", ping_interval=None)
    try:
        bad = await client.next_message(timeout=60)
        assert bad["type"] == "error" and bad["code"] == "bad_view" and bad["table"] == 4
        assert bad["message"].startswith("malformed view: ")
        good = await client.next_message("update", timeout=60)
        assert isinstance(good["view"], View) and good["view"].variant == "basic"
    finally:
        await client.close()
        server.close()


# --- rule facts and variant facts ------------------------------------------------------------------


@pytest.mark.parametrize(
    "variant, options, red, pairs, chow, riichi, bonus",
    [
        ("riichi", None, True, True, True, True, False),
        ("riichi", {"aka_dora": False}, False, True, True, True, False),
        ("sichuan", None, False, True, False, False, False),
        ("classical", None, False, False, True, False, True),
        ("hongkong", None, False, False, True, False, True),
        ("basic", None, False, True, True, False, False),
    ],
)
def test_rule_facts_travel_in_the_view(variant, options, red, pairs, chow, riichi, bonus):
    rules = Match(get_ruleset(variant, options=options), 1).view(None).rules
    assert (rules.red_fives, rules.seven_pairs, rules.chow, rules.riichi, rules.bonus_tiles) == (
        red,
        pairs,
        chow,
        riichi,
        bonus,
    )
    assert rules.honors is (variant != "sichuan")


def test_sichuan_winners_are_listed_in_the_order_they_won():
    orders = []

    def watch(match):
        if match.phase == "play":
            facts = match.view(None).ext(SichuanView)
            if facts.winners and (not orders or orders[-1] != facts.winners):
                orders.append(facts.winners)

    play("sichuan", seed=4, hands=3, step=watch)
    assert orders and any(len(w) > 1 for w in orders)
    for earlier, later in zip(orders, orders[1:]):
        assert later[: len(earlier)] == earlier or len(later) < len(earlier)  # grows, or a new hand began


def test_bots_read_the_void_suits_the_view_shows():
    match = Match(get_ruleset("sichuan"), 6)
    bot = get_bot("easy")
    while match.table.phase == "setup":
        seat, actions = next(iter(match.pending().items()))
        match.act(seat, bot.choose(match.view(seat), actions))
    reading = SeatReading(match.view(0))
    voids = match.view(0).ext(SichuanView).voids
    assert all(v is not None for v in voids)
    assert {o.seat: o.void for o in reading.opponents} == {s: voids[s] for s in (1, 2, 3)}


# --- hidden information ----------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 2**16), data=st.data())
def test_views_round_trip_and_never_show_another_seats_concealed_tiles(variant, seed, data):
    match = Match(get_ruleset(variant), seed)
    for _ in range(data.draw(st.integers(0, 160), label="decisions")):
        if match.is_over or match.phase != "play":
            break
        seat, actions = next(iter(match.pending().items()))
        match.act(seat, data.draw(st.sampled_from(actions), label=f"seat {seat}"))
    table = match.table
    for viewer in VIEWERS:
        view = match.view(viewer)
        assert through_the_wire(view) == view
        if view.over:
            continue
        for p in view.players:
            if p.seat == viewer:
                assert p.concealed == tuple(sorted(p.concealed or ()))
                assert sorted(p.concealed) == sorted(table.players[p.seat].concealed)
            elif not p.out:
                assert p.concealed is None and p.drawn is None
                hidden = set(table.players[p.seat].concealed)
                wire = view_to_wire(view)
                shown = {t for q in wire["players"] for t in q.get("concealed", ())}
                assert not hidden & shown


def test_another_seats_concealed_kong_shows_face_down_ends():
    from jantaku.engine.melds import MeldType

    hidden = MeldView(MeldType.ANKAN, (-1, 5, 6, -1))
    view = SeatView(1, 1, 10, melds=(hidden,), discards=(DiscardView(3, order=0),))
    assert view.melds[0].known_tiles == (5, 6) and view.concealed_tiles == ()
