"""Drivers shared by engine tests: play a match with random or bot decisions."""

from __future__ import annotations

import random

from jantaku.engine.actions import ActionType
from jantaku.engine.match import Match


def random_choice(rng: random.Random, actions):
    """A random legal action, biased toward calls and wins so every path gets exercised."""
    eager = [
        a
        for a in actions
        if a.type
        in (
            ActionType.TSUMO,
            ActionType.RON,
            ActionType.PON,
            ActionType.KAN,
            ActionType.ANKAN,
            ActionType.KAKAN,
            ActionType.CHI,
        )
    ]
    if eager and rng.random() < 0.6:
        return rng.choice(eager)
    return rng.choice(list(actions))


def step_random(match: Match, rng: random.Random):
    pending = match.pending()
    seat = rng.choice(sorted(pending))
    action = random_choice(rng, pending[seat])
    return seat, action, match.act(seat, action)


def other_concealed(table, seat):
    return {t for s, p in enumerate(table.players) if s != seat for t in p.concealed}
