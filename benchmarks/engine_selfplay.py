"""The engine alone: whole matches of random legal moves, a view built for every seat at each decision.

    python benchmarks/engine_selfplay.py [--matches 2] [--rounds 3] [--seed 1]
                                         [--variants riichi,classical,hongkong,sichuan] [--baseline-src DIR]

Each decision: ``pending()``, ``view(seat)`` for all four seats, then the lowest pending seat
plays a random legal action (a seeded ``random.Random`` per match, so the same engine plays the
same matches); a match ends after at most 16 hands (a hand counts once, when it ends; the four
``continue`` decisions between hands are decisions, not hands).  Each process plays one untimed match
first (imports done, lazily built tables warm, as in a host or a long self-play run).  Prints hands and decisions per CPU-second per variant.  With ``--baseline-src``
(an unpacked older commit: ``git archive f991b33 | tar -x -C /tmp/old_se``) the same matches
are also played by that tree's engine, in separate processes interleaved round by round with
ours, the match digests compared (same seeds must give the same matches) and the speed-up
printed as ``ratio``.  For riichi it also plays ``riichienv``'s random self-play (East-South,
red fives) in the same rounds, as-is and with every seat's observation built at each step, and
prints ours / riichienv (skipped with a message when riichienv is not installed:
``.venv/bin/pip install riichienv``, never a dependency).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

HERE = Path(__file__).resolve()


@dataclass
class Played:
    hands: int = 0
    decisions: int = 0
    seconds: float = 0.0  # CPU
    digest: str = ""

    def add(self, other: Played) -> None:
        self.hands += other.hands
        self.decisions += other.decisions
        self.seconds += other.seconds
        self.digest = hashlib.sha256((self.digest + other.digest).encode()).hexdigest()[:16]


# Random play rarely wins, and a classical match repeats a drawn hand: thousands of hands a match.
MAX_HANDS = 16


def play_ours(variant: str, matches: int, seed: int, *, warm_up: bool = True) -> Played:
    from jantaku.engine.match import Match
    from jantaku.engine.ruleset import get_ruleset

    ruleset = get_ruleset(variant)  # imports the variant: not timed
    if warm_up:  # one match first: the lazily built tables (shanten) are then as in a long-running process
        play_ours(variant, 1, seed + 999_999, warm_up=False)
    played = Played()
    digest = hashlib.sha256()
    start = time.process_time()
    for g in range(matches):
        match = Match(ruleset, seed + g)
        rng = random.Random(seed + g)
        hands = 0
        while not match.is_over:
            pending = match.pending()
            for s in range(4):
                match.view(s)
            seat = min(pending)
            in_play = match.phase == "play"
            match.act(seat, rng.choice(pending[seat]))
            played.decisions += 1
            # A hand is counted when it ends (play -> between or over), not at each of the
            # four "continue" decisions between hands (those counted one hand four times).
            if in_play and match.phase != "play":
                hands += 1
                if hands >= MAX_HANDS:
                    break
        played.hands += hands
        digest.update(repr((match.scores, len(match.record_.decisions), match.record_.decisions[-20:])).encode())
    played.seconds = time.process_time() - start
    played.digest = digest.hexdigest()[:16]
    return played


def play_riichienv(matches: int, seed: int, all_views: bool) -> Played:
    from riichienv import RiichiEnv

    played = Played()
    start = time.process_time()
    for g in range(matches):
        env = RiichiEnv(game_mode="4p-red-half", seed=seed + g)
        obs = env.reset()
        rng = random.Random(seed + g)
        while not env.done():
            if all_views:
                env.get_observations([0, 1, 2, 3])
            obs = env.step({pid: rng.choice(o.legal_actions()) for pid, o in obs.items()})
            played.decisions += 1
        played.hands += sum(1 for e in env.mjai_log if e["type"] == "start_kyoku")
    played.seconds = time.process_time() - start
    return played


def worker(args: argparse.Namespace) -> None:
    """One measurement in this process; prints a JSON Played."""
    if args.peer == "ours":
        result = play_ours(args.variant, args.matches, args.seed)
    else:
        result = play_riichienv(args.matches, args.seed, args.peer == "riichienv-views")
    print(json.dumps(asdict(result)))


def run(peer: str, variant: str, matches: int, seed: int, src: Path | None) -> Played:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(src if src else HERE.parents[1])
    cmd = [sys.executable, str(HERE), "--worker", peer, "--variant", variant, "--matches", str(matches)]
    out = subprocess.run([*cmd, "--seed", str(seed)], env=env, capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(f"{peer} {variant} ({src or 'this tree'}) failed:\n{out.stderr}")
    return Played(**json.loads(out.stdout.strip().splitlines()[-1]))


def has_riichienv() -> bool:
    try:
        import riichienv  # noqa: F401
    except ImportError:
        print("skipped riichienv: not installed (.venv/bin/pip install riichienv)")
        return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=2, help="matches per variant and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variants", default="riichi,classical,hongkong,sichuan")
    parser.add_argument("--baseline-src", type=Path, help="an older source tree to compare with")
    parser.add_argument("--worker", choices=["ours", "riichienv", "riichienv-views"], dest="peer")
    parser.add_argument("--variant", default="riichi")
    args = parser.parse_args()
    if args.peer:
        worker(args)
        return
    variants = args.variants.split(",")
    peers = ["riichienv", "riichienv-views"] if "riichi" in variants and has_riichienv() else []
    totals: dict[tuple[str, str], Played] = {}
    for r in range(args.rounds):
        seed = args.seed + 1000 * r
        for variant in variants:
            runs = [("ours", None)] + ([("baseline", args.baseline_src)] if args.baseline_src else [])
            for name, src in runs if r % 2 == 0 else runs[::-1]:
                totals.setdefault((variant, name), Played()).add(run("ours", variant, args.matches, seed, src))
            if variant == "riichi":
                for peer in peers:
                    totals.setdefault((variant, peer), Played()).add(run(peer, variant, args.matches, seed, None))
    print(f"{args.rounds} rounds x {args.matches} matches per variant, random legal moves, CPU time")
    for (variant, name), p in totals.items():
        views = "views for every seat" if name != "riichienv" else "observations of the acting seats only"
        print(
            f"  {variant:10s}{name:16s}{p.hands:6d} hands {p.hands / p.seconds:8.1f} hands/s"
            f" {p.decisions / p.seconds:9.0f} decisions/s  digest {p.digest}  ({views})"
        )
    for variant in variants:
        ours = totals[(variant, "ours")]
        if (variant, "baseline") in totals:
            base = totals[(variant, "baseline")]
            same = "same matches" if base.digest == ours.digest else "MATCHES DIFFER"
            print(
                f"ratio {variant} ours/baseline {ours.hands / ours.seconds / (base.hands / base.seconds):.2f} ({same})"
            )
        for peer in peers if variant == "riichi" else []:
            p = totals[(variant, peer)]
            print(
                f"ratio {variant} ours/{peer} {ours.hands / ours.seconds / (p.hands / p.seconds):.3f} hands/s,"
                f" {ours.decisions / ours.seconds / (p.decisions / p.seconds):.3f} decisions/s"
            )


if __name__ == "__main__":
    main()
