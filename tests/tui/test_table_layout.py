"""The table as a mahjong table: ponds in rows of six around the centre, melds turned to their source."""

from __future__ import annotations

from dataclasses import replace

import pytest
from rich.console import Console
from rich.style import Style

from jantaku.engine.melds import MeldType
from jantaku.engine.rulesets.classical.view import ClassicalView
from jantaku.engine.rulesets.riichi.view import RiichiView
from jantaku.engine.rulesets.sichuan.view import SichuanView
from jantaku.engine.tiles import parse_tiles
from jantaku.engine.views import MeldView
from jantaku.tui.screens.table import TableScreen
from jantaku.tui.tilefaces import TilePainter
from jantaku.tui.widgets.centre import CentreInfo, CentrePanel, SideInfo, centre_lines
from jantaku.tui.widgets.meldfaces import MeldFace, called_index, meld_face, meld_text, relative_source
from jantaku.tui.widgets.player import PlayerArea
from jantaku.tui.widgets.pond import PondTile, pond_rows

from .conftest import FakeSession, basic_match, screen_text, table_app, until, update

PAINTER = TilePainter(colour=False)
CONSOLE = Console()


def style_at(text, offset: int) -> Style:
    return text.get_style_at_offset(CONSOLE, offset)


def styles_of(text, face: str) -> list[Style]:
    """The styles drawn on each occurrence of ``face`` in ``text``."""
    plain, out = text.plain, []
    start = plain.find(face)
    while start >= 0:
        out.append(style_at(text, start))
        start = plain.find(face, start + 1)
    return out


# --- ponds ------------------------------------------------------------------------------------------------


def test_a_pond_is_rows_of_six_in_discard_order():
    tiles = [PondTile(t) for t in range(0, 80, 4)]  # 20 discards
    rows = pond_rows(tiles, PAINTER)
    assert [len(r.plain) // 3 for r in rows] == [6, 6, 6, 2]
    faces = "".join(r.plain for r in rows).split()
    assert faces == [PAINTER.face(t.tile) for t in tiles]


def test_riichi_called_latest_and_tsumogiri_marks_read_without_colour():
    tiles = [
        PondTile(0),
        PondTile(4, riichi=True),
        PondTile(8, called=True),
        PondTile(12, tsumogiri=True),
        PondTile(16),
    ]
    row = pond_rows(tiles, PAINTER, latest=True)[0]
    assert row.plain == "1m 2m*3m^4m 5m◂"
    assert styles_of(row, "2m")[0].reverse  # turned
    assert styles_of(row, "3m")[0].strike and styles_of(row, "3m")[0].dim  # called away
    assert styles_of(row, "4m")[0].dim
    assert not styles_of(pond_rows(tiles, PAINTER, mark_tsumogiri=False)[0], "4m")[0].dim  # the option
    assert styles_of(row, "5m")[0].underline


# --- melds ------------------------------------------------------------------------------------------------


def test_relative_source_by_turn_order():
    # seat 2's left is the player before it (1), across 0, right 3
    assert [relative_source(2, s) for s in (1, 0, 3)] == ["left", "across", "right"]


@pytest.mark.parametrize("source, index", [("left", 0), ("across", 1), ("right", 2)])
def test_a_called_tile_points_to_the_player_it_came_from(source, index):
    meld = MeldFace("pon", (36, 37, 38), called=37, source=source)
    assert called_index(meld) == index
    text = meld_text(meld, PAINTER)
    assert style_at(text, index * 2).reverse
    others = [i for i in range(3) if i != index]
    assert not any(style_at(text, i * 2).reverse for i in others)


def test_exposed_added_and_concealed_kongs():
    kan = MeldFace("kan", (0, 1, 2, 3), called=2, source="across")
    assert called_index(kan) == 1
    kakan = MeldFace("kakan", (0, 1, 2, 3), called=1, source="right", added=3)
    text = meld_text(kakan, PAINTER)
    assert [bool(style_at(text, i * 2).reverse) for i in range(4)] == [False, False, True, True]
    assert meld_text(MeldFace("ankan", (-1, 1, 2, -1)), PAINTER).plain == "▒▒1m1m▒▒"


def test_chi_called_from_the_left_goes_first():
    four, five, six = parse_tiles("456m")
    meld = meld_face(MeldView(MeldType.CHI, (four, five, six), claimed=six, from_seat=3), 0)
    assert meld.source == "left" and meld_text(meld, PAINTER).plain == "6m4m5m"


# --- the centre --------------------------------------------------------------------------------------------


def test_each_seat_on_its_side_of_the_centre():
    sides = {
        "self": SideInfo(0, 25000, dealer=True),
        "right": SideInfo(1, 24000, turn=True),
        "across": SideInfo(2, 23000),
        "left": SideInfo(3, 28000, notes=("riichi",)),
    }
    lines = centre_lines(CentreInfo("South 3", 40, sides, counters=("honba 2",)), PAINTER, 32)
    plain = [line.plain for line in lines]
    assert "西" in plain[0] and "23,000" in plain[0]
    assert plain[1].startswith("北") and plain[1].endswith("南")
    assert plain[2].startswith("28,000") and plain[2].endswith("24,000")
    assert plain[3].startswith("riichi")
    assert "東◆" in plain[-1] and "25,000" in plain[-1]
    assert "South 3" in plain[1] and "wall 40" in plain[2] and "honba 2" in plain[3]
    right_wind = style_at(lines[1], len(plain[1]) - 1)  # 南, the last character
    assert right_wind.reverse  # whose turn it is


def test_variants_say_their_seat_facts_in_words():
    sichuan = SichuanView(voids=("s", None, "m", "p"), winners=(3, 0))
    assert [sichuan.seat_notes(s) for s in range(4)] == [
        ("void bamboo", "won 2nd"),
        (),
        ("void characters",),
        ("void dots", "won 1st"),
    ]
    riichi = RiichiView(dora_indicators=(0,), riichi=(False, True, False, False), table_sticks=2)
    assert riichi.seat_notes(1) == ("riichi",) and riichi.seat_notes(0) == ()
    assert riichi.counters() == ("sticks 2",)  # honba and sticks are riichi's, said by its view
    assert ClassicalView(east_streak=0, options=()).table_facts() == ()  # no "east streak: 0"
    assert ClassicalView(east_streak=2, options=()).table_facts() == ("East's streak 2",)


# --- on screen -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(80, 24), (120, 36), (160, 48)])
async def test_four_ponds_around_the_centre(size):
    match = basic_match(4)
    bot_moves = 0
    while bot_moves < 40:  # a hand well under way: every pond has a few rows
        seat, actions = next(iter(match.pending().items()))
        match.act(seat, actions[0])
        bot_moves += 1
    s = FakeSession()
    async with table_app(s, size=size) as (app, pilot):
        s.send(update(match.view(0), match.pending().get(0)))
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.view is not None)
        await pilot.pause()
        areas = {a.position: a for a in app.screen.query(PlayerArea)}
        centre = app.screen.query_one(CentrePanel).region
        text = screen_text(app)
        lines = text.splitlines()
        assert len(lines) == size[1] and all(len(line) <= size[0] for line in lines)
        assert areas["across"].region.bottom <= centre.y and areas["self"].region.y >= centre.bottom
        assert areas["left"].region.right <= centre.x and areas["right"].region.x >= centre.right
        assert areas["across"].region.x == areas["self"].region.x  # their n-th discards in one column
        for area in areas.values():
            assert area.region.right <= size[0] and area.region.bottom <= size[1]
            assert area.info is not None and area.info.pond
            drawn = area.lines(area.size.width)
            assert len(drawn) <= area.region.height, f"{area.position} is cut off"
        assert text.count("wall ") == 1


