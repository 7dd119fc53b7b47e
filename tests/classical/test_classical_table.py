"""The classical hand flow: deal, bonus tiles, claims and their priority, kongs, robbing, draws."""

import pytest

from jantaku.engine.actions import ActionType
from jantaku.engine.melds import MeldType, make_meld
from jantaku.engine.rulesets.classical.payments import settle_draw
from jantaku.engine.rulesets.classical.ruleset import ClassicalRuleset
from jantaku.engine.rulesets.classical.scorer import score_loser
from jantaku.engine.scenario import arranged_wall
from jantaku.engine.table import HandContext
from jantaku.engine.tiles import format_tiles, kind_of, parse_kinds, parse_tiles

from .classical_helpers import act, new_table, pass_claims, types

# Claims on seat 0's first discard, 3m: seat 1 (next) may chow with 12m, seat 2 holds 24m but is
# not next, seat 3 may pung with 33m.
CLAIMS = [
    "3m7m6m2p6p1s9s7s8s2z3z4z5z7z",
    "12m9m3p9p8p2s3s6s2z3z4z6z",
    "24m1p4p5p7p4s5s9s1z6z7z7z",
    "33m5m1p2p3p4s5s6s11z6z5z",
]


def kind(text):
    return parse_kinds(text)[0]


def claim(table, seat, text):
    """``seat`` makes a claim, everybody else offered one passes."""
    act(table, seat, text)
    pass_claims(table)


# --- the deal --------------------------------------------------------------------------------


def test_east_is_dealt_14_and_discards_first():
    table = ClassicalRuleset().new_table(seed=4)
    assert [len(p.concealed) for p in table.players] == [14, 13, 13, 13]
    assert list(table.pending()) == [0]
    assert types(table, 0) >= {ActionType.DISCARD}


def test_bonus_tiles_are_laid_out_and_replaced_from_the_dead_wall():
    hands = [
        "3m7m6m2p6p1s9s7s8s2z3z4z5z7z",
        "1f9m3p9p8p2s3s6s2z3z4z6z1m",
        "24m1p4p5p7p4s5s9s1z6z7z7z",
        "33m5m1p2p3p4s5s6s11z6z5z",
    ]
    table = new_table(hands, options={"bonus_tiles": True}, dead="9p")
    seat1 = table.players[1]
    assert [kind_of(t) for t in seat1.bonus] == parse_kinds("1f")
    assert kind("9p") in [kind_of(t) for t in seat1.concealed]
    assert len(seat1.concealed) == 13
    assert len(table.wall.untaken_dead()) == 14  # refilled from the live wall's end


@pytest.mark.parametrize("preset, dead, live", [("classical", 14, 136 - 14 - 53), ("dmjl", 16, 136 - 16 - 53)])
def test_dead_wall_size_per_preset(preset, dead, live):
    table = ClassicalRuleset(preset, {"bonus_tiles": False}).new_table(seed=1)
    assert len(table.wall.untaken_dead()) == dead
    assert table.wall.remaining == live


# --- claims -------------------------------------------------------------------------------------


def test_chow_only_from_the_player_to_the_left():
    table = new_table(CLAIMS)
    act(table, 0, "discard 3m")
    pending = table.pending()
    assert set(pending) == {1, 3}
    assert ActionType.CHI in {a.type for a in pending[1]}
    assert ActionType.CHI not in {a.type for a in pending[3]}


@pytest.mark.parametrize(
    "north_answer, taker, meld",
    [
        ("pon 33m+3m", 3, MeldType.PON),  # a pung goes before a chow
        ("pass", 1, MeldType.CHI),
    ],
)
def test_claim_priority_pung_before_chow(north_answer, taker, meld):
    table = new_table(CLAIMS)
    act(table, 0, "discard 3m")
    act(table, 1, "chi 12m+3m")
    act(table, 3, north_answer)
    assert table.turn_seat == taker
    assert [m.type for p in table.players for m in p.melds] == [meld]


# Seats 2 and 3 both wait on 3m, which East discards first.
TWO_WAITS = ["3m7m6m2p6p1s9s7s8s2z3z4z5z7z", "1m9m3p9p8p2s3s6s2z3z4z6z5p", "12m456p789p456s55z", "45m123p789s111z66z"]


def test_of_two_mah_jong_claims_the_next_in_turn_wins():
    table = new_table(TWO_WAITS)
    act(table, 0, "discard 3m")
    act(table, 3, "ron 3m")
    act(table, 2, "ron 3m")
    assert table.is_over
    assert [w.seat for w in table.result.wins] == [2]


