"""Riichi's own event kinds (see :mod:`jantaku.engine.events`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...events import Event, RiichiEvent  # noqa: F401 (its home before classical declared too)


@dataclass(frozen=True, slots=True, kw_only=True)
class DoraEvent(Event):
    """A dora indicator turned over (at the deal, or after a kong)."""

    type: ClassVar[str] = "dora"
    indicator: int


EVENT_TYPES: tuple[type[Event], ...] = (DoraEvent,)  # the declaration is generic (classical has it too)
