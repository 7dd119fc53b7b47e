"""The lobby of a host: its tables and their seats, sitting down, watching, bots, starting, chat.

The list follows the host (``list`` with ``watch``); when a match starts
at a table where you sit or watch, its table screen opens, and closing it
leaves the table (a bot plays on for you if the match goes on).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from ...netplay.client import ClientError
from ...i18n import N_, _
from ..netsession import (
    ENDED,
    ClientHub,
    ClientSession,
    bot_note,
    error_sentence,
    host_error,
    host_text,
    seat_name,
)
from ..settings import BOT_LEVEL_LABELS, BOT_LEVELS
from ..widgets.buttons import ButtonRow, Entry
from .base import BaseScreen
from .dialogs import ChoiceScreen

# actions that need a table chosen in the list; BINDINGS' order is the key bar's
TABLE_ACTIONS = frozenset({"sit", "watch", "bot", "start", "leave"})
# the host's words for a table's state
STATE_WORDS = {
    "open": N_("open"),
    "waiting": N_("waiting"),
    "playing": N_("playing"),
    "finished": N_("finished"),
}


def state_word(state: object) -> str:
    return _(STATE_WORDS[state]) if isinstance(state, str) and state in STATE_WORDS else str(state)


def table_line(info: dict[str, Any], me: int | None) -> Text:
    """One table in the list: id, name, rules, state, seats taken; bold where you sit."""
    seats = info.get("seats") or []
    taken = sum(1 for s in seats if s.get("kind") != "empty")
    mine = any(s.get("player") == me and me is not None for s in seats)
    line = Text(f"{info['id']:>3} ", "dim")
    line.append(f"{host_text(info.get('name')):<16.16} ", "bold" if mine else "")
    line.append(f"{info.get('ruleset', '?'):<9} {state_word(info.get('state', '?')):<7} {taken}/4")  # "finished" is 8
    return line


def table_detail(info: dict[str, Any] | None, me: int | None) -> Text:
    """The selected table: rules, state, each seat, and what you may do there."""
    if not info:
        return Text(_("no table selected"), "dim")
    out = Text(f"{host_text(info.get('name'))}\n", "bold")
    preset = f", {info['preset']}" if info.get("preset") else ""
    out.append(f"{info.get('ruleset')}{preset} · {state_word(info.get('state'))}")
    if info.get("hands_played"):
        out.append(" · " + _("{count} hands played").format(count=info["hands_played"]))
    if info.get("spectators"):
        out.append(" · " + _("{count} watching").format(count=info["spectators"]))
    options = info.get("options") or {}
    if options:
        out.append("\n" + ", ".join(f"{k}={v}" for k, v in options.items()), "dim")
    for i, seat in enumerate(info.get("seats") or []):
        wind = "ESWN"[seat.get("seat", 0) % 4]
        kind = seat.get("kind")
        who = _("— free —") if kind == "empty" else seat_name(seat, i)
        notes = [note] if (note := bot_note(seat)) else []  # which bot plays, said once
        if seat.get("player") == me and me is not None:
            notes.append(_("you"))
        if kind == "human" and not seat.get("connected", True):
            notes.append(_("disconnected"))
        if seat.get("away"):
            notes.append(_("a bot plays"))
        out.append(f"\n  {wind}  {who}" + (f"  ({', '.join(notes)})" if notes else ""))
    if info.get("owner") == me:
        out.append("\n" + _("you own this table: add bots (b) and start it (s)"), "italic")
    return out


class LobbyScreen(BaseScreen):
    CSS_PATH = "lobby.tcss"
    AUTO_FOCUS = "#tables"
    BINDINGS = [
        Binding("n", "new", N_("new table")),
        # the table list takes ⏎ itself (it selects); the binding puts "sit" in the key bar and makes it clickable
        Binding("enter", "sit", N_("sit"), key_display="⏎"),
        Binding("w", "watch", N_("watch")),
        Binding("b", "bot", N_("add bot")),
        Binding("s", "start", N_("start")),
        Binding("l", "leave", N_("leave")),
        Binding("slash", "chat", N_("chat"), key_display="/"),
        Binding("escape", "back", N_("back"), key_display="esc"),
    ]

    def __init__(self, hub: ClientHub, *, title: str, hosting: bool = False) -> None:
        super().__init__()
        self.hub = hub
        self.client = hub.client
        self.title_text = title
        self.hosting = hosting  # this process runs the host: leaving stops it
        self.tables: dict[int, dict[str, Any]] = {}
        self.rulesets: list[str] = []
        self.open_tables: set[int] = set()
        self.select_when_listed: int | None = None  # the table you just made: highlighted once it is listed
        self.key_row: ButtonRow | None = None  # made in compose_body

    def compose_body(self) -> ComposeResult:
        yield Static(Text(self.title_text), id="lobby-title")  # the host's and your name: data, not markup
        with Horizontal(id="lobby-main"):
            yield OptionList(id="tables")
            yield Static(id="table-detail")
        log = RichLog(id="lobby-log", max_lines=200, wrap=True, markup=False)
        log.can_focus = False
        yield log
        chat = Input(placeholder=_("say something to the lobby (⏎ send, esc close)"), id="lobby-chat", max_length=300)
        chat.display = False
        yield chat
        self.key_row = ButtonRow(id="lobby-keys")
        yield self.key_row

    def on_mount(self) -> None:
        self.draw_keys()
        self.queue = self.hub.listen()
        self.run_worker(self._listen(), group="lobby", exclusive=True)
        self.run_worker(self._request(self.client.list_tables(watch=True, changes=True), self._listed))
        for table in list(self.hub.latest):  # seats got back on reconnecting: their update came before this screen
            self.call_after_refresh(self.open_table, table)

    # --- messages ----------------------------------------------------------------------------

    async def _listen(self) -> None:
        while True:
            message = await self.queue.get()
            if message is ENDED:
                self.say(Text(_("— the connection to the host closed —"), "bold"))
                return
            self.handle(message)

    def handle(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "lobby":
            self._listed(message["tables"], message.get("rulesets"))
        elif kind == "lobby_changes":  # only what changed since the last push
            for info in message["tables"]:
                self.tables[info["id"]] = info
            for table in message["closed"]:
                self.tables.pop(table, None)
            self.show_tables()
        elif kind == "table":
            self.tables[message["table"]] = message["info"]
            self.show_tables()
        elif kind == "table_closed":
            self.tables.pop(message["table"], None)
            self.show_tables()
        elif kind == "update" and message["table"] not in self.open_tables:
            self.open_table(message["table"])
        elif kind == "chat" and message.get("table") is None:
            self.say(Text(f"{host_text(message.get('from'))}: ", "bold") + Text(host_text(message.get("text"))))
        elif kind in ("error", "bye"):
            self.say(
                Text(
                    host_error(message),
                    "bold red",
                )
            )

    def _listed(self, tables: list[dict[str, Any]], rulesets: list[str] | None = None) -> None:
        self.tables = {t["id"]: t for t in tables}
        if rulesets:
            self.rulesets = list(rulesets)
        self.show_tables()

    def say(self, line: Text) -> None:
        self.query_one("#lobby-log", RichLog).write(line)

    # --- drawing -------------------------------------------------------------------------------

    def show_tables(self) -> None:
        if not self.is_mounted:  # a reply that arrives as the screen closes
            return
        menu = self.query_one("#tables", OptionList)
        selected = self.selected_id()
        if self.select_when_listed in self.tables:
            selected, self.select_when_listed = self.select_when_listed, None
        menu.clear_options()
        if not self.tables:
            menu.add_option(Option(Text(_("no tables yet: n makes one"), "dim"), disabled=True))
        for table_id, info in sorted(self.tables.items()):
            menu.add_option(Option(table_line(info, self.client.player), id=str(table_id)))
        ids = [str(t) for t in sorted(self.tables)]
        if ids:
            menu.highlighted = ids.index(str(selected)) if str(selected) in ids else 0
        self.show_detail()

    def selected_id(self) -> int | None:
        menu = self.query_one("#tables", OptionList)
        if menu.highlighted is None or menu.option_count == 0:
            return None
        option = menu.get_option_at_index(menu.highlighted)
        return int(option.id) if option.id is not None else None

    def show_detail(self) -> None:
        table = self.selected_id()
        self.query_one("#table-detail", Static).update(table_detail(self.tables.get(table), self.client.player))
        self.draw_keys()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """What the chosen table allows: adding bots and starting are its owner's while it waits;
        leaving needs a seat there."""
        if action not in TABLE_ACTIONS:
            return True
        table = self.selected_id()
        if table is None:
            return False
        info = self.tables.get(table) or {}
        me = self.client.player
        if action in ("bot", "start"):
            return info.get("state") in ("waiting", "open") and (info.get("owner") is None or info.get("owner") == me)
        if action == "leave":
            return table in self.client.seats  # seated or watching
        return True

    def on_screen_resume(self) -> None:
        self.draw_keys()

    def draw_keys(self) -> None:
        """The key bar, from the bindings enabled now (drawn when this screen is the one shown: the
        active bindings are those of the focused screen)."""
        if not self.is_current or self.key_row is None or not self.key_row.is_mounted:
            return
        entries = [Entry(b.key_display or b.key, b.description, b.action) for b in self.shown_bindings()]
        self.key_row.show(entries)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_detail()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_sit()

    # --- requests ------------------------------------------------------------------------------

    async def _request(self, request, then=None) -> None:
        """Send a request; its error goes to the log."""
        try:
            reply = await request
        except ClientError as exc:
            self.say(Text(error_sentence(exc.code, exc.text), "bold red"))
            return
        if then is not None:
            then(reply)

    def _with_table(self, make) -> None:
        table = self.selected_id()
        if table is None:
            self.notify(_("choose a table first (n makes a new one)"))
            return
        self.run_worker(self._request(make(table)))

    def action_new(self) -> None:
        from .menu import QuickGameScreen

        def create(choice: tuple[str, str] | None) -> None:
            if choice is not None:
                ruleset, preset = choice
                name = _("{name}'s table").format(name=self.client.name)
                self.run_worker(
                    self._request(self.client.create_table(ruleset, preset=preset, seat=0, name=name), self._created)
                )

        self.app.push_screen(
            QuickGameScreen(title=N_("A new table"), rulesets=self.rulesets or None, button=N_("Create")), create
        )

    def _created(self, table: int) -> None:
        self.select_when_listed = table
        self.show_tables()

    def action_sit(self) -> None:
        table = self.selected_id()
        info = self.tables.get(table) or {}
        seated = table in self.client.seats and self.client.seats[table] is not None
        if seated and table in self.hub.latest and table not in self.open_tables:  # a game you are in: back to it
            self.open_table(table)
        elif table is not None and info.get("state") in ("waiting", "playing"):  # a started table: the seat you left
            self.hub.latest.pop(table, None)  # the state from before you left is stale; the host sends it anew
            self._with_table(lambda t: self._sit_or_offer_to_watch(t))
        else:
            self.action_watch()

    async def _sit_or_offer_to_watch(self, table: int) -> None:
        try:
            await self.client.join(table)
        except ClientError as exc:
            if (self.tables.get(table) or {}).get("state") != "playing":
                raise

            def chosen(index: int | None) -> None:
                if index == 0:
                    self.action_watch()

            self.app.push_screen(
                ChoiceScreen(
                    f"{error_sentence(exc.code, exc.text)} {_('Watch it?')}", [_("Watch"), _("Back to the lobby")]
                ),
                chosen,
            )

    def action_watch(self) -> None:
        self._with_table(lambda t: self.client.spectate(t))

    def action_bot(self) -> None:
        """Add a bot to the selected table, of the strength chosen in a small dialog."""

        def add(choice: int | None) -> None:
            if choice is not None:
                level = BOT_LEVELS[choice]
                self._with_table(lambda t: self.client.add_bot(t, bot=level))

        initial = BOT_LEVELS.index(self.jantaku.settings.bot_level)
        self.app.push_screen(ChoiceScreen(_("Add a bot"), [_(label) for label in BOT_LEVEL_LABELS], initial), add)

    def action_start(self) -> None:
        self._with_table(lambda t: self.client.start(t))

    def action_leave(self) -> None:
        self._with_table(lambda t: self.client.leave(t))

    def on_button_row_pressed(self, message: ButtonRow.Pressed) -> None:
        getattr(self, f"action_{message.entry_id}")()

    # --- tables, chat, leaving -------------------------------------------------------------------

    def open_table(self, table: int) -> None:
        from .table import TableScreen

        self.open_tables.add(table)
        session = ClientSession(self.hub, table)
        self.app.push_screen(TableScreen(session, self.jantaku.settings), lambda _: self.open_tables.discard(table))

    def action_chat(self) -> None:
        chat = self.query_one("#lobby-chat", Input)
        chat.display = True
        chat.focus()

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        event.input.value = ""
        event.input.display = False
        self.query_one("#tables").focus()
        if text:
            await self._request(self.client.chat(text))

    def action_back(self) -> None:
        chat = self.query_one("#lobby-chat", Input)
        if chat.display:
            chat.value, chat.display = "", False
            self.query_one("#tables").focus()
            return
        if not self.hosting:
            self.run_worker(self._close())
            return

        def chosen(index: int | None) -> None:
            if index == 0:
                self.run_worker(self._close())

        self.app.push_screen(
            ChoiceScreen(_("Stop hosting? Everyone here is disconnected."), [_("Stop the host"), _("Keep hosting")]),
            chosen,
        )

    async def _close(self) -> None:
        self.hub.unlisten(self.queue)
        await self.hub.close()
        self.dismiss(None)
