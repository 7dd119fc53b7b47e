"""Shanten and the winning-hand check: ours against the PyPI `mahjong` package on the same hands.

    python benchmarks/shanten.py [--hands 20000] [--repeats 5] [--seed 1]

Prints calls per second for both (median of the repeats, after one cold pass
that is reported separately), checks the results are identical, and prints
`ratio` lines (ours / theirs, higher is better).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mahjong.agari import Agari  # noqa: E402
from mahjong.shanten import Shanten  # noqa: E402

from jantaku.engine.analysis import is_complete, shanten  # noqa: E402


def random_hands(n: int, seed: int, size: int | None = None) -> list[list[int]]:
    rng = random.Random(seed)
    hands = []
    for _ in range(n):
        counts = [0] * 34
        for t in rng.sample(range(136), size or rng.choice((13, 14))):
            counts[t >> 2] += 1
        hands.append(counts)
    return hands


def complete_hands(n: int, seed: int) -> list[list[int]]:
    """Winning-check input: half complete hands, half complete-but-one-tile-changed."""
    rng = random.Random(seed)
    hands = []
    while len(hands) < n:
        counts = [0] * 34
        for _ in range(4):
            k = rng.randrange(34)
            if k < 27 and k % 9 <= 6 and rng.random() < 0.6:
                for d in (0, 1, 2):
                    counts[k + d] += 1
            else:
                counts[k] += 3
        counts[rng.randrange(34)] += 2
        if max(counts) > 4:
            continue
        if len(hands) % 2:
            src = rng.choice([k for k in range(34) if counts[k]])
            dst = rng.choice([k for k in range(34) if counts[k] < 4 and k != src])
            counts[src] -= 1
            counts[dst] += 1
        hands.append(counts)
    return hands


def timed(fn, hands) -> tuple[float, list]:
    start = time.perf_counter()
    out = [fn(h) for h in hands]
    return time.perf_counter() - start, out


def measure(name: str, ours, theirs, hands, repeats: int) -> None:
    cold, ours_out = timed(ours, hands)
    _, theirs_out = timed(theirs, hands)
    mismatches = sum(a != b for a, b in zip(ours_out, theirs_out))
    ours_t = statistics.median(timed(ours, hands)[0] for _ in range(repeats))
    theirs_t = statistics.median(timed(theirs, hands)[0] for _ in range(repeats))
    n = len(hands)
    print(f"{name}: {n} hands, identical results: {n - mismatches}/{n}")
    print(f"  ours   {n / ours_t:>12,.0f} calls/s (first, cold-cache pass {n / cold:,.0f} calls/s)")
    print(f"  mahjong{n / theirs_t:>12,.0f} calls/s")
    print(f"ratio {name} {theirs_t / ours_t:.2f}  (cold pass {theirs_t / cold:.2f})")
    if mismatches:
        raise SystemExit(f"{name}: {mismatches} results differ")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    calc, agari = Shanten(), Agari()
    measure("shanten", shanten, calc.calculate_shanten, random_hands(args.hands, args.seed), args.repeats)
    measure(
        "winning-hand check",
        lambda h: is_complete(h),
        lambda h: agari.is_agari(h),
        complete_hands(args.hands, args.seed),
        args.repeats,
    )


if __name__ == "__main__":
    main()
