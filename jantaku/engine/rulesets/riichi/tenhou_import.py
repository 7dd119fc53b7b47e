"""Replay real Tenhou games through our riichi engine and compare, hand by hand.

:func:`check_game` (or :func:`check_mjlog` on the raw record) takes a parsed
:class:`~.tenhou_log.TenhouGame` and

1. plays every hand on a :class:`~.table.RiichiTable` with the log's wall
   and the log's decisions, from the log's own situation (dealer, counters,
   scores), and compares how it ends: the kind of ending and the abortive
   draw, the winners, each win's han, fu, limit and points, the tenpai seats
   of a draw, every seat's score change and the tiles drawn;
2. plays the whole game as one :class:`~...match.Match`, so our rotation,
   honba and riichi-stick bookkeeping must start every hand as Tenhou did,
   end the game after the same hand and give Tenhou's final scores and
   points.

The result is an :class:`ImportReport`; ``report.ok`` says whether
everything agreed and ``report.lines()`` says what did not, readably::

    report = check_mjlog(path.read_bytes())
    print("\\n".join(report.lines(verbose=True)))

How a hand is replayed: the table is dealt from a wall built by
:func:`wall_for_hand` (the log's deal and draws in order, its replacement
tiles and dora/ura indicators where our dead wall keeps them), and each
logged decision is matched to one of the table's legal actions (the same
kind of tile and the same red-ness: the table offers one action per such
tile).  A claim the log does not make is a pass.  A decision the table does
not offer stops that hand with an error.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ...actions import (
    Abort,
    Action,
    ActionType,
    Ankan,
    Chi,
    Continue,
    IllegalAction,
    Kakan,
    Kan,
    Pass,
    Pon,
    Ron,
    Tsumo,
    tile_of,
)
from ...actions import Discard as DiscardAction
from ...actions import Riichi as RiichiAction
from ...events import DrawEvent
from ...match import Match
from ...results import HandResult, WinRecord
from ...ruleset import get_ruleset
from ...table import HandContext
from ...tiles import RED_FIVE_IDS, kind_of
from ...wall import Wall
from .options import RiichiOptions, riichi_options
from .context import RiichiHandContext
from .points import round_up_100
from .table import DORA_SLOTS, RiichiTable
from .tenhou6 import Tenhou6Error, parse_tenhou6, to_game
from .tenhou_log import (
    YAKU,
    Agari,
    Call,
    CallType,
    Discard,
    Draw,
    DrawType,
    Limit,
    NewDora,
    Riichi,
    Ryuukyoku,
    TenhouEvent,
    TenhouGame,
    TenhouHand,
    TenhouRules,
    parse_mjlog,
    wall_from_hand,
)

__all__ = [
    "Decision",
    "HandCheck",
    "ImportReport",
    "Mismatch",
    "PlayedRules",
    "ReplayError",
    "check_game",
    "check_hand",
    "check_mjlog",
    "check_tenhou6",
    "decisions_of",
    "ending_of",
    "hand_context",
    "hand_label",
    "hand_points",
    "options_for",
    "played_rules",
    "replay_game",
    "replay_hand",
    "replay_tenhou6",
    "wall_for_hand",
    "with_our_copies",
]

NUM_TILES = 136
REPLACEMENT_SLOTS = DORA_SLOTS.start  # our dead wall: replacement tiles, then dora, then ura indicators
INDICATOR_SLOTS = len(DORA_SLOTS)

# how a Tenhou drawn hand ends in our engine: (result kind, abort reason)
ENDINGS = {
    DrawType.EXHAUSTIVE: ("draw", None),
    DrawType.NAGASHI_MANGAN: ("draw", None),
    DrawType.NINE_TERMINALS: ("abort", "kyuushu kyuuhai"),
    DrawType.FOUR_WINDS: ("abort", "suufon renda"),
    DrawType.FOUR_RIICHI: ("abort", "suucha riichi"),
    DrawType.TRIPLE_RON: ("abort", "sanchahou"),
    DrawType.FOUR_KANS: ("abort", "suukaikan"),
}
LIMIT_NAMES = {
    Limit.NONE: None,
    Limit.MANGAN: "mangan",
    Limit.HANEMAN: "haneman",
    Limit.BAIMAN: "baiman",
    Limit.SANBAIMAN: "sanbaiman",
    Limit.YAKUMAN: "yakuman",
}
_CALL_ACTIONS: dict[CallType, type[Chi | Pon | Kan]] = {CallType.CHI: Chi, CallType.PON: Pon, CallType.DAIMINKAN: Kan}
_CLAIMS = frozenset({ActionType.CHI, ActionType.PON, ActionType.KAN, ActionType.RON})


class ReplayError(ValueError):
    """A record our engine cannot replay, or a logged decision the table refused."""


# --- from the record to what the engine needs -------------------------------------------------


@dataclass(frozen=True)
class PlayedRules:
    """The riichi preset and option overrides a record is replayed under.

    A Tenhou record: Tenhou's preset with its rule bits (:func:`played_rules`);
    a record we exported says which of ours it was played with.
    """

    preset: str = "tenhou"
    overrides: dict[str, Any] = field(default_factory=dict)

    def options(self) -> RiichiOptions:
        return riichi_options(self.preset, self.overrides)


def played_rules(rules: TenhouRules) -> PlayedRules:
    """Tenhou's preset with the ``GO`` bits applied; refuses a three-player game."""
    if rules.three_player:
        raise ReplayError("three-player games are not riichi for four")
    return PlayedRules("tenhou", _overrides(rules))


