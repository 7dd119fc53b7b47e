"""One of our riichi matches as a Tenhou game record (the mjlog model), to export it.

:func:`game_of_record` replays a :class:`~jantaku.engine.match.MatchRecord`
and writes every finished hand the way Tenhou's mjlog would: the deal, each
draw, discard, call, riichi and new dora, and each win or draw with its
han, fu, points, yaku (Tenhou's ids) and payments.  :mod:`.tenhou6` turns
that into tenhou.net/6 JSON (:func:`tenhou6_of_record`).  Pure: no I/O.

Our tables deal exactly as Tenhou does (the dealer's 14th tile is its first
draw), so a record exported here replays through :mod:`.tenhou_import` to the
same decisions and payments.  A hand the host abandoned (a stopped match) is
left out: Tenhou has no such hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...actions import Action
from ...events import (
    CallEvent,
    DealEvent,
    DiscardEvent,
    DrawEvent,
    KongEvent,
    PaymentEvent,
    RiichiEvent,
)
from ...match import STOP_SEAT, Match, MatchRecord, wall_from_wire
from ...results import HandResult, WinRecord
from ...ruleset import get_ruleset
from .events import DoraEvent
from .table import RiichiTable
from .tenhou6 import Tenhou6Log, from_game
from .tenhou_import import ENDINGS, hand_points
from .tenhou_log import (
    YAKU,
    Agari,
    Call,
    CallType,
    Discard,
    Draw,
    DrawType,
    Limit,
    NewDora,
    Riichi,
    Ryuukyoku,
    TenhouEvent,
    TenhouGame,
    TenhouHand,
    TenhouPlayer,
    TenhouRules,
)

__all__ = ["finished_tables", "game_of_record", "tenhou6_of_record", "tenhou_yaku_id"]

_LIMITS = {None: Limit.NONE, "mangan": Limit.MANGAN, "haneman": Limit.HANEMAN, "baiman": Limit.BAIMAN}
_LIMITS["sanbaiman"] = Limit.SANBAIMAN
_ABORTS = {reason: draw for draw, (kind, reason) in ENDINGS.items() if kind == "abort"}
_CALL_TYPES = {"chi": CallType.CHI, "pon": CallType.PON, "kan": CallType.DAIMINKAN}
_KONG_TYPES = {"ankan": CallType.ANKAN, "kakan": CallType.KAKAN}
_TENHOU_ID = {y.english: i for i, y in enumerate(YAKU)}
_OUR_NAMES = {
    "Yakuhai: white dragon": "Haku",
    "Yakuhai: green dragon": "Hatsu",
    "Yakuhai: red dragon": "Chun",
    "Kokushi musou 13-sided wait": "Kokushi musou 13-wait",
}
SEAT_WIND_YAKU, ROUND_WIND_YAKU = 10, 14  # Tenhou ids of seat wind East and round wind East


def tenhou_yaku_id(name: str, *, seat_wind: int, round_wind: int) -> int:
    """Tenhou's id of one of our yaku (by its name in the score items).

    >>> tenhou_yaku_id("Riichi", seat_wind=0, round_wind=0), tenhou_yaku_id("Yakuhai: seat wind", seat_wind=1, round_wind=0)
    (1, 11)
    """
    if name == "Yakuhai: seat wind":
        return SEAT_WIND_YAKU + seat_wind
    if name == "Yakuhai: round wind":
        return ROUND_WIND_YAKU + round_wind
    return _TENHOU_ID[_OUR_NAMES.get(name, name)]


def finished_tables(record: MatchRecord) -> tuple[list[RiichiTable], Match]:
    """Replay ``record``: the table of every finished hand, in order, and the match at the end.

    Raises ``ValueError`` for a record that does not replay (a damaged one).
    """
    if record.ruleset != "riichi":
        raise ValueError(f"only riichi matches have a Tenhou form, not {record.ruleset}")
    ruleset = get_ruleset(record.ruleset, record.preset, record.options)
    walls = {k: wall_from_wire(v) for k, v in (record.walls or {}).items()}
    match = Match(ruleset, record.seed, walls=walls)
    tables: list[RiichiTable] = []
    for index, (seat, wire) in enumerate(record.decisions):
        if seat == STOP_SEAT:
            break
        table = match.table
        try:
            match.act(seat, Action.from_wire(wire))
        except (ValueError, TypeError, IndexError) as exc:  # IllegalAction is a ValueError
            raise ValueError(f"decision {index} ({wire!r:.60}) by seat {seat}: {exc}") from None
        if table.is_over and (not tables or tables[-1] is not table):
            assert isinstance(table, RiichiTable)  # a riichi match is played on riichi tables
            tables.append(table)
    return tables, match


def game_of_record(record: MatchRecord, names: Sequence[str] = ()) -> TenhouGame:
    """The match ``record`` as a Tenhou game: its finished hands and, if it ended, the final result."""
    tables, match = finished_tables(record)
    options = match.ruleset.options
    flags = 0x01 | (0 if options.aka_dora else 0x02) | (0 if options.kuitan else 0x04)
    flags |= 0x08 if options.game_length == "east_south" else 0
    players = tuple(TenhouPlayer(names[i] if i < len(names) else f"seat {i + 1}") for i in range(4))
    game = TenhouGame(TenhouRules(flags), players, 0, [_hand_of(table) for table in tables])
    if match.is_over and match.standings is not None and not match.stopped:
        by_seat = sorted(match.standings, key=lambda s: s["seat"])
        game.final_scores = tuple(s["score"] for s in by_seat)
        game.final_points = tuple(float(s["final"]) for s in by_seat)
    return game


def tenhou6_of_record(
    record: MatchRecord, names: Sequence[str] = (), *, title: tuple[str, ...] = ("", "")
) -> Tenhou6Log:
    """The match as tenhou.net/6 JSON, carrying our rules (``"jantaku"``) for a faithful re-import."""
    rules: Mapping[str, Any] = {"ruleset": record.ruleset, "preset": record.preset, "options": dict(record.options)}
    return from_game(game_of_record(record, names), title=title, rules=rules)


# --- one hand ------------------------------------------------------------------------------------


def _hand_of(table: RiichiTable) -> TenhouHand:
    context = table.context
    dealer = context.dealer
    first_draw = table.wall.live[4 * 13]  # the dealer's 14th tile: Tenhou's first draw
    deal: list[tuple[int, ...]] = [()] * 4
    events: list[TenhouEvent] = [Draw(dealer, first_draw)]
    dora: list[int] = []
    for event in table.events:
        if isinstance(event, DealEvent):
            assert event.seat is not None and event.tiles is not None  # the table's own events are whole
            tiles = list(event.tiles)
            if event.seat == dealer:
                tiles.remove(first_draw)
            deal[event.seat] = tuple(tiles)
        else:
            _event(event, events, dora)
    hand = TenhouHand(
        round=4 * context.round_wind + dealer,
        honba=table.counters.honba,
        riichi_sticks=table.counters.sticks,
        dice=tuple(table.wall.dice),  # type: ignore[arg-type]  # two dice
        dora_indicator=dora[0],
        dealer=dealer,
        scores=tuple(context.scores),
        hands=tuple(deal),
        events=events,
    )
    assert table.result is not None  # a finished table has its result
    hand.results = _results(table, table.result, events)
    return hand


def _event(event: Any, events: list[TenhouEvent], dora: list[int]) -> None:
    """One of our events as the mjlog's (the others are not in a Tenhou record)."""
    seat = event.seat
    if isinstance(event, DrawEvent):
        assert event.tile is not None  # the table's own events are whole
        events.append(Draw(seat, event.tile))
    elif isinstance(event, DiscardEvent):
        events.append(Discard(seat, event.tile, event.tsumogiri))
    elif isinstance(event, RiichiEvent):
        events.append(Riichi(seat, 1))
    elif isinstance(event, PaymentEvent) and event.reason == "riichi":
        (payer,) = event.deltas
        events.append(Riichi(payer, 2))
    elif isinstance(event, CallEvent):
        events.append(_call(seat, _CALL_TYPES[event.meld["type"]], event.meld))
    elif isinstance(event, KongEvent):
        events.append(_call(seat, _KONG_TYPES[event.meld["type"]], event.meld))
    elif isinstance(event, DoraEvent):
        if dora:
            events.append(NewDora(event.indicator))
        dora.append(event.indicator)


