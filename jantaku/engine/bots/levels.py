"""The ``normal`` and ``strong`` bots: every choice weighed in expected points, for any variant.

Both look up the variant's :class:`~.strategy.Strategy` from ``view.variant``
and score each choice as *chance to win × value of the win − danger*:

- a discard by the hand it leaves (shanten, unseen accepted tiles, the
  variant's value and plans) and by how likely it deals into a ready
  opponent;
- a call by the best hand it leads to against the hand kept by passing;
- a kong by the hand after it, plus what the variant pays for kongs.

``normal`` plays for value but defends only by avoiding the tiles most
likely to deal in once its own hand is far from ready; ``strong`` weighs
danger against its hand's worth on every discard (and so folds when an
opponent's riichi or big hand outweighs its own chances) unless the
variant's strategy turns that off (:attr:`.Strategy.weigh_danger`: Hong Kong
and classical, where it measured weaker).  Wins are always taken: the table
offers only legal wins.

A variant whose own bot plays a level better names it in its ruleset's
``bots.levels`` (:class:`~jantaku.engine.ruleset.VariantBots`), and the level hands that variant's decisions to
it, because measured against the baseline those bots beat this generic
machinery clearly: riichi and Sichuan for both levels, classical (play for
doubles with table reading) and Hong Kong (speed first with a flush plan,
:mod:`.speed_first`) for ``strong`` — there ``normal`` is this machinery.

    >>> from jantaku.engine.ruleset import get_ruleset
    >>> from jantaku.engine.bots import get_bot
    >>> table = get_ruleset("basic").new_table(seed=2)
    >>> action = get_bot("strong").choose(table.view(0), table.pending()[0])
    >>> action in table.pending()[0]
    True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..actions import Action, ActionType, tile_of
from ..melds import MeldType
from ..options import OptionError
from ..ruleset import ruleset_class
from ..tiles import is_terminal_or_honor, kind_of
from .base import Bot, register_bot
from .baseline import BaselineBot
from .seat import SeatReading, ShownMeld
from .strategy import Evaluation, Strategy, Threat, strategy_for, view_variant
from ..views import View

_WINS = (ActionType.TSUMO, ActionType.RON)
_CALLS = (ActionType.CHI, ActionType.PON, ActionType.KAN)
_MELD_TYPE = {ActionType.CHI: MeldType.CHI, ActionType.PON: MeldType.PON, ActionType.KAN: MeldType.KAN}
CALL_MARGIN = 0.4  # a call that brings the hand closer must keep this share of the expected points
SLOWER = 0.4  # the share of its expected points a discard keeps when it is not among the fastest
FAR_FROM_READY = 2  # ``normal`` defends at this shanten or more

# Transition path: (variant, level name) -> factory, for variant code that still registers here;
# a variant names its level bots in its ruleset's ``bots.levels``.
_VARIANT_LEVELS: dict[tuple[str, str], Callable[[], Bot]] = {}


def register_level_bot(variant: str, level: str, factory: Callable[[], Bot]) -> None:
    """Let ``factory``'s bot play ``level`` (``normal``/``strong``) in ``variant`` (transition path)."""
    _VARIANT_LEVELS[(variant, level)] = factory


def variant_level_bot(variant: str, level: str) -> Callable[[], Bot] | None:
    """The variant's own bot for ``level``, if it has one."""
    factory = _VARIANT_LEVELS.get((variant, level))
    if factory is not None:
        return factory
    try:
        return ruleset_class(variant).bots.levels.get(level)
    except OptionError:  # a view of a variant this build does not know
        return None


@dataclass(frozen=True)
class Level:
    """How much of the machinery a level uses."""

    name: str
    plans: bool  # steer for the variant's plans (flush, all pungs, …)
    weigh_danger: bool  # danger against worth on every discard (else: a simple fold rule)