def options_for(rules: TenhouRules) -> RiichiOptions:
    """Our riichi options for a Tenhou rule set (Tenhou's preset, the ``GO`` bits applied)."""
    return played_rules(rules).options()


def _overrides(rules: TenhouRules) -> dict[str, Any]:
    return {
        "aka_dora": rules.red_fives,
        "kuitan": rules.open_tanyao,
        "game_length": "east_south" if rules.east_south else "east",
    }


def hand_context(hand: TenhouHand, index: int) -> HandContext:
    """The situation the record starts ``hand`` (the match's ``index``-th) in."""
    return RiichiHandContext(
        dealer=hand.dealer,
        round_wind=hand.round_wind,
        hand_number=index,
        scores=hand.scores,
        honba=hand.honba,
        sticks=hand.riichi_sticks,
    )


def wall_for_hand(hand: TenhouHand) -> Wall:
    """A wall that deals ``hand`` as Tenhou did and then gives every logged draw.

    Live wall: the 13 tiles of each seat from the dealer on (our table deals
    them in that order), the live draws (the first is the dealer's 14th
    tile), then the tiles nobody drew.  Dead wall: the replacement draws at
    0-3, the dora indicators at 4-8, the ura indicators at 9-13; unknown
    places are filled with tiles the record never shows.  A kan moves the
    live wall's last tile to the dead wall, and those are always unseen ones:
    Tenhou's live draws and replacements never exceed 70 together.
    """
    wall = wall_from_hand(hand)
    deal = [t for i in range(4) for t in hand.hands[(hand.dealer + i) % 4]]
    shown = deal + [*wall.live_draws, *wall.replacement_draws, *wall.dora_indicators, *wall.ura_indicators]
    if len(set(shown)) != len(shown) or not set(shown) <= set(range(NUM_TILES)):
        raise ReplayError(f"{hand.name}: a tile is dealt or drawn twice, or is no tile")
    unseen = sorted(set(range(NUM_TILES)).difference(shown))

    def slots(known: tuple[int, ...], size: int) -> list[int]:
        if len(known) > size:
            raise ReplayError(f"{hand.name}: more than {size} tiles where our dead wall has {size}")
        return list(known) + [unseen.pop() for _ in range(size - len(known))]

    dead = (
        slots(wall.replacement_draws, REPLACEMENT_SLOTS)
        + slots(wall.dora_indicators, INDICATOR_SLOTS)
        + slots(wall.ura_indicators, INDICATOR_SLOTS)
    )
    return Wall(live=deal + list(wall.live_draws) + unseen, dead=dead, dice=hand.dice, refill_dead=True)


@dataclass(frozen=True)
class Decision:
    """One logged decision, as the action our table should offer ``seat``."""

    seat: int
    action: Action

    @property
    def is_claim(self) -> bool:
        """An answer to a discard or a kan (others who do not answer pass)."""
        return self.action.type in _CLAIMS


