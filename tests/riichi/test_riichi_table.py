"""The riichi hand flow on arranged walls: riichi, furiten, kuikae, dora, special wins, draws, pao.

``None`` in a deal is a quiet hand (never calls, never ready); seat 0 deals.
"""

import pytest

from jantaku.engine.rulesets.riichi.context import RiichiHandContext
from jantaku.engine.actions import ActionType
from jantaku.engine.table import HandContext
from jantaku.engine.tiles import kind_of

from .riichi_tables import K, act, discard, has, pass_claims, play_discards, riichi_table

# dead wall: four replacement tiles, then the first dora indicator (8m: 9m is dora)
DEAD = ["2m", "3m", "4m", "5m", "8m"]
READY = "123m456p789s1122z"  # waits on 1z/2z (shanpon)


def names(win):
    return {i.name for i in win.score.items}


def claims(table, seat):
    return {a.type for a in table.pending().get(seat, ())}


# --- riichi ------------------------------------------------------------------------------------


def test_riichi_is_offered_only_for_discards_that_stay_ready():
    table = riichi_table([READY + "5z", None, None, None], dead=DEAD)
    riichi = [a.tile >> 2 for a in table.pending()[0] if a.type is ActionType.RIICHI]
    assert riichi == [K("5z")]


def test_riichi_stick_tsumogiri_and_ippatsu():
    table = riichi_table([READY + "5z", None, None, None], draws=["9m", "9p", "9s", "1z"], dead=DEAD)
    act(table, 0, ActionType.RIICHI, "5z")
    # nobody could claim the 5z, so the next draw came and the riichi stands
    assert table.deltas[0] == -1000 and table.view(1)["riichi"] == [True, False, False, False]
    assert table.view(0)["table_sticks"] == 1
    discard(table, 1, "9m")
    discard(table, 2, "9p")
    discard(table, 3, "9s")
    assert {a.type for a in table.pending()[0]} == {ActionType.DISCARD, ActionType.TSUMO}
    assert len(table.pending()[0]) == 2  # only the drawn tile may be discarded
    act(table, 0, ActionType.TSUMO)
    win = table.result.wins[0]
    assert {"Double riichi", "Ippatsu", "Menzen tsumo"} <= names(win)  # the dealer's first discard
    assert win.payments[0] == -sum(win.payments[s] for s in (1, 2, 3)) + 1000  # the stick comes back
    assert sum(table.result.deltas) == 0


def test_riichi_after_the_first_go_round_is_single():
    table = riichi_table(["123m456p789s11z2z59m", None, None, None], draws=["9m", "9p", "9s", "2z"], dead=DEAD)
    discard(table, 0, "5m")
    discard(table, 1, "9m")
    pass_claims(table)
    discard(table, 2, "9p")
    discard(table, 3, "9s")
    pass_claims(table)
    act(table, 0, ActionType.RIICHI, "9m")
    assert not table.seats[0].double_riichi


def test_no_riichi_without_points():
    table = riichi_table(
        [READY + "5z", None, None, None], dead=DEAD, context=HandContext(scores=(900, 25000, 25000, 25000))
    )
    assert not has(table.pending()[0], ActionType.RIICHI)


def test_no_riichi_with_fewer_than_four_tiles_to_draw():
    table = riichi_table([READY + "5z", None, None, None], dead=DEAD)
    table.wall._front = len(table.wall.live) - 3
    table._extra_turn_actions = ((-1, -1), [])
    assert not has(table.pending()[0], ActionType.RIICHI)


def test_riichi_player_makes_no_calls():
    table = riichi_table([READY + "5z", None, None, None], dead=DEAD)
    act(table, 0, ActionType.RIICHI, "5z")
    assert table.claim_options(0, 4 * K("1m"), 3) == []  # a chi of 1m with 23m, without riichi
    assert [a.type for a in table.claim_options(0, 4 * K("1z") + 3, 3)] == [ActionType.RON]


def test_ron_on_the_declaration_tile_voids_the_riichi():
    table = riichi_table([READY + "5z", "123m456p789s55z11s", None, None], dead=DEAD)
    act(table, 0, ActionType.RIICHI, "5z")
    act(table, 1, ActionType.RON)
    assert table.result.kind == "win"
    assert table.result.deltas[0] == -table.result.wins[0].payments[1]  # the discarder pays, no stick
    assert not any(e.type == "payment" for e in table.events)


