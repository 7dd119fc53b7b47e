"""Riichi rules from the audit of issue #20, on arranged walls: the discard after a fourth kan by
different players, no wait on a fifth copy, concealed kans after riichi, and the dealer rotation
of seed 003 as an option.  ``None`` in a deal is a quiet hand; seat 0 deals."""

import random
from pathlib import Path

import pytest

from jantaku.engine.rulesets.riichi.context import RiichiHandContext
from jantaku.engine.actions import ActionType
from jantaku.engine.analyzer import analyze_json
from jantaku.engine.match import Match
from jantaku.engine.results import HandResult
from jantaku.engine.ruleset import get_ruleset
from jantaku.engine.rulesets.riichi import riichi_options
from jantaku.engine.table import HandContext
from jantaku.engine.tiles import parse_tiles
from jantaku.engine.melds import MeldType
from jantaku.engine.rulesets.riichi.view import RiichiView
from jantaku.engine.views import MeldView, RuleFacts, SeatView, View
from jantaku.tui.viewmodel import view_waits, waits_after_discard

from ..engine.helpers import step_random
from .riichi_tables import K, act, discard, has, pass_claims, play_discards, riichi_table

DEAD = ["2m", "3m", "4m", "5m", "8m"]  # four replacement tiles, then the first dora indicator


def riichi_tiles(table, seat=0):
    return sorted(a.tile >> 2 for a in table.pending()[seat] if a.type is ActionType.RIICHI)


# --- item 4: the discard after the fourth kan by different players ---------------------------------

FOUR_KANS = ["1111m2222m567p17z8s", "3333m4444m567s12p"]
FOUR_KANS_DEAD = ["9p", "9p", "9s", "9s", "8m"]


def four_kans_by_two_players(third_hand, fourth_hand=None):
    """Seat 0 and seat 1 make two concealed kans each; seat 1 then has a 3z to discard."""
    table = riichi_table(FOUR_KANS + [third_hand, fourth_hand], draws=["3z"], dead=FOUR_KANS_DEAD)
    act(table, 0, ActionType.ANKAN, "1m")
    act(table, 0, ActionType.ANKAN, "2m")
    discard(table, 0, "1z")
    pass_claims(table)
    act(table, 1, ActionType.ANKAN, "3m")
    act(table, 1, ActionType.ANKAN, "4m")
    return table


def test_after_the_fourth_kan_no_call_is_offered_and_the_hand_aborts_on_the_discard():
    table = four_kans_by_two_players("147p258s9m33z2456z")  # seat 2 could pon the 3z
    discard(table, 1, "3z")
    assert 2 not in table.pending()  # no pon on the discard after the fourth kan (Tenhou)
    assert table.result is not None and table.result.kind == "abort"
    assert table.result.reason == "suukaikan"
    assert sum(table.result.deltas) == 0


def test_after_the_fourth_kan_only_a_win_is_offered():
    table = four_kans_by_two_players("123p456s789p33z44z")  # ready on 3z (West, its seat wind) / 4z
    discard(table, 1, "3z")
    assert {a.type for a in table.pending()[2]} == {ActionType.RON, ActionType.PASS}
    pass_claims(table)
    assert table.result.kind == "abort" and table.result.reason == "suukaikan"


def test_a_win_on_the_discard_after_the_fourth_kan_stands():
    table = four_kans_by_two_players("123p456s789p33z44z")
    discard(table, 1, "3z")
    act(table, 2, ActionType.RON)
    assert table.result.kind == "win" and table.result.wins[0].seat == 2


# --- item 5: a wait on a fifth copy is no wait ----------------------------------------------------


def test_no_riichi_on_a_discard_that_leaves_only_a_fifth_copy_wait():
    # the hand: 4566p 9999s 555z with a concealed kan of 4s; discarding 6p "waits" on a fifth 9s
    table = riichi_table(["4444s456p9999s555z", None, None, None], dead=["6p"] + DEAD[1:])
    act(table, 0, ActionType.ANKAN, "4s")
    assert riichi_tiles(table) == [K("9s")]  # 4566p 999s 555z waits on 3p-6p: real waits


def kan_of_the_wait_hand():
    """35s 456p 999m 55z + 7z with a concealed kan of 4s: its only "wait" is a fifth 4s."""
    table = riichi_table(
        ["4444s35s456p999m55z", None, None, None], dead=["7z"] + DEAD[1:], options={"nagashi_mangan": False}
    )  # its one discard is an honour
    act(table, 0, ActionType.ANKAN, "4s")
    return table


