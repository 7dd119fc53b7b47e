"""Tile efficiency: how far a hand is from winning, how many tiles help, and its chance to get there.

*Acceptance* (ukeire) counts the unseen copies of every kind that lowers the
shanten.  :func:`win_chance` turns shanten, acceptance and the draws left
into a rough probability of completing the hand before the wall runs out;
it is what lets a bot weigh a faster cheap hand against a slower valuable
one, and either against the danger of a discard.

    >>> from jantaku.engine.tiles import parse_kinds, kinds_to_counts
    >>> counts = kinds_to_counts(parse_kinds("123m456p789s11z23s"))   # ready on 1s/4s
    >>> acceptance(counts, 0, [4] * 34)
    (0, 8, (18, 21))
    >>> win_chance(0, 8, 100, 10) > win_chance(0, 2, 100, 10) > win_chance(1, 8, 100, 10)
    True
"""

from __future__ import annotations

from .incremental import HandShape

# Acceptance assumed for the steps after the next one (typical counts at that shanten); the next
# step's own acceptance counts up to ACCEPT_CAP times the typical one (a wide but far hand is
# no faster than a narrow near one).
TYPICAL_ACCEPTANCE = {0: 4, 1: 14, 2: 22, 3: 30, 4: 36}
ACCEPT_CAP = 1.5
MAX_STEP_CHANCE = 0.85


def acceptance(counts: list[int], melds: int, unseen: list[int], **forms: bool) -> tuple[int, int, tuple[int, ...]]:
    """(shanten, unseen copies of the improving kinds, those kinds) of a hand of 3n+1 tiles."""
    shape = HandShape(counts, melds, **forms)
    useful = tuple(k for k in shape.useful() if unseen[k])
    return shape.shanten(), sum(unseen[k] for k in useful), useful


def shanten_after(counts: list[int], melds: int, kind: int, **forms: bool) -> int:
    """Shanten of the hand once a tile of ``kind`` is thrown (a bonus kind is never a discard: 99)."""
    if kind >= 34:
        return 99
    return HandShape(counts, melds, **forms).shanten_after_discard(kind)


def acceptance_after(counts: list[int], melds: int, kind: int, unseen: list[int], **forms: bool) -> int:
    """Unseen copies of the kinds that improve the hand once a tile of ``kind`` is thrown."""
    return sum(unseen[k] for k in HandShape(counts, melds, **forms).useful_after_discard(kind))


def win_chance(
    shanten_now: int,
    accept: int,
    unseen_total: int,
    draws: int,
    *,
    looks: float = 1.0,
    wait_looks: float = 2.0,
    hazard: float = 0.0,
    typical_scale: float = 1.0,
) -> float:
    """A rough chance to complete the hand within ``draws`` turns.

    Each turn the next step succeeds with the chance of drawing one of the
    accepted tiles; ``looks`` (≥ 1) counts the claims that also help (pungs and
    chows from discards) and ``wait_looks`` the discards a ready hand may win
    on.  Only the next step uses ``accept``; later steps assume a typical
    acceptance (times ``typical_scale``: a plan that uses fewer kinds accepts
    fewer tiles); ``hazard`` is the chance per turn that somebody else ends the
    hand first.  Not a simulation: a smooth, monotone guide.
    """
    if shanten_now < 0:
        return 1.0
    if draws <= 0 or accept <= 0:
        return 0.0
    steps = []
    for s in range(shanten_now, -1, -1):
        typical = TYPICAL_ACCEPTANCE.get(s, 40) * (typical_scale if s else 1.0)
        a = min(accept, ACCEPT_CAP * typical) if s == shanten_now else typical
        steps.append(a / unseen_total * (wait_looks if s == 0 else looks))
    return _complete_within(tuple(round(min(MAX_STEP_CHANCE, p), 3) for p in steps), min(draws, 40), round(hazard, 3))


def _complete_within(step_chances: tuple[float, ...], draws: int, hazard: float) -> float:
    """The chance that consecutive steps, one try per turn each, all succeed within ``draws`` turns
    while the hand survives each turn with ``1 - hazard``.

    The answer after ``d`` turns is the same computation stopped earlier, so one computation per
    (steps, hazard) is kept and carried further when more turns are asked: a hand asks the same
    steps again each turn with one draw fewer."""
    key = (step_chances, hazard)
    known = _progress.get(key)
    if known is None:
        if len(_progress) >= _PROGRESS_SIZE:
            _progress.clear()
        # dist[i]: probability of having finished i steps (and the hand still going)
        dist = [1.0] + [0.0] * len(step_chances)
        known = _progress[key] = (dist, [dist[-1]])
    dist, after = known  # after[d]: the answer after d turns
    while len(after) <= draws:
        for i in range(len(step_chances)):
            dist[i] *= 1 - hazard
        for i in range(len(step_chances) - 1, -1, -1):
            moved = dist[i] * step_chances[i]
            dist[i] -= moved
            dist[i + 1] += moved
        after.append(dist[-1])
    return after[draws]


# (step chances, hazard) -> (the distribution after the turns computed, the answer after each)
_progress: dict[tuple[tuple[float, ...], float], tuple[list[float], list[float]]] = {}
_PROGRESS_SIZE = 16384
