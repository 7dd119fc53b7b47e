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
from textual.events import Key
from textual.widgets import Input

from ...engine.actions import Action, ActionType
from ...engine.views import SeatView, View
from ..eventtext import describe_event
from ..prompt import PASS_KEYS, TILE_KEYS, ActionGroup, Prompt, action_groups, automatic_action, pick_by_selection
from .. import netsession, tablemodel
from ..session import GameSession
from ..tablemodel import TableModel
from ..settings import Settings
from ..tilefaces import TilePainter
from ..selection import Selection, hand_hint
from ..viewmodel import extra_items, format_value, names_for, riichi_declared
from ..widgets.board import BoardFrame, TableBoard
from ..widgets.buttons import ButtonRow, Entry
from ..widgets.hand import HandState, HandView
from .base import BaseScreen
from .dialogs import ChoiceScreen, HelpScreen
from .result import ResultScreen

TOGGLES = {"f2": ("auto_win", "auto-win"), "f3": ("auto_pass", "auto-pass"), "f4": ("auto_discard", "auto-discard")}


class TableScreen(BaseScreen):
    CSS_PATH = "table.tcss"
    AUTO_FOCUS = ""  # keys go to the table; the chat input takes focus only when opened

    def __init__(self, session: GameSession, settings: Settings) -> None:
        super().__init__()
        self.session = session
        self.settings = settings
        self.view: View | None = None
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

    # --- layout -------------------------------------------------------------------------

    def compose_body(self) -> ComposeResult:
        yield TableBoard(id="table")
        yield ButtonRow(id="actions")
        chat = Input(placeholder="say something (⏎ send, esc close)", id="chat-input", max_length=300)
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

    def resized(self, width: int, height: int) -> None:
        self.board.set_size(width, height, self.settings.tiles)
        self.redraw()

    # --- messages from the session ---------------------------------------------------------

    async def _consume(self) -> None:
        async for message in self.session.updates():
            await self.handle(message)
        if not self.finished:  # the host went away: say so, and nothing is left to answer
            self.prompt, self.deadline = None, None
            self.board.log(Text("— the connection to the game closed; esc leaves —", "bold"))
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
            self.board.log(Text(f"{message.get('from', '?')}: ", "bold") + Text(str(message.get("text", ""))))
        elif kind == "error":
            text = f"{message.get('code', 'error')}: {message.get('message', '')}"
            self.board.log(Text(text, "bold red"))  # the log keeps the code; the toast is for people
            self.notify(netsession.error_sentence(message.get("code"), message.get("message")), severity="error")

    async def apply_update(self, message: dict[str, Any]) -> None:
        self.view = message["view"]  # a typed View: the client decoded it once
        self.seat = message.get("seat", self.seat)
        self.names = names_for(self.view, message.get("names") or self.names)
        self.statuses = dict(message.get("statuses") or {})
        self.paused = bool(message.get("paused"))
        self.prompt = Prompt.from_wire(message.get("prompt"), red_fives=self.view.rules.red_fives)
        self.deadline = (time.monotonic() + self.prompt.deadline
                         if self.prompt is not None and self.prompt.deadline is not None else None)
        painter = self.painter()
        for event in message.get("events") or ():
            if event.get("type") == "hand_start":
                self.hand_events = []
            self.hand_events.append(event)
            line = describe_event(event, self.names, painter)
            if line is not None:
                self.board.log(line)
        self.redraw()
        await self._after_update()

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
        auto = automatic_action(prompt, auto_win=self.settings.auto_win, auto_pass=self.settings.auto_pass,
                                auto_discard=self.settings.auto_discard,
                                in_riichi=self.seat is not None and riichi_declared(self.view, self.seat),
                                drawn=me.drawn if me else None)
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
        self.app.push_screen(ResultScreen(view, self.names, self.painter(), final=final, events=self.hand_events),
                             self._result_read)

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
        return TilePainter(unicode=self.settings.unicode, colour=self.settings.colour,
                           red_fives=self.view is not None and self.view.rules.red_fives)

    def match_over(self) -> bool:
        return self.view is not None and self.view.match is not None and self.view.match.phase == "over"

    def me(self) -> SeatView | None:
        if self.view is None or self.seat is None:
            return None
        return self.view.players[self.seat]

    def redraw(self) -> None:
        if self.view is None:
            self.query_one("#actions", ButtonRow).show([], Text("waiting for the game to start…", "dim"))
            self._draw_keys()
            return
        self.hand = self._hand_state()
        self.board.draw(BoardFrame(self._model(), self.painter(), hand=self.hand))
        self._draw_actions()
        self._draw_keys()

    def _model(self) -> TableModel:
        left = None if self.deadline is None else int(self.deadline - time.monotonic() + 0.99)
        facts = ("paused: nobody connected",) if self.paused else ()
        return tablemodel.build(self.view, self.seat, self.names, timer=left, prompt=self._waiting_text(),
                                mark_tsumogiri=self.settings.mark_tsumogiri, status=self.statuses, facts=facts)

    def _waiting_text(self) -> str:
        prompt = self.prompt
        if prompt is None:
            view = self.view
            if view is not None and not view.over and view.turn != self.seat:
                return f"{self.names[view.turn]} to play"
            return ""
        types = prompt.types
        if ActionType.CONTINUE in types:
            return "hand over"
        if ActionType.PASS in types and self.view is not None and self.view.last_discard is not None:
            seat, tile = self.view.last_discard
            return f"call {self.painter().face(tile)} from {self.names[seat]}?"
        if types & {ActionType.VOID, ActionType.EXCHANGE}:
            return "choose before play"
        return "your turn"

    def _hand_state(self) -> HandState:
        me = self.me()
        if me is None:
            return HandState()
        state = self.selection.hand_state(me, self.prompt)
        state.hint = hand_hint(me, state, self.selection.tile, self.view, self.seat, self.painter())
        return state

    def _draw_actions(self) -> None:
        entries = []
        if self.prompt is not None and self.selection.tile is not None and self.hand.enabled is not None:
            action = self.prompt.discard_for(self.selection.tile)
            if action is not None:
                entries.append(Entry("⏎", f"discard {self.painter().face(self.selection.tile)}", "discard"))
        for i, group in enumerate(action_groups(self.prompt)):
            entries.append(Entry(group.spec.key_label, group.title, f"group:{i}"))
        if entries:
            lead = None
        elif self.prompt is not None and self.prompt.discards:
            lead = Text("select a tile you may discard (the others are dimmed)", "dim")
        elif self.seat is None:
            lead = Text("watching", "dim")
        else:
            lead = Text("waiting…" if self.view is not None and not self.view.over else "", "dim")
        self.query_one("#actions", ButtonRow).show(entries, lead)

    def _draw_keys(self) -> None:
        entries = [Entry("/", "chat", "chat")]
        for key, (attr, title) in TOGGLES.items():
            entries.append(Entry(key.upper(), title + ("✓" if getattr(self.settings, attr) else "✗"), f"toggle:{key}"))
        entries += [Entry("?", "help", "help"), Entry("esc", "leave", "leave")]
        self.query_one("#keys", ButtonRow).show(entries)

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
            selection = sorted(self.selection.marked) if exchange else [t for t in [self.selection.tile] if t is not None]
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

        self.app.push_screen(ChoiceScreen(f"Which {group.spec.name}?", group.labels), chosen)

    def select_index(self, index: int) -> None:
        marking = self.prompt is not None and ActionType.EXCHANGE in self.prompt.types
        self.selection.pick(self.hand.tiles, index, marking=marking)
        self.redraw()

    def move_selection(self, step: int) -> None:
        self.selection.move(self.hand.tiles, self.hand.selected, step)
        self.redraw()

    # --- keys and clicks ---------------------------------------------------------------------------

    async def on_key(self, event: Key) -> None:
        chat = self.query_one("#chat-input", Input)
        if chat.display and chat.has_focus:
            if event.key == "escape":
                event.stop()
                self.close_chat()
            return
        if await self.press(event.key, event.character):
            event.stop()
            event.prevent_default()

    async def press(self, key: str, character: str | None) -> bool:
        """Do what ``key`` means now; True if it meant something."""
        groups = {g.key: g for g in action_groups(self.prompt)}
        if character and character in TILE_KEYS and len(character) == 1 and key == character:
            self.select_index(TILE_KEYS.index(character))
            return True
        if key in ("left", "right"):
            self.move_selection(-1 if key == "left" else 1)
            return True
        if key == "enter":
            if "enter" in groups:
                await self.trigger(groups["enter"])
            elif "e" in groups and self.selection.marked:
                await self.trigger(groups["e"])
            else:
                await self.discard_selected()
            return True
        if key in PASS_KEYS and "space" in groups:
            await self.trigger(groups["space"])
            return True
        if key in groups:
            await self.trigger(groups[key])
            return True
        if key in TOGGLES:
            self.toggle(key)
            return True
        if key == "slash":
            self.open_chat()
            return True
        if key == "question_mark":
            self.show_help()
            return True
        if key == "escape":
            self.confirm_leave()
            return True
        return False

    async def on_hand_view_tile_clicked(self, message: HandView.TileClicked) -> None:
        tiles = self.hand.tiles
        if message.index < len(tiles) and tiles[message.index] == self.selection.tile and self.hand.enabled:
            await self.discard_selected()
        else:
            self.select_index(message.index)

    async def on_button_row_pressed(self, message: ButtonRow.Pressed) -> None:
        entry = message.entry_id
        if entry == "discard":
            await self.discard_selected()
        elif entry.startswith("group:"):
            groups = action_groups(self.prompt)
            index = int(entry.split(":")[1])
            if index < len(groups):
                await self.trigger(groups[index])
        elif entry.startswith("toggle:"):
            self.toggle(entry.split(":")[1])
        elif entry == "chat":
            self.open_chat()
        elif entry == "help":
            self.show_help()
        elif entry == "leave":
            self.confirm_leave()

    def show_help(self) -> None:
        view = self.view
        match = view.match if view is not None else None
        info = [self.session.title] if self.session.title else []
        if match is not None:
            info.append(f"rules {match.ruleset}, preset {match.preset}")
        if view is not None:
            info += [f"{key}: {format_value(value)}" for key, value in extra_items(view)]
        self.app.push_screen(HelpScreen(info))

    def toggle(self, key: str) -> None:
        attr, title = TOGGLES[key]
        setattr(self.settings, attr, not getattr(self.settings, attr))
        self.app.save_settings()
        self.notify(f"{title} {'on' if getattr(self.settings, attr) else 'off'}", timeout=2)
        self._draw_keys()
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

        self.app.push_screen(ChoiceScreen("Leave this game?", ["Leave the table", "Stay"]), chosen)

    async def leave(self) -> None:
        if self.finished:
            return
        self.finished = True
        await self.session.close()
        self.dismiss(self.session)

