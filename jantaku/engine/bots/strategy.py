"""What a variant teaches the level bots: the value of a hand, its plans, its dangers.

The ``normal`` and ``strong`` bots (:mod:`.levels`) play every variant the
same way — they weigh each choice by *expected points*: the chance to win
(:func:`.efficiency.win_chance`) times what the win is worth, minus the
danger of the discard (:mod:`.defence`).  A :class:`Strategy` supplies the
variant's part: which shapes win, what a hand is worth, which *plans* (one
suit, all pungs, …) raise that worth, what dealing in costs, and the setup
choices.  A variant names its own in its ruleset's ``bots.strategy``; a variant
without one is played with this base class (any complete hand, flat value).

    >>> from jantaku.engine.ruleset import get_ruleset
    >>> table = get_ruleset("basic").new_table(seed=1)
    >>> strategy_for("basic").variant
    'basic'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from ..actions import Action, ActionType, tile_of
from ..analysis import shanten
from ..options import OptionError
from ..ruleset import ruleset_class
from ..tiles import kind_of
from .defence import passed_after_riichi, tenpai_chance, wait_chances
from .efficiency import acceptance, win_chance
from .patterns import pung_acceptance
from .seat import Opponent, SeatReading, ShownMeld
from ..views import View

# An all-pungs hand accepts only the tiles that pair or pung what it holds: about this share
# of what a hand of sets and chows accepts at the same shanten.
PUNG_PLAN_SCALE = 0.35

_STRATEGIES: dict[str, Callable[[], "Strategy"]] = {}


@dataclass(frozen=True)
class Plan:
    """A hand to steer for: the kinds it keeps and what a win with it is worth."""

    name: str
    kinds: frozenset[int]  # the kinds the plan may use
    value: float
    pungs_only: bool = False  # no chows: four pungs (or kongs) and a pair


@dataclass(frozen=True)
class Evaluation:
    """Expected points of a hand of 3n+1 tiles, and the numbers behind them."""

    ev: float
    shanten: int
    accept: int
    value: float
    chance: float
    plan: str = ""
    plain_shanten: int = 0  # of the hand as it is, whatever the plan


@dataclass(frozen=True)
class Threat:
    """One opponent that may be ready: how likely, and what dealing in would cost."""

    opponent: Opponent
    tenpai: float
    loss: float
    waits: list[float]  # per kind: the chance it is a winning tile of this opponent, if ready


class Strategy:
    """The base: every complete shape wins the same flat value.  Variants override the hooks."""

    variant: ClassVar[str] = "basic"
    honors: ClassVar[bool] = True  # the game has honour tiles
    forms: ClassVar[dict[str, bool]] = {"seven_pairs": True, "thirteen_orphans": True}
    furiten: ClassVar[bool] = False  # a player cannot win on a tile it threw
    looks: ClassVar[float] = 1.0  # how much claims speed up the steps before ready
    wait_looks: ClassVar[float] = 2.5  # how much discards add to a ready hand's chance
    hazard: ClassVar[float] = 0.03  # chance per turn that another player ends the hand
    flat_value: ClassVar[float] = 16.0
    loss_scale: ClassVar[float] = 1.0  # dealing in costs this times a typical win
    # ``strong`` weighs danger against worth on every discard; off where dealing in costs little
    # more than another player's win (the discarder pays one extra share), so speed matters more
    weigh_danger: ClassVar[bool] = True

    # --- the hand's worth ---------------------------------------------------------------------

    def hand_value(self, sv: SeatReading, counts: list[int], melds: Sequence[ShownMeld]) -> float:
        """Hook: points a win with this hand is expected to bring (no particular plan)."""
        return self.flat_value * (1.5 if all(m.is_concealed for m in melds) else 1.0)

    def ready_value(
        self, sv: SeatReading, counts: list[int], melds: Sequence[ShownMeld], waits: Sequence[int]
    ) -> tuple[int, float]:
        """Hook: (unseen copies of the waits that make a legal win, their mean value)."""
        accepted = sum(sv.unseen[w] for w in waits)
        return accepted, self.hand_value(sv, counts, melds)

    def plans(self, sv: SeatReading, counts: list[int], melds: Sequence[ShownMeld]) -> Iterable[Plan]:
        """Hook: plans worth more than the plain hand (the evaluation tries each)."""
        return ()

    # --- what dealing in costs ------------------------------------------------------------------

    def deal_in_loss(self, sv: SeatReading, opp: Opponent) -> float:
        """Hook: the points lost when ``opp`` wins on this seat's discard."""
        return self.flat_value * self.loss_scale

    def extra_danger(self, sv: SeatReading, kind: int) -> float:
        """Hook: penalties beyond the chance of dealing in (liability for a big hand)."""
        return 0.0

    # --- choices only a variant knows ---------------------------------------------------------

    def setup_choice(self, sv: SeatReading, actions: Sequence[Action]) -> Action | None:
        """Hook: a setup decision (void suit, exchange, opening kong); None: the baseline's."""
        kongs = [a for a in actions if a.type is ActionType.ANKAN]
        return kongs[0] if kongs else None

    def abort_choice(self, sv: SeatReading, action: Action) -> bool:
        """Hook: whether to declare the offered abortive draw."""
        from ..analysis import thirteen_orphans_shanten

        return thirteen_orphans_shanten(sv.counts) > 2

    def kong_bonus(self, sv: SeatReading, action: Action) -> float:
        """Hook: points a kong adds (kong money, fu) beyond its effect on the hand."""
        return 0.0

    def call_cost(self, sv: SeatReading) -> float:
        """Hook: points a call must gain beyond passing (showing one's hand has a price)."""
        return 0.0

    def riichi_choice(self, sv: SeatReading, ready: "Evaluation", threats: Sequence["Threat"]) -> bool:
        """Hook: whether to declare riichi with the chosen discard (``ready`` is the hand after it)."""
        return True

    def tile_worth(self, tile: int) -> int:
        """Hook: of two copies of a kind, the one worth keeping scores higher (a red five)."""
        return 0

    # --- the machinery the level bots use -------------------------------------------------------

    def chance(self, sv: SeatReading, sh: int, accept: int, typical_scale: float = 1.0) -> float:
        return win_chance(
            sh,
            accept,
            sv.unseen_total,
            sv.draws_left,
            looks=self.looks,
            wait_looks=self.wait_looks,
            hazard=self.hazard,
            typical_scale=typical_scale,
        )

    def evaluate(
        self, sv: SeatReading, counts: list[int], melds: Sequence[ShownMeld], *, use_plans: bool = True
    ) -> Evaluation:
        """Expected points of a 3n+1 hand: the best of the plain hand and each plan."""
        n = len(melds)
        sh, accept, useful = acceptance(counts, n, sv.unseen, **self.forms)
        if sh == 0:
            accept, value = self.ready_value(sv, counts, melds, useful)
        elif sh < 0:
            value = self.hand_value(sv, counts, melds)
        else:
            value = self.hand_value(sv, counts, melds)
        chance = self.chance(sv, sh, accept)
        best = Evaluation(chance * value, sh, accept, value, chance, "", sh)
        if not use_plans:
            return best
        for plan in self.plans(sv, counts, melds):
            ev = self._evaluate_plan(sv, counts, melds, plan, sh)
            if ev is not None and ev.ev > best.ev:
                best = ev
        return best

    def _evaluate_plan(
        self, sv: SeatReading, counts: list[int], melds: Sequence[ShownMeld], plan: Plan, plain_shanten: int
    ) -> Evaluation | None:
        kept = [c if k in plan.kinds else 0 for k, c in enumerate(counts)]
        n = len(melds)
        unseen = [u if k in plan.kinds else 0 for k, u in enumerate(sv.unseen)]
        if plan.pungs_only:
            sh, accept, useful = pung_acceptance(kept, n, unseen)
            if sh > plain_shanten + 2:
                return None
        else:
            if shanten(kept, n, **self.forms) > plain_shanten + 2:
                return None
            sh, accept, useful = acceptance(kept, n, unseen, **self.forms)
        if sh == 0:
            accept, value = self.ready_value(sv, kept, melds, useful)
            value = max(value, plan.value)
        else:
            value = plan.value
        scale = PUNG_PLAN_SCALE if plan.pungs_only else len(plan.kinds) / 34
        chance = self.chance(sv, sh, accept, scale)
        return Evaluation(chance * value, sh, accept, value, chance, plan.name, plain_shanten)

    def threats(self, sv: SeatReading) -> list[Threat]:
        """The opponents that may be ready, with what dealing in to each would cost."""
        out = []
        for opp in sv.opponents:
            tenpai = tenpai_chance(opp, riichi_game=self.furiten)
            if tenpai >= 0.05:
                # in a furiten game a ready hand may pass a win it has no yaku for; elsewhere every
                # win is taken, so a tile thrown since the opponent's hand last changed is not a wait
                passed = passed_after_riichi(sv, opp) if self.furiten else sv.passed_since_change(opp)
                waits = wait_chances(opp, sv.unseen, furiten=self.furiten, passed=passed, honors=self.honors)
                out.append(Threat(opp, tenpai, self.deal_in_loss(sv, opp), waits))
        return out

    def danger(self, sv: SeatReading, threats: Sequence[Threat], kind: int) -> float:
        """Expected points lost by discarding ``kind``."""
        total = self.extra_danger(sv, kind)
        for t in threats:
            total += t.tenpai * t.loss * t.waits[kind]
        return total


def register_strategy(variant: str, factory: Callable[[], Strategy]) -> None:
    """Transition path for variant code that still registers here; a variant names its strategy
    in its ruleset's ``bots.strategy``."""
    _STRATEGIES[variant] = factory
    _INSTANCES.pop(variant, None)


_INSTANCES: dict[str, Strategy] = {}


def strategy_for(variant: str) -> Strategy:
    """The variant's strategy (its ruleset's ``bots.strategy``), or the base class."""
    if variant in _INSTANCES:
        return _INSTANCES[variant]
    if variant not in _STRATEGIES:
        try:
            _STRATEGIES[variant] = ruleset_class(variant).bots.strategy or Strategy
        except OptionError:  # a view of a variant this build does not know
            _STRATEGIES[variant] = Strategy
    instance = _INSTANCES[variant] = _STRATEGIES[variant]()
    return instance


def discard_kinds(actions: Iterable[Action]) -> dict[int, list[Action]]:
    """Discard actions grouped by kind."""
    out: dict[int, list[Action]] = {}
    for a in actions:
        out.setdefault(kind_of(tile_of(a)), []).append(a)
    return out


def view_variant(view: View) -> str:
    return view.variant or "basic"
