"""One hand of mahjong as a pure, deterministic state machine.

Modelled on python-chess's ``Board``: :meth:`Table.pending` says who must
decide now and lists each one's legal actions (generated, never guessed);
:meth:`Table.act` validates one decision, applies it and returns the events
it caused; :meth:`Table.view` is exactly what one seat may know.

    >>> from jantaku.engine.rulesets.basic import BasicRuleset
    >>> table = BasicRuleset().new_table(seed=1)
    >>> seat, actions = next(iter(table.pending().items()))
    >>> seat, actions[0].type.value      # the dealer has 14 tiles and discards first
    (0, 'discard')
    >>> events = table.act(0, actions[0])
    >>> [e.type for e in events][:1]
    ['discard']

Seats are fixed positions 0-3; turn order is 0→1→2→3 ("the next player",
counter-clockwise at a real table), so the player *to the left* of seat
``s`` — whose discards ``s`` may chow — is ``s - 1``.  A seat's wind is its
distance from the dealer.

Variants subclass :class:`Table` and override the knobs (class attributes)
and hooks (methods marked "hook") below.  The flow itself — draws, the claim
window with priority, kongs and their replacement tiles, robbing a kong,
bonus-tile replacement, several winners, players leaving, the end of the
wall — lives here once.

The state is a model (records in :mod:`.state`):

:attr:`Table.phase`           a :class:`~.state.Phase` (``setup``, ``turn``, ``claim``, ``rob``, ``over``).
:attr:`Table.claims`          the open :class:`~.state.ClaimWindow` (offers, answers, priority), or ``None``.
:attr:`Table.turn_situation`  a :class:`~.state.TurnSituation`: normal, after a call, after a kong's
                              replacement, the discard after one, a win robbing a kong.

Phases:

``setup``   variant decisions before play (void suit, exchange); see :meth:`setup_actions`.
``turn``    ``turn_seat`` holds a drawn tile (or just called) and must act.
``claim``   a discard is on the table; seats with a possible claim answer.
``rob``     an added kong can be robbed by seats that win on its tile.
``over``    the hand has ended; :attr:`result` says how.
"""

from __future__ import annotations

import random
from typing import Any

from .actions import Action, ActionType, Ankan, Chi, Discard, IllegalAction, Kakan, Kan, Pass, Pon, Riichi, Ron, Tsumo
from .analysis import is_complete, may_complete_with_one
from .melds import Meld, MeldType, make_meld
from .results import HandResult, WinRecord
from .scoring import ScoreResult
from .events import (
    BonusEvent,
    CallEvent,
    DealEvent,
    DiscardEvent,
    DrawEvent,
    Event,
    HandEndEvent,
    HandStartEvent,
    KongEvent,
    LeaveEvent,
    PaymentEvent,
    WinEvent,
)
from .state import ClaimWindow, DiscardRecord, HandContext, Phase, PlayerState, TurnSituation, meld_to_wire
from .tiles import RED_FIVE_IDS, counts34, full_tile_set, is_bonus, kind_of, sort_tiles
from .views import (
    DiscardView,
    MatchInfo,
    MeldView,
    ResultView,
    RuleFacts,
    SeatView,
    View,
    ViewExtension,
    frozen_builder,
    meld_view,
    result_view,
)
from .wall import Wall

__all__ = [
    "ClaimWindow",
    "DiscardRecord",
    "Event",
    "HandContext",
    "Phase",
    "PlayerState",
    "Table",
    "TurnSituation",
    "meld_to_wire",
]


# The members bound once as module names: in CPython 3.11 every attribute lookup on an Enum class
# goes through EnumType.__getattr__'s slow path, and these are read at every decision.
_DEAL, _SETUP, _TURN, _CLAIM, _ROB, _OVER = Phase.DEAL, Phase.SETUP, Phase.TURN, Phase.CLAIM, Phase.ROB, Phase.OVER
_NORMAL, _AFTER_CALL, _KONG_REPLACEMENT = TurnSituation.NORMAL, TurnSituation.AFTER_CALL, TurnSituation.KONG_REPLACEMENT
_DISCARD_AFTER_KONG, _ROBBING_KONG = TurnSituation.DISCARD_AFTER_KONG, TurnSituation.ROBBING_KONG
_RON_TYPE, _PON_TYPE, _KAN_TYPE, _CHI_TYPE = ActionType.RON, ActionType.PON, ActionType.KAN, ActionType.CHI
# every turn lists a discard per tile: made once (actions are frozen values, equal by their fields)
_DISCARDS = tuple(Discard(t) for t in range(144))
# a discard and a draw are recorded at almost every decision (fields in order: seat first)
_new_discard_event, _new_draw_event = frozen_builder(DiscardEvent), frozen_builder(DrawEvent)
_PHASE_ON_WIRE = {phase: phase.value for phase in Phase}  # View.phase is a plain str
# the view records are built for every seat after every decision: by their fast constructors
_new_view, _new_seat_view, _new_discard_view = (
    frozen_builder(View),
    frozen_builder(SeatView),
    frozen_builder(DiscardView),
)


