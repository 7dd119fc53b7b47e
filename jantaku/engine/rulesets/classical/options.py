"""Options of Classical Chinese mahjong and its two presets.

``classical`` (the default) follows the German rules text in
``shared/seeds/000_*.txt`` wherever it is explicit and the German league's
(DMJL 2005) classical table wherever it is silent; ``dmjl`` is the DMJL 2005
table exactly.  Every difference between the two is one option here.

    >>> from jantaku.engine.options import resolve_options
    >>> opts = resolve_options(ClassicalOptions, PRESETS, "dmjl", {"limit": 1000})
    >>> opts.dead_wall, opts.round_up_to_10, opts.limit, opts.discard_payment
    (16, False, 1000, 'dangerous_only')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...options import option, resolve_options

DEFAULT_PRESET = "classical"


@dataclass(frozen=True)
class ClassicalOptions:
    """The knobs of the classical rules; the defaults are the ``classical`` preset."""

    # --- the table -----------------------------------------------------------------
    bonus_tiles: bool = option(
        True, "play with the 4 flowers and 4 seasons (laid out, replaced from the dead wall, 4 points each)"
    )
    dead_wall: int = option(14, "tiles left in the wall when the hand is a draw", choices=(14, 16))
    draw_on_four_winds: bool = option(
        True, "the hand is a draw when all four players discard the same wind on the first go-round"
    )
    draw_on_nine_orphans: bool = option(
        True,
        "a player may declare a draw on the first turn with nine different terminals/honours and no melds anywhere",
    )
    draw_settles_hands: bool = option(
        False,
        "on a draw all four players settle their incomplete hands among themselves (official rule: nothing is paid)",
    )

    # --- the match -------------------------------------------------------------------
    deal_passes: str = option(
        "official",
        "official: East keeps the deal after its win or a draw, else it passes to the next seat, "
        "a round ends when every seat has dealt; to_winner (Classical, German rule book: 'other rules'): the winner "
        "of a hand becomes East, a draw keeps East, and every hand turns the wind, so a round is "
        "four hands and the match sixteen",
        choices=("official", "to_winner"),
    )

    # --- scoring ---------------------------------------------------------------------
    round_up_to_10: bool = option(True, "round the points up to the next 10 before doubling")
    limit: int = option(500, "the highest score of a hand, and the score of a limit hand", bounds=(10, 100_000))
    roof_off: bool = option(
        False,
        "no limit: normal hands are not capped and a limit hand "
        "scores the limit or its normal score, whichever is higher",
    )
    bonus_doubles: str = option(
        "classical",
        "classical: each own flower or own season 1 double, all four flowers or all four seasons "
        "2; dmjl: own flower and own season together 1, each set of four 1",
        choices=("classical", "dmjl"),
    )
    claimed_kong_counts_concealed: bool = option(
        False,
        "a kong made from a concealed pung with a discard scores as exposed but counts as "
        "concealed for the concealed-hand doubles and limits",
    )
    loser_pairs: str = option(
        "one",
        "one: a loser counts one pair, as if it were the pair of a winning hand; every: a loser "
        "counts every scoring pair it holds (DMJL)",
        choices=("one", "every"),
    )
    nine_east_wins: bool = option(True, "East's ninth win in a row is a limit hand")
    # the doubles seed 000's strategy section names (one double each, for the winner)
    double_all_simples: bool = option(True, "all simples: no terminal or honour anywhere, 1 double")
    double_three_chows: bool = option(
        True,
        "three chows in a row (one suit, each starting one higher: 234-345-456, or the "
        "run 123-456-789) 1 double; the same chow in all three suits 1 double",
    )
    double_terminal_in_every_set: bool = option(
        True, "a terminal or honour in every set and the pair, with at least one chow, 1 double"
    )
    double_limit_hands: bool = option(
        True,
        "thirteen orphans and nine gates score double the limit (Classical, German rule book: special hands 'up to double the limit')",
    )
    riichi_declaration: bool = option(
        False,
        "a concealed, ready hand may declare with a discard; it is then locked (only the "
        "drawn tile is discarded, kongs only if the waits stay) and wins 1 more double",
    )

    # --- payments ----------------------------------------------------------------------
    discard_payment: str = option(
        "discarder_pays",
        "discarder_pays: on a discard win the discarder alone pays the winner 4x (6x if the "
        "winner is East); dangerous_only: a discard win is paid like a self-draw, except a "
        "dangerous discard, which the discarder pays alone 4x/6x and nothing else is paid",
        choices=("discarder_pays", "dangerous_only"),
    )

    # --- claims (kept last so branches adding options above merge cleanly) -----------------
    three_mah_jong_draw: bool = option(
        True,
        "three Mah Jong calls on one discard make the hand a draw (Classical, German rule book); off: the "
        "next in turn wins, as with two calls",
    )


# Only the differences from the defaults are written out, so each preset reads as
# "what this rule set changes".
PRESETS: dict[str, dict[str, Any]] = {
    "classical": {},
    "dmjl": {
        "dead_wall": 16,
        "round_up_to_10": False,
        "bonus_doubles": "dmjl",
        "claimed_kong_counts_concealed": True,
        "loser_pairs": "every",
        "double_all_simples": False,
        "double_three_chows": False,
        "double_terminal_in_every_set": False,
        "double_limit_hands": False,
        "discard_payment": "dangerous_only",
    },
}


def classical_options(preset: str | None = None, overrides: dict[str, Any] | None = None) -> ClassicalOptions:
    """Options of a preset (default ``classical``) with overrides, checked."""
    return resolve_options(ClassicalOptions, PRESETS, preset or DEFAULT_PRESET, overrides)
