"""Small modal dialogs: pick one of several choices, read the key help."""

from __future__ import annotations

from collections.abc import Sequence

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


HELP_TEXT = N_("""\
[b]Playing[/b]
  a b d f g h i j l m n o q s  select the tile with that letter
  ← →  move the selection      ⏎  discard the selected tile
  click a tile to select it, click it again to discard it
  w  win (tsumo / ron)         r  riichi with the selected tile
  c  chi    p  pon             k  kong (the selected tile's)
  space / x  pass on a call    v  void suit
  e  exchange the tiles marked with their letters
  1-9  other decisions         /  chat
  F2 auto-win   F3 auto-pass   F4 auto-discard after riichi
  esc  leave the table         ctrl+q  quit

[b]The table[/b]
  »  whose turn it is          13▒  tiles in that player's hand
  5m*  the riichi tile         5m◂  the discard on the table now
  struck through: claimed      dim: discarded straight from the draw
  underlined in a meld: the claimed tile      ▒▒  face down
  東 East  南 South  西 West  北 North  白 White  發 Green  中 Red
""")


class HelpScreen(TranslatedBindings, ModalScreen[None]):
    """The keys and signs, and (from a table) what this table plays: rules and the variant's facts."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape,question_mark,enter,q", "close", N_("close"))]

    def __init__(self, table_info: Sequence[str] = ()) -> None:
        super().__init__()
        self.table_info = list(table_info)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Static(_(HELP_TEXT))
            if self.table_info:
                yield Static(Text(_("This table"), "bold"))
                yield Static(Text("\n".join(f"  {line}" for line in self.table_info)))
            yield Label(_("esc close"), id="dialog-hint")

    def action_close(self) -> None:
        self.dismiss(None)
