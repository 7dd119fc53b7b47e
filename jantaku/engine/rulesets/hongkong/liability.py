"""Dangerous-discard liability (an optional rule): who pays for everyone.

Five situations make a tile dangerous to throw (:data:`DANGERS`): a player
shows two dragon pungs, three wind pungs, three pungs of one suit, three
honour pungs or three terminal pungs (kongs count; shown means declared,
concealed kongs included as they lie "half open").  The dangerous tiles are
the group's other kinds, except for three pungs of one suit: then every tile
of that suit is dangerous, the shown kinds included.  Then:

* **Dangerous discard.** Whoever throws a dangerous tile that this player
  wins on pays for everyone (four shares), but only if the win *is* the hand
  the situation threatens (small or big three dragons; small or big four
  winds; full flush; all honours; all terminals).  Anything else, or another
  player winning on the tile, is paid normally.
* **Feeding.** Whoever threw the tile claimed for the third dragon pung, or
  for the fourth pung of big four winds, full flush, all honours or all
  terminals, pays for everyone if the player later makes that hand by
  self-draw (six shares) or on the feeder's own discard (four), and on
  another player's discard takes over the uninvolved fourth player's share.
* **No choice.** A player who held only dangerous tiles is not liable; the
  table knows the hands and records this with each discard
  (:func:`had_no_choice`).

The table passes what only it knows: the winner's pungs and kongs in the
order shown, whose discard each was claimed from and whether that player had
a choice (:class:`ShownSet`).  Payments then follow from
:func:`.payments.settle` with the liable seat::

    >>> from jantaku.engine.tiles import kind_str, parse_kinds
    >>> white, green, red = parse_kinds("567z")
    >>> shown = (ShownSet(white, fed_by=1), ShownSet(green, fed_by=2))
    >>> sorted(kind_str(k) for k in dangerous_kinds(shown))
    ['7z']
    >>> find_liability(0, shown, frozenset({"Small Three Dragons"}), discarder=3, win_kind=red)
    Liability(seat=3, hand='Small Three Dragons', fed=False)
    >>> find_liability(0, shown, frozenset({"Mixed One Suit"}), discarder=3, win_kind=red) is None
    True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ...melds import Meld
from ...tiles import DRAGONS, HONORS, SUIT_OFFSET, SUITS, TERMINALS, WINDS


@dataclass(frozen=True)
class ShownSet:
    """A pung or kong the winner declared, as the liability rule sees it."""

    kind: int
    fed_by: int | None = None  # the seat whose discard was claimed for it; None for a concealed kong
    fed_without_choice: bool = False  # that seat held only dangerous tiles when it threw the tile


def shown_sets(melds: Iterable[Meld], without_choice: Iterable[int] = ()) -> tuple[ShownSet, ...]:
    """The pungs and kongs among ``melds`` (in the order declared).

    ``without_choice`` holds the indices (into ``melds``) of the melds whose
    feeder had no choice.  An added kong keeps its pung's feeder.
    """
    forced = set(without_choice)
    return tuple(ShownSet(m.kind, m.from_seat, i in forced) for i, m in enumerate(melds) if m.is_pung_or_kong)


@dataclass(frozen=True)
class Danger:
    """One situation: enough shown sets of a group make the group's other tiles dangerous."""

    name: str
    group: frozenset[int]
    shown_needed: int
    hands: frozenset[str]  # the hands a dangerous discard must complete for liability
    fed_hand: str  # the hand for which feeding the next set of the group makes the feeder liable
    # Whether the kinds already shown stay dangerous: for a full flush "a matching suit tile"
    # (seed 004) is any tile of the suit, so the fourth 3p to 111p 333p 999p (making 234p) is
    # dangerous too; the missing dragon or wind is by definition not a shown one.
    shown_kinds_dangerous: bool = False

    def shown(self, sets: Sequence[ShownSet]) -> list[ShownSet]:
        return [s for s in sets if s.kind in self.group]

    def dangerous_kinds(self, sets: Sequence[ShownSet]) -> frozenset[int]:
        mine = self.shown(sets)
        if len(mine) < self.shown_needed:
            return frozenset()
        if self.shown_kinds_dangerous:
            return self.group
        return self.group - {s.kind for s in mine}

    def fed_set(self, sets: Sequence[ShownSet]) -> ShownSet | None:
        """The set shown after the situation arose (the third dragon, the fourth pung)."""
        mine = self.shown(sets)
        return mine[self.shown_needed] if len(mine) > self.shown_needed else None


def _suit(suit: str) -> frozenset[int]:
    return frozenset(range(SUIT_OFFSET[suit], SUIT_OFFSET[suit] + 9))


DANGERS: tuple[Danger, ...] = (
    Danger(
        "two dragon pungs",
        frozenset(DRAGONS),
        2,
        frozenset({"Small Three Dragons", "Big Three Dragons"}),
        "Big Three Dragons",
    ),
    Danger(
        "three wind pungs", frozenset(WINDS), 3, frozenset({"Small Four Winds", "Big Four Winds"}), "Big Four Winds"
    ),
    *(
        Danger(
            f"three {name} pungs", _suit(suit), 3, frozenset({"Full Flush"}), "Full Flush", shown_kinds_dangerous=True
        )
        for suit, name in zip(SUITS, ("characters", "circles", "bamboo"))
    ),
    Danger("three honour pungs", frozenset(HONORS), 3, frozenset({"All Honours"}), "All Honours"),
    Danger("three terminal pungs", frozenset(TERMINALS), 3, frozenset({"All Terminals"}), "All Terminals"),
)


def dangerous_kinds(sets: Sequence[ShownSet]) -> frozenset[int]:
    """Every kind that is dangerous to throw to a player showing ``sets``."""
    return frozenset().union(*(d.dangerous_kinds(sets) for d in DANGERS))


def had_no_choice(hand_kinds: Iterable[int], dangerous: frozenset[int]) -> bool:
    """Whether every tile of a hand (before its discard) was dangerous: then no liability."""
    kinds = list(hand_kinds)
    return bool(kinds) and all(k in dangerous for k in kinds)


@dataclass(frozen=True)
class Liability:
    """A player who pays for the others."""

    seat: int
    hand: str  # the hand that made the player liable
    fed: bool  # True: fed the set; False: threw the winning tile


def find_liability(
    winner: int,
    shown: Sequence[ShownSet],
    patterns: frozenset[str],
    *,
    discarder: int | None,
    win_kind: int,
    robbed_kong: bool = False,
    discard_without_choice: bool = False,
) -> Liability | None:
    """Who is liable for this win, if anyone.

    ``patterns`` are the names of the fan-table entries and limit hands the
    win holds; ``shown`` the winner's sets as declared before the winning
    tile.  A robbed kong is no discard, so it is never a dangerous discard
    (its player still counts as the discarder for a feeder's share).
    Feeding goes before a dangerous discard: once the fourth pung of a full
    flush is shown every tile that completes it is dangerous, and the rule
    says the feeder and the discarder then pay two shares each.
    """
    for danger in DANGERS:
        fed = danger.fed_set(shown)
        if (
            fed is not None
            and fed.fed_by is not None
            and fed.fed_by != winner
            and not fed.fed_without_choice
            and danger.fed_hand in patterns
        ):
            return Liability(fed.fed_by, danger.fed_hand, fed=True)
    if discarder is not None and not robbed_kong and not discard_without_choice:
        for danger in DANGERS:
            hit = patterns & danger.hands
            if hit and win_kind in danger.dangerous_kinds(shown):
                return Liability(discarder, min(hit), fed=False)
    return None
