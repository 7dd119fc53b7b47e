"""The table's state as a model: the phase an Enum, the claim window one object, the turn's
situation one typed field, and the hooks variants call a named, documented protected API."""

import ast
import inspect
from pathlib import Path

from jantaku.engine.actions import ActionType, Chi, Pass, Pon, Ron
from jantaku.engine.rulesets.basic import BasicOptions, BasicTable
from jantaku.engine.scenario import arranged_wall
from jantaku.engine.state import ClaimWindow, Phase, TurnSituation
from jantaku.engine.table import Table
from jantaku.engine.tiles import kind_of, parse_kinds

K = lambda text: parse_kinds(text)[0]  # noqa: E731
RON_VS_PON = ["1z99m44p66p88s33s55z7z", "123456789m111p1z", "11z2468m2468p246s", "1357s1357p357m22z"]
KONGS = ["1111m9m44p66p88s33s5z", "123456789p111s2z", "2468m2468p2468s3z", "123456789s111p4z"]


def table_for(hands):
    return BasicTable(BasicOptions(), seed=0, wall=arranged_wall(hands, draws=[]))


def find(actions, type_, kind=None):
    return next(a for a in actions if a.type is type_ and (kind is None or kind_of(a.tile) == kind))


def test_the_phase_is_an_enum_and_the_view_carries_its_plain_string():
    table = table_for(RON_VS_PON)
    assert table.phase is Phase.TURN
    view = table.view(0)
    assert type(view.phase) is str and view.phase == "turn"
    table.act(0, find(table.pending()[0], ActionType.DISCARD, K("1z")))
    assert table.phase is Phase.CLAIM and table.view(None).phase == "claim"


def test_the_claim_window_holds_offers_answers_and_settles_by_priority():
    table = table_for(RON_VS_PON)
    assert table.claims is None
    table.act(0, find(table.pending()[0], ActionType.DISCARD, K("1z")))
    window = table.claims
    assert isinstance(window, ClaimWindow)
    assert (window.discarder, kind_of(window.tile), window.kong) == (0, K("1z"), None)
    assert window.offers == table.pending() and window.order == (1, 2, 3, 0)
    table.act(2, find(table.pending()[2], ActionType.PON))
    assert set(window.answers) == {2} and set(window.waiting()) == {1}
    table.act(1, Pass())
    assert table.claims is None and table.turn_seat == 2


def test_claim_window_priority_win_then_pung_or_kong_before_chow_then_turn_order():
    chi = Chi(8, (4, 12))
    window = ClaimWindow(
        0, 8, {1: (chi, Pass()), 2: (Pon(8, (9, 10)), Pass()), 3: (Ron(8), Pass())}, order=(1, 2, 3, 0)
    )
    assert not window.answer(1, chi) and not window.answer(3, Pass())
    assert window.answer(2, Pon(8, (9, 10)))
    assert window.rons() == [] and window.passed_wins() == [3]
    assert window.best_call() == (2, Pon(8, (9, 10)))


def test_the_turns_situation_is_one_typed_field():
    table = table_for(RON_VS_PON)
    assert table.turn_situation is TurnSituation.NORMAL
    table.act(0, find(table.pending()[0], ActionType.DISCARD, K("1z")))
    table.act(1, Pass())
    table.act(2, find(table.pending()[2], ActionType.PON))
    assert table.turn_situation is TurnSituation.AFTER_CALL and table.after_call

    table = table_for(KONGS)
    table.act(0, find(table.pending()[0], ActionType.ANKAN))
    assert table.turn_situation is TurnSituation.KONG_REPLACEMENT and table.after_kong
    table.act(0, find(table.pending()[0], ActionType.DISCARD, K("4p")))  # seat 1 may chow it
    assert table.phase is Phase.CLAIM and table.turn_situation is TurnSituation.DISCARD_AFTER_KONG
    table.act(1, Pass())
    assert table.turn_seat == 1 and table.turn_situation is TurnSituation.NORMAL  # an ordinary draw
    for name in ("after_call", "after_kong", "after_kong_discard", "robbing"):
        assert name not in vars(table), f"{name} is stored apart from turn_situation"


PROTECTED = ("emit", "begin_play", "replace_bonus_tiles", "end_in_exhaustive_draw", "end_hand", "distinct_tiles")


def test_the_protected_api_is_named_and_listed_in_the_table_docstring():
    doc = inspect.getdoc(Table) or ""
    for name in PROTECTED:
        assert callable(getattr(Table, name)), name
        assert f":meth:`{name}`" in doc, name
        assert (getattr(Table, name).__doc__ or "").startswith("Protected API"), name


def test_no_variant_calls_a_private_helper_of_the_base_table():
    base_private = {n for n in vars(Table) if n.startswith("_") and not n.startswith("__")}
    rulesets = Path(inspect.getfile(Table)).parent / "rulesets"
    for path in sorted(rulesets.glob("*/table.py")) + [rulesets / "basic.py"]:
        tree = ast.parse(path.read_text())
        own = {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.Assign)) and hasattr(n, "name")}
        used = {
            n.attr
            for n in ast.walk(tree)
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self"
        }
        assert not (used & base_private) - own, (path.name, sorted((used & base_private) - own))