def _call(seat: int, call_type: CallType, meld: Mapping[str, Any]) -> Call:
    claimed, from_seat, added = meld["claimed"], meld["from"], meld["added"]
    if call_type is CallType.ANKAN:
        claimed = from_seat = added = None
    return Call(seat, call_type, tuple(sorted(meld["tiles"])), claimed, from_seat, added)


def _results(table: RiichiTable, result: HandResult, events: list[TenhouEvent]) -> list[Agari | Ryuukyoku]:
    context = table.context
    scores = list(context.scores)
    accepted = [e.seat for e in events if isinstance(e, Riichi) and e.step == 2]
    for seat in accepted:
        scores[seat] -= 1000
    sticks = table.counters.sticks + len(accepted)
    if result.kind != "win":
        return [_draw(table, result, tuple(scores), sticks, events)]
    out: list[Agari | Ryuukyoku] = []
    for i, win in enumerate(result.wins):
        agari = _agari(table, win, first=i == 0, scores=tuple(scores), sticks=sticks)
        out.append(agari)
        scores = [s + d for s, d in zip(scores, agari.deltas)]
    return out


def _draw(
    table: RiichiTable, result: HandResult, scores: tuple[int, ...], sticks: int, events: list[TenhouEvent]
) -> Ryuukyoku:
    honba = table.counters.honba
    hands = result.hands or [list(p.concealed) for p in table.players]
    if result.kind == "draw":
        draw_type = DrawType.NAGASHI_MANGAN if result.flags.get("nagashi") else DrawType.EXHAUSTIVE
        shown = {s: tuple(hands[s]) for s in result.flags.get("tenpai", ())}
        return Ryuukyoku(honba, sticks, scores, tuple(result.extra_deltas), draw_type, shown)
    draw_type = _ABORTS[result.reason]
    shown = {}
    if draw_type is DrawType.NINE_TERMINALS:
        seat = next(e.seat for e in reversed(events) if isinstance(e, Draw))
        shown = {seat: tuple(hands[seat])}
    elif draw_type is DrawType.FOUR_RIICHI:
        shown = {s: tuple(hands[s]) for s in range(4)}
    return Ryuukyoku(honba, sticks, scores, (0, 0, 0, 0), draw_type, shown)


