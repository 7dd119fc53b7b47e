"""Rules help: each variant's summary, presets and options, read from the ruleset itself."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from ...engine.options import describe_options
from ...engine.ruleset import ruleset_class, ruleset_names
from ...i18n import N_, _
from .base import BaseScreen


def _value(value: Any) -> str:
    """An option's value as ``--option NAME=VALUE`` takes it (so not translated: on/off, numbers, names)."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, (tuple, list)):
        return ", ".join(map(str, value)) or _("none")
    return str(value)


def rules_text(name: str) -> RenderableType:
    """A variant's help: title, summary, presets (what each changes) and every option with its default."""
    cls = ruleset_class(name)
    parts: list[RenderableType] = [
        Text(f"{_(cls.title)} ({name})", "bold underline"),
        Text(_(cls.summary) if cls.summary else ""),
        Text(""),
        Text(_("Presets"), "bold"),
    ]
    for preset, overrides in cls.presets.items():
        changes = ", ".join(f"{k}={_value(v)}" for k, v in overrides.items()) or _("the defaults")
        mark = _(" (default)") if preset == cls.default_preset else ""
        parts.append(Text.assemble(("  " + preset + mark, "bold"), f": {changes}"))
    parts += [Text(""), Text(_("Options"), "bold")]
    for opt in describe_options(cls.Options):
        parts.append(Text.assemble(("  " + opt["name"], "bold"), f" = {_value(opt['default'])}"))
        doc = _(opt["doc"])
        if opt.get("choices"):
            doc += " " + _("(one of {choices})").format(choices=_value(opt["choices"]))
        if opt.get("bounds"):
            doc += " " + _("({low} to {high})").format(low=opt["bounds"][0], high=opt["bounds"][1])
        parts.append(Padding(Text(doc, "dim"), (0, 0, 0, 4)))
    return Group(*parts)


class RulesScreen(BaseScreen):
    CSS_PATH = "rules.tcss"
    BINDINGS = [Binding("escape,q", "close", N_("back"))]

    def compose_body(self) -> ComposeResult:
        with Horizontal(id="rules-box"):
            yield OptionList(*[Option(_(ruleset_class(n).title), id=n) for n in ruleset_names()], id="rules-list")
            with VerticalScroll(id="rules-text"):
                yield Static(id="rules-body")
        yield Label(_("↑↓ variant · tab to the text · esc back"), id="rules-hint")

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
