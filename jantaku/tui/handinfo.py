"""What the hint under the hand tells: how far from ready, and how many of each wait are still unseen.

"Unseen" counts what the viewer cannot see anywhere: four copies of a kind
less those in their own hand, in every pond and meld, and among the shown
indicators — the number a player counts before deciding which wait to keep.

    >>> from jantaku.engine.views import SeatView, View, RuleFacts
    >>> me = SeatView(0, 0, 13, concealed=(0, 1, 4))
    >>> view = View("basic", 0, "turn", 0, 0, 0, 0, (0,) * 4, 70, (me,) + (SeatView(1, 1, 13),) * 3,
    ...             None, RuleFacts())
    >>> unseen(view)[0], unseen(view)[1], unseen(view)[2]
    (2, 3, 4)
    >>> distance_words(0), distance_words(1), distance_words(3)
    ('ready', '1 from ready', '3 from ready')
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.analysis import shanten
from ..engine.tiles import counts34, kind_of
from ..engine.views import View
from ..i18n import N_, _

SUIT_WORDS = {"m": N_("characters"), "p": N_("dots"), "s": N_("bamboo")}  # a suit, and more than one of its tiles
SUIT_WORD = {"m": N_("character"), "p": N_("dot"), "s": N_("bamboo")}  # one tile of it


def unseen(view: View) -> list[int]:
    """For each of the 34 kinds, the copies the viewer has not seen."""
    seen = [0] * 34
    visible: list[int] = []
    for player in view.players:
        visible += player.concealed_tiles
        visible += [d.tile for d in player.discards if d.claimed_by is None]  # a called tile is in a meld
        for meld in player.melds:
            visible += meld.known_tiles
    if view.extension is not None:
        visible += view.extension.indicators()
    for tile in visible:
        kind = kind_of(tile)
        if kind < 34:
            seen[kind] += 1
    return [max(0, 4 - n) for n in seen]


def distance(concealed: Sequence[int], melds: int, view: View) -> int | None:
    """Shanten of a 13-tile-equivalent hand with the view's winning shapes (None for other sizes)."""
    counts = counts34(t for t in concealed if kind_of(t) < 34)
    if sum(counts) + 3 * melds != 13:
        return None
    return shanten(counts, melds, seven_pairs=view.rules.seven_pairs, thirteen_orphans=view.rules.thirteen_orphans)


def distance_words(shanten_number: int) -> str:
    return _("ready") if shanten_number <= 0 else _("{count} from ready").format(count=shanten_number)


def void_tiles_held(view: View, seat: int | None) -> str | None:
    """A warning when the viewer still holds tiles of their void suit (Sichuan), in words."""
    if seat is None or view.extension is None:
        return None
    suit = view.extension.void_of(seat)
    if suit is None:
        return None
    held = sum(1 for t in view.players[seat].concealed_tiles if kind_of(t) < 27 and "mps"[kind_of(t) // 9] == suit)
    if not held:
        return None
    word = SUIT_WORDS[suit] if held > 1 else SUIT_WORD[suit]
    return _("{count} {suit} still to throw").format(count=held, suit=_(word))
