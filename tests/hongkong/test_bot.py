"""The Hong Kong bot: it reaches the fan minimum and aims for fan."""

from jantaku.engine.actions import ActionType, Chi, Pon
from jantaku.engine.bots import get_bot
from jantaku.engine.rulesets.hongkong.bot import HongKongBot, Plan, StrongHongKongBot, make_plan
from jantaku.engine.selfplay import run_selfplay
from jantaku.engine.tiles import kind_of, kind_str

from .tables import give_pung, kinds, stacked_table


def choice(table, seat=0):
    action = get_bot("hongkong").choose(table.view(seat), table.pending()[seat])
    assert action in table.pending()[seat]
    return action


def _flush_or_cheap_wait(min_fan):
    """A claimed pung of 2m, 345m 678m 99m 56p and 1z: discarding 1z leaves a hand ready on 4p/7p
    for no fan; discarding 5p or 6p keeps a mixed one suit (3 fan) in reach."""
    table = stacked_table({0: "222m345m678m99m56p1z"}, min_fan=min_fan)
    give_pung(table, 0, "2m", from_seat=1)
    return table


def test_with_a_minimum_it_keeps_the_flush_over_a_worthless_ready_hand():
    action = choice(_flush_or_cheap_wait(3))
    assert action.type is ActionType.DISCARD and kind_str(kind_of(action.tile)) in ("5p", "6p")


def test_without_a_minimum_it_takes_the_ready_hand():
    action = choice(_flush_or_cheap_wait(0))
    assert action.type is ActionType.DISCARD and kind_str(kind_of(action.tile)) == "1z"


def test_it_plans_a_flush_and_keeps_value_honours():
    table = _flush_or_cheap_wait(3)
    plan = make_plan(table.view(0))
    assert plan.suit == "m" and plan.keeps(kinds("1z")[0]) and not plan.keeps(kinds("5p")[0])
    assert set(kinds("567z")) <= plan.value_honors


def test_it_takes_every_win_it_is_offered():
    table = stacked_table({0: "123m456p789s234m11z"})
    assert choice(table).type is ActionType.TSUMO


def test_it_declares_a_dealt_kong_in_the_opening():
    table = stacked_table({0: "1111m23m456p789s1z2z"})
    assert choice(table).type is ActionType.ANKAN


def test_with_a_minimum_it_makes_no_call_outside_its_plan():
    # seat 1 could chow the 5p with 46p, but its hand is no flush and the chow brings no fan
    table = stacked_table({0: "5p123m456m789m1234z", 1: "46p135s79s246m667z"}, min_fan=3)
    table.act(
        0, next(a for a in table.pending()[0] if a.type is ActionType.DISCARD and kind_of(a.tile) == kinds("5p")[0])
    )
    assert choice(table, 1).type is ActionType.PASS


def test_claims_that_fit():
    plan = Plan(suit="s", pungs=False, value_honors=frozenset(kinds("567z1z")))
    fits = HongKongBot._claim_fits
    assert fits(Pon(kinds("5z")[0] * 4, ()), plan)
    assert fits(Chi(kinds("4s")[0] * 4, ()), plan)
    assert not fits(Chi(kinds("4m")[0] * 4, ()), plan)
    assert not fits(Pon(kinds("4m")[0] * 4, ()), plan)


def test_with_a_three_fan_minimum_it_beats_the_baseline_bot():
    summary = run_selfplay(
        "hongkong", hands=24, seed=3, bots=["hongkong", "easy", "hongkong", "easy"], options={"min_fan": 3}
    )
    assert not summary["errors"]
    seats = summary["seats"]
    assert seats[0]["points"] + seats[2]["points"] > 0
    assert seats[0]["wins"] + seats[2]["wins"] > seats[1]["wins"] + seats[3]["wins"]


