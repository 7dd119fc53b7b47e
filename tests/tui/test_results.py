"""Result screens: itemised wins, several winners, draws with settlements, final standings, continuing."""

from __future__ import annotations

import copy

import pytest

from jantaku.engine.actions import Continue
from jantaku.engine.bots import get_bot
from jantaku.engine.tiles import parse_tiles
from jantaku.engine.views import view_from_wire, view_to_wire
from jantaku.tui.resulttext import hand_result_parts, standings_parts
from jantaku.tui.screens.result import ResultScreen
from jantaku.tui.screens.table import TableScreen
from jantaku.tui.tilefaces import TilePainter

from .conftest import NAMES, FakeSession, basic_match, screen_text, table_app, until, update


def finished_hand(seed: int = 3, hands: int = 2):
    """A real basic match played by bots to the end of its first hand."""
    match = basic_match(seed, hands=hands)
    bot = get_bot("easy")
    while match.phase == "play":
        seat, actions = next(iter(match.pending().items()))
        match.act(seat, bot.choose(match.view(seat), actions))
    return match


def riichi_like_win(view):
    """The view's result rewritten as a riichi win with han and fu items and ura-dora (in its wire form,
    with the dora and ura-dora indicators where a riichi table sends them)."""
    view = copy.deepcopy(view_to_wire(view))
    hand = parse_tiles("234m567p34588s678s")
    view["result"] = {
        "kind": "win",
        "reason": None,
        "deltas": [8000, -8000, 0, 0],
        "details": [],
        "hands": [],
        "flags": {},
        "wins": [
            {
                "seat": 0,
                "tile": hand[4],
                "discarder": 1,
                "hand": sorted(hand),
                "melds": [],
                "bonus": [],
                "payments": {"0": 8000, "1": -8000},
                "score": {
                    "is_win": True,
                    "han": 4,
                    "fu": 40,
                    "limit": "mangan",
                    "score": 8000,
                    "items": [
                        {"name": "Riichi", "value": 1, "unit": "han"},
                        {"name": "Pinfu", "value": 1, "unit": "han"},
                        {"name": "Dora", "value": 2, "unit": "han"},
                        {"name": "Base", "value": 20, "unit": "fu"},
                        {"name": "Closed ron", "value": 10, "unit": "fu"},
                    ],
                },
            }
        ],
    }
    view.update(
        extension="riichi",
        riichi=[True, False, False, False],
        table_sticks=0,
        dora_indicators=[parse_tiles("1m")[0]],
        ura_indicators=[parse_tiles("9p")[0]],
    )
    return view


def text_of(parts) -> str:
    from rich.console import Console

    console = Console(width=100, record=True, file=open("/dev/null", "w"))
    for part in parts:
        console.print(part)
    return console.export_text()


def test_every_score_item_fu_and_ura_dora_are_listed():
    view = riichi_like_win(finished_hand().view(0))
    text = text_of(hand_result_parts(view_from_wire(view), NAMES, TilePainter()))
    for name in ("Riichi", "Pinfu", "Dora", "Base", "Closed ron"):
        assert name in text
    assert "20 fu" in text.replace("  ", " ") or "20  fu" in text
    assert "= 4 han, 40 fu, mangan, score 8000" in text
    assert "ura-dora indicators 9p" in text
    assert "dora indicators 1m" in text
    assert "You win on Right's discard" in text
    assert "+8000" in text and "-8000" in text


def test_several_winners_each_get_their_score():
    view = riichi_like_win(finished_hand().view(0))
    second = copy.deepcopy(view["result"]["wins"][0])
    second.update(seat=2, payments={2: 3900, 1: -3900})
    second["score"]["items"] = [{"name": "Tanyao", "value": 1, "unit": "han"}]
    view["result"]["wins"].append(second)
    text = text_of(hand_result_parts(view_from_wire(view), NAMES, TilePainter()))
    assert "2 winners this hand" in text
    assert "You win " in text and "Across wins" in text
    assert "Tanyao" in text and "+3900" in text