def test_blessing_of_earth_and_the_classical_discard_payment():
    table = new_table(TWO_WAITS)
    act(table, 0, "discard 3m")
    claim(table, 2, "ron 3m")
    win = table.result.wins[0]
    assert win.score.limit == "Blessing of Earth"
    # East discarded: it alone pays the winner 4x; the losers still settle among themselves
    assert table.result.deltas[2] == 4 * win.score.score
    assert sum(table.result.deltas) == 0


def test_mah_jong_goes_before_a_pung():
    hands = list(TWO_WAITS)
    hands[1] = "33m9m3p9p8p2s3s6s2z3z4z6z"
    table = new_table(hands)
    act(table, 0, "discard 3m")
    act(table, 1, "pon 33m+3m")
    act(table, 3, "ron 3m")
    act(table, 2, "pass")
    assert [w.seat for w in table.result.wins] == [3]


# --- kongs --------------------------------------------------------------------------------------


def test_a_claimed_kong_draws_a_replacement_from_the_dead_wall():
    hands = list(CLAIMS)
    hands[3] = "333m1p2p3p4s5s6s11z6z5z"
    table = new_table(hands, dead="9p")
    act(table, 0, "discard 3m")
    claim(table, 3, "kan 333m+3m")
    seat3 = table.players[3]
    assert [m.type for m in seat3.melds] == [MeldType.KAN]
    assert kind_of(seat3.drawn) == kind("9p")
    assert table.turn_seat == 3 and table.drew_from_dead_wall


def test_a_pung_becomes_a_kong_only_with_the_tile_just_drawn():
    table = new_table(CLAIMS)
    seat0 = table.players[0]
    pung_tiles = [t for t in seat0.concealed if kind_of(t) in parse_kinds("7z")]
    fourth = parse_tiles("777z", set(pung_tiles))  # the other copies of Red
    seat0.melds = [make_meld(MeldType.PON, fourth[:3], claimed=fourth[0], from_seat=3)]
    red = pung_tiles[0]
    seat0.drawn = None
    assert ActionType.KAKAN not in types(table, 0)  # Red held from before
    seat0.drawn = red
    assert ActionType.KAKAN in types(table, 0)


def test_robbing_a_kong():
    hands = [
        "6p1m9m2s8s2z3z4z7z1p9p3m7m6z",
        "66p2m8m3s7s1z3z6z4m6m9s8p",
        "57p123m789s234s11z",
        "1s4s5s6s2p3p7p8p5m9m2z4z5z",
    ]
    table = new_table(hands, draws="7z6z9s6p")
    act(table, 0, "discard 6p")
    claim(table, 1, "pon 66p+6p")  # seat 2 lets it go, though it could win on it
    act(table, 1, "discard 1z")
    pass_claims(table)
    for seat, tile in ((2, "7z"), (3, "6z"), (0, "9s")):
        act(table, seat, f"discard {tile}")
        pass_claims(table)
    act(table, 1, "kakan 6p")
    assert table.phase == "rob" and list(table.pending()) == [2]
    act(table, 2, "ron 6p")
    win = table.result.wins[0]
    assert (win.seat, win.discarder) == (2, 1)
    assert {i.name for i in win.score.items} >= {"Robbing a kong"}


# --- draws ------------------------------------------------------------------------------------------

FOUR_WINDS = [
    "1z1m4m7m2p5p8p3s6s9s2z5z7z9m",
    "1z2m5m8m3p6p9p1s4s7s3z6z9m",
    "1z3m6m9p1p4p7p2s5s8s4z5z8m",
    "1z1m2m3p4p5s6s7s2z3z6z7z9s",
]


def test_four_identical_winds_on_the_first_go_round_are_a_draw():
    table = new_table(FOUR_WINDS, draws="5m6p4s")
    for seat in range(4):
        assert not table.is_over
        act(table, seat, "discard 1z")
        pass_claims(table)
    assert table.result.kind == "abort" and table.result.reason == "four_winds"
    assert table.result.deltas == [0, 0, 0, 0]


def test_four_different_first_discards_play_on():
    table = new_table(FOUR_WINDS, draws="5m6p4s")
    for seat, tile in enumerate(("1z", "1z", "1z", "2z")):
        act(table, seat, f"discard {tile}")
        pass_claims(table)
    assert not table.is_over


def test_the_four_winds_draw_is_an_option():
    table = new_table(FOUR_WINDS, draws="5m6p4s", options={"draw_on_four_winds": False})
    for seat in range(4):
        act(table, seat, "discard 1z")
        pass_claims(table)
    assert not table.is_over