def test_a_wait_on_a_kind_in_the_own_kan_is_no_wait():
    table = kan_of_the_wait_hand()
    assert riichi_tiles(table) == []
    discard(table, 0, "7z")
    assert table.view(0)["waits"] == []
    me = table.view(0)["players"][0]
    assert not view_waits(me["concealed"], len(me["melds"]), table.view(0))  # no "ready" hint either


def test_the_discard_hint_reads_the_hand_after_that_discard():
    # ready on 1z-2z before the draw (the view's waits); discarding 1m after drawing 5z is not ready
    hand = parse_tiles("123m456p789s1122z5z")
    view = viewer_with(waits=(K("1z"), K("2z")))
    assert waits_after_discard(hand, hand[-1], 0, view) == [K("1z"), K("2z")]
    assert waits_after_discard(hand, hand[0], 0, view) is None
    kan = MeldView(MeldType.ANKAN, tuple(parse_tiles("4444s")))
    assert waits_after_discard(parse_tiles("35s456p999m55z7z"), parse_tiles("7z")[0], 1, viewer_with(kan)) == []


def viewer_with(*melds: MeldView, waits: tuple[int, ...] | None = None) -> View:
    """A riichi view of seat 0 holding ``melds``, its variant's waits ``waits``."""
    seats = (SeatView(0, 0, 13, melds=melds),) + tuple(SeatView(s, s, 13) for s in (1, 2, 3))
    return View(
        "riichi",
        0,
        "turn",
        0,
        0,
        0,
        0,
        (25000,) * 4,
        60,
        seats,
        None,
        RuleFacts(),
        extension=RiichiView(dora_indicators=(), riichi=(False,) * 4, table_sticks=0, waits=waits),
    )


def test_analyze_reports_no_wait_on_a_kongs_fifth_copy():
    result = analyze_json({"hand": "35s456p999m55z ankan:4444s"})
    assert result["shanten"]["min"] == 0 and result["waits"] == []  # the shanten number stays


def test_a_fifth_copy_wait_is_noten_at_the_exhaustive_draw():
    table = kan_of_the_wait_hand()
    table.wall._front = len(table.wall.live)  # the wall is used up after this discard
    discard(table, 0, "7z")
    assert table.result.kind == "draw" and table.result.flags["tenpai"] == []
    assert table.result.deltas == [0, 0, 0, 0]
    # the hand after discarding 6p: noten too
    table = riichi_table(
        ["4444s456p9999s555z", None, None, None], dead=["6p"] + DEAD[1:], options={"nagashi_mangan": False}
    )
    act(table, 0, ActionType.ANKAN, "4s")
    table.wall._front = len(table.wall.live)
    discard(table, 0, "6p")
    assert table.result.flags["tenpai"] == [] and table.result.deltas == [0, 0, 0, 0]


# --- item 6: a concealed kan after riichi only when the waits stay -----------------------------------


def riichi_then_draw(hand, tile):
    table = riichi_table([hand + "7z", None, None, None], draws=["9m", "9p", "9s", tile], dead=DEAD)
    act(table, 0, ActionType.RIICHI, "7z")
    play_discards(table, (1, "9m"), (2, "9p"), (3, "9s"))
    return table


def test_no_kan_after_riichi_of_a_kind_waited_on():
    # 1133345666p 567s waits on 1p-3p-6p; a kan of 3p leaves 1p-6p (3p would be a fifth copy)
    table = riichi_then_draw("1133345666p567s", "3p")
    assert table.seats[0].waits == frozenset(map(K, ("1p", "3p", "6p")))
    assert has(table.pending()[0], ActionType.TSUMO)
    assert not has(table.pending()[0], ActionType.ANKAN)


def test_a_kan_after_riichi_that_keeps_the_waits_is_offered():
    # 111p apart from the 9s-2z shanpon: after the kan the waits are the same
    table = riichi_then_draw("111p345p678s99s22z", "1p")
    assert has(table.pending()[0], ActionType.ANKAN, K("1p"))
    act(table, 0, ActionType.ANKAN, "1p")
    assert table.seats[0].riichi and table.players[0].melds[0].type.value == "ankan"