# --- defects a new user hit ------------------------------------------------------------------------------


def dealer_with_two_fives(ruleset: str, **options):
    """A fresh match whose dealer holds the five of characters with id 16 and another five of them."""
    from jantaku.engine.match import Match
    from jantaku.engine.ruleset import get_ruleset

    for seed in range(2000):
        match = Match(get_ruleset(ruleset, options=options or None), seed)
        if 0 not in match.pending():
            continue
        hand = match.view(0).players[0].concealed or ()
        if 16 in hand and sum(1 for t in hand if t // 4 == 4) >= 2:
            return match
    raise AssertionError("no such deal")


@pytest.mark.parametrize("ruleset, options", [("classical", {}), ("hongkong", {}), ("riichi", {"aka_dora": False})])
async def test_without_red_fives_every_copy_of_a_five_may_be_discarded(ruleset, options):
    """The engine lists one discard per face; without red fives copy 0 of a five is a plain five."""
    match = dealer_with_two_fives(ruleset, **options)
    s = FakeSession()
    async with table_app(s) as (app, pilot):
        s.send(update(match.view(0), match.pending()[0]))
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.prompt is not None)
        table = app.screen
        fives = [i for i, t in enumerate(table.hand.tiles) if t // 4 == 4]
        assert len(fives) >= 2 and all(i in table.hand.enabled for i in fives)


def test_unseen_counts_every_place_a_tile_is_shown():
    from jantaku.engine.views import DiscardView, RuleFacts, SeatView, View
    from jantaku.tui.handinfo import unseen, void_tiles_held

    me = SeatView(0, 0, 13, concealed=tuple(parse_tiles("1m")))
    other = SeatView(
        1,
        1,
        10,
        discards=(DiscardView(1), DiscardView(5, claimed_by=2)),
        melds=(MeldView(MeldType.ANKAN, (-1, 2, 3, -1)),),
    )
    view = View(
        "basic",
        0,
        "turn",
        0,
        0,
        0,
        0,
        (0,) * 4,
        60,
        (me, other, SeatView(2, 2, 13), SeatView(3, 3, 13)),
        None,
        RuleFacts(),
        extension=RiichiView(dora_indicators=(6,), riichi=(False,) * 4, table_sticks=0),
    )
    left = unseen(view)
    assert left[0] == 0  # 1m: one in hand, one in a pond, two face up in a concealed kong
    assert left[1] == 3  # 2m: the indicator; the called-away copy counts in the caller's meld, not in the pond
    sichuan = replace(view, extension=SichuanView(voids=("m", None, None, None)))
    assert void_tiles_held(sichuan, 0) == "1 character still to throw"
    assert void_tiles_held(sichuan, None) is None


def test_flowers_and_seasons_by_name_with_the_own_one_marked():
    from jantaku.tui.tilefaces import bonus_words
    from jantaku.tui.widgets.player import PlayerInfo, player_lines

    assert bonus_words(parse_tiles("1f3f4y"), wind=2) == "Plum, Chrysanthemum (own), Winter"
    info = PlayerInfo(name="Bo", bonus=tuple(parse_tiles("2f")), bonus_names=bonus_words(parse_tiles("2f"), 1))
    assert player_lines(info, PAINTER, 22)[-1].plain == "Orchid (own)"


def test_a_revealed_hand_is_spaced_like_a_pond_and_wrapped_between_tiles():
    from jantaku.tui.widgets.player import PlayerInfo, player_lines

    hand = tuple(parse_tiles("333456789p567s9s"))
    info = PlayerInfo(name="Kenji", revealed=hand)
    lines = [line.plain for line in player_lines(info, PAINTER, 26)]
    assert lines[1:4] == ["3p 3p 3p 4p 5p 6p 7p 8p 9p", "5s 6s 7s 9s"]
    assert all(len(line) <= 26 for line in lines)


async def test_who_is_away_offline_and_a_paused_table_are_marked():
    from jantaku.tui.netsession import paused, statuses_from_info

    info = {
        "state": "playing",
        "seats": [
            {"kind": "human", "connected": False},
            {"kind": "bot"},
            {"kind": "human", "connected": True, "away": True},
            {"kind": "bot"},
        ],
    }
    assert statuses_from_info(info) == {0: "offline", 2: "away, bot plays"}
    assert not paused(info) and paused({**info, "seats": info["seats"][:2]})
    match = basic_match(2)
    s = FakeSession()
    async with table_app(s) as (app, pilot):
        s.send({**update(match.view(0)), "statuses": {2: "away, bot plays"}, "paused": True})
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.view is not None)
        await pilot.pause()
        text = screen_text(app)
        assert "Across (away, bot plays)" in text and "paused: nobody connected" in text
        s.send({"type": "seats", "statuses": {}, "paused": False})
        await until(pilot, lambda: "paused" not in screen_text(app) and "(away" not in screen_text(app))


