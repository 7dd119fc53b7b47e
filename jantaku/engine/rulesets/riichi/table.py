"""One hand of riichi: the :class:`~jantaku.engine.table.Table` hooks filled in.

What riichi adds to the common flow:

* **riichi**: a closed, ready hand with ≥1,000 points and ≥4 tiles left may
  declare with a discard; the stick goes to the pot once the discard is not
  won on.  After riichi the drawn tile is discarded unless it wins; a closed
  kan only when the waits stay the same (a kan of a waited kind loses that
  wait, so it is never offered).  Double riichi on the first uninterrupted
  discard; ippatsu until the next own discard or any call.
* **ready** means real waits: a kind the hand holds all four of (in hand or
  in its own kans) is no wait, though the shanten number says 0 (Tenhou).
  Riichi discards, tenpai at the wall's end and the waits in the view ask this.
* **furiten** (ron only; tsumo is always allowed): a wait among one's own
  discards; a winning tile passed since one's last discard (temporary); a
  winning tile passed after riichi (for the rest of the hand).
* **kuikae** (swap-calling): after a chi or pon the claimed kind, and for a
  chi the tile at the other end of the run, may not be discarded.
* **dora**: one indicator at the start; a closed kan reveals the next at once,
  an open or added kan after its discard (Tenhou) or at once (option), and a
  win on the replacement tile reveals it too.  Ura indicators lie under them.
* **abortive draws** (option ``abortive_draws``): kyuushu kyuuhai (a player's
  choice on the first uninterrupted draw), suufon renda, suucha riichi,
  suukaikan, sanchahou (``triple_ron_abort``).  After a fourth kan by two or
  more players the next discard may only be won on; if nobody does, the
  hand is aborted (suukaikan, Tenhou).
* **the end of the wall**: tenpai payments, or nagashi mangan.
* **several winners**: double ron (option: head bump); honba and sticks go to
  the winner nearest the discarder (Tenhou).
* **pao**: whoever fed the last dragon (wind) set of daisangen (daisuushii)
  pays the whole hand on a self-draw, half of it on a ron by another player.

The dead wall's 14 tiles: replacement tiles at 0-3, dora indicators at 4-8
and their ura indicators at 9-13 (refilled tiles join at the end, so these
positions never move).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...actions import Abort, Action, ActionType, Ankan, Chi, Pon, Riichi, tile_of
from ...analysis import real_waits, shanten
from ...melds import Meld, MeldType
from ...results import HandResult
from ...scoring import ScoreResult
from ...table import Table
from ...state import Phase, TurnSituation
from ...tiles import TERMINALS_AND_HONORS, WHITE, counts34, kind_of
from .context import RiichiHandContext, RiichiWinContext
from .draws import NAGASHI_MANGAN, is_nagashi_mangan, nagashi_mangan_payments, tenpai_payments
from .events import DoraEvent, RiichiEvent
from .options import RiichiOptions
from .points import win_payments
from .scoring import has_yaku, score_win
from ...views import frozen_builder
from .view import RiichiView

_OVER = Phase.OVER  # an Enum class attribute is a slow lookup in CPython 3.11; read for every view

RIICHI_COST = 1000
RIICHI_MIN_WALL = 4  # tiles still to draw for a riichi declaration
MAX_KANS = 4
DORA_SLOTS = range(4, 9)  # dead-wall positions of the dora indicators
_new_riichi_view = frozen_builder(RiichiView)  # built for every seat after every decision
URA_OFFSET = 5  # an ura indicator lies this far after its dora indicator


@dataclass
class RiichiSeat:
    """What riichi tracks for one seat during a hand."""

    riichi: bool = False  # declared and accepted (stick paid)
    declaring: bool = False  # declared; the declaration discard is on the table
    double_riichi: bool = False
    ippatsu: bool = False
    waits: frozenset[int] = frozenset()  # kinds that complete the hand (after the last discard)
    no_yaku: bool = False  # ready, but no wait would score a yaku on a discard (before riichi)
    temporary_furiten: bool = False  # passed a winning tile since the last own discard
    riichi_furiten: bool = False  # passed a winning tile after riichi
    no_discard_kinds: frozenset[int] = frozenset()  # kuikae: kinds not to discard right after a call
    fed_by: dict[str, int] = field(default_factory=dict)  # pao: "dragons"/"winds" → liable seat


class RiichiTable(Table):
    name = "riichi"
    riichi_declarations = True
    seven_pairs = True
    thirteen_orphans = True

    def __init__(self, options: RiichiOptions, **kwargs: Any):
        self.red_fives = options.aka_dora
        self.multi_win = options.multi_ron == "double"
        self.seats = [RiichiSeat() for _ in range(4)]
        self.dora_revealed = 1
        self.pending_kan_dora = 0
        self.kans_made = 0
        self.kan_makers: set[int] = set()
        self.riichi_sticks = 0  # sticks put in this hand
        self.abort_when_discard_passes: str | None = None
        self.discard_unsettled = False
        self.first_winner_paid = False
        self._extra_turn_actions: tuple[tuple[int, int], list[Action]] = ((-1, -1), [])
        # each viewer's extension (index 4: a spectator's) with what it was made of
        self._kept_extensions: list[tuple[tuple[Any, ...], RiichiView] | None] = [None] * 5
        super().__init__(options, **kwargs)

    # --- dora ---------------------------------------------------------------------------

    @property
    def dora_indicators(self) -> list[int]:
        return [self.wall.dead[i] for i in DORA_SLOTS[: self.dora_revealed]]

    @property
    def ura_indicators(self) -> list[int]:
        return [self.wall.dead[i + URA_OFFSET] for i in DORA_SLOTS[: self.dora_revealed]]

    def _reveal_kan_dora(self) -> None:
        while self.pending_kan_dora:
            self.pending_kan_dora -= 1
            self.dora_revealed += 1
            self._emit_dora()

    def _emit_dora(self) -> None:
        self.emit(DoraEvent(indicator=self.dora_indicators[-1]))

    # --- the deal --------------------------------------------------------------------------

    def after_deal(self) -> None:
        self._emit_dora()
        for seat in range(4):
            if seat != self.context.dealer:
                self._update_waits(seat)

    # --- whose score ------------------------------------------------------------------------

    def score_now(self, seat: int) -> int:
        return self.context.scores[seat] + self.deltas[seat]

    def is_first_go_round(self, seat: int) -> bool:
        """The seat has not discarded yet and nobody has called or declared a kan."""
        return not self.players[seat].discards and self.calls_made == 0 and self.kans_made == 0

    # --- turns ------------------------------------------------------------------------------

    def turn_actions(self, seat: int) -> list[Action]:
        actions = super().turn_actions(seat)
        if self.turn_situation is TurnSituation.AFTER_CALL:
            return actions
        # pending() is asked often between two decisions; every change emits an event
        key = (seat, len(self.events))
        if self._extra_turn_actions[0] != key:
            extra = self._riichi_actions(seat)
            if self.options.abortive_draws and self._nine_terminals(seat):
                extra.append(Abort())
            self._extra_turn_actions = (key, extra)
        return actions + self._extra_turn_actions[1]

    def discard_choices(self, seat: int) -> list[int]:
        player, state = self.players[seat], self.seats[seat]
        if state.riichi and player.drawn is not None:
            return [player.drawn]  # after riichi: the drawn tile goes
        choices = super().discard_choices(seat)
        if self.turn_situation is TurnSituation.AFTER_CALL and state.no_discard_kinds:
            choices = [t for t in choices if kind_of(t) not in state.no_discard_kinds]
        return choices

    def _riichi_actions(self, seat: int) -> list[Action]:
        player = self.players[seat]
        if (
            self.seats[seat].riichi
            or any(m.type is not MeldType.ANKAN for m in player.melds)
            or self.score_now(seat) < RIICHI_COST
            or self.wall.remaining < RIICHI_MIN_WALL
        ):
            return []
        counts = counts34(player.concealed)
        melds = len(player.melds)
        if shanten(counts, melds) > 0:
            return []
        out: list[Action] = []
        for tile in super().discard_choices(seat):
            kind = kind_of(tile)
            counts[kind] -= 1
            # shanten 0 is not enough: a "wait" only on a fifth copy is no wait (Tenhou)
            if shanten(counts, melds) == 0 and self._real_waits(seat, counts):
                out.append(Riichi(tile))
            counts[kind] += 1
        return out

    def _nine_terminals(self, seat: int) -> bool:
        """Kyuushu kyuuhai: nine different terminals and honours on the first uninterrupted draw."""
        player = self.players[seat]
        if not self.is_first_go_round(seat) or player.drawn is None:
            return False
        kinds = {kind_of(t) for t in player.concealed}
        return len(kinds.intersection(TERMINALS_AND_HONORS)) >= 9

    def act_turn_extra(self, seat: int, action: Action) -> None:
        if action.type is ActionType.ABORT:
            self._abort("kyuushu kyuuhai")
            return
        super().act_turn_extra(seat, action)

    def declare_riichi(self, seat: int, tile: int) -> None:
        state = self.seats[seat]
        state.declaring = True
        state.double_riichi = self.is_first_go_round(seat)
        self.emit(RiichiEvent(seat=seat, double=state.double_riichi))

    def wall_allows_kong(self) -> bool:
        return self.kans_made < MAX_KANS and super().wall_allows_kong()

    def kong_allowed(self, seat: int, action: Action) -> bool:
        state = self.seats[seat]
        if not state.riichi:
            return True
        player = self.players[seat]
        # after riichi: only a concealed kan of the drawn tile that leaves the waits as they were
        if not isinstance(action, Ankan) or player.drawn is None or kind_of(player.drawn) != kind_of(action.tile):
            return False
        counts = counts34(player.concealed)
        counts[kind_of(tile_of(action))] -= 4
        # the kan's four tiles join the melds: a kan of a waited kind loses that wait
        after = frozenset(self._real_waits(seat, counts, extra_meld=action.tiles))
        return after == state.waits

    # --- discards --------------------------------------------------------------------------------

    def on_discard(self, seat: int, tile: int) -> None:
        state = self.seats[seat]
        if self.pending_kan_dora and self.options.open_kan_dora_timing == "after_discard":
            self._reveal_kan_dora()
        if state.ippatsu and not state.declaring:
            state.ippatsu = False  # one go-round has passed
        state.temporary_furiten = False
        state.no_discard_kinds = frozenset()
        self._update_waits(seat)
        self.discard_unsettled = True
        if self.options.abortive_draws and self._four_winds():
            self._abort("suufon renda")
        elif (state.declaring or self.abort_when_discard_passes) and not self._claimable(seat, tile):
            self._settle_discard()  # nobody can take the tile: settle before the next draw

    def _claimable(self, discarder: int, tile: int) -> bool:
        return any(self.claim_options(s, tile, discarder) for s in range(4) if s != discarder)

    def _four_winds(self) -> bool:
        if self.turns_taken != 4 or self.calls_made or self.kans_made:
            return False
        firsts = {kind_of(p.discards[0].tile) for p in self.players if len(p.discards) == 1}
        return len(firsts) == 1 and 27 <= next(iter(firsts)) <= 30 and all(len(p.discards) == 1 for p in self.players)

    def _pass_win(self, seat: int) -> None:
        state = self.seats[seat]
        if state.riichi:
            state.riichi_furiten = True
        else:
            state.temporary_furiten = True

    def on_passed_win(self, seat: int, tile: int) -> None:
        self._pass_win(seat)

    def _real_waits(self, seat: int, counts: list[int], extra_meld: tuple[int, ...] = ()) -> list[int]:
        """The waits of ``seat``'s concealed ``counts`` (13-tile equivalent) with its melds (and
        ``extra_meld``, a kan about to be declared), without kinds it holds all four of."""
        melds = self.players[seat].melds
        tiles = [t for m in melds for t in m.tiles] + list(extra_meld)
        return real_waits(counts, len(melds) + (1 if extra_meld else 0), tiles)

    def _update_waits(self, seat: int) -> None:
        player = self.players[seat]
        counts, melds = counts34(player.concealed), len(player.melds)
        # most hands are not ready: the table's gate (kept for the seat's next draw) says so without the
        # shanten tables, which would build entries for each new hand; shanten 0 needs one tile to win
        gated = len(player.concealed) == 13 - 3 * melds
        ready = (not gated or self.one_tile_could_complete(seat, player.concealed, melds)) and shanten(
            counts, melds
        ) == 0
        state = self.seats[seat]
        state.waits = frozenset(self._real_waits(seat, counts)) if ready else frozenset()
        state.no_yaku = (
            bool(state.waits) and not state.riichi and not any(self._ron_has_yaku(seat, kind) for kind in state.waits)
        )

    def _ron_has_yaku(self, seat: int, kind: int) -> bool:
        """Whether a discard of ``kind`` would give ``seat`` a hand with a yaku (for the "no yaku" hint)."""
        player = self.players[seat]
        tile = next(t for t in range(kind * 4, kind * 4 + 4) if t not in player.concealed)
        context = self._win_context(seat, tile, self_drawn=False, discarder=(seat + 3) % 4)
        return has_yaku(player.concealed + [tile], player.melds, tile, context, self.options)

    def _settle_discard(self, *, may_abort: bool = True) -> None:
        """The last discard was not won on: whoever could have won on it is furiten, a riichi
        declaration stands, and an abortive draw waiting for this moment happens (unless the
        caller cannot end the hand now: then at the next discard)."""
        if not self.discard_unsettled:
            return
        self.discard_unsettled = False
        if self.last_discard is None:  # unsettled only after a discard; this narrows the type
            return
        discarder, tile = self.last_discard
        for seat, state in enumerate(self.seats):
            if seat != discarder and kind_of(tile) in state.waits:
                self._pass_win(seat)
            if state.declaring:
                state.declaring = False
                state.riichi = state.ippatsu = True
                self.riichi_sticks += 1
                self.pay({seat: -RIICHI_COST}, "riichi")
        if self.options.abortive_draws and sum(s.riichi for s in self.seats) == 4:
            self.abort_when_discard_passes = self.abort_when_discard_passes or "suucha riichi"
        if self.abort_when_discard_passes and may_abort:
            self._abort(self.abort_when_discard_passes)

    def on_claims_passed(self, discarder: int, tile: int) -> None:
        self._settle_discard()

    def on_draw(self, seat: int, tile: int) -> None:
        self._settle_discard()
        if self.phase is Phase.OVER:
            return
        if self.turn_situation is TurnSituation.KONG_REPLACEMENT and self.options.open_kan_dora_timing == "immediate":
            self._reveal_kan_dora()

    # --- claims -------------------------------------------------------------------------------

    def claim_allowed(self, seat: int, action: Action) -> bool:
        if action.type is ActionType.RON:
            return True
        if self.seats[seat].riichi or self.abort_when_discard_passes:
            return False  # after a fourth kan by two players the next discard may only be won on
        if isinstance(action, (Chi, Pon)):
            # a call must leave something to discard besides the kuikae-banned kinds
            banned = self._swap_kinds(action)
            rest = list(self.players[seat].concealed)
            for t in action.tiles:
                rest.remove(t)
            return any(kind_of(t) not in banned for t in rest)
        return True

    @staticmethod
    def _swap_kinds(action: Chi | Pon) -> frozenset[int]:
        """Kuikae: the claimed kind, and for a chi on an end the kind at the run's other end."""
        kind = kind_of(tile_of(action))
        banned = {kind}
        if action.type is ActionType.CHI:
            low, high = sorted(kind_of(t) for t in action.tiles)
            if kind < low and high % 9 < 8:  # 3 on 45: 6 is banned too
                banned.add(high + 1)
            elif kind > high and low % 9 > 0:  # 6 on 45: 3 is banned too
                banned.add(low - 1)
        return frozenset(banned)

    def on_call(self, seat: int, meld: Meld) -> None:
        self._settle_discard(may_abort=False)  # the caller's turn follows; an abort waits for its discard
        for state in self.seats:
            state.ippatsu = False
        if meld.type in (MeldType.CHI, MeldType.PON) and meld.claimed is not None:  # a call names its tile
            call = Chi if meld.type is MeldType.CHI else Pon
            assert meld.claimed is not None  # a called chi or pon names the tile it took
            action = call(meld.claimed, tuple(t for t in meld.tiles if t != meld.claimed))
            self.seats[seat].no_discard_kinds = self._swap_kinds(action)
        self._note_liability(seat, meld)

    def _note_liability(self, seat: int, meld: Meld) -> None:
        """Pao: a called pung/kan that completes the third dragon or fourth wind set."""
        if not self.options.pao or meld.type not in (MeldType.PON, MeldType.KAN) or meld.from_seat is None:
            return
        kind = meld.kind
        sets = [m.kind for m in self.players[seat].melds if m.type is not MeldType.CHI]
        if kind >= WHITE and sum(1 for k in sets if k >= WHITE) == 3:
            self.seats[seat].fed_by["dragons"] = meld.from_seat
        elif 27 <= kind < WHITE and sum(1 for k in sets if 27 <= k < WHITE) == 4:
            self.seats[seat].fed_by["winds"] = meld.from_seat

    # --- kans ---------------------------------------------------------------------------------

    def on_kong(self, seat: int, meld: Meld) -> None:
        self._reveal_kan_dora()  # a kan reveals any indicator still owed first
        for state in self.seats:
            state.ippatsu = False
        self.kans_made += 1
        self.kan_makers.add(seat)
        if meld.type is MeldType.ANKAN:
            self.dora_revealed += 1
            self._emit_dora()
        else:
            self.pending_kan_dora += 1
        if self.kans_made == MAX_KANS and len(self.kan_makers) > 1 and self.options.abortive_draws:
            self.abort_when_discard_passes = "suukaikan"

    def can_rob_concealed_kong(self) -> bool:
        return self.options.kokushi_rob_ankan

    # --- winning -------------------------------------------------------------------------------

    def _win_context(
        self, seat: int, tile: int, *, self_drawn: bool, discarder: int | None = None, robbing: bool = False
    ) -> RiichiWinContext:
        state = self.seats[seat]
        in_riichi = state.riichi
        last = self.wall.remaining == 0 and not (self_drawn and self.turn_situation is TurnSituation.KONG_REPLACEMENT)
        return RiichiWinContext(
            seat_wind=self.seat_wind(seat),
            round_wind=self.context.round_wind,
            self_drawn=self_drawn,
            discarder=None if discarder is None else self.seat_wind(discarder),
            riichi=in_riichi and not state.double_riichi,
            double_riichi=in_riichi and state.double_riichi,
            ippatsu=in_riichi and state.ippatsu,
            last_tile=last,
            rinshan=self_drawn and self.turn_situation is TurnSituation.KONG_REPLACEMENT,
            chankan=robbing,
            first_turn=self.is_first_go_round(seat) and self.turn_situation is not TurnSituation.KONG_REPLACEMENT,
            dora_indicators=tuple(self.dora_indicators),
            ura_indicators=tuple(self.ura_indicators) if in_riichi else (),
        )

    def is_furiten(self, seat: int) -> bool:
        state = self.seats[seat]
        if state.temporary_furiten or state.riichi_furiten:
            return True
        if not state.waits:  # asked for every view: most hands wait on nothing
            return False
        own = {kind_of(d.tile) for d in self.players[seat].discards}
        return bool(own & state.waits)

    def can_win(
        self, seat: int, tile: int, *, self_drawn: bool, robbing: bool = False, concealed_kong: bool = False
    ) -> bool:
        player = self.players[seat]
        if not self_drawn:
            if kind_of(tile) not in self.seats[seat].waits or self.is_furiten(seat):
                return False
        concealed = player.concealed if self_drawn else player.concealed + [tile]
        if concealed_kong:  # only thirteen orphans may rob a concealed kan
            counts = counts34(concealed)
            if player.melds or not all(counts[k] for k in TERMINALS_AND_HONORS):
                return False
        if not super().can_win(seat, tile, self_drawn=self_drawn, robbing=robbing):
            return False
        context = self._win_context(seat, tile, self_drawn=self_drawn, robbing=robbing)
        return has_yaku(concealed, player.melds, tile, context, self.options)

    def select_winners(self, discarder: int, claimants: list[int]) -> list[int]:
        if self.options.multi_ron == "head_bump":
            return claimants[:1]
        return claimants

    def before_win(self, winners: list[int], tile: int, discarder: int | None) -> bool:
        if discarder is not None and len(winners) >= 3 and self.options.triple_ron_abort:
            if self.turn_situation is TurnSituation.ROBBING_KONG:
                # no kan and no win: the robbed tile (taken off the kan) is its owner's again
                self.players[discarder].concealed.append(tile)
            self._abort("sanchahou")
            return False
        # a win on an open kan's replacement tile shows no indicator still owed: it would have come with
        # the replacement's discard (Tenhou; with "immediate" timing it is already shown)
        return True

    def score_win(self, seat: int, tile: int, discarder: int | None) -> tuple[ScoreResult, dict[int, int]]:
        player = self.players[seat]
        context = self._win_context(
            seat,
            tile,
            self_drawn=discarder is None,
            discarder=discarder,
            robbing=self.turn_situation is TurnSituation.ROBBING_KONG,
        )
        first = not self.first_winner_paid  # honba and sticks go to the winner nearest the discarder
        self.first_winner_paid = True
        honba = self.counters.honba if first else 0
        sticks = self.counters.sticks + self.riichi_sticks if first else 0
        result = score_win(player.concealed, player.melds, tile, context, self.options)
        by_seat_wind = win_payments(
            result.score,
            winner=context.seat_wind,
            payer=context.payer,
            honba=honba,
            sticks=sticks,
            liable=self._liable_wind(seat, result),
        )
        payments = {(self.context.dealer + wind) % 4: delta for wind, delta in by_seat_wind.items()}
        result.payments = by_seat_wind
        return result, payments

    def liable_seat(self, seat: int, result: ScoreResult) -> int | None:
        """Pao: the seat that fed ``seat`` the last set of the yakuman it won with, if any."""
        names = {i.name for i in result.items}
        fed = self.seats[seat].fed_by
        for group, yakuman in (("dragons", "Daisangen"), ("winds", "Daisuushii")):
            if group in fed and yakuman in names:
                return fed[group]
        return None

    def _liable_wind(self, seat: int, result: ScoreResult) -> int | None:
        liable = self.liable_seat(seat, result)
        return None if liable is None else self.seat_wind(liable)

    # --- the end of the hand -----------------------------------------------------------------

    def tenpai_seats(self) -> set[int]:
        """Ready players at the end of the wall; waiting only on one's own fourth tile is not ready
        (the seats' waits are real waits already)."""
        return {seat for seat, state in enumerate(self.seats) if state.waits}

    def exhaustive_draw(self) -> HandResult:
        self._settle_discard(may_abort=False)  # the wall's end decides now
        tenpai = self.tenpai_seats()
        nagashi = [
            s
            for s, p in enumerate(self.players)
            if self.options.nagashi_mangan
            and is_nagashi_mangan([d.tile for d in p.discards], any(d.claimed_by is not None for d in p.discards))
        ]
        if nagashi:
            by_wind = nagashi_mangan_payments(self.seat_wind(s) for s in nagashi)
            deltas = [by_wind[self.seat_wind(s)] for s in range(4)]
            details = [{"name": NAGASHI_MANGAN, "seat": s} for s in nagashi]
        else:
            paid = tenpai_payments(tenpai)
            deltas = [paid[s] for s in range(4)]
            details = [{"name": "Tenpai payment", "tenpai": sorted(tenpai)}]
        return HandResult(
            kind="draw", extra_deltas=deltas, details=details, flags=self._flags(tenpai=sorted(tenpai), nagashi=nagashi)
        )

    def _abort(self, reason: str) -> None:
        self.end_hand(HandResult(kind="abort", reason=reason, flags=self._flags()))

    def _flags(self, **more: Any) -> dict[str, Any]:
        return {"riichi_sticks": self.riichi_sticks, "riichi": [s.riichi for s in self.seats], **more}

    # --- what a seat may know -------------------------------------------------------------------

    @property
    def counters(self) -> RiichiHandContext:
        """This hand's honba and the riichi sticks carried in (zero for a plain context)."""
        return RiichiHandContext.of(self.context)

    def view_extension(self, seat: int | None) -> RiichiView:
        # built for every seat after every decision, and mostly as it was: kept per viewer while
        # what it is made of stands (a finished hand's, with its ura indicators, is built each time)
        waits = furiten = no_yaku = None
        seats = self.seats
        waits_of: frozenset[int] | None = None
        if seat is not None:
            state = seats[seat]
            waits_of = state.waits
            furiten = self.is_furiten(seat)
            no_yaku = state.no_yaku
        counters = RiichiHandContext.of(self.context)
        s0, s1, s2, s3 = seats
        first = DORA_SLOTS.start  # the dora indicators lie side by side: one slice
        dora = tuple(self.wall.dead[first : first + min(self.dora_revealed, len(DORA_SLOTS))])
        riichi = (
            s0.riichi or s0.declaring,
            s1.riichi or s1.declaring,
            s2.riichi or s2.declaring,
            s3.riichi or s3.declaring,
        )
        over = self.phase is _OVER
        key = (dora, riichi, self.riichi_sticks, waits_of, furiten, no_yaku, counters)
        index = 4 if seat is None else seat
        kept = self._kept_extensions[index]
        if kept is not None and kept[0] == key and not over:
            return kept[1]
        if waits_of is not None:
            waits = tuple(sorted(waits_of)) if waits_of else ()
        ura = None
        if over and any(seats[w.seat].riichi for w in self.wins):
            ura = tuple(self.ura_indicators)
        view = _new_riichi_view(
            dora,
            riichi,
            counters.sticks + self.riichi_sticks,
            waits,
            furiten,
            ura,
            no_yaku,
            counters.honba,
            counters.sticks,
        )
        self._kept_extensions[index] = (key, view)
        return view