def decisions_of(hand: TenhouHand) -> list[Decision]:
    """The decisions players made in ``hand``, in order; draws are the wall's business.

    Riichi is the discard after ``REACH`` step 1; a nine-terminals draw is its
    shown hand's seat choosing to abort; a triple ron is three ron claims.
    Other abortive draws and the end of the wall happen by themselves.
    """
    decisions: list[Decision] = []
    declaring: set[int] = set()
    last_discarder: int | None = None
    for event in hand.events:
        if isinstance(event, Riichi) and event.step == 1:
            declaring.add(event.seat)
        elif isinstance(event, Discard):
            discard = RiichiAction if event.seat in declaring else DiscardAction
            declaring.discard(event.seat)
            last_discarder = event.seat
            decisions.append(Decision(event.seat, discard(event.tile)))
        elif isinstance(event, Call):
            decisions.append(Decision(event.seat, _call_action(event)))
    for result in hand.results:
        if isinstance(result, Agari):
            win = Tsumo if result.is_tsumo else Ron
            decisions.append(Decision(result.who, win(result.win_tile)))
        elif result.type is DrawType.NINE_TERMINALS:
            decisions.extend(Decision(seat, Abort()) for seat in result.shown_hands)
        elif result.type is DrawType.TRIPLE_RON and last_discarder is not None:
            tile = next(tile_of(d.action) for d in reversed(decisions) if d.seat == last_discarder)
            decisions.extend(Decision((last_discarder + i) % 4, Ron(tile)) for i in (1, 2, 3))
    return decisions


def _call_action(call: Call) -> Action:
    if call.type is CallType.NUKIDORA:
        raise ReplayError("a nukidora belongs to three-player games")
    if call.type is CallType.ANKAN:
        return Ankan(call.tiles[0], call.tiles)
    if call.type is CallType.KAKAN:
        assert call.added is not None  # the log's kakan names the tile it added
        return Kakan(call.added)
    assert call.claimed is not None  # and a chi, pon or open kan the tile it took
    own = tuple(t for t in call.tiles if t != call.claimed)
    return _CALL_ACTIONS[call.type](call.claimed, own)


# --- driving the engine -----------------------------------------------------------------------


def _same_tile(a: int | None, b: int | None) -> bool:
    """The same kind and red-ness: the table offers one action per such tile."""
    if a is None or b is None:
        return a is b
    return kind_of(a) == kind_of(b) and (a in RED_FIVE_IDS) == (b in RED_FIVE_IDS)


def _offers(legal: Action, logged: Action) -> bool:
    """Whether the table's ``legal`` action is the ``logged`` one."""
    if legal.type is not logged.type:
        return False
    if logged.type is ActionType.ABORT:
        return True
    if logged.type is ActionType.ANKAN:
        return kind_of(tile_of(legal)) == kind_of(tile_of(logged))
    if not _same_tile(legal.tile, logged.tile):
        return False
    key = sorted((kind_of(t), t in RED_FIVE_IDS) for t in logged.tiles)
    return sorted((kind_of(t), t in RED_FIVE_IDS) for t in legal.tiles) == key


class _Driver:
    """Makes the logged decisions on a table, or on a match playing one."""

    def __init__(self, game: RiichiTable | Match):
        self.game = game

    @property
    def table(self) -> RiichiTable:
        table = self.game.table if isinstance(self.game, Match) else self.game
        assert isinstance(table, RiichiTable)  # a riichi match is played on riichi tables
        return table

    def play(self, decisions: list[Decision]) -> None:
        try:
            for decision in decisions:
                if not decision.is_claim:
                    self._pass_open_claims()
                self._act(decision)
            self._pass_open_claims()
        except IllegalAction as exc:
            raise ReplayError(str(exc)) from None
        if not self.table.is_over:
            raise ReplayError("the logged decisions do not end the hand")

    def _pass_open_claims(self) -> None:
        """Everybody still asked about a discard (or a kan to rob) passes."""
        while self.table.phase in ("claim", "rob") and self.game.pending():
            self.game.act(min(self.game.pending()), Pass())

    def _act(self, decision: Decision) -> None:
        legal = self.game.pending().get(decision.seat, ())
        for action in legal:
            if _offers(action, decision.action):
                self.game.act(decision.seat, action)
                return
        raise ReplayError(
            f"seat {decision.seat} may not {decision.action}; legal: {', '.join(map(str, legal)) or 'nothing'}"
        )