def test_ippatsu_is_broken_by_a_call():
    table = riichi_table([READY + "5z", None, "499m258p258s3467z", None], draws=["9m", "9p", "1z"], dead=DEAD)
    act(table, 0, ActionType.RIICHI, "5z")
    discard(table, 1, "9m")
    act(table, 2, ActionType.PON, "9m")
    play_discards(table, (2, "4m"), (3, "9p"))
    act(table, 0, ActionType.TSUMO)
    assert "Ippatsu" not in names(table.result.wins[0])


def test_riichi_furiten_after_passing_a_winning_tile():
    table = riichi_table([READY + "5z", None, None, None], draws=["1z", "2z", "9s", "2z"], dead=DEAD)
    act(table, 0, ActionType.RIICHI, "5z")
    discard(table, 1, "1z")
    assert ActionType.RON in claims(table, 0)
    pass_claims(table)
    assert table.seats[0].riichi_furiten
    discard(table, 2, "2z")
    assert 0 not in table.pending()  # no ron for the rest of the hand
    discard(table, 3, "9s")
    act(table, 0, ActionType.TSUMO)  # a self-draw still wins
    assert table.result.wins[0].seat == 0


# --- furiten ------------------------------------------------------------------------------------


def test_discard_furiten_blocks_ron_not_tsumo():
    # seat 1 waits on 1z/2z and throws a 2z: furiten
    table = riichi_table(
        ["9m" + "258m258p147s3467z", READY, None, None], draws=["2z", "9p", "9s", "1z", "1z"], dead=DEAD
    )
    discard(table, 0, "9m")
    discard(table, 1, "2z")
    assert table.view(1)["furiten"]
    pass_claims(table)
    play_discards(table, (2, "9p"), (3, "9s"))
    discard(table, 0, "1z")
    assert ActionType.RON not in claims(table, 1) and ActionType.PON in claims(table, 1)
    pass_claims(table)
    act(table, 1, ActionType.TSUMO)  # its own draw still wins
    assert table.result.wins[0].seat == 1


def test_temporary_furiten_lasts_until_the_own_discard():
    # seat 2 waits on 1z/2z; seat 0 throws 1z (seat 2 passes), seat 1 throws 2z: no ron
    table = riichi_table(["1z" + "369m369p369s3467z", None, READY, None], draws=["2z", "9p"], dead=DEAD)
    discard(table, 0, "1z")
    assert ActionType.RON in claims(table, 2)
    pass_claims(table)
    assert table.view(2)["furiten"]
    discard(table, 1, "2z")
    assert ActionType.RON not in claims(table, 2)
    pass_claims(table)
    discard(table, 2, "9p")  # its own discard ends the temporary furiten
    assert not table.view(2)["furiten"]


def test_no_ron_without_a_yaku():
    # seat 1: 45m waits on 3m-6m, with a 999s pung (no pinfu) and terminals (no tanyao)
    table = riichi_table(["6m" + "369p369s147m3467z", "45m789p11p123s999s", None, None], dead=DEAD)
    discard(table, 0, "6m")
    assert claims(table, 1) == {ActionType.CHI, ActionType.PASS}


# --- kuikae ---------------------------------------------------------------------------------------


def test_kuikae_after_chi():
    table = riichi_table(["3m" + "369p369s147m3467z", "4566m258p258s347z", None, None], dead=DEAD)
    discard(table, 0, "3m")
    chi = [a for a in table.pending()[1] if a.type is ActionType.CHI]
    table.act(1, next(a for a in chi if {t >> 2 for t in a.tiles} == {K("4m"), K("5m")}))
    choices = {a.tile >> 2 for a in table.pending()[1] if a.type is ActionType.DISCARD}
    assert K("3m") not in choices and K("6m") not in choices and K("2p") in choices


def test_kuikae_after_pon():
    table = riichi_table(["3m" + "369p369s147m3467z", "33m58m258p258s347z", None, None], dead=DEAD)
    discard(table, 0, "3m")
    act(table, 1, ActionType.PON, "3m")
    choices = {a.tile >> 2 for a in table.pending()[1] if a.type is ActionType.DISCARD}
    assert K("3m") not in choices and K("5m") in choices


# --- dora ---------------------------------------------------------------------------------------


