"""One Hong Kong hand on the table machine: scenarios with stacked walls, and random play."""

import random

from hypothesis import given, settings, strategies as st

from jantaku.engine.actions import ActionType
from jantaku.engine.match import Match
from jantaku.engine.ruleset import get_ruleset
from jantaku.engine.rulesets.hongkong import HongKongTable
from jantaku.engine.tiles import is_bonus, kind_of, parse_tiles

from ..engine.helpers import step_random
from ..engine.test_table import check_invariants
from .tables import act_type, discard, give_pung, kinds, pass_all, stacked_table

RON, TSUMO, PASS = ActionType.RON, ActionType.TSUMO, ActionType.PASS


def types(table, seat):
    return {a.type for a in table.pending().get(seat, ())}


def last_win(table):
    win = table.result.wins[-1]
    return win, {i.name for i in win.score.items}


def test_the_ruleset_plays_hongkong_tables():
    table = get_ruleset("hongkong").new_table(seed=3)
    assert isinstance(table, HongKongTable) and len(table.tile_set()) == 144
    assert len(table.wall.untaken_dead()) == 14
    assert not get_ruleset("hongkong", options={"bonus_tiles": False}).new_table(seed=3).bonus_tiles


# --- bonus tiles and the dead wall ---------------------------------------------------------------


@given(st.integers(0, 2**32 - 1))
@settings(max_examples=30)
def test_random_play_keeps_the_invariants(seed):
    """Tile conservation, hidden information, no bonus tile in a hand or among the discards,
    a 14-tile dead wall, and every offered win worth the minimum fan."""
    rng = random.Random(seed)
    options = {"min_fan": rng.choice([0, 1, 3]), "seat_rotation": True, "liability": True}
    match = Match(get_ruleset("hongkong", options=options), seed)
    steps = 0
    while not match.is_over and match.hand_index < 2:
        table = match.table
        if match.phase == "play" and table.phase != "setup":
            check_invariants(match)  # the engine's: conservation, hand sizes, hidden information
            assert not any(is_bonus(kind_of(t)) for p in table.players for t in p.concealed)
            assert len(table.wall.untaken_dead()) == 14 or table.wall.remaining == 0
            for actions in table.pending().values():
                assert not any(a.type is ActionType.DISCARD and is_bonus(kind_of(a.tile)) for a in actions)
        step_random(match, rng)
        steps += 1
        assert steps < 3000
    for result in match.results:
        for win in result.wins:
            fan = win.score.values["fan"]
            assert win.score.is_win and (win.score.limit or fan >= options["min_fan"])
    assert sum(match.scores) == 0


def test_bonus_tiles_dealt_are_laid_out_and_replaced():
    table = stacked_table({1: "1f2f3y123m456p789s1z"}, bonus_tiles=True)
    player = table.players[1]
    assert sorted(kind_of(t) for t in player.bonus) == kinds("1f2f3y")
    assert len(player.concealed) == 13 and not any(is_bonus(kind_of(t)) for t in player.concealed)
    assert len(table.wall.untaken_dead()) == 14


def test_a_bonus_tile_drawn_is_replaced_at_once():
    table = stacked_table({0: "123m456p789s12345z"}, draws="4y", bonus_tiles=True)
    discard(table, 0, "5z")
    player = table.players[1]
    assert kinds("4y")[0] in [kind_of(t) for t in player.bonus]
    assert len(player.concealed) == 14 and player.drawn is not None and not is_bonus(kind_of(player.drawn))


# --- concealed kongs dealt in the opening --------------------------------------------------------


def test_dealt_kongs_may_be_declared_in_the_opening_dealer_first():
    table = stacked_table({0: "1111m23m456p789s1z2z", 2: "9999m123s456s234p"})
    assert table.phase == "setup" and set(table.pending()) == {0}
    assert types(table, 0) == {ActionType.ANKAN, PASS}
    act_type(table, 0, ActionType.ANKAN)
    assert [m.type.value for m in table.players[0].melds] == ["ankan"]
    assert len(table.players[0].concealed) == 11 and table.players[0].drawn in table.players[0].concealed
    assert set(table.pending()) == {2}
    act_type(table, 2, PASS)
    assert table.phase == "turn" and table.turn_seat == 0
    assert len(table.wall.untaken_dead()) == 14  # refilled from the live wall


