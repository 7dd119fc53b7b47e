"""Replays: step through a finished match decision by decision, every hand revealed.

The screen rebuilds the match from its record (``Match.replay``), keeping a
copy every few dozen decisions so stepping back is as quick as stepping on.
The list screen offers the saved matches and opens any record file.
"""

from __future__ import annotations

import copy
from datetime import datetime
from dataclasses import replace
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from ...engine.actions import Action
from ...engine.bots import get_bot
from ...engine.review import ReviewEntry, review_decision
from ...engine.match import STOP_SEAT, Match, MatchRecord
from ...engine.views import View
from ...i18n import N_, _, format_datetime
from ..terms import action_label
from ...netplay import replay as netplay_replay
from ..records import list_records, load_record, load_stored, stored_matches
from ..resulttext import hand_result_parts, standings_parts
from ..tilefaces import TilePainter
from ..viewmodel import names_for
from .. import tablemodel
from ..widgets.board import BoardFrame, TableBoard
from ..widgets.buttons import ButtonRow, Entry
from ..widgets.hand import HandState
from .base import BaseScreen
from .review import DecisionReviewScreen

CHECKPOINT_EVERY = 48
REVIEW_BOT = "strong"  # the bot whose choice the review key shows
RECENT = 6  # decisions listed in the log


def revealed_view(match: Match, seat: int = 0) -> View:
    """``seat``'s view with every other hand (and face-down kong) filled in from its owner's view."""
    view = match.view(seat)
    players = list(view.players)
    for s in range(4):
        if s != seat:
            own = match.table.view(s).players[s]
            players[s] = replace(players[s], concealed=own.concealed, drawn=own.drawn, melds=own.melds)
    return replace(view, players=tuple(players))


class ReplayCursor(netplay_replay.ReplayCursor):
    """netplay's replay cursor, plus what the screen needs: where hands end, and quick steps back.

    Opening it walks the match once, keeping a copy every ``CHECKPOINT_EVERY``
    decisions; going back restarts from the nearest copy instead of the
    first decision.
    """

    def __init__(self, record: MatchRecord) -> None:
        super().__init__(record)
        self.total = len(self)
        self.hand_ends: list[int] = []  # positions right after a hand ended
        self._checkpoints: dict[int, tuple[Match, list]] = {}
        while not self.at_end:
            if self.position % CHECKPOINT_EVERY == 0:
                self._keep()
            playing = self.match.phase == "play"
            self.step()
            if playing and self.match.phase != "play":
                self.hand_ends.append(self.position)
        self._restore(0)

    def _keep(self) -> None:
        self._checkpoints[self.position] = copy.deepcopy((self.match, self._events))

    def _restore(self, position: int) -> None:
        self.match, self._events = copy.deepcopy(self._checkpoints[position])
        self.position = position

    def seek(self, position: int) -> None:
        position = max(0, min(position, self.total))
        if position < self.position or position - self.position > CHECKPOINT_EVERY:
            self._restore(max(p for p in self._checkpoints if p <= max(0, position - 1)))
        while self.position < position:
            self.step()

    def hand_events(self) -> list[dict[str, Any]]:
        """This hand's events so far, every hand open (a finished match keeps no secrets but the wall),
        and the match's end if it ended."""
        events = [e.open_wire() for e in self.match.table.events]
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
            return f"{index + 1}. " + _("the match was stopped: {reason}").format(reason=_(str(wire[1])))
        action = Action.from_wire(wire)
        return f"{index + 1}. {names[seat]}: {action_label(str(action), self.record.ruleset)}"