def test_concealed_kan_reveals_its_dora_at_once():
    table = riichi_table(["1111m369p369s258m3z", None, None, None], dead=DEAD)
    assert len(table.dora_indicators) == 1
    act(table, 0, ActionType.ANKAN, "1m")
    assert len(table.dora_indicators) == 2
    assert [e.type for e in table.events[-2:]] == ["dora", "draw"]  # before the replacement tile


@pytest.mark.parametrize("timing, before_discard", [("after_discard", 1), ("immediate", 2)])
def test_open_kan_dora_timing(timing, before_discard):
    table = riichi_table(
        ["9m" + "369p369s147m3467z", "999m258p258s3467z", None, None],
        dead=DEAD,
        options={"open_kan_dora_timing": timing},
    )
    discard(table, 0, "9m")
    act(table, 1, ActionType.KAN, "9m")
    assert len(table.dora_indicators) == before_discard
    discard(table, 1, "2p")
    assert len(table.dora_indicators) == 2


@pytest.mark.parametrize("timing, indicators", [("after_discard", 1), ("immediate", 2)])
def test_a_win_on_an_open_kans_replacement_tile_shows_no_indicator_still_owed(timing, indicators):
    # as Tenhou plays it (its JSON of the 31 logs in tests/data): the open kan's indicator would have come
    # with the replacement's discard, and there is none
    table = riichi_table(
        ["9m369p369s147m3467z", "999m234p567s1122z", None, None],
        dead=["1z", "3m", "4m", "5m", "8m"],
        options={"open_kan_dora_timing": timing},
    )
    discard(table, 0, "9m")
    act(table, 1, ActionType.KAN, "9m")
    act(table, 1, ActionType.TSUMO)
    assert "Rinshan kaihou" in names(table.result.wins[0])
    assert len(table.dora_indicators) == indicators


# --- special wins ---------------------------------------------------------------------------------


def test_rinshan_kaihou():
    table = riichi_table(["1111m234p567s1122z", None, None, None], dead=["1z", "3m", "4m", "5m", "8m"])
    act(table, 0, ActionType.ANKAN, "1m")
    act(table, 0, ActionType.TSUMO)
    assert "Rinshan kaihou" in names(table.result.wins[0])


def test_chankan():
    # seat 1 pons the dealer's 5s and later adds the fourth; seat 2 (46s) robs it
    table = riichi_table(
        ["5s" + "258m258p369s3467z", "55s258m369p147s34z", "123m456p789p11z46s", None],
        draws=["9m", "9s", "1p", "5s"],
        dead=DEAD,
    )
    discard(table, 0, "5s")
    act(table, 1, ActionType.PON, "5s")
    play_discards(table, (1, "3z"), (2, "9m"), (3, "9s"), (0, "1p"))
    act(table, 1, ActionType.KAKAN, "5s")
    act(table, 2, ActionType.RON)
    win = table.result.wins[0]
    assert win.seat == 2 and "Chankan" in names(win)
    assert table.players[1].melds[0].type.value == "pon"  # the kan never happened


def test_haitei_and_houtei_on_the_last_tile():
    table = riichi_table([READY + "5z", None, None, None], dead=DEAD)
    table.wall._front = len(table.wall.live)
    assert table._win_context(0, 4 * K("1z"), self_drawn=True).last_tile
    assert table._win_context(1, 4 * K("1z"), self_drawn=False).last_tile


# --- abortive draws -------------------------------------------------------------------------------


def test_kyuushu_kyuuhai():
    table = riichi_table(["19m19p19s1234567z5m", None, None, None], dead=DEAD)
    act(table, 0, ActionType.ABORT)
    assert table.result.kind == "abort" and table.result.reason == "kyuushu kyuuhai"
    eight_kinds = riichi_table(["19m19p1234z556677m", None, None, None], dead=DEAD)
    assert not has(eight_kinds.pending()[0], ActionType.ABORT)
    off = riichi_table(["19m19p19s1234567z5m", None, None, None], dead=DEAD, options={"abortive_draws": False})
    assert not has(off.pending()[0], ActionType.ABORT)


def test_suufon_renda():
    table = riichi_table(
        ["1z" + "123m456p789s2355m", "1z" + "258m258p258s346z", "1z" + "369m369p369s347z", "1z" + "147m147p147s467z"],
        draws=["9m", "9p", "9s"],
        dead=DEAD,
    )
    for seat in range(4):
        discard(table, seat, "1z")
        pass_claims(table)
    assert table.result.kind == "abort" and table.result.reason == "suufon renda"