def test_after_an_opening_pass_the_kong_can_still_be_declared_later():
    table = stacked_table({0: "123m456p789s12345z", 1: "9999m123s456s234p"})
    act_type(table, 1, PASS)
    discard(table, 0, "5z")
    assert table.turn_seat == 1 and ActionType.ANKAN in types(table, 1)


def test_no_opening_question_without_a_dealt_kong():
    table = stacked_table({0: "123m456p789s11z234m"})
    assert table.phase == "turn"


# --- claims -----------------------------------------------------------------------------------------


READY_ON_5P = "123m456m789m111z5p"  # four sets and a single 5p


def test_mah_jong_beats_pung_and_chow():
    table = stacked_table(
        {0: "5p123m456m789m1234z", 1: "46p135s79s246m667z", 2: "55p135s79s246m667z", 3: "123s456s789s222z5p"}
    )
    act_type(table, 0, ActionType.DISCARD, "5p")
    assert ActionType.CHI in types(table, 1) and ActionType.PON in types(table, 2) and RON in types(table, 3)
    act_type(table, 1, ActionType.CHI)
    act_type(table, 2, ActionType.PON)
    act_type(table, 3, RON)
    assert table.is_over and table.result.wins[0].seat == 3


def test_pung_beats_chow():
    table = stacked_table({0: "5p123m456m789m1234z", 1: "46p135s79s246m667z", 2: "55p135s79s246m667z"})
    act_type(table, 0, ActionType.DISCARD, "5p")
    act_type(table, 1, ActionType.CHI)
    act_type(table, 2, ActionType.PON)
    pass_all(table)
    assert table.turn_seat == 2 and table.players[2].melds[0].type.value == "pon"


def test_of_several_mah_jong_claims_only_the_next_in_turn_wins():
    table = stacked_table({0: "5p123m456m789m1234z", 2: "123s456s789s222z5p", 3: READY_ON_5P})
    act_type(table, 0, ActionType.DISCARD, "5p")
    act_type(table, 3, RON)
    act_type(table, 2, RON)
    pass_all(table)
    assert [w.seat for w in table.result.wins] == [2]


def test_of_three_mah_jong_claims_too_only_the_next_in_turn_wins():
    # seed 004 "bei mehrfachem Mah-Jongg-Ruf gewinnt nur der nächste Spieler": no draw, unlike
    # classical's three calls (issue #20 item 1)
    table = stacked_table(
        {0: "5p2m3m7m8m2p3p7p8p2s3s7s5z7z", 1: "123m456m789m11s46p", 2: "123s456s789s22z55p", 3: "111z333z444z666z5p"}
    )
    act_type(table, 0, ActionType.DISCARD, "5p")
    for seat in (3, 2, 1):
        act_type(table, seat, RON)
    assert [w.seat for w in table.result.wins] == [1]


# --- the last tile ------------------------------------------------------------------------------------


def test_the_last_discard_can_be_claimed_only_for_mah_jong():
    table = stacked_table(
        {0: "7z123m456m789m1234z", 2: "99p135s79s246m667z", 3: "123s456s789s222z9p"}, draws="9p", live_after_deal=1
    )
    discard(table, 0, "7z")
    assert table.wall.remaining == 0 and table.turn_seat == 1
    act_type(table, 1, ActionType.DISCARD, "9p")
    assert 2 not in table.pending() and types(table, 3) == {RON, PASS}
    act_type(table, 3, RON)
    win, items = last_win(table)
    assert "Last Tile" in items


def test_nobody_claims_the_last_discard_and_the_hand_is_a_draw():
    table = stacked_table({0: "7z123m456m789m1234z"}, live_after_deal=0)
    act_type(table, 0, ActionType.DISCARD, "7z")
    pass_all(table)
    assert table.is_over and table.result.kind == "draw" and table.result.deltas == [0, 0, 0, 0]


def tsumogiri(table, seat: int) -> None:
    """Discard the tile just drawn and let everyone pass."""
    drawn = table.players[seat].drawn
    table.act(seat, next(a for a in table.pending()[seat] if a.type is ActionType.DISCARD and a.tile == drawn))
    pass_all(table)