class Table:
    """One hand.  See the module docstring.

    A variant overrides the knobs (class attributes) and the methods marked "Hook".  Besides
    the public interface it may call this protected API (stable names, documented here):

    - :meth:`emit` — record an event (the variant's own: dora, riichi, liability …);
    - :meth:`begin_play` — end the setup phase and give the dealer the turn;
    - :meth:`replace_bonus_tiles` — lay out a seat's flowers/seasons and draw replacements;
    - :meth:`end_in_exhaustive_draw` — the wall cannot go on: end the hand via :meth:`exhaustive_draw`;
    - :meth:`end_hand` — end the hand with a given :class:`~.results.HandResult`;
    - :meth:`abort`, :meth:`pay` — an abortive draw; points moved now with an event;
    - :meth:`distinct_tiles` — one tile per distinct (kind, red) of a list (discard choices);
    - :meth:`one_tile_could_complete` — a cheap, kept "not ready" before a costlier ready check;
    - :meth:`next_seat`, :meth:`order_from`, :meth:`seat_wind` — seating.

    State a variant may read: :attr:`phase`, :attr:`claims`, :attr:`turn_situation`,
    :attr:`turn_seat`, :attr:`last_discard`, :attr:`players`, :attr:`wall`, :attr:`context`,
    :attr:`turns_taken`, :attr:`calls_made`, :attr:`added_kong_held` (the kong being
    completed used a tile held from before, not the one just drawn).  Everything else
    with a leading underscore is private to this class.
    """

    # --- knobs a variant sets -------------------------------------------------
    name = "table"
    honors = True  # 136 tiles; False: the 108 of Sichuan
    bonus_tiles = False  # flowers and seasons, replaced at once
    dead_wall_size = 14
    refill_dead_wall = True
    allow_chi = True
    allow_pon = True
    allow_open_kan = True
    allow_concealed_kan = True
    allow_added_kan = True
    rob_added_kong = True
    multi_win = False  # several winners on one discard (else: next in turn wins)
    leave_on_win = False  # winners leave and play goes on (Sichuan)
    max_winners = 1  # the hand ends when this many have won
    seven_pairs = True
    thirteen_orphans = True
    four_as_two = False  # four identical tiles count as two pairs
    red_fives = False
    riichi_declarations = False  # riichi may be declared (a fact the view carries)
    last_tile_claims = frozenset({ActionType.RON})  # what the wall's last discard may be claimed for

    def __init__(
        self, options: Any = None, *, seed: int = 0, context: HandContext | None = None, wall: Wall | None = None
    ):
        self.options = options
        self.context = context or HandContext()
        self.rng = random.Random(seed)
        self.wall = wall if wall is not None else self.build_wall(self.rng)
        self.players = [PlayerState() for _ in range(4)]
        self.events: list[Event] = []
        self.phase: Phase = _DEAL
        self.turn_seat = self.context.dealer
        self.result: HandResult | None = None
        self.deltas = [0, 0, 0, 0]
        self.wins: list[WinRecord] = []
        # the current discard and who may claim it
        self.last_discard: tuple[int, int] | None = None  # (seat, tile)
        self.claims: ClaimWindow | None = None  # open in the claim and rob phases
        self.turn_situation: TurnSituation = _NORMAL
        self.kongs_in_a_row = 0
        self.turns_taken = 0  # discards made this hand (first go-round checks)
        self.calls_made = 0
        self.added_kong_held = False  # the last added kong used a tile held from before
        self._rule_facts: RuleFacts | None = None
        self._result_view_cache: ResultView | None = None
        self._discard_view_cache: list[tuple[DiscardView, ...]] = [(), (), (), ()]
        self._meld_view_cache: dict[tuple[int, bool], tuple[Any, tuple[MeldView, ...]]] = {}
        # each seat's entry in the views, with what it was built from
        self._public_seat_views: list[tuple[tuple[Any, ...], SeatView] | None] = [None, None, None, None]
        # [own][seat]: the entries with the tiles shown, to others (own False: a Sichuan winner's) or to the seat
        self._shown_seat_views: tuple[list[tuple[tuple[Any, ...], SeatView] | None], ...] = ([None] * 4, [None] * 4)
        self._scores_view: tuple[tuple[Any, ...], tuple[int, ...]] = ((), ())
        self._decisions = 0  # decisions applied (part of the pending cache's key)
        self._ready_gates: list[tuple[tuple[tuple[int, ...], int], bool] | None] = [None, None, None, None]
        self._pending_cache: tuple[tuple[Any, ...] | None, dict[int, tuple[Action, ...]]] = (None, {})
        self._deal()

    # --- setting up -----------------------------------------------------------------

    def tile_set(self) -> list[int]:
        """Hook: the physical tiles of this variant."""
        return full_tile_set(bonus=self.bonus_tiles, honors=self.honors)

    def build_wall(self, rng: random.Random) -> Wall:
        """Hook: the wall for a fresh hand (replays pass one in instead)."""
        return Wall.shuffled(self.tile_set(), rng, dead_size=self.dead_wall_size, refill_dead=self.refill_dead_wall)

    def seat_wind(self, seat: int) -> int:
        return (seat - self.context.dealer) % 4

    def _deal(self) -> None:
        dealer = self.context.dealer
        self.emit(
            HandStartEvent(
                dealer=dealer,
                round_wind=self.context.round_wind,
                hand_number=self.context.hand_number,
                dice=list(self.wall.dice),
                scores=list(self.context.scores),
            )
        )
        for seat in self.order_from(dealer):
            hand = [self.wall.draw() for _ in range(13)]
            self.players[seat].concealed = hand
        dealer_draw = self.wall.draw()
        self.players[dealer].concealed.append(dealer_draw)
        self.players[dealer].drawn = dealer_draw
        for seat in range(4):
            self.emit(
                DealEvent(
                    seat=seat, count=len(self.players[seat].concealed), tiles=sort_tiles(self.players[seat].concealed)
                )
            )
        if self.bonus_tiles:
            for seat in self.order_from(dealer):
                self.replace_bonus_tiles(seat)
        self.after_deal()
        if self.phase is _DEAL:
            self.begin_play()

    def after_deal(self) -> None:
        """Hook: runs after the deal; set ``self.phase = Phase.SETUP`` to ask setup decisions first."""

    def begin_play(self) -> None:
        """Protected API: the dealer holds the turn (ends the setup phase)."""
        self.phase = _TURN
        self.turn_seat = self.context.dealer

    # --- the turn's situation, as the booleans it replaces (read by older code and tests) -----

    def _situation_flag(self, situation: TurnSituation, on: bool) -> None:
        if on:
            self.turn_situation = situation
        elif self.turn_situation is situation:
            self.turn_situation = _NORMAL

    @property
    def after_call(self) -> bool:
        """The turn seat called and must discard without drawing."""
        return self.turn_situation is _AFTER_CALL

    @after_call.setter
    def after_call(self, on: bool) -> None:
        self._situation_flag(_AFTER_CALL, on)

    @property
    def after_kong(self) -> bool:
        """The turn seat's last draw was a kong's replacement."""
        return self.turn_situation is _KONG_REPLACEMENT

    @after_kong.setter
    def after_kong(self, on: bool) -> None:
        self._situation_flag(_KONG_REPLACEMENT, on)

    @property
    def after_kong_discard(self) -> bool:
        """The discard on the table followed a kong's replacement."""
        return self.turn_situation is _DISCARD_AFTER_KONG

    @after_kong_discard.setter
    def after_kong_discard(self, on: bool) -> None:
        self._situation_flag(_DISCARD_AFTER_KONG, on)

    @property
    def robbing(self) -> bool:
        """The win being scored robs a kong."""
        return self.turn_situation is _ROBBING_KONG

    @robbing.setter
    def robbing(self, on: bool) -> None:
        self._situation_flag(_ROBBING_KONG, on)

    # --- the public interface ---------------------------------------------------------

    def pending(self) -> dict[int, tuple[Action, ...]]:
        """Who must decide now, each with their legal actions (sorted).

        An empty dict means the hand is over.  Computed once per decision: the driver, ``act``'s
        check and a host all ask, so the answer is kept while :meth:`_pending_key` is unchanged.
        """
        key = self._pending_key()
        if key != self._pending_cache[0]:
            self._pending_cache = (key, self._compute_pending())
        return dict(self._pending_cache[1])  # a copy: a caller may change its dict

    def _pending_key(self) -> tuple[Any, ...]:
        """What the pending decisions depend on that can change: every decision bumps ``_decisions``;
        the rest is for tables arranged by hand (tests set up hands, draws and melds directly) and
        copies (``id(self)``)."""
        claims = self.claims
        p0, p1, p2, p3 = self.players
        return (
            id(self),
            self._decisions,
            len(self.events),
            self.phase,
            self.turn_seat,
            self.turn_situation,
            id(claims),
            -1 if claims is None else len(claims.answers),
            self.wall.remaining,
            *(tuple(p0.concealed), p0.drawn, id(p0.melds), len(p0.melds), len(p0.discards), p0.out),
            *(tuple(p1.concealed), p1.drawn, id(p1.melds), len(p1.melds), len(p1.discards), p1.out),
            *(tuple(p2.concealed), p2.drawn, id(p2.melds), len(p2.melds), len(p2.discards), p2.out),
            *(tuple(p3.concealed), p3.drawn, id(p3.melds), len(p3.melds), len(p3.discards), p3.out),
        )

    def _compute_pending(self) -> dict[int, tuple[Action, ...]]:
        phase = self.phase
        if phase is _TURN:
            return {self.turn_seat: self._sorted(self.turn_actions(self.turn_seat))}
        if self.claims is not None and (phase is _CLAIM or phase is _ROB):
            return self.claims.waiting()
        if phase is _SETUP:
            out = {}
            for seat in range(4):
                acts = self.setup_actions(seat)
                if acts:
                    out[seat] = self._sorted(acts)
            return out
        return {}

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        return self.pending().get(seat, ())

    def act(self, seat: int, action: Action) -> list[Event]:
        """Apply one decision; returns the events it caused.

        Raises :class:`IllegalAction` (and changes nothing) if the action is
        not among ``pending()[seat]``.
        """
        key = self._pending_key()
        if key != self._pending_cache[0]:
            self._pending_cache = (key, self._compute_pending())
        legal = self._pending_cache[1].get(seat)
        if legal is None:
            raise IllegalAction(f"seat {seat} has nothing to decide now (phase {self.phase})")
        if action not in legal:
            raise IllegalAction(
                f"{action} is not legal for seat {seat} now; legal: "
                + ", ".join(map(str, legal[:12]))
                + (" …" if len(legal) > 12 else "")
            )
        start = len(self.events)
        phase = self.phase
        self._decisions += 1  # the pending decisions change (also when this one fails halfway)
        if phase is _TURN:
            self._act_turn(seat, action)
        elif self.claims is not None and (phase is _CLAIM or phase is _ROB):
            if self.claims.answer(seat, action):
                if phase is _CLAIM:
                    self._resolve_claims(self.claims)
                else:
                    self._resolve_rob(self.claims)
        elif phase is _SETUP:
            self.act_setup(seat, action)
        return self.events[start:]

    def label(self, action: Action) -> str:
        """An action's notation as this variant writes it (red fives only where they are played)."""
        return action.text(red_fives=self.red_fives)

    def parse_action(self, seat: int, text: str) -> Action:
        """The legal action of ``seat`` whose notation is ``text`` (``"discard 5m"``)."""
        wanted = text.strip()
        for action in self.legal_actions(seat):
            if wanted in (self.label(action), str(action)):
                return action
        raise IllegalAction(f"{text!r} is not a legal action for seat {seat}")

    @property
    def is_over(self) -> bool:
        return self.phase is _OVER

    # --- turns ---------------------------------------------------------------------------

    def turn_actions(self, seat: int) -> list[Action]:
        """Hook (extend with ``super()``): what the seat holding the turn may do."""
        player = self.players[seat]
        discards = _DISCARDS
        actions: list[Action] = [discards[t] for t in self.discard_choices(seat)]
        if self.turn_situation is not _AFTER_CALL:
            if player.drawn is not None and self.can_win(seat, player.drawn, self_drawn=True):
                actions.append(Tsumo(player.drawn))
            if self.wall_allows_kong():
                actions += self.kong_actions(seat)
        return actions

    def discard_choices(self, seat: int) -> list[int]:
        """Hook: the tiles the seat may discard — one per distinct (kind, red) in hand."""
        return self.distinct_tiles(self.players[seat].concealed)

    def distinct_tiles(self, tiles: list[int]) -> list[int]:
        """Protected API: one tile per distinct (kind, red five) of ``tiles``, sorted."""
        # sorted ids run kind by kind, a red five first among its kind's: the first tile of each run
        # of one (kind, red) is kept (a bonus tile is a kind of its own, a red five's key negative)
        red = self.red_fives
        out: list[int] = []
        last = None
        for t in sort_tiles(tiles):
            key = (t >> 2 if t < 136 else t) if not (red and t in RED_FIVE_IDS) else -1 - (t >> 2)
            if key != last:
                out.append(t)
                last = key
        return out

    def wall_allows_kong(self) -> bool:
        """Hook: whether a kong may be declared now (a replacement must exist)."""
        return self.wall.can_replace() and self.wall.remaining > 0

    def kong_actions(self, seat: int) -> list[Action]:
        """Concealed kongs of four held tiles and added kongs onto one's pungs."""
        player = self.players[seat]
        out: list[Action] = []
        counts = counts34(player.concealed)
        if self.allow_concealed_kan and 4 in counts:
            for kind in range(34):
                if counts[kind] == 4:
                    tiles = tuple(sorted(t for t in player.concealed if kind_of(t) == kind))
                    out.append(Ankan(tiles[0], tiles))
        if self.allow_added_kan and player.melds:
            for meld in player.melds:
                if meld.type is MeldType.PON:
                    meld_kind = meld.kind
                    if counts[meld_kind]:
                        for t in player.concealed:
                            if kind_of(t) == meld_kind:
                                out.append(Kakan(t))
        return [a for a in out if self.kong_allowed(seat, a)] if out else out

    def kong_allowed(self, seat: int, action: Action) -> bool:
        """Hook: variant restrictions on a kong (riichi waits, void suit, …)."""
        return True

    def _act_turn(self, seat: int, action: Action) -> None:
        match action:
            case Discard(tile=tile):
                self._discard(seat, tile)
            case Riichi(tile=tile):
                self.declare_riichi(seat, tile)
                self._discard(seat, tile, riichi=True)
            case Tsumo(tile=tile):
                self._win([seat], tile, None)
            case Ankan():
                self._concealed_kong(seat, action)
            case Kakan(tile=tile):
                self._added_kong(seat, tile)
            case _:
                self.act_turn_extra(seat, action)

    def act_turn_extra(self, seat: int, action: Action) -> None:
        """Hook: variant turn actions (an abortive-draw declaration, …)."""
        raise IllegalAction(f"{action} is not handled by {self.name}")

    def declare_riichi(self, seat: int, tile: int) -> None:
        """Hook (riichi): record the declaration before its discard."""

    def _discard(self, seat: int, tile: int, *, riichi: bool = False) -> None:
        player = self.players[seat]
        player.concealed.remove(tile)
        record = DiscardRecord(tile, tsumogiri=(tile == player.drawn), riichi=riichi, order=self.turns_taken)
        player.discards.append(record)
        player.drawn = None
        self.turn_situation = _DISCARD_AFTER_KONG if self.turn_situation is _KONG_REPLACEMENT else _NORMAL
        self.turns_taken += 1
        self.last_discard = (seat, tile)
        self.emit(_new_discard_event(seat, tile, record.tsumogiri, riichi))
        self.on_discard(seat, tile)
        if self.phase is _OVER:
            return
        self._open_claims(seat, tile)

    def on_discard(self, seat: int, tile: int) -> None:
        """Hook: after a discard is laid down, before claims (abortive draws, furiten bookkeeping)."""

    # --- claims --------------------------------------------------------------------------

    def claim_options(self, seat: int, tile: int, discarder: int) -> list[Action]:
        """Hook (extend with ``super()``): what ``seat`` may do with ``discarder``'s ``tile``."""
        # asked of every other seat at every discard: the cheap tests first, the ActionTypes as module names
        player = self.players[seat]
        kind = kind_of(tile)
        out: list[Action] = []
        allowed = self.last_tile_claims if self.wall.remaining == 0 else None
        if (allowed is None or _RON_TYPE in allowed) and self.can_win(seat, tile, self_drawn=False):
            out.append(Ron(tile))
        concealed = player.concealed
        # kind_of(t) == kind, for a suit or honour kind (flowers, ids 136+, have kinds 34+)
        if kind < 34:
            same = [t for t in concealed if t >> 2 == kind]
        else:
            same = [t for t in concealed if kind_of(t) == kind]
        if len(same) >= 2:
            if self.allow_pon and (allowed is None or _PON_TYPE in allowed):
                for pair in self._pair_choices(same):
                    out.append(Pon(tile, pair))
            if (
                len(same) == 3
                and self.allow_open_kan
                and (allowed is None or _KAN_TYPE in allowed)
                and self.wall_allows_kong()
            ):
                out.append(Kan(tile, tuple(sorted(same))))
        if (
            self.allow_chi
            and kind < 27
            and (allowed is None or _CHI_TYPE in allowed)
            and seat == self.next_seat(discarder)
        ):
            out += self._chi_options(concealed, tile)
        return [a for a in out if self.claim_allowed(seat, a)] if out else out

    def claim_allowed(self, seat: int, action: Action) -> bool:
        """Hook: variant restrictions on one claim (void suit, riichi, …)."""
        return True

    def _pair_choices(self, same: list[int]) -> list[tuple[int, ...]]:
        """Distinct pairs from same-kind tiles (with and without a red five)."""
        choices: dict[tuple[bool, ...], tuple[int, ...]] = {}
        for i in range(len(same)):
            for j in range(i + 1, len(same)):
                pair = tuple(sorted((same[i], same[j])))
                key = tuple(self.red_fives and t in RED_FIVE_IDS for t in pair)
                choices.setdefault(key, pair)
        return sorted(choices.values())

    def _chi_options(self, hand: list[int], tile: int) -> list[Action]:
        kind = kind_of(tile)
        pos = kind % 9
        out: list[Action] = []
        held = {t >> 2 for t in hand if t < 136}
        for a, b in ((-2, -1), (-1, 1), (1, 2)):
            if not (0 <= pos + a <= 8 and 0 <= pos + b <= 8) or kind + a not in held or kind + b not in held:
                continue
            first = [t for t in hand if t >> 2 == kind + a]  # numbered tiles: kind_of is t >> 2
            second = [t for t in hand if t >> 2 == kind + b]
            seen = set()
            for x in first:
                for y in second:
                    key = (self.red_fives and x in RED_FIVE_IDS, self.red_fives and y in RED_FIVE_IDS)
                    if key not in seen:
                        seen.add(key)
                        out.append(Chi(tile, (x, y)))
        return out

    def _open_claims(self, discarder: int, tile: int) -> None:
        order = tuple(self.order_from(self.next_seat(discarder)))
        offers = {}
        for seat in order:
            if seat == discarder or self.players[seat].out:
                continue
            options = self.claim_options(seat, tile, discarder)
            if options:
                offers[seat] = self._sorted(options + [Pass()])
        if offers:
            self.claims = ClaimWindow(discarder, tile, offers, order)
            self.phase = _CLAIM
        else:
            self.claims = None
            self._next_turn(discarder)

    def _resolve_claims(self, window: ClaimWindow) -> None:
        discarder, tile = window.discarder, window.tile
        self.phase = _TURN  # provisional; overwritten below
        rons = window.rons()
        for seat in window.passed_wins():
            self.on_passed_win(seat, tile)
        if rons:
            winners = self.select_winners(discarder, rons)
            self._win(winners, tile, discarder)
            return
        claim = window.best_call()
        self.claims = None
        if claim is None:
            self.on_claims_passed(discarder, tile)
            if self.phase is not _OVER:
                self._next_turn(discarder)
            return
        seat, action = claim
        self._take_discard(seat, discarder, action)

    def on_passed_win(self, seat: int, tile: int) -> None:
        """Hook: ``seat`` could have won on ``tile`` and did not (furiten, Sichuan lock)."""

    def on_claims_passed(self, discarder: int, tile: int) -> None:
        """Hook: nobody claimed the discard (riichi: a declaration becomes valid)."""

    def select_winners(self, discarder: int, claimants: list[int]) -> list[int]:
        """Hook: which of the seats claiming a win (in turn order from the discarder) win."""
        return claimants if self.multi_win else claimants[:1]

    def _take_discard(self, seat: int, discarder: int, action: Action) -> None:
        record = self.players[discarder].discards[-1]
        record.claimed_by = seat
        player = self.players[seat]
        for t in action.tiles:
            player.concealed.remove(t)
        mtype = {ActionType.CHI: MeldType.CHI, ActionType.PON: MeldType.PON, ActionType.KAN: MeldType.KAN}[action.type]
        # the claimed tile is the discard itself (the action names the same one)
        meld = make_meld(mtype, list(action.tiles) + [record.tile], claimed=record.tile, from_seat=discarder)
        player.melds.append(meld)
        self.calls_made += 1
        self.emit(CallEvent(seat=seat, meld=meld_to_wire(meld), discarder=discarder))
        self.on_call(seat, meld)
        self.turn_seat = seat
        self.phase = _TURN
        if mtype is MeldType.KAN:
            self.on_kong(seat, meld)
            self._replacement_draw(seat)
        else:
            self.turn_situation = _AFTER_CALL

    def on_call(self, seat: int, meld: Meld) -> None:
        """Hook: a discard was claimed into a meld (ippatsu breaks, kuikae, liability)."""

    # --- kongs ---------------------------------------------------------------------------

    def _concealed_kong(self, seat: int, action: Action) -> None:
        player = self.players[seat]
        for t in action.tiles:
            player.concealed.remove(t)
        player.drawn = None
        meld = make_meld(MeldType.ANKAN, list(action.tiles))
        player.melds.append(meld)
        self.emit(KongEvent(seat=seat, meld=meld_to_wire(meld)))
        if self.can_rob_concealed_kong():
            robbers = self._robbers(seat, action.tiles[0], concealed=True)
            if robbers:
                self._open_rob(seat, meld, robbers)
                return
        self._complete_kong(seat, meld)

    def can_rob_concealed_kong(self) -> bool:
        """Hook: riichi's option to rob a concealed kong for thirteen orphans."""
        return False

    def _added_kong(self, seat: int, tile: int) -> None:
        player = self.players[seat]
        index = next(i for i, m in enumerate(player.melds) if m.type is MeldType.PON and m.kind == kind_of(tile))
        pung = player.melds[index]
        player.concealed.remove(tile)
        held = tile != player.drawn
        player.drawn = None
        meld = Meld(MeldType.KAKAN, pung.tiles + (tile,), pung.claimed, pung.from_seat, added=tile)
        player.melds[index] = meld
        self.emit(KongEvent(seat=seat, meld=meld_to_wire(meld), held=held))
        self.added_kong_held = held
        if self.rob_added_kong:
            robbers = self._robbers(seat, tile, concealed=False)
            if robbers:
                self._open_rob(seat, meld, robbers)
                return
        self._complete_kong(seat, meld)

    def _robbers(self, seat: int, tile: int, *, concealed: bool) -> dict[int, tuple[Action, ...]]:
        out: dict[int, tuple[Action, ...]] = {}
        for s in self.order_from(self.next_seat(seat)):
            if s == seat or self.players[s].out:
                continue
            if self.can_win(s, tile, self_drawn=False, robbing=True, concealed_kong=concealed):
                out[s] = (Ron(tile), Pass())
        return out

    def _open_rob(self, seat: int, meld: Meld, robbers: dict[int, tuple[Action, ...]]) -> None:
        tile = meld.added if meld.type is MeldType.KAKAN and meld.added is not None else meld.tiles[0]
        self.phase = _ROB
        self.claims = ClaimWindow(seat, tile, robbers, tuple(self.order_from(self.next_seat(seat))), kong=meld)

    def _resolve_rob(self, window: ClaimWindow) -> None:
        seat, meld, tile = window.discarder, window.kong, window.tile
        assert meld is not None  # a rob window always names its kong
        rons = window.rons()
        for s in window.passed_wins():
            self.on_passed_win(s, tile)
        self.claims = None
        if rons:
            player = self.players[seat]
            # the kong never happened: the robbed tile leaves the meld
            index = player.melds.index(meld)
            if meld.type is MeldType.KAKAN:
                player.melds[index] = Meld(
                    MeldType.PON, tuple(t for t in meld.tiles if t != tile), meld.claimed, meld.from_seat
                )
            else:
                player.melds.pop(index)
                player.concealed.extend(t for t in meld.tiles if t != tile)
            before = self.turn_situation
            self.turn_situation = _ROBBING_KONG
            self._win(self.select_winners(seat, rons), tile, seat)
            if self.turn_situation is _ROBBING_KONG:
                self.turn_situation = before
            return
        self.phase = _TURN
        self._complete_kong(seat, meld)

    def _complete_kong(self, seat: int, meld: Meld) -> None:
        self.on_kong(seat, meld)
        if self.phase is _OVER:
            return
        self.phase = _TURN
        self.turn_seat = seat
        self._replacement_draw(seat)

    def on_kong(self, seat: int, meld: Meld) -> None:
        """Hook: a kong stands (dora reveal, kong money, four-kong checks)."""

    # --- draws ---------------------------------------------------------------------------

    def next_seat(self, seat: int) -> int:
        """The next seat still in the hand after ``seat``."""
        for step in range(1, 5):
            s = (seat + step) % 4
            if not self.players[s].out:
                return s
        return seat

    def order_from(self, start: int) -> list[int]:
        """Hook: the four seats in turn order from ``start`` (a variant with seat rotation reorders)."""
        return [(start + i) % 4 for i in range(4)]

    def _next_turn(self, previous: int) -> None:
        seat = self.next_seat(previous)
        if self.wall.remaining <= 0:
            self.end_in_exhaustive_draw()
            return
        self.turn_seat = seat
        self.phase = _TURN
        tile = self.wall.draw()
        self._take_draw(seat, tile, replacement=False)

    def _replacement_draw(self, seat: int) -> None:
        if not self.wall.can_replace():
            self.end_in_exhaustive_draw()
            return
        tile = self.wall.draw_replacement()
        self._take_draw(seat, tile, replacement=True)

    def _take_draw(self, seat: int, tile: int, *, replacement: bool) -> None:
        player = self.players[seat]
        player.concealed.append(tile)
        player.drawn = tile
        self.turn_situation = _KONG_REPLACEMENT if replacement else _NORMAL
        self.emit(_new_draw_event(seat, replacement, self.wall.remaining, tile))
        if self.bonus_tiles and is_bonus(kind_of(tile)):
            self.replace_bonus_tiles(seat)
            if self.phase is _OVER:
                return
        self.on_draw(seat, player.drawn)

    def replace_bonus_tiles(self, seat: int) -> None:
        """Protected API: lay out every bonus tile the seat holds and draw replacements until none is left."""
        player = self.players[seat]
        while True:
            found = [t for t in player.concealed if is_bonus(kind_of(t))]
            if not found:
                return
            for t in found:
                player.concealed.remove(t)
                player.bonus.append(t)
                self.emit(BonusEvent(seat=seat, tile=t))
                if not self.wall.can_replace():
                    self.end_in_exhaustive_draw()
                    return
                replacement = self.wall.draw_replacement()
                player.concealed.append(replacement)
                if player.drawn is not None:
                    player.drawn = replacement
                self.emit(DrawEvent(seat=seat, replacement=True, wall=self.wall.remaining, tile=replacement))

    def on_draw(self, seat: int, tile: int) -> None:
        """Hook: a seat drew (lifts a Sichuan lock, temporary furiten, …)."""

    # --- winning -----------------------------------------------------------------------------

    def can_win(
        self, seat: int, tile: int, *, self_drawn: bool, robbing: bool = False, concealed_kong: bool = False
    ) -> bool:
        """Hook (extend with ``super()``): the shape check; variants add yaku, fan minimum,
        void suit, furiten, locks.  ``tile`` is in the hand when self-drawn."""
        if concealed_kong:
            return False
        player = self.players[seat]
        if self_drawn:
            # the hand before this tile came is the one the claim checks asked about (kept): most are
            # not one tile from complete, so no tile, this one neither, completes them
            concealed = player.concealed
            if tile in concealed:
                rest = list(concealed)
                rest.remove(tile)
                if not self.one_tile_could_complete(seat, rest, len(player.melds)):
                    return False
        elif not self.one_tile_could_complete(seat, player.concealed, len(player.melds)):
            return False
        counts = counts34(player.concealed)
        if not self_drawn:
            counts[kind_of(tile)] += 1
        return is_complete(
            counts,
            len(player.melds),
            seven_pairs=self.seven_pairs,
            thirteen_orphans=self.thirteen_orphans,
            four_as_two=self.four_as_two,
        )

    def one_tile_could_complete(self, seat: int, concealed: list[int], melds: int) -> bool:
        """Protected API: False only when no one more tile completes ``seat``'s ``concealed`` tiles with
        ``melds`` melds in this table's winning shapes (:func:`~.analysis.may_complete_with_one`).

        Every other seat is asked at every discard, and a hand changes only on its own turn: the
        answer is kept per seat while the hand stands (most hands: no tile completes them).
        """
        key = (tuple(concealed), melds)
        hit = self._ready_gates[seat]
        if hit is not None and hit[0] == key:
            return hit[1]
        answer = may_complete_with_one(
            counts34(concealed),
            melds,
            seven_pairs=self.seven_pairs,
            thirteen_orphans=self.thirteen_orphans,
            four_as_two=self.four_as_two,
        )
        self._ready_gates[seat] = (key, answer)
        return answer

    def before_win(self, winners: list[int], tile: int, discarder: int | None) -> bool:
        """Hook: runs once the winners are chosen, before anyone is paid; return False when the
        variant ends the hand otherwise (riichi's triple-ron abort)."""
        return True

    def _win(self, winners: list[int], tile: int, discarder: int | None) -> None:
        if not self.before_win(winners, tile, discarder):
            return
        records = []
        for i, seat in enumerate(winners):
            player = self.players[seat]
            if discarder is not None:
                player.concealed.append(tile)
            score, payments = self.score_win(seat, tile, discarder)
            if discarder is not None and i > 0:
                # one physical tile: the first winner keeps it, the others win on it in name
                player.concealed.remove(tile)
            record = WinRecord(
                seat=seat,
                tile=tile,
                discarder=discarder,
                score=score,
                payments=payments,
                hand=sort_tiles(player.concealed + ([tile] if discarder is not None and i > 0 else [])),
                melds=[meld_to_wire(m) for m in player.melds],
                bonus=list(player.bonus),
            )
            records.append(record)
            self.wins.append(record)
        # a robbed kong's tile was never discarded
        if discarder is not None and self.turn_situation is not _ROBBING_KONG:
            self.players[discarder].discards[-1].claimed_by = winners[0]
        for record in records:
            self._apply_payments(record.payments, reason="win")
            self.emit(WinEvent.of(record))
        self.after_win(records)
        if self.phase is _OVER:
            return
        if self.leave_on_win and len(self.wins) < self.max_winners and sum(not p.out for p in self.players) > 2:
            for record in records:
                self.players[record.seat].out = True
                self.emit(LeaveEvent(seat=record.seat))
            if sum(not p.out for p in self.players) > 1:
                # play goes on after the (last) winner
                self.claims = None
                self.phase = _TURN
                self._next_turn(winners[-1])
                return
        self.end_hand(HandResult(kind="win", wins=list(self.wins)))

    def score_win(self, seat: int, tile: int, discarder: int | None) -> tuple[ScoreResult, dict[int, int]]:
        """Hook: score the winner's hand and say who pays what (seat → delta)."""
        raise NotImplementedError

    def after_win(self, records: list[WinRecord]) -> None:
        """Hook: after winners are paid (Sichuan: kong-then-discard transfers)."""

    def _apply_payments(self, payments: dict[int, int], *, reason: str) -> None:
        for seat, delta in payments.items():
            self.deltas[seat] += delta

    def pay(self, payments: dict[int, int], reason: str) -> None:
        """Move points now (kong money, a riichi deposit), with an event everybody sees."""
        self._apply_payments(payments, reason=reason)
        self.emit(PaymentEvent(reason=reason, deltas={int(k): v for k, v in payments.items()}))

    # --- ending -------------------------------------------------------------------------------

    def end_in_exhaustive_draw(self) -> None:
        """Protected API: the wall cannot go on; end the hand with :meth:`exhaustive_draw`'s result."""
        self.end_hand(self.exhaustive_draw())

    def exhaustive_draw(self) -> HandResult:
        """Hook: the wall ran out (tenpai payments, end-of-wall settlement)."""
        return HandResult(kind="draw", wins=list(self.wins))

    def abort(self, reason: str) -> None:
        """End the hand as an abortive draw (variants call this)."""
        self.end_hand(HandResult(kind="abort", wins=list(self.wins), reason=reason))

    def end_hand(self, result: HandResult) -> None:
        """Protected API: end the hand with ``result`` (its extra deltas are applied here)."""
        for seat, delta in enumerate(result.extra_deltas):
            self.deltas[seat] += delta
        result.deltas = list(self.deltas)
        result.hands = [sort_tiles(p.concealed) for p in self.players]
        self.result = result
        self.phase = _OVER
        self.claims = None
        self.emit(HandEndEvent.of(result))

    # --- setup phase hooks ----------------------------------------------------------------------

    def setup_actions(self, seat: int) -> list[Action]:
        """Hook: setup decisions still open for ``seat``."""
        return []

    def act_setup(self, seat: int, action: Action) -> None:
        """Hook: apply a setup decision; call ``self.begin_play()`` when all are in."""
        raise IllegalAction("no setup decisions in this variant")

    # --- what a seat may know -------------------------------------------------------------------

    def view(self, seat: int | None, *, match: MatchInfo | None = None) -> View:
        """Everything ``seat`` may know now (``None``: a spectator); ``match``: the match's part.

        Never another seat's concealed tiles (until the hand is over) or the
        order of the wall.
        """
        over = self.phase is _OVER
        public, shown = self._public_entry, self._shown_entry
        p0, p1, p2, p3 = self.players
        # another seat's entry is its public one unless the hand is over or the seat has left (Sichuan)
        players = (
            shown(0, p0, True) if seat == 0 or over else shown(0, p0, False) if p0.out else public(0, p0),
            shown(1, p1, True) if seat == 1 or over else shown(1, p1, False) if p1.out else public(1, p1),
            shown(2, p2, True) if seat == 2 or over else shown(2, p2, False) if p2.out else public(2, p2),
            shown(3, p3, True) if seat == 3 or over else shown(3, p3, False) if p3.out else public(3, p3),
        )
        context = self.context
        scores = self._scores_view
        key = (*context.scores, *self.deltas)
        if scores[0] != key:  # points move a few times a hand: kept in between
            scores = self._scores_view = (key, tuple(a + b for a, b in zip(context.scores, self.deltas)))
        return _new_view(
            self.name,
            seat,
            _PHASE_ON_WIRE[self.phase],
            self.turn_seat,
            context.dealer,
            context.round_wind,
            context.hand_number,
            scores[1],
            self.wall.remaining,
            players,
            self.last_discard,
            self.rule_facts(),
            self.view_extension(seat),
            self._result_view() if over else None,
            match,
            (),  # unknown: only views read from a newer host have any
        )

    def _seat_view(self, s: int, p: PlayerState, *, shown: bool, own: bool) -> SeatView:
        """Seat ``s``'s entry in a view: its tiles ``shown`` or not, ``own`` (the viewer's: with its draw)."""
        return self._shown_entry(s, p, own) if shown else self._public_entry(s, p)

    # Views are built for every seat after every decision: a seat's entry is kept while what it
    # shows is unchanged.  Of a pond only the latest discard ever changes (when it is claimed);
    # melds are compared by identity first (a kong replaces its pung by a new meld).

    def _shown_entry(self, s: int, p: PlayerState, own: bool) -> SeatView:
        records = p.discards
        concealed = tuple(p.concealed)
        key = (
            len(records),
            records[-1].claimed_by if records else None,
            tuple(p.melds) if p.melds else (),
            tuple(p.bonus) if p.bonus else (),
            p.out,
            concealed,
            p.drawn if own else None,
        )
        hit = self._shown_seat_views[own][s]
        if hit is not None and hit[0] == key:
            return hit[1]
        view = _new_seat_view(
            s,
            self.seat_wind(s),
            len(concealed),
            self._meld_views(s, p, not own),
            self._discard_views(s, p),
            key[3],
            p.out,
            tuple(sort_tiles(concealed)),
            key[6],
        )
        self._shown_seat_views[own][s] = (key, view)
        return view

    def _public_entry(self, s: int, p: PlayerState) -> SeatView:
        records = p.discards
        key = (
            len(records),
            records[-1].claimed_by if records else None,
            tuple(p.melds) if p.melds else (),
            tuple(p.bonus) if p.bonus else (),
            p.out,
            len(p.concealed),
        )
        public = self._public_seat_views[s]
        if public is not None and public[0] == key:
            return public[1]
        view = _new_seat_view(
            s,
            self.seat_wind(s),
            len(p.concealed),
            self._meld_views(s, p, True),
            self._discard_views(s, p),
            key[3],
            p.out,
            None,  # concealed: not shown
            None,  # drawn
        )
        self._public_seat_views[s] = (key, view)
        return view

    def _discard_views(self, s: int, p: PlayerState) -> tuple[DiscardView, ...]:
        records = p.discards
        cached = self._discard_view_cache[s]
        # only the latest discard ever changes (when it is claimed): compare it, add what is new
        if (
            cached
            and len(cached) <= len(records)
            and (not cached or cached[-1].claimed_by == records[len(cached) - 1].claimed_by)
        ):
            if len(cached) == len(records):
                return cached
            views = cached + tuple(
                [
                    _new_discard_view(d.tile, d.tsumogiri, d.riichi, d.claimed_by, d.order)
                    for d in records[len(cached) :]
                ]
            )
        else:
            views = tuple([_new_discard_view(d.tile, d.tsumogiri, d.riichi, d.claimed_by, d.order) for d in records])
        self._discard_view_cache[s] = views
        return views

    def _meld_views(self, s: int, p: PlayerState, hidden: bool) -> tuple[MeldView, ...]:
        if not p.melds:
            return ()
        key = (tuple(p.melds), hidden)
        cached = self._meld_view_cache.get((s, hidden))
        if cached is None or cached[0] != key:
            cached = (key, tuple(meld_view(m, hide_concealed=hidden) for m in p.melds))
            self._meld_view_cache[(s, hidden)] = cached
        return cached[1]

    def view_extension(self, seat: int | None) -> ViewExtension | None:
        """Hook: the variant's own facts ``seat`` may know (dora indicators, riichi, void suits)."""
        return None

    def rule_facts(self) -> RuleFacts:
        """The rules a client needs, from this table's knobs (built once)."""
        if self._rule_facts is None:
            self._rule_facts = RuleFacts(
                red_fives=self.red_fives,
                honors=self.honors,
                bonus_tiles=self.bonus_tiles,
                chow=self.allow_chi,
                pung=self.allow_pon,
                exposed_kong=self.allow_open_kan,
                seven_pairs=self.seven_pairs,
                thirteen_orphans=self.thirteen_orphans,
                four_as_two=self.four_as_two,
                riichi=self.riichi_declarations,
                multi_win=self.multi_win,
                leave_on_win=self.leave_on_win,
            )
        return self._rule_facts

    def _result_view(self) -> ResultView | None:
        # the result is fixed once the hand is over: convert it once
        if self.result is not None and self._result_view_cache is None:
            self._result_view_cache = result_view(self.result)
        return self._result_view_cache

    # --- bookkeeping --------------------------------------------------------------------------------

    def emit(self, event: Event) -> None:
        """Protected API: record an event (everything a seat learns is an event)."""
        self.events.append(event)

    @staticmethod
    def _sorted(actions: list[Action]) -> tuple[Action, ...]:
        # The turn's discards lead its actions, one per tile in id order (distinct_tiles): that is
        # already their sorted order, and every other kind sorts after all discards, so only what
        # follows them is sorted (unless another discard is among it: then everything is).
        head = 0
        last = -1
        for action in actions:
            if action.__class__ is not Discard or action.tile <= last:
                break
            last = action.tile
            head += 1
        if head == 0:
            return tuple(sorted(set(actions), key=Action.sort_key))
        rest = actions[head:]
        if not rest:
            return tuple(actions)
        if any(a.__class__ is Discard for a in rest):
            return tuple(sorted(set(actions), key=Action.sort_key))
        return (*actions[:head], *sorted(set(rest), key=Action.sort_key))

    def tile_locations(self) -> dict[int, str]:
        """Where each physical tile is now (for conservation checks): wall, dead, hand, meld, discard, bonus."""
        where: dict[int, str] = {}

        def put(tile: int, place: str) -> None:
            if tile in where:
                raise AssertionError(f"tile {tile} is both in {where[tile]} and {place}")
            where[tile] = place

        for t in self.wall.live_tiles():
            put(t, "wall")
        for t in self.wall.untaken_dead():
            put(t, "dead")
        for s, p in enumerate(self.players):
            for t in p.concealed:
                put(t, f"hand{s}")
            for m in p.melds:
                for t in m.tiles:
                    put(t, f"meld{s}")
            for d in p.discards:
                if d.claimed_by is None:
                    put(d.tile, f"discard{s}")
            for t in p.bonus:
                put(t, f"bonus{s}")
        return where
