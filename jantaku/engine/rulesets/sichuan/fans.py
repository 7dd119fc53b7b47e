"""The fan of a Sichuan win, one small entry each, and the named combinations.

Each :class:`Fan` says how many times a win has it (most: 0 or 1; roots
and kongs: one each).  Fan add up; points = base x 2^min(fan, cap).  Fan that
depend on how the hand was won read the :class:`Situation`; a *structural*
value (the end-of-wall check of ready hands) is the same evaluation with an
empty situation, so none of those count there.

Named combinations (清对, 龙七对, ...) are sums of these; they only decide how
the breakdown is shown, never the total.

    >>> from .hand import SichuanHand
    >>> from .options import SichuanOptions
    >>> hand = SichuanHand.from_text("111222333m555m44m")
    >>> win = Win(hand, hand.shapes()[0], Situation(), SichuanOptions())
    >>> [f.name for f in FANS if f.times(win)]
    ['All Pungs', 'Full Flush']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...tiles import is_terminal, number_of
from .hand import Shape, SichuanHand, set_kinds
from .options import SichuanOptions


@dataclass(frozen=True)
class Situation:
    """How a hand was won; all false for a structural value."""

    self_drawn: bool = False
    kong_replacement: bool = False  # the winning tile was a kong's replacement (杠上开花)
    kong_then_discard: bool = False  # won on the discard that followed the discarder's kong (杠上炮)
    robbed_kong: bool = False  # won on the tile another player added to a pung (抢杠)
    last_tile: bool = False  # won with the last tile of the wall or its discard (海底)
    first_turn: bool = False  # won before any player's first discard or claim (天胡/地胡)
    dealer: bool = False  # the winner is the dealer


@dataclass(frozen=True)
class Win:
    """What a fan looks at: one shape of a complete hand, how it was won, the options."""

    hand: SichuanHand
    shape: Shape
    situation: Situation
    options: SichuanOptions

    @property
    def all_pungs(self) -> bool:
        return not self.shape.seven_pairs and not self.shape.chows


@dataclass(frozen=True)
class Fan:
    """One scoring element: its names, fan per occurrence and when it applies."""

    name: str
    chinese: str
    value: int
    count: Callable[[Win], int | bool]
    enabled: Callable[[SichuanOptions], bool]

    def times(self, win: Win) -> int:
        """How many times the win has this fan (0 when it is switched off)."""
        return int(self.count(win)) if self.enabled(win.options) else 0

    @property
    def label(self) -> str:
        return f"{self.name} ({self.chinese})"


FANS: list[Fan] = []


def _always(options: SichuanOptions) -> bool:
    return True


def fan(name: str, chinese: str, value: int, *, enabled: Callable[[SichuanOptions], bool] = _always):
    """Register the decorated function as the counter of a fan; the name then refers to the Fan."""

    def register(count: Callable[[Win], int | bool]) -> Fan:
        element = Fan(name, chinese, value, count, enabled)
        FANS.append(element)
        return element

    return register


def _switched(option_name: str) -> Callable[[SichuanOptions], bool]:
    return lambda options: getattr(options, option_name)


# --- the hand's structure -----------------------------------------------------------


@fan("All Pungs", "对对胡", 1)
def all_pungs(win: Win) -> bool:
    return win.all_pungs


@fan("Full Flush", "清一色", 2)
def full_flush(win: Win) -> bool:
    return len(win.hand.suits()) == 1


@fan("Seven Pairs", "七对", 2)
def seven_pairs(win: Win) -> bool:
    return win.shape.seven_pairs


@fan("Root", "根", 1)
def root(win: Win) -> int:
    """Four identical tiles held and not declared as a kong (a pung meld plus its fourth tile counts)."""
    return win.hand.held_counts(kongs=False).count(4)


@fan("Kong", "杠", 1)
def kong(win: Win) -> int:
    return len(win.hand.kongs)


@fan("Golden Single Wait", "金钩钓", 1)
def golden_single_wait(win: Win) -> bool:
    """Four sets declared, won on the pair; all pungs by necessity, so this is on top of it."""
    return len(win.hand.melds) == 4 and win.all_pungs


# --- the extra fan of the chengdu preset ----------------------------------------------


@fan("Terminal in Every Set", "带幺九", 2, enabled=_switched("fan_all_terminal_sets"))
def terminal_in_every_set(win: Win) -> bool:
    if win.shape.pair is None or not is_terminal(win.shape.pair):  # no pair: seven pairs
        return False
    return all(
        is_terminal(k) if name == "pung" else k % 9 in (0, 6)  # chow 123 or 789
        for name, k in set_kinds(win.hand, win.shape)
    )


@fan("All 2-5-8", "将", 2, enabled=_switched("fan_258_pungs"))
def all_258(win: Win) -> bool:
    """All pungs of 2, 5 and 8 with such a pair; on top of all pungs (将对 is 3 fan)."""
    return win.all_pungs and all(number_of(k) in (2, 5, 8) for k in win.hand.kinds())


@fan("Concealed Hand", "门清", 1, enabled=_switched("fan_concealed_simples"))
def concealed_hand(win: Win) -> bool:
    return win.hand.is_concealed


@fan("No Terminals", "中张", 1, enabled=_switched("fan_concealed_simples"))
def no_terminals(win: Win) -> bool:
    return not any(is_terminal(k) for k in win.hand.kinds())


# --- how the hand was won ----------------------------------------------------------------


@fan("Self-Draw", "自摸加番", 1, enabled=lambda options: options.self_draw == "add_fan")
def self_draw(win: Win) -> bool:
    return win.situation.self_drawn


@fan("Kong Bloom", "杠上开花", 1)
def kong_bloom(win: Win) -> bool:
    return win.situation.kong_replacement


@fan("Win after Kong Discard", "杠上炮", 1)
def kong_then_discard(win: Win) -> bool:
    return win.situation.kong_then_discard


@fan("Robbing a Kong", "抢杠", 1)
def robbing_a_kong(win: Win) -> bool:
    return win.situation.robbed_kong


@fan("Last Tile", "海底", 1)
def last_tile(win: Win) -> bool:
    return win.situation.last_tile


@fan("Heavenly Hand", "天胡", 5, enabled=_switched("fan_heavenly_earthly"))
def heavenly_hand(win: Win) -> bool:
    return win.situation.first_turn and win.situation.dealer


@fan("Earthly Hand", "地胡", 5, enabled=_switched("fan_heavenly_earthly"))
def earthly_hand(win: Win) -> bool:
    return win.situation.first_turn and not win.situation.dealer


# --- named combinations -------------------------------------------------------------------


@dataclass(frozen=True)
class Combination:
    """A well-known sum of fan shown under its own name; each part counts once."""

    name: str
    chinese: str
    parts: tuple[Fan, ...]

    @property
    def value(self) -> int:
        return sum(part.value for part in self.parts)

    @property
    def label(self) -> str:
        return f"{self.name} ({self.chinese})"


# Largest first: the breakdown uses the first that fits, then looks again.
COMBINATIONS: tuple[Combination, ...] = (
    Combination("Pure Dragon Seven Pairs", "清龙七对", (full_flush, seven_pairs, root)),
    Combination("Pure Seven Pairs", "清七对", (full_flush, seven_pairs)),
    Combination("Pure All Pungs", "清对", (full_flush, all_pungs)),
    Combination("Dragon Seven Pairs", "龙七对", (seven_pairs, root)),
    Combination("2-5-8 All Pungs", "将对", (all_pungs, all_258)),
)