TRIPLE_RON = ["5p" + "147m147p147s3467z", "123456789m99s46p", "234m678m345s55s67p", "345m678s234s88m34p"]


DEAD_HONOURS = ["1z", "1z", "2z", "2z", "5z"]


def test_sanchahou():
    table = riichi_table(TRIPLE_RON, dead=DEAD_HONOURS)
    discard(table, 0, "5p")
    for seat in (1, 2, 3):
        act(table, seat, ActionType.RON)
    assert table.result.kind == "abort" and table.result.reason == "sanchahou"
    table = riichi_table(TRIPLE_RON, dead=DEAD_HONOURS, preset="majsoul")  # no abort: three winners
    discard(table, 0, "5p")
    for seat in (1, 2, 3):
        act(table, seat, ActionType.RON)
    assert [w.seat for w in table.result.wins] == [1, 2, 3]


def test_double_ron_honba_and_sticks_to_the_nearest_winner():
    table = riichi_table(
        [TRIPLE_RON[0], None, TRIPLE_RON[2], TRIPLE_RON[3]],
        dead=DEAD,
        context=RiichiHandContext(honba=2, sticks=1, scores=(25000,) * 4),
    )
    discard(table, 0, "5p")
    act(table, 2, ActionType.RON)
    act(table, 3, ActionType.RON)
    first, second = table.result.wins
    assert (first.seat, second.seat) == (2, 3)
    assert first.payments == {0: -2600, 2: 3600, 1: 0, 3: 0}  # pinfu tanyao 2,000 + 600 honba + stick
    assert second.payments == {0: -2000, 3: 2000, 1: 0, 2: 0}


def test_head_bump():
    table = riichi_table(
        [TRIPLE_RON[0], None, TRIPLE_RON[2], TRIPLE_RON[3]], dead=DEAD, options={"multi_ron": "head_bump"}
    )
    discard(table, 0, "5p")
    act(table, 2, ActionType.RON)
    act(table, 3, ActionType.RON)
    assert [w.seat for w in table.result.wins] == [2]


# --- the end of the wall ----------------------------------------------------------------------------


def test_tenpai_payments_at_the_end_of_the_wall():
    table = riichi_table([READY + "5m", None, None, None], dead=DEAD)
    table.wall._front = len(table.wall.live)  # the wall is used up after this discard
    discard(table, 0, "5m")
    assert table.result.kind == "draw"
    assert table.result.deltas == [3000, -1000, -1000, -1000]
    assert table.result.flags["tenpai"] == [0]


def test_nagashi_mangan_at_the_end_of_the_wall():
    table = riichi_table(["19m19p19s1234567z5m", None, None, None], dead=DEAD)
    table.wall._front = len(table.wall.live)
    discard(table, 0, "1z")
    assert table.result.kind == "draw"
    assert table.result.deltas == [12000, -4000, -4000, -4000]
    assert table.result.details[0]["name"] == "Nagashi mangan"
    off = riichi_table(["19m19p19s1234567z5m", None, None, None], dead=DEAD, options={"nagashi_mangan": False})
    off.wall._front = len(off.wall.live)
    discard(off, 0, "1z")
    assert off.result.deltas == [0, 0, 0, 0]


def test_waiting_on_ones_own_fourth_tile_is_not_tenpai():
    table = riichi_table(["1111m234p567s789s5m", None, None, None], dead=["2m", "3m", "4m", "6m", "8m"])
    table.wall._front = len(table.wall.live)
    discard(table, 0, "5m")
    assert not table.seats[0].waits  # the only tile that would complete it does not exist
    assert table.result.flags["tenpai"] == []


def test_pao_daisangen_feeder_pays_a_self_draw():
    table = riichi_table(
        ["567z258m258p258s34z", "55z66z77z123m44p9m1s", None, None],
        draws=["9p", "9s", "1p", "8p", "8s", "1s", "7p", "7s", "9m", "4m"],
        dead=DEAD,
    )
    discard(table, 0, "5z")
    act(table, 1, ActionType.PON, "5z")
    play_discards(table, (1, "9m"), (2, "9p"), (3, "9s"))
    discard(table, 0, "6z")
    act(table, 1, ActionType.PON, "6z")
    play_discards(table, (1, "1s"), (2, "8p"), (3, "8s"))
    discard(table, 0, "7z")
    act(table, 1, ActionType.PON, "7z")
    play_discards(table, (1, "1m"), (2, "7p"), (3, "7s"), (0, "9m"))
    act(table, 1, ActionType.TSUMO)
    win = table.result.wins[0]
    assert "Daisangen" in names(win)
    assert win.payments == {0: -32000, 1: 32000, 2: 0, 3: 0}


