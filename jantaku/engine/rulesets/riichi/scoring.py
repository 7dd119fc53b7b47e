"""The riichi scorer: yaku, dora, fu, limits and payments of a winning hand.

Three entry points:

* :func:`score_win` — what the game engine calls: concealed tiles (winning
  tile included), melds, the winning tile, a :class:`RiichiWinContext`.
* :func:`score_request` — the calculator's (``jantaku score riichi``).
* :func:`is_winning` / :func:`has_yaku` — cheap checks for the engine and
  bots ("may this hand win?").

Every reading of the hand is scored (each split into sets × each set the
winning tile may have completed); the best one counts: the most points, then
a real yakuman over a counted one, then more han, then more fu.

Items: each yaku and each kind of dora is one ``han`` item; a yakuman is a
``han`` item worth 13 (26 when it counts double), so ``han`` of a yakuman hand
is 13 × its multiple; each fu rule is one ``fu`` item, the last one
(``Rounded up``) bringing the sum to the hand's fu.  A yakuman hand lists no
fu and reports ``fu`` 0.

    >>> from jantaku.engine.tiles import parse_tiles
    >>> tiles = parse_tiles("234m456p678s55p333m")
    >>> r = score_win(tiles, [], tiles[-1], RiichiWinContext(seat_wind=1, self_drawn=True, riichi=True))
    >>> [(i.name, i.value) for i in r.items if i.unit == "han"], r.values, r.payments
    ([('Riichi', 1), ('Menzen tsumo', 1), ('Tanyao', 1)], {'han': 3, 'fu': 30}, {0: -2000, 1: 4000, 2: -1000, 3: -1000})
"""

from __future__ import annotations

from collections.abc import Sequence

from ...melds import Meld
from ...scoring import ScoreItem, ScoreRequest, ScoreResult
from .context import RiichiWinContext
from .dora import ENGLISH_DORA, dora_items
from .fu import ROUNDING, fu_items, meld_fu_items
from .options import DEFAULT_OPTIONS, RiichiOptions, riichi_options
from .points import base_points, hand_value, win_payments, yakuman_points
from .shape import HandFacts, Shape, interpretations, is_complete_shape
from .catalogue import candidate_yaku
from .yaku import YAKU, Pinfu, Yaku, hand_needs

_PINFU = next(y for y in YAKU if isinstance(y, Pinfu))

NO_YAKU = "no yaku"
NOT_COMPLETE = "not a complete hand"

# riichi's names for the calculator's flags
_FLAG_FIELDS = {
    "riichi": "riichi",
    "double_riichi": "double_riichi",
    "ippatsu": "ippatsu",
    "last_tile": "last_tile",
    "replacement": "rinshan",
    "robbed_kong": "chankan",
    "first_turn": "first_turn",
}

_items: dict[tuple[str, int, str], ScoreItem] = {}


def _item(name: str, value: int, unit: str, english: str | None = None) -> ScoreItem:
    """Items are immutable and few, so each one is made once and shared."""
    key = (name, value, unit)
    item = _items.get(key)
    if item is None:
        item = _items[key] = ScoreItem(name, value, unit, english or ENGLISH_DORA.get(name))
    return item


class _Reading:
    """One reading scored.  ``key`` orders readings: points, real yakuman, han, fu."""

    __slots__ = ("key", "yaku", "yakuman", "han", "fu", "fu_items", "base", "limit")

    def __init__(
        self,
        yaku: list[Yaku],
        yakuman: list[tuple[Yaku, int]],
        han: int,
        fu: int,
        fu_items: list[tuple[str, int]],
        base: int,
        limit: str | None,
    ) -> None:
        self.yaku = yaku
        self.yakuman = yakuman
        self.han = han
        self.fu = fu
        self.fu_items = fu_items
        self.base = base
        self.limit = limit
        self.key = (base, 1 if yakuman else 0, han, fu)


def _counted_yakuman(yakuman: list[Yaku], opts: RiichiOptions) -> list[tuple[Yaku, int]]:
    """Each yakuman with its multiple (2 for a double pattern when the rules say so)."""
    counted = [(y, 2 if y.doubled_by_option and opts.double_yakuman else 1) for y in yakuman]
    if not opts.multiple_yakuman:
        counted = [max(counted, key=lambda pair: pair[1])]
    return counted


