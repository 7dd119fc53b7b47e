"""The ordinary yaku, one small class each: name, han closed/open and the condition.

A yaku's ``scope`` says what its condition reads, so the scorer tests it as
rarely as possible: ``WIN`` yaku read only how the hand was won (riichi,
haitei, ...), ``TILES`` yaku only which tiles are in the hand (tanyao,
honitsu, yakuhai: three or four of an honour are always its pung), ``SHAPE``
yaku the reading of the hand as sets (pinfu, toitoi, ...), which can differ
between readings.

``needs`` lists cheap facts without which the yaku cannot apply (a closed
hand, an honour pung, ...); the scorer only tests the yaku when the hand has
them all (see :func:`hand_needs`).  ``han_open`` is the value in an open hand,
``None`` when the yaku needs a closed hand (a concealed kan keeps it closed).

    >>> [y.name for y in YAKU][:4]
    ['Riichi', 'Double riichi', 'Ippatsu', 'Menzen tsumo']
    >>> Sanshoku().han(closed=True), Sanshoku().han(closed=False)
    (2, 1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...tiles import GREEN, RED, WHITE
from .shape import (
    HONOR_MASK,
    RYANMEN,
    SEVEN_PAIRS,
    SIMPLE_MASK,
    SUIT_MASKS,
    TERMINAL_MASK,
    TERMINAL_OR_HONOR_MASK,
    HandFacts,
    Shape,
)

if TYPE_CHECKING:
    from .context import RiichiWinContext
    from .options import RiichiOptions

WIN, TILES, SHAPE = "win", "tiles", "shape"

# --- needs: facts about a hand, one bit each --------------------------------------------

CLOSED = 1 << 0  # no open meld
SELF_DRAWN = 1 << 1
DISCARD = 1 << 2  # won by ron
NO_MELDS = 1 << 3  # not even a concealed kan
SITUATION = 1 << 4  # riichi, ippatsu, last tile, rinshan, chankan or first turn
HONORS = 1 << 5  # at least one honour tile
HONOR_PUNG = 1 << 6  # three or four of some honour
TERMINALS = 1 << 7  # at least one terminal
ALL_SIMPLES = 1 << 8
NO_SIMPLES = 1 << 9
ONE_SUIT = 1 << 10  # at most one numbered suit
THREE_KANS = 1 << 11
NO_CHI = 1 << 12  # no called run
NO_MIDDLE = 1 << 13  # no 4, 5 or 6: every set can hold a terminal or honour
THREE_SUITS = 1 << 14  # all three numbered suits
FULL_SUIT = 1 << 15  # 1 to 9 of some suit

_MIDDLE_MASK = sum(1 << (suit + n) for suit in (0, 9, 18) for n in (3, 4, 5))


def suits_used(mask: int) -> int:
    return (mask & SUIT_MASKS[0] != 0) + (mask & SUIT_MASKS[1] != 0) + (mask & SUIT_MASKS[2] != 0)


def hand_needs(facts: HandFacts, ctx: RiichiWinContext) -> int:
    """The need bits this hand has."""
    mask = facts.mask
    bits = SELF_DRAWN if facts.self_drawn else DISCARD
    if facts.closed:
        bits |= CLOSED
    if not facts.has_melds:
        bits |= NO_MELDS
    if ctx.riichi or ctx.double_riichi or ctx.ippatsu or ctx.last_tile or ctx.rinshan or ctx.chankan or ctx.first_turn:
        bits |= SITUATION
    if mask & HONOR_MASK:
        bits |= HONORS
        if max(facts.counts[27:34]) >= 3:
            bits |= HONOR_PUNG
    if mask & TERMINAL_MASK:
        bits |= TERMINALS
    if not mask & TERMINAL_OR_HONOR_MASK:
        bits |= ALL_SIMPLES
    if not mask & SIMPLE_MASK:
        bits |= NO_SIMPLES
    suits = suits_used(mask)
    if suits <= 1:
        bits |= ONE_SUIT
    elif suits == 3:
        bits |= THREE_SUITS
    man, pin, sou = SUIT_MASKS
    if mask & man == man or mask & pin == pin or mask & sou == sou:
        bits |= FULL_SUIT
    if facts.meld_kans >= 3:
        bits |= THREE_KANS
    if not facts.meld_runs:
        bits |= NO_CHI
    if not mask & _MIDDLE_MASK:
        bits |= NO_MIDDLE
    return bits


class Yaku:
    """A scoring pattern.  Subclasses set the class attributes and ``applies``."""

    name: str = ""  # the Japanese name, as Tenhou and most players say it
    english: str = ""  # the English name shown beside it
    han_closed: int = 0
    han_open: int | None = None
    scope: str = SHAPE
    needs: int = 0
    yakuman: int = 0  # 1 for a yakuman, 0 for an ordinary yaku
    doubled_by_option: bool = False  # a double yakuman when ``RiichiOptions.double_yakuman``

    def applies(self, shape: Shape | None, facts: HandFacts, ctx: RiichiWinContext, opts: RiichiOptions) -> bool:
        raise NotImplementedError

    def offered(self, opts: RiichiOptions) -> bool:
        """Whether the options play this yaku at all (the rules help lists only those)."""
        return True

    def han(self, closed: bool) -> int:
        return self.han_closed if closed else (self.han_open or 0)

    @property
    def all_needs(self) -> int:
        """``needs`` plus a closed hand for a yaku that has no open value."""
        return self.needs | (CLOSED if self.han_open is None else 0)

    def __repr__(self) -> str:
        return f"<{self.name}>"


# --- declared and situational ----------------------------------------------------------


class Riichi(Yaku):
    name, han_closed, scope, needs = "Riichi", 1, WIN, SITUATION
    english = "Ready hand"

    def applies(self, shape, facts, ctx, opts):
        return ctx.riichi and not ctx.double_riichi


class DoubleRiichi(Yaku):
    """Riichi declared with the first discard, before any call."""

    name, han_closed, scope, needs = "Double riichi", 2, WIN, SITUATION
    english = "Double ready"

    def applies(self, shape, facts, ctx, opts):
        return ctx.double_riichi


class Ippatsu(Yaku):
    """A win within one go-round after riichi, with no call in between."""

    name, han_closed, scope, needs = "Ippatsu", 1, WIN, SITUATION
    english = "One-shot"

    def applies(self, shape, facts, ctx, opts):
        return ctx.ippatsu


class MenzenTsumo(Yaku):
    name, han_closed, scope, needs = "Menzen tsumo", 1, WIN, SELF_DRAWN
    english = "Fully concealed self-draw"

    def applies(self, shape, facts, ctx, opts):
        return True


class Haitei(Yaku):
    """Self-drawing the last tile of the live wall (a kan replacement tile is not it)."""

    name, han_closed, han_open, scope, needs = "Haitei raoyue", 1, 1, WIN, SITUATION | SELF_DRAWN
    english = "Last tile self-draw"

    def applies(self, shape, facts, ctx, opts):
        return ctx.last_tile and not ctx.rinshan


class Houtei(Yaku):
    """Ron on the last discard of the hand."""

    name, han_closed, han_open, scope, needs = "Houtei raoyui", 1, 1, WIN, SITUATION | DISCARD
    english = "Last discard"

    def applies(self, shape, facts, ctx, opts):
        return ctx.last_tile


class Rinshan(Yaku):
    name, han_closed, han_open, scope, needs = "Rinshan kaihou", 1, 1, WIN, SITUATION | SELF_DRAWN
    english = "Win on a kong replacement"

    def applies(self, shape, facts, ctx, opts):
        return ctx.rinshan


class Chankan(Yaku):
    name, han_closed, han_open, scope, needs = "Chankan", 1, 1, WIN, SITUATION | DISCARD
    english = "Robbing a kong"

    def applies(self, shape, facts, ctx, opts):
        return ctx.chankan


class Renhou(Yaku):
    """A non-dealer's ron before their first draw; a mangan (5 han) by option, or off."""

    name, han_closed, scope, needs = "Renhou", 5, WIN, SITUATION | DISCARD | NO_MELDS
    english = "Blessing of man"

    def offered(self, opts):
        return opts.renhou == "mangan"

    def applies(self, shape, facts, ctx, opts):
        return self.offered(opts) and ctx.first_turn and not ctx.is_dealer


