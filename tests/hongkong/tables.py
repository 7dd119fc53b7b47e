"""Hong Kong tables with a stacked wall, for scenario tests."""

from __future__ import annotations

from jantaku.engine.actions import ActionType, Pass
from jantaku.engine.melds import MeldType, make_meld
from jantaku.engine.rulesets.hongkong import HongKongRuleset
from jantaku.engine.table import HandContext
from jantaku.engine.tiles import full_tile_set, is_bonus, kind_of, parse_tiles
from jantaku.engine.wall import Wall

DEALT = 53  # 4 x 13 + the dealer's fourteenth


def stacked_table(
    hands: dict[int, str],
    draws: str = "",
    *,
    dead: str = "",
    live_after_deal: int | None = None,
    dealer: int = 0,
    seating=(0, 1, 2, 3),
    round_wind: int = 0,
    **options,
):
    """A table whose deal gives ``hands[seat]`` (13 tiles; the dealer's 14th is the first of ``draws``
    when the dealer's entry has 13) and whose live wall then yields ``draws`` in order.

    Unnamed seats and the rest of the walls get the remaining tiles (bonus tiles last; none
    unless ``bonus_tiles=True``).
    ``live_after_deal`` cuts the live wall to that many tiles after the deal.
    """
    options.setdefault("bonus_tiles", False)
    wall = stacked_wall(
        hands, draws, dead=dead, live_after_deal=live_after_deal, dealer=dealer, seating=seating, **options
    )
    ruleset = HongKongRuleset(options=options)
    context = HandContext(dealer=dealer, round_wind=round_wind, extra={"seating": list(seating)})
    return ruleset.new_table(wall=wall, context=context)


def stacked_wall(
    hands: dict[int, str],
    draws: str = "",
    *,
    dead: str = "",
    live_after_deal: int | None = None,
    dealer: int = 0,
    seating=(0, 1, 2, 3),
    bonus_tiles: bool = False,
    **_options,
) -> Wall:
    """The wall of :func:`stacked_table` (also for a whole :class:`~jantaku.engine.match.Match`)."""
    taken: set[int] = set()
    dealt = {seat: parse_tiles(text, taken) for seat, text in hands.items()}
    drawn = parse_tiles(draws, taken)
    dead_tiles = parse_tiles(dead, taken)
    tiles = full_tile_set(bonus=bonus_tiles)
    # fillers: one copy of every kind before the next copy, kinds spread out (no accidental kongs)
    rest = sorted(
        (t for t in tiles if t not in taken), key=lambda t: (is_bonus(kind_of(t)), t % 4, (kind_of(t) * 5) % 34, t)
    )
    order = list(seating[seating.index(dealer) :] + seating[: seating.index(dealer)])
    live: list[int] = []
    for seat in order:
        hand = dealt.get(seat, [])[:13]
        live += hand + [rest.pop(0) for _ in range(13 - len(hand))]
    dealer_tiles = dealt.get(dealer, [])
    live.append(dealer_tiles[13] if len(dealer_tiles) == 14 else (drawn.pop(0) if drawn else rest.pop(0)))
    live += drawn
    dead_tiles += [rest.pop(0) for _ in range(14 - len(dead_tiles))]
    live += rest
    if live_after_deal is not None:
        live = live[: DEALT + live_after_deal]
    return Wall(live=live, dead=dead_tiles)


def act_type(table, seat: int, kind: ActionType, tile: str | None = None) -> list:
    """Do the seat's legal action of ``kind`` (on a tile of ``tile``'s kind, if given)."""
    want = None if tile is None else kind_of(parse_tiles(tile)[0])
    for action in table.pending()[seat]:
        if action.type is kind and (want is None or action.tile is not None and kind_of(action.tile) == want):
            return table.act(seat, action)
    raise AssertionError(f"seat {seat} has no {kind.value} {tile or ''}: {table.pending().get(seat)}")


def discard(table, seat: int, tile: str) -> None:
    """Discard a tile of that kind and let everyone pass."""
    act_type(table, seat, ActionType.DISCARD, tile)
    pass_all(table)


def pass_all(table) -> None:
    while table.phase in ("claim", "rob"):
        seat = min(table.pending())
        table.act(seat, Pass())


def give_pung(table, seat: int, tiles: str, from_seat: int) -> None:
    """Turn three of the seat's concealed tiles into a pung claimed from ``from_seat`` (state injection)."""
    player = table.players[seat]
    kind = kind_of(parse_tiles(tiles)[0])
    mine = [t for t in player.concealed if kind_of(t) == kind][:3]
    for t in mine:
        player.concealed.remove(t)
    player.melds.append(make_meld(MeldType.PON, mine, claimed=mine[-1], from_seat=from_seat))
    table.calls_made += 1  # no heavenly or earthly hand after a call


def kinds(notation: str) -> list[int]:
    return [kind_of(t) for t in parse_tiles(notation)]
