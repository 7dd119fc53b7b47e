"""Replays: step through a finished match decision by decision, every hand revealed.

The screen rebuilds the match from its record (``Match.replay``), keeping a
copy every few dozen decisions so stepping back is as quick as stepping on.
The list screen offers the saved matches and opens any record file.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from ...engine.actions import Action
from ...engine.match import STOP_SEAT, Match, MatchRecord
from ..records import list_records, load_record
from ..resulttext import hand_result_parts, standings_parts
from ..tilefaces import TilePainter
from ..viewmodel import names_for
from ..widgets.board import BoardFrame, TableBoard
from ..widgets.buttons import ButtonRow, Entry
from ..widgets.hand import HandState
from ..widgets.status import status_items
from .base import BaseScreen

CHECKPOINT_EVERY = 48
RECENT = 6  # decisions listed in the log


def revealed_view(match: Match, seat: int = 0) -> dict[str, Any]:
    """``seat``'s view with every other hand (and face-down kong) filled in from its owner's view."""
    view = match.view(seat)
    for s in range(4):
        if s != seat:
            own = match.view(s)["players"][s]
            for key in ("concealed", "drawn", "melds"):
                view["players"][s][key] = own.get(key)
    return view


def apply_decision(match: Match, seat: int, wire: list) -> None:
    """One recorded decision: a seat's action, or the host stopping the match."""
    if seat == STOP_SEAT:
        match.stop(str(wire[1]))
    else:
        match.act(seat, Action.from_wire(wire))


class ReplayCursor:
    """A match record with a position: how many of its decisions have been applied."""

    def __init__(self, record: MatchRecord) -> None:
        self.record = record
        self.total = len(record.decisions)
        self.hand_ends: list[int] = []  # positions right after a hand ended
        self._checkpoints: dict[int, Match] = {}
        match = Match.replay(record, upto=0)
        for n, (seat, wire) in enumerate(record.decisions):
            if n % CHECKPOINT_EVERY == 0:
                self._checkpoints[n] = copy.deepcopy(match)
            playing = match.phase == "play"
            apply_decision(match, seat, wire)
            if playing and match.phase != "play":
                self.hand_ends.append(n + 1)
        self.position = 0
        self.match = copy.deepcopy(self._checkpoints.get(0, match))

    def go(self, position: int) -> None:
        position = max(0, min(self.total, position))
        if position < self.position or position - self.position > CHECKPOINT_EVERY:
            start = max(p for p in self._checkpoints if p <= position) if self._checkpoints else 0
            self.match = copy.deepcopy(self._checkpoints[start]) if self._checkpoints else Match.replay(self.record, upto=0)
            self.position = start
        for seat, wire in self.record.decisions[self.position:position]:
            apply_decision(self.match, seat, wire)
        self.position = position

    def events(self) -> list[dict[str, Any]]:
        """This hand's events so far, everything open (a replay keeps no secrets but the wall),
        and the match's end if it ended."""
        events = [e.for_seat(None) | (e.private or {}) for e in self.match.table.events]
        if self.match.is_over:
            events.append({"type": "match_end", "stopped": self.match.stopped})
        return events

    def next_hand_end(self) -> int:
        return next((p for p in self.hand_ends if p > self.position), self.total)

    def previous_hand_end(self) -> int:
        return next((p for p in reversed(self.hand_ends) if p < self.position), 0)

    def decision_text(self, index: int, names: list[str]) -> str:
        seat, wire = self.record.decisions[index]
        if seat == STOP_SEAT:
            return f"{index + 1}. the match was stopped: {wire[1]}"
        return f"{index + 1}. {names[seat]}: {Action.from_wire(wire)}"