NINE_ORPHANS = [
    "19m19p19s123z23456m",
    "2p3p4p5p6p7p8p2s3s4s5s6s7s",
    "3p4p5p6p7p8p2s3s4s5s6s7s8s",
    "4p5p6p7p8p3s4s5s6s7s8s7m8m",
]


def test_nine_orphans_may_be_declared_a_draw_on_the_first_turn():
    table = new_table(NINE_ORPHANS)
    assert ActionType.ABORT in types(table, 0)
    act(table, 0, "abort")
    assert table.result.kind == "abort" and table.result.reason == "nine_orphans"


def test_eight_orphans_are_not_enough():
    hands = list(NINE_ORPHANS)
    hands[0] = "19m19p19s122z23456m"
    assert ActionType.ABORT not in types(new_table(hands), 0)


def test_no_nine_orphans_draw_once_a_meld_is_out():
    table = new_table(NINE_ORPHANS)
    table.players[2].melds = [make_meld(MeldType.PON, parse_tiles("999m"), claimed=None)]
    assert ActionType.ABORT not in types(table, 0)


def play_out(table):
    """Everybody passes every claim and throws the tile just drawn, until the hand ends."""
    while not table.is_over:
        pass_claims(table)
        if table.is_over:
            break
        seat = table.turn_seat
        tile = table.players[seat].drawn
        act(table, seat, f"discard {format_tiles([tile])}")


@pytest.mark.parametrize("preset, dead", [("classical", 14), ("dmjl", 16)])
def test_the_wall_down_to_its_dead_end_is_a_draw_and_pays_nothing(preset, dead):
    table = ClassicalRuleset(preset, {"bonus_tiles": False}).new_table(seed=11)
    play_out(table)
    assert table.result.kind == "draw"
    assert len(table.wall.untaken_dead()) == dead
    assert table.result.deltas == [0, 0, 0, 0]


def test_a_draw_can_settle_the_incomplete_hands():
    rs = ClassicalRuleset("classical", {"bonus_tiles": False, "draw_settles_hands": True})
    table = rs.new_table(seed=11)
    play_out(table)
    scores = {table.seat_wind(s): score_loser(table.hand_spec(s), table.situation(s)).score for s in range(4)}
    by_wind = settle_draw(scores, options=rs.options)
    assert table.result.deltas == [by_wind[table.seat_wind(s)] for s in range(4)]
    assert any(table.result.deltas)


# --- wins and their circumstances -----------------------------------------------------------------


def test_blessing_of_heaven():
    hands = ["123m456p789s55z222z", *NINE_ORPHANS[1:]]
    table = new_table(hands)
    act(table, 0, "tsumo 2z")
    win = table.result.wins[0]
    assert win.score.limit == "Blessing of Heaven"
    assert table.result.deltas[0] == 6 * 500


def test_east_nine_wins_counts_from_the_context():
    hands = ["12m456p789s55z222z9p", *NINE_ORPHANS[1:]]

    def dealer_wins(streak):
        table = new_table(hands, draws="3m", context=HandContext(extra={"east_streak": streak}))
        act(table, 0, "discard 9p")
        pass_claims(table)
        act(table, 1, "discard 3m")
        claim(table, 0, "ron 3m")
        return table.result.wins[0].score

    assert dealer_wins(8).limit == "East's Nine Wins"
    assert dealer_wins(7).limit is None


def test_losers_are_scored_and_settle_among_themselves():
    hands = [
        "12m456p789s55z222z9p",
        "2p3p4p5p6p7p8p2s3s4s5s6s7s",
        "3p4p5p6p7p8p2s3s4s5s6s7s8s",
        "777z4p5p6p8p3s4s5s6s7m8m",
    ]
    table = new_table(hands, draws="3m")
    act(table, 0, "discard 9p")
    pass_claims(table)
    act(table, 1, "discard 3m")
    claim(table, 0, "ron 3m")
    scores = next(e for e in table.events if e.type == "hand_scores").data["scores"]
    assert scores[3]["score"] == 20  # North's concealed pung of Red: 8 → 10 points, one double
    assert scores[1]["score"] == scores[2]["score"] == 0
    win = table.result.wins[0].score.score
    # East wins on South's discard: South alone pays 6x; North gets 20 from South and from West
    assert table.result.deltas == [6 * win, -6 * win - 20, -20, 40]


# East discards 5p; South, West and North all wait on it (issue #20, item 1).
THREE_WAITS = ["5p2m3m7m8m2p3p7p8p2s3s7s5z7z", "123m456m789m11s46p", "123s456s789s22z55p", "111z333z444z666z5p"]


