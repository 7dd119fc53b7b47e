"""Claim priority, several winners, robbing a kong, leaving the hand and the end of the wall,
played through the table machine on arranged walls (basic ruleset: any complete hand wins)."""

import random

import pytest

from jantaku.engine.actions import ActionType, Pass, Ron
from jantaku.engine.rulesets.basic import BasicOptions, BasicRuleset, BasicTable
from jantaku.engine.melds import MeldType
from jantaku.engine.scenario import arranged_wall
from jantaku.engine.tiles import kind_of, parse_kinds

K = lambda text: parse_kinds(text)[0]  # noqa: E731


def table_for(hands, draws=(), multi_win=False, cls=BasicTable):
    wall = arranged_wall(hands, draws=list(draws))
    return cls(BasicOptions(multi_win=multi_win), seed=0, wall=wall)


def find(actions, type_, kind=None):
    for a in actions:
        if a.type is type_ and (kind is None or kind_of(a.tile) == kind):
            return a
    raise AssertionError(f"no {type_} {kind} in {list(map(str, actions))}")


def discard(table, seat, text):
    return table.act(seat, find(table.pending()[seat], ActionType.DISCARD, K(text)))


def pass_all(table, except_seats=()):
    for seat, actions in list(table.pending().items()):
        if seat not in except_seats and table.phase in ("claim", "rob"):
            table.act(seat, find(actions, ActionType.PASS))


RON_VS_PON = ["1z99m44p66p88s33s55z7z", "123456789m111p1z", "11z2468m2468p246s", "1357s1357p357m22z"]


def test_win_beats_pung_on_the_same_discard():
    table = table_for(RON_VS_PON)
    discard(table, 0, "1z")
    pending = table.pending()
    assert set(pending) == {1, 2}
    find(pending[1], ActionType.RON)
    table.act(2, find(pending[2], ActionType.PON))
    table.act(1, find(pending[1], ActionType.RON))
    assert table.is_over and [w.seat for w in table.result.wins] == [1]
    assert table.result.wins[0].discarder == 0
    assert table.players[2].melds == []


def test_passed_win_lets_the_pung_through_and_the_caller_discards_without_drawing():
    table = table_for(RON_VS_PON)
    wall_before = table.wall.remaining
    discard(table, 0, "1z")
    table.act(1, Pass())
    table.act(2, find(table.pending()[2], ActionType.PON))
    assert table.turn_seat == 2 and table.phase == "turn"
    assert table.players[2].melds[0].type is MeldType.PON
    assert table.players[2].melds[0].from_seat == 0
    assert table.wall.remaining == wall_before
    assert all(a.type is ActionType.DISCARD for a in table.pending()[2])
    assert table.players[0].discards[-1].claimed_by == 2


TWO_RONS = ["1z99m44p66p88s33s55z7z", "123456789m111p1z", "2468m2468p2468s3z", "123456789s111m1z"]


def test_two_win_claims_next_in_turn_wins():
    table = table_for(TWO_RONS)
    discard(table, 0, "1z")
    assert set(table.pending()) == {1, 3}
    table.act(3, Ron(table.last_discard[1]))
    table.act(1, Ron(table.last_discard[1]))
    assert [w.seat for w in table.result.wins] == [1]


def test_several_winners_when_the_variant_allows():
    table = table_for(TWO_RONS, multi_win=True)
    discard(table, 0, "1z")
    tile = table.last_discard[1]
    table.act(3, Ron(tile))
    table.act(1, Ron(tile))
    assert [w.seat for w in table.result.wins] == [1, 3]
    assert table.result.deltas[0] == -sum(w.score.score for w in table.result.wins)
    table.tile_locations()  # one physical tile, still in exactly one place


def test_chow_only_from_the_player_on_the_left():
    hands = ["3m99m44p66p88s33s55z7z", "12m456789p11s234z", "12m2468p2468s135z", "12m1357p1357s246z"]
    table = table_for(hands)
    discard(table, 0, "3m")
    pending = table.pending()
    assert set(pending) == {1}
    assert {a.type for a in pending[1]} == {ActionType.CHI, ActionType.PASS}