def test_a_draw_reveals_the_hands_and_its_settlement():
    view = view_to_wire(finished_hand().view(0))
    view["result"] = {
        "kind": "draw",
        "reason": None,
        "wins": [],
        "deltas": [3000, -1000, -1000, -1000],
        "hands": [
            parse_tiles("123m456p789s1122z"),
            parse_tiles("19m19p19s1234567z"),
            parse_tiles("1111m"),
            parse_tiles("2222p"),
        ],
        "details": [{"reason": "tenpai", "payments": {"0": 3000, "1": -1000, "2": -1000, "3": -1000}}],
        "flags": {},
    }
    text = text_of(hand_result_parts(view_from_wire(view), NAMES, TilePainter()))
    assert "Exhaustive draw" in text
    assert "1m 2m 3m 4p 5p 6p 7s 8s 9s 東 東 南 南" in text
    assert "reason tenpai; payments You +3000, Right -1000" in text


def test_an_abortive_draw_names_its_reason():
    view = view_to_wire(finished_hand().view(0))
    view["result"] = {
        "kind": "abort",
        "reason": "nine terminals",
        "wins": [],
        "deltas": [0, 0, 0, 0],
        "hands": [],
        "details": [],
        "flags": {},
    }
    assert "Abortive draw: nine terminals" in text_of(hand_result_parts(view_from_wire(view), NAMES, TilePainter()))


def test_standings_show_uma_and_final_points():
    view = view_to_wire(finished_hand().view(0))
    view["match"]["standings"] = [
        {"seat": 0, "place": 2, "score": 27000, "uma": 10, "final": 17.0},
        {"seat": 1, "place": 1, "score": 40000, "uma": 30, "final": 60.0},
        {"seat": 2, "place": 3, "score": 20000, "uma": -10, "final": -20.0},
        {"seat": 3, "place": 4, "score": 13000, "uma": -30, "final": -47.0},
    ]
    text = text_of(standings_parts(view_from_wire(view), NAMES))
    assert "Final standings" in text and "uma" in text
    lines = [line for line in text.splitlines() if line.strip()[:1].isdigit()]
    assert lines[0].split()[:2] == ["1", "Right"] and "+30" in lines[0] and "60.0" in lines[0]


async def test_result_screen_then_continue_answers_the_prompt():
    match = finished_hand()
    view = match.view(0)
    s = FakeSession()
    async with table_app(s) as (app, pilot):
        s.send(update(view, match.pending()[0]))
        await until(pilot, lambda: isinstance(app.screen, ResultScreen) and "Mah Jong" in screen_text(app))
        assert "result" in screen_text(app) and "next hand" in screen_text(app)
        await pilot.press("enter")
        await until(pilot, lambda: s.acts)
        assert isinstance(app.screen, TableScreen)
    assert s.acts == [(1, Continue())]


