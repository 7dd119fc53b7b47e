"""What the result screens say: wins with itemised scores, payments, draws, standings.

Everything is read from the view (``view.result``, ``view.match``)
and returned as Rich renderables, so the screens stay thin and the wording
is testable without a terminal.  Names are player text: they go into Rich tables as ``Text``,
since a cell given as a ``str`` is read as markup (``evil[/]`` would raise ``MarkupError``).
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
from ..i18n import N_, _, format_number, format_signed, localise_numbers
from .eventtext import is_you, scored_hands
from .terms import item_name as item_words
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
    out = faces_in(item_words(str(item.get("name", ""))), painter)
    if item.get("english"):
        out.append(f" · {_(item['english'])}", "dim")
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
        table.add_row(item_name(item, painter), str(item.get("value")), unit_word(str(item.get("unit", ""))))
    if score.get("hand_value"):
        totals = [localise_numbers(str(score["hand_value"]))]
    else:
        totals = [f"{score[k]} {unit_word(k)}" for k in TOTAL_KEYS if score.get(k) not in (None, 0)]
        if score.get("limit"):
            totals.append(item_words(str(score["limit"])))
        if "score" in score:
            totals.append(_("score {score}").format(score=format_number(score["score"], english_grouping=False)))
    parts: list[RenderableType] = [table, Text("  = " + ", ".join(totals), "bold")] if totals else [table]
    if score.get("error"):
        parts.append(Text(_("  note: {error}").format(error=_(str(score["error"])))))
    return Group(*parts)


# the units of score items and totals
UNIT_WORDS = {
    "points": N_("points"),
    "doubles": N_("doubles"),
    "limit": N_("limit"),
    "fan": N_("fan"),
    "han": N_("han"),
    "fu": N_("fu"),
}


def unit_word(unit: str) -> str:
    return _(UNIT_WORDS[unit]) if unit in UNIT_WORDS else unit


def payments_table(payments: dict[int, int], names: list[str], title: str = N_("payments")) -> Table:
    whole_hand = title == "this hand"  # a win's payments: only who paid and who was paid
    table = Table(show_header=False, box=None, padding=(0, 1), title=_(title), title_justify="left", title_style="bold")
    table.add_column("who")
    table.add_column("delta", justify="right")
    for seat, delta in sorted(payments.items()):
        if delta or whole_hand:
            table.add_row(
                Text(names[seat]), Text(format_signed(delta, english_grouping=False), "bold" if delta > 0 else "")
            )
    return table


ORDINALS = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"))


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
    how = _("by self-draw") if discarder is None else _("on {name}'s discard").format(name=names[discarder])
    who = names[win.seat]
    place = f"{_(ORDINALS[order])}: " if order is not None and order < len(ORDINALS) else ""
    said = _("{place}You win {how}, with ") if is_you(who) else _("{place}{who} wins {how}, with ")
    head = Text(said.format(place=place, who=who, how=how), "bold") + painter.text(win.tile)
    parts: list[RenderableType] = [head, winning_hand(win, painter)]
    if win.bonus:
        parts.append(Text(_("bonus tiles: ") + bonus_words(win.bonus, wind), "italic"))
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
    hand = item_words(str(event.get("hand") or "hand"))
    if event.get("fed"):
        said = _("{who} pays for everyone (liable): fed the set that made {winner}'s {hand}")
    else:
        said = _("{who} pays for everyone (liable): threw the tile that made {winner}'s {hand}")
    return Text(said.format(who=who, winner=winner, hand=hand), "bold")


def indicators(view: View, painter: TilePainter) -> list[RenderableType]:
    out: list[RenderableType] = []
    dora = shown_indicators(view)
    if dora:
        out.append(Text(_("dora indicators") + " ") + painter.row(list(dora), gap=" "))
    for label, tiles in view.extension.result_tiles() if view.extension is not None else ():
        out.append(Text(f"{_(label)} ") + painter.row(list(tiles), gap=" "))
    return out


SEAT_FIELDS = frozenset({"seat", "seats", "from", "to", "payer", "payers", "winner", "tenpai", "noten", "liable"})


def _seat_value(value: Any, names: list[str]) -> Any:
    """Seat numbers as names (one or a list); anything else unchanged."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
        return names[value]
    if isinstance(value, list) and all(isinstance(v, int) and 0 <= v < len(names) for v in value):
        return ", ".join(names[v] for v in value) or _("nobody")
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
                f"{names[int(k)]} {format_signed(v, english_grouping=False)}"
                if isinstance(v, int)
                else f"{names[int(k)]} {v}"
                for k, v in value.items()
            )
        elif key in SEAT_FIELDS:
            value = _seat_value(value, names)
        elif key == "reason" and isinstance(value, str):
            value = _(value)
        parts.append(f"{_(key)} {format_value(value)}")
    out = Text("  ")
    if detail.get("name"):
        out.append(f"{item_words(str(detail['name']))}: ", "bold")
    return out.append("; ".join(parts))


