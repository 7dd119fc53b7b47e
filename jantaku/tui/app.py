"""The Jantaku app: a menu, then tables, results, replays, rules help and settings."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import App, SystemCommand
from textual.screen import Screen

from ..engine.options import OptionError
from ..engine.ruleset import get_ruleset, ruleset_names
from ..i18n import _, set_language
from . import connect
from .glyphwidth import glyphs_fit
from .records import save_record
from .session import GameSession
from .settings import Settings, load_settings, save_settings
from .tilefaces import TileColours, theme_defaults
from .terms import said

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
    # the palette (ctrl+p) offers Textual's system commands but the screenshot: it writes files, on an SSH host too
    WRITES_FILES = ("Screenshot",)

    def __init__(
        self,
        *,
        start: Callable[["JantakuApp"], Any] | None = None,
        settings: Settings | None = None,
        settings_file: Path | None = None,
        language: str | None = None,
    ) -> None:
        super().__init__()
        self.settings_file = settings_file
        self.settings = settings if settings is not None else load_settings(settings_file)
        if language is not None:  # else the language the command line chose (jantaku.cli.main) stays
            set_language(language)
        self.start = start
        # how wide the terminal draws 🀇 (measured before the app starts: jantaku.cli.play.run_app); None: not known
        self.glyph_cells: int | None = None
        self._suggested_name: str | None = None  # a host refused the name we joined under, and offered this
        self._connect_failure = ""  # why the last connection failed, as a sentence

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        return (command for command in super().get_system_commands(screen) if command.title not in self.WRITES_FILES)

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        """Off: a screenshot is a file written where the app runs (the host, for an SSH player)."""

    def get_theme_variable_defaults(self) -> dict[str, str]:
        # the tile colours ($tile-dots …) for a theme that does not set its own
        return {**super().get_theme_variable_defaults(), **theme_defaults(self.current_theme.dark)}

    def glyph_faces(self) -> bool:
        """Whether tiles are drawn with the Unicode glyphs: chosen in the settings, and this terminal keeps
        the columns with them (:func:`.glyphwidth.glyphs_fit`)."""
        return self.settings.unicode and glyphs_fit(self.glyph_cells)

    def tile_colours(self) -> TileColours:
        """The current theme's tile colours."""
        return TileColours.from_variables(self.theme_variables)

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

    def quick_game(
        self,
        ruleset: str | None = None,
        preset: str | None = None,
        *,
        options: dict[str, Any] | None = None,
        mjai_seats: dict[int, str] | None = None,
    ) -> bool:
        """Start a game against three bots (on a host in this process); False if the rules are not available."""
        ruleset = ruleset or default_ruleset(self.settings)
        try:
            get_ruleset(ruleset, preset or None, options)
        except OptionError as exc:
            self.notify(said(exc), severity="error")
            return False
        self.settings.ruleset, self.settings.preset = ruleset, preset or ""
        self.save_settings()
        self.run_worker(
            self._connect(
                connect.quick_game(
                    self.settings, ruleset, preset=preset or None, options=options, mjai_seats=mjai_seats
                ),
                self.play,
            ),
            group="connect",
        )
        return True

    def host_game(self) -> None:
        """Host tables for the network from this process, and open its lobby."""
        self.run_worker(self._connect(connect.host_lobby(self.settings), self._lobby(hosting=True)), group="connect")

    def join_game(self, address: str | None = None, name: str | None = None) -> None:
        """Ask for a host's address (or pick one found on the LAN) and a name (``name``, else the
        settings'), then open its lobby."""
        from .screens.join import JoinScreen

        def chosen(choice: tuple[str, str] | None) -> None:
            if choice is None:
                self.show_menu()
            else:
                self.join_address(*choice)

        self.push_screen(JoinScreen(address or self.settings.last_host, name), chosen)

    def join_address(self, address: str, name: str | None = None) -> None:
        """Connect to ``host:port`` and open its lobby (on failure, the join screen again, with the
        free name the host suggested if it refused the name)."""
        joining = connect.join_lobby(self.settings, address, name or self.settings.name)
        self.run_worker(
            self._connect(joining, self._lobby(), retry=lambda: self.join_game(address, self._suggested_name)),
            group="connect",
        )

    def join_inherited(self, fd: int) -> None:
        """Join over an inherited socket (the SSH front door); leaving the lobby ends the app."""
        joining = connect.join_inherited(self.settings, fd, self.settings.name)

        def failed() -> None:  # nothing to retry at a door: the app ends, the terminal keeps why (as data)
            self.exit(return_code=1, message=Text(self._connect_failure))

        # nothing to save: the name came from the door, and a keyless player's home is made only
        # when they save something (docs/ssh.md)
        self.run_worker(self._connect(joining, self._lobby(then=self.exit), retry=failed, save=False), group="connect")

    async def _connect(self, getting, then, retry: Callable[[], None] | None = None, save: bool = True) -> None:
        """Await ``getting`` (a session, or a lobby's hub and title) and hand it to ``then`` (saving the
        settings first, with ``save``: the address and name that worked)."""
        from ..netplay.client import ClientError
        from .netsession import connect_failure

        self._suggested_name = None
        try:
            got = await getting
        except (OSError, TimeoutError, ClientError) as exc:
            if isinstance(exc, ClientError):
                self._suggested_name = exc.suggested_name
            self._connect_failure = connect_failure(exc)
            # markup=False: the host's refusal is its text, shown as it is
            self.notify(self._connect_failure, title=_("Could not connect"), severity="error", timeout=8, markup=False)
            (retry or self.show_menu)()
            return
        if save:
            self.save_settings()
        then(got)

    def _lobby(self, *, hosting: bool = False, then: Callable[..., None] | None = None) -> Callable[[tuple], None]:
        from .screens.lobby import LobbyScreen

        return lambda hub_title: self.push_screen(
            LobbyScreen(hub_title[0], title=hub_title[1], hosting=hosting), then or self.show_menu
        )

    def play(self, session: GameSession) -> None:
        from .screens.table import TableScreen

        self.push_screen(TableScreen(session, self.settings), self.game_over)

    def game_over(self, session: GameSession | None) -> None:
        """A table closed: keep a finished match for the replays list, back to the menu."""
        record = session.record() if session is not None else None
        if record is not None and session.over:
            path = save_record(record, names=list(session.names))
            if path is not None:
                self.notify(_("match saved for replay: {name}").format(name=path.name), timeout=4)
        self.show_menu()

    def replay(self, record: Any, names: list[str] | None = None) -> None:
        from .screens.replay import ReplayScreen

        self.push_screen(ReplayScreen(record, names=names), self.show_menu)