class ReplayScreen(BaseScreen):
    CSS_PATH = "replay.tcss"
    BINDINGS = [
        Binding("right,l", "step(1)", "step"), Binding("left,h", "step(-1)", "back"),
        Binding("pagedown,n", "hand(1)", "next hand"), Binding("pageup,b", "hand(-1)", "previous hand"),
        Binding("home", "go_to(0)", "start"), Binding("end", "go_to(-1)", "end"),
        Binding("escape,q", "close", "back"),
    ]

    def __init__(self, record: MatchRecord, *, names: list[str] | None = None) -> None:
        super().__init__()
        self.cursor = ReplayCursor(record)
        self.names = names_for({}, names or [f"Seat {i + 1}" for i in range(4)])

    def compose_body(self) -> ComposeResult:
        yield TableBoard(id="table")
        yield ButtonRow(id="replay-keys")

    def on_mount(self) -> None:
        self.resized(self.size.width, self.size.height)
        self.query_one("#replay-keys", ButtonRow).show([
            Entry("←→", "step", "step"), Entry("PgUp/PgDn", "hand ends", "hands"),
            Entry("Home/End", "start/end", "ends"), Entry("esc", "back", "close")])

    def resized(self, width: int, height: int) -> None:
        board = self.query_one(TableBoard)
        board.set_size(width, height, self.app.settings.tiles)
        self.redraw()

    def redraw(self) -> None:
        settings = self.app.settings
        view = revealed_view(self.cursor.match)
        painter = TilePainter(unicode=settings.unicode, colour=settings.colour, red_fives=bool(view.get("red_fives")))
        status = status_items(view, self.names, painter, seat=0, waiting="", seconds_left=None,
                              title=f"replay {self.cursor.position}/{self.cursor.total}")
        frame = BoardFrame(view, 0, self.names, painter, hand=HandState.from_player(view["players"][0]),
                           status=status, reveal_all=True)
        board = self.query_one(TableBoard)
        board.draw(frame)
        log = board.query_one("#log")
        log.clear()
        match_over = (view.get("match") or {}).get("phase") == "over"
        if match_over or (view.get("phase") == "over" and view.get("result")):  # the result, read from the top
            parts = hand_result_parts(view, self.names, painter, self.cursor.events())
            if match_over:
                parts += standings_parts(view, self.names)
            for part in parts:
                log.write(part, scroll_end=False)
            log.scroll_home(animate=False)
            return
        start = max(0, self.cursor.position - RECENT)
        for index in range(start, self.cursor.position):
            board.log(Text(self.cursor.decision_text(index, self.names),
                           "bold" if index == self.cursor.position - 1 else ""))

    def action_step(self, step: int) -> None:
        self.action_go_to(self.cursor.position + step)

    def action_hand(self, direction: int) -> None:
        self.action_go_to(self.cursor.next_hand_end() if direction > 0 else self.cursor.previous_hand_end())

    def action_go_to(self, position: int) -> None:
        self.cursor.go(self.cursor.total if position < 0 else position)
        self.redraw()

    def on_button_row_pressed(self, message: ButtonRow.Pressed) -> None:
        if message.entry_id == "close":
            self.action_close()
        elif message.entry_id == "step":
            self.action_step(1)
        elif message.entry_id == "hands":
            self.action_hand(1)

    def action_close(self) -> None:
        self.dismiss(None)


class ReplayListScreen(BaseScreen):
    """Saved matches, newest first, and a field to open any record file."""

    CSS_PATH = "replay.tcss"
    BINDINGS = [Binding("escape", "close", "back")]

    def compose_body(self) -> ComposeResult:
        with Vertical(id="replay-list-box"):
            yield Label("History and replays", id="replay-list-title")
            yield OptionList(id="replay-list")
            yield Label("Open a record file (MatchRecord JSON):")
            yield Input(placeholder="path/to/match.json", id="replay-path")
            yield Label("⏎ open · esc back", id="replay-hint")

    def on_mount(self) -> None:
        self.paths = list_records()
        menu = self.query_one(OptionList)
        if self.paths:
            menu.add_options([Option(_describe(p), id=str(i)) for i, p in enumerate(self.paths)])
            menu.highlighted = 0
            menu.focus()
        else:
            menu.add_option(Option("no saved matches yet: finish a quick game first", disabled=True))
            self.query_one(Input).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.open(self.paths[int(event.option.id)])

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.open(Path(event.value.strip()).expanduser())

    def open(self, path: Path) -> None:
        try:
            record, names = load_record(path)
            self.app.push_screen(ReplayScreen(record, names=names))
        except ValueError as exc:
            self.notify(str(exc), severity="error", timeout=6)

    def action_close(self) -> None:
        self.dismiss(None)


def _describe(path: Path) -> str:
    """``20250102-103000-basic-42.json`` → ``2025-01-02 10:30  basic  seed 42``."""
    parts = path.stem.split("-")
    if len(parts) >= 4 and len(parts[0]) == 8 and len(parts[1]) == 6:
        d, t = parts[0], parts[1]
        return f"{d[:4]}-{d[4:6]}-{d[6:]} {t[:2]}:{t[2:4]}  {parts[2]}  seed {'-'.join(parts[3:])}"
    return path.name
