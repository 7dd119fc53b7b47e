"""One bot against three baseline bots, per variant, over seeded duplicate deals.

Each deal (one shuffled wall) is played four times with the tested bot in
seat 0, 1, 2 and 3 and the baseline (``easy``) in the other seats, so the
luck of the wall cancels out.  Reported per variant: the tested bot's points
per hand minus the baseline seats' mean (with a 95% confidence interval),
its average placement within each hand (1 = the best delta; ties share), and
its win and deal-in rates next to the baseline's.

    .venv/bin/python benchmarks/bot_strength.py                      # strong, 200 deals per variant
    .venv/bin/python benchmarks/bot_strength.py --bot normal --deals 100 --variants classical
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from jantaku.engine.bots import get_bot
from jantaku.engine.bots.arena import duplicate_deal, mean_ci95
from jantaku.engine.ruleset import ruleset_names

VARIANTS = [v for v in ("classical", "hongkong", "riichi", "sichuan") if v in ruleset_names()]


def placement(points: int, others: list[int]) -> float:
    """1-4 within one hand; ties share the places they span."""
    above = sum(1 for o in others if o > points)
    ties = sum(1 for o in others if o == points)
    return 1 + above + ties / 2


def measure(variant: str, bot: str, deals: int, seed: int, preset: str | None) -> dict:
    tested, baseline = get_bot(bot), get_bot("easy")
    edges, places, wins, deal_ins, base_wins, base_deal_ins = [], [], 0, 0, 0.0, 0.0
    start = time.perf_counter()
    for s in range(seed, seed + deals):
        deal = duplicate_deal(variant, s, tested, baseline, preset=preset)
        edges.append(deal.edge)
        for mine, others in zip(deal.tested, deal.others):
            places.append(placement(mine.points, [o.points for o in others]))
            wins += mine.won
            deal_ins += mine.dealt_in
            base_wins += sum(o.won for o in others) / 3
            base_deal_ins += sum(o.dealt_in for o in others) / 3
    hands = 4 * deals
    edge, half = mean_ci95(edges)
    place, place_half = mean_ci95(places)
    return {
        "variant": variant,
        "preset": preset,
        "bot": bot,
        "deals": deals,
        "edge": edge,
        "ci95": half,
        "placement": place,
        "placement_ci95": place_half,
        "win": wins / hands,
        "deal_in": deal_ins / hands,
        "baseline_win": base_wins / hands,
        "baseline_deal_in": base_deal_ins / hands,
        "seconds": round(time.perf_counter() - start, 1),
        "points_sd": round(statistics.stdev(edges), 1) if len(edges) > 1 else 0.0,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="strong")
    parser.add_argument("--deals", type=int, default=200, help="duplicate deals per variant (4 hands each)")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--preset", default=None, help="a preset for every variant named")
    args = parser.parse_args(argv)
    print(f"{args.bot} against three 'easy' bots, {args.deals} duplicate deals (x4 seatings) per variant")
    print(
        f"{'variant':<12}{'edge/hand':>12}{'±95%':>9}{'place':>7}{'±95%':>7}"
        f"{'win':>7}{'base':>7}{'deal-in':>9}{'base':>7}{'sec':>7}"
    )
    for variant in args.variants.split(","):
        r = measure(variant, args.bot, args.deals, args.seed, args.preset)
        print(
            f"{variant:<12}{r['edge']:>12.2f}{r['ci95']:>9.2f}{r['placement']:>7.2f}{r['placement_ci95']:>7.2f}"
            f"{r['win']:>7.3f}{r['baseline_win']:>7.3f}{r['deal_in']:>9.3f}{r['baseline_deal_in']:>7.3f}"
            f"{r['seconds']:>7.0f}"
        )
        sys.stdout.flush()
    print(
        "edge: the tested bot's points per hand minus the baseline seats' mean (same walls, seats rotated);"
        " place: its average rank by points within a hand (2.5 = even)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
