"""Whole riichi games between bots: how fast the engine plays them headless.

Usage: python benchmarks/riichi_selfplay.py [GAMES] [SEED] [BOT]

Plays GAMES East-South games (four BOT players, default ``riichi``) and prints
games/s and hands/s, with the mean hands per game and any errors.
"""

from __future__ import annotations

import sys
import time

import jantaku.engine.rulesets.riichi  # noqa: F401  (registers the riichi bot)
from jantaku.engine.bots import get_bot
from jantaku.engine.match import Match
from jantaku.engine.ruleset import get_ruleset
from jantaku.engine.selfplay import play_match_hands


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    bot = sys.argv[3] if len(sys.argv) > 3 else "riichi"
    bots = [get_bot(bot) for _ in range(4)]
    stats = {
        "wins": 0,
        "draws": 0,
        "turns": 0,
        "seats": [{"points": 0, "wins": 0, "deal_ins": 0, "draws": 0} for _ in range(4)],
    }
    hands = 0
    start = time.perf_counter()
    for g in range(games):
        match = Match(get_ruleset("riichi"), seed + g)
        hands += play_match_hands(match, bots, 10_000, stats)
        assert match.is_over
    seconds = time.perf_counter() - start
    print(f"games: {games} ({bot} bots), hands: {hands} ({hands / games:.1f} per game)")
    print(f"seconds per game: {seconds / games:.2f}")
    print(f"games/s: {games / seconds:.2f}")
    print(f"hands/s: {hands / seconds:.1f}")


if __name__ == "__main__":
    main()