def test_suucha_riichi():
    table = riichi_table(
        [READY + "5z", "123p456s789m3344z", "123s456m789p5577z", "234m567m345p6678s"],
        draws=["6z", "6z", "6z", "9m"],
        dead=DEAD,
    )
    act(table, 0, ActionType.RIICHI, "5z")
    pass_claims(table)
    for seat in (1, 2, 3):
        act(table, seat, ActionType.RIICHI, "6z")
        pass_claims(table)
    assert table.result.kind == "abort" and table.result.reason == "suucha riichi"
    assert table.result.deltas == [-1000] * 4 and table.result.flags["riichi_sticks"] == 4


def test_suukaikan_after_the_fourth_kan_by_two_players():
    table = riichi_table(
        ["1111m2222m567p17z8s", "3333m4444m567s12p", None, None], draws=["3z"], dead=["9p", "9p", "9s", "9s", "8m"]
    )
    act(table, 0, ActionType.ANKAN, "1m")
    act(table, 0, ActionType.ANKAN, "2m")
    discard(table, 0, "1z")
    pass_claims(table)
    act(table, 1, ActionType.ANKAN, "3m")
    act(table, 1, ActionType.ANKAN, "4m")
    assert len(table.dora_indicators) == 5
    assert not any(a.type is ActionType.ANKAN for a in table.pending()[1])
    discard(table, 1, "3z")
    pass_claims(table)
    assert table.result.kind == "abort" and table.result.reason == "suukaikan"


@pytest.mark.parametrize("preset, robbed", [("tenhou", False), ("majsoul", True)])
def test_thirteen_orphans_robs_a_concealed_kan_by_option(preset, robbed):
    table = riichi_table(["1111m258p258s3467z", "9m19p19s12345677z", None, None], dead=DEAD, preset=preset)
    act(table, 0, ActionType.ANKAN, "1m")
    assert (ActionType.RON in claims(table, 1)) is robbed
    if robbed:
        act(table, 1, ActionType.RON)
        assert "Kokushi musou" in names(table.result.wins[0])


def test_three_thirteen_orphans_robbing_one_concealed_kan_abort_and_the_tile_goes_back():
    # sanchahou on a robbed kan: the hand is drawn, and the kan's fourth tile returns to its owner
    hands = ["1111m258p258s3467m", "99m19p19s1234567z", "9m119p19s1234567z", "9m19p119s1234567z"]
    table = riichi_table(hands, dead=DEAD, preset="majsoul", options={"triple_ron_abort": True})
    act(table, 0, ActionType.ANKAN, "1m")
    for seat in (1, 2, 3):
        act(table, seat, ActionType.RON)
    assert table.result.kind == "abort" and table.result.reason == "sanchahou"
    where = table.tile_locations()  # raises if a tile is in two places
    assert sorted(where) == sorted(table.tile_set())  # none lost
    assert sum(kind_of(t) == K("1m") for t in table.players[0].concealed) == 4


def test_concealed_kan_after_riichi_only_if_the_waits_stay():
    # 111m + 23m waits on 1m-4m; a kan of 1m would leave 23m (waits change): refused
    table = riichi_table(["111m23m456p789s55z6z", None, None, None], draws=["9m", "9p", "9s", "1m"], dead=DEAD)
    act(table, 0, ActionType.RIICHI, "6z")
    play_discards(table, (1, "9m"), (2, "9p"), (3, "9s"))
    assert not has(table.pending()[0], ActionType.ANKAN)
    # 111m held apart from the wait: 1z-2z shanpon; the kan leaves the waits as they were
    table = riichi_table(["111m456p789s1122z6z", None, None, None], draws=["9m", "9p", "9s", "1m"], dead=DEAD)
    act(table, 0, ActionType.RIICHI, "6z")
    play_discards(table, (1, "9m"), (2, "9p"), (3, "9s"))
    assert has(table.pending()[0], ActionType.ANKAN)