def replay_hand(hand: TenhouHand, options: RiichiOptions, index: int = 0) -> RiichiTable:
    """Play ``hand`` on a fresh table from the record's situation; raises :class:`ReplayError`."""
    table = RiichiTable(options, seed=0, context=hand_context(hand, index), wall=wall_for_hand(hand))
    _Driver(table).play(decisions_of(hand))
    return table


def replay_game(game: TenhouGame, played: PlayedRules | None = None) -> Match:
    """Play the record's complete hands as one match of ours (our rotation and counters).

    Raises :class:`ReplayError` when a hand cannot be replayed or our match
    ends early; the match is left where it stopped for inspection otherwise.
    """
    match, _ = _replay_match(_our_copies(game), played or played_rules(game.rules))
    return match


def _our_copies(game: TenhouGame) -> TenhouGame:
    """The game with each hand's copies renumbered for our table (:func:`with_our_copies`)."""
    return replace(game, hands=[with_our_copies(h, game.rules.red_fives) for h in game.hands])


def _replay_match(game: TenhouGame, played: PlayedRules) -> tuple[Match, list[Mismatch]]:
    """The match, and where its hands started differently from the record's."""
    hands = [h for h in game.hands if h.is_complete]
    ruleset = get_ruleset("riichi", played.preset, dict(played.overrides))
    match = Match(ruleset, 0, walls={i: wall_for_hand(h) for i, h in enumerate(hands)})
    started_differently: list[Mismatch] = []
    for index, hand in enumerate(hands):
        if match.is_over:
            raise ReplayError(f"our match ended before hand {index + 1} ({hand.name})")
        started_differently += _context_mismatches(match.context, hand, index)
        try:
            _Driver(match).play(decisions_of(hand))
        except ReplayError as exc:
            raise ReplayError(f"hand {index + 1} ({hand.name}): {exc}") from None
        while match.phase == "between":
            match.act(min(match.pending()), Continue())
    return match, started_differently


# --- comparing --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Mismatch:
    """One thing our engine did differently from Tenhou."""

    what: str
    ours: Any
    tenhou: Any

    def __str__(self) -> str:
        return f"{self.what}: ours {self.ours}, Tenhou {self.tenhou}"


@dataclass
class HandCheck:
    """One hand replayed on its own.  ``error`` is set when the replay could not finish."""

    index: int
    label: str  # "S2-1": South round, second deal, one honba
    tenhou: str  # how the hand ended on Tenhou, readably
    ours: str = ""
    mismatches: list[Mismatch] = field(default_factory=list)
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None and not self.mismatches

    def lines(self) -> list[str]:
        """``E1-0   ok        seat 1 tsumo, …``; a mismatch adds our ending and each difference."""
        out = [f"{self.label:<6} {'ok' if self.ok else 'MISMATCH':<9} {self.tenhou}"]
        if not self.ok:
            if self.ours:
                out.append(f"{'':<6} {'ours:':<9} {self.ours}")
            out += [f"{'':<17}{m}" for m in self.mismatches]
            if self.error:
                out.append(f"{'':<17}replay stopped: {self.error}")
        return out


