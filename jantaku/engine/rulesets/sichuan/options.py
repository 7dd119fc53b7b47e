"""Options of Sichuan "Bloody Battle" and its two presets.

``sbr`` (the default, the Mahjong International League's Sichuan rules) is
what the option defaults are; ``chengdu`` is the common app / private-room
variant.  Every row of the rules' option table is its own option, so a
table can mix them freely::

    >>> from jantaku.engine.options import resolve_options
    >>> resolve_options(SichuanOptions, PRESETS, "chengdu", {"fan_cap": 3}).fan_cap
    3
    >>> resolve_options(SichuanOptions, PRESETS, "chengdu").kong_then_discard_win
    'transfer'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...options import option, resolve_options

DEFAULT_PRESET = "sbr"


@dataclass(frozen=True)
class SichuanOptions:
    fan_cap: int = option(3, "the most fan a hand counts: points = base x 2^min(fan, cap)", choices=(2, 3, 4, 5, 6))
    base: int = option(1, "the base stake every payment is a multiple of", bounds=(1, 1000))
    self_draw: str = option(
        "add_base",
        "self-draw bonus: each payer adds one base (自摸加底) or the hand gains one fan (自摸加番)",
        choices=("add_base", "add_fan"),
    )
    exchange_three: bool = option(False, "exchange three tiles of one suit after the deal (换三张)")
    multi_win: bool = option(True, "several players may win on one discard (一炮多响)")
    pass_win_lock: str = option(
        "until_own_draw",
        "after letting a winning discard go: no discard "
        "win while the lock lasts (see pass_win_lock_ends), or only none worth "
        "no more than the win let go",
        choices=("until_own_draw", "unless_higher"),
    )
    pass_win_lock_ends: str = option(
        "own_turn",
        "the passed-win lock lasts until one's own next turn, "
        'begun by a draw or a pung (Sichuan, Bloody Battle basic rules: "bis zu deinem nächsten '
        "Zug\"), or only until one's own next draw",
        choices=("own_turn", "own_draw"),
    )
    kong_replacement: str = option("tail", "where a kong's replacement tile is drawn from", choices=("tail", "front"))
    held_added_kong_pays: int = option(
        0, "bases each player still in pays for an added kong made with a tile held from earlier", bounds=(0, 10)
    )
    kong_then_discard_win: str = option(
        "refund",
        "a win on the discard right after a kong (杠上炮): "
        "that kong's money goes back to its payers, or to the winner "
        "(呼叫转移)",
        choices=("refund", "transfer"),
    )
    flower_pig: str = option(
        "as_not_ready",
        "at the end of the wall a player still holding "
        "void-suit tiles (花猪) counts as not ready, or pays the cap value to "
        "each player who is not a flower pig",
        choices=("as_not_ready", "pay_cap"),
    )
    check_ready: bool = option(
        True, "at the end of the wall, not-ready players pay ready players their best hand (查大叫)"
    )
    refund: bool = option(
        True, "at the end of the wall, not-ready players and flower pigs return their kong money (退税)"
    )
    fan_all_terminal_sets: bool = option(False, "extra fan: every set and the pair hold a 1 or a 9 (带幺九, 2 fan)")
    fan_258_pungs: bool = option(
        False, "extra fan: all pungs and the pair of 2, 5 and 8 (将对, 2 fan on top of all pungs)"
    )
    fan_concealed_simples: bool = option(False, "extra fan: no claimed set (门清, 1 fan) and no 1 or 9 (中张, 1 fan)")
    fan_heavenly_earthly: bool = option(False, "extra fan: heavenly hand (天胡) and earthly hand (地胡), 5 fan each")

    hands: int = option(16, "hands in a match", bounds=(1, 64))

    @property
    def max_points(self) -> int:
        """The value of a hand at the cap (also what a flower pig pays under ``pay_cap``)."""
        return self.points(self.fan_cap)

    def points(self, fan: int) -> int:
        """base x 2^min(fan, cap)

        >>> SichuanOptions().points(1), SichuanOptions().points(9)
        (2, 8)
        """
        return self.base << min(fan, self.fan_cap)


PRESETS: dict[str, dict[str, Any]] = {
    "sbr": {},  # the option defaults are the sbr rules
    "chengdu": {
        "fan_cap": 4,
        "self_draw": "add_fan",
        "exchange_three": True,
        "pass_win_lock": "unless_higher",
        "kong_then_discard_win": "transfer",
        "flower_pig": "pay_cap",
        "fan_all_terminal_sets": True,
        "fan_258_pungs": True,
        "fan_concealed_simples": True,
        "fan_heavenly_earthly": True,
    },
}


def sichuan_options(preset: str | None = None, overrides: dict[str, Any] | None = None) -> SichuanOptions:
    """The options of a preset (default ``sbr``) with overrides, checked."""
    return resolve_options(SichuanOptions, PRESETS, preset or DEFAULT_PRESET, overrides)
