"""How long a review of one whole match takes: CPU seconds, and the ratio to the match's own self-play.

Usage: python benchmarks/review.py [MATCHES] [SEED] [--variants riichi,classical,hongkong,sichuan]

For each variant, MATCHES seeded whole matches are played by four bots (seat 0
``easy``, the others ``strong``: seat 0's review then has differences to
explain), timed in CPU seconds (``time.process_time``); then seat 0 and seat 1
are reviewed by the ``strong`` bot, also in CPU seconds.  The goal (issue 17):
a whole riichi match reviewed in at most 5 s of CPU.  Seat 1 played ``strong``
itself, so its match rate must be 100%.
"""

from __future__ import annotations

import argparse
import statistics
import time

from jantaku.engine.bots import get_bot
from jantaku.engine.match import Match
from jantaku.engine.review import review_match
from jantaku.engine.ruleset import get_ruleset

BOTS = ("easy", "strong", "strong", "strong")
GOAL_SECONDS = 5.0


def play(ruleset: str, seed: int) -> tuple[Match, float]:
    players = [get_bot(name) for name in BOTS]
    match = Match(get_ruleset(ruleset), seed)
    start = time.process_time()
    while not match.is_over:
        seat, actions = min(match.pending().items())
        match.act(seat, players[seat].choose(match.view(seat), actions))
    return match, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("matches", nargs="?", type=int, default=5)
    parser.add_argument("seed", nargs="?", type=int, default=1)
    parser.add_argument("--variants", default="riichi,classical,hongkong,sichuan")
    args = parser.parse_args()
    print(
        f"{'variant':10} {'seed':>5} {'hands':>5} {'decisions':>9} {'play s':>7} {'review s':>9} {'ratio':>6}"
        f" {'rate s0':>8} {'rate s1':>8}"
    )
    worst: dict[str, float] = {}
    for variant in args.variants.split(","):
        reviews = []
        for seed in range(args.seed, args.seed + args.matches):
            match, played = play(variant, seed)
            start = time.process_time()
            easy_seat = review_match(match.record(), 0, "strong")
            seconds = time.process_time() - start
            own_seat = review_match(match.record(), 1, "strong")
            assert own_seat.match_rate == 1.0, (variant, seed, own_seat.match_rate)
            reviews.append(seconds)
            print(
                f"{variant:10} {seed:5} {len(match.results):5} {len(easy_seat.entries):9} {played:7.2f}"
                f" {seconds:9.2f} {seconds / played:6.2f} {easy_seat.match_rate:8.1%} {own_seat.match_rate:8.1%}"
            )
        worst[variant] = max(reviews)
        print(f"{variant:10} median review {statistics.median(reviews):.2f} s CPU, worst {max(reviews):.2f} s")
    if "riichi" in worst:
        verdict = "within" if worst["riichi"] <= GOAL_SECONDS else "OVER"
        print(f"riichi: worst whole-match review {worst['riichi']:.2f} s CPU, {verdict} the {GOAL_SECONDS:.0f} s goal")


if __name__ == "__main__":
    main()
