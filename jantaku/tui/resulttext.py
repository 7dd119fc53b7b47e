"""What the result screens say: wins with itemised scores, payments, draws, standings.

Everything is read from the view (``view.result``, ``view.match``)
and returned as Rich renderables, so the screens stay thin and the wording
is testable without a terminal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text

from ..engine.views import ResultView, View, WinView
from .eventtext import scored_hands
from .tilefaces import TilePainter, bonus_words, faces_in
from .viewmodel import WIND_NAMES, format_value, indicators as shown_indicators
from .widgets.hand import melds_text
from .widgets.meldfaces import meld_face

TOTAL_KEYS = ("han", "fu", "fan", "points", "doubles")
WINNING_TILE = Style(reverse=True, bold=True)


def winning_hand(win: WinView, painter: TilePainter) -> Text:
    """The winner's concealed tiles, the winning tile set apart and reversed, then the melds."""
    out = Text()
    rest = list(win.hand)
    if win.tile in rest:
        rest.remove(win.tile)
    out.append_text(painter.row(rest, gap=" "))
    out.append("  + ")
    out.append_text(painter.text(win.tile, WINNING_TILE))
    if win.melds or win.bonus:
        out.append("   ")
        out.append_text(melds_text([meld_face(m, win.seat) for m in win.melds], win.bonus, painter))
    return out


def item_name(item: Mapping[str, Any], painter: TilePainter) -> Text:
    """A score item's name for people: tiles as faces, the English name beside a Japanese one."""
    out = faces_in(str(item.get("name", "")), painter)
    if item.get("english"):
        out.append(f" · {item['english']}", "dim")
    return out


def score_table(score: Mapping[str, Any], painter: TilePainter | None = None) -> Group:
    """Every item of the score, then one line of the totals: the value as players say it where the
    variant has that form (riichi: ``30 fu 3 han · 3,900``), else the variant's counters."""
    painter = painter or TilePainter()
    table = Table(show_header=False, box=None, padding=(0, 1))
    table.add_column("item")
    table.add_column("value", justify="right")
    table.add_column("unit")
    for item in score.get("items", ()):
        table.add_row(item_name(item, painter), str(item.get("value")), str(item.get("unit", "")))
    if score.get("hand_value"):
        totals = [str(score["hand_value"])]
    else:
        totals = [f"{score[k]} {k}" for k in TOTAL_KEYS if score.get(k) not in (None, 0)]
        if score.get("limit"):
            totals.append(str(score["limit"]))
        if "score" in score:
            totals.append(f"score {score['score']}")
    parts: list[RenderableType] = [table, Text("  = " + ", ".join(totals), "bold")] if totals else [table]
    if score.get("error"):
        parts.append(Text(f"  note: {score['error']}"))
    return Group(*parts)


def payments_table(payments: dict[int, int], names: list[str], title: str = "payments") -> Table:
    table = Table(show_header=False, box=None, padding=(0, 1), title=title, title_justify="left", title_style="bold")
    table.add_column("who")
    table.add_column("delta", justify="right")
    for seat, delta in sorted(payments.items()):
        if delta or title == "this hand":  # a win's payments: only who paid and who was paid
            table.add_row(names[seat], Text(f"{delta:+d}", "bold" if delta > 0 else ""))
    return table


ORDINALS = ("1st", "2nd", "3rd", "4th")


def win_parts(
    win: WinView,
    names: list[str],
    painter: TilePainter,
    order: int | None = None,
    wind: int | None = None,
    events: Sequence[Mapping[str, Any]] = (),
) -> list[RenderableType]:
    """One win: who, how, the hand, every score item, who paid; ``order``: its place when several won."""
    discarder = win.discarder
    how = "by self-draw" if discarder is None else f"on {names[discarder]}'s discard"
    who = names[win.seat]
    place = f"{ORDINALS[order]}: " if order is not None and order < len(ORDINALS) else ""
    head = Text(f"{place}{who} {'win' if who == 'You' else 'wins'} {how}, with ", "bold") + painter.text(win.tile)
    parts: list[RenderableType] = [head, winning_hand(win, painter)]
    if win.bonus:
        parts.append(Text("bonus tiles: " + bonus_words(win.bonus, wind), "italic"))
    parts.append(score_table(win.score, painter))
    payments = dict(win.payments)
    if payments:
        parts.append(payments_table(payments, names))
    parts += [liability_text(e, names) for e in liable_for(win, events)]
    return parts