@dataclass
class ImportReport:
    """Hand-by-hand and whole-game agreement of our engine with one record.

    ``match`` is our replay of the whole game (None if it could not be
    replayed), e.g. to keep it in the match history.
    """

    players: tuple[str, ...]
    hands: list[HandCheck] = field(default_factory=list)
    incomplete_hands: int = 0  # the record breaks off inside a hand
    game: list[Mismatch] = field(default_factory=list)  # whole-game replay
    game_error: str | None = None
    final_compared: bool = False  # the record has Tenhou's final result
    final_scores: tuple[int, ...] | None = None
    match: Match | None = None

    @property
    def ok(self) -> bool:
        return self.game_error is None and not self.game and all(h.ok for h in self.hands)

    @property
    def agreeing_hands(self) -> int:
        return sum(h.ok for h in self.hands)

    def lines(self, *, verbose: bool = False) -> list[str]:
        """The hands that differ (every hand if ``verbose``), whole-game differences, then :meth:`summary`."""
        out = [line for hand in self.hands if verbose or not hand.ok for line in hand.lines()]
        if self.game_error:
            out.append(f"{'game':<6} {'MISMATCH':<9} replay stopped: {self.game_error}")
        out += [f"{'game':<6} {'MISMATCH':<9} {m}" for m in self.game]
        return out + [self.summary()]

    def summary(self) -> str:
        """``'33/33 hands agree with Tenhou; final scores agree (…): OK'``."""
        parts = [f"{self.agreeing_hands}/{len(self.hands)} hands agree with Tenhou"]
        if self.incomplete_hands:
            parts.append(f"{self.incomplete_hands} incomplete in the record")
        if self.game_error or self.game:
            parts.append("the whole game differs")
        elif self.final_compared and self.final_scores is not None:
            parts.append(f"final scores agree ({' '.join(map(str, self.final_scores))}) and points agree")
        else:
            parts.append("the record stops before the end of the game")
        return "; ".join(parts) + (": OK" if self.ok else ": MISMATCH")


def check_mjlog(data: str | bytes) -> ImportReport:
    """Parse one mjlog record and :func:`check_game` it."""
    return check_game(parse_mjlog(data))


def check_tenhou6(text: str) -> ImportReport:
    """Parse one tenhou.net/6 JSON record and :func:`check_game` it (under the rules it names, if ours).

    Raises :class:`~.tenhou6.Tenhou6Error` for a malformed record.
    """
    log = parse_tenhou6(text)
    return check_game(to_game(log), _played_of_json(log.rules))


def replay_tenhou6(text: str) -> Match:
    """The match a tenhou.net/6 JSON record replays to (what :func:`check_tenhou6` stores), without
    the hand-by-hand comparison; raises :class:`~.tenhou6.Tenhou6Error` or :class:`ReplayError`."""
    log = parse_tenhou6(text)
    return replay_game(to_game(log), _played_of_json(log.rules))


def _played_of_json(rules: Any) -> PlayedRules | None:
    """The ``"jantaku"`` key of one of our exports: the preset and options it was played with."""
    if rules is None:
        return None
    preset, overrides = rules.get("preset"), rules.get("options", {})
    if rules.get("ruleset", "riichi") != "riichi" or not isinstance(preset, str) or not isinstance(overrides, dict):
        raise Tenhou6Error('"jantaku" must name the riichi ruleset, a preset and an options object')
    played = PlayedRules(preset, overrides)
    try:
        played.options()
    except ValueError as exc:  # OptionError: an unknown preset or option
        raise Tenhou6Error(f'"jantaku": {exc}') from None
    return played


def check_game(game: TenhouGame, played: PlayedRules | None = None) -> ImportReport:
    """Replay ``game`` hand by hand and as a whole; see the module docstring.

    ``played``: the rules to replay under (default: Tenhou's, from the record's rule bits).
    """
    played = played or played_rules(game.rules)
    options = played.options()
    game = _our_copies(game)
    report = ImportReport(players=tuple(p.name for p in game.players))
    complete = [h for h in game.hands if h.is_complete]
    report.incomplete_hands = len(game.hands) - len(complete)
    report.hands = [check_hand(hand, options, index) for index, hand in enumerate(complete)]
    try:
        report.match, report.game = _replay_match(game, played)
    except ReplayError as exc:
        report.game_error = str(exc)
        return report
    report.game += _ending_mismatches(report.match, game, len(complete))
    report.final_compared = game.final_scores is not None
    report.final_scores = game.final_scores
    return report


def check_hand(hand: TenhouHand, options: RiichiOptions, index: int = 0) -> HandCheck:
    """Replay one complete hand from the record's situation and compare how it ended."""
    check = HandCheck(index, hand_label(hand), describe_tenhou(hand))
    try:
        table = replay_hand(hand, options, index)
    except ReplayError as exc:
        check.error = str(exc)
        return check
    assert table.result is not None  # replay_hand raises unless the hand ended
    check.ours = describe_ours(table.result, hand.dealer)
    check.mismatches = _hand_mismatches(hand, table)
    return check


