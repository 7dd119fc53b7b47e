"""Fixtures for the TUI tests: a scripted session, real views, an app around a table."""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import pytest

from jantaku.engine.actions import Action
from jantaku.engine.match import Match
from jantaku.engine.ruleset import get_ruleset
from jantaku.engine.views import View, view_from_wire
from jantaku.tui.app import JantakuApp
from jantaku.tui.screens.result import ResultScreen
from jantaku.tui.session import GameSession
from jantaku.tui.settings import Settings

NAMES = ["You", "Right", "Across", "Left"]


@pytest.fixture(autouse=True)
def no_result_grace(monkeypatch):
    """Tests press keys as soon as a result shows; the grace period is tested on its own."""
    monkeypatch.setattr(ResultScreen, "GRACE", 0.0)


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    """Settings and replays go to a temporary directory, never the user's."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("JANTAKU_CONFIG", raising=False)
    return tmp_path


class FakeSession(GameSession):
    """A session driven by the test: it sends messages, the screen's answers are recorded."""

    table = "test"
    title = "test table"

    def __init__(self, seat: int | None = 0, names: Sequence[str] = NAMES) -> None:
        self.seat = seat
        self.names = list(names)
        self.queue: asyncio.Queue = asyncio.Queue()
        self.acts: list[tuple[int, Action]] = []
        self.chats: list[str] = []
        self.closed = False

    def send(self, message: dict[str, Any]) -> None:
        self.queue.put_nowait(message)

    async def updates(self):
        while True:
            message = await self.queue.get()
            if message is None:
                return
            yield message

    async def act(self, prompt_id: int, action: Action) -> None:
        self.acts.append((prompt_id, action))

    async def chat(self, text: str) -> None:
        self.chats.append(text)

    async def close(self) -> None:
        self.closed = True
        self.queue.put_nowait(None)


def update(
    view: View | dict[str, Any],
    actions: Sequence[Action] = (),
    *,
    prompt_id: int = 1,
    deadline: float | None = None,
    events: Sequence[dict] = (),
) -> dict[str, Any]:
    """An ``update`` message as a session hands it to the screen (a view in its wire form, as a test
    edited it, is decoded as the client does); no actions means no prompt."""
    if not isinstance(view, View):
        view = view_from_wire(view)
    prompt = None
    if actions:
        prompt = {
            "id": prompt_id,
            "actions": [a.to_wire() for a in actions],
            "labels": [str(a) for a in actions],
            "deadline": deadline,
        }
    return {
        "type": "update",
        "table": "test",
        "seat": view.seat,
        "view": view,
        "events": list(events),
        "prompt": prompt,
    }


def basic_match(seed: int = 1, **options: Any) -> Match:
    return Match(get_ruleset("basic", options=options or None), seed)


def screen_text(app: JantakuApp) -> str:
    """The current screen as plain text, line by line (what a terminal would show)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


HANG = 60.0  # seconds: a bound on waiting that only catches a hang, never a slow machine (CI runs on busy cores)


def patient(tries: int, hang: float = HANG) -> Iterator[int]:
    """0, 1, 2, ... for at least ``tries`` steps *and* ``hang`` seconds: a loop's bound that a busy machine
    never reaches early (it only catches a hang)."""
    give_up = time.monotonic() + hang
    step = 0
    while step < tries or time.monotonic() < give_up:
        yield step
        step += 1


async def until(
    pilot, condition: Callable[[], bool], tries: int = 200, what: str | None = None, *, hang: float = HANG
) -> None:
    """Let the app run until ``condition()`` holds; give up after ``tries`` pauses *and* ``hang`` seconds
    (so a busy machine never makes it give up early), saying what was awaited."""
    done = 0
    for _ in patient(tries, hang):
        if condition():
            return
        await pilot.pause(0.01)
        done += 1
    raise AssertionError(f"gave up waiting for: {what or describe(condition)} (after {done} tries of 0.01 s)")


def describe(condition: Callable[[], bool]) -> str:
    """A condition as its source says it (``lambda: x is not None`` -> ``x is not None``), else its name."""
    try:
        source = " ".join(inspect.getsource(condition).split())
    except (OSError, TypeError):
        return getattr(condition, "__qualname__", repr(condition))
    if condition.__name__ != "<lambda>" or "lambda" not in source:
        return condition.__qualname__
    text = source[source.index("lambda") :]
    text = text[text.index(":") + 1 :].strip()
    # the lambda is an argument: cut it where its call closes (at the first unbalanced bracket or comma)
    depth = 0
    for i, char in enumerate(text):
        if char in "([{":
            depth += 1
        elif char in ")]}":
            if depth == 0:
                return text[:i].strip()
            depth -= 1
        elif char == "," and depth == 0:
            return text[:i].strip()
    return text


@asynccontextmanager
async def table_app(session: GameSession, size: tuple[int, int] = (80, 24), **settings: Any):
    """The app with ``session``'s table open (and the menu beneath it)."""
    app = JantakuApp(start=lambda a: a.play(session), settings=Settings(bot_delay=0.0, **settings))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        yield app, pilot
