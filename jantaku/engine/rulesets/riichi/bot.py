"""A riichi bot (``riichi``): tile efficiency, riichi when ready, calls only with a yaku in sight,
and folding against a riichi.

* **Wins** are always taken; kyuushu kyuuhai is declared unless the hand is
  close to thirteen orphans.
* **Discards**: the lowest shanten, then the most tiles that still improve
  the hand (counting the copies the seat cannot see), isolated honours and
  terminals first.
* **Calls** only when they lower the shanten *and* the open hand keeps a
  yaku: a dragon or own-wind pung, an earlier one, or all simples (kuitan).
* **Defence**: when another player is in riichi and the bot is not ready,
  it throws the safest tile: the riichi player's own discards (genbutsu),
  then honours most of whose copies are visible, then tiles on the same
  suji as a discard, then terminals; middle tiles last.

The ``strong`` level (:class:`StrongRiichiBot`) keeps dora, reads furiten
after a riichi, builds on safely one step from ready, calls as people do
(all simples with a terminal or two still to throw, half flush) and stays
quiet with a hand already worth 7,700.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...actions import Action, ActionType, tile_of
from ...analysis import shanten, thirteen_orphans_shanten, waits
from ...bots.baseline import BaselineBot, own_hand, visible_counts
from ...bots.defence import passed_after_riichi
from ...bots.incremental import HandShape
from ...bots.patterns import flush_suit
from ...bots.seat import SeatReading
from ...tiles import EAST, TERMINALS_AND_HONORS, WHITE, counts34, dora_after, is_red, kind_of
from .context import RiichiWinContext
from .scoring import score_win
from ...melds import MeldType
from ...views import View
from .view import RiichiView

ABORT_UNLESS_ORPHANS_WITHIN = 2  # shanten to thirteen orphans worth playing on for
DORA_LIVE = 4  # ``strong``: a dora or red five in hand is worth this many live improving tiles
HALF_FLUSH_TILES = 11  # ``strong``: of 14 tiles, one suit plus honours that make calls for a half flush
OUTSIDE_TILES_TO_SHED = 2  # ``strong``: terminals and honours still in hand when calling for all simples
DAMA_BASE = 1920  # ``strong``: base points (7,700 to a non-dealer) that a ready hand needs to stay quiet
SAFE_PUSH = 2  # ``strong``: one step from ready against a riichi, tiles this safe still build the hand


def efficiency(counts: list[int], melds: int, seen: list[int]) -> dict[int, tuple[int, int]]:
    """For each kind held: (shanten after discarding it, live copies of the tiles that improve it).

    Only the kinds near the hand (held, or within two in a suit) count as improving, even for
    seven pairs and thirteen orphans: the count this bot was measured with."""
    shape = HandShape(counts, melds)
    after = {k: shape.shanten_after_discard(k) for k in range(34) if counts[k]}
    best = min(after.values())
    out = {}
    for k, sh in after.items():
        if sh > best:
            out[k] = (sh, 0)
            continue
        live = 0
        for u in shape.useful_after_discard(k, near_only=True):
            remaining = 4 - counts[u] + (u == k) - seen[u]
            if remaining > 0:
                live += remaining
        out[k] = (sh, live)
    return out


# --- defence -------------------------------------------------------------------------------------


def danger(kind: int, riichi_discards: set[int], visible: list[int]) -> int:
    """How dangerous ``kind`` is against one riichi player (0 = their own discard)."""
    if kind in riichi_discards:
        return 0
    if kind >= 27:
        return {4: 1, 3: 1, 2: 3}.get(visible[kind], 6)
    n = kind % 9
    low, high = kind - 3, kind + 3
    low_safe = n < 3 or low in riichi_discards
    high_safe = n > 5 or high in riichi_discards
    if (n < 3 and high in riichi_discards) or (n > 5 and low in riichi_discards):
        return 2  # suji on a terminal side
    if low_safe and high_safe and 2 < n < 6:
        return 4  # both suji of a middle tile
    if n in (0, 8):
        return 5
    if n in (1, 7):
        return 7
    return 8


class RiichiBot(BaselineBot):
    name = "riichi"

    def forms(self, view: View) -> dict[str, bool]:
        return {"seven_pairs": True, "thirteen_orphans": True}

    def choose(self, view: View, actions: Sequence[Action]) -> Action:
        types = {a.type for a in actions}
        if types & {ActionType.TSUMO, ActionType.RON}:
            return next(a for a in actions if a.type in (ActionType.TSUMO, ActionType.RON))
        if ActionType.ABORT in types:
            hand, _ = own_hand(view)
            if thirteen_orphans_shanten(counts34(hand)) > ABORT_UNLESS_ORPHANS_WITHIN:
                return next(a for a in actions if a.type is ActionType.ABORT)
        return super().choose(view, actions)

    # --- calls ---------------------------------------------------------------------------------

    def choose_claim(self, view: View, actions: Sequence[Action]) -> Action:
        passing = next(a for a in actions if a.type is ActionType.PASS)
        if self._riichi_opponents(view) and not self._ready(view):
            return passing
        calls = [
            a
            for a in actions
            if a.type in (ActionType.PON, ActionType.CHI, ActionType.KAN) and self._keeps_a_yaku(view, a)
        ]
        if not calls:
            return passing
        return super().choose_claim(view, [passing, *calls])

    def _keeps_a_yaku(self, view: View, call: Action) -> bool:
        me = view.me
        valued = {WHITE, WHITE + 1, WHITE + 2, EAST + view.round_wind, EAST + me.wind}
        called = kind_of(tile_of(call))
        if call.type is not ActionType.CHI and called in valued:
            return True
        if any(m.type is not MeldType.CHI and kind_of(m.tiles[1]) in valued for m in me.melds):
            return True
        tiles = list(me.concealed_tiles) + [t for m in me.melds for t in m.tiles if t >= 0] + [tile_of(call)]
        return all(kind_of(t) not in TERMINALS_AND_HONORS for t in tiles)

    # --- own turn --------------------------------------------------------------------------------

    def choose_turn(self, view: View, by_type: dict[ActionType, list[Action]]) -> Action:
        discards = by_type.get(ActionType.DISCARD, [])
        if self._riichi_opponents(view) and not self._ready(view) and discards:
            return self._safest(view, discards)
        riichi = by_type.get(ActionType.RIICHI, [])
        if riichi:
            return self._best(view, riichi)
        if len(discards) == 1 and not by_type.get(ActionType.ANKAN):  # after riichi: tsumogiri
            return discards[0]
        for kong in by_type.get(ActionType.ANKAN, []):
            if self._kan_keeps_shanten(view, kong):
                return kong
        return self._best(view, discards) if discards else next(iter(next(iter(by_type.values()))))

    def _best(self, view: View, options: list[Action]) -> Action:
        hand, melds = own_hand(view)
        ranked = efficiency(counts34(hand), melds, visible_counts(view))
        value = self.tile_value
        # the least (shanten, -(live tiles + dora worth), terminal or honour first, sort key); the
        # sort key (dearer to build) is asked only among the options tied before it
        best: tuple[int, int, int] | None = None
        tied: list[Action] = []
        for a in options:
            tile = tile_of(a)
            k = kind_of(tile)
            sh, live = ranked[k]
            head = (sh, -(live - DORA_LIVE * value(view, tile)), 0 if k in TERMINALS_AND_HONORS else 1)
            if best is None or head < best:
                best, tied = head, [a]
            elif head == best:
                tied.append(a)
        return tied[0] if len(tied) == 1 else min(tied, key=lambda a: a.sort_key())

    def tile_value(self, view: View, tile: int) -> int:
        """Hook: han a tile brings by itself (``riichi`` ignores it; ``strong`` keeps dora)."""
        return 0

    def _kan_keeps_shanten(self, view: View, kong: Action) -> bool:
        """A concealed kan that costs no progress (it adds a dora and fu)."""
        hand, melds = own_hand(view)
        counts = counts34(hand)
        before = shanten(counts, melds)
        counts[kind_of(tile_of(kong))] -= 4
        return shanten(counts, melds + 1) <= before

    # --- defence ---------------------------------------------------------------------------------

    @staticmethod
    def _riichi_opponents(view: View) -> list[int]:
        flags = RiichiView.of(view).riichi
        return [s for s in range(4) if flags[s] and s != view.seat]

    @staticmethod
    def _ready(view: View) -> bool:
        """Ready now (13 tiles), or after the best discard (holding a drawn tile)."""
        hand, melds = own_hand(view)
        return shanten(counts34(hand), melds) <= 0

    def _safest(self, view: View, discards: list[Action]) -> Action:
        risk = self.riichi_danger(view)
        return min(discards, key=lambda a: (risk(kind_of(tile_of(a))), a.sort_key()))

    def riichi_danger(self, view: View) -> Callable[[int], int]:
        """Per kind: its :func:`danger` against the most dangerous riichi opponent.

        Read once per view (a decision may ask twice) and worked out once per kind."""
        cached = getattr(self, "_danger", None)
        if cached is not None and cached[0] is view:
            return cached[1]
        visible = visible_counts(view)
        hand, _ = own_hand(view)
        for t in hand:
            visible[kind_of(t)] += 1
        threats = [self.safe_against(view, s) for s in self._riichi_opponents(view)]
        risks: dict[int, int] = {}

        def risk(kind: int) -> int:
            found = risks.get(kind)
            if found is None:
                found = risks[kind] = max(danger(kind, seen, visible) for seen in threats)
            return found

        self._danger = (view, risk)
        return risk

    def safe_against(self, view: View, seat: int) -> set[int]:
        """Kinds that cannot deal in to ``seat``'s riichi: its own discards (furiten)."""
        return {kind_of(d.tile) for d in view.players[seat].discards}