@pytest.mark.parametrize("preset", ["classical", "dmjl"])
def test_three_mah_jong_calls_make_the_hand_a_draw(preset):
    # seed 000, "Unentschieden": "Drei Spieler rufen Mah Jong"
    table = new_table(THREE_WAITS, preset=preset)
    act(table, 0, "discard 5p")
    for seat in (3, 1, 2):
        act(table, seat, "ron 5p")
    assert table.is_over
    assert table.result.kind == "abort" and table.result.reason == "three_mah_jong"
    assert table.result.wins == [] and table.result.deltas == [0, 0, 0, 0]


def test_three_mah_jong_calls_next_in_turn_wins_without_the_option():
    # the Hong Kong text's reading: the next in turn wins, however many call
    table = new_table(THREE_WAITS, options={"three_mah_jong_draw": False})
    act(table, 0, "discard 5p")
    for seat in (3, 1, 2):
        act(table, seat, "ron 5p")
    assert [w.seat for w in table.result.wins] == [1]


def test_two_of_three_possible_mah_jong_calls_the_next_in_turn_wins():
    table = new_table(THREE_WAITS)
    act(table, 0, "discard 5p")
    act(table, 1, "pass")
    act(table, 2, "ron 5p")
    act(table, 3, "ron 5p")
    assert [w.seat for w in table.result.wins] == [2]


# --- the dead wall keeps its size (issue #20, item 3) ------------------------------------------


def short_wall_table(hands, *, live_after_deal, draws="", dead="", preset="classical"):
    """A bonus-tile table whose live wall holds only ``live_after_deal`` tiles after the deal
    (the rest of the set is left out of this scenario)."""
    ruleset = ClassicalRuleset(preset, {"bonus_tiles": True})
    wall = arranged_wall(
        hands,
        draws=[draws] if draws else [],
        dead=[dead] if dead else [],
        dead_size=ruleset.options.dead_wall,
        bonus=True,
    )
    wall.live = wall.live[: 53 + live_after_deal]
    return ruleset.new_table(wall=wall)


@pytest.mark.parametrize("preset, size", [("classical", 14), ("dmjl", 16)])
def test_a_flower_drawn_as_the_last_live_tile_ends_the_hand_as_a_draw(preset, size):
    # the flower's replacement would leave the dead wall one short with nothing to refill it
    table = short_wall_table(CLAIMS, live_after_deal=1, draws="1f", preset=preset)
    act(table, 0, "discard 7z")
    pass_claims(table)
    assert table.is_over and table.result.kind == "draw" and table.result.deltas == [0, 0, 0, 0]
    assert [kind_of(t) for t in table.players[1].bonus] == parse_kinds("1f")
    assert len(table.wall.untaken_dead()) == size


def test_a_kong_replacement_that_is_a_flower_with_no_live_tile_left_ends_the_hand():
    hands = list(CLAIMS)
    hands[3] = "333m1p2p3p4s5s6s11z6z5z"
    # North's kong takes the replacement 2f and refills with the last live tile; 2f's own
    # replacement cannot be refilled
    table = short_wall_table(hands, live_after_deal=1, dead="2f")
    act(table, 0, "discard 3m")
    claim(table, 3, "kan 333m+3m")
    assert table.is_over and table.result.kind == "draw"
    assert table.wall.remaining == 0 and len(table.wall.untaken_dead()) == 14


def test_three_players_robbing_a_kong_make_the_hand_a_draw_and_the_tile_stays():
    hands = ["6p123m456m789m11s45p", "66p2m8m3s7s1z3z6z4m6m9s8p", "57p123m789s234s11z", "78p456s789s555z99m"]
    table = new_table(hands, draws="7z6z9s6p")
    act(table, 0, "discard 6p")
    claim(table, 1, "pon 66p+6p")  # the three who could win on it let it go
    act(table, 1, "discard 1z")
    pass_claims(table)
    for seat, tile in ((2, "7z"), (3, "6z"), (0, "9s")):
        act(table, seat, f"discard {tile}")
        pass_claims(table)
    act(table, 1, "kakan 6p")
    assert table.phase == "rob" and set(table.pending()) == {0, 2, 3}
    for seat in (0, 2, 3):
        act(table, seat, "ron 6p")
    assert table.result.kind == "abort" and table.result.reason == "three_mah_jong"
    assert table.result.deltas == [0, 0, 0, 0]
    assert len(table.tile_locations()) == 136  # the robbed tile went back onto its kong
    assert table.players[1].melds[0].type is MeldType.KAKAN