def _hand_mismatches(hand: TenhouHand, table: RiichiTable) -> list[Mismatch]:
    result = table.result
    assert result is not None  # replay_hand raises unless the hand ended
    out = []
    logged_draws = [(e.seat, e.tile) for e in hand.events if isinstance(e, Draw)]
    ours_draws: list[tuple[int | None, int | None]] = [
        (hand.dealer, table.wall.live[4 * 13])
    ]  # the dealer's 14th tile is dealt
    ours_draws += [(e.seat, e.tile) for e in table.events if isinstance(e, DrawEvent)]
    if ours_draws != logged_draws:
        at = next(i for i, (a, b) in enumerate(zip(ours_draws + [None], logged_draws + [None])) if a != b)
        out.append(Mismatch(f"draw {at + 1} (seat, tile)", _at(ours_draws, at), _at(logged_draws, at)))
    ending = ending_of(hand)
    if (result.kind, result.reason) != ending:
        out.append(Mismatch("ending", _ending_text(result.kind, result.reason), _ending_text(*ending)))
    tenhou_deltas = [after - before for after, before in zip(hand.results[-1].scores_after, hand.scores)]
    if list(result.deltas) != tenhou_deltas:
        out.append(Mismatch("score changes", list(result.deltas), tenhou_deltas))
    agaris = [r for r in hand.results if isinstance(r, Agari)]
    winners = [(w.seat, w.discarder) for w in result.wins]
    tenhou_winners = [(a.who, None if a.is_tsumo else a.from_who) for a in agaris]
    if winners != tenhou_winners:
        out.append(Mismatch("winners (seat, discarder)", winners, tenhou_winners))
    else:
        for win, agari in zip(result.wins, agaris):
            out += _win_mismatches(win, agari, hand.dealer)
    draw = hand.results[0]
    if (
        isinstance(draw, Ryuukyoku)
        and draw.tenpai_known
        and draw.type in (DrawType.EXHAUSTIVE, DrawType.NAGASHI_MANGAN)
    ):
        if result.flags.get("tenpai") != sorted(draw.shown_hands):
            out.append(Mismatch("tenpai seats", result.flags.get("tenpai"), sorted(draw.shown_hands)))
    return out


def _win_mismatches(win: WinRecord, agari: Agari, dealer: int) -> list[Mismatch]:
    score = win.score
    seat = f"seat {win.seat}: "
    if not score.is_win:
        return [Mismatch(seat + "win", f"refused ({score.error})", f"{agari.points} points")]
    out = []
    ours = {
        "han": score.values.get("han"),
        "limit": score.limit,
        "points": hand_points(score.score, dealer=win.seat == dealer, self_drawn=win.self_drawn),
    }
    tenhou = {"han": agari.han, "limit": LIMIT_NAMES[agari.limit], "points": agari.points}
    if not agari.yakuman and agari.fu:  # Tenhou writes a fu count for a yakuman too; we write 0
        ours["fu"], tenhou["fu"] = score.values.get("fu"), agari.fu
    if agari.limit is Limit.YAKUMAN and (score.limit or "").endswith("yakuman"):
        ours["limit"] = tenhou["limit"]  # Tenhou marks every yakuman multiple alike
    for key in tenhou:
        if ours[key] != tenhou[key]:
            out.append(Mismatch(seat + key, ours[key], tenhou[key]))
    if out:
        out.append(Mismatch(seat + "yaku", _our_yaku(score), tenhou_yaku(agari)))
    return out


def _context_mismatches(context: HandContext, hand: TenhouHand, index: int) -> list[Mismatch]:
    counters = RiichiHandContext.of(context)
    ours = (context.dealer, context.round_wind, counters.honba, counters.sticks, list(context.scores))
    tenhou = (hand.dealer, hand.round_wind, hand.honba, hand.riichi_sticks, list(hand.scores))
    if ours == tenhou:
        return []
    return [
        Mismatch(f"start of hand {index + 1} ({hand.name}): dealer, round wind, honba, sticks, scores", ours, tenhou)
    ]


