"""Settings: name, tile faces, colour, the automatic actions, the bots' pace and strength; saved on change."""

from __future__ import annotations

import os

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Input, Label, Select, Switch

from ...i18n import AUTO, LANGUAGE_NAMES, N_, _, resolve_language, set_language
from ..glyphwidth import glyphs_fit
from ..settings import BOT_LEVELS, TILE_STYLES
from .base import BaseScreen

SWITCHES = (
    ("unicode", N_("Unicode mahjong tile glyphs 🀇")),
    ("colour", N_("Colour tiles by suit")),
    ("auto_win", N_("Auto-win: declare every win at once")),
    ("auto_pass", N_("Auto-pass: decline calls (never a win)")),
    ("auto_discard", N_("Auto-discard after riichi when nothing else is possible")),
    ("mark_tsumogiri", N_("Dim the discards thrown straight from the draw")),
)
BOT_PACES = ((N_("instant"), 0.0), (N_("quick"), 0.2), (N_("normal"), 0.4), (N_("slow"), 0.8))
TILE_STYLE_WORDS = {"auto": N_("auto"), "compact": N_("compact"), "boxed": N_("boxed")}
BOT_LEVEL_WORDS = {"easy": N_("easy"), "normal": N_("normal"), "strong": N_("strong")}


def switch_label(label: str, on: bool) -> Text:
    """The switch's state in words too (a switch alone shows it by colour)."""
    return Text(f"{_('[on] ') if on else _('[off]')} {_(label)}")


def glyph_note(cells: int | None) -> str:
    """What the glyphs need, or why this terminal does not get them (its width for 🀇 was measured at start)."""
    if glyphs_fit(cells):
        return _("needs a font with these glyphs and a terminal that draws them one cell wide (checked at start)")
    return _("this terminal draws 🀇 {cells} cells wide: the tiles stay 1m/東, so that the columns line up").format(
        cells=cells
    )


class SettingsScreen(BaseScreen):
    CSS_PATH = "settings.tcss"
    BINDINGS = [Binding("escape", "close", N_("back"))]

    def compose_body(self) -> ComposeResult:
        s = self.app.settings
        with VerticalScroll(id="settings-box"):
            yield Label(_("Settings"), id="settings-title")
            with Horizontal(classes="setting"):
                yield Label(_("Your name"), classes="setting-label")
                yield Input(s.name, id="name", max_length=24)
            with Horizontal(classes="setting"):
                yield Label(_("Language"), classes="setting-label")
                languages = [(_("from the system (LANG)"), AUTO), *((n, code) for code, n in LANGUAGE_NAMES.items())]
                yield Select(languages, value=s.language, allow_blank=False, id="language")
            with Horizontal(classes="setting"):
                yield Label(_("Bots' strength"), classes="setting-label")
                yield Select(
                    [(_(BOT_LEVEL_WORDS.get(level, level)), level) for level in BOT_LEVELS],
                    value=s.bot_level,
                    allow_blank=False,
                    id="bot_level",
                )
            with Horizontal(classes="setting"):
                yield Label(_("Tiles"), classes="setting-label")
                yield Select(
                    [(_(TILE_STYLE_WORDS[t]), t) for t in TILE_STYLES], value=s.tiles, allow_blank=False, id="tiles"
                )
            for attr, label in SWITCHES:
                with Horizontal(classes="setting switch-setting"):
                    yield Switch(getattr(s, attr), id=attr)
                    yield Label(switch_label(label, getattr(s, attr)), id=f"{attr}-label", classes="switch-label")
                if attr == "unicode":
                    yield Label(glyph_note(self.jantaku.glyph_cells), id="unicode-note", classes="setting-note")
            with Horizontal(classes="setting"):
                yield Label(_("Bots' pace"), classes="setting-label")
                pace = min(BOT_PACES, key=lambda p: abs(p[1] - s.bot_delay))[1]
                yield Select([(_(n), v) for n, v in BOT_PACES], value=pace, allow_blank=False, id="bot_delay")
            yield Label(
                _("Tiles: auto draws boxed tiles when the terminal has room. Esc goes back."), id="settings-hint"
            )

    def on_switch_changed(self, event: Switch.Changed) -> None:
        attr = event.switch.id
        setattr(self.app.settings, attr, event.value)
        self.app.save_settings()
        self.query_one(f"#{attr}-label", Label).update(switch_label(dict(SWITCHES)[attr], event.value))

    async def on_select_changed(self, event: Select.Changed) -> None:
        settings = self.jantaku.settings
        if getattr(settings, str(event.select.id)) == event.value:
            return  # the value it was composed with
        setattr(self.app.settings, event.select.id, event.value)
        self.app.save_settings()
        if event.select.id == "language":  # this screen at once, the others when they are drawn next
            set_language(resolve_language(None, settings.language, os.environ))
            await self.recompose()
            self.query_one("#language", Select).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.value.strip():
            self.app.settings.name = event.value.strip()
            self.app.save_settings()

    def action_close(self) -> None:
        self.dismiss(None)
