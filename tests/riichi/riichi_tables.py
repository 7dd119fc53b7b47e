"""Arranged riichi hands for scenario tests: deal these tiles, then play these moves."""

from __future__ import annotations

from jantaku.engine.actions import Action, ActionType
from jantaku.engine.rulesets.riichi import RiichiTable, riichi_options
from jantaku.engine.scenario import arranged_wall
from jantaku.engine.table import HandContext
from jantaku.engine.tiles import format_kinds, kind_of, parse_kinds


def K(text: str) -> int:
    return parse_kinds(text)[0]


def quiet_hands(count: int, *used: str) -> list[str]:
    """``count`` hands of 13 that can never call, be ready or win: per suit tiles three apart
    (1-4-7, 2-5-8, 3-6-9 or part of one: no chi, no pair) and different honours for the rest,
    made of the copies that ``used`` leaves."""
    left = [4] * 34
    for text in used:
        for k in parse_kinds(text):
            left[k] -= 1
    hands = []
    for i in range(count):
        kinds = []
        for suit in (0, 9, 18):
            patterns = [[suit + (i + step + suit // 9) % 3 + 3 * j for j in range(3)] for step in range(3)]
            patterns += [p[1:] for p in patterns] + [p[:1] for p in patterns]
            kinds += next((p for p in patterns if all(left[k] > 0 for k in p)), [])
        honours = sorted(range(27, 34), key=lambda k: -left[k])[: 13 - len(kinds)]
        if len(kinds) + len(honours) != 13 or any(left[k] <= 0 for k in honours):
            raise ValueError("not enough tiles left for a quiet hand")
        kinds += sorted(honours)
        for k in kinds:
            left[k] -= 1
        hands.append(format_kinds(sorted(kinds)))
    return hands


def riichi_table(
    hands: list[str | None],
    *,
    draws: list[str] = (),
    dead: list[str] = (),
    options: dict | None = None,
    preset: str | None = None,
    context: HandContext | None = None,
) -> RiichiTable:
    """A hand dealt from ``hands`` (dealer's 14 first; ``None``: a quiet hand), drawing ``draws``;
    ``dead`` starts the dead wall: four replacement tiles, then the dora indicators, then (five
    on) the ura indicators."""
    quiet = iter(quiet_hands(hands.count(None), *[h for h in hands if h], *draws, *dead))
    hands = [h if h is not None else next(quiet) for h in hands]
    wall = arranged_wall(hands, draws=list(draws), dead=list(dead))
    ctx = context or HandContext(scores=(25000,) * 4)
    return RiichiTable(riichi_options(preset, options), seed=0, context=ctx, wall=wall)


def find(actions, type_: ActionType, kind: int | None = None) -> Action:
    for a in actions:
        if a.type is type_ and (kind is None or kind_of(a.tile) == kind):
            return a
    raise AssertionError(f"no {type_.value} {kind} in {[str(a) for a in actions]}")


def has(actions, type_: ActionType, kind: int | None = None) -> bool:
    return any(a.type is type_ and (kind is None or kind_of(a.tile) == kind) for a in actions)


def act(table: RiichiTable, seat: int, type_: ActionType, tile: str | None = None):
    return table.act(seat, find(table.pending()[seat], type_, None if tile is None else K(tile)))


def discard(table: RiichiTable, seat: int, tile: str):
    return act(table, seat, ActionType.DISCARD, tile)


def pass_claims(table: RiichiTable, *, keep: tuple[int, ...] = ()) -> None:
    """Everybody who may claim the discard passes (except ``keep``)."""
    for seat, actions in list(table.pending().items()):
        if seat not in keep and table.phase in ("claim", "rob"):
            table.act(seat, find(actions, ActionType.PASS))


def play_discards(table: RiichiTable, *moves: tuple[int, str]) -> None:
    """Each ``(seat, tile)`` in turn: the seat discards, and whoever may claim it passes."""
    for seat, tile in moves:
        discard(table, seat, tile)
        pass_claims(table)
