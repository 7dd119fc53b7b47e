"""The screens in German: strings marked at import are translated when shown, the settings screen switches the
language at once and keeps it, the rules help and the key help are German (issue 19, docs/i18n.md)."""

from __future__ import annotations

import json

import pytest
from textual.widgets import OptionList, Select

from jantaku.i18n import current_language, set_language
from jantaku.tui.app import JantakuApp
from jantaku.tui.screens.dialogs import HelpScreen
from jantaku.tui.screens.menu import MenuScreen
from jantaku.tui.screens.rules import rules_text
from jantaku.tui.screens.settings import SettingsScreen
from jantaku.tui.settings import Settings, load_settings

from .conftest import screen_text, until


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


async def test_the_menu_imported_in_english_is_drawn_in_german():
    # MenuScreen's items are module constants, made when this test module imported it (in English)
    app = JantakuApp(settings=Settings(bot_delay=0.0), language="de")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.pause()
        text = screen_text(app)
        assert "Schnelles Spiel gegen drei Bots" in text and "Einstellungen" in text and "Regelhilfe" in text
        assert "Quick game" not in text
        app.screen.refresh_bindings()
        descriptions = {active.binding.description for active in app.screen.active_bindings.values()}
        assert "Beenden" in descriptions  # a binding's description, as the key panel shows it


async def test_the_settings_screen_switches_the_language_at_once_and_keeps_it(tmp_path, monkeypatch):
    monkeypatch.setenv("LANG", "C.UTF-8")
    settings_file = tmp_path / "settings.json"
    app = JantakuApp(settings=Settings(bot_delay=0.0), settings_file=settings_file, language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        app.push_screen(SettingsScreen())
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        await until(pilot, lambda: "Your name" in screen_text(app))
        app.screen.query_one("#language", Select).value = "de"
        await until(pilot, lambda: "Dein Name" in screen_text(app))
        assert current_language() == "de" and load_settings(settings_file).language == "de"
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen) and "Einstellungen" in screen_text(app))
        assert isinstance(app.focused, OptionList)  # the menu, in German, takes the keys again
        app.push_screen(SettingsScreen())
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen) and "Dein Name" in screen_text(app))
        app.screen.query_one("#language", Select).value = "auto"  # back to the locale: C is English
        await until(pilot, lambda: "Your name" in screen_text(app))
    assert json.loads(settings_file.read_text())["language"] == "auto"


def test_the_rules_help_is_german():
    set_language("de")
    text = "\n".join(str(part) for part in rules_text("hongkong").renderables)
    assert "Hongkong alter Stil" in text and "Fan-Wertung, 144 Ziegel" in text
    assert "Voreinstellungen" in text and "Optionen" in text
    assert "die Spieler wechseln nach der Ost-, Süd- und Westrunde die Plätze" in text


async def test_the_key_help_is_german():
    app = JantakuApp(settings=Settings(bot_delay=0.0), language="de")
    async with app.run_test(size=(80, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        app.push_screen(HelpScreen())
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.pause()
        text = screen_text(app)
        assert "den gewählten Ziegel abwerfen" in text and "Esc schließen" in text
