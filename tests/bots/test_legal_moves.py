"""Bots never make an illegal move: whole hands in every variant, preset and option, every level.

The engine raises ``IllegalAction`` on any action that is not among the
legal ones, so driving hands to their end with the bots is the property.
"""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jantaku.engine.bots import get_bot
from jantaku.engine.bots.arena import play_hand
from jantaku.engine.ruleset import get_ruleset, ruleset_class, ruleset_names

LEVELS = ("easy", "normal", "strong")
VARIANTS = ruleset_names()


def option_choices(variant: str) -> dict[str, tuple]:
    """Every option with a closed set of values (booleans and ``choices``)."""
    out = {}
    for f in dataclasses.fields(ruleset_class(variant).Options):
        choices = f.metadata.get("choices")
        if choices is None and isinstance(f.default, bool):
            choices = (False, True)
        if choices is not None:
            out[f.name] = tuple(choices)
    return out


@st.composite
def configurations(draw):
    variant = draw(st.sampled_from(VARIANTS))
    preset = draw(st.sampled_from(sorted(ruleset_class(variant).presets)))
    choices = option_choices(variant)
    names = draw(st.lists(st.sampled_from(sorted(choices)), max_size=3, unique=True)) if choices else []
    overrides = {n: draw(st.sampled_from(choices[n])) for n in names}
    return variant, preset, overrides


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configurations(), st.integers(0, 2**32 - 1), st.lists(st.sampled_from(LEVELS), min_size=4, max_size=4))
def test_bots_play_whole_hands_legally(config, seed, levels):
    variant, preset, overrides = config
    try:
        ruleset = get_ruleset(variant, preset, overrides)
    except ValueError:  # an inconsistent combination (e.g. a minimum above the limit) is refused up front
        return
    table = play_hand(ruleset.new_table(seed=seed), [get_bot(level) for level in levels])
    assert table.is_over


def test_every_level_plays_every_variant():
    for variant in VARIANTS:
        for level in LEVELS:
            table = play_hand(get_ruleset(variant).new_table(seed=7), [get_bot(level)] * 4)
            assert table.is_over, (variant, level)


def test_bots_play_legally_with_the_classical_riichi_declaration():
    """The declaration locks a hand (only the drawn tile may go): bots must follow the lock."""
    declared = 0
    for seed in range(12):
        for preset in ("classical", "dmjl"):
            ruleset = get_ruleset("classical", preset, {"riichi_declaration": True})
            levels = [LEVELS[(seed + i) % 3] for i in range(4)]
            table = play_hand(ruleset.new_table(seed=seed), [get_bot(level) for level in levels])
            assert table.is_over
            declared += sum(e.type == "riichi" for e in table.events)
    assert declared > 0  # the lock was exercised
