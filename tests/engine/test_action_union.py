"""The action union: one class per kind, the uniform wire form, hostile wire input."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jantaku.engine.actions import (
    KINDS,
    Abort,
    Action,
    ActionType,
    Ankan,
    Chi,
    Continue,
    DeclareVoid,
    Discard,
    Exchange,
    Kakan,
    Kan,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)

EXAMPLES = [
    Discard(16),
    Riichi(0),
    Tsumo(5),
    Ron(135),
    Chi(8, (0, 4)),
    Pon(8, (9, 10)),
    Kan(8, (9, 10, 11)),
    Ankan(8, (8, 9, 10, 11)),
    Kakan(11),
    Pass(),
    Abort(),
    Continue(),
    DeclareVoid("p"),
    Exchange((0, 4, 12)),
]


def test_every_kind_has_one_class_and_an_example():
    assert set(KINDS) == set(ActionType)
    assert {type(a) for a in EXAMPLES} == set(KINDS.values())
    assert all(KINDS[a.type] is type(a) for a in EXAMPLES)


@pytest.mark.parametrize("action", EXAMPLES, ids=str)
def test_wire_round_trip_and_the_wire_shape(action):
    wire = action.to_wire()
    assert wire == [action.type.value, action.tile, list(action.tiles), action.suit]
    again = Action.from_wire(wire)
    assert again == action and type(again) is type(action) and hash(again) == hash(action)
    assert Action.from_wire(tuple(wire)) == action
    assert pickle.loads(pickle.dumps(action)) == action


def test_an_action_is_one_of_the_kinds():
    # the one-class spelling of before the union is gone: build the kind (Discard(16)) or read the wire
    with pytest.raises(TypeError):
        Action(ActionType.DISCARD, tile=16)
    assert Action.from_wire(["exchange", None, [0, 4, 12], None]) == Exchange((0, 4, 12))


def test_kinds_differ_even_with_the_same_tile():
    assert Discard(5) != Riichi(5) and Discard(5) != Tsumo(5) and Pass() != Continue()
    assert len({Discard(5), Riichi(5), Discard(5), Pass(), Pass()}) == 3


def test_kinds_are_frozen_and_slotted():
    with pytest.raises(AttributeError):
        Discard(5).tile = 6  # type: ignore[misc]
    assert not hasattr(Discard(5), "__dict__") and not hasattr(Pass(), "__dict__")


def test_kinds_without_a_field_answer_none_or_empty():
    assert (Pass().tile, Pass().tiles, Pass().suit) == (None, (), None)
    assert (Discard(3).tiles, Discard(3).suit) == ((), None)
    assert (DeclareVoid("s").tile, DeclareVoid("s").tiles) == (None, ())


def test_text_and_sort_key_are_unchanged():
    assert [str(a) for a in EXAMPLES] == [
        "discard 0m",
        "riichi 1m",
        "tsumo 2m",
        "ron 7z",
        "chi 12m+3m",
        "pon 33m+3m",
        "kan 333m+3m",
        "ankan 3m",
        "kakan 3m",
        "pass",
        "abort",
        "continue",
        "void p",
        "exchange 124m",
    ]
    assert Chi(16, (12, 20)).text(red_fives=False) == "chi 46m+5m"
    ordered = sorted([Pass(), Ron(5), Discard(9), Discard(4), Chi(8, (0, 4))], key=Action.sort_key)
    assert ordered == [Discard(4), Discard(9), Ron(5), Chi(8, (0, 4)), Pass()]


def test_match_statements_read_the_fields():
    def describe(action: Action) -> str:
        match action:
            case Discard(tile=t) | Riichi(tile=t):
                return f"throws {t}"
            case Chi(tile=t, tiles=own) | Pon(tile=t, tiles=own):
                return f"calls {t} with {own}"
            case Pass():
                return "passes"
        return "other"

    assert [describe(a) for a in (Riichi(3), Pon(8, (9, 10)), Pass(), Abort())] == [
        "throws 3",
        "calls 8 with (9, 10)",
        "passes",
        "other",
    ]


@pytest.mark.parametrize(
    "wire",
    [
        None,
        "discard 1m",
        [],
        ["discard", 1],
        ["discard", 1, [], None, 0],
        ["teleport", None, [], None],
        ["discard", None, [], None],  # a discard needs its tile
        ["pass", 5, [], None],  # a pass takes none
        ["discard", 5, [1], None],
        ["void", None, [], None],
        ["void", None, [], "z"],
        ["discard", 5, [], "m"],
        ["discard", True, [], None],
        ["discard", 144, [], None],
        ["discard", -1, [], None],
        ["discard", "5", [], None],
        ["chi", 8, "04", None],
        ["chi", 8, [0, 4.0], None],
        ["chi", 8, [0, False], None],
        ["exchange", None, list(range(15)), None],
        [["discard"], 5, [], None],
    ],
)
def test_hostile_wire_input_is_a_value_error(wire):
    with pytest.raises(ValueError):
        Action.from_wire(wire)


@given(
    st.lists(
        st.one_of(
            st.none(),
            st.booleans(),
            st.integers(-3, 150),
            st.text(max_size=3),
            st.lists(st.integers(-1, 145), max_size=16),
        ),
        min_size=0,
        max_size=5,
    )
)
def test_any_wire_either_decodes_to_a_kind_or_is_a_value_error(wire):
    try:
        action = Action.from_wire(wire)
    except ValueError:
        return
    assert type(action) in KINDS.values() and Action.from_wire(action.to_wire()) == action
