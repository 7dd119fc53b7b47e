"""One classical hand: the engine's table with the classical knobs and hooks.

What the common table already does the classical way: East is dealt 14 and
discards first; bonus tiles are laid out and replaced from the dead wall;
chow only from the player to the left; Mah Jong before kong/pung before
chow, and of two Mah Jong claims the one next in turn wins; kongs draw a
replacement; an added kong can be robbed; the hand is a draw when only the
dead wall is left.

What this class adds:

- the dead wall's size and the bonus tiles from the options;
- a pung becomes a kong only with the tile just drawn;
- draws on the first go-round: four identical winds discarded, or a player
  declaring nine different terminals/honours on its first turn while no
  meld is out anywhere;
- three Mah Jong calls on one tile make the hand a draw (option
  ``three_mah_jong_draw``); of two, the next in turn wins;
- scoring every hand (the winner's and the losers'), the circumstances of
  the win as flags, the dangerous-discard rule and the payments;
- optionally, settling the incomplete hands on a draw;
- optionally, the riichi declaration (:mod:`.declaration`): a ``riichi``
  action with a discard locks a concealed, ready hand.

Seats are the table's fixed positions; scoring and payments work in seat
winds (East 0), so the table converts with ``seat_wind``/``seat_of_wind``.
"""

from __future__ import annotations

from typing import Any

from ...actions import Abort, Action, ActionType, Ankan, Riichi
from ...events import DrawEvent, RiichiEvent
from ...melds import HandSpec, Meld, MeldType
from ...options import options_to_dict
from ...results import HandResult
from ...scoring import ScoreResult
from ...table import Table
from ...state import TurnSituation
from ...tiles import TERMINALS_AND_HONORS, WINDS, kind_of
from .danger import is_dangerous_discard
from .declaration import declaration_discards, kong_keeps_waits, real_waits
from .events import HandScoresEvent
from .options import ClassicalOptions
from .payments import settle_draw, settle_win
from .scorer import HandScore, score_loser, score_win
from .situation import FIRST_TURN, LAST_TILE, REPLACEMENT, RIICHI, ROBBED_KONG, TWOFOLD_FORTUNE, Situation, Win
from ...views import frozen_builder
from .view import ClassicalView

NINE_ORPHANS = 9  # different terminals/honours that allow declaring a draw
THREE_CALLS = 3  # Mah Jong calls on one tile that make the hand a draw
EAST_STREAK = "east_streak"  # HandContext.extra: East's wins in a row before this hand
_new_classical_view = frozen_builder(ClassicalView)  # built for every seat after every decision


