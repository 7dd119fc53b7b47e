"""One hand of Hong Kong Old Style (DMJL "Easy") on the engine's table machine.

What the common flow already does the DMJL way is left to it: bonus tiles are
laid out and replaced at once (so they can never be discarded), the dead wall
stays at 14 tiles refilled from the live end, claims go Mah Jong > kong/pung
> chow with only the next player in turn winning, and the discard of the last
live tile may be claimed only for Mah Jong.  This class adds:

* the win check: a complete hand worth the minimum fan (:func:`.is_legal_win`),
  so a win below the minimum is never a legal action;
* concealed kongs dealt in the opening hand, declared during the opening
  bonus-tile replacement (a ``setup`` decision, dealer first);
* the last-tile rule's edge: a replacement draw that moved the last live tile
  to the dead wall was the last tile of the hand (``wall.remaining == 0``);
  a replacement needed after that ends the hand as a draw, as the dead wall
  keeps its 14 tiles (:meth:`.Wall.can_replace`);
* kongs in a row, for the kong-on-kong fan;
* the scorer with the liability option: whose discard fed each pung, and
  whether a discarder held only dangerous tiles;
* seat rotation: ``context.extra["seating"]`` lists the players in turn order
  from the East seat, and turn order, seat winds and chows follow it.

    >>> from jantaku.engine.ruleset import get_ruleset
    >>> table = get_ruleset("hongkong").new_table(seed=4)
    >>> len(table.tile_set()), table.dead_wall_size, len(table.wall.untaken_dead())
    (144, 14, 14)
"""

from __future__ import annotations

from typing import Any

from ...actions import Action, ActionType, Pass
from ...events import DrawEvent, KongEvent
from ...melds import HandSpec, Meld, MeldType, make_meld
from ...table import Table, meld_to_wire
from ...analysis import shanten, waits
from ...state import Phase, TurnSituation
from ...tiles import counts34, kind_of
from .evaluation import is_legal_win
from .events import LiabilityEvent
from .hand import WinFacts
from .liability import ShownSet, dangerous_kinds, had_no_choice, shown_sets
from .options import HongKongOptions
from .scoring import LiabilityContext, score_hand
from ...views import frozen_builder
from .view import HongKongView

DEFAULT_SEATING = (0, 1, 2, 3)
_new_hongkong_view = frozen_builder(HongKongView)  # built for every seat after every decision


