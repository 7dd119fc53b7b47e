"""mjai logs in and out: a match as an mjai event log, and an mjai log (or a seat's partial one) as our tables.

- :func:`export_match` replays a match record and writes every event with
  full information (one JSON object per line in the file).
- :func:`rebuild_hand` turns one kyoku's mjai events into the wall and the
  decisions that play it on our :class:`~.table.RiichiTable`.  Tiles a seat
  could not see (``"?"``) are filled so that every tile a player later shows
  was in their hand: a seat's bot (``jantaku mjai-bot``) rebuilds the table it
  plays at this way, from nothing but what it was told.
- :func:`check_log` replays a whole log as one :class:`~...match.Match` and
  compares every hand's start and payments with the log's (``jantaku import``).

mjai names a tile by its kind and red-ness only, so the physical tiles of a
re-import are not the original ones: decisions compare by kind and red-ness.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...bounded import MAX_DECOMPRESSED_BYTES, OutsideDataError, load_json
from ....playertext import clean_player_text
from ...actions import (
    Abort,
    Action,
    Ankan,
    Chi,
    Continue,
    Discard,
    IllegalAction,
    Kakan,
    Kan,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from ...match import STOP_SEAT, Match, MatchRecord, wall_from_wire
from ...events import DiscardEvent, WinEvent
from ...ruleset import get_ruleset
from ...tiles import RED_FIVE_IDS, kind_of, tile_ids_of_kind
from ...wall import Wall
from .context import RiichiHandContext
from .mjai import UNKNOWN, WIND_NAMES, MjaiError, MjaiEvent, MjaiWriter, parse_tile
from .table import RiichiTable
from .tenhou_import import Decision, _Driver, _offers

NUM_TILES = 136
LIVE_SIZE = 122
REPLACEMENT_SLOTS, INDICATOR_SLOTS = 4, 5
_ACTED = frozenset({"tsumo", "dahai", "reach", "reach_accepted", "chi", "pon", "daiminkan", "ankan", "kakan", "hora"})
EXTENSION = "jantaku"  # start_game's key for what mjai does not say (ruleset, preset, options, seed)


# --- export -----------------------------------------------------------------------------------


def red_fives_of(match: Match) -> bool:
    """Whether the match plays red fives (mjai writes them ``5mr``)."""
    return bool(getattr(match.ruleset.options, "aka_dora", False))


def export_match(record: MatchRecord, names: Sequence[str] = (), *, viewer: int | None = None) -> list[MjaiEvent]:
    """Every event of a riichi match as mjai events, with full information or as ``viewer`` saw them
    (``ValueError``: not riichi)."""
    if record.ruleset != "riichi":
        raise ValueError(f"mjai speaks riichi; this match is {record.ruleset}")
    ruleset = get_ruleset(record.ruleset, record.preset, record.options)
    walls = {k: wall_from_wire(v) for k, v in (record.walls or {}).items()}
    match = Match(ruleset, record.seed, walls=walls)
    writer = MjaiWriter(viewer, red_fives_of(match))
    names = list(names) + [f"seat {i + 1}" for i in range(len(names), 4)]
    start = writer.start_game(names[:4])
    start["aka_flag"] = writer.red_fives
    start[EXTENSION] = {
        "ruleset": record.ruleset,
        "preset": record.preset,
        "options": record.options,
        "seed": record.seed,
    }
    out = [start]

    def feed(events: Iterable[Any]) -> None:
        table = match.table
        assert isinstance(table, RiichiTable)  # a riichi match is played on riichi tables
        draw = table.players[table.context.dealer].drawn if writer.sees(table.context.dealer) else None
        events = list(events)
        won_riichi = any(isinstance(e, WinEvent) and table.seats[e.seat or 0].riichi for e in events)
        counters = (table.counters.honba, table.counters.sticks)
        ura = table.ura_indicators if won_riichi else None
        out.extend(writer.feed_all(events, dealer_draw=draw, ura=ura, counters=counters))

    feed(match.table.events)
    for seat, wire in record.decisions:
        if seat == STOP_SEAT:
            feed(match.stop(str(wire[1])))
            break
        feed(match.act(seat, Action.from_wire(wire)))
    if not match.is_over:
        out.append({"type": "end_game"})
    return out


def dumps_log(events: Iterable[MjaiEvent]) -> str:
    return "".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n" for e in events)


# --- reading a log ------------------------------------------------------------------------------


def parse_log(text: str) -> list[MjaiEvent]:
    """One JSON event per line (a line may also hold a JSON list of them, as mjai.app batches)."""
    events: list[MjaiEvent] = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        try:
            data = load_json(line, max_bytes=MAX_DECOMPRESSED_BYTES)
        except OutsideDataError as exc:
            raise MjaiError(f"line {number}: {exc}") from None
        except json.JSONDecodeError as exc:
            raise MjaiError(f"line {number} is not JSON: {exc.msg}") from None
        for event in data if isinstance(data, list) else [data]:
            if not isinstance(event, dict) or not isinstance(event.get("type"), str):
                raise MjaiError(f"line {number}: an mjai event is a JSON object with a type")
            events.append(event)
    return events


def looks_like_mjai(text: str) -> bool:
    """Whether ``text`` starts like an mjai log (its first line a start_game or start_kyoku event)."""
    first = text.lstrip()[:200]
    return first.startswith("{") and ('"start_game"' in first or '"start_kyoku"' in first)


class _TileBank:
    """The physical tiles not yet placed, handed out by mjai name (kind and red-ness)."""

    def __init__(self, red_fives: bool):
        self.red_fives = red_fives
        self.free: dict[tuple[int, bool], list[int]] = {}
        for kind in range(34):
            for tile in tile_ids_of_kind(kind):
                red = red_fives and tile in RED_FIVE_IDS
                self.free.setdefault((kind, red), []).append(tile)

    def take(self, name: str) -> int:
        kind, red = parse_tile(name)
        if red and not self.red_fives:
            red = False
        pool = self.free.get((kind, red))
        if not pool:
            raise MjaiError(f"more {name} than the set has")
        return pool.pop(0)

    def take_any(self) -> int:
        for pool in self.free.values():
            if pool:
                return pool.pop()
        raise MjaiError("no tile left")


@dataclass
class RebuiltHand:
    """One kyoku as our engine plays it: its situation, its wall and its decisions."""

    context: RiichiHandContext
    wall: Wall
    decisions: list[Decision]
    deltas: list[int]  # the log's payments (riichi deposits included); None-free once the kyoku ended
    ended: bool = False
    label: str = ""
    riichi_pending: set[int] = field(default_factory=set)  # declared (reach) and not yet discarded
    tsumogiri: list[bool | None] = field(default_factory=list)  # by decision: a discard's flag in the log


class _Slots:
    """Each tile place of a hand (dealt, drawn, indicator): a known tile or still open ``None``."""

    def __init__(self, bank: _TileBank):
        self.bank = bank
        self.tiles: list[int | None] = []

    def new(self, name: str) -> int:
        self.tiles.append(None if name == UNKNOWN else self.bank.take(name))
        return len(self.tiles) - 1

    def fill(self, slot: int, name: str) -> int:
        tile = self.tiles[slot]
        if tile is None:
            tile = self.tiles[slot] = self.bank.take(name)
        return tile

    def final(self, slot: int) -> int:
        tile = self.tiles[slot]
        if tile is None:
            tile = self.tiles[slot] = self.bank.take_any()
        return tile


def rebuild_hand(events: Sequence[MjaiEvent], *, red_fives: bool, hand_number: int = 0) -> RebuiltHand:
    """The wall and decisions of one kyoku (``events`` from its ``start_kyoku`` on, maybe unfinished)."""
    start = events[0]
    if start.get("type") != "start_kyoku":
        raise MjaiError("a kyoku begins with start_kyoku")
    try:
        dealer = int(start["oya"])
        context = RiichiHandContext(
            dealer=dealer,
            round_wind=WIND_NAMES.index(start["bakaze"]),
            hand_number=hand_number,
            honba=int(start["honba"]),
            sticks=int(start["kyotaku"]),
            scores=tuple(int(s) for s in start["scores"]),
        )
        tehais = start["tehais"]
        if not 0 <= dealer < 4 or len(tehais) != 4 or any(len(h) != 13 for h in tehais) or len(context.scores) != 4:
            raise MjaiError("start_kyoku: four hands of 13 tiles, four scores and a dealer 0-3")
    except MjaiError:
        raise
    except KeyError as exc:
        raise MjaiError(f"start_kyoku: no {exc}") from None
    except (TypeError, ValueError) as exc:
        raise MjaiError(f"start_kyoku: {exc}") from None
    bank = _TileBank(red_fives)
    slots = _Slots(bank)
    hands: list[list[int]] = [[] for _ in range(4)]
    deal_slots: list[int] = []
    for i in range(4):
        seat = (dealer + i) % 4
        for name in tehais[seat]:
            slot = slots.new(name)
            hands[seat].append(slot)
            deal_slots.append(slot)
    live: list[int] = []
    replacements: list[int] = []
    dora = [slots.new(start["dora_marker"])]
    ura: list[int] = []
    decisions: list[tuple[int, str, list[int], int | None]] = []  # seat, kind, slots used, extra slot
    deltas = [0, 0, 0, 0]
    after_kan = False
    last_draw: dict[int, int] = {}
    last_discard: int | None = None  # its slot
    previous = "start_kyoku"
    last_drawer: int | None = None
    ended = False
    riichi: set[int] = set()
    flags: dict[int, bool] = {}

    def use(seat: int, name: str, prefer: int | None = None) -> int:
        """The slot of ``seat``'s hand that holds ``name`` (an open one gets it), taken out of the hand."""
        hand = hands[seat]
        if prefer is not None and prefer in hand and slots.tiles[prefer] is None:
            candidates = [prefer]
        else:
            candidates = []
        kind_red = parse_tile(name)
        for slot in hand:
            tile = slots.tiles[slot]
            if tile is not None and _same(tile, kind_red, red_fives):
                candidates.insert(0, slot)
                break
        candidates += [s for s in hand if slots.tiles[s] is None]
        if not candidates:
            raise MjaiError(f"seat {seat} shows {name}, which is not in its hand")
        slot = candidates[0]
        slots.fill(slot, name)
        hand.remove(slot)
        return slot

    for event in events[1:]:
        kind = event.get("type")
        raw_actor = event.get("actor")
        actor = raw_actor if isinstance(raw_actor, int) and not isinstance(raw_actor, bool) else -1
        if kind in _ACTED and not 0 <= actor < 4:
            raise MjaiError(f"{kind} event: no seat 0-3 acts in it")
        try:
            if kind == "tsumo":
                slot = slots.new(event["pai"])
                (replacements if after_kan else live).append(slot)
                after_kan = False
                hands[actor].append(slot)
                last_draw[actor] = slot
                last_drawer = actor
            elif kind == "dahai":
                prefer = last_draw.get(actor) if event.get("tsumogiri") else None
                slot = use(actor, event["pai"], prefer)
                decisions.append((actor, "riichi" if actor in riichi else "discard", [slot], None))
                flags[len(decisions) - 1] = bool(event.get("tsumogiri"))
                riichi.discard(actor)
                last_discard = slot
            elif kind == "reach":
                riichi.add(actor)
            elif kind == "reach_accepted":
                deltas[actor] -= 1000
            elif kind in ("chi", "pon", "daiminkan"):
                used = [use(actor, name) for name in event["consumed"]]
                decisions.append((actor, kind, used, last_discard))
                after_kan = kind == "daiminkan"
            elif kind == "ankan":
                used = [use(actor, name) for name in event["consumed"]]
                decisions.append((actor, "ankan", used, None))
                after_kan = True
                last_discard = used[0]  # (thirteen orphans may rob a concealed kong where the rules say so)
            elif kind == "kakan":
                added = use(actor, event["pai"])
                decisions.append((actor, "kakan", [added], None))
                after_kan = True
                last_discard = added  # a kong may be robbed of the tile it adds
            elif kind == "dora":
                dora.append(slots.new(event["dora_marker"]))
            elif kind == "hora":
                target = event.get("target", actor)
                if target == actor:
                    drawn = last_draw.get(actor)
                    if drawn is None:
                        raise MjaiError("a tsumo win without a draw")
                    if event.get("pai") not in (None, UNKNOWN):
                        slots.fill(drawn, str(event["pai"]))
                    decisions.append((actor, "tsumo", [drawn], None))
                else:
                    decisions.append((actor, "ron", [], last_discard))
                if not ura:  # a double ron shows the same indicators twice
                    ura = [slots.new(name) for name in event.get("ura_markers") or []]
                for seat, delta in enumerate(event.get("deltas") or [0] * 4):
                    deltas[seat] += int(delta)
            elif kind == "ryukyoku":
                if previous == "tsumo" and last_drawer is not None:  # nine terminals: the drawer's choice
                    decisions.append((last_drawer, "abort", [], None))
                for seat, delta in enumerate(event.get("deltas") or [0] * 4):
                    deltas[seat] += int(delta)
            elif kind == "end_kyoku":
                ended = True
                break
        except (KeyError, TypeError, IndexError) as exc:
            raise MjaiError(f"{kind} event: {exc!r}") from None
        previous = str(kind)

    # the places nobody saw get any tile left, so that the wall is whole
    def resolved(ids: list[int]) -> list[int]:
        return [slots.final(s) for s in ids]

    deal_tiles = resolved(deal_slots)
    live_tiles = resolved(live)
    dead: list[int] = []
    for group, size in ((replacements, REPLACEMENT_SLOTS), (dora, INDICATOR_SLOTS), (ura, INDICATOR_SLOTS)):
        if len(group) > size:
            raise MjaiError(f"more than {size} tiles where our dead wall has {size}")
        dead += resolved(group) + [bank.take_any() for _ in range(size - len(group))]
    rest = [t for pool in bank.free.values() for t in pool]
    live_wall = deal_tiles + live_tiles + sorted(rest)
    if len(live_wall) != LIVE_SIZE:
        raise MjaiError("the kyoku draws more tiles than a wall holds")
    wall = Wall(live=live_wall, dead=dead, dice=(1, 1), refill_dead=True)
    built: list[Decision] = []
    for seat, what, used, extra in decisions:
        tiles = tuple(slots.final(s) for s in used)
        claimed = slots.final(extra) if extra is not None else None
        built.append(Decision(seat, _decision_action(what, tiles, claimed)))
    label = f"{start['bakaze']}{dealer + 1}-{context.honba}"
    tsumogiri = [flags.get(i) for i in range(len(built))]
    return RebuiltHand(context, wall, built, deltas, ended, label, set(riichi), tsumogiri)