def _ending_mismatches(match: Match, game: TenhouGame, hands_played: int) -> list[Mismatch]:
    out: list[Mismatch] = []
    if game.final_scores is None or game.final_points is None:  # owari gives both or neither
        return out
    if not match.is_over:
        out.append(Mismatch("game over after the last hand", "no", "yes"))
        return out
    if match.hand_index + 1 != hands_played:
        out.append(Mismatch("hands played", match.hand_index + 1, hands_played))
    assert match.standings is not None  # set when the match ends
    scores = [s["score"] for s in match.standings]
    points = [s["final"] for s in match.standings]
    if scores != list(game.final_scores):
        out.append(Mismatch("final scores", scores, list(game.final_scores)))
    if points != list(game.final_points):
        out.append(Mismatch("final points", points, list(game.final_points)))
    return out


def hand_label(hand: TenhouHand) -> str:
    """``'E3-1'``: the round wind, the deal within the round, the honba."""
    return f"{'ESWN'[hand.round_wind % 4]}{hand.round % 4 + 1}-{hand.honba}"


def hand_points(base: int, *, dealer: bool, self_drawn: bool) -> int:
    """A win's value as Tenhou's ``ten`` writes it: all payments, without honba and sticks.

    >>> hand_points(2000, dealer=False, self_drawn=False), hand_points(2000, dealer=False, self_drawn=True)
    (8000, 8000)
    >>> hand_points(480, dealer=True, self_drawn=True), hand_points(480, dealer=False, self_drawn=True)
    (3000, 2000)
    """
    if not self_drawn:
        return round_up_100(base * (6 if dealer else 4))
    if dealer:
        return 3 * round_up_100(2 * base)
    return round_up_100(2 * base) + 2 * round_up_100(base)


# --- readable summaries ---------------------------------------------------------------------------


def ending_of(hand: TenhouHand) -> tuple[str, str | None]:
    """How a complete hand ended on Tenhou, in our terms: ``('win', None)``, ``('draw', None)``
    or ``('abort', reason)``."""
    first = hand.results[0]
    return ("win", None) if isinstance(first, Agari) else ENDINGS[first.type]


def _ending_text(kind: str, reason: str | None) -> str:
    return f"{kind} ({reason})" if reason else kind


def _at(items: list, index: int):
    return items[index] if index < len(items) else "nothing"


def tenhou_yaku(agari: Agari) -> str:
    if agari.yakuman:
        return ", ".join(YAKU[y].english for y in agari.yakuman)
    return ", ".join(f"{YAKU[y].english} {han}" for y, han in agari.yaku if han)


def _our_yaku(score) -> str:
    return ", ".join(f"{item.name} {item.value}" for item in score.items if item.unit == "han")


def describe_tenhou(hand: TenhouHand) -> str:
    """``'seat 1 tsumo 30 fu 4 han 7700 (Riichi 1, ...)'`` or ``'draw, tenpai [0, 3]'``."""
    parts = []
    for result in hand.results:
        if isinstance(result, Agari):
            how = "tsumo" if result.is_tsumo else f"ron off seat {result.from_who}"
            value = "yakuman" if result.yakuman else f"{result.fu} fu {result.han} han"
            parts.append(f"seat {result.who} {how}, {value}, {result.points} ({tenhou_yaku(result)})")
        else:
            kind, reason = ENDINGS[result.type]
            parts.append(
                _ending_text(kind, reason) + (f", tenpai {sorted(result.shown_hands)}" if kind == "draw" else "")
            )
    return "; ".join(parts)


def describe_ours(result: HandResult, dealer: int) -> str:
    if result.kind != "win":
        tenpai = f", tenpai {result.flags.get('tenpai')}" if result.kind == "draw" else ""
        return _ending_text(result.kind, result.reason) + tenpai
    parts = []
    for win in result.wins:
        score = win.score
        how = "tsumo" if win.self_drawn else f"ron off seat {win.discarder}"
        yakuman = (score.limit or "").endswith("yakuman") and not score.values.get("fu")
        value = "yakuman" if yakuman else f"{score.values.get('fu')} fu {score.values.get('han')} han"
        points = hand_points(score.score, dealer=win.seat == dealer, self_drawn=win.self_drawn)
        parts.append(f"seat {win.seat} {how}, {value}, {points} ({_our_yaku(score)})")
    return "; ".join(parts)


