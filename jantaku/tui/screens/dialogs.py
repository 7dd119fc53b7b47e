"""Small modal dialogs: pick one of several choices, read the key help."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static

from ...i18n import N_, _
from .base import TranslatedBindings


class ChoiceScreen(TranslatedBindings, ModalScreen[int | None]):
    """Pick one of ``labels`` (arrows and Enter, a number key, or a click); Esc cancels.

    ``initial`` is the choice highlighted first.
    """

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape", "cancel", N_("cancel"))]

    def __init__(self, title: str, labels: Sequence[str], initial: int = 0) -> None:
        super().__init__()
        self.title_text = title
        self.labels = list(labels)
        self.initial = initial if 0 <= initial < len(self.labels) else 0

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            # Text, not markup: a title may quote the host (an error naming a table or a player)
            yield Label(Text(self.title_text), id="dialog-title")
            yield OptionList(
                *[Text(f"{i + 1}. {label}" if i < 9 else f"   {label}") for i, label in enumerate(self.labels)],
                id="choices",
            )
            yield Label(_("⏎ choose · 1-9 · esc cancel"), id="dialog-hint")

    def on_mount(self) -> None:
        self.query_one(OptionList).highlighted = self.initial

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_index)

    def on_key(self, event: Key) -> None:
        if event.character and event.character.isdigit() and event.character != "0":
            index = int(event.character) - 1
            if index < len(self.labels):
                event.stop()
                self.dismiss(index)

    def action_cancel(self) -> None:
        self.dismiss(None)


# the keys' lines of the help, each with what makes it apply at a table: "always", "seat" (a seated
# player, not a spectator), "riichi" (a variant with a riichi declaration), "chow" (chi may be called),
# "sichuan" (the void suit and the exchange)
HELP_KEYS: tuple[tuple[str, str], ...] = (
    ("seat", N_("a b d f g h i j l m n o q s  select the tile with that letter")),
    ("seat", N_("← →  move the selection      ⏎  discard the selected tile")),
    ("seat", N_("click a tile to select it, click it again to discard it")),
    ("seat", N_("w  win (tsumo / ron)")),
    ("riichi", N_("r  riichi with the selected tile")),
    ("chow", N_("c  chi")),
    ("seat", N_("p  pon    k  kong (the selected tile's)")),
    ("seat", N_("space / x  pass on a call")),
    ("sichuan", N_("v  void suit")),
    ("sichuan", N_("e  exchange the tiles marked with their letters")),
    ("seat", N_("1-9  other decisions")),
    ("always", N_("/  chat")),
    ("seat", N_("F2 auto-win   F3 auto-pass")),
    ("riichi", N_("F4 auto-discard after riichi")),
    ("always", N_("esc  leave the table         ctrl+q  quit")),
)
HELP_SIGNS = N_("""\
[b]The table[/b]
  »  whose turn it is          13▒  tiles in that player's hand
  5m*  the riichi tile         5m◂  the discard on the table now
  struck through: claimed      dim: discarded straight from the draw
  underlined in a meld: the claimed tile      ▒▒  face down
  東 East  南 South  西 West  北 North  白 White  發 Green  中 Red
""")


def help_text(applies: Collection[str] | None = None) -> Text:
    """The help's keys (only those whose condition is in ``applies``; all when None) and signs."""
    lines = [_(line) for tag, line in HELP_KEYS if applies is None or tag == "always" or tag in applies]
    keys = Text(_("Playing"), "bold") + Text("".join(f"\n  {line}" for line in lines))
    return keys + Text("\n\n") + Text.from_markup(_(HELP_SIGNS))


class HelpScreen(TranslatedBindings, ModalScreen[None]):
    """The keys and signs, and (from a table) what this table plays: rules and the variant's facts.

    ``applies`` names the conditions of :data:`HELP_KEYS` met at this table (None: every key)."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape,question_mark,enter,q", "close", N_("close"))]

    def __init__(self, table_info: Sequence[str] = (), applies: Collection[str] | None = None) -> None:
        super().__init__()
        self.table_info = list(table_info)
        self.applies = None if applies is None else frozenset(applies)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Static(help_text(self.applies))
            if self.table_info:
                yield Static(Text(_("This table"), "bold"))
                yield Static(Text("\n".join(f"  {line}" for line in self.table_info)))
            yield Label(_("esc close"), id="dialog-hint")

    def action_close(self) -> None:
        self.dismiss(None)