def test_long_side_notes_never_run_into_the_middle_of_the_centre():
    """Sichuan at 80×24: void suits and win order on the left and right sides of a 32-cell panel."""
    info = CentreInfo(
        title="East 1",
        wall=0,
        prompt="your turn",
        facts=("hand 1",),
        sides={
            "self": SideInfo(0, 0, dealer=True, notes=("void characters",)),
            "right": SideInfo(1, 6, notes=("void characters", "won 1st")),
            "across": SideInfo(2, -3, notes=("void dots",)),
            "left": SideInfo(3, -3, notes=("void dots", "won 2nd")),
        },
    )
    drawn = centre_lines(info, TilePainter(colour=False), 32)
    lines = [line.plain for line in drawn]
    assert all(line.cell_len == 32 for line in drawn), lines
    assert len(lines) == 6, lines  # no taller than before: at 80×24 a taller centre cuts the ponds
    words = " ".join(" ".join(lines).split())
    for entry in ("East 1", "wall 0", "your turn", "hand 1"):  # the middle, whole
        assert any(f" {entry} " in f" {line} " for line in lines), (entry, lines)
    for note in ("void", "characters", "dots", "won 1st", "won 2nd"):  # the sides, word by word
        assert f" {note} " in f" {words} ", (note, lines)


def test_bonus_names_wrap_between_names_never_inside_one():
    from jantaku.tui.widgets.player import PlayerInfo, player_lines

    info = PlayerInfo(name="Cy", concealed_count=13, pond=(), bonus_names="Winter (own), Orchid, Bamboo")
    lines = [line.plain for line in player_lines(info, TilePainter(colour=False), 20)]
    assert lines[-2:] == ["Winter (own),", "Orchid, Bamboo"], lines


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
async def test_a_toast_never_covers_the_hand_or_its_letters(size):
    from textual.widgets._toast import Toast

    from jantaku.tui.widgets.hand import HandView

    from .playedhands import play_first_hand

    session = FakeSession()
    session.send(play_first_hand("riichi", 25).table)
    from jantaku.tui.app import JantakuApp
    from jantaku.tui.settings import Settings

    app = JantakuApp(start=lambda a: a.play(session), settings=Settings(bot_delay=0.0))
    async with app.run_test(size=size, notifications=True) as pilot:  # run_test hides toasts by default
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.prompt is not None, 1500)
        app.notify("Not allowed: that tile may not be discarded now, it is a long sentence", severity="error")
        await until(pilot, lambda: len(app.screen.query(Toast)) > 0)
        await pilot.pause()
        hand = app.screen.query_one(HandView).region
        for toast in app.screen.query(Toast):
            assert not toast.region.overlaps(hand), (toast.region, hand)
