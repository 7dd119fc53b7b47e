"""Rules help: each variant's summary, presets and options, read from the ruleset itself."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from ...engine.options import describe_options
from ...engine.ruleset import ruleset_class, ruleset_names
from .base import BaseScreen


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, (tuple, list)):
        return ", ".join(map(str, value)) or "none"
    return str(value)


def rules_text(name: str) -> RenderableType:
    """A variant's help: title, summary, presets (what each changes) and every option."""
    cls = ruleset_class(name)
    parts: list[RenderableType] = [Text(f"{cls.title} ({name})", "bold underline"), Text(cls.summary or "")]
    presets = Table(title="Presets", title_justify="left", title_style="bold", box=None, padding=(0, 1))
    presets.add_column("preset")
    presets.add_column("changes")
    for preset, overrides in cls.presets.items():
        changes = ", ".join(f"{k}={_value(v)}" for k, v in overrides.items()) or "the defaults"
        mark = " (default)" if preset == cls.default_preset else ""
        presets.add_row(preset + mark, changes)
    parts += [Text(""), presets]
    options = Table(title="Options", title_justify="left", title_style="bold", box=None, padding=(0, 1))
    options.add_column("option")
    options.add_column("default")
    options.add_column("what it does")
    for opt in describe_options(cls.Options):
        doc = opt["doc"] + (f" (one of {_value(opt['choices'])})" if opt.get("choices") else "")
        options.add_row(opt["name"], _value(opt["default"]), doc)
    parts += [Text(""), options]
    return Group(*parts)


class RulesScreen(BaseScreen):
    CSS_PATH = "rules.tcss"
    BINDINGS = [Binding("escape,q", "close", "back")]

    def compose_body(self) -> ComposeResult:
        with Horizontal(id="rules-box"):
            yield OptionList(*[Option(ruleset_class(n).title, id=n) for n in ruleset_names()], id="rules-list")
            with VerticalScroll(id="rules-text"):
                yield Static(id="rules-body")
        yield Label("↑↓ variant · tab to the text · esc back", id="rules-hint")

    def on_mount(self) -> None:
        menu = self.query_one(OptionList)
        menu.highlighted = 0
        menu.focus()
        self.show(ruleset_names()[0])

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show(event.option.id)

    def show(self, name: str) -> None:
        self.query_one("#rules-body", Static).update(rules_text(name))

    def action_close(self) -> None:
        self.dismiss(None)
