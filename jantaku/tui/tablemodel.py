"""From a seat's view to what the table draws: the centre panel and each player's place.

This is the one place that turns a :class:`~jantaku.engine.views.View` into
the table's layout; the widgets (:mod:`.widgets.centre`, :mod:`.widgets.player`,
:mod:`.widgets.pond`, :mod:`.widgets.meldfaces`) know only the small records
built here.  What a variant has to say (riichi, void suits, who has won,
East's streak) it says itself, in words, through its view extension.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..engine.views import SeatView, View
from ..i18n import _
from .terms import view_words
from .tilefaces import bonus_words
from .viewmodel import positions, round_title
from .widgets.centre import CentreInfo, SideInfo
from .widgets.meldfaces import meld_face
from .widgets.player import PlayerInfo
from .widgets.pond import PondTile


@dataclass(frozen=True, slots=True)
class TableModel:
    centre: CentreInfo
    players: dict[str, PlayerInfo]  # by position: self, right, across, left


def pond(player: SeatView) -> tuple[PondTile, ...]:
    return tuple(
        PondTile(tile=d.tile, tsumogiri=d.tsumogiri, riichi=d.riichi, called=d.claimed_by is not None)
        for d in player.discards
    )


def build(
    view: View,
    seat: int | None,
    names: Sequence[str],
    *,
    timer: int | None = None,
    reveal_all: bool = False,
    status: Mapping[int, str] | None = None,
    mark_tsumogiri: bool = True,
    facts: Sequence[str] = (),
    prompt: str = "",
) -> TableModel:
    """The table as ``seat`` sees it; ``status``: a word for seats whose player is not simply
    there ("bot", "away"); ``facts``: lines the screen adds to the centre (a replay's position)."""
    ext = view.extension
    last = view.last_discard
    sides: dict[str, SideInfo] = {}
    players: dict[str, PlayerInfo] = {}
    for position, s in positions(seat).items():
        player = view.players[s]
        turn = view.turn == s and not view.over
        sides[position] = SideInfo(
            wind=player.wind % 4,
            score=view.scores[s] if s < len(view.scores) else None,
            dealer=view.dealer == s,
            turn=turn,
            notes=tuple(view_words(note) for note in ext.seat_notes(s)) if ext is not None else (),
        )
        own = s == seat
        reveal = not own and (view.over or reveal_all or player.out)
        players[position] = PlayerInfo(
            name=names[s] if s < len(names) else _("Seat {number}").format(number=s + 1),
            notes=tuple(n for n in ((status or {}).get(s),) if n),
            concealed_count=player.concealed_count,
            revealed=player.concealed if reveal else None,
            pond=pond(player),
            latest=last is not None and last[0] == s and view.phase == "claim",
            melds=tuple(meld_face(m, s) for m in player.melds),
            bonus=player.bonus,
            bonus_names=bonus_words(player.bonus, player.wind),
            turn=turn,
            caption=not own,
            mark_tsumogiri=mark_tsumogiri,
        )
    lines = list(facts)
    if view.match is not None:
        lines.append(_("hand {number}").format(number=view.match.hands_played + (not view.over)))
    if ext is not None:
        lines += [view_words(fact) for fact in ext.table_facts()]
    centre = CentreInfo(
        title=round_title(view),
        wall=view.wall,
        sides=sides,
        dora=ext.indicators() if ext is not None else (),
        counters=tuple(view_words(c) for c in ext.counters()) if ext is not None else (),
        timer=timer,
        prompt=prompt,
        facts=tuple(lines),
    )
    return TableModel(centre=centre, players=players)
