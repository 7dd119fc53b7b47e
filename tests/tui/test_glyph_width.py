"""The Unicode glyph setting keeps the table's columns: 🀇's width is measured at start (issue #30, item 7)."""

from __future__ import annotations

import os
import threading

import pytest

from jantaku.tui import glyphwidth
from jantaku.tui.app import JantakuApp
from jantaku.tui.screens.settings import SettingsScreen
from jantaku.tui.settings import Settings
from jantaku.tui.tilefaces import TilePainter

from .conftest import screen_text, until


class FakeTerminal:
    """The far end of a pty: answers a cursor position request as a terminal that draws 🀇 ``cells`` wide."""

    def __init__(self, master: int, cells: int | None) -> None:
        self.master, self.cells, self.seen = master, cells, b""
        self.thread = threading.Thread(target=self.answer, daemon=True)
        self.thread.start()

    def answer(self) -> None:
        while glyphwidth.ASK_POSITION.encode() not in self.seen:
            chunk = os.read(self.master, 256)
            if not chunk:
                return
            self.seen += chunk
        if self.cells is not None:
            os.write(self.master, f"\x1b[7;{1 + self.cells}R".encode())


@pytest.fixture
def pty_pair():
    master, slave = os.openpty()
    yield master, slave
    os.close(slave)
    os.close(master)


@pytest.mark.parametrize("cells", [1, 2])
def test_the_width_is_read_from_the_terminals_cursor_report(pty_pair, cells):
    master, slave = pty_pair
    terminal = FakeTerminal(master, cells)
    assert glyphwidth.measure_terminal(slave, slave, timeout=5) == cells
    terminal.thread.join(5)
    assert terminal.seen.startswith(b"\r" + glyphwidth.PROBE.encode() + b"\x1b[6n")


def test_a_terminal_that_does_not_answer_is_not_known(pty_pair):
    master, slave = pty_pair
    FakeTerminal(master, None)
    assert glyphwidth.measure_terminal(slave, slave, timeout=0.05) is None


def test_no_terminal_is_not_known(tmp_path):
    with open(tmp_path / "out", "w") as out, open(os.devnull) as devnull:
        assert glyphwidth.measure_terminal(devnull.fileno(), out.fileno()) is None
    assert (tmp_path / "out").read_text() == ""  # nothing was written where no terminal reads it


@pytest.mark.parametrize("cells, glyphs", [(1, True), (None, True), (2, False)])
def test_the_glyph_faces_are_used_only_where_they_keep_the_columns(cells, glyphs):
    app = JantakuApp(settings=Settings(unicode=True))
    app.glyph_cells = cells
    assert app.glyph_faces() is glyphs
    face = TilePainter(unicode=app.glyph_faces()).face(0)
    assert face == ("🀇 " if glyphs else "1m")
    app.settings.unicode = False
    assert not app.glyph_faces()


@pytest.mark.parametrize(
    "cells, note",
    [
        (2, "this terminal draws 🀇 2 cells wide: the tiles stay 1m/東, so that the columns line up"),
        (1, "needs a font with these glyphs and a terminal that draws them one cell wide (checked at start)"),
    ],
)
async def test_the_settings_say_what_the_glyphs_need_or_why_they_are_off(cells, note):
    app = JantakuApp(settings=Settings(unicode=True, bot_delay=0.0))
    app.glyph_cells = cells
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        text = " ".join(screen_text(app).split())
    assert "Unicode mahjong tile glyphs 🀇" in text and note in text
