"""Sichuan's own event kinds (see :mod:`jantaku.engine.events`): the exchange and the void suits."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...events import Event, private


@dataclass(frozen=True, slots=True, kw_only=True)
class ExchangeChosenEvent(Event):
    """``seat`` has chosen the three tiles it passes (only it sees which)."""

    type: ClassVar[str] = "exchange_chosen"
    tiles: list[int] | None = private()


@dataclass(frozen=True, slots=True, kw_only=True)
class ExchangeEvent(Event):
    """The tiles went round (``offset`` seats on); ``seat`` alone sees what it gave and received."""

    type: ClassVar[str] = "exchange"
    offset: int
    gave: list[int] | None = private()
    received: list[int] | None = private()


@dataclass(frozen=True, slots=True, kw_only=True)
class VoidChosenEvent(Event):
    """``seat`` has chosen its void suit (revealed to all in :class:`VoidsEvent`)."""

    type: ClassVar[str] = "void_chosen"
    suit: str | None = private()


@dataclass(frozen=True, slots=True, kw_only=True)
class VoidsEvent(Event):
    """Every seat's void suit, by seat."""

    type: ClassVar[str] = "voids"
    voids: list[str]


EVENT_TYPES: tuple[type[Event], ...] = (ExchangeChosenEvent, ExchangeEvent, VoidChosenEvent, VoidsEvent)
