"""The riichi bot: it wins, declares riichi, calls only with a yaku in sight and folds against riichi."""

from jantaku.engine.actions import ActionType
from jantaku.engine.bots import get_bot
from jantaku.engine.rulesets.riichi.bot import danger
from jantaku.engine.selfplay import run_selfplay
from jantaku.engine.views import view_from_wire, view_to_wire

from .riichi_tables import K, act, discard, pass_claims, riichi_table

DEAD = ["2m", "3m", "4m", "5m", "8m"]
BOT = get_bot("riichi")


def decide(table, seat):
    return BOT.choose(table.view(seat), table.pending()[seat])


def test_declares_riichi_when_ready():
    table = riichi_table(["123m456p789s1122z5z", None, None, None], dead=DEAD)
    choice = decide(table, 0)
    assert choice.type is ActionType.RIICHI and choice.tile >> 2 == K("5z")


def test_folds_with_the_riichi_players_own_discard():
    table = riichi_table(["123m456p789s1122z5m", None, None, None], draws=["5m"], dead=DEAD)
    act(table, 0, ActionType.RIICHI, "5m")
    choice = decide(table, 1)  # a hand far from ready, holding the 5m the riichi player threw
    assert choice.type is ActionType.DISCARD and choice.tile >> 2 == K("5m")


def test_pushes_when_ready_itself():
    table = riichi_table(["123m456p789s1122z5m", "3456m567p234s678s", None, None], draws=["9p"], dead=DEAD)
    act(table, 0, ActionType.RIICHI, "5m")
    assert decide(table, 1).type is ActionType.PASS  # a chi of the 5m would not help
    pass_claims(table)
    choice = decide(table, 1)  # ready on 3m-6m: keeps the 5m (safe) and throws the 9p
    assert choice.tile >> 2 == K("9p")


def test_calls_a_dragon_pung_but_not_a_chi_without_yaku():
    table = riichi_table(["5z" + "258m258p369s3467z", "155z123m456p78s99s", None, None], dead=DEAD)
    discard(table, 0, "5z")
    assert decide(table, 1).type is ActionType.PON
    table = riichi_table(["4m" + "369p369s258m3467z", "23m456p78s99s19p56z", None, None], dead=DEAD)
    discard(table, 0, "4m")
    assert {a.type for a in table.pending()[1]} >= {ActionType.CHI}
    assert decide(table, 1).type is ActionType.PASS


def test_nine_terminals_abort_unless_close_to_thirteen_orphans():
    table = riichi_table(["19m19p1s12345z5566m", None, None, None], dead=DEAD)
    assert decide(table, 0).type is ActionType.ABORT
    table = riichi_table(["19m19p19s1234567z5m", None, None, None], dead=DEAD)  # ready for thirteen orphans
    assert decide(table, 0).type is not ActionType.ABORT


def test_danger_order():
    discarded = {K("4m")}
    visible = [0] * 34
    visible[K("1z")] = 3
    order = [danger(K(t), discarded, visible) for t in ("4m", "1z", "1m", "7m", "2z", "5p")]
    assert order == sorted(order) and order[0] == 0 and order[-1] == 8


def test_selfplay_with_riichi_bots():
    summary = run_selfplay("riichi", hands=12, seed=3, bots=["riichi"] * 4)
    assert summary["errors"] == [] and summary["hands"] == 12
    assert summary["wins"] > 0


# --- strong: what it adds to the riichi bot's defence ------------------------------------------------


def _after_a_riichi(third_seat_hand: str, passed: str, third_seat_draw: str) -> dict[str, int]:
    """Seat 0 riichis (waiting on 1z/2z) with the 5p, seat 1 draws and throws ``passed``, seat 2 draws:
    the kind each level throws from seat 2's hand."""
    table = riichi_table(
        ["123m456p789s1122z5p", None, third_seat_hand, None], draws=[passed, third_seat_draw], dead=DEAD
    )
    act(table, 0, ActionType.RIICHI, "5p")
    pass_claims(table)
    discard(table, 1, passed)
    pass_claims(table)
    return {level: get_bot(level).choose(table.view(2), table.pending()[2]).tile >> 2 for level in ("normal", "strong")}


def test_strong_folds_on_a_tile_the_riichi_player_let_pass():
    # seat 0 lets seat 1's 7p pass: furiten on it from then on, as safe as its own discards —
    # normal does not know it
    choices = _after_a_riichi("7p258m369p147s9s34z", "7p", "6z")
    assert choices["strong"] == K("7p") and choices["normal"] != K("7p")


def test_strong_one_step_from_ready_builds_with_a_safe_enough_tile():
    # seat 2 is one tile from ready: the 8p (suji of the riichi tile 5p) keeps that; normal folds
    # with the riichi player's own 5p and breaks its 456p
    assert _after_a_riichi("234m456p678s99s8p1z", "6z", "9m") == {"normal": K("5p"), "strong": K("8p")}


def _call_choices(hand: str, thrown: str) -> tuple[dict[str, ActionType], int | None]:
    """Seat 0 throws ``thrown``; what each level does with it from ``hand`` (seat 1), and what strong
    throws after its call."""
    table = riichi_table([thrown + "159m159p159s1247z", hand, None, None], dead=DEAD)
    discard(table, 0, thrown)
    choices = {level: get_bot(level).choose(table.view(1), table.pending()[1]) for level in ("normal", "strong")}
    then = None
    if choices["strong"].type is not ActionType.PASS:
        table.act(1, choices["strong"])
        then = get_bot("strong").choose(table.view(1), table.pending()[1]).tile >> 2
    return {level: a.type for level, a in choices.items()}, then


def test_strong_calls_for_all_simples_with_a_terminal_still_to_throw():
    # 23m + the 4m makes seat 1 ready for all simples once the 9p goes; normal wants no terminal at all
    types, then = _call_choices("23m456p678s22s77s9p", "4m")
    assert types == {"normal": ActionType.PASS, "strong": ActionType.CHI} and then == K("9p")


def test_strong_calls_for_a_half_flush_and_throws_the_other_suits():
    # 12 of 14 tiles manzu or honours with the pung of West (no value for South in the East round)
    types, then = _call_choices("124578m99m33z6z5p7s", "3z")
    assert types == {"normal": ActionType.PASS, "strong": ActionType.PON} and then in (K("5p"), K("7s"))


def test_strong_stays_quiet_with_a_hand_worth_enough_without_riichi():
    # ready on the 3s: all simples, three-colour 234 and (with the 5p as dora) two dora make a
    # mangan without riichi, so strong discards the 1z without declaring; with no dora the hand is
    # worth 5,200 and it declares riichi; normal always declares
    hand = "234m234p24s678s55p1z"
    rich = riichi_table([hand, None, None, None], dead=["2m", "3m", "4m", "5m", "4p"])  # dora indicator 4p
    plain = riichi_table([hand, None, None, None], dead=DEAD)
    strong = get_bot("strong")
    quiet = strong.choose(rich.view(0), rich.pending()[0])
    assert quiet.type is ActionType.DISCARD and quiet.tile >> 2 == K("1z")
    assert strong.choose(plain.view(0), plain.pending()[0]).type is ActionType.RIICHI
    assert get_bot("normal").choose(rich.view(0), rich.pending()[0]).type is ActionType.RIICHI
    # furiten on its wait (it threw a 3s before): only riichi's self-draws can win, so no dama
    wire = view_to_wire(rich.view(0))
    wire["players"][0]["discards"] = [[K("3s") * 4, False, False, None, 0]]
    view = view_from_wire(wire)
    assert not strong.delegate("riichi").worth_dama(view, quiet.tile)
