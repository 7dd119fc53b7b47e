"""The menu, rules help, settings, replays, and the layouts at 80×24, 160×48 and too small."""

from __future__ import annotations

import asyncio
import json
import os

import pytest

from jantaku.engine.bots import get_bot
from jantaku.engine.match import Match
from jantaku.engine.ruleset import ruleset_class
from jantaku.tui.app import JantakuApp, default_ruleset
from jantaku.tui.records import list_records, load_record, save_record
from jantaku.tui.screens.menu import MenuScreen, QuickGameScreen
from jantaku.tui.screens.replay import ReplayCursor, ReplayListScreen, ReplayScreen
from jantaku.tui.screens.rules import RulesScreen
from jantaku.tui.screens.settings import SettingsScreen
from jantaku.tui.screens.table import TableScreen
from jantaku.tui.settings import Settings, load_settings, settings_path
from jantaku.tui.widgets.player import PlayerArea

from .conftest import HANG, FakeSession, basic_match, screen_text, table_app, until, update


def menu_app() -> JantakuApp:
    return JantakuApp(settings=Settings(bot_delay=0.0))


async def test_menu_enter_starts_the_default_quick_game():
    app = menu_app()
    rules = default_ruleset(app.settings)
    preset = ruleset_class(rules).default_preset
    async with app.run_test() as pilot:
        await until(pilot, lambda: f"Quick game against three bots — {rules}, {preset}" in screen_text(app))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.view is not None, 400)
        assert app.screen.session.match.ruleset.name == rules
    assert load_settings().ruleset == rules  # remembered for the next quick game


async def test_menu_choose_variant_and_preset():
    app = menu_app()
    async with app.run_test() as pilot:
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, QuickGameScreen))
        app.screen.query_one("#ruleset").value = "basic"
        await pilot.pause()
        assert "Any complete hand wins" in screen_text(app)
        await pilot.click("#start")
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.view is not None, 400)
        assert app.screen.session.match.ruleset.name == "basic"


@pytest.mark.parametrize(
    "key, screen", [("question_mark", RulesScreen), ("s", SettingsScreen), ("r", ReplayListScreen)]
)
async def test_menu_keys_open_screens_and_escape_returns(key, screen):
    app = menu_app()
    async with app.run_test() as pilot:
        await pilot.press(key)
        await until(pilot, lambda: isinstance(app.screen, screen))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))


async def test_host_a_game_opens_the_lobby_of_a_host_in_this_process(monkeypatch):
    from jantaku.tui import connect
    from jantaku.tui.screens.lobby import LobbyScreen

    hosting = connect.host_lobby
    monkeypatch.setattr(connect, "host_lobby", lambda settings: hosting(settings, port=0, announce=False))
    app = menu_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and "others join with" in screen_text(app), 400)
        host = app.screen.hub.host
        assert host.port and "jantaku join" in screen_text(app)
        await pilot.press("escape")
        await until(pilot, lambda: "Stop hosting?" in screen_text(app))
        await pilot.press("1")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen), 400)
        await asyncio.wait_for(host.wait_stopped(), HANG)


async def test_rules_help_shows_summary_presets_and_options():
    app = menu_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("question_mark")
        await until(pilot, lambda: "Options" in screen_text(app))
        text = screen_text(app)
    assert "Basic (test rules) (basic)" in text
    assert "Any complete hand wins" in text
    assert "default (default)" in text
    assert "multi_win" in text and "several players may win on one discard" in text
    assert "hands" in text and "16" in text


async def test_settings_are_saved_when_changed():
    app = JantakuApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        await pilot.click("#auto_pass")
        await pilot.pause()
        assert app.settings.auto_pass
    assert load_settings().auto_pass
    assert json.loads(settings_path().read_text())["auto_pass"] is True


async def test_the_bots_strength_is_a_setting():
    from textual.widgets import Select

    app = JantakuApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        assert "Bots' strength" in screen_text(app) and app.settings.bot_level == "normal"
        app.screen.query_one("#bot_level", Select).value = "strong"
        await pilot.pause()
        assert app.settings.bot_level == "strong"
    assert load_settings().bot_level == "strong"


async def test_too_small_terminal_says_so_and_recovers():
    app = menu_app()
    async with app.run_test(size=(70, 20)) as pilot:
        await until(pilot, lambda: "Terminal too small" in screen_text(app))
        assert "need 80×24, have 70×20" in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: "Terminal too small" not in screen_text(app))
        assert "Quick game" in screen_text(app)


