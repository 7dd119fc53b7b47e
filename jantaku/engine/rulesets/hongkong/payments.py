"""Who pays the winner how much (DMJL): only the winner receives, East has no advantage.

Payments are *shares* of the hand's score.  On a discard the discarder pays
two shares and the other two one each; on a self-draw all three pay two.  A
liable player (:mod:`.liability`) takes over every share except those of
another player who threw the winning tile::

    >>> settle(8, winner=0, discarder=1)
    {0: 32, 1: -16, 2: -8, 3: -8}
    >>> settle(8, winner=0, discarder=None)
    {0: 48, 1: -16, 2: -16, 3: -16}
    >>> settle(8, winner=0, discarder=1, liable=1)  # a dangerous discard: 4x alone
    {0: 32, 1: -32, 2: 0, 3: 0}
    >>> settle(8, winner=0, discarder=1, liable=2)  # fed the pung: also pays the fourth's share
    {0: 32, 1: -16, 2: -16, 3: 0}
"""

from __future__ import annotations

SEATS = range(4)


def shares(winner: int, discarder: int | None) -> dict[int, int]:
    """How many times the score each loser pays, without liability."""
    if discarder is None:
        return {s: 2 for s in SEATS if s != winner}
    return {s: 2 if s == discarder else 1 for s in SEATS if s != winner}


def settle(score: int, winner: int, discarder: int | None, liable: int | None = None) -> dict[int, int]:
    """Net change per seat (0-3) for a win worth ``score``; ``liable`` pays for the others."""
    owed = shares(winner, discarder)
    if liable is not None:
        kept = {s: n for s, n in owed.items() if s == discarder and s != liable}
        taken = sum(owed.values()) - sum(kept.values())
        owed = {s: kept.get(s, 0) for s in owed} | {liable: taken}
    out = {s: -n * score for s, n in owed.items()}
    out[winner] = score * sum(owed.values())
    return dict(sorted(out.items()))
