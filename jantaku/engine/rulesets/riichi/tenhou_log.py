"""Tenhou game logs (mjlog XML) replayed through our riichi table.

A log has, per hand, the deal (``INIT``), every draw (``T``/``U``/``V``/``W``
+ tile), discard (``D``/``E``/``F``/``G`` + tile), call (``N``, a bit-packed
meld), riichi (``REACH``), new dora indicator (``DORA``) and the end
(``AGARI``/``RYUUKYOKU``) with the scores after it.  :func:`read_mjlog`
turns each hand into a :class:`LoggedHand`: the wall it was dealt from (live
tiles in drawing order; replacement tiles, dora and ura indicators where our
dead wall keeps them), the decisions in order, and Tenhou's score change.
:func:`replay` plays the decisions on a :class:`RiichiTable`, answering
"pass" for every claim the log does not make; the table then must end the
hand the same way and move the same points.

Tile ids are Tenhou's own (ours are the same).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from ...actions import Action, ActionType, IllegalAction
from ...match import Match
from ...ruleset import get_ruleset
from ...table import HandContext
from ...tiles import RED_FIVE_IDS, kind_of
from ...wall import Wall
from .options import RiichiOptions, riichi_options
from .table import RiichiTable

DRAW_TAGS, DISCARD_TAGS = "TUVW", "DEFG"
DEAD_SIZE = 14
ABORT_REASONS = {"yao9": "kyuushu kyuuhai", "reach4": "suucha riichi", "ron3": "sanchahou",
                 "kan4": "suukaikan", "kaze4": "suufon renda"}


class LogError(ValueError):
    """A log this reader cannot use, or a decision the table refused."""


@dataclass
class Move:
    """One decision: ``kind`` is discard, riichi, call, ankan, kakan, tsumo, ron or abort."""

    kind: str
    seat: int
    tile: int | None = None
    own: tuple[int, ...] = ()  # a call's own tiles
    call: str | None = None  # chi | pon | kan


@dataclass
class LoggedHand:
    context: HandContext
    wall: Wall
    moves: list[Move]
    draws: list[tuple[int, int]]  # (seat, tile) as logged, to check the wall
    expected_deltas: list[int]
    ending: str  # win | draw | abort
    abort_reason: str | None = None
    options: RiichiOptions = field(default_factory=lambda: riichi_options("tenhou"))


# --- melds -----------------------------------------------------------------------------------


def decode_meld(who: int, m: int) -> Move:
    """A call from Tenhou's bit-packed ``m``."""
    if m & 0x4:  # chi: the run's start, which tile was called, and each tile's copy
        t = m >> 10
        called, t = t % 3, t // 3
        start = (t // 7) * 9 + t % 7
        tiles = [4 * (start + i) + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
        tile = tiles.pop(called)
        return Move("call", who, tile, tuple(tiles), "chi")
    if m & 0x18:  # pon (0x8) or added kan (0x10)
        t = m >> 9
        called, kind = t % 3, t // 3
        if m & 0x10:
            return Move("kakan", who, 4 * kind + ((m >> 5) & 3))
        unused = (m >> 5) & 3
        tiles = [4 * kind + c for c in range(4) if c != unused]
        tile = tiles.pop(called)
        return Move("call", who, tile, tuple(tiles), "pon")
    if m & 0x20:
        raise LogError("three-player north dora (nuki) is not riichi for four")
    tile = m >> 8
    kind = tile // 4
    others = tuple(4 * kind + c for c in range(4) if 4 * kind + c != tile)
    if m & 3 == 0:
        return Move("ankan", who, tile, others + (tile,))
    return Move("call", who, tile, others, "kan")


# --- reading -------------------------------------------------------------------------------------


def _ints(text: str | None) -> list[int]:
    return [int(x) for x in text.split(",")] if text else []


def _options(go_type: int) -> RiichiOptions:
    if go_type & 0x10:
        raise LogError("three-player games are not riichi for four")
    return riichi_options("tenhou", {"aka_dora": not go_type & 0x02, "kuitan": not go_type & 0x04,
                                     "game_length": "east_south" if go_type & 0x08 else "east"})


class _HandReader:
    """Collects one hand's tags into a :class:`LoggedHand`."""

    def __init__(self, init: ET.Element, index: int, options: RiichiOptions):
        seed = _ints(init.get("seed"))
        self.dealer = int(init.get("oya"))
        self.start = [100 * s for s in _ints(init.get("ten"))]
        self.context = HandContext(dealer=self.dealer, round_wind=seed[0] // 4, hand_number=index,
                                   honba=seed[1], sticks=seed[2], scores=tuple(self.start))
        self.hands = [_ints(init.get(f"hai{s}")) for s in range(4)]
        self.options = options
        self.indicators = [seed[5]]
        self.ura: list[int] = []
        self.live: list[int] = []
        self.replacements: list[int] = []
        self.draws: list[tuple[int, int]] = []
        self.moves: list[Move] = []
        self.riichi_next: set[int] = set()
        self.kan_by: int | None = None  # the next draw of this seat is a replacement tile
        self.end_scores: list[int] | None = None
        self.ending = ""
        self.abort_reason: str | None = None

    def take(self, el: ET.Element) -> None:
        tag = el.tag
        if tag[0] in DRAW_TAGS and tag[1:].isdigit():
            seat, tile = DRAW_TAGS.index(tag[0]), int(tag[1:])
            (self.replacements if self.kan_by == seat else self.live).append(tile)
            self.kan_by = None
            self.draws.append((seat, tile))
        elif tag[0] in DISCARD_TAGS and tag[1:].isdigit():
            seat, tile = DISCARD_TAGS.index(tag[0]), int(tag[1:])
            kind = "riichi" if seat in self.riichi_next else "discard"
            self.riichi_next.discard(seat)
            self.moves.append(Move(kind, seat, tile))
        elif tag == "N":
            move = decode_meld(int(el.get("who")), int(el.get("m")))
            self.moves.append(move)
            if move.kind in ("ankan", "kakan") or move.call == "kan":
                self.kan_by = move.seat
        elif tag == "REACH" and el.get("step") == "1":
            self.riichi_next.add(int(el.get("who")))
        elif tag == "DORA":
            self.indicators.append(int(el.get("hai")))
        elif tag == "AGARI":
            who, by = int(el.get("who")), int(el.get("fromWho"))
            self.moves.append(Move("tsumo" if who == by else "ron", who, int(el.get("machi"))))
            self.ura = self.ura or _ints(el.get("doraHaiUra"))
            self._ended(el, "win")
        elif tag == "RYUUKYOKU":
            reason = el.get("type")
            if reason == "yao9":
                self.moves.append(Move("abort", self._turn_seat()))
            self.abort_reason = ABORT_REASONS.get(reason)
            self._ended(el, "abort" if reason in ABORT_REASONS else "draw")

    def _turn_seat(self) -> int:
        return self.draws[-1][0]

    def _ended(self, el: ET.Element, ending: str) -> None:
        sc = _ints(el.get("sc"))
        self.end_scores = [100 * (sc[2 * s] + sc[2 * s + 1]) for s in range(4)]
        self.ending = ending

    def finish(self) -> LoggedHand:
        if self.end_scores is None:
            raise LogError("the log stops in the middle of a hand")
        deal = [t for i in range(4) for t in self.hands[(self.dealer + i) % 4]]
        used = set(deal) | set(self.live) | set(self.replacements) | set(self.indicators) | set(self.ura)
        spare = [t for t in range(136) if t not in used]

        def fill(known: list[int], size: int) -> list[int]:
            return known + [spare.pop() for _ in range(size - len(known))]

        dead = fill(self.replacements, 4) + fill(self.indicators, 5) + fill(self.ura, 5)
        live = deal + self.live + spare  # whatever is left: tiles nobody drew
        if len(live) + len(dead) != 136:
            raise LogError("the tiles of this hand do not add up to one set")
        wall = Wall(live=live, dead=dead, dice=(1, 1), refill_dead=True)
        deltas = [after - before for after, before in zip(self.end_scores, self.start)]
        return LoggedHand(self.context, wall, self.moves, self.draws, deltas, self.ending, self.abort_reason,
                          self.options)


def read_mjlog(text: str) -> list[LoggedHand]:
    """Every complete hand of a four-player mjlog (a hand the log breaks off is left out)."""
    root = ET.fromstring(text)
    options = riichi_options("tenhou")
    hands: list[LoggedHand] = []
    reader: _HandReader | None = None
    for el in root:
        if el.tag == "GO":
            options = _options(int(el.get("type")))
        elif el.tag == "INIT":
            if reader is not None and reader.ending:
                hands.append(reader.finish())
            reader = _HandReader(el, len(hands), options)
        elif reader is not None:
            reader.take(el)  # a hand ends at the next INIT: a double ron has two AGARI tags
    if reader is not None and reader.ending:
        hands.append(reader.finish())
    return hands


# --- replaying -------------------------------------------------------------------------------------


def _same_tile(a: int, b: int) -> bool:
    """The same kind and the same red-ness: the table offers one action per such tile."""
    return kind_of(a) == kind_of(b) and (a in RED_FIVE_IDS) == (b in RED_FIVE_IDS)


def _matches(action: Action, move: Move) -> bool:
    wanted = {"discard": ActionType.DISCARD, "riichi": ActionType.RIICHI, "tsumo": ActionType.TSUMO,
              "ron": ActionType.RON, "ankan": ActionType.ANKAN, "kakan": ActionType.KAKAN,
              "abort": ActionType.ABORT, "call": {"chi": ActionType.CHI, "pon": ActionType.PON,
                                                   "kan": ActionType.KAN}.get(move.call)}[move.kind]
    if action.type is not wanted:
        return False
    if move.tile is None or action.type is ActionType.ABORT:
        return True
    if move.kind == "ankan":
        return kind_of(action.tile) == kind_of(move.tile)
    if not _same_tile(action.tile, move.tile):
        return False
    if move.kind == "call":
        mine = sorted((kind_of(t), t in RED_FIVE_IDS) for t in action.tiles)
        return mine == sorted((kind_of(t), t in RED_FIVE_IDS) for t in move.own)
    return True


def _act(game, move: Move) -> None:
    actions = game.pending().get(move.seat, ())
    for action in actions:
        if _matches(action, move):
            game.act(move.seat, action)
            return
    raise LogError(f"seat {move.seat} may not {move.kind} {move.tile}; legal: {[str(a) for a in actions]}")


def _pass_claims(game, table: RiichiTable) -> None:
    """Everybody still asked about a discard (or a kan to rob) passes."""
    while table.phase in ("claim", "rob") and game.pending():
        game.act(min(game.pending()), Action(ActionType.PASS))


def _play(game, table: RiichiTable, moves: list[Move]) -> None:
    """Make the logged decisions on ``game`` (a table, or a match playing ``table``)."""
    i = 0
    try:
        while i < len(moves):
            move = moves[i]
            if move.kind in ("call", "ron"):
                # everybody claiming this discard at once: the caller, or each winner of a double ron
                claims = [move]
                while move.kind == "ron" and i + 1 < len(moves) and moves[i + 1].kind == "ron":
                    i += 1
                    claims.append(moves[i])
                for claim in claims:
                    _act(game, claim)
            else:
                _pass_claims(game, table)
                _act(game, move)
            i += 1
        _pass_claims(game, table)
    except IllegalAction as exc:
        raise LogError(str(exc)) from None
    if not table.is_over:
        raise LogError("the logged decisions do not end the hand")


def replay(hand: LoggedHand) -> RiichiTable:
    """Play a logged hand's decisions on a fresh table; raises :class:`LogError` on a refusal."""
    table = RiichiTable(hand.options, seed=0, context=hand.context, wall=hand.wall.copy())
    try:
        _play(table, table, hand.moves)
    except LogError as exc:
        raise LogError(f"hand {hand.context.hand_number}: {exc}") from None
    return table


@dataclass
class LoggedGame:
    hands: list[LoggedHand]
    final_scores: list[int] | None  # Tenhou's, with leftover sticks
    final_points: list[float] | None  # after uma and oka


def read_game(text: str) -> LoggedGame:
    """A whole game: its hands and, if the log reaches the end, Tenhou's final result."""
    hands = read_mjlog(text)
    owari = None
    for el in ET.fromstring(text):
        if el.get("owari"):
            owari = el.get("owari").split(",")
    if owari is None:
        return LoggedGame(hands, None, None)
    return LoggedGame(hands, [100 * int(owari[i]) for i in range(0, 8, 2)],
                      [float(owari[i]) for i in range(1, 8, 2)])


def replay_game(game: LoggedGame) -> Match:
    """Play a whole logged game as one match: the walls from the log, the decisions as made.

    Every hand starts from the context our match rules give it (dealer,
    honba, sticks, scores), so a wrong rotation shows as wrong payments.
    """
    opts = game.hands[0].options
    ruleset = get_ruleset("riichi", "tenhou", {"aka_dora": opts.aka_dora, "kuitan": opts.kuitan,
                                               "game_length": opts.game_length})
    match = Match(ruleset, 0, walls={i: h.wall for i, h in enumerate(game.hands)})
    for index, hand in enumerate(game.hands):
        if match.is_over:
            raise LogError(f"our match ended before hand {index}")
        try:
            _play(match, match.table, hand.moves)
        except LogError as exc:
            raise LogError(f"hand {index}: {exc}") from None
        while match.phase == "between":
            match.act(min(match.pending()), Action(ActionType.CONTINUE))
    return match