# --- item 11: the dealer rotation of seed 003 ------------------------------------------------------

EVEN = [25000] * 4


def draw(tenpai=()):
    return HandResult(kind="draw", flags={"tenpai": list(tenpai), "riichi_sticks": 0})


def test_tenhou_and_majsoul_keep_the_deal_on_a_tenpai_draw_and_an_abort():
    for preset in ("tenhou", "majsoul"):
        assert riichi_options(preset).renchan_on_draw is True
        rs = get_ruleset("riichi", preset=preset)
        assert rs.next_context(HandContext(dealer=2), draw(tenpai=[2]), EVEN).dealer == 2
        assert rs.next_context(HandContext(dealer=2), HandResult(kind="abort"), EVEN).dealer == 2


def test_seed_003_rotation_passes_the_deal_whenever_the_dealer_does_not_win():
    rs = get_ruleset("riichi", options={"renchan_on_draw": False})
    tenpai_draw = rs.next_context(RiichiHandContext(dealer=2, honba=1), draw(tenpai=[2]), EVEN)
    assert (tenpai_draw.dealer, tenpai_draw.honba) == (3, 2)  # a draw still adds a honba
    aborted = rs.next_context(HandContext(dealer=2), HandResult(kind="abort"), EVEN)
    assert (aborted.dealer, aborted.honba) == (3, 1)
    # the last hand: a dealer who does not win ends the game when somebody has 30,000
    assert rs.next_context(HandContext(dealer=3, round_wind=1), draw(tenpai=[3]), [40000, 30000, 20000, 10000]) is None


def test_a_whole_match_with_seed_003_rotation():
    match = Match(get_ruleset("riichi", options={"renchan_on_draw": False, "game_length": "east"}), 7)
    rng = random.Random(7)
    seen: list[tuple[int, bool]] = []  # per hand: the dealer, and whether the dealer won
    steps = 0
    while not match.is_over and steps < 20000:
        was_playing = match.phase == "play"
        step_random(match, rng)
        if was_playing and match.phase != "play":
            result = match.table.result
            dealer = match.table.context.dealer
            seen.append((dealer, any(w.seat == dealer for w in result.wins)))
        steps += 1
    assert match.is_over and len(seen) >= 4
    draws_passed = 0
    for (dealer, dealer_won), (next_dealer, _) in zip(seen, seen[1:]):
        assert next_dealer == (dealer if dealer_won else (dealer + 1) % 4)
        draws_passed += not dealer_won
    assert draws_passed >= 3


# --- the rules help and the docs list the options -----------------------------------------------------

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.mark.parametrize("variant, new_option", [("riichi", "renchan_on_draw"), ("sichuan", "pass_win_lock_ends")])
def test_the_rules_help_and_the_docs_page_list_every_option(variant, new_option):
    from rich.console import Console

    from jantaku.engine.options import describe_options
    from jantaku.engine.ruleset import ruleset_class
    from jantaku.tui.screens.rules import rules_text

    console = Console(record=True, width=200)
    console.print(rules_text(variant))
    help_text = console.export_text()
    page = (DOCS / f"{variant}.md").read_text(encoding="utf-8")
    names = [o["name"] for o in describe_options(ruleset_class(variant).Options)]
    assert new_option in names
    assert all(name in help_text for name in names)
    assert all(f"`{name}`" in page for name in names)


def test_a_ready_hand_with_no_yaku_on_a_discard_is_flagged():
    """The hint warns "no yaku" when a ready hand could not win on a discard (riichi or a self-draw
    would give it one); a hand with a yaku on every wait is not flagged."""
    # dealer: 123m 456p 789s 22m 13s + 7z: after throwing 7z it waits on 2s (kanchan), no yaku on a discard
    table = riichi_table(["123m456p789s22m13s7z", "134m567p345s69s11z", None, None])
    discard(table, 0, "7z")
    assert table.view(0).extension.no_yaku is True
    assert "no yaku" in table.view(0).extension.warnings()
    assert table.view(1).extension.no_yaku is False  # not ready: nothing to warn about
    assert table.view(None).extension.no_yaku is None  # a spectator has no hand
    tanyao = riichi_table(["234m456p678s22m35s7z", None, None, None])
    discard(tanyao, 0, "7z")
    assert tanyao.view(0).extension.no_yaku is False  # all simples on the 4s
