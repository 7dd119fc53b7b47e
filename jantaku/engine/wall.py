"""The wall: a seeded shuffle, dice and the break, live and dead walls.

The live wall is drawn from the front.  A *dead wall* of fixed size sits
behind it; replacement tiles (after a kong or a bonus tile) are drawn from
it, and when the variant keeps the dead wall at its size the last live tile
moves into it ("the live wall shrinks by one"); such a dead wall gives no
replacement once the live wall is empty (it would shrink below its size).
Variants without a dead wall (Sichuan) draw replacements from the back of
the live wall.

    >>> import random
    >>> w = Wall.shuffled(list(range(136)), random.Random(7), dead_size=14)
    >>> w.remaining, len(w.untaken_dead())
    (122, 14)
    >>> t = w.draw(); w.remaining
    121
    >>> r = w.draw_replacement(); w.remaining, len(w.untaken_dead())
    (120, 14)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field


@dataclass
class Wall:
    live: list[int]
    dead: list[int] = field(default_factory=list)
    dice: tuple[int, int] = (1, 1)
    refill_dead: bool = True  # keep the dead wall at its size from the live end
    replacement_order: list[int] | None = None  # indices into dead, in draw order
    _front: int = 0
    _taken_replacements: int = 0

    @classmethod
    def shuffled(cls, tiles: list[int], rng: random.Random, *, dead_size: int, refill_dead: bool = True) -> "Wall":
        """Shuffle, throw two dice and break the wall; ``dead_size`` tiles form the dead wall.

        The break point is where the dice say (the wall is a ring, so the
        shuffle already fixes the order: we rotate it by the dice for fidelity
        and so that a replay that records only the dice and the shuffle agrees).
        """
        order = list(tiles)
        rng.shuffle(order)
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        cut = (sum(dice) * 2 * 17) % len(order) if order else 0
        order = order[cut:] + order[:cut]
        if dead_size:
            return cls(live=order[:-dead_size], dead=order[-dead_size:], dice=dice, refill_dead=refill_dead)
        return cls(live=order, dead=[], dice=dice, refill_dead=False)

    @property
    def remaining(self) -> int:
        """Tiles still to be drawn from the live wall."""
        return len(self.live) - self._front

    def draw(self) -> int:
        if self.remaining <= 0:
            raise IndexError("the live wall is empty")
        tile = self.live[self._front]
        self._front += 1
        return tile

    def can_replace(self) -> bool:
        """Whether a replacement tile may be drawn now.

        A dead wall kept at its size (``refill_dead``) must be refilled from the
        live wall, so with no live tile left there is no replacement: the dead
        wall never shrinks, and the table ends the hand as a draw instead
        (Hong Kong, seed 004: "besteht immer aus 14 Ziegeln"; Classical alike).
        """
        if self.dead:
            if self.refill_dead and self.remaining <= 0:
                return False
            order = self.replacement_order
            if order is not None:
                return self._taken_replacements < len(order)
            return self._taken_replacements < len(self.dead)
        return self.remaining > 0

    def draw_replacement(self) -> int:
        """A replacement tile: from the dead wall (refilled from the live end) or the live wall's back."""
        if not self.dead:
            if self.remaining <= 0:
                raise IndexError("no tile left for a replacement")
            return self.live.pop()
        if not self.can_replace():
            raise IndexError("no replacement tile left")
        index = (
            self.replacement_order[self._taken_replacements]
            if self.replacement_order is not None
            else self._taken_replacements
        )
        tile = self.dead[index]
        self._taken_replacements += 1
        if self.refill_dead:
            # the last live tile joins the dead wall; it is never drawn from the front again
            self.dead.append(self.live.pop())
        return tile

    def untaken_dead(self) -> list[int]:
        """Dead-wall tiles not yet drawn as replacements (for conservation checks)."""
        taken = (
            set(self.replacement_order[: self._taken_replacements])
            if self.replacement_order is not None
            else set(range(self._taken_replacements))
        )
        return [t for i, t in enumerate(self.dead) if i not in taken]

    def live_tiles(self) -> list[int]:
        return self.live[self._front :]

    def copy(self) -> "Wall":
        w = Wall(
            list(self.live),
            list(self.dead),
            self.dice,
            self.refill_dead,
            None if self.replacement_order is None else list(self.replacement_order),
        )
        w._front, w._taken_replacements = self._front, self._taken_replacements
        return w