# --- which tiles ------------------------------------------------------------------------


class Tanyao(Yaku):
    """All simples (2-8); in an open hand only with kuitan."""

    name, han_closed, han_open, scope, needs = "Tanyao", 1, 1, TILES, ALL_SIMPLES
    english = "All simples"

    def applies(self, shape, facts, ctx, opts):
        return facts.closed or opts.kuitan


class Honitsu(Yaku):
    """One suit plus honours."""

    name, han_closed, han_open, scope, needs = "Honitsu", 3, 2, TILES, ONE_SUIT | HONORS
    english = "Half flush"

    def applies(self, shape, facts, ctx, opts):
        return suits_used(facts.mask) == 1


class Chinitsu(Yaku):
    """One suit and nothing else."""

    name, han_closed, han_open, scope, needs = "Chinitsu", 6, 5, TILES, ONE_SUIT
    english = "Full flush"

    def applies(self, shape, facts, ctx, opts):
        return not facts.mask & HONOR_MASK


class Honroutou(Yaku):
    """Only terminals and honours, of both kinds (all honours or all terminals are yakuman)."""

    name, han_closed, han_open, scope, needs = "Honroutou", 2, 2, TILES, NO_SIMPLES | HONORS | TERMINALS
    english = "All terminals and honours"

    def applies(self, shape, facts, ctx, opts):
        return True


