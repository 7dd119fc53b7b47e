"""Scripted Sichuan hands: chosen deals and draws, decisions written in action notation."""

from __future__ import annotations

import random
from collections import Counter

from jantaku.engine.actions import ActionType
from jantaku.engine.rulesets.sichuan.options import sichuan_options
from jantaku.engine.rulesets.sichuan.table import SichuanTable
from jantaku.engine.scenario import arranged_wall
from jantaku.engine.tiles import format_kinds, parse_kinds, parse_tiles


def scripted_table(
    hands: list[str | None],
    draws: str = "",
    replacements: str = "",
    *,
    voids: str | None = None,
    preset: str | None = None,
    full: bool = True,
    dice=(1, 1),
    **options,
) -> SichuanTable:
    """A table dealt ``hands`` (seat order, the dealer's has 14 tiles) that then draws ``draws``
    from the front and ``replacements`` (in that order) from the back.

    A hand given as None gets tiles nobody else was given.  ``full`` leaves every
    other tile between the draws and the replacements (a 108-tile wall); without it
    the wall is only what is written, so its end comes soon.  ``voids`` ("smps": one
    suit letter per seat) makes the void choices at once.
    """
    hands = fill_hands(hands, draws + replacements)
    wall = arranged_wall(hands, draws=[draws, replacements], dead_size=0, honors=False)
    scripted = 53 + len(parse_tiles(draws))  # the deal and the draws
    back = wall.live[scripted : scripted + len(parse_tiles(replacements))]
    rest = wall.live[scripted + len(back) :] if full else []
    wall.live = wall.live[:scripted] + rest + back[::-1]
    wall.dice = dice
    table = SichuanTable(sichuan_options(preset, options), wall=wall)
    if voids:
        for seat, suit in enumerate(voids):
            act(table, seat, f"void {suit}")
    return table


def fill_hands(hands: list[str | None], more: str) -> list[str]:
    """``hands`` with each None replaced by tiles not used elsewhere (a fixed shuffle)."""
    used = Counter(parse_kinds("".join(h for h in hands if h) + more))
    spare = [k for k in range(27) for _ in range(4 - used[k])]
    random.Random(len(spare)).shuffle(spare)
    filled = []
    for seat, hand in enumerate(hands):
        if hand is None:
            size = 14 if seat == 0 else 13  # the dealer's
            hand, spare = format_kinds(sorted(spare[:size])), spare[size:]
        filled.append(hand)
    return filled


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
