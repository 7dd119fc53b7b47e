"""Dangerous discards: the ``dangerous_only`` (DMJL) payment rule.

A discard is *dangerous* when the winner's exposed melds show plainly that
the tile may complete a limit or one-suit hand, and the discarder had a safe
tile it could have thrown instead.  Only what everybody can see counts: the
winner's exposed melds (never its concealed tiles) and the discarder's own
hand.  The criteria chosen:

- **one suit** — the winner shows at least three melds and all their suit
  tiles are of one suit: that suit and every honour are dangerous (one suit
  only, one suit with honours; all honours if the melds are all honours;
  this covers four blessings too, whose three shown wind pungs leave room
  for one suit at most);
- **three great scholars** — two exposed dragon pungs/kongs: the dragons;
- **heads and tails** — three exposed pungs/kongs, all of 1s and 9s: the 1s and 9s.

The discarder *had no choice* when every tile it held (the discard
included) was dangerous.

    >>> from jantaku.engine.melds import parse_hand
    >>> from jantaku.engine.tiles import parse_kinds
    >>> shown = parse_hand("1s pon:222s chi:345s pon:777s").melds
    >>> is_dangerous_discard(parse_kinds("9s")[0], shown, parse_kinds("9s1m"))
    True
    >>> is_dangerous_discard(parse_kinds("9s")[0], shown, parse_kinds("9s5z"))  # all dangerous
    False
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...melds import Meld
from ...tiles import DRAGONS, HONORS, SUIT_OFFSET, is_suited, is_terminal, kind_of, suit_of

MELDS_FOR_ONE_SUIT = 3  # exposed melds that make a one-suit hand obvious
DRAGON_PUNGS_FOR_SCHOLARS = 2
TERMINAL_PUNGS_FOR_HEADS_AND_TAILS = 3


def _kinds(meld: Meld) -> list[int]:
    return [kind_of(t) for t in meld.tiles]


def dangerous_kinds(exposed: Sequence[Meld]) -> frozenset[int]:
    """The tile kinds that the winner's exposed melds make dangerous to discard."""
    danger: set[int] = set()
    pungs = [m.kind for m in exposed if m.is_pung_or_kong]
    if sum(1 for k in pungs if k in DRAGONS) >= DRAGON_PUNGS_FOR_SCHOLARS:
        danger.update(DRAGONS)
    if (
        len(pungs) >= TERMINAL_PUNGS_FOR_HEADS_AND_TAILS
        and len(pungs) == len(exposed)
        and all(is_terminal(k) for k in pungs)
    ):
        danger.update(k for k in range(27) if is_terminal(k))
    if len(exposed) >= MELDS_FOR_ONE_SUIT:
        suits = {suit_of(k) for m in exposed for k in _kinds(m) if is_suited(k)}
        if len(suits) <= 1:
            danger.update(HONORS)
            for suit in suits:
                danger.update(range(SUIT_OFFSET[suit], SUIT_OFFSET[suit] + 9))
    return frozenset(danger)


def had_choice(held: Iterable[int], danger: frozenset[int]) -> bool:
    """Whether the discarder held any tile kind that was not dangerous."""
    return any(k not in danger for k in held)


def is_dangerous_discard(discard: int, winner_exposed: Sequence[Meld], held: Iterable[int]) -> bool:
    """Whether discarding kind ``discard`` to the winner was dangerous.

    ``held`` are the kinds the discarder held when it chose (the discard included).
    """
    danger = dangerous_kinds(winner_exposed)
    return discard in danger and had_choice(held, danger)