def honor_pungs(facts: HandFacts, first: int, last: int) -> int:
    """How many of the honours ``first``..``last`` the hand has three or four of."""
    counts = facts.counts
    return sum(1 for k in range(first, last + 1) if counts[k] >= 3)


class _ValuedPung(Yaku):
    """A pung or kan of a valued honour (three or four of an honour are always its pung)."""

    han_closed, han_open, scope, needs = 1, 1, TILES, HONOR_PUNG

    def kind_of(self, facts: HandFacts) -> int:
        raise NotImplementedError

    def applies(self, shape, facts, ctx, opts):
        return facts.counts[self.kind_of(facts)] >= 3


class SeatWind(_ValuedPung):
    name = "Yakuhai: seat wind"
    english = "Seat wind"

    def kind_of(self, facts):
        return facts.seat_wind_kind


class RoundWind(_ValuedPung):
    name = "Yakuhai: round wind"
    english = "Round wind"

    def kind_of(self, facts):
        return facts.round_wind_kind


class WhiteDragon(_ValuedPung):
    name = "Yakuhai: white dragon"
    english = "White dragon"

    def kind_of(self, facts):
        return WHITE


class GreenDragon(_ValuedPung):
    name = "Yakuhai: green dragon"
    english = "Green dragon"

    def kind_of(self, facts):
        return GREEN


class RedDragon(_ValuedPung):
    name = "Yakuhai: red dragon"
    english = "Red dragon"

    def kind_of(self, facts):
        return RED


class Shousangen(Yaku):
    """Two dragon pungs and a dragon pair."""

    name, han_closed, han_open, scope, needs = "Shousangen", 2, 2, TILES, HONOR_PUNG
    english = "Little three dragons"

    def applies(self, shape, facts, ctx, opts):
        return honor_pungs(facts, WHITE, RED) == 2 and 2 in facts.counts[WHITE : RED + 1]


class Sankantsu(Yaku):
    name, han_closed, han_open, scope, needs = "Sankantsu", 2, 2, TILES, THREE_KANS
    english = "Three kongs"

    def applies(self, shape, facts, ctx, opts):
        return facts.meld_kans == 3


# --- the shape --------------------------------------------------------------------------


class Pinfu(Yaku):
    """Closed, four runs, a pair that earns no fu, and a two-sided wait."""

    name, han_closed, needs = "Pinfu", 1, NO_MELDS
    english = "No-points hand"

    def applies(self, shape, facts, ctx, opts):
        return shape.wait == RYANMEN and len(shape.runs) == 4 and not facts.is_valued(shape.pair)


class Iipeikou(Yaku):
    """Two identical runs in a closed hand."""

    name, han_closed = "Iipeikou", 1
    english = "Pure double chow"

    def applies(self, shape, facts, ctx, opts):
        return shape.peikou == 1


class Ryanpeikou(Yaku):
    """Two pairs of identical runs in a closed hand (it replaces iipeikou and beats chiitoitsu)."""

    name, han_closed = "Ryanpeikou", 3
    english = "Twice pure double chow"

    def applies(self, shape, facts, ctx, opts):
        return shape.peikou == 2