_NO_YAKU_READING = _Reading([], [], 0, 0, [], 0, None)


class _Scorer:
    """Scores the readings of one hand; what all readings share is worked out once."""

    def __init__(self, facts: HandFacts, ctx: RiichiWinContext, opts: RiichiOptions) -> None:
        self.facts, self.ctx, self.opts = facts, ctx, opts
        candidates = candidate_yaku(hand_needs(facts, ctx))
        hand_yaku = [y for y in candidates.hand if y.applies(None, facts, ctx, opts)]
        self.hand_yakuman = [y for y in hand_yaku if y.yakuman]
        self.hand_ordinary = [y for y in hand_yaku if not y.yakuman]
        self.shape_yakuman = candidates.shape_yakuman
        self.shape_ordinary = candidates.shape_ordinary
        self._dora: list[tuple[str, int]] | None = None
        self._dora_han = 0
        self._melds_fu: list[tuple[str, int]] | None = None

    def _count_dora(self) -> None:
        """Dora are counted on first need: a hand without yaku needs none."""
        f, ctx = self.facts, self.ctx
        self._dora = dora_items(
            f.counts,
            f.mask,
            f.tiles,
            ctx.dora_indicators,
            ctx.ura_indicators,
            riichi=ctx.in_riichi,
            aka=self.opts.aka_dora,
        )
        for _, n in self._dora:
            self._dora_han += n

    def score(self, shape: Shape) -> _Reading:
        facts, ctx, opts = self.facts, self.ctx, self.opts
        limit: str | None  # named for a yakuman, None below mangan
        yakuman = self.hand_yakuman
        if self.shape_yakuman:
            yakuman = yakuman + [y for y in self.shape_yakuman if y.applies(shape, facts, ctx, opts)]
        if yakuman:
            counted = _counted_yakuman(yakuman, opts)
            multiple = sum(n for _, n in counted)
            base, limit = yakuman_points(multiple)
            return _Reading([], counted, 13 * multiple, 0, [], base, limit)
        found = self.hand_ordinary
        if self.shape_ordinary:
            found = found + [y for y in self.shape_ordinary if y.applies(shape, facts, ctx, opts)]
        if not found:
            return _NO_YAKU_READING
        han = 0
        if facts.closed:
            for y in found:
                han += y.han_closed
        else:
            for y in found:
                han += y.han_open or 0  # never None here: a closed-only yaku is no candidate in an open hand
        if self._melds_fu is None:
            self._melds_fu = meld_fu_items(facts) if facts.has_melds else []
        items, fu = fu_items(shape, facts, self._melds_fu, _PINFU in found, opts.double_wind_pair_fu)
        if self._dora is None:
            self._count_dora()
        han += self._dora_han
        base, limit = base_points(han, fu, kiriage=opts.kiriage_mangan, kazoe_yakuman=opts.kazoe_yakuman)
        return _Reading(found, [], han, fu, items, base, limit)

    def best(self, shapes: list[Shape]) -> _Reading:
        best = self.score(shapes[0])
        for shape in shapes[1:]:
            reading = self.score(shape)
            if reading.key > best.key:
                best = reading
        return best

    def result(self, reading: _Reading) -> ScoreResult:
        ctx = self.ctx
        if reading.yakuman:
            items = [_item(y.name, 13 * n, "han", y.english) for y, n in reading.yakuman]
        else:
            closed = self.facts.closed
            items = [_item(y.name, y.han(closed), "han", y.english) for y in reading.yaku]
            assert self._dora is not None  # counted by score() for every reading with yaku
            items += [_item(name, n, "han") for name, n in self._dora]
            items += [_item(name, v, "fu") for name, v in reading.fu_items]
            extra = reading.fu - sum(v for _, v in reading.fu_items)
            if extra:
                items.append(_item(ROUNDING, extra, "fu"))
        payments = win_payments(reading.base, winner=ctx.seat_wind, payer=ctx.payer, honba=ctx.honba, sticks=ctx.sticks)
        value = hand_value(
            reading.base,
            han=reading.han,
            fu=reading.fu,
            limit=reading.limit,
            dealer=ctx.seat_wind == 0,
            self_drawn=ctx.payer is None,
        )
        return ScoreResult(
            is_win=True,
            items=items,
            score=reading.base,
            limit=reading.limit,
            values={"han": reading.han, "fu": reading.fu},
            payments=payments,
            hand_value=value.text,
            hand_points=value.points,
        )