# --- which copy is which -----------------------------------------------------------------------


def with_our_copies(hand: TenhouHand, red: bool) -> TenhouHand:
    """Swap ids among the copies of each kind so that our table discards the copy the record did.

    Our table offers one discard per kind (and red-ness): the lowest id held.  The JSON says
    whether the drawn tile or another copy went (a tsumogiri or not); for our replay to mark
    the same, the copy discarded must be the lowest held then.  Each discard orders it before
    the copies still held; a discarded tile is gone, so the orders never loop.  (A chi or pon
    takes the copies first in hand, which no id changes; there the marks may still differ.)
    """
    after: dict[int, set[int]] = {}  # tile -> copies that must get a higher id
    held = [list(tiles) for tiles in hand.hands]

    def key(tile: int) -> tuple[int, bool]:
        return kind_of(tile), red and tile in RED_FIVE_IDS

    for event in hand.events:
        if isinstance(event, Draw):
            held[event.seat].append(event.tile)
        elif isinstance(event, Discard):
            hand_now = held[event.seat]
            after.setdefault(event.tile, set()).update(
                t for t in hand_now if t != event.tile and key(t) == key(event.tile)
            )
            hand_now.remove(event.tile)
        elif isinstance(event, Call):
            for t in event.tiles:
                if t in held[event.seat]:
                    held[event.seat].remove(t)
    mapping = _id_order(after, key)
    if not mapping:
        return hand
    return _renamed(hand, mapping)


def _id_order(after: dict[int, set[int]], key: Any) -> dict[int, int]:
    """For each kind, the copies in an order that keeps every constraint (lowest id first)."""
    mapping: dict[int, int] = {}
    groups: dict[tuple[int, bool], set[int]] = {}
    for tile, higher in after.items():
        for t in (tile, *higher):
            groups.setdefault(key(t), set()).add(t)
    for tiles in groups.values():
        if len(tiles) < 2:
            continue
        before = {t: 0 for t in tiles}
        for t in tiles:
            for h in after.get(t, ()):
                before[h] += 1
        ready = sorted(t for t in tiles if before[t] == 0)
        order: list[int] = []
        while ready:
            t = ready.pop(0)
            order.append(t)
            for h in sorted(after.get(t, ())):
                before[h] -= 1
                if before[h] == 0:
                    ready.append(h)
            ready.sort()
        if len(order) != len(tiles):  # cannot happen (see with_our_copies); keep the ids as they are
            continue
        mapping.update({old: new for old, new in zip(order, sorted(tiles)) if old != new})
    return mapping


def _renamed(hand: TenhouHand, mapping: dict[int, int]) -> TenhouHand:
    def m(tile: int) -> int:
        return mapping.get(tile, tile)

    def call(c: Call) -> Call:
        return replace(
            c,
            tiles=tuple(sorted(m(t) for t in c.tiles)),
            claimed=None if c.claimed is None else m(c.claimed),
            added=None if c.added is None else m(c.added),
        )

    events: list[TenhouEvent] = []
    for e in hand.events:
        if isinstance(e, (Draw, Discard, NewDora)):
            events.append(replace(e, tile=m(e.tile)))
        elif isinstance(e, Call):
            events.append(call(e))
        else:
            events.append(e)
    results: list[Agari | Ryuukyoku] = []
    for r in hand.results:
        if isinstance(r, Agari):
            results.append(
                replace(
                    r,
                    concealed=tuple(m(t) for t in r.concealed),
                    melds=tuple(call(c) for c in r.melds),
                    win_tile=m(r.win_tile),
                    dora_indicators=tuple(m(t) for t in r.dora_indicators),
                    ura_indicators=tuple(m(t) for t in r.ura_indicators),
                )
            )
        else:
            results.append(replace(r, shown_hands={s: tuple(m(t) for t in h) for s, h in r.shown_hands.items()}))
    return replace(
        hand,
        dora_indicator=m(hand.dora_indicator),
        hands=tuple(tuple(m(t) for t in h) for h in hand.hands),
        events=events,
        results=results,
    )
