"""Random valid riichi wins, and the same wins scored by the PyPI ``mahjong`` package.

:func:`random_win` builds a structurally complete hand (4 sets + a pair,
sometimes seven pairs or thirteen orphans; 0-4 called sets; some hands
biased to one suit or to terminals and honours so that the rarer yaku occur)
together with a plausible win context.  :func:`mahjong_score` scores it with
``mahjong`` (a test dependency) and returns the same numbers as ours:
``(han, fu, payments per seat)``, or ``None`` where ``mahjong`` sees no yaku.

Used by ``test_riichi_differential.py`` and ``benchmarks/riichi_scoring.py``.
Tile ids are the same in both libraries (Tenhou numbering, red fives 16/52/88).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld as MjMeld

from jantaku.engine.melds import Meld, MeldType, make_meld
from jantaku.engine.rulesets.riichi import RiichiOptions, RiichiWinContext
from jantaku.engine.tiles import TERMINALS_AND_HONORS

_MELD_TYPES = {
    MeldType.CHI: MjMeld.CHI,
    MeldType.PON: MjMeld.PON,
    MeldType.KAN: MjMeld.KAN,
    MeldType.ANKAN: MjMeld.KAN,
    MeldType.KAKAN: MjMeld.SHOUMINKAN,
}


@dataclass
class RandomWin:
    concealed: list[int]  # the winning tile included
    melds: list[Meld]
    win: int
    context: RiichiWinContext


class _Wall:
    """The 136 tiles, handed out per kind in a random copy order."""

    def __init__(self, rng: random.Random) -> None:
        self.free = {k: rng.sample(range(4 * k, 4 * k + 4), 4) for k in range(34)}

    def take(self, kind: int, n: int) -> list[int] | None:
        if len(self.free[kind]) < n:
            return None
        return [self.free[kind].pop() for _ in range(n)]

    def rest(self) -> list[int]:
        return [t for tiles in self.free.values() for t in tiles]


def _kinds_pool(rng: random.Random) -> list[int]:
    """The kinds a hand draws from: everything, one suit (+ honours) or terminals and honours."""
    r = rng.random()
    if r < 0.15:
        suit = 9 * rng.randrange(3)
        return list(range(suit, suit + 9)) + (list(range(27, 34)) if rng.random() < 0.5 else [])
    if r < 0.20:
        return list(TERMINALS_AND_HONORS)
    return list(range(34))


def _random_set(rng: random.Random, wall: _Wall, pool: list[int], called: bool) -> tuple[str, list[int]] | None:
    """One set as (meld type or 'hidden', tiles); None when the wall lacks the tiles."""
    r = rng.random()
    starts = [k for k in pool if k < 27 and k % 9 <= 6 and k + 2 in pool]
    if r < 0.55 and starts:
        start = rng.choice(starts)
        got = [wall.take(start + i, 1) for i in range(3)]
        if None in got:
            return None
        return ("chi" if called else "hidden", [g[0] for g in got])
    kind = rng.choice(pool)
    if r < 0.92:
        tiles = wall.take(kind, 3)
        return None if tiles is None else ("pon" if called else "hidden", tiles)
    tiles = wall.take(kind, 4)
    if tiles is None:
        return None
    return (rng.choice(["kan", "kakan"]) if called else "ankan", tiles)


def _regular_hand(rng: random.Random, wall: _Wall) -> tuple[list[int], list[Meld]] | None:
    pool = _kinds_pool(rng)
    called_sets = rng.choices([0, 1, 2, 3, 4], weights=[50, 22, 16, 9, 3])[0]
    concealed: list[int] = []
    melds: list[Meld] = []
    for i in range(4):
        got = _random_set(rng, wall, pool, called=i < called_sets)
        if got is None:
            return None
        kind, tiles = got
        if kind == "hidden":
            concealed += tiles
        else:
            melds.append(make_meld(MeldType(kind), tiles, claimed=None if kind == "ankan" else tiles[0]))
    pair = wall.take(rng.choice(pool), 2)
    if pair is None:
        return None
    return concealed + pair, melds


def _special_hand(rng: random.Random, wall: _Wall) -> list[int] | None:
    if rng.random() < 0.85:  # seven pairs
        pool = _kinds_pool(rng)
        if len(pool) < 7:
            return None
        pairs = [wall.take(k, 2) for k in rng.sample(pool, 7)]
        return None if None in pairs else [t for p in pairs for t in p]
    singles = [wall.take(k, 1) for k in TERMINALS_AND_HONORS]
    extra = wall.take(rng.choice(TERMINALS_AND_HONORS), 1)
    return None if extra is None else [s[0] for s in singles] + extra


def random_win(rng: random.Random) -> RandomWin:
    """A random complete hand and how it was won (flags consistent with the hand)."""
    while True:
        wall = _Wall(rng)
        if rng.random() < 0.06:
            concealed, melds = _special_hand(rng, wall), []
        else:
            hand = _regular_hand(rng, wall)
            concealed, melds = hand if hand else (None, [])
        if concealed is not None:
            break
    win = rng.choice(concealed)
    closed = all(m.type is MeldType.ANKAN for m in melds)
    kans = sum(1 for m in melds if m.is_kong)
    rest = wall.rest()
    rng.shuffle(rest)
    indicators = rest[: 1 + kans]
    ura = rest[1 + kans : 2 + 2 * kans]
    self_drawn = rng.random() < 0.4
    riichi = closed and rng.random() < 0.6
    double_riichi = riichi and rng.random() < 0.05
    rinshan = self_drawn and kans > 0 and rng.random() < 0.3
    last_tile = not rinshan and rng.random() < 0.03
    context = RiichiWinContext(
        seat_wind=rng.randrange(4),
        round_wind=rng.choice([0, 0, 1, 1, 2, 3]),
        self_drawn=self_drawn,
        discarder=None,
        riichi=riichi and not double_riichi,
        double_riichi=double_riichi,
        ippatsu=riichi and rng.random() < 0.15,
        last_tile=last_tile,
        rinshan=rinshan,
        chankan=not self_drawn and not last_tile and rng.random() < 0.02,
        first_turn=self_drawn and not melds and rng.random() < 0.01,
        dora_indicators=tuple(indicators),
        ura_indicators=tuple(ura) if riichi else (),
        honba=rng.choice([0, 0, 0, 1, 2]),
        sticks=rng.choice([0, 0, 1, 2]),
    )
    if not self_drawn:  # a random discarder
        context = replace(context, discarder=(context.seat_wind + rng.randrange(1, 4)) % 4)
    return RandomWin(concealed, melds, win, context)


# --- the same hand through ``mahjong`` ---------------------------------------------------


def mahjong_rules(opts: RiichiOptions) -> OptionalRules:
    """``mahjong``'s OptionalRules for our options (the ones both libraries have)."""
    return OptionalRules(
        has_open_tanyao=opts.kuitan,
        has_aka_dora=opts.aka_dora,
        has_double_yakuman=opts.double_yakuman,
        kazoe_limit=HandConstants.KAZOE_LIMITED if opts.kazoe_yakuman else HandConstants.KAZOE_SANBAIMAN,
        kiriage=opts.kiriage_mangan,
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
    )