async def test_result_read_before_the_prompt_continues_when_it_comes():
    match = finished_hand()
    view = match.view(0)
    s = FakeSession()
    async with table_app(s) as (app, pilot):
        s.send(update(view))  # the result first, the continue prompt later (as a host may send them)
        await until(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert not s.acts
        s.send(update(view, match.pending()[0], prompt_id=7))
        await until(pilot, lambda: s.acts)
    assert s.acts == [(7, Continue())]


async def test_the_last_hand_shows_standings_and_returns_to_the_menu():
    match = finished_hand(hands=1)
    assert match.is_over
    s = FakeSession()
    async with table_app(s) as (app, pilot):
        s.send(update(match.view(0)))
        await until(pilot, lambda: isinstance(app.screen, ResultScreen) and "Final" in screen_text(app))
        assert "Final standings" in screen_text(app) and "back to the menu" in screen_text(app)
        await pilot.press("enter")
        await until(pilot, lambda: s.closed)
        await until(pilot, lambda: type(app.screen).__name__ == "MenuScreen")


async def test_result_screen_fits_80x24_and_scrolls():
    view = riichi_like_win(finished_hand().view(0))
    s = FakeSession()
    async with table_app(s) as (app, pilot):
        s.send(update(view, [Continue()]))
        await until(pilot, lambda: isinstance(app.screen, ResultScreen) and "Riichi" in screen_text(app))
        text = screen_text(app)
        assert "Riichi" in text and "next hand" in text.splitlines()[-1]
        await pilot.press("down", "down", "pagedown")


async def test_a_key_pressed_as_the_hand_ends_does_not_skip_the_result(monkeypatch):
    monkeypatch.setattr(ResultScreen, "GRACE", 5.0)
    match = finished_hand()
    s = FakeSession()
    async with table_app(s) as (app, pilot):
        s.send(update(match.view(0), match.pending()[0]))
        await until(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.press("enter", "space")
        assert isinstance(app.screen, ResultScreen) and not s.acts
        app.screen.shown_at -= 5.0  # as if the grace had passed
        await pilot.press("enter")
        await until(pilot, lambda: s.acts)


async def test_a_match_stopped_mid_hand_shows_why_and_the_standings():
    match = basic_match(4)
    events = [e.for_seat(0) for e in match.stop("the time limit")]
    s = FakeSession()
    async with table_app(s) as (app, pilot):
        s.send(update(match.view(0), events=events))
        await until(pilot, lambda: isinstance(app.screen, ResultScreen) and "Final" in screen_text(app))
        assert "The match was stopped: the time limit" in screen_text(app)
        assert "the match is over" in screen_text(app)
        await pilot.press("enter")
        await until(pilot, lambda: s.closed)


def play_to_hand_end(match, bot):
    while match.phase == "play":
        seat, actions = next(iter(match.pending().items()))
        match.act(seat, bot.choose(match.view(seat), actions))


async def test_each_result_is_shown_once_and_a_newer_one_replaces_an_unread_one():
    """A player who idles while bots play: every hand's result comes, none is read. Only the newest is
    open, never a pile of older ones beneath it; at the end esc leaves the table."""
    bot = get_bot("easy")
    match = basic_match(3, hands=3)
    s = FakeSession()
    async with table_app(s) as (app, pilot):
        for hand in range(3):
            play_to_hand_end(match, bot)
            s.send(update(match.view(0)))
            title = f"hand {hand + 1} result"
            await until(
                pilot,
                lambda title=title: (
                    isinstance(app.screen, ResultScreen) and (title in screen_text(app) or "over" in screen_text(app))
                ),
            )
            for seat, actions in list(match.pending().items()):  # the others continue; the idler's times out
                match.act(seat, actions[0])
        assert sum(isinstance(screen, ResultScreen) for screen in app.screen_stack) == 1
        assert not s.acts  # nothing was answered for the player
        await until(pilot, lambda: "Final standings" in screen_text(app))
        await pilot.press("escape")
        await until(
            pilot,
            lambda: not any(isinstance(sc, (ResultScreen, TableScreen)) for sc in app.screen_stack),
        )


def test_a_riichi_result_says_its_value_as_players_do():
    """The value as players say it, yaku by both names, tiles in item names as faces, the winning tile apart."""
    from jantaku.engine.calculator import score_json

    view = riichi_like_win(finished_hand().view(0))
    score = score_json(
        "riichi", {"hand": "234m567p234s678s55m", "win": "2s", "seat": "S", "flags": ["riichi"], "dora": ["4m"]}
    )
    view["result"]["wins"][0]["score"] = score
    text = text_of(hand_result_parts(view_from_wire(view), NAMES, TilePainter()))
    assert "= mangan · 8,000" in text and "score 2000" not in text
    assert "Riichi · Ready hand" in text and "Pinfu · No-points hand" in text
    pung = score_json("riichi", {"hand": "123m456p789s11222z", "win": "2z", "by": "self", "flags": ["riichi"]})
    view["result"]["wins"][0]["score"] = pung
    text = text_of(hand_result_parts(view_from_wire(view), NAMES, TilePainter()))
    assert "Closed pung 南" in text and "2z" not in text
    assert "= 40 fu 2 han · 1,300 all" in text
    hand = view["result"]["wins"][0]
    last = [line for line in text.splitlines() if "+ " in line][0]
    assert last.rstrip().endswith(TilePainter().face(hand["tile"]))  # the winning tile after the rest


@pytest.mark.parametrize(
    "ruleset, seeds", [("sichuan", range(12)), ("riichi", range(6)), ("classical", range(6)), ("hongkong", range(6))]
)
def test_every_source_of_points_is_listed_and_they_add_up(ruleset, seeds):
    """Kong money per kong, each win in the order won, riichi sticks, settlements: on every seat
    the sources add up to the hand's change."""
    from jantaku.engine.match import Match
    from jantaku.engine.ruleset import get_ruleset
    from jantaku.tui.resulttext import payment_sources

    bot = get_bot("easy")
    saw_kong_money = False
    for seed in seeds:
        match = Match(get_ruleset(ruleset), seed)
        events = []
        while match.phase == "play":
            seat, actions = next(iter(match.pending().items()))
            events += [e.for_seat(0) for e in match.act(seat, bot.choose(match.view(seat), actions)) or ()]
        view = match.view(0)
        sources = payment_sources(view.result, events, TilePainter())
        for seat in range(4):
            assert sum(paid.get(seat, 0) for _, paid in sources) == view.result.deltas[seat], (seed, sources)
        titles = [title for title, _ in sources]
        assert titles[: len(view.result.wins)] == (
            ["win"] if len(view.result.wins) == 1 else [f"win {i + 1}" for i in range(len(view.result.wins))]
        )
        saw_kong_money |= any("kong" in t for t in titles)
        if len(sources) > 1:
            text = text_of(hand_result_parts(view, NAMES, TilePainter(), events))
            assert all(title in text for title in titles) and "total" in text
    if ruleset == "sichuan":
        assert saw_kong_money


def test_the_scores_line_wraps_between_players_never_inside_one():
    from rich.console import Console

    view = finished_hand().view(0)
    names = ["player", "strong bot", "strong bot 3", "strong bot 4"]
    console = Console(width=60, record=True, file=open("/dev/null", "w"))
    for part in hand_result_parts(view, names, TilePainter()):
        console.print(part)
    lines = console.export_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("scores"))
    shown = " ".join(lines[start:])
    for seat, name in enumerate(names):
        entry = f"{name} {view.scores[seat]}"
        assert any(entry in line for line in lines[start:]), (entry, lines[start:])  # whole, on one line
    assert shown.count("strong bot") == 3


def test_kong_money_for_a_called_kong_names_the_kong():
    """An exposed kong arrives as a ``call`` event (a kan meld), not a ``kong`` event."""
    from jantaku.tui.resulttext import payment_sources

    view = finished_hand().view(0)
    events = [
        {
            "type": "call",
            "seat": 0,
            "meld": {"type": "kan", "tiles": [52, 54, 55, 53], "claimed": 53, "from": 3, "added": None},
            "from": 3,
        },
        {"type": "payment", "seat": None, "reason": "kong", "deltas": {0: 2, 1: 0, 2: 0, 3: -2}},
    ]
    sources = payment_sources(view.result, events, TilePainter(colour=False))
    assert ("exposed kong 5p", {0: 2, 1: 0, 2: 0, 3: -2}) in sources, sources


async def test_a_key_that_reaches_the_result_before_it_is_mounted_is_ignored():
    # seen in tmux: Enter (meant for the table) arrived before on_mount; the screen had no shown_at yet
    async with table_app(FakeSession()) as (app, pilot):
        screen = ResultScreen(basic_match().view(0), list(NAMES), TilePainter())
        screen.action_close()  # within the grace time: nothing happens, and nothing breaks
