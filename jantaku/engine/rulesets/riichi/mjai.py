"""The mjai protocol's events and our engine's, both ways (pure: no I/O).

mjai (Mortal's libriichi, the mjai.app simulator, akochan) speaks JSON
events: ``start_game``, ``start_kyoku``, ``tsumo``, ``dahai``, ``chi`` /
``pon`` / ``daiminkan`` / ``kakan`` / ``ankan``, ``dora``, ``reach`` /
``reach_accepted``, ``hora``, ``ryukyoku``, ``end_kyoku``, ``end_game``;
tiles ``1m``…``9s``, ``E S W N P F C`` (P white, F green, C red) and
``5mr 5pr 5sr`` for the red fives; a tile a seat may not see is ``"?"``.

- :class:`MjaiWriter` turns our events into mjai events, from one seat's
  view (others' draws and deals as ``"?"``) or with full information (a
  log, :func:`~.mjai_replay.export_match`).
- :func:`tile_name` / :func:`parse_tile` convert tiles.
- :func:`choose_action` matches a bot's mjai reply to one of the legal
  actions the engine offers, or says why it cannot (the caller falls back
  to :func:`safe_action`).

    >>> tile_name(16, red_fives=True), tile_name(16, red_fives=False), tile_name(124, red_fives=True)
    ('5mr', '5m', 'P')
    >>> parse_tile("5pr"), parse_tile("C")
    ((13, True), (33, False))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...actions import Action, ActionType
from ...events import (
    CallEvent,
    DealEvent,
    DiscardEvent,
    DrawEvent,
    Event,
    HandEndEvent,
    HandStartEvent,
    KongEvent,
    MatchEndEvent,
    PaymentEvent,
    RiichiEvent,
    WinEvent,
)
from ...tiles import RED_FIVE_IDS, kind_of
from .events import DoraEvent

MJAI_VARIANT = "riichi"  # the one variant mjai speaks (four-player riichi)
UNKNOWN = "?"
_CALLS = ("chi", "pon", "daiminkan")
WIND_NAMES = ("E", "S", "W", "N")
_HONOR_NAMES = ("E", "S", "W", "N", "P", "F", "C")
_SUIT_LETTERS = ("m", "p", "s")
FIVES = (4, 13, 22)  # the kinds of the three fives

MjaiEvent = dict[str, Any]  # one mjai event as JSON data (its keys are the protocol's)


class MjaiError(ValueError):
    """An mjai event or reply that is malformed (a bad tile, a missing field)."""


# --- tiles --------------------------------------------------------------------------------------


def kind_name(kind: int, red: bool = False) -> str:
    """The mjai name of a kind (``red``: its red five)."""
    if kind >= 27:
        return _HONOR_NAMES[kind - 27]
    return f"{kind % 9 + 1}{_SUIT_LETTERS[kind // 9]}{'r' if red else ''}"


def tile_name(tile: int, *, red_fives: bool) -> str:
    """The mjai name of a physical tile (its copy 0 of a five is ``5?r`` when red fives are played)."""
    return kind_name(kind_of(tile), red_fives and tile in RED_FIVE_IDS)


_BY_NAME: dict[str, tuple[int, bool]] = {kind_name(k): (k, False) for k in range(34)}
_BY_NAME.update({kind_name(k, True): (k, True) for k in FIVES})


def parse_tile(name: Any) -> tuple[int, bool]:
    """``(kind, red)`` of an mjai tile name; :class:`MjaiError` for anything else (``"?"`` included)."""
    if not isinstance(name, str) or name not in _BY_NAME:
        raise MjaiError(f"not an mjai tile: {str(name)[:20]!r}")
    return _BY_NAME[name]


def same_tile(tile: int, name: str, *, red_fives: bool) -> bool:
    """Whether physical ``tile`` is the mjai tile ``name`` (kind and red-ness)."""
    return tile_name(tile, red_fives=red_fives) == name


# --- our events to mjai events --------------------------------------------------------------------


@dataclass
class MjaiWriter:
    """Our events, in order, as mjai events for ``viewer`` (``None``: full information).

    A hand's ``start_kyoku`` needs the deal and the first dora indicator, so
    the deal is held until that indicator comes; ``dealer_draw`` (the tile the
    dealer got as 14th, which our deal event does not single out) is given
    with the events when the viewer may know it.
    """

    viewer: int | None
    red_fives: bool
    _start: HandStartEvent | None = None
    _counters: tuple[int, int] = (0, 0)  # the hand's honba and riichi sticks carried in
    _deal: dict[int, list[int] | None] = field(default_factory=dict)
    _deposits: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # this hand's riichi sticks, by seat

    def sees(self, seat: int | None) -> bool:
        return self.viewer is None or self.viewer == seat

    def name(self, tile: int | None) -> str:
        return UNKNOWN if tile is None or tile < 0 else tile_name(tile, red_fives=self.red_fives)

    def start_game(self, names: Sequence[str]) -> MjaiEvent:
        event: MjaiEvent = {"type": "start_game", "names": list(names)}
        if self.viewer is not None:
            event["id"] = self.viewer
        return event

    def feed(
        self,
        event: Event,
        *,
        dealer_draw: int | None = None,
        ura: Sequence[int] | None = None,
        counters: tuple[int, int] | None = None,
    ) -> list[MjaiEvent]:
        """The mjai events ``event`` makes (none while a deal is still incomplete); ``ura``: the ura-dora
        indicators a win shows (when the viewer may know them); ``counters``: the hand's (honba, riichi
        sticks carried in), as its riichi view or table says them (a hand start does not carry them)."""
        if counters is not None:
            self._counters = counters
        if isinstance(event, HandStartEvent):
            self._start, self._deal, self._deposits = event, {}, [0, 0, 0, 0]
            return []
        if isinstance(event, DealEvent):
            assert event.seat is not None  # a deal is always to a seat
            self._deal[event.seat] = event.tiles if self.sees(event.seat) else None
            return []
        if isinstance(event, DoraEvent):
            if self._start is not None:
                return self._start_kyoku(event.indicator, dealer_draw)
            return [{"type": "dora", "dora_marker": self.name(event.indicator)}]
        if isinstance(event, DrawEvent):
            tile = event.tile if self.sees(event.seat) else None
            return [{"type": "tsumo", "actor": event.seat, "pai": self.name(tile)}]
        if isinstance(event, RiichiEvent):
            return [{"type": "reach", "actor": event.seat}]
        if isinstance(event, DiscardEvent):
            return [{"type": "dahai", "actor": event.seat, "pai": self.name(event.tile), "tsumogiri": event.tsumogiri}]
        if isinstance(event, PaymentEvent) and event.reason == "riichi":
            for seat, delta in event.deltas.items():
                self._deposits[seat] += delta
            return [{"type": "reach_accepted", "actor": seat} for seat in sorted(event.deltas)]
        if isinstance(event, CallEvent):
            return [self._call(event)]
        if isinstance(event, KongEvent):
            return [self._kong(event)]
        if isinstance(event, WinEvent):
            hora = self._hora(event)
            if ura:
                hora["ura_markers"] = [self.name(t) for t in ura]
            return [hora]
        if isinstance(event, HandEndEvent):
            out: list[MjaiEvent] = []
            if event.kind != "win":
                # mjai's ryukyoku pays without the riichi sticks (reach_accepted put them down)
                deltas = [d - deposit for d, deposit in zip(event.deltas, self._deposits)]
                out.append({"type": "ryukyoku", "deltas": deltas})
            return out + [{"type": "end_kyoku"}]
        if isinstance(event, MatchEndEvent):
            return [{"type": "end_game", "scores": list(event.scores)}]
        return []

    def feed_all(
        self,
        events: Iterable[Event],
        *,
        dealer_draw: int | None = None,
        ura: Sequence[int] | None = None,
        counters: tuple[int, int] | None = None,
    ) -> list[MjaiEvent]:
        """:meth:`feed` for the events of one decision, in mjai's order: a riichi stick is accepted
        before a call on its discard (our table settles the stick as the call is made)."""
        out: list[MjaiEvent] = []
        for event in events:
            for mjai_event in self.feed(event, dealer_draw=dealer_draw, ura=ura, counters=counters):
                if mjai_event["type"] == "reach_accepted" and out and out[-1]["type"] in _CALLS:
                    out.insert(len(out) - 1, mjai_event)
                else:
                    out.append(mjai_event)
        return out

    def _start_kyoku(self, indicator: int, dealer_draw: int | None) -> list[MjaiEvent]:
        start = self._start
        assert start is not None
        self._start = None
        dealer = start.dealer
        tehais: list[list[str]] = []
        for seat in range(4):
            tiles = self._deal.get(seat)
            if tiles is None:
                tehais.append([UNKNOWN] * 13)
                continue
            tiles = list(tiles)
            if seat == dealer:
                drawn = dealer_draw if dealer_draw in tiles else tiles[-1]
                tiles.remove(drawn)
            tehais.append([self.name(t) for t in tiles])
        seen_draw = dealer_draw if self.sees(dealer) else None
        return [
            {
                "type": "start_kyoku",
                "bakaze": WIND_NAMES[start.round_wind % 4],
                "dora_marker": self.name(indicator),
                "kyoku": dealer + 1,
                "honba": self._counters[0],
                "kyotaku": self._counters[1],
                "oya": dealer,
                "scores": list(start.scores),
                "tehais": tehais,
            },
            {"type": "tsumo", "actor": dealer, "pai": self.name(seen_draw)},
        ]

    def _call(self, event: CallEvent) -> MjaiEvent:
        meld = event.meld
        claimed = meld["claimed"]
        own = list(meld["tiles"])
        own.remove(claimed)
        kind = {"chi": "chi", "pon": "pon", "kan": "daiminkan"}[meld["type"]]
        return {
            "type": kind,
            "actor": event.seat,
            "target": event.discarder,
            "pai": self.name(claimed),
            "consumed": [self.name(t) for t in own],
        }

    def _kong(self, event: KongEvent) -> MjaiEvent:
        meld = event.meld
        tiles = list(meld["tiles"])
        if meld["type"] == "kakan":
            added = meld["added"]
            tiles.remove(added)
            return {
                "type": "kakan",
                "actor": event.seat,
                "pai": self.name(added),
                "consumed": [self.name(t) for t in tiles],
            }
        # a concealed kong's outer tiles are face down to others: its four copies are all of one kind
        kind = next(kind_of(t) for t in tiles if t >= 0)
        names = [kind_name(kind)] * 4
        if self.red_fives and kind in FIVES:
            names[0] = kind_name(kind, True)
        return {"type": "ankan", "actor": event.seat, "consumed": names}

    def _hora(self, event: WinEvent) -> MjaiEvent:
        deltas = [int(event.payments.get(s, 0)) for s in range(4)]
        out: MjaiEvent = {
            "type": "hora",
            "actor": event.seat,
            "target": event.seat if event.discarder is None else event.discarder,
            "pai": self.name(event.tile),
            "deltas": deltas,
        }
        score = event.score
        if isinstance(score, Mapping):
            out["han"], out["fu"] = score.get("han"), score.get("fu")
        return out


# --- a bot's reply to a legal action --------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    """What a reply comes to: a legal ``action``, or ``declare_riichi`` (mjai's ``reach``, whose discard
    is the next reply), or ``problem`` (why it cannot be used; the caller falls back)."""

    action: Action | None = None
    declare_riichi: bool = False
    problem: str | None = None


def _matches(action: Action, reply: Mapping[str, Any], *, red_fives: bool) -> bool:
    def names(tiles: Sequence[int]) -> list[str]:
        return sorted(tile_name(t, red_fives=red_fives) for t in tiles)

    consumed = reply.get("consumed")
    if action.type is ActionType.ANKAN:
        return isinstance(consumed, list) and names(action.tiles) == sorted(map(str, consumed))
    if action.tile is None or not same_tile(action.tile, str(reply.get("pai")), red_fives=red_fives):
        return False
    if action.type in (ActionType.CHI, ActionType.PON, ActionType.KAN):
        return isinstance(consumed, list) and names(action.tiles) == sorted(map(str, consumed))
    return True


_REPLY_TYPES: dict[str, tuple[ActionType, ...]] = {
    "dahai": (ActionType.DISCARD,),
    "chi": (ActionType.CHI,),
    "pon": (ActionType.PON,),
    "daiminkan": (ActionType.KAN,),
    "kakan": (ActionType.KAKAN,),
    "ankan": (ActionType.ANKAN,),
    "hora": (ActionType.TSUMO, ActionType.RON),
    "ryukyoku": (ActionType.ABORT,),
    "none": (ActionType.PASS,),
}


def choose_action(
    reply: Any, legal: Sequence[Action], *, seat: int, red_fives: bool, riichi_declared: bool = False
) -> Choice:
    """The legal action an mjai ``reply`` (parsed JSON) names; ``riichi_declared``: its ``reach`` came first."""
    if not isinstance(reply, Mapping):
        return Choice(problem="the reply is not a JSON object")
    kind = reply.get("type")
    if not isinstance(kind, str):
        return Choice(problem="the reply has no type")
    actor = reply.get("actor", seat)
    if kind != "none" and actor != seat:
        return Choice(problem=f"the reply acts for seat {str(actor)[:10]}, not {seat}")
    if kind == "reach":
        if riichi_declared or not any(a.type is ActionType.RIICHI for a in legal):
            return Choice(problem="riichi is not possible now")
        return Choice(declare_riichi=True)
    wanted = _REPLY_TYPES.get(kind[:20])
    if riichi_declared:
        wanted = (ActionType.RIICHI,) if kind == "dahai" else None
    if wanted is None:
        return Choice(problem=f"{kind[:20]!r} is not an answer here")
    for action in legal:
        if action.type in wanted and (
            kind in ("none", "hora", "ryukyoku") or _matches(action, reply, red_fives=red_fives)
        ):
            return Choice(action=action)
    return Choice(problem=f"{_describe(reply)} is not legal now")


def _describe(reply: Mapping[str, Any]) -> str:
    parts = [str(reply.get("type"))[:20]]
    if "pai" in reply:
        parts.append(str(reply["pai"])[:8])
    if isinstance(reply.get("consumed"), list):
        parts.append("+".join(str(t)[:8] for t in reply["consumed"][:4]))
    return " ".join(parts)


def safe_action(legal: Sequence[Action], drawn: int | None, *, riichi_declared: bool = False) -> Action:
    """What a seat does for a bot that did not answer usably: pass a claim, else discard the drawn tile.

    After a ``reach`` the discard is a riichi discard (the bot was told of its declaration)."""
    by_type = [a for a in legal if a.type is ActionType.PASS]
    if by_type:
        return by_type[0]
    wanted = ActionType.RIICHI if riichi_declared and any(a.type is ActionType.RIICHI for a in legal) else None
    discards = [a for a in legal if a.type is (wanted or ActionType.DISCARD)]
    for action in discards:
        if action.tile is not None and drawn is not None and kind_of(action.tile) == kind_of(drawn):
            if (action.tile in RED_FIVE_IDS) == (drawn in RED_FIVE_IDS):
                return action
    if discards:
        return discards[-1]
    return legal[0]
