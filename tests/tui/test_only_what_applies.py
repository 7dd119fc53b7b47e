"""Issue 28, item 8: the table offers only keys that do something there: no automatic plays for a
spectator, no riichi toggle (nor riichi key in the help) outside riichi."""

from __future__ import annotations

import pytest

from jantaku.engine.match import Match
from jantaku.engine.ruleset import get_ruleset
from jantaku.tui.screens.dialogs import HelpScreen
from jantaku.tui.screens.table import TableScreen

from .conftest import FakeSession, screen_text, table_app, until, update

VARIANTS = ("riichi", "classical", "hongkong", "sichuan")
TOGGLE_KEYS = ("f2", "f3", "f4")


def offered(table: TableScreen) -> set[str]:
    """The keys the table's key bar and Textual (footer, command palette) offer now."""
    shown = {binding.key for binding in table.shown_bindings()}
    active = {key for key, active in table.app.active_bindings.items() if active.enabled}
    assert shown <= active
    return shown


async def open_table(session: FakeSession, ruleset: str, app, pilot) -> TableScreen:
    match = Match(get_ruleset(ruleset), 1)
    session.send(update(match.view(session.seat)))
    await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.view is not None)
    return app.screen


async def help_text(app, pilot) -> str:
    await pilot.press("question_mark")
    await until(pilot, lambda: isinstance(app.screen, HelpScreen))
    text = screen_text(app)
    await pilot.press("escape")
    await until(pilot, lambda: isinstance(app.screen, TableScreen))
    return text


@pytest.mark.parametrize("ruleset", VARIANTS)
async def test_a_spectator_is_offered_no_automatic_plays(ruleset):
    s = FakeSession(seat=None)
    async with table_app(s) as (app, pilot):
        table = await open_table(s, ruleset, app, pilot)
        keys = offered(table)
        assert not keys & set(TOGGLE_KEYS)
        assert {"slash", "question_mark", "escape"} <= keys  # chat, help and leaving still apply
        text = screen_text(app)
        assert "auto-win" not in text and "auto-pass" not in text and "auto-discard" not in text
        before = (app.settings.auto_win, app.settings.auto_pass, app.settings.auto_discard)
        await pilot.press(*TOGGLE_KEYS)
        await pilot.pause()
        assert (app.settings.auto_win, app.settings.auto_pass, app.settings.auto_discard) == before
        for key in TOGGLE_KEYS:
            assert not await table.press(key)
        legend = await help_text(app, pilot)
        assert "F2" not in legend and "F3" not in legend and "F4" not in legend
        assert "select the tile" not in legend and "riichi with" not in legend
        assert "chat" in legend and "leave the table" in legend


@pytest.mark.parametrize("ruleset", ("classical", "hongkong", "sichuan"))
async def test_without_riichi_a_seated_player_has_auto_win_and_auto_pass_but_no_riichi_toggle(ruleset):
    s = FakeSession(seat=0)
    async with table_app(s) as (app, pilot):
        table = await open_table(s, ruleset, app, pilot)
        keys = offered(table)
        assert {"f2", "f3"} <= keys and "f4" not in keys
        text = screen_text(app)
        assert "auto-win" in text and "auto-pass" in text and "auto-discard" not in text
        before = app.settings.auto_discard
        await pilot.press("f4")
        await pilot.pause()
        assert app.settings.auto_discard == before
        legend = await help_text(app, pilot)
        assert "F2 auto-win" in legend and "F3 auto-pass" in legend
        assert "F4" not in legend and "riichi with" not in legend
        assert ("void suit" in legend) is (ruleset == "sichuan")
        assert ("c  chi" in legend) is (ruleset != "sichuan")  # Sichuan calls no chi


async def test_in_riichi_a_seated_player_has_all_three_toggles():
    s = FakeSession(seat=0)
    async with table_app(s) as (app, pilot):
        table = await open_table(s, "riichi", app, pilot)
        keys = offered(table)
        assert set(TOGGLE_KEYS) <= keys
        text = screen_text(app)
        assert "auto-win" in text and "auto-pass" in text and "auto-discard" in text
        before = app.settings.auto_discard
        await pilot.press("f4")
        await until(pilot, lambda: app.settings.auto_discard is not before)
        legend = await help_text(app, pilot)
        assert "F2 auto-win" in legend and "F3 auto-pass" in legend and "F4 auto-discard after riichi" in legend
        assert "riichi with the selected tile" in legend and "void suit" not in legend