class LevelBot(Bot):
    """A bot of one :class:`Level`, playing any variant through its strategy."""

    def __init__(self, level: Level):
        self.level = level
        self.name = level.name
        self._fallback = BaselineBot()
        self._delegates: dict[str, Bot | None] = {}

    def delegate(self, variant: str) -> Bot | None:
        """The variant's own bot for this level, if it registered one."""
        if variant not in self._delegates:
            factory = variant_level_bot(variant, self.level.name)
            self._delegates[variant] = factory() if factory is not None else None
        return self._delegates[variant]

    # --- dispatch --------------------------------------------------------------------------------

    def choose(self, view: View, actions: Sequence[Action]) -> Action:
        delegate = self.delegate(view_variant(view))
        if delegate is not None:
            return delegate.choose(view, actions)
        return self.choose_by_strategy(view, actions)

    def choose_by_strategy(self, view: View, actions: Sequence[Action]) -> Action:
        """The generic machinery's choice (what a variant's own level bot may fall back to)."""
        by_type: dict[ActionType, list[Action]] = {}
        for a in actions:
            by_type.setdefault(a.type, []).append(a)
        for t in _WINS:
            if t in by_type:
                return by_type[t][0]
        if ActionType.CONTINUE in by_type:
            return by_type[ActionType.CONTINUE][0]
        strategy = strategy_for(view_variant(view))
        sv = SeatReading(view, honors=strategy.honors)
        if view.phase == "setup" or ActionType.VOID in by_type or ActionType.EXCHANGE in by_type:
            choice = strategy.setup_choice(sv, actions)
            return choice if choice is not None else self._fallback.choose(view, actions)
        if ActionType.PASS in by_type:
            return self.choose_claim(strategy, sv, actions)
        return self.choose_turn(strategy, sv, by_type)

    # --- evaluation helpers ------------------------------------------------------------------------

    def _evaluate(
        self, strategy: Strategy, sv: SeatReading, counts: list[int], melds: Sequence[ShownMeld]
    ) -> Evaluation:
        return strategy.evaluate(sv, counts, melds, use_plans=self.level.plans)

    def _danger(
        self, strategy: Strategy, sv: SeatReading, threats: Sequence[Threat], kind: int, own: Evaluation | None
    ) -> float:
        if not threats:
            return 0.0
        if self.level.weigh_danger and strategy.weigh_danger:
            return strategy.danger(sv, threats, kind)
        # normal: defend only with a hand far from ready, and then by danger alone
        if own is not None and own.shanten >= FAR_FROM_READY and any(t.tenpai >= 0.99 for t in threats):
            return strategy.danger(sv, threats, kind) * 100
        return 0.0

    def best_discard(
        self,
        strategy: Strategy,
        sv: SeatReading,
        counts: list[int],
        melds: Sequence[ShownMeld],
        kinds: Sequence[int],
        threats: Sequence[Threat],
    ) -> tuple[float, int, Evaluation]:
        """(score, kind, evaluation) of the best discard among ``kinds`` from a 3n+2 hand.

        The expected points of a discard that leaves the hand further from
        ready than the best one are discounted (:data:`SLOWER`): the win-chance
        model is rough, and speed is what the baseline is good at.
        """
        # every candidate's evaluation as ``_evaluate`` of the hand less that tile, computed together
        scored = list(zip(kinds, strategy.evaluate_discards(sv, counts, melds, kinds, use_plans=self.level.plans)))
        fastest = min(ev.plain_shanten for _, ev in scored)
        best = None
        for kind, ev in scored:
            worth = ev.ev if ev.plain_shanten == fastest else ev.ev * SLOWER
            score = worth - self._danger(strategy, sv, threats, kind, ev)
            key = (score, ev.accept, is_terminal_or_honor(kind), -kind)
            if best is None or key > best[0]:
                best = (key, kind, ev)
        if best is None:
            raise ValueError("no kinds to discard")
        return best[0][0], best[1], best[2]

    # --- own turn --------------------------------------------------------------------------------

    def choose_turn(self, strategy: Strategy, sv: SeatReading, by_type: dict[ActionType, list[Action]]) -> Action:
        discards = by_type.get(ActionType.DISCARD, [])
        for abort in by_type.get(ActionType.ABORT, []):
            if strategy.abort_choice(sv, abort):
                return abort
        if not discards:  # only kongs or riichi left (a variant's forced choice)
            return sorted((a for acts in by_type.values() for a in acts), key=Action.sort_key)[0]
        threats = strategy.threats(sv)
        counts = list(sv.counts)
        kinds = sorted({kind_of(tile_of(a)) for a in discards if kind_of(tile_of(a)) < 34})
        if not kinds:
            return discards[0]
        score, kind, ev = self.best_discard(strategy, sv, counts, sv.melds, kinds, threats)
        kong = self.choose_kong(strategy, sv, by_type, score, threats)
        if kong is not None:
            return kong
        chosen = self.pick_tile(strategy, sv, [a for a in discards if kind_of(tile_of(a)) == kind])
        riichi = [a for a in by_type.get(ActionType.RIICHI, []) if a.tile == chosen.tile]
        if riichi and strategy.riichi_choice(sv, ev, threats):
            return riichi[0]
        return chosen

    def pick_tile(self, strategy: Strategy, sv: SeatReading, same_kind: list[Action]) -> Action:
        """Of several copies of one kind (a red five and a plain one), keep the one worth more."""
        return min(same_kind, key=lambda a: (strategy.tile_worth(tile_of(a)), a.sort_key()))

    def choose_kong(
        self,
        strategy: Strategy,
        sv: SeatReading,
        by_type: dict[ActionType, list[Action]],
        discard_score: float,
        threats: Sequence[Threat],
    ) -> Action | None:
        best, best_score = None, discard_score
        for kong in by_type.get(ActionType.ANKAN, []) + by_type.get(ActionType.KAKAN, []):
            kind = kind_of(tile_of(kong))
            counts, melds = after_kong(sv, kong)
            ev = self._evaluate(strategy, sv, counts, melds)
            score = (
                ev.ev
                + strategy.kong_bonus(sv, kong)
                - (strategy.danger(sv, threats, kind) if kong.type is ActionType.KAKAN and threats else 0.0)
            )
            if score > best_score:
                best, best_score = kong, score
        return best

    # --- claims ------------------------------------------------------------------------------------

    def choose_claim(self, strategy: Strategy, sv: SeatReading, actions: Sequence[Action]) -> Action:
        """Call when the call brings the hand closer to ready without giving up most of its worth."""
        passing = next(a for a in actions if a.type is ActionType.PASS)
        calls = [a for a in actions if a.type in _CALLS]
        if not calls:
            return passing
        threats = strategy.threats(sv)
        keep = self._evaluate(strategy, sv, list(sv.counts), sv.melds)
        best, best_score = passing, keep.ev * CALL_MARGIN + strategy.call_cost(sv)
        for call in calls:
            score, closer = self.call_score(strategy, sv, call, threats, keep)
            if closer and score > best_score:
                best, best_score = call, score
        return best

    def call_score(
        self, strategy: Strategy, sv: SeatReading, call: Action, threats: Sequence[Threat], keep: Evaluation
    ) -> tuple[float, bool]:
        """The call's expected points (after its best discard) and whether it brings the hand closer."""
        counts = list(sv.counts)
        for t in call.tiles:
            counts[kind_of(t)] -= 1
        melds = list(sv.melds) + [called_meld(call)]
        if call.type is ActionType.KAN:
            ev = self._evaluate(strategy, sv, counts, melds)
            return ev.ev + strategy.kong_bonus(sv, call), ev.plain_shanten <= keep.plain_shanten
        kinds_left = [k for k in range(34) if counts[k]]
        if not kinds_left:
            return float("-inf"), False
        score, _, ev = self.best_discard(strategy, sv, counts, melds, kinds_left, threats)
        return score, ev.plain_shanten < keep.plain_shanten