class StrongRiichiBot(RiichiBot):
    """The ``strong`` level in riichi: the riichi bot, keeping dora and red fives over equal shapes.

    Against a riichi it also counts every tile the riichi player has let pass
    since declaring as safe (furiten, as safe as its own discards), and one step
    from ready it keeps building with a discard that is safe anyway
    (:data:`SAFE_PUSH`) instead of folding.  It calls like people do: for all
    simples with up to :data:`OUTSIDE_TILES_TO_SHED` terminals and honours
    still to throw, and for a half flush once :data:`HALF_FLUSH_TILES` of its
    tiles are one suit plus honours — and then throws first what that yaku
    cannot use, so the open hand keeps a yaku.  A closed ready hand worth
    :data:`DAMA_BASE` or more without riichi stays quiet (dama).
    """

    name = "strong"

    def choose_turn(self, view: View, by_type: dict[ActionType, list[Action]]) -> Action:
        riichi = by_type.get(ActionType.RIICHI, [])
        if riichi:
            chosen = self._best(view, riichi)
            quiet = [a for a in by_type.get(ActionType.DISCARD, []) if a.tile == chosen.tile]
            return quiet[0] if quiet and self.worth_dama(view, tile_of(chosen)) else chosen
        return super().choose_turn(view, by_type)

    @staticmethod
    def worth_dama(view: View, discard: int) -> bool:
        """Stay quiet (no riichi) when every live wait already wins by ron for :data:`DAMA_BASE` or more.

        Riichi would add little to such a hand and tell everyone to fold; a
        furiten wait (one of its own discards) needs riichi's self-draw chances.
        """
        me = view.me
        if me.melds:
            return False
        hand = [t for t in me.concealed_tiles if t != discard]
        counts = counts34(hand)
        own = {d.tile >> 2 for d in me.discards} | {discard >> 2}
        seen = visible_counts(view)
        context = RiichiWinContext(
            seat_wind=me.wind, round_wind=view.round_wind, dora_indicators=RiichiView.of(view).dora_indicators
        )
        live = False
        for kind in waits(counts, 0):
            if kind in own:
                return False
            if 4 - counts[kind] - seen[kind] <= 0:
                continue
            live = True
            tile = next(kind * 4 + c for c in (3, 2, 1, 0) if kind * 4 + c not in hand)
            result = score_win(hand + [tile], (), tile, context)
            if not result.is_win or result.score < DAMA_BASE:
                return False
        return live

    def safe_against(self, view: View, seat: int) -> set[int]:
        cached = getattr(self, "_reading", None)  # one reading of the view for every riichi opponent
        sv = cached[1] if cached is not None and cached[0] is view else SeatReading(view)
        self._reading = (view, sv)
        opp = next(o for o in sv.opponents if o.seat == seat)
        return super().safe_against(view, seat) | passed_after_riichi(sv, opp)

    def _safest(self, view: View, discards: list[Action]) -> Action:
        """One step from ready, keep building with a tile that is safe anyway; else fold."""
        hand, melds = own_hand(view)
        counts = counts34(hand)
        shape = HandShape(counts, melds)  # only the shanten after each discard counts here
        after = {k: shape.shanten_after_discard(k) for k in range(34) if counts[k]}
        best = min(after.values())
        if best == 1:
            risk = self.riichi_danger(view)
            safe = [
                a for a in discards if after[kind_of(tile_of(a))] == best and risk(kind_of(tile_of(a))) <= SAFE_PUSH
            ]
            if safe:
                return self._best(view, safe)
        return super()._safest(view, discards)

    def tile_value(self, view: View, tile: int) -> int:
        dora, red_fives = self._dora_reading(view)
        return dora[kind_of(tile)] + (red_fives and is_red(tile))

    def _dora_reading(self, view: View) -> tuple[list[int], bool]:
        """Per kind, how many dora it is in ``view``, and whether red fives count (kept for the view
        last asked: one decision asks per option)."""
        cached = getattr(self, "_dora", None)
        if cached is not None and cached[0] is view:
            return cached[1]
        dora = [0] * 34
        for t in RiichiView.of(view).dora_indicators:
            dora[dora_after(kind_of(t))] += 1
        reading = (dora, bool(view.rules.red_fives))
        self._dora = (view, reading)
        return reading

    # --- a half flush as the open hand's yaku --------------------------------------------------

    def flush_suit(self, view: View, extra: int | None = None) -> int | None:
        """The suit (0-2) a half flush can be built in (``extra``: a tile about to be called), or None."""
        return flush_suit(view, HALF_FLUSH_TILES, extra)

    def all_simples_within_reach(self, view: View, extra: int | None = None) -> bool:
        """Every meld (and ``extra``, a tile about to be called) simple, at most
        :data:`OUTSIDE_TILES_TO_SHED` terminals and honours left in hand to throw."""
        me = view.me
        meld_tiles = [t for m in me.melds for t in m.tiles if t >= 0] + ([extra] if extra is not None else [])
        if any(kind_of(t) in TERMINALS_AND_HONORS for t in meld_tiles):
            return False
        return sum(1 for t in me.concealed_tiles if kind_of(t) in TERMINALS_AND_HONORS) <= OUTSIDE_TILES_TO_SHED

    def _keeps_a_yaku(self, view: View, call: Action) -> bool:
        return (
            super()._keeps_a_yaku(view, call)
            or self.flush_suit(view, call.tile) is not None
            or self.all_simples_within_reach(view, call.tile)
        )

    def _best(self, view: View, options: list[Action]) -> Action:
        """An open hand throws first what its yaku cannot use: the other suits of a half flush, or the
        terminals and honours of all simples (unless a value-honour pung is its yaku)."""
        me = view.me
        if any(m.type is not MeldType.ANKAN for m in me.melds) and not self._has_value_pung(view):
            suit = self.flush_suit(view)
            if suit is not None:
                shed = [a for a in options if kind_of(tile_of(a)) < 27 and kind_of(tile_of(a)) // 9 != suit]
            elif self.all_simples_within_reach(view):
                shed = [a for a in options if kind_of(tile_of(a)) in TERMINALS_AND_HONORS]
            else:
                shed = []
            if shed:
                return super()._best(view, shed)
        return super()._best(view, options)

    @staticmethod
    def _has_value_pung(view: View) -> bool:
        me = view.me
        valued = {WHITE, WHITE + 1, WHITE + 2, EAST + view.round_wind, EAST + me.wind}
        return any(m.type is not MeldType.CHI and kind_of(m.tiles[1]) in valued for m in me.melds)
