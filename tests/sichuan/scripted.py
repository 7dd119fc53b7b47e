"""Scripted Sichuan hands: chosen deals and draws, decisions written in action notation."""

from __future__ import annotations

import random

from jantaku.engine.actions import ActionType
from jantaku.engine.rulesets.sichuan.options import sichuan_options
from jantaku.engine.rulesets.sichuan.table import SichuanTable
from jantaku.engine.table import HandContext
from jantaku.engine.tiles import parse_tiles
from jantaku.engine.wall import Wall

ALL_TILES = range(108)


def scripted_table(hands: list[str | None], draws: str = "", replacements: str = "", *, voids: str | None = None,
                   preset: str | None = None, full: bool = True, dice=(1, 1), dealer: int = 0,
                   **options) -> SichuanTable:
    """A table dealt ``hands`` (seat order, the dealer's has 14 tiles) that then draws ``draws``
    from the front and ``replacements`` (in that order) from the back.

    A hand given as None gets 13 tiles nobody else was given.  ``full`` puts every
    other tile between the draws and the replacements (a 108-tile wall); without it
    the wall is only what is written, so its end comes soon.  ``voids`` ("smps": one
    suit letter per seat) makes the void choices at once.
    """
    taken: set[int] = set()
    dealt = [parse_tiles(h, taken) if h is not None else None for h in hands]
    front = parse_tiles(draws, taken)
    back = parse_tiles(replacements, taken)
    spare = [t for t in ALL_TILES if t not in taken]
    random.Random(len(taken)).shuffle(spare)
    for seat, hand in enumerate(dealt):
        if hand is None:
            dealt[seat], spare = spare[:13], spare[13:]
            taken.update(dealt[seat])
    order = [(dealer + i) % 4 for i in range(4)]
    live = [t for seat in order for t in dealt[seat][:13]] + dealt[dealer][13:] + front
    if full:
        live += [t for t in ALL_TILES if t not in taken]
    live += back[::-1]
    table = SichuanTable(sichuan_options(preset, options), wall=Wall(live=live, dice=dice, refill_dead=False),
                         context=HandContext(dealer=dealer))
    if voids:
        for seat, suit in enumerate(voids):
            act(table, seat, f"void {suit}")
    return table


def notation(action) -> str:
    """An action as text; Sichuan has no red fives, so copy 0 of a five is written 5 too."""
    return str(action).replace("0", "5")


def act(table, seat: int, text: str):
    """Play the legal action written ``text`` (``"discard 5m"``, ``"pon 55p+5p"``, ``"ron 5p"``)."""
    for action in table.legal_actions(seat):
        if notation(action) == text:
            return table.act(seat, action)
    raise AssertionError(f"{text!r} is not legal for seat {seat}: {legal(table, seat)}")


def pass_claims(table, *, except_seats=()) -> None:
    """Every seat offered a claim (or a rob) passes."""
    while table.phase in ("claim", "rob"):
        waiting = [s for s in sorted(table.pending()) if s not in except_seats]
        if not waiting:
            return
        act(table, waiting[0], "pass")


def legal(table, seat: int) -> list[str]:
    return [notation(a) for a in table.legal_actions(seat)]


def discards(table, seat: int) -> list[str]:
    return [notation(a) for a in table.legal_actions(seat) if a.type is ActionType.DISCARD]