class Chiitoitsu(Yaku):
    """Seven different pairs."""

    name, han_closed, needs = "Chiitoitsu", 2, NO_MELDS
    english = "Seven pairs"

    def applies(self, shape, facts, ctx, opts):
        return shape.form == SEVEN_PAIRS


def _same_number_in_three_suits(kinds: tuple[int, ...]) -> bool:
    """Whether ``kinds`` (run starts or pung kinds) hold one number in man, pin and sou."""
    return len(kinds) >= 3 and any(k < 9 and k + 9 in kinds and k + 18 in kinds for k in kinds)


class Sanshoku(Yaku):
    """The same run in all three suits."""

    name, han_closed, han_open, needs = "Sanshoku doujun", 2, 1, THREE_SUITS
    english = "Mixed triple chow"

    def applies(self, shape, facts, ctx, opts):
        return _same_number_in_three_suits(shape.runs)


class Ittsu(Yaku):
    """1-2-3, 4-5-6 and 7-8-9 of one suit."""

    name, han_closed, han_open, needs = "Ittsu", 2, 1, FULL_SUIT
    english = "Pure straight"

    def applies(self, shape, facts, ctx, opts):
        runs = shape.runs
        if len(runs) < 3:
            return False
        return any(b in runs and b + 3 in runs and b + 6 in runs for b in (0, 9, 18))


def _all_sets_outside(shape: Shape) -> bool:
    """Every set and the pair hold a terminal or an honour, and there is at least one run."""
    if not shape.runs:
        return False
    if any(r % 9 not in (0, 6) for r in shape.runs):
        return False
    outside = TERMINAL_OR_HONOR_MASK
    return all(outside >> k & 1 for k in shape.triplets) and bool(outside >> shape.pair & 1)


class Chanta(Yaku):
    """Every set and the pair hold a terminal or an honour; with honours and a run."""

    name, han_closed, han_open, needs = "Chanta", 2, 1, HONORS | NO_MIDDLE
    english = "Outside hand"

    def applies(self, shape, facts, ctx, opts):
        return _all_sets_outside(shape)


class Junchan(Yaku):
    """Every set and the pair hold a terminal; no honours, at least one run."""

    name, han_closed, han_open, needs = "Junchan", 3, 2, TERMINALS | NO_MIDDLE
    english = "Terminals in every set"

    def applies(self, shape, facts, ctx, opts):
        return not facts.mask & HONOR_MASK and _all_sets_outside(shape)


class Toitoi(Yaku):
    """Four pungs or kans."""

    name, han_closed, han_open, needs = "Toitoi", 2, 2, NO_CHI
    english = "All pungs"

    def applies(self, shape, facts, ctx, opts):
        return len(shape.triplets) == 4


class Sanankou(Yaku):
    """Three concealed pungs or kans (a pung completed by ron is not concealed)."""

    name, han_closed, han_open = "Sanankou", 2, 2
    english = "Three concealed pungs"

    def applies(self, shape, facts, ctx, opts):
        return shape.concealed_triplets == 3


class SanshokuDoukou(Yaku):
    """Pungs of the same number in all three suits."""

    name, han_closed, han_open, needs = "Sanshoku doukou", 2, 2, THREE_SUITS
    english = "Triple pung"

    def applies(self, shape, facts, ctx, opts):
        return _same_number_in_three_suits(shape.triplets)


YAKU: tuple[Yaku, ...] = (
    Riichi(),
    DoubleRiichi(),
    Ippatsu(),
    MenzenTsumo(),
    Pinfu(),
    Tanyao(),
    Iipeikou(),
    SeatWind(),
    RoundWind(),
    WhiteDragon(),
    GreenDragon(),
    RedDragon(),
    Haitei(),
    Houtei(),
    Rinshan(),
    Chankan(),
    Renhou(),
    Chiitoitsu(),
    Sanshoku(),
    Ittsu(),
    Chanta(),
    Toitoi(),
    Sanankou(),
    SanshokuDoukou(),
    Sankantsu(),
    Honroutou(),
    Shousangen(),
    Honitsu(),
    Junchan(),
    Ryanpeikou(),
    Chinitsu(),
)
