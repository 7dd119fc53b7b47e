"""Riichi's own event kinds (see :mod:`jantaku.engine.events`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...events import Event


@dataclass(frozen=True, slots=True, kw_only=True)
class DoraEvent(Event):
    """A dora indicator turned over (at the deal, or after a kong)."""

    type: ClassVar[str] = "dora"
    indicator: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RiichiEvent(Event):
    """``seat`` declares riichi (``double``: on its first go-round); its discard follows."""

    type: ClassVar[str] = "riichi"
    double: bool


EVENT_TYPES: tuple[type[Event], ...] = (DoraEvent, RiichiEvent)
