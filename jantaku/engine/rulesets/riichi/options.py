"""Every riichi rule that players disagree about, as one typed options object.

The defaults are Tenhou's rules (the de-facto standard); :data:`PRESETS` holds
the named rule sets.  Resolve a preset plus overrides with :func:`riichi_options`:

    >>> riichi_options().double_yakuman
    False
    >>> riichi_options("majsoul").double_yakuman
    True
    >>> riichi_options("tenhou", {"kiriage_mangan": True}).kiriage_mangan
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...options import option, resolve_options


@dataclass(frozen=True)
class RiichiOptions:
    # --- scoring -------------------------------------------------------------------
    aka_dora: bool = option(True, "one red five per suit; each counts as one dora")
    kuitan: bool = option(True, "tanyao (all simples) also counts in an open hand")
    double_yakuman: bool = option(
        False, "kokushi 13-sided wait, suuankou tanki, junsei chuuren and daisuushii count as double yakuman"
    )
    multiple_yakuman: bool = option(True, "different yakuman in one hand add up (daisangen + tsuuiisou = 2×)")
    kazoe_yakuman: bool = option(
        True, "13 or more han from ordinary yaku and dora is a yakuman (off: capped at sanbaiman)"
    )
    kiriage_mangan: bool = option(False, "4 han 30 fu and 3 han 60 fu are rounded up to mangan")
    double_wind_pair_fu: int = option(4, "fu for a pair that is both the seat and the round wind", choices=(2, 4))
    renhou: str = option(
        "off",
        "a non-dealer's ron before their first draw: no yaku, a mangan, or a yakuman",
        choices=("off", "mangan", "yakuman"),
    )
    # --- the hand ------------------------------------------------------------------
    multi_ron: str = option(
        "double",
        "several players ron one discard: all win (double ron), or only the first in turn order (head bump)",
        choices=("double", "head_bump"),
    )
    triple_ron_abort: bool = option(True, "three players calling ron on one discard is an abortive draw")
    nagashi_mangan: bool = option(
        True,
        "at an exhaustive draw, a player whose discards are all terminals "
        "and honours and none was called is paid a mangan",
    )
    abortive_draws: bool = option(True, "kyuushu kyuuhai, suufon renda, suucha riichi and suukaikan abort the hand")
    kokushi_rob_ankan: bool = option(False, "thirteen orphans may ron a tile declared as a concealed kan")
    open_kan_dora_timing: str = option(
        "after_discard", "when an open or added kan reveals its dora indicator", choices=("after_discard", "immediate")
    )
    pao: bool = option(True, "a player who feeds the last dragon/wind set of daisangen/daisuushii is liable")
    # --- the match -----------------------------------------------------------------
    game_length: str = option("east_south", "one round (East) or two (East and South)", choices=("east", "east_south"))
    renchan_on_draw: bool = option(
        True,
        "the dealer keeps the deal after an exhaustive draw when tenpai "
        "and after an abortive draw (Tenhou); off: the seats rotate "
        "whenever the dealer does not win (Riichi, game help rules)",
    )
    start_points: int = option(25000, "each player's points at the start", bounds=(100, 1_000_000))
    return_points: int = option(
        30000, "points a player 'returns' at the end; the reference for uma and oka", bounds=(100, 1_000_000)
    )
    target_points: int = option(
        30000, "the game runs on into the next wind until somebody has this many", bounds=(0, 1_000_000)
    )
    uma: tuple[int, ...] = option(
        (20, 10, -10, -20), "placement bonus for 1st to 4th, in thousands of points", bounds=(-1000, 1000), length=4
    )
    oka: bool = option(True, "first place also gets everybody's (return - start) difference")
    final_rounding: str = option(
        "tenhou",
        "final points: exact, or Tenhou's (everybody but first rounds "
        "score - return to thousands, 500 down and 600 up; first "
        "takes what keeps the total zero)",
        choices=("exact", "tenhou"),
    )
    bust_ends: bool = option(True, "the game ends when a player drops below zero")
    agari_yame: bool = option(True, "the dealer in the last hand may end the game after winning in first place")
    tenpai_yame: bool = option(
        False, "the dealer in the last hand may end the game when tenpai at a draw while in first place"
    )


PRESETS: dict[str, dict[str, Any]] = {
    "tenhou": {},
    "majsoul": {
        "double_yakuman": True,
        "triple_ron_abort": False,
        "kokushi_rob_ankan": True,
        "open_kan_dora_timing": "immediate",
        "return_points": 25000,
        "uma": (15, 5, -5, -15),
        "oka": False,
        "final_rounding": "exact",
    },
    # The rules of kobalab's majiang-core, whose 10,000 scored hands are a test oracle.
    "kobalab": {
        "double_yakuman": True,
        "uma": (20, 10, -10, -20),
    },
}

DEFAULT_PRESET = "tenhou"


def riichi_options(preset: str | None = None, overrides: Mapping[str, Any] | None = None) -> RiichiOptions:
    """The options of ``preset`` (default Tenhou) with ``overrides`` applied; raises ``OptionError``."""
    return resolve_options(RiichiOptions, PRESETS, preset or DEFAULT_PRESET, overrides)


DEFAULT_OPTIONS = RiichiOptions()
