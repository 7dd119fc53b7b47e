"""The menu: a quick game (one key), choosing its rules, hosting, joining, replays, rules, settings."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from ...engine.ruleset import ruleset_class, ruleset_names
from ...i18n import N_, _, current_language
from .base import BaseScreen, TranslatedBindings

LOGO = N_("雀卓  J A N T A K U\nmahjong at the terminal")

# (id, key, title); the quick game's title names the rules it will use
ITEMS = (
    ("quick", "p", N_("Quick game against three bots")),
    ("choose", "v", N_("Quick game: choose variant and preset…")),
    ("host", "h", N_("Host a game")),
    ("join", "j", N_("Join a game")),
    ("replays", "r", N_("History and replays")),
    ("rules", "question_mark", N_("Rules help")),
    ("settings", "s", N_("Settings")),
    ("quit", "q", N_("Quit")),
)
KEY_LABELS = {"question_mark": "?"}


class MenuScreen(BaseScreen):
    CSS_PATH = "menu.tcss"
    BINDINGS = [Binding(key, f"choose('{item}')", title, show=False) for item, key, title in ITEMS]
    language = "en"  # the language the screen was composed in

    def compose_body(self) -> ComposeResult:
        self.language = current_language()
        with Center(id="menu-box"):
            yield Static(_(LOGO), id="logo")
            yield OptionList(*self._options(), id="menu")
            yield Label(_("⏎ or the key in brackets · ctrl+q quits"), id="menu-hint")

    def _options(self) -> list[Option]:
        from ..app import default_ruleset

        options = []
        for item, key, title in ITEMS:
            title = _(title)
            if item == "quick":
                rules = default_ruleset(self.app.settings)
                preset = self.app.settings.preset or ruleset_class(rules).default_preset
                title = f"{title} — {rules}, {preset}"
            options.append(Option(Text(f"[{KEY_LABELS.get(key, key)}] {title}"), id=item))  # Text: no markup
        return options

    async def on_screen_resume(self) -> None:
        if self.language != current_language():  # chosen in the settings: everything in the new language
            await self.recompose()
        menu = self.query_one(OptionList)
        highlighted = menu.highlighted
        menu.clear_options()
        menu.add_options(self._options())
        menu.highlighted = highlighted or 0
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_choose(event.option.id)

    def action_choose(self, item: str) -> None:
        app = self.app
        if item == "quick":
            app.quick_game(app.settings.ruleset or None, app.settings.preset or None)
        elif item == "choose":
            app.push_screen(QuickGameScreen(), self._start_chosen)
        elif item == "host":
            app.host_game()
        elif item == "join":
            app.join_game()
        elif item == "replays":
            from .replay import ReplayListScreen

            app.push_screen(ReplayListScreen())
        elif item == "rules":
            from .rules import RulesScreen

            app.push_screen(RulesScreen())
        elif item == "settings":
            from .settings import SettingsScreen

            app.push_screen(SettingsScreen())
        elif item == "quit":
            app.exit()

    def _start_chosen(self, choice: tuple[str, str] | None) -> None:
        if choice is not None:
            self.app.quick_game(*choice)


class QuickGameScreen(TranslatedBindings, ModalScreen[tuple[str, str] | None]):
    """Choose a variant (of ``rulesets``, default: all installed) and one of its presets, then start."""

    CSS_PATH = "menu.tcss"
    BINDINGS = [Binding("escape", "cancel", N_("cancel"))]

    def __init__(
        self,
        *,
        title: str = N_("Quick game against three bots"),
        rulesets: list[str] | None = None,
        button: str = N_("Start"),
    ) -> None:
        super().__init__()
        self.title_text, self.button = _(title), _(button)
        installed = ruleset_names()
        self.rulesets = [n for n in rulesets if n in installed] if rulesets else installed  # we need their presets

    def compose(self) -> ComposeResult:
        from ..app import default_ruleset

        rules = default_ruleset(self.app.settings)
        rules = rules if rules in self.rulesets else self.rulesets[0]
        with Vertical(id="quick-dialog"):
            yield Label(self.title_text, id="quick-title")
            yield Label(_("Variant"))
            yield Select(
                [(f"{_(ruleset_class(n).title)} ({n})", n) for n in self.rulesets],
                value=rules,
                allow_blank=False,
                id="ruleset",
            )
            yield Label(_("Preset"))
            yield Select(self._presets(rules), allow_blank=False, id="preset")
            yield Label("", id="quick-summary")
            yield Button(self.button, variant="primary", id="start")
            yield Label(_("tab moves · ⏎ chooses · esc cancels"), id="quick-hint")

    def _presets(self, rules: str) -> list[tuple[str, str]]:
        return [(name, name) for name in ruleset_class(rules).presets]

    def on_mount(self) -> None:
        self._describe()

    def _describe(self) -> None:
        rules = self.query_one("#ruleset", Select).value
        self.query_one("#quick-summary", Label).update(_(ruleset_class(rules).summary))

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "ruleset":
            presets = self.query_one("#preset", Select)
            options = self._presets(event.value)
            presets.set_options(options)
            presets.value = ruleset_class(event.value).default_preset
            self._describe()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss((self.query_one("#ruleset", Select).value, self.query_one("#preset", Select).value))

    def action_cancel(self) -> None:
        self.dismiss(None)
