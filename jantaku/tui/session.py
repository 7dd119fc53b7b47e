"""The game as the TUI sees it: a stream of messages and a way to answer prompts.

A :class:`GameSession` yields the host's messages for one seat:

- ``{"type": "update", "table", "seat", "view", "events", "prompt"}`` — the
  seat's view (``Match.view(seat)``), the events it may see since the last
  update, and ``prompt``: ``None`` or ``{"id", "actions" (wire form),
  "labels", "deadline" (seconds or None)}``; an update may carry ``names``;
- ``{"type": "chat", "from", "text"}``;
- ``{"type": "error", "code", "message"}``.

The player answers a prompt with :meth:`GameSession.act` (its id and one of
its actions).  Games are played through the netplay client
(:class:`~jantaku.tui.netsession.ClientSession`), local ones too.
"""

from __future__ import annotations

import abc
from collections.abc import AsyncIterator
from typing import Any

from ..engine.actions import Action
from ..engine.match import MatchRecord


class GameSession(abc.ABC):
    """One seat's (or a spectator's) connection to a game."""

    seat: int | None = None  # None: watching
    table: Any = None
    title: str = ""
    names: list[str] = []

    @abc.abstractmethod
    def updates(self) -> AsyncIterator[dict[str, Any]]:
        """The messages for this seat, in order, until the session closes."""

    @abc.abstractmethod
    async def act(self, prompt_id: int, action: Action) -> None:
        """Answer the prompt ``prompt_id`` with one of its actions."""

    async def chat(self, text: str) -> None:
        """Say something to the table."""

    async def close(self) -> None:
        """Leave; ``updates`` ends."""

    def record(self) -> MatchRecord | None:
        """The match so far, for a replay (None if this session cannot give it)."""
        return None

    @property
    def over(self) -> bool:
        """Whether the match has ended (then :meth:`record` is complete)."""
        return False