def _same(tile: int, kind_red: tuple[int, bool], red_fives: bool) -> bool:
    kind, red = kind_red
    return kind_of(tile) == kind and (red_fives and tile in RED_FIVE_IDS) == (red and red_fives)


def _decision_action(what: str, tiles: tuple[int, ...], claimed: int | None) -> Action:
    if what == "discard":
        return Discard(tiles[0])
    if what == "riichi":
        return Riichi(tiles[0])
    if what == "tsumo":
        return Tsumo(tiles[0])
    if what == "abort":
        return Abort()
    if what == "ankan":
        return Ankan(min(tiles), tiles)
    if what == "kakan":
        return Kakan(tiles[0])
    if claimed is None:
        raise MjaiError(f"a {what} without a discard to take")
    if what == "ron":
        return Ron(claimed)
    return {"chi": Chi, "pon": Pon, "daiminkan": Kan}[what](claimed, tiles)


# --- a kyoku on a table, as far as the log goes ----------------------------------------------


def table_for(
    hand: RebuiltHand, ruleset_options: Any, *, settled: bool = True, viewer: int | None = None
) -> RiichiTable:
    """A table that has played ``hand``'s decisions so far.

    A claim nobody made is passed once a later decision shows it was not made; ``settled``: the
    log has moved on past its last discard (a draw came), so nobody claimed that one either.
    ``viewer``: the seat whose view the log is; the others' hidden tiles were filled at random, so
    their riichi may not be ready on our table: it is declared as it was, all the same."""
    table = RiichiTable(ruleset_options, seed=0, context=hand.context, wall=hand.wall.copy())
    driver = _Driver(table)
    try:
        for decision in hand.decisions:
            if not decision.is_claim:
                driver._pass_open_claims()
            if viewer is not None and decision.seat != viewer and not _legal(table, decision):
                _force(table, decision)
            else:
                _act(table, decision)
        if settled:
            driver._pass_open_claims()
    except IllegalAction as exc:
        raise MjaiError(str(exc)) from None
    return table


