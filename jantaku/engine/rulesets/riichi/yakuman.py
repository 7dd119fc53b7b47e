"""The yakuman, one small class each.  A yakuman replaces every ordinary yaku and the dora.

The four patterns that some rules count double (``RiichiOptions.double_yakuman``)
are their own classes with ``doubled_by_option``: kokushi on the 13-sided
wait, suuankou on the pair wait, daisuushii and junsei chuuren.

    >>> [y.name for y in YAKUMAN if y.doubled_by_option]
    ['Kokushi musou 13-sided wait', 'Suuankou tanki', 'Daisuushii', 'Junsei chuuren poutou']
"""

from __future__ import annotations

from ...tiles import EAST, NORTH, RED, WHITE
from .shape import GREEN_MASK, HONOR_MASK, TANKI, THIRTEEN_ORPHANS, THIRTEEN_SIDED
from .yaku import (
    HONOR_PUNG,
    HONORS,
    NO_MELDS,
    NO_SIMPLES,
    ONE_SUIT,
    SELF_DRAWN,
    SITUATION,
    DISCARD,
    TERMINALS,
    THREE_KANS,
    TILES,
    WIN,
    Yaku,
    honor_pungs,
)

_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


class Yakuman(Yaku):
    yakuman = 1
    han_closed = 13
    han_open: int | None = 13


class Kokushi(Yakuman):
    """Thirteen orphans: one of each terminal and honour plus a pair of one of them."""

    name, han_open, needs = "Kokushi musou", None, NO_MELDS | NO_SIMPLES
    english = "Thirteen orphans"

    def applies(self, shape, facts, ctx, opts):
        return shape.form == THIRTEEN_ORPHANS and shape.wait != THIRTEEN_SIDED


class Kokushi13(Yakuman):
    """Thirteen orphans won on the 13-sided wait (holding all thirteen before the win)."""

    name, han_open, needs, doubled_by_option = "Kokushi musou 13-sided wait", None, NO_MELDS | NO_SIMPLES, True
    english = "Thirteen orphans, 13-sided wait"

    def applies(self, shape, facts, ctx, opts):
        return shape.form == THIRTEEN_ORPHANS and shape.wait == THIRTEEN_SIDED


class Suuankou(Yakuman):
    """Four concealed pungs or kans, the last one completed by self-draw (the pair wait: :class:`SuuankouTanki`)."""

    name, han_open = "Suuankou", None
    english = "Four concealed pungs"

    def applies(self, shape, facts, ctx, opts):
        return shape.concealed_triplets == 4 and shape.wait != TANKI


class SuuankouTanki(Yakuman):
    """Four concealed pungs, won on the pair."""

    name, han_open, doubled_by_option = "Suuankou tanki", None, True
    english = "Four concealed pungs, single wait"

    def applies(self, shape, facts, ctx, opts):
        return shape.concealed_triplets == 4 and shape.wait == TANKI


class Daisangen(Yakuman):
    """Pungs of all three dragons."""

    name, scope, needs = "Daisangen", TILES, HONOR_PUNG
    english = "Big three dragons"

    def applies(self, shape, facts, ctx, opts):
        return honor_pungs(facts, WHITE, RED) == 3


class Shousuushii(Yakuman):
    """Three wind pungs and a wind pair."""

    name, scope, needs = "Shousuushii", TILES, HONOR_PUNG
    english = "Little four winds"

    def applies(self, shape, facts, ctx, opts):
        return honor_pungs(facts, EAST, NORTH) == 3 and 2 in facts.counts[EAST : NORTH + 1]


class Daisuushii(Yakuman):
    """Pungs of all four winds."""

    name, scope, needs, doubled_by_option = "Daisuushii", TILES, HONOR_PUNG, True
    english = "Big four winds"

    def applies(self, shape, facts, ctx, opts):
        return honor_pungs(facts, EAST, NORTH) == 4


class Tsuuiisou(Yakuman):
    """Only honours."""

    name, scope, needs = "Tsuuiisou", TILES, NO_SIMPLES | HONORS
    english = "All honours"

    def applies(self, shape, facts, ctx, opts):
        return not facts.mask & ~HONOR_MASK


