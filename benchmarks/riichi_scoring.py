"""Riichi scoring speed: our scorer and the PyPI ``mahjong`` package on the same random wins.

Usage: python benchmarks/riichi_scoring.py [HANDS] [SEED] [PRESET] [--json]

With ``--json`` ours goes through the calculator's JSON entry point, ``score_json("riichi",
request)`` (what ``jantaku score`` does per line: the request checked, the hand's notation
parsed, the options resolved), for the same hands written as ``../shared/CALCULATOR.md``
requests; each result is compared with ``score_win``'s on the hand as built (all must agree).

Also times ``riichienv`` (Rust) on the same hands when it is installed (``.venv/bin/pip install
riichienv``, never a dependency) and counts where its han and fu agree with ours (the two differ
on a few rule details: a yakuman's han, kazoe); ``xiangting`` has no scorer (shanten only).

Both scorers get their inputs prepared before the clock starts (tile lists,
melds, configs).  Each round scores a fresh set of hands, so neither library
profits from having seen a hand before (both memoise hand shapes, which real
play does repeat); a warm-up set comes first.  Hands without a yaku are timed
too (both must find that out).  Prints hands/s for each (all rounds together)
and ``ratio`` = ours / mahjong in speed (also ours / riichienv), in CPU time.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repository, for tests.riichi

from jantaku.engine.calculator import score_json  # noqa: E402
from jantaku.engine.melds import HandSpec, format_hand  # noqa: E402
from jantaku.engine.rulesets.riichi import riichi_options, score_win  # noqa: E402
from jantaku.engine.tiles import RED_FIVE_IDS, format_tiles  # noqa: E402
from tests.riichi.riichi_oracle import mahjong_call, mahjong_estimate, mahjong_rules, random_win  # noqa: E402

ROUNDS = 3
WARM_UP = 500
CHUNK = 250


def timed(run, args: list) -> float:
    start = time.process_time()  # CPU time: the machine is shared
    run(args)
    return time.process_time() - start


_FLAGS = {
    "riichi": "riichi",
    "double_riichi": "double_riichi",
    "ippatsu": "ippatsu",
    "last_tile": "last_tile",
    "rinshan": "replacement",
    "chankan": "robbed_kong",
    "first_turn": "first_turn",
}
_WINDS = "ESWN"


def json_request(h, preset: str) -> dict:
    """The calculator request (``../shared/CALCULATOR.md``) for a random win."""
    ctx = h.context
    request = {
        "hand": format_hand(HandSpec(sorted(h.concealed), h.melds, [])),
        "win": format_tiles([h.win]) if h.win in RED_FIVE_IDS else format_tiles([h.win], red_fives=False),
        "by": "self" if ctx.self_drawn else "discard",
        "seat": _WINDS[ctx.seat_wind],
        "round": _WINDS[ctx.round_wind],
        "flags": [name for field, name in _FLAGS.items() if getattr(ctx, field)],
        "dora": format_tiles(ctx.dora_indicators),
        "ura": format_tiles(ctx.ura_indicators),
        "honba": ctx.honba,
        "sticks": ctx.sticks,
        "preset": preset,
    }
    if ctx.discarder is not None:
        request["from"] = _WINDS[ctx.discarder]
    return request


def riichienv_peer():
    """(prepare one hand's call, run a list of calls), or None when riichienv is not installed."""
    try:
        import riichienv._riichienv as rc
    except ImportError:
        print("skipped riichienv: not installed (.venv/bin/pip install riichienv)")
        return None
    from jantaku.engine.melds import MeldType

    kinds = {
        MeldType.CHI: rc.MeldType.Chi,
        MeldType.PON: rc.MeldType.Pon,
        MeldType.KAN: rc.MeldType.Daiminkan,
        MeldType.ANKAN: rc.MeldType.Ankan,
        MeldType.KAKAN: rc.MeldType.Kakan,
    }
    winds = [rc.Wind.East, rc.Wind.South, rc.Wind.West, rc.Wind.North]

    def prepare(h) -> tuple:
        ctx = h.context
        melds = [rc.Meld(kinds[m.type], sorted(m.tiles), m.type is not MeldType.ANKAN, -1) for m in h.melds]
        conditions = rc.Conditions(
            tsumo=ctx.self_drawn,
            riichi=ctx.riichi or ctx.double_riichi,
            double_riichi=ctx.double_riichi,
            ippatsu=ctx.ippatsu,
            haitei=ctx.last_tile and ctx.self_drawn,
            houtei=ctx.last_tile and not ctx.self_drawn,
            rinshan=ctx.rinshan,
            chankan=ctx.chankan,
            tsumo_first_turn=ctx.first_turn,
            player_wind=winds[ctx.seat_wind],
            round_wind=winds[ctx.round_wind],
            riichi_sticks=ctx.sticks,
            honba=ctx.honba,
        )
        return sorted(h.concealed), melds, h.win, list(ctx.dora_indicators), list(ctx.ura_indicators), conditions

    def run(calls: list) -> list:
        return [rc.HandEvaluator(t, m).calc(w, d, u, c) for t, m, w, d, u, c in calls]

    return prepare, run


def main() -> None:
    as_json = "--json" in sys.argv
    argv = [a for a in sys.argv if a != "--json"]
    n = int(argv[1]) if len(argv) > 1 else 5000
    seed = int(argv[2]) if len(argv) > 2 else 1
    preset = argv[3] if len(argv) > 3 else "tenhou"
    rng = random.Random(seed)
    options = riichi_options(preset)
    rules = mahjong_rules(options)

    def ours_args_for(hands: list) -> list:
        return json_args(hands) if as_json else [(h.concealed, h.melds, h.win, h.context) for h in hands]

    def prepare(count: int) -> tuple[list, list]:
        hands = [random_win(rng) for _ in range(count)]
        return (ours_args_for(hands), [mahjong_call(h, rules) for h in hands])

    def ours(args: list) -> None:
        for concealed, melds, win, context in args:
            score_win(concealed, melds, win, context, options)

    def ours_json(args: list) -> None:
        for request in args:
            score_json("riichi", request)

    def json_args(hands: list) -> list:
        requests = [json_request(h, preset) for h in hands]
        for h, request in zip(hands, requests):  # the JSON entry point must give score_win's result
            direct = score_win(h.concealed, h.melds, h.win, h.context, options).to_json()
            if score_json("riichi", request) != direct:
                raise SystemExit(f"score_json differs from score_win on {request}")
        return requests

    def theirs(args: list) -> None:
        for call in args:
            mahjong_estimate(call)

    peer = riichienv_peer()
    print("skipped xiangting: it has no scorer (shanten only)")
    ours_run = ours_json if as_json else ours
    warm_ours, warm_theirs = prepare(WARM_UP)
    ours_run(warm_ours)
    theirs(warm_theirs)
    ours_time = theirs_time = rv_time = 0.0
    agree = differ = 0
    for _ in range(ROUNDS):
        hands = [random_win(rng) for _ in range(n)]
        ours_args = ours_args_for(hands)
        theirs_args = [mahjong_call(h, rules) for h in hands]
        rv_args = [peer[0](h) for h in hands] if peer else []
        # alternate in small chunks so that all see the same load on a shared machine
        for i in range(0, n, CHUNK):
            theirs_time += timed(theirs, theirs_args[i : i + CHUNK])
            ours_time += timed(ours_run, ours_args[i : i + CHUNK])
            if peer:
                rv_time += timed(peer[1], rv_args[i : i + CHUNK])
        if peer:
            for h, rv in zip(hands, peer[1](rv_args)):
                concealed, melds, win, context = h.concealed, h.melds, h.win, h.context
                result = score_win(concealed, melds, win, context, options)
                if result.is_win and rv.is_win:
                    same = (result.values.get("han"), result.values.get("fu")) == (rv.han, 0 if rv.yakuman else rv.fu)
                else:
                    same = result.is_win == rv.is_win
                agree += same
                differ += not same
    total = n * ROUNDS
    print(f"hands: {total} in {ROUNDS} rounds of fresh hands (seed {seed}, preset {preset}), CPU time")
    print(f"mahjong: {total / theirs_time:,.0f} hands/s")
    if peer:
        print(
            f"riichienv: {total / rv_time:,.0f} hands/s, same win/no-win and han/fu as ours: {agree}/{agree + differ}"
        )
    print(f"ours{' (score_json)' if as_json else ''}: {total / ours_time:,.0f} hands/s")
    print(f"ratio: {theirs_time / ours_time:.2f}")
    if peer:
        print(f"ratio ours/riichienv: {rv_time / ours_time:.3f}")


if __name__ == "__main__":
    main()