def _legal(table: RiichiTable, decision: Decision) -> bool:
    return any(_offers(action, decision.action) for action in table.pending().get(decision.seat, ()))


def _force(table: RiichiTable, decision: Decision) -> None:
    """Another seat's riichi that its filled-in hand does not allow: declared, then its discard."""
    action = decision.action
    if isinstance(action, Riichi):
        table.declare_riichi(decision.seat, action.tile)
        _act(table, Decision(decision.seat, Discard(action.tile)))
        return
    _act(table, decision)


def _act(game: RiichiTable | Match, decision: Decision) -> None:
    legal = game.pending().get(decision.seat, ())
    for action in legal:
        if _offers(action, decision.action):
            game.act(decision.seat, action)
            return
    raise MjaiError(f"seat {decision.seat} may not {decision.action}; legal: {', '.join(map(str, legal)) or 'nothing'}")


def fit_tsumogiri(hand: RebuiltHand, ruleset_options: Any, *, tries: int = 32) -> None:
    """Swap same-looking tiles in ``hand``'s wall until every discard is from the draw, or not, as logged.

    mjai names no physical tile, and our table discards the lowest copy of a kind a hand holds: so
    whether a discard is the tile just drawn depends on which copies the wall gave.  Each try fixes
    the first discard that differs (the drawn copy and the discarded one change places in the wall)
    and plays the hand again; what cannot be fitted stays as it is (the flags only, never a payment)."""
    for _ in range(tries):
        table = RiichiTable(ruleset_options, seed=0, context=hand.context, wall=hand.wall.copy())
        driver = _Driver(table)
        swap: tuple[int, int] | None = None
        try:
            for decision, flag in zip(hand.decisions, hand.tsumogiri):
                if not decision.is_claim:
                    driver._pass_open_claims()
                player = table.players[decision.seat]
                drawn, held = player.drawn, list(player.concealed)
                before = len(table.events)
                _act(table, decision)
                if flag is None or drawn is None:
                    continue
                thrown = next(e for e in table.events[before:] if isinstance(e, DiscardEvent))
                if thrown.tsumogiri == flag:
                    continue
                if flag:  # the log threw the drawn copy: it must be the one our table offers
                    swap = (drawn, thrown.tile)
                else:  # the log kept the drawn copy: another copy must be the lowest
                    others = [t for t in held if t != drawn and _same(t, _kind_red(drawn, table), table.red_fives)]
                    swap = (drawn, min(others)) if others else None
                break
        except (MjaiError, IllegalAction, StopIteration):
            return
        if swap is None:
            return
        _swap_in_wall(hand.wall, *swap)


