"""Export -> import of seeded riichi matches through the mjai format: every one must come back the same.

    .venv/bin/python benchmarks/mjai_roundtrip.py [MATCHES]     (default 200)

Plays MATCHES seeded matches of four strong bots, writes each as an mjai log with full information,
reads it back through the engine (``jantaku import`` does the same) and compares every event as mjai
writes it (the decisions that took effect, by tile kind), every hand's payments and the final
standings.  Prints the CPU seconds of the export and import alone, per match.
"""

from __future__ import annotations

import sys
import time

from jantaku.engine.bots import get_bot
from jantaku.engine.match import Match
from jantaku.engine.ruleset import get_ruleset
from jantaku.engine.rulesets.riichi.mjai_replay import check_log, dumps_log, export_match


def main(matches: int) -> int:
    failed: list[int] = []
    cpu = 0.0
    for seed in range(matches):
        match = Match(get_ruleset("riichi"), seed)
        bots = [get_bot("strong") for _ in range(4)]
        while not match.is_over:
            pending = match.pending()
            seat = min(pending)
            match.act(seat, bots[seat].choose(match.view(seat), pending[seat]))
        start = time.process_time()
        log = export_match(match.record())
        report = check_log(dumps_log(log))
        cpu += time.process_time() - start
        again = report.match
        same = (
            report.ok
            and again is not None
            and export_match(again.record())[1:] == log[1:]
            and [r.deltas for r in again.results] == [r.deltas for r in match.results]
            and again.standings == match.standings
        )
        if not same:
            failed.append(seed)
            print(f"seed {seed}: DIFFERS", *report.lines()[-3:], sep="\n  ", flush=True)
        if (seed + 1) % 20 == 0:
            print(f"  {seed + 1} matches, {len(failed)} differ so far", flush=True)
    print(
        f"{matches - len(failed)}/{matches} matches round-trip exactly; export+import {cpu / matches:.3f} s CPU per match"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 200))
