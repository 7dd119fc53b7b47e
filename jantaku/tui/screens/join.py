"""Joining a host: type its address, or pick one of the hosts found on this network."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, OptionList
from textual.widgets.option_list import Option

from ...i18n import N_, _, ngettext
from ...netplay.discovery import HostInfo, discover
from .base import BaseScreen


class JoinScreen(BaseScreen):
    """Dismisses with ``(address, name)`` to join, or None."""

    CSS_PATH = "join.tcss"
    AUTO_FOCUS = "#address"
    BINDINGS = [Binding("escape", "cancel", N_("back")), Binding("f5", "look", N_("look again"))]

    def __init__(self, address: str = "", name: str | None = None) -> None:
        super().__init__()
        self.address = address
        self.player_name = name  # None: the settings' name
        self.found: list[HostInfo] = []

    def compose_body(self) -> ComposeResult:
        with Vertical(id="join-box"):
            yield Label(_("Join a game"), id="join-title")
            with Horizontal(classes="join-row"):
                yield Label(_("Host:port"), classes="join-label")
                yield Input(self.address, placeholder="192.168.1.23:7654", id="address")
            with Horizontal(classes="join-row"):
                yield Label(_("Your name"), classes="join-label")
                yield Input(self.player_name or self.app.settings.name, id="name", max_length=24)
            yield Button(_("Join"), variant="primary", id="join")
            yield Label(_("Found on this network (F5 looks again):"))
            yield OptionList(id="found")
            yield Label(_("⏎ joins · esc back"), id="join-hint")

    def on_mount(self) -> None:
        self.action_look()

    def action_look(self) -> None:
        found = self.query_one("#found", OptionList)
        found.clear_options()
        found.add_option(Option(Text(_("looking…"), "dim"), disabled=True))
        self.run_worker(self._look(), group="look", exclusive=True)

    async def _look(self) -> None:
        self.found = await discover(timeout=2.0)
        found = self.query_one("#found", OptionList)
        found.clear_options()
        if not self.found:
            found.add_option(Option(Text(_("no host answered (you can still type an address)"), "dim"), disabled=True))
        for i, host in enumerate(self.found):
            seats = (
                ", "
                + ngettext("{count} free seat", "{count} free seats", host.open_seats).format(count=host.open_seats)
                if host.open_seats
                else ""
            )
            tables = ngettext("{count} table", "{count} tables", host.tables).format(count=host.tables)
            # Text: a host's name (from its beacon) is data, never markup
            found.add_option(Option(Text(f"{host.name}  {host.join_address}  {tables}{seats}"), id=str(i)))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.query_one("#address", Input).value = self.found[int(event.option.id)].join_address
        self.action_join()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_join()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_join()

    def action_join(self) -> None:
        address = self.query_one("#address", Input).value.strip()
        name = self.query_one("#name", Input).value.strip() or self.app.settings.name
        if not address:
            self.notify(_("type the host's address (host:port) or pick a host found on the network"))
            return
        self.dismiss((address, name))

    def action_cancel(self) -> None:
        self.dismiss(None)
