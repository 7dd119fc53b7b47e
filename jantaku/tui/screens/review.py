"""The review of one decision in a replay: what the bot would have done there, and the figures why.

Opened from the replay screen (key ``v``) for the decision about to be
applied: the seat's hand, its choice and the reviewing bot's, and for the
best few choices their shanten, useful tiles still unseen, value and danger
against each opponent (the same entry ``jantaku review`` prints).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from ...engine.review import ReviewEntry
from ..reviewtext import action_words, format_entry, loss_words, seat_words
from ...i18n import N_, _


class DecisionReviewScreen(ModalScreen[None]):
    """One :class:`ReviewEntry`, in words; any of esc, v, q or enter closes it."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape,v,q,enter", "close", N_("close"))]

    def __init__(
        self, entry: ReviewEntry, seat: int, names: Sequence[str], bot: str, ruleset: str | None = None
    ) -> None:
        super().__init__()
        self.entry = entry
        self.names = names
        self.who = seat_words(seat, entry.dealer, names)
        self.bot = bot
        self.ruleset = ruleset

    def compose(self) -> ComposeResult:
        entry = self.entry
        actual, expected = action_words(entry.actual, self.ruleset), action_words(entry.expected, self.ruleset)
        if entry.is_equal:
            verdict = _("{who} played {actual}, as {bot} would").format(who=self.who, actual=actual, bot=self.bot)
        else:
            verdict = _("{who} played {actual}; {bot} would play {expected} ({why})").format(
                who=self.who, actual=actual, bot=self.bot, expected=expected, why=loss_words(entry)
            )
        situation, _blank, *candidates = format_entry(entry, self.bot, ruleset=self.ruleset, names=self.names)
        with VerticalScroll(id="review"):
            yield Static(Text(_("Review: {verdict}").format(verdict=verdict), "bold"), id="review-verdict")
            yield Static(Text(situation), id="review-situation")
            yield Static(Text("\n".join(line.strip() for line in candidates)), id="review-candidates")
            yield Label(_("* the bot's choice  › the one played  ·  ↑↓ scroll  ·  esc close"), id="dialog-hint")

    def on_mount(self) -> None:
        self.query_one("#review", VerticalScroll).focus()  # the arrows scroll a long review

    def action_close(self) -> None:
        self.dismiss(None)