class ClassicalTable(Table):
    """A hand of Classical Chinese mahjong."""

    name = "classical"
    seven_pairs = False
    thirteen_orphans = True
    options: ClassicalOptions

    def __init__(self, options: ClassicalOptions, **kwargs: Any):
        self.bonus_tiles = options.bonus_tiles
        self.dead_wall_size = options.dead_wall
        self.drew_from_dead_wall = False  # the turn seat's tile came from the dead wall
        self.declared_waits: dict[int, frozenset[int]] = {}  # seat → its waits when it declared
        # pending() asks for the turn actions often between two decisions; every change emits an event
        self._declarations: tuple[tuple[int, int], list[Action]] = ((-1, -1), [])
        self._options_in_view: tuple[ClassicalOptions, tuple[tuple[str, Any], ...]] | None = None
        super().__init__(options, **kwargs)

    # --- seats, winds and hands ---------------------------------------------------------------

    def seat_of_wind(self, wind: int) -> int:
        """The seat with this seat wind (the inverse of :meth:`seat_wind`)."""
        return (self.context.dealer + wind) % 4

    def hand_spec(self, seat: int) -> HandSpec:
        player = self.players[seat]
        return HandSpec(list(player.concealed), list(player.melds), list(player.bonus))

    def situation(self, seat: int, win: Win | None = None) -> Situation:
        return Situation(self.options, seat=self.seat_wind(seat), round=self.context.round_wind, win=win)

    # --- turns ------------------------------------------------------------------------------

    def turn_actions(self, seat: int) -> list[Action]:
        actions = super().turn_actions(seat)
        if self.may_declare_nine_orphans(seat):
            actions.append(Abort())
        return actions + self.declaration_actions(seat)

    # --- the riichi declaration (option) ------------------------------------------------------

    def declaration_actions(self, seat: int) -> list[Action]:
        """A ``riichi`` action for each discard that leaves a concealed hand ready."""
        if (
            not self.options.riichi_declaration
            or self.turn_situation is TurnSituation.AFTER_CALL
            or seat in self.declared_waits
        ):
            return []
        key = (seat, len(self.events))
        if self._declarations[0] != key:
            player = self.players[seat]
            tiles = declaration_discards(player.concealed, player.melds)
            self._declarations = (key, [Riichi(tile=t) for t in tiles])
        return self._declarations[1]

    def declare_riichi(self, seat: int, tile: int) -> None:
        player = self.players[seat]
        rest = list(player.concealed)
        rest.remove(tile)
        self.declared_waits[seat] = real_waits(rest, player.melds)
        self.emit(RiichiEvent(seat=seat, double=False))

    def discard_choices(self, seat: int) -> list[int]:
        drawn = self.players[seat].drawn
        if seat in self.declared_waits and drawn is not None:
            return [drawn]  # a declared hand may not change
        return super().discard_choices(seat)

    def claim_allowed(self, seat: int, action: Action) -> bool:
        return seat not in self.declared_waits or action.type is ActionType.RON

    def may_declare_nine_orphans(self, seat: int) -> bool:
        """First turn, no meld out anywhere, nine different terminals/honours in hand."""
        player = self.players[seat]
        if not self.options.draw_on_nine_orphans or player.discards or self.turn_situation is TurnSituation.AFTER_CALL:
            return False
        if any(p.melds for p in self.players):
            return False
        kinds = {kind_of(t) for t in player.concealed}
        return len(kinds & set(TERMINALS_AND_HONORS)) >= NINE_ORPHANS

    def act_turn_extra(self, seat: int, action: Action) -> None:
        if action.type is ActionType.ABORT:
            self.end_in_a_draw("nine_orphans")
            return
        super().act_turn_extra(seat, action)

    def kong_actions(self, seat: int) -> list[Action]:
        # A pung becomes a kong only with the tile just drawn (the text: "wer ... den vierten Stein zieht").
        drawn = self.players[seat].drawn
        return [a for a in super().kong_actions(seat) if a.type is not ActionType.KAKAN or a.tile == drawn]

    def kong_allowed(self, seat: int, action: Action) -> bool:
        declared = self.declared_waits.get(seat)
        if declared is None:
            return True
        # a declared hand: a concealed kong of the tile just drawn that leaves the waits as they were
        player = self.players[seat]
        if not isinstance(action, Ankan):
            return False
        kind = kind_of(action.tile)
        return (
            player.drawn is not None
            and kind_of(player.drawn) == kind
            and kong_keeps_waits(player.concealed, player.melds, kind, declared)
        )

    def on_draw(self, seat: int, tile: int) -> None:
        # The last draw event of this seat says whether its tile is a replacement (kong or bonus).
        last = next(e for e in reversed(self.events) if isinstance(e, DrawEvent) and e.seat == seat)
        self.drew_from_dead_wall = last.replacement

    def on_call(self, seat: int, meld: Meld) -> None:
        self.drew_from_dead_wall = False  # the caller's tile is the claimed discard

    def on_kong(self, seat: int, meld: Meld) -> None:
        # a kong declared on a replacement tile is a kong on kong (twofold fortune)
        self.kongs_in_a_row = self.kongs_in_a_row + 1 if self.turn_situation is TurnSituation.KONG_REPLACEMENT else 1

    def on_discard(self, seat: int, tile: int) -> None:
        self.kongs_in_a_row = 0
        if self.options.draw_on_four_winds and self.turns_taken == 4 and self.calls_made == 0:
            first = {kind_of(p.discards[0].tile) for p in self.players if len(p.discards) == 1}
            if len(first) == 1 and first <= set(WINDS) and all(len(p.discards) == 1 for p in self.players):
                self.end_in_a_draw("four_winds")

    # --- winning ----------------------------------------------------------------------------

    def win_flags(self, seat: int, discarder: int | None) -> frozenset[str]:
        """The circumstances of a win, as the scorer's flags."""
        flags = set()
        dealer = self.context.dealer
        if seat in self.declared_waits:
            flags.add(RIICHI)
        if discarder is None:
            if self.drew_from_dead_wall:
                flags.add(REPLACEMENT)
                if self.kongs_in_a_row >= 2 and self.turn_situation is TurnSituation.KONG_REPLACEMENT:
                    flags.add(TWOFOLD_FORTUNE)
            elif self.wall.remaining == 0:
                flags.add(LAST_TILE)
            if seat == dealer and self.turns_taken == 0 and self.calls_made == 0 and not self.players[seat].melds:
                flags.add(FIRST_TURN)
        elif self.turn_situation is TurnSituation.ROBBING_KONG:
            flags.add(ROBBED_KONG)
        else:
            if self.wall.remaining == 0:
                flags.add(LAST_TILE)
            if (
                discarder == dealer
                and self.turns_taken == 1
                and self.calls_made == 0
                and not self.players[dealer].melds
            ):
                flags.add(FIRST_TURN)
        return frozenset(flags)

    def select_winners(self, discarder: int, claimants: list[int]) -> list[int]:
        # Three Mah Jong calls are a draw (seed 000, "Unentschieden"): hand all three on, so
        # that before_win can end the hand; of two calls the next in turn wins.
        if self.options.three_mah_jong_draw and len(claimants) >= THREE_CALLS:
            return claimants
        return claimants[:1]

    def before_win(self, winners: list[int], tile: int, discarder: int | None) -> bool:
        if len(winners) >= THREE_CALLS:
            if self.turn_situation is TurnSituation.ROBBING_KONG:
                self._restore_robbed_kong(tile)
            self.end_in_a_draw("three_mah_jong")
            return False
        return True

    def _restore_robbed_kong(self, tile: int) -> None:
        """Nobody takes the robbed tile: it goes back onto the added kong (only added kongs can
        be robbed here), so every tile stays somewhere."""
        player = self.players[self.turn_seat]
        index = next(i for i, m in enumerate(player.melds) if m.type is MeldType.PON and m.kind == kind_of(tile))
        pung = player.melds[index]
        player.melds[index] = Meld(MeldType.KAKAN, pung.tiles + (tile,), pung.claimed, pung.from_seat, added=tile)

    def is_dangerous(self, seat: int, tile: int, discarder: int | None) -> bool:
        """Whether a winning discard was dangerous (robbing a kong is no discard)."""
        if discarder is None or self.turn_situation is TurnSituation.ROBBING_KONG:
            return False
        held = [kind_of(t) for t in self.players[discarder].concealed] + [kind_of(tile)]
        return is_dangerous_discard(kind_of(tile), self.players[seat].melds, held)

    def score_win(self, seat: int, tile: int, discarder: int | None) -> tuple[ScoreResult, dict[int, int]]:
        win = Win(
            kind_of(tile),
            self_drawn=discarder is None,
            flags=self.win_flags(seat, discarder),
            east_streak=self.context.extra.get(EAST_STREAK, 0) if seat == self.context.dealer else 0,
        )
        scored = score_win(self.hand_spec(seat), self.situation(seat, win))
        if scored is None:  # can_win said yes, so the scorer must agree
            raise AssertionError(f"seat {seat} won with a hand the scorer cannot arrange")
        losers = {s: score_loser(self.hand_spec(s), self.situation(s)) for s in range(4) if s != seat}
        dangerous = self.is_dangerous(seat, tile, discarder)
        by_wind = {self.seat_wind(s): h.score for s, h in losers.items()} | {self.seat_wind(seat): scored.score}
        deltas = settle_win(
            by_wind,
            self.seat_wind(seat),
            options=self.options,
            dangerous=dangerous,
            discarder=None if discarder is None else self.seat_wind(discarder),
        )
        payments = {self.seat_of_wind(w): d for w, d in deltas.items()}
        self._emit_scores(losers, dangerous=dangerous)
        return scored.to_result(is_win=True, payments=payments), payments

    def _emit_scores(self, hands: dict[int, HandScore], **facts: Any) -> None:
        """Show everybody the scores of the hands that did not win (seat → result)."""
        self.emit(HandScoresEvent(scores={s: h.to_result(is_win=False).to_json() for s, h in hands.items()}, **facts))

    # --- draws -------------------------------------------------------------------------------

    def end_in_a_draw(self, reason: str) -> None:
        self.settle_draw()
        self.abort(reason)

    def exhaustive_draw(self) -> HandResult:
        self.settle_draw()
        return super().exhaustive_draw()

    def settle_draw(self) -> None:
        """With ``draw_settles_hands``, all four settle their incomplete hands."""
        if not self.options.draw_settles_hands:
            return
        hands = {s: score_loser(self.hand_spec(s), self.situation(s)) for s in range(4)}
        deltas = settle_draw({self.seat_wind(s): h.score for s, h in hands.items()}, options=self.options)
        self._emit_scores(hands)
        self.pay({self.seat_of_wind(w): d for w, d in deltas.items()}, "draw settlement")

    def view_extension(self, seat: int | None) -> ClassicalView:
        # the options are public rules; bots need them (the payment rule decides what dealing in costs)
        riichi = tuple(s in self.declared_waits for s in range(4)) if self.options.riichi_declaration else None
        options = self._options_in_view
        if options is None or options[0] is not self.options:  # the options are frozen: listed once a table
            options = self._options_in_view = (self.options, tuple(options_to_dict(self.options).items()))
        return _new_classical_view(self.context.extra.get(EAST_STREAK, 0), options[1], riichi)
