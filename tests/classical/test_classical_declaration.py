"""The riichi declaration, an optional classical variant (seed 000), on arranged walls:
offered to a concealed ready hand, then the hand is locked; one more double if it wins."""

from jantaku.engine.actions import ActionType
from jantaku.engine.melds import MeldType, make_meld
from jantaku.engine.rulesets.classical.declaration import declaration_discards, real_waits
from jantaku.engine.tiles import format_tiles, kind_of, parse_kinds, parse_tiles

from .classical_helpers import act, new_table, pass_claims, types

ON = {"riichi_declaration": True}
# East (seat 0) is ready on 5m after discarding 7z; nobody else can claim 7z or 5m.
EAST_READY = [
    "123m456p789s234s5m7z",
    "4m6m8m1p3p5p7p9p1s3s5s1z2z",
    "4m6m8m1p3p5p7p9p1s3s5s1z2z",
    "7m9m6m2p4p6p8p2s4s6s8s3z4z",
]


def kinds_of(actions):
    return sorted(kind_of(a.tile) for a in actions)


def riichi_actions(table, seat):
    return [a for a in table.legal_actions(seat) if a.type is ActionType.RIICHI]


def go_round(table, draws_to_discard):
    """Seats 1, 2, 3 discard the named tiles (their draws), each passing every claim."""
    for seat, tile in zip((1, 2, 3), draws_to_discard):
        pass_claims(table)
        act(table, seat, f"discard {tile}")
    pass_claims(table)


def test_the_declaration_is_off_by_default():
    table = new_table(EAST_READY)
    assert ActionType.RIICHI not in types(table, 0)


def test_a_ready_concealed_hand_may_declare_with_the_discards_that_keep_it_ready():
    table = new_table(EAST_READY, options=ON)
    assert kinds_of(riichi_actions(table, 0)) == parse_kinds("5m7z")  # single wait on 7z or on 5m


def test_a_hand_not_ready_may_not_declare():
    hands = ["123m456p789s24s5m6z7z"] + EAST_READY[1:]
    assert ActionType.RIICHI not in types(new_table(hands, options=ON), 0)


def test_after_declaring_the_hand_discards_what_it_draws():
    table = new_table(EAST_READY, options=ON, draws="6z6z6z1z")
    act(table, 0, "riichi 7z")
    assert any(e.type == "riichi" and e.seat == 0 for e in table.events)
    go_round(table, ["6z", "6z", "6z"])
    assert table.turn_seat == 0
    legal = table.legal_actions(0)
    assert [(a.type, format_tiles([a.tile])) for a in legal] == [(ActionType.DISCARD, "1z")]
    assert table.view(1)["riichi"] == [True, False, False, False]


def test_without_declaring_the_hand_may_change():
    table = new_table(EAST_READY, options=ON, draws="6z6z6z1z")
    act(table, 0, "discard 7z")
    go_round(table, ["6z", "6z", "6z"])
    assert len([a for a in table.legal_actions(0) if a.type is ActionType.DISCARD]) > 1


def test_a_declared_hand_claims_nothing_but_a_win():
    # North (seat 3, to East's left) discards 4m: East could chow it with 23m unless declared
    draws = "6z6z4m"
    for declare, chow in (("discard 7z", True), ("riichi 7z", False)):
        table = new_table(EAST_READY, options=ON, draws=draws)
        act(table, 0, declare)
        go_round(table, ["6z", "6z"])
        act(table, 3, "discard 4m")
        offered = {a.type for a in table.pending().get(0, [])}
        assert (ActionType.CHI in offered) is chow


def test_a_declared_hand_that_wins_scores_the_declaration_double():
    table = new_table(EAST_READY, options=ON, draws="6z6z6z5m")
    act(table, 0, "riichi 7z")
    go_round(table, ["6z", "6z", "6z"])
    act(table, 0, "tsumo 5m")
    win = table.result.wins[0]
    assert {i.name: i.value for i in win.score.items if i.unit == "doubles"}["Riichi declaration"] == 1


def test_an_undeclared_win_has_no_declaration_double():
    table = new_table(EAST_READY, options=ON, draws="6z6z6z5m")
    act(table, 0, "discard 7z")
    go_round(table, ["6z", "6z", "6z"])
    act(table, 0, "tsumo 5m")
    assert "Riichi declaration" not in {i.name for i in table.result.wins[0].score.items}


# East holds 111m and waits on 2m and 3m (1112m): a kong of 1m would leave only 2m.
EAST_KONG_CHANGES = ["1112m456p789s234s7z"] + EAST_READY[1:]
# East holds 111m and waits on 5m: a kong of 1m keeps that wait.
EAST_KONG_KEEPS = ["111m456p789s234s5m7z"] + EAST_READY[1:]


def test_a_declared_hand_may_kong_only_if_the_waits_stay():
    keeps = new_table(EAST_KONG_KEEPS, options=ON, draws="6z6z6z1m")
    act(keeps, 0, "riichi 7z")
    go_round(keeps, ["6z", "6z", "6z"])
    assert ActionType.ANKAN in types(keeps, 0)
    changes = new_table(EAST_KONG_CHANGES, options=ON, draws="6z6z6z1m")
    act(changes, 0, "riichi 7z")
    go_round(changes, ["6z", "6z", "6z"])
    assert ActionType.ANKAN not in types(changes, 0)
    assert types(changes, 0) == {ActionType.DISCARD}


def test_a_kong_before_declaring_is_free():
    table = new_table(EAST_KONG_CHANGES, options=ON, draws="6z6z6z1m")
    act(table, 0, "discard 7z")
    go_round(table, ["6z", "6z", "6z"])
    assert ActionType.ANKAN in types(table, 0)


# --- the pieces --------------------------------------------------------------------------------


def test_a_wait_on_a_fifth_copy_is_no_wait():
    hand = parse_tiles("1111m234p567s789s5m")
    assert format_tiles(declaration_discards(hand, [])) == "1m"
    kong = make_meld(MeldType.ANKAN, parse_tiles("9999s"))  # 78s waits on 6s and a fifth 9s
    assert real_waits(parse_tiles("78s234p111z55z"), [kong]) == frozenset(parse_kinds("6s"))


def test_an_exposed_hand_may_not_declare():
    pung = make_meld(MeldType.PON, parse_tiles("555z"), claimed=parse_tiles("5z")[0], from_seat=1)
    assert declaration_discards(parse_tiles("123m456p789s5m7z"), [pung]) == []
    kong = make_meld(MeldType.ANKAN, parse_tiles("5555z"))
    assert declaration_discards(parse_tiles("123m456p789s5m7z"), [kong]) != []