def mahjong_call(hand: RandomWin, rules: OptionalRules) -> tuple:
    """The arguments of ``HandCalculator.estimate_hand_value`` for a hand (prepared once)."""
    ctx = hand.context
    melds = [MjMeld(_MELD_TYPES[m.type], sorted(m.tiles), opened=m.type is not MeldType.ANKAN) for m in hand.melds]
    tiles = list(hand.concealed) + [t for m in hand.melds for t in m.tiles]
    config = HandConfig(
        is_tsumo=ctx.self_drawn,
        is_riichi=ctx.riichi or ctx.double_riichi,
        is_daburu_riichi=ctx.double_riichi,
        is_ippatsu=ctx.ippatsu,
        is_rinshan=ctx.rinshan,
        is_chankan=ctx.chankan,
        is_haitei=ctx.last_tile and ctx.self_drawn,
        is_houtei=ctx.last_tile and not ctx.self_drawn,
        is_tenhou=ctx.first_turn and ctx.self_drawn and ctx.seat_wind == 0,
        is_chiihou=ctx.first_turn and ctx.self_drawn and ctx.seat_wind != 0,
        player_wind=EAST + ctx.seat_wind,
        round_wind=EAST + ctx.round_wind,
        tsumi_number=ctx.honba,
        kyoutaku_number=ctx.sticks,
        options=rules,
    )
    return (tiles, hand.win, melds, list(ctx.dora_indicators), list(ctx.ura_indicators), config)


def mahjong_estimate(call: tuple):
    tiles, win, melds, dora, ura, config = call
    return HandCalculator.estimate_hand_value(
        tiles, win, melds=melds, dora_indicators=dora, ura_dora_indicators=ura, config=config
    )


def mahjong_payments(response, ctx: RiichiWinContext) -> dict[int, int]:
    """Per-seat net change from ``mahjong``'s cost dict."""
    cost = response.cost
    deltas = {0: 0, 1: 0, 2: 0, 3: 0}
    if ctx.self_drawn:
        for seat in range(4):
            if seat != ctx.seat_wind:
                deltas[seat] -= (
                    cost["main"] + cost["main_bonus"] if seat == 0 else cost["additional"] + cost["additional_bonus"]
                )
    else:
        deltas[ctx.payer] -= cost["main"] + cost["main_bonus"]
    deltas[ctx.seat_wind] = cost["total"]
    return deltas


def mahjong_score(hand: RandomWin, opts: RiichiOptions) -> tuple[int, int, dict[int, int]] | None:
    """(han, fu, payments) by ``mahjong``; fu 0 for a yakuman; None without a yaku."""
    response = mahjong_estimate(mahjong_call(hand, mahjong_rules(opts)))
    if response.error == HandCalculator.ERR_NO_YAKU:
        return None
    assert response.error is None, response.error
    yakuman = any(y.is_yakuman for y in response.yaku)
    return response.han, 0 if yakuman else response.fu, mahjong_payments(response, hand.context)
