"""A table's settings and its four seats."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .clock import Cancellable
from .players import Player
from .prompts import Timers


@dataclass
class TableSettings:
    """What a table plays and how: fixed when it is created."""

    ruleset: str
    preset: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    name: str = ""
    timers: Timers = field(default_factory=Timers)
    spectators_see_hands: bool = False
    autostart: bool = False  # start as soon as the fourth seat is taken
    owner: int | None = None  # player id of the creator (may start, add and remove bots)

    def to_wire(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "preset": self.preset,
            "options": dict(self.options),
            "name": self.name,
            "timers": self.timers.to_wire(),
            "spectators_see_hands": self.spectators_see_hands,
            "autostart": self.autostart,
            "owner": self.owner,
        }

    @classmethod
    def from_wire(cls, data: dict[str, Any]) -> "TableSettings":
        return cls(
            ruleset=data["ruleset"],
            preset=data.get("preset"),
            options=dict(data.get("options") or {}),
            name=data.get("name") or "",
            timers=Timers.from_wire(data.get("timers")),
            spectators_see_hands=bool(data.get("spectators_see_hands")),
            autostart=bool(data.get("autostart")),
            owner=data.get("owner"),
        )


# A bot seated without a name of its own is called by its seat's name: one per seat, so four bots
# never share a name (the wire still says which bot plays in the seat's "bot" field).
BOT_NAMES = ("Akira", "Mei", "Kenji", "Lin")


@dataclass(eq=False)
class Seat:
    """One of the four places at a table: empty, a person, or a host bot."""

    index: int
    kind: str = "empty"  # empty | human | bot
    name: str = ""
    player: Player | None = None
    bot: str | None = None  # which bot plays a bot seat
    away: bool = False  # a bot plays for the person until they are back
    timeouts: int = 0  # consecutive decisions the person let time out
    left_by: int | None = None  # the player who left this seat during the match; they may take it back
    grace: Cancellable | None = None  # running while the person is disconnected

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    @property
    def connected(self) -> bool:
        return self.is_human and self.player is not None and self.player.connected

    @property
    def connected_player(self) -> Player | None:
        """The person in this seat if they are connected now."""
        player = self.player
        return player if self.kind == "human" and player is not None and player.connected else None

    def seat_person(self, player: Player) -> None:
        self.kind, self.name, self.player, self.bot = "human", player.name, player, None
        self.away, self.timeouts, self.left_by = False, 0, None

    def seat_bot(self, bot: str, name: str | None = None) -> None:
        """A bot takes the seat, under ``name`` or the seat's own bot name (its level is in ``bot``)."""
        self.stop_grace()
        self.kind, self.name, self.player, self.bot = "bot", name or BOT_NAMES[self.index % 4], None, bot
        self.away, self.timeouts, self.left_by = False, 0, None

    def empty(self) -> None:
        self.stop_grace()
        self.kind, self.name, self.player, self.bot = "empty", "", None, None
        self.away, self.timeouts, self.left_by = False, 0, None

    def stop_grace(self) -> None:
        if self.grace is not None:
            self.grace.cancel()
            self.grace = None

    def to_wire(self) -> dict[str, Any]:
        return {
            "seat": self.index,
            "kind": self.kind,
            "name": self.name,
            "player": self.player.id if self.player else None,
            "bot": self.bot,
            "connected": self.connected if self.is_human else self.kind == "bot",
            "away": self.away,
        }
