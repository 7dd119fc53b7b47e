"""Rules help: each variant's summary, presets, options and scoring table, read from the ruleset itself.

The scoring table is the ruleset's :meth:`~jantaku.engine.ruleset.Ruleset.scoring_table`: the data
its scorer counts with, under the default preset, so the help cannot disagree with a score.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from ...engine import scoretable
from ...engine.options import describe_options
from ...engine.ruleset import get_ruleset, ruleset_class, ruleset_names
from ...engine.scoretable import ScoringLine
from ...i18n import N_, _, format_number, ngettext
from ..resulttext import unit_word
from ..terms import item_name
from .base import BaseScreen

# the scoring table's sections, in words
SECTION_TITLES = {
    scoretable.YAKU: N_("Yaku"),
    scoretable.YAKUMAN: N_("Yakuman"),
    scoretable.DOUBLES: N_("Doubles"),
    scoretable.FAN: N_("Fan"),
    scoretable.COMBINATIONS: N_("Named combinations (the sum of their fan)"),
    scoretable.LIMIT_HANDS: N_("Limit hands"),
}


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


def scoring_row(line: ScoringLine) -> tuple[Text, ...]:
    """The name as the result screen says it, and the value: (``Tanyao · All simples``, ``1 han``, ``1 han``)
    for a yaku, closed and open (``–``: a closed hand only); (``Full Flush``, ``7 fan``) for the others."""
    name = Text(item_name(line.name), "bold")
    if line.english:
        name.append(f" · {_(line.english)}", "dim")
    value = Text(value_words(line.value, line.unit), no_wrap=True)
    if line.unit != "han":
        return name, value
    open_value = "–" if line.open_value is None else value_words(line.open_value, line.unit)
    return name, value, Text(open_value, no_wrap=True)


def value_words(value: int, unit: str) -> str:
    """``3 doubles``, ``1 double``, ``1,000 points``, ``2 han``."""
    if unit == "doubles":
        return ngettext("{count} double", "{count} doubles", value).format(count=value)
    return f"{format_number(value)} {unit_word(unit)}"


def scoring_text(name: str) -> RenderableType:
    """The variant's scoring table under its default preset, section by section (nothing for none)."""
    ruleset = get_ruleset(name)
    lines = ruleset.scoring_table()
    if not lines:
        return Text("")
    table = Table.grid(padding=(0, 2), pad_edge=True)  # the values in columns of their own
    table.add_column(ratio=1)
    table.add_column(no_wrap=True)
    table.add_column(no_wrap=True)
    section = None
    for line in lines:
        if line.section != section:
            section = line.section
            heads = (N_("closed"), N_("open")) if line.unit == "han" else ()
            table.add_row(*(Text(_(words), "italic") for words in (SECTION_TITLES[section], *heads)))
        table.add_row(*scoring_row(line))
    return Group(Text(_("Scoring (preset {preset})").format(preset=ruleset.preset), "bold"), table)


class RulesScreen(BaseScreen):
    CSS_PATH = "rules.tcss"
    BINDINGS = [Binding("escape,q", "close", N_("back"))]

    def compose_body(self) -> ComposeResult:
        with Horizontal(id="rules-box"):
            yield OptionList(*[Option(_(ruleset_class(n).title), id=n) for n in ruleset_names()], id="rules-list")
            with VerticalScroll(id="rules-text"):
                yield Static(id="rules-body")
                yield Static(id="rules-scoring")
        yield Label(_("↑↓ variant · tab to the text · esc back"), id="rules-hint")

    def on_mount(self) -> None:
        menu = self.query_one(OptionList)
        menu.highlighted = 0
        menu.focus()
        self.show(ruleset_names()[0])

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show(event.option.id)

    shown = ""  # the variant on show

    def show(self, name: str) -> None:
        self.shown = name
        self.query_one("#rules-body", Static).update(rules_text(name))
        self.query_one("#rules-scoring", Static).update(scoring_text(name))

    def action_close(self) -> None:
        self.dismiss(None)