def _agari(table: RiichiTable, win: WinRecord, *, first: bool, scores: tuple[int, ...], sticks: int) -> Agari:
    context = table.context
    score = win.score
    dealer = win.seat == context.dealer
    limit_name = score.limit
    yakuman_hand = (limit_name or "").endswith("yakuman") and not score.values.get("fu")
    seat_wind = table.seat_wind(win.seat)
    yaku: list[tuple[int, int]] = []
    yakuman: list[int] = []
    for item in score.items:
        if item.unit != "han":
            continue
        tenhou_id = tenhou_yaku_id(item.name, seat_wind=seat_wind, round_wind=context.round_wind)
        if yakuman_hand:
            yakuman += [tenhou_id] * max(1, item.value // 13)
        else:
            yaku.append((tenhou_id, item.value))
    limit = Limit.YAKUMAN if (limit_name or "").endswith("yakuman") else _LIMITS[limit_name]
    riichi = table.seats[win.seat].riichi
    return Agari(
        table.counters.honba if first else 0,
        sticks if first else 0,
        scores,
        tuple(win.payments.get(s, 0) for s in range(4)),
        who=win.seat,
        from_who=win.seat if win.discarder is None else win.discarder,
        concealed=tuple(win.hand),
        melds=(),
        win_tile=win.tile,
        fu=int(score.values.get("fu", 0)),
        points=hand_points(score.score, dealer=dealer, self_drawn=win.self_drawn),
        limit=limit,
        yaku=tuple(yaku),
        yakuman=tuple(yakuman),
        dora_indicators=tuple(table.dora_indicators),
        ura_indicators=tuple(table.ura_indicators) if riichi else (),
        pao_who=table.liable_seat(win.seat, score),
    )