def _kind_red(tile: int, table: RiichiTable) -> tuple[int, bool]:
    return kind_of(tile), table.red_fives and tile in RED_FIVE_IDS


def _swap_in_wall(wall: Wall, a: int, b: int) -> None:
    for tiles in (wall.live, wall.dead):
        for i, tile in enumerate(tiles):
            if tile == a:
                tiles[i] = b
            elif tile == b:
                tiles[i] = a


# --- a whole log as a match -------------------------------------------------------------------


@dataclass
class KyokuCheck:
    label: str
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass
class MjaiImportReport:
    """How a log replayed: per kyoku, and the match (``None`` when it could not be replayed whole)."""

    players: tuple[str, ...]
    hands: list[KyokuCheck] = field(default_factory=list)
    game_error: str | None = None
    match: Match | None = None

    @property
    def ok(self) -> bool:
        return self.game_error is None and all(h.ok for h in self.hands)

    def lines(self, *, verbose: bool = False) -> list[str]:
        out: list[str] = []
        for hand in self.hands:
            if verbose or not hand.ok:
                out.append(f"{hand.label:<6} {'ok' if hand.ok else 'MISMATCH'}")
                out += [f"{'':<7}{p}" for p in hand.problems]
        if self.game_error:
            out.append(f"{'game':<6} MISMATCH replay stopped: {self.game_error}")
        agree = sum(h.ok for h in self.hands)
        out.append(f"{agree}/{len(self.hands)} kyoku agree with the mjai log: {'OK' if self.ok else 'MISMATCH'}")
        return out