class HongKongTable(Table):
    name = "hongkong"
    dead_wall_size = 14
    seven_pairs = False
    thirteen_orphans = True
    multi_win = False

    def __init__(self, options: HongKongOptions, **kwargs: Any):
        self.bonus_tiles = options.bonus_tiles
        context = kwargs.get("context")
        self.seating = tuple(context.extra.get("seating", DEFAULT_SEATING)) if context else DEFAULT_SEATING
        self._opening_seats: list[int] = []  # seats still to answer the opening-kong question
        self._discard_without_choice = False  # the current discard came from a hand of only dangerous tiles
        self._fed_without_choice: list[set[int]] = [set() for _ in range(4)]  # meld indices per seat
        self._below_minimum: dict[int, tuple[tuple[tuple[int, ...], int, int], bool]] = {}  # seat → (hand, answer)
        super().__init__(options, **kwargs)

    # --- seating: turn order follows the seats, not the seat numbers ---------------------

    def position(self, seat: int) -> int:
        """Where ``seat`` sits, counted in turn order from the East seat."""
        return self.seating.index(seat)

    def next_seat(self, seat: int) -> int:
        return self.seating[(self.position(seat) + 1) % 4]

    def order_from(self, start: int) -> list[int]:
        # the base class counts seat numbers; with seat rotation the seating decides the order
        first = self.position(start)
        return [self.seating[(first + i) % 4] for i in range(4)]

    def seat_wind(self, seat: int) -> int:
        return (self.position(seat) - self.position(self.context.dealer)) % 4

    def seat_of_wind(self, wind: int) -> int:
        return self.seating[(self.position(self.context.dealer) + wind) % 4]

    # --- the opening: concealed kongs declared while bonus tiles are replaced ---------------

    def after_deal(self) -> None:
        if self.phase is not Phase.DEAL:
            return
        self._opening_seats = [s for s in self.order_from(self.context.dealer) if self._opening_kongs(s)]
        if self._opening_seats:
            self.phase = Phase.SETUP

    def _opening_kongs(self, seat: int) -> list[Action]:
        return [a for a in self.kong_actions(seat) if a.type is ActionType.ANKAN]

    def setup_actions(self, seat: int) -> list[Action]:
        if not self._opening_seats or self._opening_seats[0] != seat:
            return []
        return self._opening_kongs(seat) + [Pass()]

    def act_setup(self, seat: int, action: Action) -> None:
        if action.type is ActionType.ANKAN:
            self._declare_opening_kong(seat, action.tiles)
            if self.phase is Phase.OVER:
                return
        if action.type is ActionType.PASS or not self._opening_kongs(seat):
            self._opening_seats.pop(0)
            self._opening_seats = [s for s in self._opening_seats if self._opening_kongs(s)]
        if not self._opening_seats:
            self.begin_play()

    def _declare_opening_kong(self, seat: int, tiles: tuple[int, ...]) -> None:
        player = self.players[seat]
        for t in tiles:
            player.concealed.remove(t)
        meld = make_meld(MeldType.ANKAN, list(tiles))
        player.melds.append(meld)
        self.emit(KongEvent(seat=seat, meld=meld_to_wire(meld), opening=True))
        if not self.wall.can_replace():
            self.end_in_exhaustive_draw()
            return
        tile = self.wall.draw_replacement()
        player.concealed.append(tile)
        if seat == self.context.dealer:  # the dealer's fourteenth tile counts as drawn (heavenly hand)
            player.drawn = tile
        self.emit(DrawEvent(seat=seat, replacement=True, wall=self.wall.remaining, tile=tile))
        self.replace_bonus_tiles(seat)

    # --- winning ---------------------------------------------------------------------------

    def can_win(
        self, seat: int, tile: int, *, self_drawn: bool, robbing: bool = False, concealed_kong: bool = False
    ) -> bool:
        if not super().can_win(seat, tile, self_drawn=self_drawn, robbing=robbing, concealed_kong=concealed_kong):
            return False  # the shape: four sets and a pair, or thirteen orphans
        if self.options.min_fan == 0:
            return True
        last = self.last_discard  # set whenever a discard can be won on
        discarder = None if self_drawn else (self.turn_seat if robbing or last is None else last[0])
        return is_legal_win(
            self._hand_spec(seat, tile, self_drawn),
            kind_of(tile),
            self.win_facts(seat, discarder, robbing=robbing),
            self.options,
        )

    def _hand_spec(self, seat: int, tile: int, self_drawn: bool) -> HandSpec:
        player = self.players[seat]
        concealed = list(player.concealed)
        if not self_drawn and tile not in concealed:
            concealed.append(tile)
        return HandSpec(concealed, list(player.melds), list(player.bonus))

    def win_facts(self, seat: int, discarder: int | None, *, robbing: bool = False) -> WinFacts:
        """How ``seat`` would win now (winds, not seat numbers, as the scorer counts them)."""
        self_drawn = discarder is None
        first_turn = self.calls_made == 0 and (
            (self_drawn and self.turns_taken == 0 and seat == self.context.dealer)
            or (not self_drawn and self.turns_taken == 1 and discarder == self.context.dealer)
        )
        on_replacement = self_drawn and self.turn_situation is TurnSituation.KONG_REPLACEMENT
        return WinFacts(
            seat=self.seat_wind(seat),
            round=self.context.round_wind,
            self_drawn=self_drawn,
            discarder=None if discarder is None else self.seat_wind(discarder),
            last_tile=self.wall.remaining == 0 and not robbing,
            replacement=on_replacement,
            robbed_kong=robbing,
            first_turn=first_turn,
            kong_on_kong=on_replacement and self.kongs_in_a_row >= 2,
            bonus=frozenset(kind_of(t) for t in self.players[seat].bonus),
        )

    def score_win(self, seat: int, tile: int, discarder: int | None):
        hand = self._hand_spec(seat, tile, discarder is None)
        facts = self.win_facts(seat, discarder, robbing=self.turn_situation is TurnSituation.ROBBING_KONG)
        context = self._liability_context(seat) if self.options.liability else None
        scored = score_hand(hand, kind_of(tile), facts, self.options, context)
        if not scored.result.is_win:
            raise AssertionError(f"seat {seat} was offered a win that does not score: {scored.result.error}")
        if scored.liability is not None:
            liable = self.seat_of_wind(scored.liability.seat)
            self.emit(LiabilityEvent(seat=liable, winner=seat, hand=scored.liability.hand, fed=scored.liability.fed))
        # a scored win always has its payments (None only on a result that is no win, raised above)
        payments = {self.seat_of_wind(w): v for w, v in (scored.result.payments or {}).items()}
        return scored.result, payments

    # --- liability bookkeeping -----------------------------------------------------------------

    def _liability_context(self, seat: int) -> LiabilityContext:
        melds = self.players[seat].melds
        shown = tuple(
            ShownSet(s.kind, None if s.fed_by is None else self.seat_wind(s.fed_by), s.fed_without_choice)
            for s in shown_sets(melds, self._fed_without_choice[seat])
        )
        discarder = self.last_discard[0] if self.last_discard else None
        forced = self._discard_without_choice and discarder is not None and discarder != seat
        return LiabilityContext(shown, forced)

    def dangerous_to_others(self, seat: int) -> frozenset[int]:
        """Kinds dangerous for ``seat`` to throw: what the other players' shown sets threaten."""
        return frozenset().union(
            *(dangerous_kinds(shown_sets(p.melds)) for s, p in enumerate(self.players) if s != seat)
        )

    def on_kong(self, seat: int, meld: Meld) -> None:
        # a kong declared with a kong's replacement tile is a kong on kong
        self.kongs_in_a_row = self.kongs_in_a_row + 1 if self.turn_situation is TurnSituation.KONG_REPLACEMENT else 1

    def on_discard(self, seat: int, tile: int) -> None:
        self.kongs_in_a_row = 0
        self._discard_without_choice = bool(self.options.liability) and had_no_choice(
            (kind_of(t) for t in self.players[seat].concealed + [tile]), self.dangerous_to_others(seat)
        )

    def on_call(self, seat: int, meld: Meld) -> None:
        if self._discard_without_choice and meld.is_pung_or_kong:
            self._fed_without_choice[seat].add(len(self.players[seat].melds) - 1)

    # --- what a seat may know ---------------------------------------------------------------------

    def view_extension(self, seat: int | None) -> HongKongView:
        options = self.options
        below = None if seat is None else self.below_minimum(seat)
        return _new_hongkong_view(
            tuple(self.seating),
            options.min_fan,
            options.limit_fan,
            options.fan_table,
            options.liability,
            options.bonus_tiles,
            below,
        )

    def below_minimum(self, seat: int) -> bool:
        """Ready, but no discard would give the hand the fan minimum (the hint warns the player)."""
        player = self.players[seat]
        if self.options.min_fan == 0 or len(player.concealed) + 3 * len(player.melds) != 13:
            return False
        key = (tuple(player.concealed), len(player.melds), len(player.bonus))
        cached = self._below_minimum.get(seat)
        if cached is not None and cached[0] == key:
            return cached[1]
        counts = counts34(player.concealed)
        melds = len(player.melds)
        below = False
        if shanten(counts, melds, seven_pairs=False) == 0:
            kinds = waits(counts, melds, seven_pairs=False)
            below = bool(kinds) and not any(self._discard_would_reach_minimum(seat, kind) for kind in kinds)
        self._below_minimum[seat] = (key, below)
        return below

    def _discard_would_reach_minimum(self, seat: int, kind: int) -> bool:
        tile = next(t for t in range(kind * 4, kind * 4 + 4) if t not in self.players[seat].concealed)
        return is_legal_win(
            self._hand_spec(seat, tile, False), kind, self.win_facts(seat, (seat + 3) % 4), self.options
        )