def other_hands_parts(
    events: list[dict[str, Any]], names: list[str], painter: TilePainter | None = None
) -> list[RenderableType]:
    """Scores of hands that did not win, when the variant scores every hand (an event with ``scores``)."""
    parts: list[RenderableType] = []
    for event in events:
        for seat, score in scored_hands(event).items():
            if not parts:
                parts.append(Text(_("the other hands"), "bold"))
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
        parts.append(Text(_("The match was stopped: {reason}").format(reason=_(str(stopped))), "bold underline"))
    if result is None:
        return parts
    kind = result.kind
    if kind == "win" and len(result.wins) > 1:
        parts.append(Text(_("{count} winners this hand").format(count=len(result.wins)), "bold underline"))
    elif kind == "draw":
        parts.append(Text(_("Exhaustive draw: the wall is empty"), "bold underline"))
    elif kind == "abort":
        reason = _(result.reason) if result.reason else _("no reason given")
        parts.append(Text(_("Abortive draw: {reason}").format(reason=reason), "bold underline"))
    for i, win in enumerate(result.wins):
        wind = view.players[win.seat].wind if win.seat < len(view.players) else None
        parts += win_parts(win, names, painter, i if len(result.wins) > 1 else None, wind, events)
        parts.append(Text(""))
    parts += other_hands_parts(list(events), names, painter)
    parts += indicators(view, painter)
    if kind != "win" or result.details:
        if kind != "win" and result.hands:
            parts.append(Text(_("hands"), "bold"))
            for seat, tiles in enumerate(result.hands):
                melds = view.players[seat].melds if seat < len(view.players) else ()
                line = Text(f"  {names[seat]:<12} ") + painter.row(list(tiles), gap=" ")
                if melds:
                    line += Text("  ") + melds_text([meld_face(m, seat) for m in melds], [], painter)
                parts.append(line)
        if result.details:
            parts.append(Text(_("settlement"), "bold"))
            parts += [detail_text(d, names) for d in result.details]
    deltas = result.deltas
    if deltas:
        parts += money_parts(result, names, list(events), painter)
    scores = view.scores
    if scores:
        # one entry per player, wrapped between entries (a narrow terminal never splits a name from its score)
        entries = [
            Text(f"{names[s]} {format_number(scores[s], english_grouping=False)}", no_wrap=True)
            for s in range(len(scores))
        ]
        parts.append(Columns([Text(_("scores"), "bold"), *entries], padding=(0, 2)))
    return parts


KONG_WORDS = {"kan": N_("exposed kong"), "ankan": N_("concealed kong"), "kakan": N_("added kong")}


