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
from functools import partial
from typing import ClassVar, TypeVar, overload

from ..actions import Action, ActionType, tile_of
from ..options import OptionError
from ..ruleset import ruleset_class
from ..tiles import NUM_KINDS, kind_of
from .defence import passed_after_riichi, tenpai_chance, wait_chances
from .efficiency import acceptance, win_chance
from .incremental import HandShape
from .patterns import ALL_KINDS, pung_acceptance
from .seat import Opponent, SeatReading, ShownMeld
from ..views import View, frozen_builder

# An all-pungs hand accepts only the tiles that pair or pung what it holds: about this share
# of what a hand of sets and chows accepts at the same shanten.
PUNG_PLAN_SCALE = 0.35

T = TypeVar("T")

_STRATEGIES: dict[str, Callable[[], "Strategy"]] = {}

# a plan's part of the hand (counts, melds, forms) -> (shanten, useful draws), see _part_shape
_part_shapes: dict[tuple[tuple[int, ...], int, bool, bool], tuple[int, tuple[int, ...]]] = {}
_PART_SHAPES_SIZE = 1 << 15

# win_chance by its arguments (a decision asks the same few dozen again and again)
_chances: dict[tuple[int, int, int, int, float, float, float, float], float] = {}
_CHANCES_SIZE = 65536


@dataclass(frozen=True)
class Plan:
    """A hand to steer for: the kinds it keeps and what a win with it is worth."""

    name: str
    kinds: frozenset[int]  # the kinds the plan may use
    value: float
    pungs_only: bool = False  # no chows: four pungs (or kongs) and a pair


@dataclass(frozen=True, slots=True)
class Evaluation:
    """Expected points of a hand of 3n+1 tiles, and the numbers behind them."""

    ev: float
    shanten: int
    accept: int
    value: float
    chance: float
    plan: str = ""
    plain_shanten: int = 0  # of the hand as it is, whatever the plan


# a decision makes an Evaluation per candidate discard and plan: built by the slots' setters
_evaluation = frozen_builder(Evaluation)


@dataclass(frozen=True)
class Threat:
    """One opponent that may be ready: how likely, and what dealing in would cost."""

    opponent: Opponent
    tenpai: float
    loss: float
    waits: Sequence[float]  # per kind: the chance it is a winning tile of this opponent, if ready


class _Waits(Sequence[float]):
    """An opponent's wait chances per kind, worked out when first read (``normal`` reads them only
    when it defends, most turns not at all)."""

    __slots__ = ("_work", "_chances")

    def __init__(self, work: Callable[[], list[float]]):
        self._work: Callable[[], list[float]] | None = work
        self._chances: list[float] | None = None

    def _read(self) -> list[float]:
        if self._chances is None:
            assert self._work is not None  # set until the chances are worked out
            self._chances, self._work = self._work(), None
        return self._chances

    @overload
    def __getitem__(self, index: int) -> float: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[float]: ...

    def __getitem__(self, index: int | slice) -> float | Sequence[float]:
        return self._read()[index]

    def __len__(self) -> int:
        return len(self._read())


class _PlanPart:
    """What a plan's evaluation takes from the plan's part of the hand alone (its kinds' counts),
    shared by the discards that leave that part as it is."""

    __slots__ = ("judged", "shape", "unseen", "pungs", "weighed")

    def __init__(self, judged: int, shape: tuple[int, ...] | None, unseen: list[int]):
        self.judged = judged  # the shanten the plan is judged by (toward all pungs, or any shape)
        self.shape = shape  # a plan with chows: the part's useful draws (whether unseen or not)
        self.unseen = unseen  # the unseen copies of the plan's kinds (0 for the others)
        self.pungs: tuple[int, tuple[int, ...]] | None = None  # all pungs: (acceptance, useful kinds)
        # (shanten, acceptance, ready value or None), once asked
        self.weighed: tuple[int, int, tuple[int, float] | None] | None = None


