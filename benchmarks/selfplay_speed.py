"""Self-play hands per CPU-second, this tree against an older one, on the same fixed seeds.

Each (variant, level) row runs ``run_selfplay`` with four bots of the level in
a fresh child process, once with this tree's code and once with the older
tree's (``--old-src``; by default the tree before issue 18's bot work,
extracted with ``git archive``), interleaved and alternating which goes first.
The child measures CPU time (``time.process_time``) around the self-play only,
not the imports.  Every run's summary (wins, draws, and per seat points, wins,
deal-ins, draws) must be the same in both trees: the faster bots make the same
decisions.  The ratio is new ÷ old hands per CPU-second, medians over the rounds; ``bots`` is
the share of the CPU time spent inside the bots' ``choose`` (the rest is the engine).

    .venv/bin/python benchmarks/selfplay_speed.py
    .venv/bin/python benchmarks/selfplay_speed.py --hands 60 --rounds 5 --levels easy,normal,strong
    .venv/bin/python benchmarks/selfplay_speed.py --old-src /tmp/old_sb   # an extracted tree
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASE_COMMIT = "f991b33"  # the bots before incremental hand evaluation

CHILD = """
import json, sys, time
from jantaku.engine import selfplay
variant, level, hands, seeds = sys.argv[1], sys.argv[2], int(sys.argv[3]), [int(s) for s in sys.argv[4].split(",")]
in_bots = [0.0]

class Timed:  # the CPU time spent in the bots' choices
    def __init__(self, bot):
        self.bot, self.name = bot, bot.name
    def choose(self, view, actions):
        start = time.process_time()
        try:
            return self.bot.choose(view, actions)
        finally:
            in_bots[0] += time.process_time() - start

plain_get_bot = selfplay.get_bot
selfplay.get_bot = lambda name: Timed(plain_get_bot(name))
cpu = 0.0
summaries = []
for seed in seeds:
    start = time.process_time()
    s = selfplay.run_selfplay(variant, hands=hands, seed=seed, bots=[level] * 4)
    cpu += time.process_time() - start
    seats = [[x["points"], x["wins"], x["deal_ins"], x["draws"]] for x in s["seats"]]
    summaries.append([s["hands"], s["wins"], s["draws"], seats, len(s["errors"])])
print(json.dumps({"cpu": cpu, "bots": in_bots[0], "hands": hands * len(seeds), "summaries": summaries}))
"""


@dataclass(frozen=True)
class Run:
    cpu: float
    bots: float  # of ``cpu``, in the bots' choices
    hands: int
    summaries: list

    @property
    def rate(self) -> float:
        return self.hands / self.cpu


def run_child(src: Path, variant: str, level: str, hands: int, seeds: str) -> Run:
    env = dict(os.environ, PYTHONPATH=str(src))
    out = subprocess.run(
        [sys.executable, "-c", CHILD, variant, level, str(hands), seeds],
        env=env,
        cwd=src,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    data = json.loads(out.strip().splitlines()[-1])
    return Run(data["cpu"], data["bots"], data["hands"], data["summaries"])


def extract_old_tree(target: Path) -> Path:
    """``BASE_COMMIT``'s tree extracted into ``target``."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", BASE_COMMIT], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", default="riichi,classical,hongkong")
    parser.add_argument("--levels", default="easy,strong")
    parser.add_argument("--hands", type=int, default=40, help="hands per seed")
    parser.add_argument("--seeds", default="100,200", help="comma-separated first match seeds")
    parser.add_argument("--rounds", type=int, default=3, help="old/new pairs per row (medians)")
    parser.add_argument("--old-src", help=f"an extracted older tree (default: git archive {BASE_COMMIT})")
    args = parser.parse_args(argv)
    if args.old_src:
        return compare(args, Path(args.old_src))
    with tempfile.TemporaryDirectory(prefix="jantaku-old-") as target:
        return compare(args, extract_old_tree(Path(target)))


def compare(args: argparse.Namespace, old: Path) -> int:
    """Print the rows; 0 when every row's results are identical in both trees."""
    print(f"self-play hands per CPU-second, new ({ROOT}) vs old ({old}); {args.hands} hands × seeds {args.seeds}")
    print(
        f"{'variant':<11}{'level':<8}{'old h/s':>9}{'new h/s':>9}{'ratio':>7}{'bots old':>10}{'bots new':>10}  results"
    )
    identical = True
    for variant in args.variants.split(","):
        for level in args.levels.split(","):
            old_rates, new_rates, old_share, new_share, same = [], [], [], [], True
            for i in range(args.rounds):
                order = [("old", old), ("new", ROOT)] if i % 2 == 0 else [("new", ROOT), ("old", old)]
                runs = {name: run_child(src, variant, level, args.hands, args.seeds) for name, src in order}
                old_rates.append(runs["old"].rate)
                new_rates.append(runs["new"].rate)
                old_share.append(runs["old"].bots / runs["old"].cpu)
                new_share.append(runs["new"].bots / runs["new"].cpu)
                same &= runs["old"].summaries == runs["new"].summaries
            identical &= same
            o, n = statistics.median(old_rates), statistics.median(new_rates)
            shares = f"{statistics.median(old_share):>10.0%}{statistics.median(new_share):>10.0%}"
            print(
                f"{variant:<11}{level:<8}{o:>9.2f}{n:>9.2f}{n / o:>7.2f}{shares}  {'identical' if same else 'DIFFERENT'}"
            )
            sys.stdout.flush()
    return 0 if identical else 1


if __name__ == "__main__":
    raise SystemExit(main())
