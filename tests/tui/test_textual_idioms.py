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


def dots_colour(app) -> object:
    """The colour the open table draws a dots tile in."""
    return app.screen.painter().style(9 * 4 + 1).color  # 1p


async def test_tile_colours_are_theme_variables(monkeypatch):
    from textual.theme import Theme

    async with table_app(FakeSession()) as (app, pilot):
        await until(pilot, lambda: hasattr(app.screen, "painter"))
        dark = dots_colour(app)
        app.theme = "textual-light"
        await pilot.pause()
        light = dots_colour(app)
        app.register_theme(Theme("mine", primary="#004578", variables={"tile-dots": "#123456"}))
        app.theme = "mine"
        await pilot.pause()
        mine = dots_colour(app)
    assert dark is not None and light is not None and dark != light
    assert mine is not None and mine.triplet.hex == "#123456"


async def test_no_color_takes_the_tile_colours_away(monkeypatch):
    async with table_app(FakeSession()) as (app, pilot):
        await until(pilot, lambda: hasattr(app.screen, "painter"))
        coloured = dots_colour(app)
    monkeypatch.setenv("NO_COLOR", "1")
    async with table_app(FakeSession()) as (app, pilot):
        await until(pilot, lambda: hasattr(app.screen, "painter"))
        plain = dots_colour(app)
        face = app.screen.painter().face(9 * 4 + 1)
    assert coloured is not None and plain is None
    assert face == "1p"  # the suit letter still says which tile it is
