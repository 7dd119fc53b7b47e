"""Bots playing whole hands against each other: the engine's workout and the bots' yardstick.

>>> summary = run_selfplay("basic", hands=2, seed=1)
>>> summary["hands"], summary["errors"]
(2, [])
"""

from __future__ import annotations

import time
import traceback
from typing import Any

from .bots import get_bot
from .match import Match
from .ruleset import get_ruleset


def play_match_hands(match: Match, bots: list, max_hands: int, stats: dict[str, Any]) -> int:
    """Drive ``match`` with ``bots`` until it ends or ``max_hands`` hands are done; returns hands played."""
    played = 0
    while not match.is_over and played < max_hands:
        pending = match.pending()
        if not pending:
            raise RuntimeError(f"nobody to act in phase {match.phase}/{match.table.phase}")
        for seat in sorted(pending):
            if seat not in match.pending():
                continue
            actions = match.pending()[seat]
            action = bots[seat].choose(match.view(seat), actions)
            was_playing = match.phase == "play"
            match.act(seat, action)
            if was_playing and match.phase != "play":
                played += 1
                _count_hand(match.results[-1], match, stats)
            break
    return played


def _count_hand(result, match: Match, stats: dict[str, Any]) -> None:
    stats["turns"] += match.table.turns_taken
    if result.kind == "win":
        stats["wins"] += 1
        for w in result.wins:
            stats["seats"][w.seat]["wins"] += 1
            if w.discarder is not None:
                stats["seats"][w.discarder]["deal_ins"] += 1
    else:
        stats["draws"] += 1
        for seat in stats["seats"]:
            seat["draws"] += 1
    for s, d in enumerate(result.deltas):
        stats["seats"][s]["points"] += d


def run_selfplay(
    ruleset: str,
    *,
    hands: int,
    seed: int = 0,
    bots: list[str] | None = None,
    preset: str | None = None,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play ``hands`` hands (starting new matches as they end) and summarise."""
    bot_names = bots or ["easy"] * 4
    players = [get_bot(n) for n in bot_names]
    stats: dict[str, Any] = {
        "wins": 0,
        "draws": 0,
        "turns": 0,
        "seats": [{"bot": n, "points": 0, "wins": 0, "deal_ins": 0, "draws": 0} for n in bot_names],
    }
    errors: list[str] = []
    done = 0
    matches = 0
    start = time.perf_counter()
    while done < hands:
        rs = get_ruleset(ruleset, preset, options)
        match = Match(rs, seed + matches)
        matches += 1
        try:
            done += play_match_hands(match, players, hands - done, stats)
        except Exception as exc:  # report and go on with a fresh match
            errors.append(
                f"match seed {seed + matches - 1}: {type(exc).__name__}: {exc}\n" + traceback.format_exc(limit=4)
            )
            done += 1
        if matches > hands * 4 + 10:
            errors.append("matches ended without playing hands")
            break
    seconds = time.perf_counter() - start
    return {
        "ruleset": ruleset,
        "preset": preset,
        "hands": done,
        "matches": matches,
        "seed": seed,
        "wins": stats["wins"],
        "draws": stats["draws"],
        "mean_turns": round(stats["turns"] / done, 2) if done else 0,
        "seconds": round(seconds, 3),
        "hands_per_second": round(done / seconds, 2) if seconds else None,
        "errors": errors,
        "seats": stats["seats"],
    }
