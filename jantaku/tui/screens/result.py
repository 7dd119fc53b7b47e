"""After a hand: who won and why (every score item), payments, revealed hands; at the end, standings.

Continue (⏎, not at once: a key meant for the table must not skip it) closes it; the table then answers the host's
``continue`` prompt (or leaves, when the match is over).
"""

from __future__ import annotations

import time
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from ...engine.views import View
from ...i18n import N_, _
from ..resulttext import hand_result_parts, hand_title, standings_parts
from ..tilefaces import TilePainter
from ..widgets.buttons import ButtonRow, Entry
from .base import BaseScreen


class ResultScreen(BaseScreen):
    CSS_PATH = "result.tcss"
    BINDINGS = [Binding("enter", "close", N_("continue")), Binding("escape", "leave", N_("leave"), show=False)]
    GRACE = 0.6  # seconds: a key pressed as the hand ended (a discard, a pass) does not skip the result

    def __init__(
        self,
        view: View,
        names: list[str],
        painter: TilePainter,
        *,
        final: bool = False,
        events: list[dict[str, Any]] = (),
    ) -> None:
        super().__init__()
        self.view, self.names, self.painter, self.final = view, names, painter, final
        self.events = list(events)
        self.shown_at = time.monotonic()  # on_mount sets it again; a key before the mount is within the grace

    def compose_body(self) -> ComposeResult:
        with VerticalScroll(id="result-body"):
            yield Static(hand_title(self.view), id="result-title")
            for part in hand_result_parts(self.view, self.names, self.painter, self.events):
                yield Static(part, classes="result-part")
            if self.final:
                for part in standings_parts(self.view, self.names):
                    yield Static(part, classes="result-part standings")
        yield ButtonRow(id="result-keys")

    def on_mount(self) -> None:
        self.shown_at = time.monotonic()
        title = _("back to the menu") if self.final else _("next hand")
        self.query_one(ButtonRow).show([Entry("⏎", title, "close"), Entry("↑↓", _("scroll"), "scroll")])
        self.query_one("#result-body").focus()

    def on_button_row_pressed(self, message: ButtonRow.Pressed) -> None:
        if message.entry_id == "close":
            self.action_close()

    def action_close(self) -> None:
        if self.shown_at is not None and time.monotonic() - self.shown_at >= self.GRACE:
            self.dismiss(True)

    def action_leave(self) -> None:
        """Esc always gets the player out: read, and (after the match) off the table at once."""
        self.dismiss(True)

    def superseded(self) -> None:
        """A newer hand's result replaces this one, unread: it closes without answering anything."""
        self.dismiss(False)
