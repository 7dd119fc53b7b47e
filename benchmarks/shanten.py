"""Shanten and the winning-hand check: ours against the PyPI `mahjong`, `xiangting` and `riichienv`
packages on the same hands.

    python benchmarks/shanten.py [--hands 60000] [--repeats 3] [--seed 1]

Prints calls per CPU-second for each (median of the repeats, interleaved so that all see the same
load; ours also after one cold-cache pass, reported separately), checks the results are
identical, and prints `ratio` lines (ours / theirs in speed, higher is better: 0.5 means the
peer is twice as fast).  Each peer's input is prepared before the clock starts (riichienv takes
tile ids).  A peer that is not installed is skipped with a message; install them into the
venv only for this (`.venv/bin/pip install mahjong xiangting riichienv`), never as dependencies.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

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


def tile_ids(counts: list[int]) -> list[int]:
    return [4 * k + copy for k, c in enumerate(counts) for copy in range(c)]


@dataclass
class Peer:
    name: str
    call: Callable[[Any], Any]
    prepare: Callable[[list[int]], Any] = lambda counts: counts


def load_peer(name: str, make: Callable[[Any], Peer]) -> Peer | None:
    try:
        module = importlib.import_module(name)
    except ImportError:
        print(f"skipped {name}: not installed (.venv/bin/pip install {name})")
        return None
    return make(module)


def shanten_peers() -> list[Peer]:
    peers = [
        load_peer("mahjong.shanten", lambda m: Peer("mahjong", m.Shanten().calculate_shanten)),
        load_peer(
            "xiangting",
            lambda m: Peer("xiangting", lambda h, f=m.calculate_replacement_number, p=m.PlayerCount.FOUR: f(h, p) - 1),
        ),
        load_peer("riichienv", lambda m: Peer("riichienv", m.calculate_shanten, tile_ids)),
    ]
    return [p for p in peers if p]


def winning_check_peers() -> list[Peer]:
    peers = [
        load_peer("mahjong.agari", lambda m: Peer("mahjong", m.Agari().is_agari)),
        # riichienv has no separate check: shanten -1 is complete (all three forms, as ours by default)
        load_peer("riichienv", lambda m: Peer("riichienv", lambda ids, f=m.calculate_shanten: f(ids) == -1, tile_ids)),
    ]
    return [p for p in peers if p]


def timed(fn: Callable[[Any], Any], inputs: list) -> tuple[float, list]:
    # CPU time: the machine is shared, wall time would count the others' turns
    start = time.process_time()
    out = [fn(h) for h in inputs]
    return time.process_time() - start, out


def measure(
    name: str, ours: Callable[[list[int]], Any], peers: list[Peer], hands: list[list[int]], repeats: int
) -> None:
    n = len(hands)
    cold, ours_out = timed(ours, hands)
    inputs = {p.name: [p.prepare(h) for h in hands] for p in peers}
    mismatches = {}
    for p in peers:
        _, theirs_out = timed(p.call, inputs[p.name])
        mismatches[p.name] = sum(a != b for a, b in zip(ours_out, theirs_out))
    times: dict[str, list[float]] = {"ours": [], **{p.name: [] for p in peers}}
    for _ in range(repeats):
        times["ours"].append(timed(ours, hands)[0])
        for p in peers:
            times[p.name].append(timed(p.call, inputs[p.name])[0])
    ours_t = statistics.median(times["ours"])
    print(f"{name}: {n} hands")
    print(f"  {'ours':10s}{n / ours_t:>12,.0f} calls/s (first, cold-cache pass {n / cold:,.0f} calls/s)")
    for p in peers:
        t = statistics.median(times[p.name])
        print(f"  {p.name:10s}{n / t:>12,.0f} calls/s, identical results: {n - mismatches[p.name]}/{n}")
    for p in peers:
        print(f"ratio {name} vs {p.name} {statistics.median(times[p.name]) / ours_t:.2f}")
    wrong = {k: v for k, v in mismatches.items() if v}
    if wrong:
        raise SystemExit(f"{name}: results differ: {wrong}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=60000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    measure("shanten", shanten, shanten_peers(), random_hands(args.hands, args.seed), args.repeats)
    measure(
        "winning-hand check",
        lambda h: is_complete(h),
        winning_check_peers(),
        complete_hands(args.hands, args.seed),
        args.repeats,
    )


if __name__ == "__main__":
    main()
