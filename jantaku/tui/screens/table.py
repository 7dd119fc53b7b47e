"""The live table: draws each update of a game session and turns keys and clicks into actions.

Every action sent is one of the current prompt's legal actions: the hand
offers its legal discards, the action bar the prompt's other actions
(:mod:`jantaku.tui.prompt`), so an illegal move cannot be made.
"""

from __future__ import annotations

import time
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.reactive import reactive
from textual.widgets import Input

from ...engine.actions import Action, ActionType
from ...engine.views import SeatView, View
from ...i18n import N_, _
from ..eventtext import describe_event
from ..terms import action_label, view_words
from ..prompt import (
    EXTRA_KEYS,
    GROUP_SPECS,
    PASS_KEYS,
    TILE_KEYS,
    ActionGroup,
    Prompt,
    action_groups,
    automatic_action,
    key_label,
    pick_by_selection,
)
from .. import netsession, tablemodel
from ..session import GameSession
from ..tablemodel import TableModel
from ..settings import Settings
from ..tilefaces import TilePainter, faces_in
from ..selection import Selection, hand_hint
from ..viewmodel import extra_items, format_value, names_for, riichi_declared
from ..widgets.board import BoardFrame, TableBoard
from ..widgets.buttons import ButtonRow, Entry
from ..widgets.hand import HandState, HandView
from .base import BaseScreen
from .dialogs import ChoiceScreen, HelpScreen
from .result import ResultScreen

TOGGLES = {
    "f2": ("auto_win", N_("auto-win")),
    "f3": ("auto_pass", N_("auto-pass")),
    "f4": ("auto_discard", N_("auto-discard")),
}
BAR_ACTIONS = ("confirm", "act")  # bindings drawn on the action bar; the others on the key row


def table_bindings() -> list[BindingType]:
    """Every key of the table as a binding; ``check_action`` lets through only what the open prompt allows.

    Each action group's key (and a number for a kind no group knows) is bound to
    ``act(key)``; the hand's letters select a tile by position.
    """
    group_keys = dict.fromkeys([*(spec.key for spec in GROUP_SPECS if spec.key != "enter"), *EXTRA_KEYS])
    return [
        Binding("enter", "confirm", N_("discard / continue"), key_display="⏎"),
        *(Binding(key, f"act({key!r})", key, key_display=key_label(key)) for key in group_keys),
        *(Binding(key, "act('space')", N_("pass"), show=False) for key in PASS_KEYS if key != "space"),
        *(Binding(letter, f"select_tile({i})", N_("select"), show=False) for i, letter in enumerate(TILE_KEYS)),
        Binding("left", "step_selection(-1)", N_("previous tile"), show=False),
        Binding("right", "step_selection(1)", N_("next tile"), show=False),
        Binding("slash", "open_chat", N_("chat"), key_display="/"),
        *(
            Binding(key, f"toggle_setting({key!r})", title, key_display=key.upper())
            for key, (_, title) in TOGGLES.items()
        ),
        Binding("question_mark", "show_help", N_("help"), key_display="?"),
        Binding("escape", "leave_table", N_("leave"), key_display="esc"),
    ]


