"""The TUI's pure parts: tile faces, prompt grouping, reading views, event lines, settings; and its doctests."""

from __future__ import annotations

from dataclasses import replace

import pytest
from rich.cells import cell_len

from jantaku.engine.actions import Action, Ankan, Discard, Exchange, Pass, Pon, Riichi, Ron, Tsumo
from jantaku.engine.rulesets.sichuan.view import SichuanView
from jantaku.engine.tiles import parse_tiles
from jantaku.engine.views import RuleFacts, SeatView, view_from_wire, view_to_wire
from jantaku.tui.eventtext import describe_event
from jantaku.tui.prompt import GROUP_SPECS, TILE_KEYS, Prompt, action_groups, automatic_action, pick_by_selection
from jantaku.tui.settings import Settings, load_settings, save_settings
from jantaku.tui.tilefaces import FACE_DOWN, TilePainter
from jantaku.tui.viewmodel import extra_items, positions, ready_waits, void_of, warnings

from .conftest import basic_match

ALL_TILES = list(range(144))


# --- tile faces -------------------------------------------------------------------------------


@pytest.mark.parametrize("painter", [TilePainter(), TilePainter(unicode=True), TilePainter(red_fives=True)])
def test_every_face_is_two_cells(painter):
    for tile in ALL_TILES + [FACE_DOWN]:
        assert cell_len(painter.face(tile)) == 2, tile


def test_faces_are_readable_without_colour():
    painter = TilePainter(colour=False)
    faces = {painter.face(t) for t in range(136)}
    assert len(faces) == 34  # every kind its own face, no colour needed to tell them apart
    assert painter.style(0).color is None


def test_unicode_is_opt_in_and_never_the_emoji_red_dragon():
    assert all(ord(ch) < 0x1F000 for t in ALL_TILES for ch in TilePainter().face(t))
    faces = [TilePainter(unicode=True).face(t) for t in ALL_TILES]
    assert not any("\U0001f004" in f for f in faces)
    assert TilePainter(unicode=True).face(parse_tiles("7z")[0]) == "中"


def test_red_five_is_marked_by_more_than_colour():
    red, plain = parse_tiles("0m")[0], parse_tiles("5m")[0]
    style = TilePainter(red_fives=True).style(red)
    assert style.underline and style.bold
    assert not TilePainter(red_fives=True).style(plain).underline
    assert not TilePainter(red_fives=False).style(red).underline


def test_boxed_tiles_are_four_cells():
    rows = TilePainter().boxed(parse_tiles("1m2p1z"), heavy=[1])
    assert [r.cell_len for r in rows] == [12, 12, 12]
    assert rows[0].plain == "╭──╮┏━━┓╭──╮"


# --- prompts -------------------------------------------------------------------------------------


def prompt_of(*actions: Action) -> Prompt:
    return Prompt.from_wire({"id": 9, "actions": [a.to_wire() for a in actions], "deadline": 5})


def test_tile_keys_never_collide_with_action_keys():
    action_keys = {spec.key for spec in GROUP_SPECS} | {"x"}
    assert len(TILE_KEYS) == len(set(TILE_KEYS)) == 14
    assert not set(TILE_KEYS) & action_keys


def test_groups_follow_the_prompt_only():
    p = prompt_of(Discard(0), Riichi(0), Tsumo(4), Ankan(8, (8, 9, 10, 11)))
    assert [(g.key, len(g.actions)) for g in action_groups(p)] == [("w", 1), ("r", 1), ("k", 1)]
    assert action_groups(None) == []
    assert p.deadline == 5.0 and p.labels[0] == "discard 1m"


def test_pick_by_selection_matches_faces_and_exchange_sets():
    p = prompt_of(Riichi(0), Riichi(40))
    group = action_groups(p)[0]
    assert pick_by_selection(group, [2]) == Riichi(0)  # another copy of 1m
    assert pick_by_selection(group, [80]) is None
    ex = action_groups(prompt_of(Exchange((0, 4, 8)), Exchange((0, 4, 12))))[0]
    assert pick_by_selection(ex, [12, 0, 4]) == Exchange((0, 4, 12))
    assert pick_by_selection(ex, [1, 5, 13]) == Exchange((0, 4, 12))  # same faces
    assert pick_by_selection(ex, [0, 4]) is None


def test_discard_for_finds_another_copy_of_the_face_but_not_across_red():
    p = prompt_of(Discard(17), Discard(16))  # a plain and the red 5m
    assert p.discard_for(18) == Discard(17)
    assert p.discard_for(16) == Discard(16)
    assert p.discard_for(20) is None


