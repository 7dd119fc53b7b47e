"""Our bots as mjai bots (``jantaku mjai-bot``): mjai events in, one mjai action out (pure).

The bot keeps the events of the kyoku in play; for each batch it rebuilds
our table from them (:func:`~.mjai_replay.rebuild_hand`: the tiles it was
not shown are filled so that everything it saw is consistent), asks the
table what its seat may do now, lets one of our bots choose, and writes
that choice as mjai.  mjai's riichi is two replies (``reach``, then, once
told of its own reach, the ``dahai``); our table's one action.

    >>> bot = MjaiBot(seat=0, bot="easy")
    >>> bot.react([{"type": "start_game", "names": ["a", "b", "c", "d"], "id": 0}])
    {'type': 'none'}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...actions import Action, ActionType
from ...bots import Bot, get_bot
from ...ruleset import get_ruleset
from ...tiles import kind_of
from .mjai import MjaiError, MjaiEvent, tile_name
from .mjai_replay import rebuild_hand, ruleset_of, table_for
from .table import RiichiTable

NONE: MjaiEvent = {"type": "none"}


@dataclass
class MjaiBot:
    seat: int
    bot: str = "strong"
    chooser: Bot = field(init=False)
    kyoku: list[MjaiEvent] = field(default_factory=list)
    header: MjaiEvent | None = None
    riichi_tile: int | None = None  # the discard of a riichi we declared (mjai asks for it next)
    errors: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.chooser = get_bot(self.bot)

    def _options(self) -> Any:
        """Our riichi options for the game (the log's own, else Tenhou's rules, as mjai.app plays)."""
        preset, options, _ = ruleset_of(self.header)
        return get_ruleset("riichi", preset, options).options

    def react(self, events: Sequence[MjaiEvent]) -> MjaiEvent:
        """The reply to a batch of events (the last one is what the seat answers)."""
        for event in events:
            kind = event.get("type")
            if kind == "start_game":
                self.header, self.kyoku = event, []  # its "id" is not trusted: mjai.app's loop sends the game's
            elif kind == "start_kyoku":
                self.kyoku, self.riichi_tile = [event], None
            elif kind in ("end_kyoku", "end_game"):
                self.kyoku = []
            elif self.kyoku:
                self.kyoku.append(event)
        if not self.kyoku or not events or events[-1].get("type") in ("hora", "ryukyoku", "end_kyoku"):
            return NONE
        try:
            return self._decide()
        except (MjaiError, ValueError, KeyError, IndexError, TypeError) as exc:
            self.errors.append(f"{type(exc).__name__}: {exc}")
            return NONE

    def _decide(self) -> MjaiEvent:
        options = self._options()
        red = bool(getattr(options, "aka_dora", False))
        hand = rebuild_hand(self.kyoku, red_fives=red)
        last = self.kyoku[-1]
        # a discard (or a kong that may be robbed) is still open to claims; after anything else it is settled
        table = table_for(hand, options, settled=last.get("type") not in ("dahai", "kakan", "ankan"), viewer=self.seat)
        legal = table.pending().get(self.seat, ())
        if not legal:
            return NONE
        if last.get("type") == "reach" and last.get("actor") == self.seat:
            riichi = [a for a in legal if a.type is ActionType.RIICHI]
            if not riichi:
                return NONE
            wanted = [a for a in riichi if a.tile == self.riichi_tile] or riichi
            choice = wanted[0] if self.riichi_tile is not None else self.chooser.choose(table.view(self.seat), riichi)
            return self._discard(table, choice.tile or 0, red)
        action = self.chooser.choose(table.view(self.seat), legal)
        return self._reply(table, action, red)

    def _discard(self, table: RiichiTable, tile: int, red: bool) -> MjaiEvent:
        drawn = table.players[self.seat].drawn
        name = tile_name(tile, red_fives=red)
        tsumogiri = drawn is not None and tile_name(drawn, red_fives=red) == name
        return {"type": "dahai", "actor": self.seat, "pai": name, "tsumogiri": tsumogiri}

    def _target(self) -> int:
        for event in reversed(self.kyoku):
            if event.get("type") in ("dahai", "kakan", "ankan") and event.get("actor") != self.seat:
                return int(event["actor"])
        return self.seat

    def _reply(self, table: RiichiTable, action: Action, red: bool) -> MjaiEvent:
        def name(tile: int) -> str:
            return tile_name(tile, red_fives=red)

        kind, me = action.type, self.seat
        if kind is ActionType.DISCARD and action.tile is not None:
            return self._discard(table, action.tile, red)
        if kind is ActionType.RIICHI:
            self.riichi_tile = action.tile
            return {"type": "reach", "actor": me}
        if kind is ActionType.TSUMO and action.tile is not None:
            return {"type": "hora", "actor": me, "target": me, "pai": name(action.tile)}
        if kind is ActionType.RON and action.tile is not None:
            return {"type": "hora", "actor": me, "target": self._target(), "pai": name(action.tile)}
        if kind in (ActionType.CHI, ActionType.PON, ActionType.KAN) and action.tile is not None:
            mjai_kind = {ActionType.CHI: "chi", ActionType.PON: "pon", ActionType.KAN: "daiminkan"}[kind]
            return {
                "type": mjai_kind,
                "actor": me,
                "target": self._target(),
                "pai": name(action.tile),
                "consumed": [name(t) for t in action.tiles],
            }
        if kind is ActionType.ANKAN:
            return {"type": "ankan", "actor": me, "consumed": [name(t) for t in action.tiles]}
        if kind is ActionType.KAKAN and action.tile is not None:
            pon = next(
                m
                for m in table.players[me].melds
                if m.type.value == "pon" and m.tiles and kind_of(m.tiles[0]) == kind_of(action.tile)
            )
            return {"type": "kakan", "actor": me, "pai": name(action.tile), "consumed": [name(t) for t in pon.tiles]}
        if kind is ActionType.ABORT:
            return {"type": "ryukyoku", "actor": me}
        return NONE
