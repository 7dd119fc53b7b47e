"""Hong Kong's own event kinds (see :mod:`jantaku.engine.events`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...events import Event


@dataclass(frozen=True, slots=True, kw_only=True)
class LiabilityEvent(Event):
    """``seat`` pays for ``winner``'s ``hand`` (``fed``: fed the set, else threw the winning tile)."""

    type: ClassVar[str] = "liability"
    winner: int
    hand: str
    fed: bool


EVENT_TYPES: tuple[type[Event], ...] = (LiabilityEvent,)