@pytest.mark.parametrize(
    "actions, toggles, riichi, expected",
    [
        ((Ron(5), Pass()), {"auto_win": True}, False, Ron(5)),
        ((Ron(5), Pass()), {"auto_pass": True}, False, None),
        ((Pon(5, (6, 7)), Pass()), {"auto_pass": True}, False, Pass()),
        ((Discard(5), Discard(9)), {"auto_discard": True}, True, Discard(9)),
        ((Discard(9), Ankan(9, (8, 9, 10, 11))), {"auto_discard": True}, True, None),
        ((Discard(5), Discard(9)), {"auto_discard": True}, False, None),
    ],
)
def test_automatic_actions(actions, toggles, riichi, expected):
    flags = {"auto_win": False, "auto_pass": False, "auto_discard": False, **toggles}
    assert automatic_action(prompt_of(*actions), in_riichi=riichi, drawn=10, **flags) == expected


# --- views -----------------------------------------------------------------------------------------


def test_positions_turn_order():
    assert positions(0) == {"self": 0, "right": 1, "across": 2, "left": 3}
    assert positions(None) == positions(0)


def test_seat_facts_come_from_the_variants_typed_view():
    # replaces the key-guessing seat_flag test: seat-keyed facts are tuples by seat, warnings the variant's
    view = replace(basic_match().view(2), extension=SichuanView(voids=(None, "p", None, None), pass_lock=True))
    assert void_of(view, 1) == "p" and void_of(view, 2) is None
    assert warnings(view, 2) == ["locked: passed a win"]
    assert warnings(view, None) == []


def test_unknown_variant_keys_are_listed():
    wire = view_to_wire(basic_match().view(0))
    view = view_from_wire({**wire, "kong_money": 3})  # a field of a newer host
    assert extra_items(view) == [("kong money", 3)]


def test_ready_waits_respects_the_views_forms():
    pairs = parse_tiles("1133557799m11p2p")[:13]  # six pairs and a single: seven-pairs wait only
    assert ready_waits(pairs, 0) is not None
    assert ready_waits(pairs, 0, RuleFacts(seven_pairs=False)) is None
    assert ready_waits(parse_tiles("123m456p789s1122z"), 0) == [27, 28]


# --- events ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "event, text",
    [
        ({"type": "discard", "seat": 0, "tile": 0, "riichi": True}, "A discards 1m (the riichi tile)"),
        ({"type": "riichi", "seat": 0, "double": False}, "A declares riichi"),
        ({"type": "call", "seat": 1, "meld": {"type": "pon", "tiles": [0, 1, 2], "claimed": 2}}, "B pon 1m1m1m"),
        ({"type": "kong", "seat": 2, "meld": {"type": "ankan", "tiles": [-1, 1, 2, -1]}}, "C ankan ▒▒1m1m▒▒"),
        ({"type": "win", "seat": 3, "tile": 0, "discarder": None}, "D wins self-drawn with 1m"),
        (
            {"type": "payment", "seat": None, "reason": "kong", "deltas": {"0": 2, "1": -2}},
            "payment (kong): A +2, B -2",
        ),
        ({"type": "hand_start", "seat": None, "dealer": 1}, "— new hand: dealer B —"),
        ({"type": "bonus", "seat": 1, "tile": 137}, "B lays out 蘭 Orchid"),  # the tile's face and its name
        ({"type": "bonus", "seat": 2, "tile": 142}, "C lays out 秋 Autumn"),
    ],
)
def test_event_lines(event, text):
    assert describe_event(event, ["A", "B", "C", "D"]).plain == text


# --- settings --------------------------------------------------------------------------------------


def test_settings_survive_a_round_trip_and_a_broken_file(tmp_path):
    path = tmp_path / "s.json"
    save_settings(Settings(name="Ana", tiles="boxed", auto_win=True), path)
    assert load_settings(path) == Settings(name="Ana", tiles="boxed", auto_win=True)
    path.write_text("{not json")
    assert load_settings(path) == Settings()
    path.write_text('{"tiles": "huge", "colour": "yes"}')
    assert load_settings(path) == Settings()


# --- the selection -----------------------------------------------------------------------------------


def test_a_new_prompt_moves_the_selection_to_a_legal_tile_but_the_player_may_look_elsewhere():
    from jantaku.tui.selection import Selection

    hand = SeatView(0, 0, 4, concealed=(0, 4, 8, 40), drawn=40)
    only_1m = prompt_of(Discard(0))
    sel = Selection(tile=40)
    state = sel.hand_state(hand, only_1m)
    assert sel.tile == 0 and state.selected == 0 and state.enabled == {0}
    sel.pick(state.tiles, 2, marking=False)  # the player looks at another tile: it stays selected
    assert sel.hand_state(hand, only_1m).selected == 2
    sel.move(state.tiles, 2, 5)
    assert sel.tile == state.tiles[3]


def test_marks_follow_the_hand():
    from jantaku.tui.selection import Selection

    exchange = prompt_of(Exchange((0, 4, 8)))
    sel = Selection()
    state = sel.hand_state(SeatView(0, 0, 4, concealed=(0, 4, 8, 12)), exchange)
    for i in (0, 1, 1, 2):
        sel.pick(state.tiles, i, marking=True)
    assert sel.marked == {0, 8}
    state = sel.hand_state(SeatView(0, 0, 4, concealed=(4, 8, 12, 16)), exchange)
    assert sel.marked == {8} and state.marked == {1}