def test_a_replacement_that_moved_the_last_live_tile_to_the_dead_wall_is_the_last_tile():
    # the dealer konged with one live tile left: the refill takes it, so the replacement is the last tile
    table = stacked_table({0: "1111s23m456p78s11z7z"}, draws="6z6z6z9s", dead="1m", live_after_deal=5)
    act_type(table, 0, PASS)  # not in the opening
    discard(table, 0, "7z")
    for seat in (1, 2, 3):
        tsumogiri(table, seat)
    assert table.turn_seat == 0 and table.wall.remaining == 1
    act_type(table, 0, ActionType.ANKAN)
    assert table.wall.remaining == 0 and len(table.wall.untaken_dead()) == 14
    act_type(table, 0, TSUMO)
    win, items = last_win(table)
    assert {"Last Tile", "Kong Replacement", "Self-Drawn"} <= items


def test_after_that_replacement_the_discard_can_be_claimed_only_for_mah_jong():
    table = stacked_table(
        {0: "1111s23m456p78s11z7z", 1: "99p2468s357m1234z"}, draws="6z6z6z9s", dead="9p", live_after_deal=5
    )
    act_type(table, 0, PASS)
    discard(table, 0, "7z")
    for seat in (1, 2, 3):
        tsumogiri(table, seat)
    act_type(table, 0, ActionType.ANKAN)
    act_type(table, 0, ActionType.DISCARD, "9p")
    assert 1 not in table.pending()  # a pung of 9p would be legal before the last tile


def test_a_bonus_tile_drawn_as_the_last_live_tile_ends_the_hand_as_a_draw():
    # seed 004: "Tote Mauer: besteht immer aus 14 Ziegeln": no live tile is left to refill the
    # dead wall after the flower's replacement, so the hand is a draw there and then
    table = stacked_table({0: "7z123m456m789m1234z"}, draws="1f", live_after_deal=1, bonus_tiles=True)
    discard(table, 0, "7z")
    assert table.is_over and table.result.kind == "draw" and table.result.deltas == [0, 0, 0, 0]
    assert kinds("1f")[0] in [kind_of(t) for t in table.players[1].bonus]
    assert len(table.wall.untaken_dead()) == 14 and len(table.players[1].concealed) == 13


def test_a_bonus_tile_as_the_replacement_that_took_the_last_live_tile_ends_the_hand():
    # the kong's replacement moved the last live tile to the dead wall; it is a flower, and its
    # own replacement could not be refilled
    table = stacked_table({0: "1111s23m456p78s11z7z"}, draws="6z6z6z9s", dead="2f", live_after_deal=5, bonus_tiles=True)
    act_type(table, 0, PASS)  # not in the opening
    discard(table, 0, "7z")
    for seat in (1, 2, 3):
        tsumogiri(table, seat)
    assert table.turn_seat == 0 and table.wall.remaining == 1
    act_type(table, 0, ActionType.ANKAN)
    assert table.is_over and table.result.kind == "draw"
    assert len(table.wall.untaken_dead()) == 14 and table.wall.remaining == 0


def test_kong_on_kong_in_play():
    # South konged 1s, the replacement 9p made another kong, whose replacement 5z wins
    table = stacked_table({0: "7z2345678s1234p66z", 1: "111s999p123m456m5z"}, draws="1s", dead="9p5z")
    discard(table, 0, "7z")
    act_type(table, 1, ActionType.ANKAN, "1s")
    act_type(table, 1, ActionType.ANKAN, "9p")
    act_type(table, 1, TSUMO)
    win, items = last_win(table)
    assert {"Kong on Kong", "Kong Replacement", "Self-Drawn"} <= items


def test_one_kong_replacement_is_no_kong_on_kong():
    table = stacked_table({0: "7z2345678s1234p66z", 1: "111s999p123m456m5z"}, draws="1s", dead="5z")
    discard(table, 0, "7z")
    act_type(table, 1, ActionType.ANKAN, "1s")
    act_type(table, 1, TSUMO)
    win, items = last_win(table)
    assert "Kong Replacement" in items and "Kong on Kong" not in items


# --- the fan minimum and special wins ---------------------------------------------------------------------


def _chicken_wait(**options):
    """North holds a claimed pung and waits on the red dragon for a hand worth no fan."""
    table = stacked_table({0: "7z123m456m789m1234z", 3: "222m123p456p789s7z"}, **options)
    give_pung(table, 3, "2m", from_seat=1)
    act_type(table, 0, ActionType.DISCARD, "7z")
    return table


def test_a_win_below_the_minimum_is_never_offered():
    assert RON in types(_chicken_wait(min_fan=0), 3)
    assert RON not in types(_chicken_wait(min_fan=1), 3)
    # with bonus tiles the hand has "no bonus tiles" (1 fan), which does not count toward the minimum
    assert RON not in types(_chicken_wait(min_fan=1, bonus_tiles=True), 3)