def payment_sources(
    result: ResultView, events: Sequence[Mapping[str, Any]], painter: TilePainter
) -> list[tuple[str, dict[int, int]]]:
    """Where the hand's points came from, in order: each win, each payment made during the hand
    (kong money, riichi sticks), and what is left of the hand's change (draw or end-of-wall
    settlement), so that the sources add up to ``result.deltas`` for every seat."""
    several = len(result.wins) > 1
    sources: list[tuple[str, dict[int, int]]] = [
        (_("win {number}").format(number=i + 1) if several else _("win"), dict(win.payments))
        for i, win in enumerate(result.wins)
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
                kind = _(KONG_WORDS.get(str(meld.get("type")), N_("kong")))
                face = painter.face(next((t for t in tiles if t >= 0), -1))
                reason = f"{kind} {face}"
            else:
                reason = payment_reason(reason)
            sources.append((reason, {int(k): int(v) for k, v in event["deltas"].items()}))
    rest = {seat: total - sum(paid.get(seat, 0) for _, paid in sources) for seat, total in enumerate(result.deltas)}
    if any(rest.values()):
        sources.append((_("settlement") if result.wins else _("draw payments"), rest))
    return sources


# the reasons of payments made during a hand (the events' ``reason``)
PAYMENT_REASONS = {
    "payment": N_("payment"),
    "kong": N_("kong"),
    "riichi": N_("riichi"),
    "riichi sticks": N_("riichi sticks"),
}


def payment_reason(reason: str) -> str:
    return _(PAYMENT_REASONS[reason]) if reason in PAYMENT_REASONS else _(reason)


def money_parts(
    result: ResultView, names: list[str], events: Sequence[Mapping[str, Any]], painter: TilePainter
) -> list[RenderableType]:
    """The hand's change for every player, with a column for each source when there is more than one."""
    sources = payment_sources(result, events, painter)
    if len(sources) <= 1:
        return [payments_table(dict(enumerate(result.deltas)), names, N_("this hand"))]
    table = Table(title=_("this hand"), title_style="bold", title_justify="left", box=None, padding=(0, 1))
    table.add_column("")
    for title, _paid in sources:
        table.add_column(title, justify="right")
    table.add_column(_("total"), justify="right")
    for seat, total in enumerate(result.deltas):
        table.add_row(
            Text(names[seat]),
            *(
                format_signed(paid.get(seat, 0), english_grouping=False) if paid.get(seat) else "·"
                for _title, paid in sources
            ),
            Text(format_signed(total, english_grouping=False), "bold"),
        )
    return [table]


def standings_parts(view: View, names: list[str]) -> list[RenderableType]:
    """The final standings: place, name, score, and any adjustments the variant lists (uma, oka)."""
    standings = view.match.standings if view.match is not None else None
    if not standings:
        return []
    table = Table(title=_("Final standings"), title_style="bold", title_justify="left", box=None, padding=(0, 1))
    extra = [k for k, _value in standings[0].adjustments]
    table.add_column(_("place"))
    table.add_column(_("player"))
    table.add_column(_("score"), justify="right")
    for key in extra:
        table.add_column(_(key), justify="right")
    table.add_column(_("final"), justify="right")
    for row in sorted(standings, key=lambda r: r.place):
        adjustments = dict(row.adjustments)
        table.add_row(
            str(row.place),
            Text(names[row.seat]),
            format_number(row.score, english_grouping=False),
            *(_signed(adjustments.get(k)) for k in extra),
            Text(format_number(row.final, english_grouping=False), "bold"),
        )
    return [table]


def _signed(value: Any) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return format_signed(value, english_grouping=False)
    return f"{value:+}" if isinstance(value, float) else str(value)


def hand_title(view: View) -> str:
    wind = _(WIND_NAMES[view.round_wind % 4])
    if view.result is None:
        return _("{wind} {deal} — the match is over").format(wind=wind, deal=view.dealer + 1)
    played = view.match.hands_played if view.match is not None else "?"
    return _("{wind} {deal} — hand {number} result").format(wind=wind, deal=view.dealer + 1, number=played)
