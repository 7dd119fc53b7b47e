"""Classical's own event kinds (see :mod:`jantaku.engine.events`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ...events import Event, optional


@dataclass(frozen=True, slots=True, kw_only=True)
class HandScoresEvent(Event):
    """Every seat sees the scores of the hands that did not win (seat → itemised result)."""

    type: ClassVar[str] = "hand_scores"
    scores: Mapping[int, Mapping[str, Any]]
    dangerous: bool | None = optional()  # the winning discard was dangerous (after a win only)


EVENT_TYPES: tuple[type[Event], ...] = (HandScoresEvent,)