def test_heavenly_hand():
    table = stacked_table({0: "123m456p789s234m11z"})
    act_type(table, 0, TSUMO)
    win, items = last_win(table)
    assert win.score.limit == "Heavenly Hand" and win.payments == {0: 768, 1: -256, 2: -256, 3: -256}


def test_earthly_hand():
    table = stacked_table({0: "7z123m456m789m1234z", 1: "123m456p789s234s7z"})
    act_type(table, 0, ActionType.DISCARD, "7z")
    act_type(table, 1, RON)
    win, items = last_win(table)
    assert win.score.limit == "Earthly Hand" and win.payments[0] == -256


def test_robbing_a_kong():
    table = stacked_table(
        {0: "123m456m789m1239p4z", 1: "555s123m456p789p4z", 2: "46s123p789p11z234m"}, draws="5s", min_fan=1
    )
    give_pung(table, 1, "5s", from_seat=3)
    discard(table, 0, "4z")
    act_type(table, 1, ActionType.KAKAN)
    assert types(table, 2) == {RON, PASS}
    act_type(table, 2, RON)
    win, items = last_win(table)
    assert "Robbing a Kong" in items and win.discarder == 1 and table.players[1].melds[0].type.value == "pon"


# --- liability on the table -------------------------------------------------------------------------------


def _small_dragons_table(**options):
    """Seat 1 (North: seat 2 deals) shows white and green pungs; seat 3 throws the red dragon."""
    table = stacked_table({1: "555z666z123m456p7z"}, dealer=2, liability=True, **options)
    give_pung(table, 1, "5z", from_seat=0)
    give_pung(table, 1, "6z", from_seat=3)
    red = next(
        t for t in range(136) if kind_of(t) == kinds("7z")[0] and all(t not in p.concealed for p in table.players)
    )
    table.last_discard = (3, red)
    table.players[1].concealed.append(red)
    return table, red


def test_a_dangerous_discard_makes_the_discarder_pay_for_everyone():
    table, red = _small_dragons_table()
    result, payments = table.score_win(1, red, 3)
    assert "Small Three Dragons" in {i.name for i in result.items}
    assert payments == {0: 0, 1: 4 * result.score, 2: 0, 3: -4 * result.score}
    assert result.payments == {3: 4 * result.score, 1: -4 * result.score, 0: 0, 2: 0}  # by wind (dealer 2)
    assert table.events[-1].type == "liability" and table.events[-1].seat == 3


def test_a_discarder_holding_only_dangerous_tiles_pays_normally():
    table, red = _small_dragons_table()
    table.players[3].concealed = [
        t for t in range(136) if kind_of(t) == kinds("7z")[0] and t != red and t not in table.players[1].concealed
    ][:1]
    table.on_discard(3, red)
    result, payments = table.score_win(1, red, 3)
    assert payments[3] == -2 * result.score and payments[0] == payments[2] == -result.score


def test_the_fourth_tile_of_a_shown_pung_is_dangerous_for_a_full_flush():
    # issue #20 item 2: seat 1 shows 111p 333p 999p and holds 24p 88p; seat 3 throws the last 3p
    table = stacked_table({1: "111p333p999p24p8p", 3: "3p"}, liability=True)
    table.players[1].concealed.append(parse_tiles("8p", set(t for p in table.players for t in p.concealed))[0])
    for tiles, feeder in (("1p", 0), ("3p", 2), ("9p", 0)):
        give_pung(table, 1, tiles, from_seat=feeder)
    extra = [t for t in table.players[1].concealed if kind_of(t) not in kinds("248p")]
    for t in extra:  # the filler tile(s) stacked_table dealt leave the hand
        table.players[1].concealed.remove(t)
    three = next(t for t in table.players[3].concealed if kind_of(t) == kinds("3p")[0])
    table.players[3].concealed.remove(three)
    table.last_discard = (3, three)
    table.players[1].concealed.append(three)
    result, payments = table.score_win(1, three, 3)
    assert [i.name for i in result.items] == ["Full Flush"] and result.score == 48
    assert payments == {0: 0, 1: 192, 2: 0, 3: -192}


