"""From a seat's view to what the table draws: the centre panel and each player's place.

This is the one place that reads the view for the table's layout; the
widgets (:mod:`.widgets.centre`, :mod:`.widgets.player`, :mod:`.widgets.pond`,
:mod:`.widgets.meldfaces`) know only the small records built here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .viewmodel import positions, round_title, seat_flag
from .widgets.centre import CentreInfo, SideInfo, counters
from .widgets.meldfaces import meld_face
from .widgets.player import PlayerInfo
from .widgets.pond import PondTile

SUIT_WORDS = {"m": "characters", "p": "dots", "s": "bamboo"}
ORDINALS = ("1st", "2nd", "3rd", "4th")


@dataclass(frozen=True, slots=True)
class TableModel:
    centre: CentreInfo
    players: dict[str, PlayerInfo]  # by position: self, right, across, left


def pond(player: dict[str, Any]) -> tuple[PondTile, ...]:
    return tuple(PondTile(tile=d[0], tsumogiri=bool(d[1]), riichi=bool(d[2]), called=d[3] is not None)
                 for d in player.get("discards") or ())


def seat_notes(view: dict[str, Any], seat: int, *, winners: Sequence[int]) -> tuple[str, ...]:
    """What the table must know of one seat, in words (on its side of the centre)."""
    notes = []
    if seat_flag(view, "riichi", seat):
        notes.append("riichi")
    void = seat_flag(view, "voids", seat)
    if isinstance(void, str):
        notes.append(f"void {SUIT_WORDS.get(void, void)}")
    if seat in winners:
        notes.append(f"won {ORDINALS[winners.index(seat)]}")
    return tuple(notes)


def build(view: dict[str, Any], seat: int | None, names: Sequence[str], *, timer: int | None = None,
          reveal_all: bool = False, winners: Sequence[int] = (), status: dict[int, str] | None = None,
          mark_tsumogiri: bool = True, facts: Sequence[str] = (), prompt: str = "") -> TableModel:
    """The table as ``seat`` sees it; ``winners``: seats out of the hand in the order they won
    (Sichuan); ``status``: a word for seats whose player is not simply there (bot, away)."""
    over = view.get("phase") == "over"
    scores = view.get("scores") or []
    last = view.get("last_discard")
    sides: dict[str, SideInfo] = {}
    players: dict[str, PlayerInfo] = {}
    for position, s in positions(seat).items():
        player = view["players"][s]
        turn = view.get("turn") == s and not over
        sides[position] = SideInfo(wind=int(player.get("wind", s)) % 4,
                                   score=scores[s] if s < len(scores) else None,
                                   dealer=view.get("dealer") == s, turn=turn,
                                   notes=seat_notes(view, s, winners=winners))
        own = s == seat
        reveal = not own and (over or reveal_all or bool(player.get("out")))
        notes = tuple(n for n in ((status or {}).get(s),) if n)
        players[position] = PlayerInfo(
            name=names[s] if s < len(names) else f"Seat {s + 1}", notes=notes,
            concealed_count=int(player.get("concealed_count", 0)),
            revealed=tuple(player["concealed"]) if reveal and player.get("concealed") is not None else None,
            pond=pond(player), latest=bool(last) and last[0] == s and view.get("phase") == "claim",
            melds=tuple(meld_face(m, s) for m in player.get("melds") or ()),
            bonus=tuple(player.get("bonus") or ()), turn=turn, caption=not own,
            mark_tsumogiri=mark_tsumogiri)
    facts = list(facts)
    match = view.get("match") or {}
    if match:
        facts.append(f"hand {match.get('hands_played', 0) + (not over)}")
    streak = view.get("east_streak")
    if streak:
        facts.append(f"East's streak {streak}")
    centre = CentreInfo(title=round_title(view), wall=int(view.get("wall", 0)), sides=sides,
                        dora=tuple(view.get("dora_indicators") or ()),
                        counters=counters(int(view.get("honba") or 0),
                                          int(view.get("table_sticks", view.get("sticks")) or 0)),
                        timer=timer, prompt=prompt, facts=tuple(facts))
    return TableModel(centre=centre, players=players)