def liable_for(win: WinView, events: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The liability events (Hong Kong's dangerous-discard rule) that made one player pay for ``win``."""
    return [e for e in events if e.get("type") == "liability" and e.get("winner") == win.seat]


def liability_text(event: Mapping[str, Any], names: list[str]) -> Text:
    """Who pays for everyone, and why, in words.

    >>> liability_text({"seat": 3, "winner": 1, "hand": "Small Three Dragons", "fed": False}, list("ABCD")).plain
    "D pays for everyone (liable): threw the tile that made B's Small Three Dragons"
    """
    who, winner = names[int(event["seat"])], names[int(event["winner"])]
    why = "fed the set that made" if event.get("fed") else "threw the tile that made"
    return Text(f"{who} pays for everyone (liable): {why} {winner}'s {event.get('hand', 'hand')}", "bold")


def indicators(view: View, painter: TilePainter) -> list[RenderableType]:
    out: list[RenderableType] = []
    dora = shown_indicators(view)
    if dora:
        out.append(Text("dora indicators ") + painter.row(list(dora), gap=" "))
    for label, tiles in view.extension.result_tiles() if view.extension is not None else ():
        out.append(Text(f"{label} ") + painter.row(list(tiles), gap=" "))
    return out


SEAT_FIELDS = frozenset({"seat", "seats", "from", "to", "payer", "payers", "winner", "tenpai", "noten", "liable"})


def _seat_value(value: Any, names: list[str]) -> Any:
    """Seat numbers as names (one or a list); anything else unchanged."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
        return names[value]
    if isinstance(value, list) and all(isinstance(v, int) and 0 <= v < len(names) for v in value):
        return ", ".join(names[v] for v in value) or "nobody"
    return value


def detail_text(detail: Mapping[str, Any], names: list[str]) -> Text:
    """A variant's itemised extra payment, whatever its fields: its name first, seat maps and seats as names.

    >>> detail_text({"name": "Tenpai payment", "tenpai": [2], "payments": {"0": -1000, "2": 3000}}, list("ABCD")).plain
    '  Tenpai payment: tenpai C; payments A -1000, C +3000'
    """
    parts = []
    for key, value in detail.items():
        if key == "name":
            continue
        if isinstance(value, dict) and all(str(k).lstrip("-").isdigit() for k in value):
            value = ", ".join(
                f"{names[int(k)]} {v:+d}" if isinstance(v, int) else f"{names[int(k)]} {v}" for k, v in value.items()
            )
        elif key in SEAT_FIELDS:
            value = _seat_value(value, names)
        parts.append(f"{key} {format_value(value)}")
    out = Text("  ")
    if detail.get("name"):
        out.append(f"{detail['name']}: ", "bold")
    return out.append("; ".join(parts))


def other_hands_parts(
    events: list[dict[str, Any]], names: list[str], painter: TilePainter | None = None
) -> list[RenderableType]:
    """Scores of hands that did not win, when the variant scores every hand (an event with ``scores``)."""
    parts: list[RenderableType] = []
    for event in events:
        for seat, score in scored_hands(event).items():
            if not parts:
                parts.append(Text("the other hands", "bold"))
            parts.append(Text(f"  {names[seat]}", "bold"))
            parts.append(score_table(score, painter))
    return parts


def hand_result_parts(
    view: View, names: list[str], painter: TilePainter, events: Sequence[dict[str, Any]] = ()
) -> list[RenderableType]:
    """The hand's result: every win (itemised), other scored hands, draws with the revealed hands, deltas."""
    result: ResultView | None = view.result
    parts: list[RenderableType] = []
    stopped = next((e.get("stopped") for e in events if e.get("type") == "match_end" and e.get("stopped")), None)
    if stopped:
        parts.append(Text(f"The match was stopped: {stopped}", "bold underline"))
    if result is None:
        return parts
    kind = result.kind
    if kind == "win" and len(result.wins) > 1:
        parts.append(Text(f"{len(result.wins)} winners this hand", "bold underline"))
    elif kind == "draw":
        parts.append(Text("Exhaustive draw: the wall is empty", "bold underline"))
    elif kind == "abort":
        parts.append(Text(f"Abortive draw: {result.reason or 'no reason given'}", "bold underline"))
    for i, win in enumerate(result.wins):
        wind = view.players[win.seat].wind if win.seat < len(view.players) else None
        parts += win_parts(win, names, painter, i if len(result.wins) > 1 else None, wind, events)
        parts.append(Text(""))
    parts += other_hands_parts(list(events), names, painter)
    parts += indicators(view, painter)
    if kind != "win" or result.details:
        if kind != "win" and result.hands:
            parts.append(Text("hands", "bold"))
            for seat, tiles in enumerate(result.hands):
                melds = view.players[seat].melds if seat < len(view.players) else ()
                line = Text(f"  {names[seat]:<12} ") + painter.row(list(tiles), gap=" ")
                if melds:
                    line += Text("  ") + melds_text([meld_face(m, seat) for m in melds], [], painter)
                parts.append(line)
        if result.details:
            parts.append(Text("settlement", "bold"))
            parts += [detail_text(d, names) for d in result.details]
    deltas = result.deltas
    if deltas:
        parts += money_parts(result, names, list(events), painter)
    scores = view.scores
    if scores:
        # one entry per player, wrapped between entries (a narrow terminal never splits a name from its score)
        entries = [Text(f"{names[s]} {scores[s]}", no_wrap=True) for s in range(len(scores))]
        parts.append(Columns([Text("scores", "bold"), *entries], padding=(0, 2)))
    return parts


KONG_WORDS = {"kan": "exposed kong", "ankan": "concealed kong", "kakan": "added kong"}


def payment_sources(
    result: ResultView, events: Sequence[Mapping[str, Any]], painter: TilePainter
) -> list[tuple[str, dict[int, int]]]:
    """Where the hand's points came from, in order: each win, each payment made during the hand
    (kong money, riichi sticks), and what is left of the hand's change (draw or end-of-wall
    settlement), so that the sources add up to ``result.deltas`` for every seat."""
    several = len(result.wins) > 1
    sources: list[tuple[str, dict[int, int]]] = [
        (f"win {i + 1}" if several else "win", dict(win.payments)) for i, win in enumerate(result.wins)
    ]
    last_kong: Mapping[str, Any] | None = None
    for event in events:
        meld = event.get("meld")
        if event.get("type") in ("kong", "call") and isinstance(meld, Mapping) and meld.get("type") in KONG_WORDS:
            last_kong = event  # a concealed or added kong, or an exposed one called from a discard
        elif event.get("type") == "payment" and isinstance(event.get("deltas"), Mapping):
            reason = str(event.get("reason") or "payment")
            if reason == "kong" and last_kong is not None:
                meld = last_kong.get("meld") or {}
                tiles = meld.get("tiles") or [-1]
                kind = KONG_WORDS.get(str(meld.get("type")), "kong")
                face = painter.face(next((t for t in tiles if t >= 0), -1))
                reason = f"{kind} {face}"
            sources.append((reason, {int(k): int(v) for k, v in event["deltas"].items()}))
    rest = {seat: total - sum(paid.get(seat, 0) for _, paid in sources) for seat, total in enumerate(result.deltas)}
    if any(rest.values()):
        sources.append(("settlement" if result.wins else "draw payments", rest))
    return sources


def money_parts(
    result: ResultView, names: list[str], events: Sequence[Mapping[str, Any]], painter: TilePainter
) -> list[RenderableType]:
    """The hand's change for every player, with a column for each source when there is more than one."""
    sources = payment_sources(result, events, painter)
    if len(sources) <= 1:
        return [payments_table(dict(enumerate(result.deltas)), names, "this hand")]
    table = Table(title="this hand", title_style="bold", title_justify="left", box=None, padding=(0, 1))
    table.add_column("")
    for title, _ in sources:
        table.add_column(title, justify="right")
    table.add_column("total", justify="right")
    for seat, total in enumerate(result.deltas):
        table.add_row(
            names[seat],
            *(f"{paid.get(seat, 0):+d}" if paid.get(seat) else "·" for _, paid in sources),
            Text(f"{total:+d}", "bold"),
        )
    return [table]


def standings_parts(view: View, names: list[str]) -> list[RenderableType]:
    """The final standings: place, name, score, and any adjustments the variant lists (uma, oka)."""
    standings = view.match.standings if view.match is not None else None
    if not standings:
        return []
    table = Table(title="Final standings", title_style="bold", title_justify="left", box=None, padding=(0, 1))
    extra = [k for k, _ in standings[0].adjustments]
    table.add_column("place")
    table.add_column("player")
    table.add_column("score", justify="right")
    for key in extra:
        table.add_column(key, justify="right")
    table.add_column("final", justify="right")
    for row in sorted(standings, key=lambda r: r.place):
        adjustments = dict(row.adjustments)
        table.add_row(
            str(row.place),
            names[row.seat],
            str(row.score),
            *(_signed(adjustments.get(k)) for k in extra),
            Text(str(row.final), "bold"),
        )
    return [table]


def _signed(value: Any) -> str:
    return f"{value:+}" if isinstance(value, (int, float)) and not isinstance(value, bool) else str(value)


def hand_title(view: View) -> str:
    wind = WIND_NAMES[view.round_wind % 4]
    if view.result is None:
        return f"{wind} {view.dealer + 1} — the match is over"
    played = view.match.hands_played if view.match is not None else "?"
    return f"{wind} {view.dealer + 1} — hand {played} result"