class TableScreen(BaseScreen):
    CSS_PATH = "table.tcss"
    BINDINGS = table_bindings()
    # the seat's view: setting it draws the table (state goes down into the widgets, messages come up)
    view: reactive[View | None] = reactive(None, init=False, always_update=True)
    AUTO_FOCUS = ""  # keys go to the table; the chat input takes focus only when opened

    def __init__(self, session: GameSession, settings: Settings) -> None:
        super().__init__()
        self.session = session
        self.settings = settings
        self.seat: int | None = session.seat
        self.names: list[str] = list(session.names)
        self.prompt: Prompt | None = None
        self.statuses: dict[int, str] = {}  # seat → offline / away, as the host's table info says
        self.paused = False
        self.deadline: float | None = None  # time.monotonic() when the prompt expires
        self.hand = HandState()
        self.selection = Selection()
        self.results_seen: set[tuple] = set()
        self.continue_wanted = False  # the result was read before the continue prompt arrived
        self.finished = False
        self.sent: list[Action] = []  # what this screen sent (tests and the log read it)
        self.hand_events: list[dict[str, Any]] = []  # this hand's events (the result screen reads some)
        self.chat_input: Input | None = None  # made in compose_body

    # --- layout -------------------------------------------------------------------------

    def compose_body(self) -> ComposeResult:
        yield TableBoard(id="table")
        yield ButtonRow(id="actions")
        chat = self.chat_input = Input(
            placeholder=_("say something (⏎ send, esc close)"), id="chat-input", max_length=300
        )
        chat.display = False
        chat.can_focus = False
        yield chat
        yield ButtonRow(id="keys")

    @property
    def board(self) -> TableBoard:
        return self.query_one(TableBoard)

    def on_mount(self) -> None:
        self.board.set_size(self.size.width, self.size.height, self.settings.tiles)
        self.redraw()
        self.run_worker(self._consume(), group="session", exclusive=True)
        self.set_interval(0.5, self._tick)
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.redraw())  # the tile colours changed

    def resized(self, width: int, height: int) -> None:
        if self.board.set_size(width, height, self.settings.tiles):
            self.redraw()

    # --- messages from the session ---------------------------------------------------------

    async def _consume(self) -> None:
        async for message in self.session.updates():
            await self.handle(message)
        if not self.finished:  # the host went away: say so, and nothing is left to answer
            self.prompt, self.deadline = None, None
            self.board.log(Text(_("— the connection to the game closed; esc leaves —"), "bold"))
            if self.view is not None:
                self.redraw()

    async def handle(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "update":
            await self.apply_update(message)
        elif kind == "seats":  # who is there changed (someone left, came back, a bot took over)
            self.statuses = dict(message.get("statuses") or {})
            self.paused = bool(message.get("paused"))
            if self.view is not None:
                self.redraw()
        elif kind == "chat":
            who, said = netsession.host_text(message.get("from")) or "?", netsession.host_text(message.get("text"))
            self.board.log(Text(f"{who}: ", "bold") + Text(said))
        elif kind == "error":
            text = f"{message.get('code', 'error')}: {message.get('message', '')}"
            self.board.log(Text(text, "bold red"))  # the log keeps the code; the toast is for people
            self.notify(netsession.host_error(message), severity="error", markup=False)  # the host's words: data

    async def apply_update(self, message: dict[str, Any]) -> None:
        view: View = message["view"]  # a typed View: the client decoded it once
        self.seat = message.get("seat", self.seat)
        self.names = names_for(view, message.get("names") or self.names)
        self.statuses = dict(message.get("statuses") or {})
        self.paused = bool(message.get("paused"))
        self.prompt = Prompt.from_wire(message.get("prompt"), red_fives=view.rules.red_fives)
        self.deadline = (
            time.monotonic() + self.prompt.deadline
            if self.prompt is not None and self.prompt.deadline is not None
            else None
        )
        self.view = view  # watch_view draws it, with the prompt's keys
        painter = self.painter()
        for event in message.get("events") or ():
            if event.get("type") == "hand_start":
                self.hand_events = []
            self.hand_events.append(event)
            line = describe_event(event, self.names, painter, view.variant)
            if line is not None:
                self.board.log(line)
        await self._after_update()

    def watch_view(self) -> None:
        self.redraw()

    async def _after_update(self) -> None:
        prompt = self.prompt
        if prompt is None:
            self._maybe_show_result()
            return
        if ActionType.CONTINUE in prompt.types and self.continue_wanted:
            self.continue_wanted = False
            await self.send(prompt.of(ActionType.CONTINUE)[0])
            return
        me = self.me()
        auto = automatic_action(
            prompt,
            auto_win=self.settings.auto_win,
            auto_pass=self.settings.auto_pass,
            auto_discard=self.settings.auto_discard,
            in_riichi=self.seat is not None and riichi_declared(self.view, self.seat),
            drawn=me.drawn if me else None,
        )
        if auto is not None:
            await self.send(auto)
            return
        self._maybe_show_result()

    def _maybe_show_result(self) -> None:
        """After a hand (or when the match ends, also when stopped mid-hand), the result screen once."""
        view = self.view
        if view is None:
            return
        match = view.match
        final = match is not None and match.phase == "over"
        if not final and (not view.over or view.result is None):
            return
        key = (match.hand_index if match else None, match.hands_played if match else None, view.hand_number, final)
        if key in self.results_seen:
            return
        self.results_seen.add(key)
        if isinstance(self.app.screen, ResultScreen):  # an earlier result still open: this one replaces it
            self.app.screen.superseded()
        self.app.push_screen(
            ResultScreen(view, self.names, self.painter(), final=final, events=self.hand_events), self._result_read
        )

    def _result_read(self, read: bool | None = True) -> None:
        if read is False:  # replaced by a newer result: the newer one answers
            return
        if self.match_over():
            self.run_worker(self.leave(), group="leave")
        elif self.prompt is not None and ActionType.CONTINUE in self.prompt.types:
            self.run_worker(self.send(self.prompt.of(ActionType.CONTINUE)[0]))
        else:
            self.continue_wanted = True

    # --- drawing -----------------------------------------------------------------------------

    def painter(self) -> TilePainter:
        return TilePainter(
            unicode=self.jantaku.glyph_faces(),
            colour=self.settings.colour and not self.app.no_color,
            red_fives=self.view is not None and self.view.rules.red_fives,
            colours=self.jantaku.tile_colours(),
        )

    def match_over(self) -> bool:
        return self.view is not None and self.view.match is not None and self.view.match.phase == "over"

    def me(self) -> SeatView | None:
        if self.view is None or self.seat is None:
            return None
        return self.view.players[self.seat]

    def redraw(self) -> None:
        if self.view is not None:
            self.hand = self._hand_state()
            self.board.draw(BoardFrame(self._model(), self.painter(), hand=self.hand))
        self._draw_actions()

    def _model(self) -> TableModel:
        left = None if self.deadline is None else int(self.deadline - time.monotonic() + 0.99)
        facts = (_("paused: nobody connected"),) if self.paused else ()
        return tablemodel.build(
            self.view,
            self.seat,
            self.names,
            timer=left,
            prompt=self._waiting_text(),
            mark_tsumogiri=self.settings.mark_tsumogiri,
            status=self.statuses,
            facts=facts,
        )

    def _waiting_text(self) -> str:
        prompt = self.prompt
        if prompt is None:
            view = self.view
            if view is not None and not view.over and view.turn != self.seat:
                return _("{name} to play").format(name=self.names[view.turn])
            return ""
        types = prompt.types
        if ActionType.CONTINUE in types:
            return _("hand over")
        if ActionType.PASS in types and self.view is not None and self.view.last_discard is not None:
            seat, tile = self.view.last_discard
            return _("call {tile} from {name}?").format(tile=self.painter().face(tile), name=self.names[seat])
        if types & {ActionType.VOID, ActionType.EXCHANGE}:
            return _("choose before play")
        return _("your turn")

    def _hand_state(self) -> HandState:
        me = self.me()
        if me is None:
            return HandState()
        state = self.selection.hand_state(me, self.prompt)
        state.hint = hand_hint(me, state, self.selection.tile, self.view, self.seat, self.painter())
        return state

    def _draw_actions(self) -> None:
        """Both bars from the active bindings: what a key does now is what its entry says."""
        bar: list[Entry] = []
        keys: list[Entry] = []
        for binding in self.shown_bindings():
            title = self._binding_title(binding.action)
            if title is None:
                continue
            entry = Entry(binding.key_display or binding.key, title, binding.action)
            (bar if binding.action.split("(")[0] in BAR_ACTIONS else keys).append(entry)
        if bar:
            lead = None
        elif self.prompt is not None and self.prompt.discards:
            lead = Text(_("select a tile you may discard (the others are dimmed)"), "dim")
        elif self.seat is None:
            lead = Text(_("watching"), "dim")
        elif self.view is None:
            lead = Text(_("waiting for the game to start…"), "dim")
        else:
            lead = Text(_("waiting…") if not self.view.over else "", "dim")
        self.query_one("#actions", ButtonRow).show(bar, lead)
        self.query_one("#keys", ButtonRow).show(keys)

    def _binding_title(self, action: str) -> str | None:
        """What a binding's entry says now (its action string, as ``run_action`` takes it)."""
        name, _paren, argument = action.partition("(")
        argument = argument.rstrip(")").strip("'")
        if name == "confirm":
            target, tile = self._confirm_target(), self.selection.tile
            if isinstance(target, ActionGroup):
                return faces_in(self._group_title(target), self.painter()).plain
            if target is not None and tile is not None:
                return _("discard {tile}").format(tile=self.painter().face(tile))
            return None
        if name == "act":
            group = self._group_for(argument)
            return faces_in(self._group_title(group), self.painter()).plain if group is not None else None
        if name == "toggle_setting":
            attr, title = TOGGLES[argument]
            return _(title) + ("✓" if getattr(self.settings, attr) else "✗")
        words = {"open_chat": N_("chat"), "show_help": N_("help"), "leave_table": N_("leave")}
        return _(words[name]) if name in words else None

    def _group_title(self, group: ActionGroup) -> str:
        """A group's title in the player's language and the variant's terms."""
        ruleset = self.view.variant if self.view is not None else None
        if len(group.actions) == 1:
            return action_label(group.labels[0], ruleset)
        return _(group.title) if group.spec.hint else action_label(group.title, ruleset)

    def _tick(self) -> None:
        if self.deadline is not None and self.view is not None:
            self.board.draw(BoardFrame(self._model(), self.painter(), hand=self.hand))

    # --- acting ---------------------------------------------------------------------------------

    async def send(self, action: Action) -> None:
        """Answer the open prompt with ``action`` (ignored unless it is one of the prompt's actions)."""
        prompt = self.prompt
        if prompt is None or action not in prompt.actions:
            return
        self.prompt = None
        self.deadline = None
        self.selection.marked.clear()
        self.sent.append(action)
        if self.view is not None:
            self.redraw()
        await self.session.act(prompt.id, action)

    async def discard_selected(self) -> None:
        if self.prompt is None or self.selection.tile is None:
            return
        action = self.prompt.discard_for(self.selection.tile)
        if action is not None:
            await self.send(action)

    async def trigger(self, group: ActionGroup) -> None:
        """A group's key or button: act at once if the choice is clear, else ask which."""
        if group.spec.uses_selection:
            exchange = any(a.type is ActionType.EXCHANGE for a in group.actions)
            selection = (
                sorted(self.selection.marked) if exchange else [t for t in [self.selection.tile] if t is not None]
            )
            picked = pick_by_selection(group, selection, red_fives=self.view is None or self.view.rules.red_fives)
            if picked is not None:
                await self.send(picked)
                return
        if len(group.actions) == 1:
            await self.send(group.actions[0])
            return
        prompt_id = self.prompt.id if self.prompt else None

        def chosen(index: int | None) -> None:
            if index is not None and self.prompt is not None and self.prompt.id == prompt_id:
                self.run_worker(self.send(group.actions[index]))

        ruleset = self.view.variant if self.view is not None else None
        labels = [faces_in(action_label(label, ruleset), self.painter()).plain for label in group.labels]
        which = _("Which {action}?").format(action=action_label(group.spec.name, ruleset))
        self.app.push_screen(ChoiceScreen(which, labels), chosen)

    def select_index(self, index: int) -> None:
        marking = self.prompt is not None and ActionType.EXCHANGE in self.prompt.types
        self.selection.pick(self.hand.tiles, index, marking=marking)
        self.redraw()

    def move_selection(self, step: int) -> None:
        self.selection.move(self.hand.tiles, self.hand.selected, step)
        self.redraw()

    # --- keys and clicks ---------------------------------------------------------------------------

    def _chatting(self) -> bool:
        # asked for every binding on every redraw, and even while the screen is being removed: no DOM query
        chat = self.chat_input
        return bool(chat is not None and chat.display and chat.has_focus)

    def _group_for(self, key: str) -> ActionGroup | None:
        return next((g for g in action_groups(self.prompt) if g.key == key), None)

    def _confirm_target(self) -> ActionGroup | Action | None:
        """What Enter does now: continue, the exchange of the marked tiles, or the selected tile's discard."""
        groups = {g.key: g for g in action_groups(self.prompt)}
        if "enter" in groups:
            return groups["enter"]
        if "e" in groups and self.selection.marked:
            return groups["e"]
        if self.prompt is None or self.selection.tile is None or self.hand.enabled is None:
            return None
        return self.prompt.discard_for(self.selection.tile)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only what the open prompt allows is bound; while chatting, only esc (it closes the chat)."""
        if self._chatting():
            return action == "leave_table"
        if action == "confirm":
            return self._confirm_target() is not None
        if action == "act":
            return self._group_for(str(parameters[0])) is not None
        if action == "select_tile":
            return int(str(parameters[0])) < len(self.hand.tiles)
        if action == "step_selection":
            return self.seat is not None  # a spectator has no hand to select in
        if action == "toggle_setting":
            return self.toggle_applies(str(parameters[0]))
        return True

    def toggle_applies(self, key: str) -> bool:
        """Whether an automatic play (F2–F4) does something here: only for a seated player, and
        auto-discard after riichi only where riichi may be declared."""
        if self.seat is None:
            return False
        if TOGGLES[key][0] == "auto_discard":
            return self.view is not None and self.view.rules.riichi
        return True

    def help_applies(self) -> set[str]:
        """The conditions of the help's key lines met at this table (see ``HELP_KEYS``)."""
        view = self.view
        if self.seat is None:
            return set()
        applies = {"seat"}
        if view is None or view.rules.chow:
            applies.add("chow")
        if view is not None and view.rules.riichi:
            applies.add("riichi")
        if view is not None and view.variant == "sichuan":  # the void suit and the exchange are Sichuan's
            applies.add("sichuan")
        return applies

    async def action_confirm(self) -> None:
        target = self._confirm_target()
        if isinstance(target, ActionGroup):
            await self.trigger(target)
        elif target is not None:
            await self.send(target)

    async def action_act(self, key: str) -> None:
        group = self._group_for(key)
        if group is not None:
            await self.trigger(group)

    def action_select_tile(self, index: int) -> None:
        self.select_index(index)

    def action_step_selection(self, step: int) -> None:
        self.move_selection(step)

    def action_toggle_setting(self, key: str) -> None:
        self.toggle(key)

    def action_open_chat(self) -> None:
        self.open_chat()

    def action_show_help(self) -> None:
        self.show_help()

    def action_leave_table(self) -> None:
        if self._chatting():
            self.close_chat()
        else:
            self.confirm_leave()

    async def press(self, key: str) -> bool:
        """Do what ``key`` means now, through its binding (as a key press would); True if it meant something."""
        for binding in self._bindings.key_to_bindings.get(key, ()):
            if await self.app.run_action(binding.action, self):
                return True
        return False

    async def on_hand_view_tile_clicked(self, message: HandView.TileClicked) -> None:
        tiles = self.hand.tiles
        if message.index < len(tiles) and tiles[message.index] == self.selection.tile and self.hand.enabled:
            await self.discard_selected()
        else:
            self.select_index(message.index)

    async def on_button_row_pressed(self, message: ButtonRow.Pressed) -> None:
        await self.app.run_action(message.entry_id, self)  # an entry's id is its binding's action: checked as a key

    def show_help(self) -> None:
        view = self.view
        match = view.match if view is not None else None
        info = [self.session.title] if self.session.title else []
        if match is not None:
            info.append(_("rules {ruleset}, preset {preset}").format(ruleset=match.ruleset, preset=match.preset))
        if view is not None:
            info += [f"{view_words(key)}: {format_value(value)}" for key, value in extra_items(view)]
        self.app.push_screen(HelpScreen(info, self.help_applies()))

    def toggle(self, key: str) -> None:
        if not self.toggle_applies(key):
            return
        attr, title = TOGGLES[key]
        setattr(self.settings, attr, not getattr(self.settings, attr))
        self.app.save_settings()
        self.notify(f"{_(title)} {_('on') if getattr(self.settings, attr) else _('off')}", timeout=2)
        self._draw_actions()
        if self.prompt is not None:
            self.run_worker(self._after_update())

    # --- chat and leaving -------------------------------------------------------------------------

    def open_chat(self) -> None:
        chat = self.query_one("#chat-input", Input)
        chat.display = True
        chat.can_focus = True
        chat.focus()

    def close_chat(self) -> None:
        chat = self.query_one("#chat-input", Input)
        chat.value = ""
        chat.display = False
        chat.can_focus = False
        self.set_focus(None)

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        self.close_chat()
        if text:
            await self.session.chat(text)

    def confirm_leave(self) -> None:
        if self.match_over():
            self.run_worker(self.leave(), group="leave")
            return

        def chosen(index: int | None) -> None:
            if index == 0:
                self.run_worker(self.leave(), group="leave")

        self.app.push_screen(ChoiceScreen(_("Leave this game?"), [_("Leave the table"), _("Stay")]), chosen)

    async def leave(self) -> None:
        if self.finished:
            return
        self.finished = True
        await self.session.close()
        self.dismiss(self.session)