PartKey = tuple[frozenset[int], bool, tuple[int, ...]]  # a plan's kinds, pungs only, its part's counts


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
        # this decision's answers first (the same few come back for every candidate discard)
        mine = (self.looks, self.wait_looks, self.hazard)
        asked = sv.cache.get("chances")
        if asked is None or asked[0] != mine:
            asked = sv.cache["chances"] = (mine, {})
        local: dict[tuple[int, int, float], float] = asked[1]
        found = local.get((sh, accept, typical_scale))
        if found is not None:
            return found
        key = (sh, accept, sv.unseen_total, sv.draws_left, typical_scale, *mine)
        found = _chances.get(key)
        if found is None:
            if len(_chances) >= _CHANCES_SIZE:
                _chances.clear()
            found = _chances[key] = win_chance(
                sh,
                accept,
                sv.unseen_total,
                sv.draws_left,
                looks=self.looks,
                wait_looks=self.wait_looks,
                hazard=self.hazard,
                typical_scale=typical_scale,
            )
        local[sh, accept, typical_scale] = found
        return found

    def evaluate(
        self, sv: SeatReading, counts: list[int], melds: Sequence[ShownMeld], *, use_plans: bool = True
    ) -> Evaluation:
        """Expected points of a 3n+1 hand: the best of the plain hand and each plan."""
        sh, accept, useful = acceptance(counts, len(melds), sv.unseen, **self.forms)
        return self._evaluate_shape(sv, counts, melds, sh, accept, useful, use_plans, None)

    def evaluate_discards(
        self,
        sv: SeatReading,
        counts: list[int],
        melds: Sequence[ShownMeld],
        kinds: Sequence[int],
        *,
        use_plans: bool = True,
    ) -> list[Evaluation]:
        """:meth:`evaluate` of the 3n+2 hand ``counts`` less one tile of each of ``kinds``, in order.

        The same evaluations, with the work the candidates share done once: the plain shanten
        and useful draws come from one :class:`.incremental.HandShape` of the whole hand (a
        discard changes one suit), and a plan's part of the hand (its kinds only: a discard
        outside them leaves it as it was) is weighed once per distinct part.
        """
        shape = HandShape(counts, len(melds), **self.forms)
        unseen = sv.unseen
        plan_parts: dict[PartKey, _PlanPart] = {}
        out = []
        for kind in kinds:
            useful = tuple(k for k in shape.useful_after_discard(kind) if unseen[k])
            accept = sum(unseen[k] for k in useful)
            sh = shape.shanten_after_discard(kind)
            counts[kind] -= 1
            try:
                out.append(self._evaluate_shape(sv, counts, melds, sh, accept, useful, use_plans, plan_parts))
            finally:
                counts[kind] += 1
        return out

    def _evaluate_shape(
        self,
        sv: SeatReading,
        counts: list[int],
        melds: Sequence[ShownMeld],
        sh: int,
        accept: int,
        useful: tuple[int, ...],
        use_plans: bool,
        plan_parts: dict[PartKey, _PlanPart] | None,
    ) -> Evaluation:
        if sh == 0:
            accept, value = self.ready_value(sv, counts, melds, useful)
        else:
            value = self.hand_value(sv, counts, melds)
        chance = self.chance(sv, sh, accept)
        best = _evaluation(chance * value, sh, accept, value, chance, "", sh)
        if not use_plans:
            return best
        for plan in self.plans(sv, counts, melds):
            ev = self._evaluate_plan(sv, counts, melds, plan, sh, plan_parts)
            if ev is not None and ev.ev > best.ev:
                best = ev
        return best

    def _evaluate_plan(
        self,
        sv: SeatReading,
        counts: list[int],
        melds: Sequence[ShownMeld],
        plan: Plan,
        plain_shanten: int,
        plan_parts: dict[PartKey, _PlanPart] | None = None,
    ) -> Evaluation | None:
        kinds = plan.kinds
        every_kind = (kinds is ALL_KINDS or kinds == ALL_KINDS) and len(counts) == len(sv.unseen) == NUM_KINDS
        kept = list(counts) if every_kind else [c if k in kinds else 0 for k, c in enumerate(counts)]
        n = len(melds)
        key = (kinds, plan.pungs_only, tuple(kept))
        part = plan_parts.get(key) if plan_parts is not None else None
        if part is None:
            unseen = sv.unseen if every_kind else [u if k in kinds else 0 for k, u in enumerate(sv.unseen)]
            if plan.pungs_only:
                sh, accept, useful = pung_acceptance(kept, n, unseen)
                part = _PlanPart(sh, None, unseen)
                part.pungs = (accept, useful)
            else:
                judged, drawn = self._part_shape(kept, n)
                part = _PlanPart(judged, drawn, unseen)
            if plan_parts is not None:
                plan_parts[key] = part
        if part.judged > plain_shanten + 2:
            return None
        if part.weighed is None:
            sh = part.judged
            if part.shape is None:
                assert part.pungs is not None  # a pungs-only part has its acceptance from the start
                accept, useful = part.pungs
            else:  # efficiency.acceptance of the part, from its useful draws already known
                unseen = part.unseen
                useful = tuple(k for k in part.shape if unseen[k])
                accept = sum(unseen[k] for k in useful)
            part.weighed = (sh, accept, self.ready_value(sv, kept, melds, useful) if sh == 0 else None)
        sh, accept, ready = part.weighed
        if ready is not None:
            accept, value = ready
            value = max(value, plan.value)
        else:
            value = plan.value
        scale = PUNG_PLAN_SCALE if plan.pungs_only else len(kinds) / 34
        chance = self.chance(sv, sh, accept, scale)
        return _evaluation(chance * value, sh, accept, value, chance, plan.name, plain_shanten)

    def _part_shape(self, kept: list[int], melds: int) -> tuple[int, tuple[int, ...]]:
        """(shanten, useful draws) of a plan's part of the hand, as :class:`.incremental.HandShape`
        gives them (its shanten is ``analysis.shanten``'s).  Kept across decisions: a plan's part
        stays the same while the tiles thrown are outside it."""
        forms = self.forms  # HandShape's defaults where a form is not named
        key = (tuple(kept), melds, forms.get("seven_pairs", True), forms.get("thirteen_orphans", True))
        found = _part_shapes.get(key)
        if found is None:
            shape = HandShape(kept, melds, **self.forms)
            if len(_part_shapes) >= _PART_SHAPES_SIZE:
                _part_shapes.clear()
            found = _part_shapes[key] = (shape.shanten(), tuple(shape.useful()))
        return found

    def threats(self, sv: SeatReading) -> list[Threat]:
        """The opponents that may be ready, with what dealing in to each would cost."""
        out = []
        for opp in sv.opponents:
            tenpai = tenpai_chance(opp, riichi_game=self.furiten)
            if tenpai >= 0.05:
                out.append(Threat(opp, tenpai, self.deal_in_loss(sv, opp), _Waits(partial(self._waits, sv, opp))))
        return out

    def _waits(self, sv: SeatReading, opp: Opponent) -> list[float]:
        # in a furiten game a ready hand may pass a win it has no yaku for; elsewhere every
        # win is taken, so a tile thrown since the opponent's hand last changed is not a wait
        passed = passed_after_riichi(sv, opp) if self.furiten else sv.passed_since_change(opp)
        return wait_chances(opp, sv.unseen, furiten=self.furiten, passed=passed, honors=self.honors)

    def danger(self, sv: SeatReading, threats: Sequence[Threat], kind: int) -> float:
        """Expected points lost by discarding ``kind``."""
        total = self.extra_danger(sv, kind)
        for t in threats:
            total += t.tenpai * t.loss * t.waits[kind]
        return total


def for_last_hand(
    sv: SeatReading, name: str, counts: list[int], melds: Sequence[ShownMeld], work: Callable[[], T]
) -> T:
    """``work()``, or its answer for the same hand (counts and melds) when that was the last asked.

    A discard's evaluation asks a variant's worth of its hand and then of each plan of that
    hand: what the hand holds is worked out once for them (kept in ``sv.cache[name]``, with the
    melds it was for)."""
    key = tuple(counts)
    last = sv.cache.get(name)
    if last is not None and last[1] is melds and last[0] == key:
        answer: T = last[2]
        return answer
    answer = work()
    sv.cache[name] = (key, melds, answer)
    return answer


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
