"""Whole matches in the mjai package's own game loop (libriichi's arena, as its Simulator runs it), docker-free.

Run with .venv-mjai's python: arena_match.py SEED LOGDIR CMD0 CMD1 CMD2 CMD3 (each command a JSON list of
argv, ``{seat}`` replaced).  The package's Simulator starts each bot in a docker container and talks to it
over HTTP; here each bot is a subprocess behind the same ``DockerMjaiLogEngine`` agent (the package's
client-side piece that masks hidden tiles and batches the events), so the loop, the masking and the
validation are the package's.  Prints one JSON line: the final scores, the kyoku count, and the error
draws (libriichi ends a kyoku with ``ryukyoku`` reason ``error`` on an invalid action).
Test-only (the mjai package is AGPL).
"""

import gzip
import json
import subprocess
import sys
from pathlib import Path

from loguru import logger
from mjai.engine import DockerMjaiLogEngine
from mjai.mlibriichi.arena import Match

logger.remove()


class ProcessPlayer:
    """What DockerMjaiLogEngine needs of a player (``react``), over a subprocess's stdin/stdout."""

    def __init__(self, argv: list[str], stderr, transcript):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr)
        self.transcript = transcript

    def react(self, events: str) -> str:
        self.transcript.write(events + "\n")
        self.transcript.flush()
        self.proc.stdin.write((events + "\n").encode())
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the bot exited")
        return line.decode().strip()

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(10)


def main() -> None:
    seed, log_dir = int(sys.argv[1]), Path(sys.argv[2])
    log_dir.mkdir(parents=True, exist_ok=True)
    players = []
    for seat, spec in enumerate(sys.argv[3:7]):
        argv = [a.replace("{seat}", str(seat)) for a in json.loads(spec)]
        players.append(
            ProcessPlayer(argv, (log_dir / f"player{seat}.stderr").open("wb"), (log_dir / f"player{seat}.in").open("w"))
        )
    agents = [DockerMjaiLogEngine(name=str(i), player=p) for i, p in enumerate(players)]
    raw = log_dir / "raw"
    raw.mkdir(exist_ok=True)
    for old in raw.glob("*.gz"):
        old.unlink()
    Match(log_dir=str(raw)).py_match(*agents, seed_start=(seed, 2000))
    logs = list(raw.glob("*.gz"))
    events = [json.loads(line) for line in gzip.open(logs[0], "rb").read().splitlines()]
    for p in players:
        p.close()
    (log_dir / "mjai_log.jsonl").write_text("".join(json.dumps(e) + "\n" for e in events))
    scores = None
    kyokus = errors = 0
    for event in events:
        if event["type"] == "start_kyoku":
            kyokus += 1
            scores = list(event["scores"])
        if "deltas" in event and scores is not None:
            scores = [s + d for s, d in zip(scores, event["deltas"])]
        if event["type"] == "ryukyoku" and event.get("reason") == "error":
            errors += 1
    ended = bool(events) and events[-1]["type"] == "end_game"
    print(json.dumps({"kyokus": kyokus, "errors": errors, "last_scores": scores, "ended": ended}))


if __name__ == "__main__":
    main()
