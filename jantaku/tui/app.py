"""The Jantaku app: a menu, then tables, results, replays, rules help and settings."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.app import App

from ..engine.options import OptionError
from ..engine.ruleset import ruleset_names
from .records import save_record
from .session import GameSession, LocalSession
from .settings import Settings, load_settings, save_settings

# the quick game's default variant: the first of these that is installed
PREFERRED_RULESETS = ("riichi", "hongkong", "classical", "sichuan", "basic")


def default_ruleset(settings: Settings) -> str:
    names = ruleset_names()
    if settings.ruleset in names:
        return settings.ruleset
    return next((n for n in PREFERRED_RULESETS if n in names), names[0])


class JantakuApp(App):
    CSS_PATH = "app.tcss"
    TITLE = "Jantaku"
    ENABLE_COMMAND_PALETTE = False  # its screenshot command would write files on an SSH host

    def __init__(self, *, start: Callable[["JantakuApp"], Any] | None = None, settings: Settings | None = None,
                 settings_file: Path | None = None) -> None:
        super().__init__()
        self.settings_file = settings_file
        self.settings = settings if settings is not None else load_settings(settings_file)
        self.start = start

    def on_mount(self) -> None:
        if self.start is not None:
            self.start(self)  # the menu comes when this first screen closes
        else:
            self.show_menu()

    def show_menu(self, _: Any = None) -> None:
        """The menu, unless it is already open beneath the screen that just closed."""
        from .screens.menu import MenuScreen

        if not any(isinstance(screen, MenuScreen) for screen in self.screen_stack):
            self.push_screen(MenuScreen())

    def save_settings(self) -> None:
        save_settings(self.settings, self.settings_file)

    # --- games ---------------------------------------------------------------------------

    def quick_game(self, ruleset: str | None = None, preset: str | None = None, *, seed: int | None = None,
                   options: dict[str, Any] | None = None) -> bool:
        """Start a game against three bots; False (and a notice) if the rules are not available."""
        ruleset = ruleset or default_ruleset(self.settings)
        try:
            session = LocalSession(ruleset, preset=preset or None, options=options, seed=seed,
                                   bot_delay=self.settings.bot_delay, name=self.settings.name)
        except OptionError as exc:
            self.notify(str(exc), severity="error")
            return False
        self.settings.ruleset, self.settings.preset = ruleset, preset or ""
        self.save_settings()
        self.play(session)
        return True

    def play(self, session: GameSession) -> None:
        from .screens.table import TableScreen

        self.push_screen(TableScreen(session, self.settings), self.game_over)

    def game_over(self, session: GameSession | None) -> None:
        """A table closed: keep a finished match for the replays list, back to the menu."""
        record = session.record() if session is not None else None
        match = getattr(session, "match", None)
        if record is not None and (match is None or match.is_over):
            path = save_record(record, names=list(session.names))
            if path is not None:
                self.notify(f"match saved for replay: {path.name}", timeout=4)
        self.show_menu()

    def replay(self, record: Any, names: list[str] | None = None) -> None:
        from .screens.replay import ReplayScreen

        self.push_screen(ReplayScreen(record, names=names), self.show_menu)
