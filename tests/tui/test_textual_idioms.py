"""The table the way Textual's best apps do it: the command palette, theme colours, bindings, the reactive view."""

from __future__ import annotations

from textual.command import CommandPalette

from jantaku.tui.app import JantakuApp

from .conftest import FakeSession, table_app, until


async def test_the_palette_is_on_without_a_command_that_writes_files():
    s = FakeSession()
    async with table_app(s) as (app, pilot):
        commands = list(app.get_system_commands(app.screen))
        titles = [command.title for command in commands]
        assert "Theme" in titles and "Quit" in titles
        assert not [c for c in commands if "screenshot" in (c.title + c.help).lower() or "save" in (c.title + c.help).lower()]
        await pilot.press("ctrl+p")
        await until(pilot, lambda: isinstance(app.screen, CommandPalette))
    assert JantakuApp.ENABLE_COMMAND_PALETTE