class Chinroutou(Yakuman):
    """Only terminals."""

    name, scope, needs = "Chinroutou", TILES, NO_SIMPLES | TERMINALS
    english = "All terminals"

    def applies(self, shape, facts, ctx, opts):
        return not facts.mask & HONOR_MASK


class Ryuuiisou(Yakuman):
    """Only 2 3 4 6 8 bamboo and green dragons (the green dragon is not required)."""

    name, scope, needs = "Ryuuiisou", TILES, ONE_SUIT
    english = "All green"

    def applies(self, shape, facts, ctx, opts):
        return not facts.mask & ~GREEN_MASK


def _nine_gates_suit(facts) -> tuple[int, ...] | None:
    """The nine counts of the one suit of a meld-free 1112345678999+1 hand, else None."""
    if facts.mask & HONOR_MASK:
        return None
    base = 9 * (min(k for k in range(27) if facts.concealed[k]) // 9)
    counts = facts.concealed[base : base + 9]
    if all(c >= need for c, need in zip(counts, _NINE_GATES)):
        return counts
    return None


class Chuuren(Yakuman):
    """Nine gates: 1112345678999 of one suit plus any tile of it, closed and without a kan."""

    name, han_open, scope, needs = "Chuuren poutou", None, TILES, NO_MELDS | ONE_SUIT
    english = "Nine gates"

    def applies(self, shape, facts, ctx, opts):
        counts = _nine_gates_suit(facts)
        return counts is not None and counts[facts.win % 9] == _NINE_GATES[facts.win % 9]


class JunseiChuuren(Yakuman):
    """Nine gates won on the nine-sided wait: the hand before the win was exactly 1112345678999."""

    name, han_open, scope, needs, doubled_by_option = "Junsei chuuren poutou", None, TILES, NO_MELDS | ONE_SUIT, True
    english = "Pure nine gates"

    def applies(self, shape, facts, ctx, opts):
        counts = _nine_gates_suit(facts)
        return counts is not None and counts[facts.win % 9] == _NINE_GATES[facts.win % 9] + 1


class Suukantsu(Yakuman):
    name, scope, needs = "Suukantsu", TILES, THREE_KANS
    english = "Four kongs"

    def applies(self, shape, facts, ctx, opts):
        return facts.meld_kans == 4


class Tenhou(Yakuman):
    """The dealer's win on the initial deal."""

    name, han_open, scope, needs = "Tenhou", None, WIN, SITUATION | SELF_DRAWN | NO_MELDS
    english = "Blessing of heaven"

    def applies(self, shape, facts, ctx, opts):
        return ctx.first_turn and ctx.is_dealer


class Chiihou(Yakuman):
    """A non-dealer's self-drawn win on the first draw, before any call."""

    name, han_open, scope, needs = "Chiihou", None, WIN, SITUATION | SELF_DRAWN | NO_MELDS
    english = "Blessing of earth"

    def applies(self, shape, facts, ctx, opts):
        return ctx.first_turn and not ctx.is_dealer


class RenhouYakuman(Yakuman):
    """A non-dealer's ron before their first draw, when the rules make it a yakuman."""

    name, han_open, scope, needs = "Renhou", None, WIN, SITUATION | DISCARD | NO_MELDS
    english = "Blessing of man"

    def offered(self, opts):
        return opts.renhou == "yakuman"

    def applies(self, shape, facts, ctx, opts):
        return self.offered(opts) and ctx.first_turn and not ctx.is_dealer


YAKUMAN: tuple[Yaku, ...] = (
    Kokushi(),
    Kokushi13(),
    Suuankou(),
    SuuankouTanki(),
    Daisangen(),
    Shousuushii(),
    Daisuushii(),
    Tsuuiisou(),
    Chinroutou(),
    Ryuuiisou(),
    Chuuren(),
    JunseiChuuren(),
    Suukantsu(),
    Tenhou(),
    Chiihou(),
    RenhouYakuman(),
)
