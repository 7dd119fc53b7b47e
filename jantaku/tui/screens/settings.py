"""Settings: name, tile faces, colour, the automatic actions, the bots' pace and strength; saved on change."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Input, Label, Select, Switch

from ..settings import BOT_LEVELS, TILE_STYLES
from .base import BaseScreen

SWITCHES = (
    ("unicode", "Unicode mahjong tile glyphs (needs a font that has them)"),
    ("colour", "Colour tiles by suit"),
    ("auto_win", "Auto-win: declare every win at once"),
    ("auto_pass", "Auto-pass: decline calls (never a win)"),
    ("auto_discard", "Auto-discard after riichi when nothing else is possible"),
    ("mark_tsumogiri", "Dim the discards thrown straight from the draw"),
)
BOT_PACES = (("instant", 0.0), ("quick", 0.2), ("normal", 0.4), ("slow", 0.8))


def switch_label(label: str, on: bool) -> Text:
    """The switch's state in words too (a switch alone shows it by colour)."""
    return Text(f"{'[on] ' if on else '[off]'} {label}")


class SettingsScreen(BaseScreen):
    CSS_PATH = "settings.tcss"
    BINDINGS = [Binding("escape", "close", "back")]

    def compose_body(self) -> ComposeResult:
        s = self.app.settings
        with VerticalScroll(id="settings-box"):
            yield Label("Settings", id="settings-title")
            with Horizontal(classes="setting"):
                yield Label("Your name", classes="setting-label")
                yield Input(s.name, id="name", max_length=24)
            with Horizontal(classes="setting"):
                yield Label("Bots' strength", classes="setting-label")
                yield Select(
                    [(level, level) for level in BOT_LEVELS], value=s.bot_level, allow_blank=False, id="bot_level"
                )
            with Horizontal(classes="setting"):
                yield Label("Tiles", classes="setting-label")
                yield Select([(f"{t}", t) for t in TILE_STYLES], value=s.tiles, allow_blank=False, id="tiles")
            for attr, label in SWITCHES:
                with Horizontal(classes="setting switch-setting"):
                    yield Switch(getattr(s, attr), id=attr)
                    yield Label(switch_label(label, getattr(s, attr)), id=f"{attr}-label", classes="switch-label")
            with Horizontal(classes="setting"):
                yield Label("Bots' pace", classes="setting-label")
                pace = min(BOT_PACES, key=lambda p: abs(p[1] - s.bot_delay))[1]
                yield Select([(n, v) for n, v in BOT_PACES], value=pace, allow_blank=False, id="bot_delay")
            yield Label("Tiles: auto draws boxed tiles when the terminal has room. Esc goes back.", id="settings-hint")

    def on_switch_changed(self, event: Switch.Changed) -> None:
        attr = event.switch.id
        setattr(self.app.settings, attr, event.value)
        self.app.save_settings()
        self.query_one(f"#{attr}-label", Label).update(switch_label(dict(SWITCHES)[attr], event.value))

    def on_select_changed(self, event: Select.Changed) -> None:
        setattr(self.app.settings, event.select.id, event.value)
        self.app.save_settings()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.value.strip():
            self.app.settings.name = event.value.strip()
            self.app.save_settings()

    def action_close(self) -> None:
        self.dismiss(None)