class ReplayScreen(BaseScreen):
    CSS_PATH = "replay.tcss"
    BINDINGS = [
        Binding("right,l", "step(1)", N_("step")),
        Binding("left,h", "step(-1)", N_("back")),
        Binding("pagedown,n", "hand(1)", N_("next hand")),
        Binding("pageup,b", "hand(-1)", N_("previous hand")),
        Binding("home", "go_to(0)", N_("start")),
        Binding("end", "go_to(-1)", N_("end")),
        Binding("v", "review", N_("review")),
        Binding("escape,q", "close", N_("back")),
    ]

    def __init__(self, record: MatchRecord, *, names: list[str] | None = None) -> None:
        super().__init__()
        self.cursor = ReplayCursor(record)
        self.names = names_for({}, names or [_("Seat {number}").format(number=i + 1) for i in range(4)])
        self._reviewer = get_bot(REVIEW_BOT)
        self._reviews: dict[int, ReviewEntry | None] = {}  # by position: a decision is reviewed once

    def compose_body(self) -> ComposeResult:
        yield TableBoard(id="table")
        yield ButtonRow(id="replay-keys")

    def on_mount(self) -> None:
        self.resized(self.size.width, self.size.height)
        self.query_one("#replay-keys", ButtonRow).show(
            [
                Entry("←→", _("step"), "step"),
                Entry("PgUp/PgDn", _("hand ends"), "hands"),
                Entry("Home/End", _("start/end"), "ends"),
                Entry("v", _("review"), "review"),
                Entry("esc", _("back"), "close"),
            ]
        )

    def resized(self, width: int, height: int) -> None:
        board = self.query_one(TableBoard)
        board.set_size(width, height, self.app.settings.tiles)
        self.redraw()

    def redraw(self) -> None:
        settings = self.app.settings
        view = revealed_view(self.cursor.match)
        painter = TilePainter(
            unicode=self.jantaku.glyph_faces(),
            colour=settings.colour and not self.app.no_color,
            red_fives=view.rules.red_fives,
            colours=self.jantaku.tile_colours(),
        )
        model = tablemodel.build(
            view,
            0,
            self.names,
            reveal_all=True,
            facts=(_("replay {position}/{total}").format(position=self.cursor.position, total=self.cursor.total),),
        )
        frame = BoardFrame(model, painter, hand=HandState.from_player(view.players[0]))
        board = self.query_one(TableBoard)
        board.draw(frame)
        log = board.query_one("#log")
        log.clear()
        match_over = view.match is not None and view.match.phase == "over"
        showing_result = match_over or (view.over and view.result is not None)
        board.set_class(showing_result, "showing-result")
        if showing_result:  # the result, read from the top
            parts = hand_result_parts(view, self.names, painter, self.cursor.hand_events())
            if match_over:
                parts += standings_parts(view, self.names)
            for part in parts:
                log.write(part, scroll_end=False)
            log.scroll_home(animate=False)
            return
        start = max(0, self.cursor.position - RECENT)
        for index in range(start, self.cursor.position):
            board.log(
                Text(self.cursor.decision_text(index, self.names), "bold" if index == self.cursor.position - 1 else "")
            )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``review`` only where the next decision was a choice (not a forced move, not ``continue``)."""
        if action == "review":
            return self.reviewable()
        return True

    def reviewable(self) -> bool:
        """The next decision is a seat's choice among several legal actions (cheap: no bot asked)."""
        decision = self.cursor.next_decision()
        match = self.cursor.match
        if decision is None or isinstance(decision[1], str) or match.phase != "play":
            return False
        return len(match.pending().get(decision[0], ())) > 1

    def decision_review(self) -> ReviewEntry | None:
        """The review of the decision about to be applied, by :data:`REVIEW_BOT` (None: nothing to choose)."""
        decision = self.cursor.next_decision()
        if decision is None or not self.reviewable():
            return None
        seat, action = decision
        key = self.cursor.position
        if key not in self._reviews and not isinstance(action, str):
            self._reviews[key] = review_decision(self.cursor.match, seat, action, self._reviewer, key)
        return self._reviews.get(key)

    def action_review(self) -> None:
        entry = self.decision_review()
        decision = self.cursor.next_decision()
        if entry is not None and decision is not None:
            self.app.push_screen(
                DecisionReviewScreen(entry, decision[0], self.names, REVIEW_BOT, self.cursor.record.ruleset)
            )

    def action_step(self, step: int) -> None:
        self.action_go_to(self.cursor.position + step)

    def action_hand(self, direction: int) -> None:
        self.action_go_to(self.cursor.next_hand_end() if direction > 0 else self.cursor.previous_hand_end())

    def action_go_to(self, position: int) -> None:
        self.cursor.seek(self.cursor.total if position < 0 else position)
        self.redraw()
        self.refresh_bindings()

    def on_button_row_pressed(self, message: ButtonRow.Pressed) -> None:
        if message.entry_id == "close":
            self.action_close()
        elif message.entry_id == "step":
            self.action_step(1)
        elif message.entry_id == "hands":
            self.action_hand(1)
        elif message.entry_id == "review":
            if not self.reviewable():
                self.notify(_("nothing to review here: the next decision had no choice"), timeout=4)
            self.action_review()

    def action_close(self) -> None:
        self.dismiss(None)


