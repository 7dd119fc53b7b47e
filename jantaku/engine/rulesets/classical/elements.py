"""The building blocks of the score tables: one small entry per scoring element.

An element is a name, a unit, a worth and a function of the arranged hand
and the situation giving how many times the hand has it (0: not at all); its
value is that count times the worth.  A double's worth is declared with it
(``value=2``; or a function of the options), so that the rules help's table
reads the same number the scorer counts (:meth:`Element.worth`); a points
element whose value varies (a pung's points) keeps the worth 1 and counts
its points.  A
:class:`GroupElement` is counted once per set or pair that has it, and shows
that group in its name.  Tables are filled with decorators::

    POINTS = Elements("points")

    @POINTS.hand("Mah Jong", winner_only=True)
    def mah_jong(hand, sit):
        return 20
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...scoring import ScoreItem
from .hand import ArrangedHand, Group
from .options import ClassicalOptions
from .situation import Situation

HandRule = Callable[[ArrangedHand, Situation], int]
# what one count of an element is worth: a number, or a function of the options (a bouquet's doubles)
Worth = int | Callable[[ClassicalOptions], int]
GroupRule = Callable[[Group, ArrangedHand, Situation], int]
LimitRule = Callable[[ArrangedHand, Situation], bool]


@dataclass(frozen=True)
class Element:
    """An element of the hand as a whole."""

    name: str
    unit: str
    rule: HandRule
    winner_only: bool = False
    value: Worth = 1

    def worth(self, options: ClassicalOptions) -> int:
        """What the element is worth once under ``options``."""
        return self.value if isinstance(self.value, int) else self.value(options)

    def items(self, hand: ArrangedHand, sit: Situation) -> list[ScoreItem]:
        value = self.rule(hand, sit) * self.worth(sit.options)
        return [ScoreItem(self.name, value, self.unit)] if value else []


@dataclass(frozen=True)
class GroupElement:
    """An element counted for each set (or the pair) that has it.

    ``name`` may use ``{state}`` (concealed/exposed) and ``{shape}``; the
    group's tiles are appended: ``"Concealed pung 555z"``.
    """

    name: str
    unit: str
    rule: GroupRule
    winner_only: bool = False
    value: Worth = 1

    def worth(self, options: ClassicalOptions) -> int:
        """What the element is worth once under ``options``."""
        return self.value if isinstance(self.value, int) else self.value(options)

    def items(self, hand: ArrangedHand, sit: Situation) -> list[ScoreItem]:
        out = []
        for group in hand.groups:
            value = self.rule(group, hand, sit) * self.worth(sit.options)
            if value:
                label = self.name.format(state="Concealed" if group.concealed else "Exposed", shape=group.shape.value)
                out.append(ScoreItem(f"{label} {group}", value, self.unit))
        return out


@dataclass(frozen=True)
class LimitHand:
    """A limit hand: a winning hand that scores the limit.

    Most are judged on an arrangement into sets; ``needs_sets=False`` marks
    one judged on the tiles alone (thirteen orphans, which has no sets).
    ``double`` marks one of the rarest hands, which scores twice the limit
    under the ``double_limit_hands`` option.
    """

    name: str
    rule: LimitRule
    needs_sets: bool = True
    double: bool = False

    def applies(self, hand: ArrangedHand, sit: Situation) -> bool:
        return self.rule(hand, sit)

    def value(self, sit: Situation) -> int:
        """What the hand scores before ``roof_off``: the limit, or twice it."""
        return self.value_under(sit.options)

    def value_under(self, options: ClassicalOptions) -> int:
        """The limit, or twice it for one of the rarest hands under ``double_limit_hands``."""
        return options.limit * (2 if self.double and options.double_limit_hands else 1)


class Elements(list):
    """A table of elements of one unit, filled by the decorators :meth:`hand` and :meth:`group`."""

    def __init__(self, unit: str) -> None:
        super().__init__()
        self.unit = unit

    def hand(self, name: str, *, winner_only: bool = False, value: Worth = 1) -> Callable[[HandRule], HandRule]:
        def register(rule: HandRule) -> HandRule:
            self.append(Element(name, self.unit, rule, winner_only, value))
            return rule

        return register

    def group(self, name: str, *, winner_only: bool = False, value: Worth = 1) -> Callable[[GroupRule], GroupRule]:
        def register(rule: GroupRule) -> GroupRule:
            self.append(GroupElement(name, self.unit, rule, winner_only, value))
            return rule

        return register

    def items(self, hand: ArrangedHand, sit: Situation) -> list[ScoreItem]:
        """The items of every element that applies; winner-only ones only for a winner."""
        return [
            item
            for element in self
            if sit.win is not None or not element.winner_only
            for item in element.items(hand, sit)
        ]


class LimitHands(list):
    """The ordered table of limit hands; the first that applies names the hand."""

    def add(self, name: str, *, needs_sets: bool = True, double: bool = False) -> Callable[[LimitRule], LimitRule]:
        def register(rule: LimitRule) -> LimitRule:
            self.append(LimitHand(name, rule, needs_sets, double))
            return rule

        return register

    def first(self, hand: ArrangedHand, sit: Situation, *, has_sets: bool = True) -> LimitHand | None:
        for limit in self:
            if (has_sets or not limit.needs_sets) and limit.applies(hand, sit):
                return limit
        return None
