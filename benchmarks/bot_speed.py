"""Decision time of every bot level in every variant: median and 99th percentile.

Four bots of one level play seeded hands; every decision that offered a real
choice (more than one legal action) is timed.  The budget for a host with
many tables: median ≤ 5 ms, p99 ≤ 50 ms.  The machine is shared and noisy,
so compare medians.

    .venv/bin/python benchmarks/bot_speed.py
    .venv/bin/python benchmarks/bot_speed.py --hands 40 --levels strong
    .venv/bin/python benchmarks/bot_speed.py --evaluation 50000

``--evaluation N`` instead compares the bots' incremental hand evaluation
(:class:`jantaku.engine.bots.incremental.HandShape`) with the functions it replaced
(``tests/bots/reference_efficiency.py``) on N random 14-tile hands of the test's kinds: every
discard's shanten and useful tiles must be equal; both are timed (CPU seconds).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from jantaku.engine.bots import get_bot
from jantaku.engine.bots.arena import play_hand
from jantaku.engine.ruleset import get_ruleset, ruleset_names

VARIANTS = [v for v in ("classical", "hongkong", "riichi", "sichuan") if v in ruleset_names()]
MEDIAN_BUDGET_MS = 5.0
P99_BUDGET_MS = 50.0


def decision_times(variant: str, level: str, hands: int, seed: int) -> list[float]:
    """Seconds per decision with a real choice, over ``hands`` hands of four ``level`` bots."""
    rs = get_ruleset(variant)
    bot = get_bot(level)
    times: list[float] = []
    for s in range(seed, seed + hands):
        play_hand(
            rs.new_table(seed=s),
            [bot] * 4,
            on_decision=lambda seat, b, seconds, choices: times.append(seconds) if choices > 1 else None,
        )
    return times


def compare_evaluation(hands: int) -> bool:
    """Every discard of ``hands`` random hands: the incremental answers against the reference's."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from jantaku.engine.bots.incremental import HandShape
    from tests.bots import reference_efficiency as ref
    from tests.bots.test_incremental import random_cases

    cases = list(random_cases(7, 1, hands))
    start = time.process_time()
    expected = [ref.discard_table(counts, melds, **forms) for counts, melds, forms in cases]
    old = time.process_time() - start
    start = time.process_time()
    got = []
    for counts, melds, forms in cases:
        shape = HandShape(counts, melds, **forms)
        got.append({k: (shape.shanten_after_discard(k), shape.useful_after_discard(k)) for k in range(34) if counts[k]})
    new = time.process_time() - start
    same = got == expected
    print(f"{hands} hands, every discard: reference {old:.2f} s, incremental {new:.2f} s, ratio {old / new:.1f}")
    print("identical" if same else "DIFFERENT")
    return same


def percentile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--levels", default="easy,normal,strong")
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--evaluation", type=int, metavar="N", help="compare the hand evaluation on N random hands")
    args = parser.parse_args(argv)
    if args.evaluation:
        return 0 if compare_evaluation(args.evaluation) else 1
    print(
        f"decision time per bot level, {args.hands} hands of four bots each "
        f"(budget: median ≤ {MEDIAN_BUDGET_MS} ms, p99 ≤ {P99_BUDGET_MS} ms)"
    )
    print(f"{'variant':<12}{'level':<9}{'decisions':>10}{'median ms':>11}{'p99 ms':>9}{'max ms':>9}  budget")
    within = True
    for variant in args.variants.split(","):
        for level in args.levels.split(","):
            times = sorted(decision_times(variant, level, args.hands, args.seed))
            median, p99 = statistics.median(times) * 1000, percentile(times, 0.99) * 1000
            ok = median <= MEDIAN_BUDGET_MS and p99 <= P99_BUDGET_MS
            within &= ok
            print(
                f"{variant:<12}{level:<9}{len(times):>10}{median:>11.2f}{p99:>9.2f}{times[-1] * 1000:>9.1f}"
                f"  {'ok' if ok else 'OVER'}"
            )
            sys.stdout.flush()
    return 0 if within else 1


if __name__ == "__main__":
    raise SystemExit(main())