def split_kyokus(events: Sequence[MjaiEvent]) -> tuple[MjaiEvent | None, list[list[MjaiEvent]]]:
    """The start_game event (if any) and each kyoku's events from its start_kyoku."""
    header = events[0] if events and events[0].get("type") == "start_game" else None
    kyokus: list[list[MjaiEvent]] = []
    for event in events:
        if event.get("type") == "start_kyoku":
            kyokus.append([event])
        elif kyokus and event.get("type") not in ("start_game", "end_game"):
            kyokus[-1].append(event)
    return header, kyokus


def ruleset_of(header: MjaiEvent | None) -> tuple[str | None, dict[str, Any], int]:
    """Preset, options and seed a log names (ours carry them; others' play Tenhou's rules, east-south)."""
    extension = (header or {}).get(EXTENSION)
    if isinstance(extension, dict):
        options = extension.get("options")
        return (
            str(extension.get("preset")) if extension.get("preset") else None,
            dict(options) if isinstance(options, dict) else {},
            int(extension.get("seed") or 0),
        )
    aka = (header or {}).get("aka_flag", True)
    return "tenhou", {"aka_dora": bool(aka), "game_length": "east_south"}, 0


def check_log(text: str) -> MjaiImportReport:
    """Replay an mjai log through our engine as one match; compare each kyoku's start and payments."""
    events = parse_log(text)
    header, kyokus = split_kyokus(events)
    names = tuple(clean_player_text(str(n)) for n in ((header or {}).get("names") or ()))[:4]  # player text
    report = MjaiImportReport(players=names)
    if not kyokus:
        report.game_error = "the log has no kyoku"
        return report
    preset, options, seed = ruleset_of(header)
    ruleset = get_ruleset("riichi", preset, options)
    red_fives = bool(getattr(ruleset.options, "aka_dora", False))
    try:
        hands = [rebuild_hand(k, red_fives=red_fives, hand_number=i) for i, k in enumerate(kyokus)]
    except (MjaiError, KeyError, TypeError, ValueError, IndexError) as exc:  # a field missing or of a wrong type
        report.game_error = f"{type(exc).__name__}: {exc}" if not isinstance(exc, MjaiError) else str(exc)
        return report
    complete = [h for h in hands if h.ended]
    for hand in complete:
        fit_tsumogiri(hand, ruleset.options)
    match = Match(ruleset, seed, walls={i: h.wall for i, h in enumerate(complete)})
    for hand in complete:
        check = KyokuCheck(hand.label)
        report.hands.append(check)
        if match.is_over:
            report.game_error = f"our match ended before kyoku {hand.label}"
            return report
        ours = RiichiHandContext.of(match.context)
        for what, mine, theirs in (
            ("dealer", ours.dealer, hand.context.dealer),
            ("round wind", ours.round_wind, hand.context.round_wind),
            ("honba", ours.honba, hand.context.honba),
            ("riichi sticks", ours.sticks, hand.context.sticks),
            ("scores", list(ours.scores), list(hand.context.scores)),
        ):
            if mine != theirs:
                check.problems.append(f"{what} at the start: ours {mine}, the log's {theirs}")
        try:
            driver = _Driver(match)
            driver.play(hand.decisions)
        except (ValueError, MjaiError) as exc:
            report.game_error = f"kyoku {hand.label}: {exc}"
            return report
        result = match.results[-1]
        if list(result.deltas) != hand.deltas:
            check.problems.append(f"payments: ours {list(result.deltas)}, the log's {hand.deltas}")
        while match.phase == "between":
            match.act(min(match.pending()), Continue())
    report.match = match
    return report


__all__ = [
    "MjaiImportReport",
    "RebuiltHand",
    "check_log",
    "dumps_log",
    "export_match",
    "looks_like_mjai",
    "parse_log",
    "rebuild_hand",
    "table_for",
]
