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
        assert not [
            c for c in commands if "screenshot" in (c.title + c.help).lower() or "save" in (c.title + c.help).lower()
        ]
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


async def test_keys_are_bindings_gated_by_the_prompt_and_the_bar_is_drawn_from_them():
    from jantaku.engine.actions import Pass, Pon

    from .test_table_actions import claim_view, open_prompt
    from .conftest import screen_text, update

    view = claim_view()
    mine = view["players"][0]["concealed"]
    pon = Pon(mine[0], tuple(mine[1:3]))
    s = FakeSession()
    async with table_app(s) as (app, pilot):
        table = await open_prompt(s, app, pilot, update(view, [Pass()]))
        assert table.check_action("act", ("space",)) and not table.check_action("act", ("p",))
        enabled = {a.binding.action for a in table.active_bindings.values() if a.node is table and a.enabled}
        assert "act('space')" in enabled and "act('p')" not in enabled
        assert not await table.press("p") and not s.acts  # an illegal action stays impossible
        s.send(update(view, [pon, Pass()], prompt_id=2))
        await until(pilot, lambda: table.prompt is not None and table.prompt.id == 2)
        assert table.check_action("act", ("p",))  # the bindings follow the new prompt
        assert " p pon" in screen_text(app)
        await pilot.press("p")
        await until(pilot, lambda: s.acts)
    assert s.acts == [(2, pon)]


async def test_the_view_is_reactive_and_its_watcher_draws_the_widgets():
    from jantaku.engine.views import view_from_wire
    from jantaku.tui.widgets.centre import CentrePanel

    from .test_table_actions import dealer_turn

    wire, _ = dealer_turn()
    async with table_app(FakeSession()) as (app, pilot):
        await until(pilot, lambda: hasattr(app.screen, "painter"))
        table = app.screen
        table.view = view_from_wire(wire)  # no redraw() called: the watcher pushes the view down
        await pilot.pause()
        info = table.query_one(CentrePanel).info
    assert info is not None and info.wall == wire["wall"]