ROB = ["5m99m44p66p88s33s57z7z", "55m123p456p789s2z1s", "2468m19p1379s246z", "46m123p456p789s11z"]


def test_robbing_an_added_kong():
    # 5m: dealer discards one, seat 1 pungs it, later draws the fourth and adds it; seat 3 waits on 5m
    table = table_for(ROB, draws=["7p", "8p", "9p", "5m"])
    discard(table, 0, "5m")
    table.act(3, Pass())
    table.act(1, find(table.pending()[1], ActionType.PON))
    discard(table, 1, "1s")
    pass_all(table)
    for seat, tile in ((2, "7p"), (3, "8p"), (0, "9p")):
        assert table.turn_seat == seat
        discard(table, seat, tile)
        pass_all(table)
    assert table.turn_seat == 1
    table.act(1, find(table.pending()[1], ActionType.KAKAN))
    assert table.phase == "rob" and set(table.pending()) == {3}
    table.act(3, find(table.pending()[3], ActionType.RON))
    win = table.result.wins[0]
    assert (win.seat, win.discarder) == (3, 1)
    assert table.players[1].melds[0].type is MeldType.PON  # the kong never happened
    assert table.players[1].discards[-1].claimed_by is None  # the robbed tile was never a discard
    assert table.robbing is False
    assert K("5m") in [kind_of(t) for t in table.players[3].concealed]
    table.tile_locations()


def test_a_kong_draws_its_replacement_from_the_dead_wall():
    hands = ["1111m9m44p66p88s33s5z", "123456789p111s2z", "2468m2468p2468s3z", "123456789s111p4z"]
    table = table_for(hands)
    live_before = table.wall.remaining
    table.act(0, find(table.pending()[0], ActionType.ANKAN))
    assert table.phase == "turn" and table.turn_seat == 0
    assert table.players[0].melds[0].type is MeldType.ANKAN
    assert table.wall.remaining == live_before - 1  # the dead wall took one from the live end
    assert len(table.wall.untaken_dead()) == 14
    assert len(table.players[0].concealed) == 11
    assert any(e.type == "draw" and e.data["replacement"] for e in table.events)


def test_the_wall_runs_out_into_a_draw():
    table = BasicRuleset().new_table(seed=11)
    while not table.is_over:
        seat, actions = next(iter(table.pending().items()))
        drawn = table.players[seat].drawn
        choice = next((a for a in actions if a.type is ActionType.PASS), None) or next(
            (a for a in actions if a.type is ActionType.DISCARD and a.tile == drawn),
            next(a for a in actions if a.type is ActionType.DISCARD),
        )
        table.act(seat, choice)
    assert table.result.kind == "draw" and table.result.wins == []
    assert table.wall.remaining == 0
    # 122 live tiles, 53 dealt: the dealer's first discard plus one per remaining draw
    assert sum(len(p.discards) for p in table.players) == 122 - 53 + 1
    assert table.result.deltas == [0, 0, 0, 0]


class LeavingTable(BasicTable):
    """Sichuan-style: winners leave, several may win on a discard, three winners end the hand."""

    leave_on_win = True
    max_winners = 3


@pytest.mark.parametrize("seed", range(12))
def test_winners_leave_and_play_goes_on(seed):
    rng = random.Random(seed)
    table = LeavingTable(BasicOptions(multi_win=True), seed=seed)
    left = set()
    while not table.is_over:
        pending = table.pending()
        assert not (set(pending) & left), "a player who left was asked to act"
        seat = min(pending)
        actions = pending[seat]
        wins = [a for a in actions if a.type in (ActionType.TSUMO, ActionType.RON)]
        table.act(
            seat,
            wins[0] if wins else rng.choice([a for a in actions if a.type in (ActionType.DISCARD, ActionType.PASS)]),
        )
        left = {s for s, p in enumerate(table.players) if p.out}
        table.tile_locations()
    wins = table.result.wins
    assert len(wins) <= 3
    if len(wins) == 3 or table.result.kind == "win":
        assert len({w.seat for w in wins}) == len(wins)