async def test_table_too_small_then_big_again():
    match = basic_match(1)
    s = FakeSession()
    async with table_app(s, size=(79, 24)) as (app, pilot):
        s.send(update(match.view(0), match.pending()[0]))
        await until(pilot, lambda: "have 79×24" in screen_text(app))
        await pilot.press("enter")  # keys still reach the table while the message shows
        await until(pilot, lambda: s.acts)
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: "wall" in screen_text(app))


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
async def test_the_table_shows_everything_at_both_sizes(size):
    match = basic_match(1)
    s = FakeSession()
    async with table_app(s, size=size) as (app, pilot):
        s.send(update(match.view(0), match.pending()[0], deadline=20))
        await until(pilot, lambda: "your turn" in screen_text(app))
        text = screen_text(app)
        lines = text.splitlines()
    assert len(lines) == size[1] and all(len(line) <= size[0] for line in lines)
    for needed in ("East 1", "wall 69", "time 20s", "東◆", "13▒", "your turn", "discard", "auto-win", "esc"):
        assert needed in text, needed
    for name in ("Right", "Across", "Left"):  # the opponents by name; your own seat is the centre's lower side
        assert name in text
    boxed = "╭──╮" in text
    assert boxed == (size == (160, 48))


# --- replays -------------------------------------------------------------------------------------


def finished_match(seed: int = 9) -> Match:
    match = basic_match(seed, hands=1)
    bot = get_bot("easy")
    while not match.is_over:
        seat, actions = next(iter(match.pending().items()))
        match.act(seat, bot.choose(match.view(seat), actions))
    return match


def test_replay_cursor_steps_both_ways_like_a_fresh_replay():
    record = finished_match().record()
    cursor = ReplayCursor(record)
    for position in (5, 60, 61, 3, cursor.total, 100, 0, cursor.hand_ends[0]):
        cursor.seek(position)
        assert cursor.match.view(1) == Match.replay(record, upto=position).view(1), position
    assert cursor.hand_ends and cursor.hand_ends[-1] <= cursor.total


def test_replay_of_a_stopped_match():
    match = finished_match()
    record = match.record()
    record.decisions = record.decisions[:40]
    stopped = Match.replay(record)
    stopped.stop("the time limit")
    cursor = ReplayCursor(stopped.record())
    cursor.seek(cursor.total)
    assert cursor.match.is_over and cursor.match.stopped == "the time limit"
    assert cursor.decision_text(cursor.total - 1, ["A", "B", "C", "D"]).endswith("stopped: the time limit")
    assert {"type": "match_end", "stopped": "the time limit"} in cursor.hand_events()


def test_records_round_trip_with_names(tmp_path):
    record = finished_match().record()
    path = save_record(record, names=["A", "B", "C", "D"], folder=tmp_path)
    loaded, names = load_record(path)
    assert loaded.to_wire() == record.to_wire() and names == ["A", "B", "C", "D"]
    plain = tmp_path / "plain.json"
    plain.write_text(json.dumps(record.to_wire()))
    assert load_record(plain)[1] is None
    exported = tmp_path / "exported.json"
    exported.write_text(json.dumps({**record.to_wire(), "meta": {"seats": ["W", "X", "Y", "Z"]}}))
    assert load_record(exported)[1] == ["W", "X", "Y", "Z"]
    for age, file in enumerate((exported, plain, path)):
        os.utime(file, (1_000_000 - age, 1_000_000 - age))
    assert list_records(tmp_path) == [exported, plain, path]  # newest first
    with pytest.raises(ValueError):
        load_record(tmp_path / "missing.json")


async def test_replay_screen_steps_and_reveals_every_hand():
    match = finished_match()
    path = save_record(match.record(), names=["Ann", "Bo", "Cy", "Di"])
    app = menu_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, ReplayListScreen))
        assert path.stem[:8] in screen_text(app).replace("-", "")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        await pilot.press("right", "right", "right")
        assert screen.cursor.position == 3
        assert "3. " in screen_text(app) and "replay 3/" in screen_text(app)
        others = [p for p in screen.query(PlayerArea) if p.position != "self"]
        assert len(others) == 3 and all(p.info.revealed for p in others)  # a replay shows every hand
        await pilot.press("left")
        assert screen.cursor.position == 2
        await pilot.press("pagedown")
        assert screen.cursor.position == screen.cursor.hand_ends[0]
        await until(pilot, lambda: "Mah Jong" in screen_text(app) or "draw" in screen_text(app))
        await pilot.press("end")
        assert "Final standings" in "\n".join(str(line) for line in screen.query_one("#log").lines)
        await pilot.press("home", "escape")
        await until(pilot, lambda: isinstance(app.screen, ReplayListScreen))


async def test_replay_opens_an_exported_record_file(tmp_path):
    record = finished_match().record()
    path = tmp_path / "exported.json"
    path.write_text(json.dumps(record.to_wire()))
    app = menu_app()
    async with app.run_test() as pilot:
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, ReplayListScreen))
        app.screen.query_one("#replay-path").value = str(path)
        await pilot.click("#replay-path")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        assert app.screen.names == ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]
