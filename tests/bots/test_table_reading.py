"""Reading the table: the discard order in every view, and the kinds a player has let pass.

``passed_since_change`` claims that a tile thrown since a player's hand last
changed is never one it can win on by a discard (tables offer every legal
win, bots take them).  Checked here against the true hands at every turn
(outside claim windows, where the tile just thrown has not passed yet) of
real hands, in the variants where it is exact.
"""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

from jantaku.engine.bots import get_bot
from jantaku.engine.bots.seat import SeatReading, passed_since_change
from jantaku.engine.ruleset import get_ruleset
from jantaku.engine.rulesets.classical.view import ClassicalView
from jantaku.engine.views import DiscardView, view_from_wire
from jantaku.engine.views import SeatView as ReadView


def _play_checking(variant: str, preset: str | None, seeds: range, check) -> None:
    rs = get_ruleset(variant, preset, None)
    bot = get_bot("easy")
    for seed in seeds:
        table = rs.new_table(seed=seed)
        for _ in range(2000):
            pending = table.pending()
            if not pending:
                break
            seat = min(pending)
            check(table, seat)
            table.act(seat, bot.choose(table.view(seat), pending[seat]))


def test_every_discard_has_its_place_in_the_hands_order():
    seen = []

    def check(table, seat):
        view = table.view(seat)
        orders = sorted(d[4] for p in view["players"] for d in p["discards"])
        assert orders == list(range(len(orders)))  # one place per discard, none skipped
        for p in view["players"]:
            own = [d[4] for d in p["discards"]]
            assert own == sorted(own)
        seen.append(len(orders))

    _play_checking("riichi", None, range(3), check)
    assert max(seen) > 20


@pytest.mark.parametrize(
    "variant,preset",
    [("classical", None), ("classical", "dmjl"), ("hongkong", None), ("sichuan", None), ("sichuan", "chengdu")],
)
def test_a_passed_kind_is_never_a_winning_tile(variant, preset):
    checked = []

    def check(table, seat):
        if table.phase in ("claim", "rob"):
            return  # the tile just thrown has not been let pass yet: others may still win on it
        view = table.view(seat)
        for other in range(4):
            player = table.players[other]
            if other == seat or player.out or len(player.concealed) % 3 != 1:
                continue
            for kind in passed_since_change(view, other):
                assert not table.can_win(other, kind * 4, self_drawn=False), (other, kind)
                checked.append(kind)

    _play_checking(variant, preset, range(12), check)
    assert len(checked) > 1000  # the claim was tested many times, not vacuously


def test_seat_view_reads_passed_kinds_per_opponent():
    table = get_ruleset("classical").new_table(seed=5)
    bot = get_bot("easy")
    for _ in range(40):  # some way into the hand
        pending = table.pending()
        seat = min(pending)
        table.act(seat, bot.choose(table.view(seat), pending[seat]))
    seat = min(table.pending())
    sv = SeatReading(table.view(seat))
    for opp in sv.opponents:
        assert sv.passed_since_change(opp) == passed_since_change(table.view(seat), opp.seat)
    assert any(sv.passed_since_change(opp) for opp in sv.opponents)


def test_views_without_the_order_give_nothing():
    old = SimpleNamespace(
        players=[ReadView(s, s, 13, discards=(DiscardView(s * 4, True, False, None),)) for s in range(4)]
    )
    assert passed_since_change(old, 1) == frozenset()


# --- cautious_discard: the classical strong bot's defence --------------------------------------------


def _threat_view():
    """Seat 1 shows two pungs and has thrown 12 tiles (likely ready); since its last change of hand
    (its 12th discard, 9s), seats 2 and 3 threw 5p and 2s and let them pass."""
    from jantaku.engine.tiles import parse_tiles

    def discards(text, first_order, step=4, tsumogiri=False):
        return [[t, tsumogiri, False, None, first_order + i * step] for i, t in enumerate(parse_tiles(text))]

    players = [
        {
            "seat": 0,
            "wind": 0,
            "concealed": parse_tiles("5m5p12s"),
            "melds": [],
            "bonus": [],
            "out": False,
            "discards": discards("1z2z3z4z9m9m1p1p9p9p8s", 0),
        },
        {
            "seat": 1,
            "wind": 1,
            "melds": [
                {"type": "pon", "tiles": parse_tiles("777z"), "claimed": None, "from": 0, "added": None},
                {"type": "pon", "tiles": parse_tiles("111m"), "claimed": None, "from": 2, "added": None},
            ],
            "bonus": [],
            "out": False,
            "discards": discards("1z2z3z4z1s1s9s9s8m8m6z9s", 1),
        },
        {
            "seat": 2,
            "wind": 2,
            "melds": [],
            "bonus": [],
            "out": False,
            "discards": discards("4z3z2z1z7m7m7p7p3s3s4s5p", 2),
        },
        {
            "seat": 3,
            "wind": 3,
            "melds": [],
            "bonus": [],
            "out": False,
            "discards": discards("4z3z2z1z6m6m6p6p5z5z2s", 3),
        },
    ]
    for p in players:
        p["concealed_count"] = len(p.get("concealed", ())) or 13
    return view_from_wire(
        {
            "seat": 0,
            "round_wind": 0,
            "wall": 30,
            "variant": "classical",
            "players": players,
            "phase": "turn",
            "turn": 0,
            "dealer": 0,
            "scores": [0, 0, 0, 0],
            "last_discard": None,
        }
    )


def test_cautious_discard_gives_way_to_a_passed_tile_of_the_same_shanten():
    from jantaku.engine.actions import Discard
    from jantaku.engine.bots.defence import Caution, cautious_discard, deal_in_risk
    from jantaku.engine.tiles import kind_of, parse_tiles

    view = _threat_view()
    five_m, five_p = (Discard(t) for t in parse_tiles("5m5p"))
    risk = deal_in_risk(SeatReading(view))
    assert risk(kind_of(five_p.tile)) == 0.0 < Caution().switch_risk < risk(kind_of(five_m.tile))

    def one_step(action):
        return 1

    def same_accept(action):
        return 10

    assert cautious_discard(view, [five_m, five_p], one_step, same_accept) == five_p
    # a ready hand keeps its choice; so does one whose safe alternative accepts far fewer tiles
    assert cautious_discard(view, [five_m, five_p], lambda a: 0, same_accept) == five_m
    assert cautious_discard(view, [five_m, five_p], one_step, lambda a: 10 if a == five_m else 5) == five_m
    # a slower alternative is no alternative
    assert cautious_discard(view, [five_m, five_p], lambda a: 1 if a == five_m else 2, same_accept) == five_m


def test_the_classical_strong_bot_reads_the_table_only_when_the_discarder_pays():
    from jantaku.engine.rulesets.classical.bot import StrongClassicalBot
    from jantaku.engine.tiles import parse_tiles

    from jantaku.engine.actions import Discard

    view = _threat_view()
    five_m, five_p = (Discard(t) for t in parse_tiles("5m5p"))
    counts = [0] * 34
    for t in parse_tiles("5m5p12s"):
        counts[t >> 2] += 1
    forms = {"seven_pairs": False, "thirteen_orphans": True}
    bot = StrongClassicalBot()
    assert bot.pick_discard(view, [five_m, five_p], counts, 3, forms) == five_p
    view = replace(view, extension=ClassicalView(0, (("discard_payment", "dangerous_only"),)))
    assert bot.pick_discard(view, [five_m, five_p], counts, 3, forms) == five_m