def called_meld(call: Action) -> ShownMeld:
    """The meld a chi, pon or open kong would make, as the strategies weigh it."""
    kinds = tuple(sorted([kind_of(t) for t in call.tiles] + [kind_of(tile_of(call))]))
    return ShownMeld(_MELD_TYPE[call.type], kinds, None)


def concealed_kong_meld(kong: Action) -> ShownMeld:
    """The meld a concealed kong would make."""
    return ShownMeld(MeldType.ANKAN, (kind_of(tile_of(kong)),) * 4, None)


def after_kong(sv: SeatReading, kong: Action) -> tuple[list[int], list[ShownMeld]]:
    """The concealed counts and the melds after ``kong`` (a concealed one, or a tile added to a pung)."""
    counts = list(sv.counts)
    kind = kind_of(tile_of(kong))
    if kong.type is ActionType.ANKAN:
        counts[kind] -= 4
        return counts, list(sv.melds) + [concealed_kong_meld(kong)]
    counts[kind] -= 1
    melds = [
        ShownMeld(MeldType.KAKAN, m.kinds + (kind,), m.from_seat) if m.type is MeldType.PON and m.kind == kind else m
        for m in sv.melds
    ]
    return counts, melds


NORMAL = Level("normal", plans=True, weigh_danger=False)
STRONG = Level("strong", plans=True, weigh_danger=True)

register_bot("normal", lambda: LevelBot(NORMAL))
register_bot("strong", lambda: LevelBot(STRONG))
