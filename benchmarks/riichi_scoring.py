"""Riichi scoring speed: our scorer and the PyPI ``mahjong`` package on the same random wins.

Usage: python benchmarks/riichi_scoring.py [HANDS] [SEED] [PRESET]

Both scorers get their inputs prepared before the clock starts (tile lists,
melds, configs).  Each round scores a fresh set of hands, so neither library
profits from having seen a hand before (both memoise hand shapes, which real
play does repeat); a warm-up set comes first.  Hands without a yaku are timed
too (both must find that out).  Prints hands/s for each (all rounds together)
and ``ratio`` = ours / mahjong.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repository, for tests.riichi

from jantaku.engine.rulesets.riichi import riichi_options, score_win  # noqa: E402
from tests.riichi.riichi_oracle import mahjong_call, mahjong_estimate, mahjong_rules, random_win  # noqa: E402

ROUNDS = 3
WARM_UP = 500
CHUNK = 250


def timed(run, args: list) -> float:
    start = time.perf_counter()
    run(args)
    return time.perf_counter() - start


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    preset = sys.argv[3] if len(sys.argv) > 3 else "tenhou"
    rng = random.Random(seed)
    options = riichi_options(preset)
    rules = mahjong_rules(options)

    def prepare(count: int) -> tuple[list, list]:
        hands = [random_win(rng) for _ in range(count)]
        return ([(h.concealed, h.melds, h.win, h.context) for h in hands], [mahjong_call(h, rules) for h in hands])

    def ours(args: list) -> None:
        for concealed, melds, win, context in args:
            score_win(concealed, melds, win, context, options)

    def theirs(args: list) -> None:
        for call in args:
            mahjong_estimate(call)

    warm_ours, warm_theirs = prepare(WARM_UP)
    ours(warm_ours)
    theirs(warm_theirs)
    ours_time = theirs_time = 0.0
    for _ in range(ROUNDS):
        ours_args, theirs_args = prepare(n)
        # alternate in small chunks so that both see the same load on a shared machine
        for i in range(0, n, CHUNK):
            theirs_time += timed(theirs, theirs_args[i : i + CHUNK])
            ours_time += timed(ours, ours_args[i : i + CHUNK])
    total = n * ROUNDS
    print(f"hands: {total} in {ROUNDS} rounds of fresh hands (seed {seed}, preset {preset})")
    print(f"mahjong: {total / theirs_time:,.0f} hands/s")
    print(f"ours: {total / ours_time:,.0f} hands/s")
    print(f"ratio: {theirs_time / ours_time:.2f}")


if __name__ == "__main__":
    main()