def _ready_value_after_discarding(tile, min_fan):
    from jantaku.engine.bots.baseline import visible_counts
    from jantaku.engine.rulesets.hongkong.bot import view_options
    from jantaku.engine.rulesets.hongkong.hand import WinFacts
    from jantaku.engine.tiles import counts34

    view = _flush_or_cheap_wait(min_fan).view(0)
    counts = counts34(view["players"][0]["concealed"])
    dropped = kinds(tile)[0]
    counts[dropped] -= 1
    facts = WinFacts(seat=0, round=0, self_drawn=False, discarder=1)
    return HongKongBot._ready_value(view, counts, 1, dropped, visible_counts(view), facts, view_options(view))


def test_a_ready_hand_counts_only_waits_that_make_a_legal_win():
    # ready on 4p/7p for no fan: worth 1 point per unseen copy without a minimum, nothing with one
    assert _ready_value_after_discarding("1z", 0) == 8
    assert _ready_value_after_discarding("1z", 1) == 0


# --- the ``strong`` level (:class:`StrongHongKongBot`, the speed-first bot) ------------------------


def strong_choice(table, seat=0):
    action = get_bot("strong").choose(table.view(seat), table.pending()[seat])
    assert action in table.pending()[seat]
    return action


def test_strong_throws_the_other_suits_first_when_the_hand_leans_to_one():
    # 11 of 14 tiles are manzu or honours: the baseline throws the lone 1z, strong keeps it for the flush
    table = stacked_table({0: "1235678m9m55z1z34p8s"})
    assert kind_str(kind_of(get_bot("easy").choose(table.view(0), table.pending()[0]).tile)) == "1z"
    assert kind_str(kind_of(strong_choice(table).tile)) == "8s"


def test_strong_plans_a_flush_only_with_enough_tiles_and_fitting_melds():
    bot = StrongHongKongBot()
    assert bot.flush_suit(stacked_table({0: "1235678m9m55z1z34p8s"}).view(0)) == 0  # manzu
    assert bot.flush_suit(stacked_table({0: "1235678m55z34p78s9p"}).view(0)) is None  # 9 of 14
    table = stacked_table({0: "1235678m555z1z34p8s"})
    give_pung(table, 0, "5z", from_seat=1)  # honours fit a flush
    assert bot.flush_suit(table.view(0)) == 0
    table = stacked_table({0: "1235678m99m5z1z333p"})
    assert bot.flush_suit(table.view(0)) == 0  # the concealed pinzu can still go
    give_pung(table, 0, "3p", from_seat=1)  # a shown pinzu pung cannot
    assert bot.flush_suit(table.view(0)) is None


def test_strong_calls_nothing_outside_its_flush():
    # seat 1 leans to manzu; the baseline chows the 5p with 46p, strong passes
    table = stacked_table({0: "5p123m456m789s1234z", 1: "46p1235678m9m55z1z"})
    table.act(
        0, next(a for a in table.pending()[0] if a.type is ActionType.DISCARD and kind_of(a.tile) == kinds("5p")[0])
    )
    assert get_bot("easy").choose(table.view(1), table.pending()[1]).type is ActionType.CHI
    assert strong_choice(table, 1).type is ActionType.PASS


def test_strong_with_liability_avoids_the_tile_that_pays_for_everyone():
    # seat 1 shows pungs of red and green dragon: the white dragon would make it liable
    for liability, expected in ((False, "7z"), (True, "3s")):
        table = stacked_table({0: "123m456p789s24m7z3s6s", 1: "555z666z1m2m3m4p5p6p7s"}, liability=liability)
        give_pung(table, 1, "5z", from_seat=2)
        give_pung(table, 1, "6z", from_seat=3)
        assert kind_str(kind_of(strong_choice(table).tile)) == expected


def test_strong_with_a_fan_minimum_plays_the_fan_machinery():
    from jantaku.engine.bots.levels import STRONG, LevelBot

    generic = LevelBot(STRONG)
    table = _flush_or_cheap_wait(3)
    assert strong_choice(table) == generic.choose_by_strategy(table.view(0), table.pending()[0])