class ReplayListScreen(BaseScreen):
    """Matches kept by a host on this machine and saved quick games, newest first; any record file."""

    CSS_PATH = "replay.tcss"
    BINDINGS = [Binding("escape", "close", N_("back"))]

    def compose_body(self) -> ComposeResult:
        with Vertical(id="replay-list-box"):
            yield Label(_("History and replays"), id="replay-list-title")
            yield OptionList(id="replay-list")
            yield Label(_("Open a record file (MatchRecord JSON, or what jantaku export writes):"))
            yield Input(placeholder=_("path/to/match.json"), id="replay-path")
            yield Label(_("⏎ open · esc back"), id="replay-hint")

    def on_mount(self) -> None:
        self.stored = stored_matches()
        self.paths = list_records()
        menu = self.query_one(OptionList)
        for match in self.stored:
            # Text, not str: an option's str is read as markup, and the line holds players' names
            menu.add_option(Option(Text(_describe_stored(match)), id=f"stored:{match.id}"))
        for i, path in enumerate(self.paths):
            menu.add_option(Option(Text(_describe(path)), id=f"file:{i}"))
        if self.stored or self.paths:
            menu.highlighted = 0
            menu.focus()
        else:
            menu.add_option(Option(_("no finished matches yet"), disabled=True))
            self.query_one(Input).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        kind, _colon, key = event.option.id.partition(":")
        if kind == "stored":
            self.open(lambda: load_stored(int(key)))
        else:
            self.open(lambda: load_record(self.paths[int(key)]))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.value.strip():
            path = Path(event.value.strip()).expanduser()
            self.open(lambda: load_record(path))

    def open(self, load) -> None:
        try:
            record, names = load()
            self.app.push_screen(ReplayScreen(record, names=names))
        except ValueError as exc:
            self.notify(str(exc), severity="error", timeout=6, markup=False)  # it may quote a path or a file

    def action_close(self) -> None:
        self.dismiss(None)


def _describe_stored(match) -> str:
    """``#12 2026-11-30 10:30  riichi (tenhou)  ann +12000  bob -4000 …`` (a host's kept match)."""
    when = format_datetime(datetime.fromtimestamp(match.finished or match.created))
    scores = (match.result or {}).get("scores") or [None] * len(match.seats)
    people = "  ".join(
        f"{seat.name} {score:+d}" if isinstance(score, int) else seat.name for seat, score in zip(match.seats, scores)
    )
    return f"#{match.id} {when}  {match.record.ruleset} ({match.record.preset})  {people}"


def _describe(path: Path) -> str:
    """``20250102-103000-basic-42.json`` → ``2025-01-02 10:30  basic  seed 42  (quick game)``."""
    parts = path.stem.split("-")
    if len(parts) >= 4 and len(parts[0]) == 8 and len(parts[1]) == 6:
        d, t = parts[0], parts[1]
        try:
            when = format_datetime(datetime.strptime(d + t, "%Y%m%d%H%M%S"))
        except ValueError:
            when = f"{d[:4]}-{d[4:6]}-{d[6:]} {t[:2]}:{t[2:4]}"
        seed = "-".join(parts[3:])
        return f"{when}  {parts[2]}  " + _("seed {seed}  (quick game)").format(seed=seed)
    return path.name
