"""Which tiles of the hand the player has picked, and what the hand widget shows for them.

The selection is a physical tile (it survives re-sorting); when a new prompt
arrives and the selected tile may not be discarded, it moves to the drawn
tile or the rightmost tile that may.  Marked tiles (several, for an
exchange) are kept the same way.  The hint under the hand says what the
selection means: the waits after discarding it, or the waits of a ready
hand, and any warning the variant raises.

    >>> from jantaku.engine.actions import Discard
    >>> from jantaku.engine.views import SeatView
    >>> prompt = Prompt(1, (Discard(8),), ("discard 3m",))
    >>> sel = Selection()
    >>> state = sel.hand_state(SeatView(0, 0, 3, concealed=(0, 4, 8)), prompt)
    >>> sel.tile, state.selected, state.enabled
    (8, 2, {2})
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text

from ..engine.actions import ActionType
from ..engine.views import SeatView, View
from ..i18n import _
from .handinfo import distance, distance_words, unseen, void_tiles_held
from .prompt import Prompt
from .tilefaces import TilePainter
from .viewmodel import view_waits, waits_after_discard, warnings
from .widgets.hand import HandState


@dataclass
class Selection:
    tile: int | None = None  # the selected tile's id
    marked: set[int] = field(default_factory=set)  # tiles marked for an exchange
    prompt_id: int | None = None  # the prompt the selection was last checked against

    def hand_state(self, player: SeatView, prompt: Prompt | None) -> HandState:
        """The hand as drawn: legal discards, the selection (moved to a legal tile for a new prompt), marks."""
        state = HandState.from_player(player)
        exchanging = prompt is not None and ActionType.EXCHANGE in prompt.types
        if prompt is not None and prompt.discards:
            state.enabled = {i for i, t in enumerate(state.tiles) if prompt.discard_for(t) is not None}
        prompt_id = prompt.id if prompt is not None else None
        if self.tile not in state.tiles or (prompt_id != self.prompt_id and not self._may_go(state)):
            self.tile = self._default(state)
        self.prompt_id = prompt_id
        shown = self.tile is not None and (state.enabled is not None or exchanging)
        state.selected = state.tiles.index(self.tile) if shown else None
        self.marked &= set(state.tiles)
        if exchanging:
            state.marked = {i for i, t in enumerate(state.tiles) if t in self.marked}
        return state

    def _may_go(self, state: HandState) -> bool:
        """Whether the selected tile may be discarded now."""
        if state.enabled is None or self.tile not in state.tiles:
            return False
        return state.tiles.index(self.tile) in state.enabled

    @staticmethod
    def _default(state: HandState) -> int | None:
        """The drawn tile if it may go, else the rightmost tile that may."""
        if not state.enabled:
            return None
        if state.drawn is not None and len(state.tiles) - 1 in state.enabled:
            return state.drawn
        return state.tiles[max(state.enabled)]

    def pick(self, tiles: list[int], index: int, *, marking: bool) -> None:
        """Select the tile at ``index`` (and, when ``marking``, mark or unmark it)."""
        if 0 <= index < len(tiles):
            self.tile = tiles[index]
            if marking:
                self.marked ^= {self.tile}

    def move(self, tiles: list[int], current: int | None, step: int) -> None:
        """Move the selection ``step`` tiles along, round the ends."""
        if tiles:
            start = current if current is not None else (-1 if step > 0 else len(tiles))
            self.tile = tiles[(start + step) % len(tiles)]


def hand_hint(
    player: SeatView, state: HandState, selected: int | None, view: View, seat: int | None, painter: TilePainter
) -> Text:
    """The line under the hand: waits after discarding the selection, or of a ready hand; warnings."""
    hint = Text(no_wrap=True)
    melds = len(player.melds)
    concealed = list(player.concealed_tiles)
    left = unseen(view)
    if state.enabled is not None and selected is not None:
        rest = list(concealed)
        rest.remove(selected)
        waits = waits_after_discard(concealed, selected, melds, view)
        hint.append(_("discard") + " ").append_text(painter.text(selected)).append(" → ")
        if waits:
            hint.append(_("waits") + " ").append_text(waits_text(waits, left, painter))
        else:
            away = distance(rest, melds, view)
            hint.append(distance_words(away) if away is not None else "")
    elif state.enabled is None:
        waits = view_waits(concealed, melds, view)
        if waits:
            hint.append(_("ready, waits") + " ", "bold").append_text(waits_text(waits, left, painter))
        else:
            away = distance(concealed, melds, view)
            if away is not None and away > 0:
                hint.append(distance_words(away), "dim")
    notes = list(warnings(view, seat))
    void = void_tiles_held(view, seat)
    if void:
        notes.append(void)
    for text in notes:
        hint.append("  ").append(f" {text.upper()} ", "bold reverse")
    return hint


def waits_text(waits: list[int], left: list[int], painter: TilePainter) -> Text:
    """``東×3 南×0``: each wait with how many of it are still unseen."""
    out = Text()
    for i, kind in enumerate(waits):
        if i:
            out.append(" ")
        out.append_text(painter.kinds([kind]))
        out.append(f"×{left[kind]}", "bold" if left[kind] else "dim")
    return out