def test_liability_is_off_by_default():
    table = stacked_table({1: "555z666z123m456p7z"}, dealer=2)
    give_pung(table, 1, "5z", from_seat=0)
    give_pung(table, 1, "6z", from_seat=3)
    red = parse_tiles("7z", set(t for p in table.players for t in p.concealed))[0]
    table.last_discard = (3, red)
    table.players[1].concealed.append(red)
    result, payments = table.score_win(1, red, 3)
    assert payments[3] == -2 * result.score


# --- seat rotation -----------------------------------------------------------------------------------------


def test_turn_order_follows_the_seating():
    # South round after the swap: seats in turn order 1, 0, 3, 2; seat 1 deals
    table = stacked_table(
        {1: "5p123m456m789m1234z", 0: "46p135s79s246m667z", 3: "46p135s79s246m117z"},
        dealer=1,
        seating=(1, 0, 3, 2),
        round_wind=1,
    )
    assert len(table.players[1].concealed) == 14 and table.turn_seat == 1
    assert [table.seat_wind(s) for s in range(4)] == [1, 0, 3, 2]
    act_type(table, 1, ActionType.DISCARD, "5p")
    assert ActionType.CHI in types(table, 0) and ActionType.CHI not in types(table, 3)
    pass_all(table)
    assert table.turn_seat == 0
    assert table.view(0)["seating"] == [1, 0, 3, 2]


def _pung_white_then_green(table) -> None:
    """Seat 1 pungs the dealer's white dragon, then seat 2's green (seat 2 draws and throws it)."""
    act_type(table, 0, ActionType.DISCARD, "5z")
    act_type(table, 1, ActionType.PON)
    pass_all(table)
    discard(table, 1, "9s")
    act_type(table, 2, ActionType.DISCARD, "6z")
    act_type(table, 1, ActionType.PON)
    pass_all(table)
    discard(table, 1, "9s")
    tsumogiri(table, 2)


def _play_to_small_three_dragons(**options):
    """Seat 1 pungs the white dragon from the dealer and the green from seat 2, then waits on red;
    seat 3 draws the red dragon and throws it."""
    table = stacked_table({0: "5z123m456m789m1234z", 1: "55z66z7z123m456p99s"}, draws="6z9p7z", **options)
    _pung_white_then_green(table)
    act_type(table, 3, ActionType.DISCARD, "7z")
    act_type(table, 1, RON)
    pass_all(table)
    win, items = last_win(table)
    assert "Small Three Dragons" in items and win.discarder == 3
    return win


def test_a_dangerous_discard_in_play():
    win = _play_to_small_three_dragons(liability=True)
    score = win.score.score
    assert win.payments == {0: 0, 1: 4 * score, 2: 0, 3: -4 * score}
    normal = _play_to_small_three_dragons()
    assert normal.payments == {0: -score, 1: 4 * score, 2: -score, 3: -2 * score}


def test_feeding_the_third_dragon_pung_in_play():
    table = stacked_table({0: "5z123m456m789m1234z", 1: "55z66z77z123m45p99s"}, draws="6z9p7z1s2s3s4p", liability=True)
    _pung_white_then_green(table)
    act_type(table, 3, ActionType.DISCARD, "7z")
    act_type(table, 1, ActionType.PON)
    pass_all(table)
    discard(table, 1, "5p")
    for seat in (2, 3, 0):
        tsumogiri(table, seat)
    act_type(table, 1, TSUMO)
    win, items = last_win(table)
    assert win.score.limit == "Big Three Dragons"
    assert win.payments == {0: 0, 1: 6 * 128, 2: 0, 3: -6 * 128}
    assert [e.type for e in table.events if e.type == "liability"] == ["liability"]


def test_a_ready_hand_below_the_fan_minimum_is_flagged_for_its_player():
    """South, ready on 3s-6s with a plain hand: below a 6-fan minimum (the hint warns); a hand that
    reaches the minimum, or no minimum, has nothing to warn about; a spectator sees no such flag."""
    hands = {1: "123m456p789m45s99p"}
    table = stacked_table(hands, min_fan=6)  # East deals and holds 14; South waits with 13
    assert table.view(1).extension.below_minimum is True
    assert "below the fan minimum" in table.view(1).extension.warnings()
    assert table.view(None).extension.below_minimum is None
    dragons = {1: "555z123m456p78s99p"}  # a pung of red dragons: a fan on any of its waits
    assert stacked_table(dragons, min_fan=1).view(1).extension.below_minimum is False
    assert stacked_table(hands, min_fan=0).view(1).extension.below_minimum is False
