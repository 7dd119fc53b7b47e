"""Actions created and hashed, compared and sorted per CPU-second (the engine makes them at every decision).

    python benchmarks/actions.py [--rounds 5] [--baseline-src DIR]

With ``--baseline-src`` (an unpacked older commit: ``git archive f991b33 | tar -x -C /tmp/old_se``)
the same loops also run on that tree's actions, in separate processes alternating with ours, and
``ratio`` lines print ours / baseline (higher is better).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve()


def measure() -> dict[str, float]:
    from jantaku.engine.actions import Action, Chi, Discard, Pass, Pon

    tiles = range(136)
    start = time.process_time()
    for _ in range(100):
        for t in tiles:
            hash(Discard(t))
            hash(Chi(t, (t, t)))
            hash(Pass())
    create_hash = 100 * 136 * 3 / (time.process_time() - start)
    legal = [Discard(t) for t in range(0, 136, 10)] + [Pon(3, (1, 2)), Pass()]
    again = [Discard(t) for t in range(0, 136, 10)] + [Pon(3, (1, 2)), Pass()]
    start = time.process_time()
    for _ in range(300):
        for a in again:
            a in legal  # noqa: B015 (the membership test is what is timed)
    compare = 300 * len(again) / (time.process_time() - start)
    start = time.process_time()
    for _ in range(1000):
        tuple(sorted(set(legal), key=Action.sort_key))
    sort = 1000 / (time.process_time() - start)
    return {"create+hash/s": create_hash, "`in` a legal list/s": compare, "legal lists sorted/s": sort}


def run(src: Path | None) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(src or HERE.parents[1]))
    out = subprocess.run([sys.executable, str(HERE), "--worker"], env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--baseline-src", type=Path)
    parser.add_argument("--worker", action="store_true")
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(measure()))
        return
    runs: dict[str, list[dict[str, float]]] = {"ours": [], "baseline": []}
    for _ in range(args.rounds):
        runs["ours"].append(run(None))
        if args.baseline_src:
            runs["baseline"].append(run(args.baseline_src))
    for name, results in runs.items():
        if results:
            medians = {k: statistics.median(r[k] for r in results) for k in results[0]}
            print(f"{name:9s}" + "  ".join(f"{k} {v:,.0f}" for k, v in medians.items()))
    if runs["baseline"]:
        for k in runs["ours"][0]:
            ours = statistics.median(r[k] for r in runs["ours"])
            base = statistics.median(r[k] for r in runs["baseline"])
            print(f"ratio {k} ours/baseline {ours / base:.2f}")


if __name__ == "__main__":
    main()