def _check_hand(concealed_tiles: Sequence[int], melds: Sequence[Meld], win_tile: int) -> str | None:
    size = len(concealed_tiles) + 3 * len(melds)
    if size != 14:
        hint = " (the concealed tiles include the winning tile)" if size == 13 else ""
        return f"a winning hand has 14 tiles counting 3 per meld, not {size}{hint}"
    if win_tile not in concealed_tiles:
        return "the winning tile is not among the concealed tiles"
    return None


def score_win(
    concealed_tiles: Sequence[int],
    melds: Sequence[Meld],
    win_tile: int,
    context: RiichiWinContext,
    options: RiichiOptions = DEFAULT_OPTIONS,
) -> ScoreResult:
    """Score a win; ``is_win`` is False with ``error`` "not a complete hand" or "no yaku"."""
    problem = _check_hand(concealed_tiles, melds, win_tile)
    if problem:
        return ScoreResult.not_a_win(problem)
    facts = HandFacts.build(
        concealed_tiles, melds, win_tile >> 2, context.self_drawn, context.seat_wind, context.round_wind
    )
    problem = context.conflict(facts.closed, facts.has_melds)
    if problem:
        return ScoreResult.not_a_win(problem)
    shapes = interpretations(facts)
    if not shapes:
        return ScoreResult.not_a_win(NOT_COMPLETE)
    scorer = _Scorer(facts, context, options)
    best = scorer.best(shapes)
    if not best.han:
        return ScoreResult.not_a_win(NO_YAKU)
    return scorer.result(best)


def is_winning(concealed_tiles: Sequence[int], melds: Sequence[Meld] = ()) -> bool:
    """Whether the tiles form a winning shape (yaku not considered)."""
    counts = [0] * 34
    for t in concealed_tiles:
        counts[t >> 2] += 1
    return is_complete_shape(tuple(counts), bool(melds))


def has_yaku(
    concealed_tiles: Sequence[int],
    melds: Sequence[Meld],
    win_tile: int,
    context: RiichiWinContext,
    options: RiichiOptions = DEFAULT_OPTIONS,
) -> bool:
    """Whether this complete hand may legally win (it has a yaku); False for an incomplete hand."""
    if _check_hand(concealed_tiles, melds, win_tile):
        return False
    facts = HandFacts.build(
        concealed_tiles, melds, win_tile >> 2, context.self_drawn, context.seat_wind, context.round_wind
    )
    shapes = interpretations(facts)
    if not shapes:
        return False
    candidates = candidate_yaku(hand_needs(facts, context))
    if any(y.applies(None, facts, context, options) for y in candidates.hand):
        return True
    shape_yaku = candidates.shape_yakuman + candidates.shape_ordinary
    return any(y.applies(s, facts, context, options) for s in shapes for y in shape_yaku)


# --- the calculator ----------------------------------------------------------------


def context_from_request(req: ScoreRequest) -> RiichiWinContext:
    """The win context a calculator request describes; raises ``ValueError`` for other variants' flags."""
    unknown = sorted(f for f in req.flags if f not in _FLAG_FIELDS)
    if unknown:
        raise ValueError(f"flag(s) {', '.join(unknown)} are not riichi rules")
    flags = {_FLAG_FIELDS[f]: True for f in req.flags}
    return RiichiWinContext(
        seat_wind=req.seat,
        round_wind=req.round,
        self_drawn=req.self_drawn,
        discarder=req.discarder,
        dora_indicators=tuple(req.dora),
        ura_indicators=tuple(req.ura),
        honba=req.honba,
        sticks=req.sticks,
        **flags,
    )


def score_request(req: ScoreRequest) -> ScoreResult:
    """Score a calculator request (``jantaku score riichi``)."""
    options = riichi_options(req.preset, req.options)
    if req.win is None:
        return ScoreResult.not_a_win("riichi scores winning hands only: give the winning tile")
    if req.hand.bonus:
        return ScoreResult.not_a_win("riichi has no bonus tiles")
    if req.void is not None:
        return ScoreResult.not_a_win("riichi has no void suit")
    try:
        context = context_from_request(req)
    except ValueError as exc:
        return ScoreResult.not_a_win(str(exc))
    return score_win(req.hand.concealed, req.hand.melds, req.win, context, options)
