"""Tenhou game records ("mjlog" XML): a pure parser, for replaying real games.

:func:`parse_mjlog` takes the text or bytes of one record (plain or gzip'd,
as Tenhou serves them) and returns a :class:`TenhouGame`; it does no I/O.
Tenhou's tile ids are exactly ours (``kind = id // 4``, red fives are 16,
52 and 88), so every tile below is an engine tile id, and every score is in
points (Tenhou writes hundreds; we multiply by 100).

The record is a flat list of XML elements.  Those this module reads:

==============  =============================================================
``GO``          ``type``: rule bits (:class:`TenhouRules`), ``lobby``
``UN``          ``n0..n3`` URL-encoded names, ``dan``, ``rate``, ``sx``;
                a later ``UN`` with one name is that player reconnecting
``TAIKYOKU``    ``oya``: the first dealer
``INIT``        a hand starts: ``seed`` = round, honba, riichi sticks, two
                dice (0-based), first dora indicator; ``ten`` scores,
                ``oya`` dealer, ``hai0..3`` the dealt tiles
``T U V W``     seat 0, 1, 2, 3 draws the tile in the tag name (``<T52/>``)
``D E F G``     seat 0..3 discards it (lowercase ``d e f g``: a tsumogiri)
``N``           ``who`` calls; ``m`` is the meld bitfield (:func:`decode_call`)
``REACH``       ``step`` 1: riichi declared; 2: accepted (``ten``: scores after
                the stick is paid)
``DORA``        ``hai``: a new dora indicator after a kan
``AGARI``       a win (:class:`Agari`); two or three in a row for a multiple ron
``RYUUKYOKU``   a drawn hand (:class:`Ryuukyoku`)
``BYE``         ``who`` disconnected
==============  =============================================================

The last ``AGARI``/``RYUUKYOKU`` carries ``owari``: the final scores and
each player's result points.

    >>> game = parse_mjlog('''<mjloggm ver="2.3"><GO type="169" lobby="0"/>
    ... <UN n0="%41" n1="B" n2="C" n3="D" dan="16,16,16,16" rate="2000,2000,2000,2000" sx="M,M,F,M"/>
    ... <TAIKYOKU oya="0"/>
    ... <INIT seed="0,0,0,2,3,52" ten="250,250,250,250" oya="0"
    ...  hai0="0,1,2,3,4,5,6,7,8,9,10,11,12" hai1="13,14,15,17,18,19,20,21,22,23,24,25,26"
    ...  hai2="27,28,29,30,31,32,33,34,35,36,37,38,39" hai3="40,41,42,43,44,45,46,47,48,49,50,51,53"/>
    ... <T60/><D60/><U61/><E13/><RYUUKYOKU type="yao9" ba="0,0" sc="250,0,250,0,250,0,250,0"
    ...  owari="250,5.0,250,-5.0,250,-5.0,250,5.0"/></mjloggm>''')
    >>> game.rules.red_fives, game.rules.east_south, game.players[0].name
    (True, True, 'A')
    >>> hand = game.hands[0]
    >>> hand.dice, hand.dora_indicator, hand.events[1]
    ((3, 4), 52, Discard(seat=0, tile=60, tsumogiri=True))
    >>> hand.results[0].type, game.final_scores
    (<DrawType.NINE_TERMINALS: 'yao9'>, (25000, 25000, 25000, 25000))
"""

from __future__ import annotations

import enum
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import NamedTuple
from urllib.parse import unquote

from ...bounded import OutsideDataError, gunzip, refuse_xml_declarations
from ....playertext import clean_player_text
from ...melds import Meld, MeldType

__all__ = [
    "Agari",
    "Call",
    "CallType",
    "Disconnect",
    "Discard",
    "Draw",
    "DrawType",
    "Limit",
    "MjlogError",
    "NewDora",
    "Reconnect",
    "Riichi",
    "Ryuukyoku",
    "TenhouEvent",
    "TenhouGame",
    "TenhouHand",
    "TenhouPlayer",
    "TenhouRules",
    "TenhouWall",
    "YAKU",
    "YakuName",
    "dan_name",
    "decode_call",
    "encode_call",
    "parse_mjlog",
    "wall_from_hand",
    "yaku_name",
]

SCORE_UNIT = 100  # Tenhou writes scores in hundreds


class MjlogError(ValueError):
    """A record that is not a well-formed mjlog; the message names the element."""


# --- rules and players -----------------------------------------------------


class Lobby(enum.Enum):
    """The lobby level, from bits 0x20 and 0x80 of the ``GO`` type."""

    GENERAL = "general"  # 一般
    UPPER = "upper"  # 上級
    SPECIAL = "special"  # 特上
    PHOENIX = "phoenix"  # 鳳凰


@dataclass(frozen=True)
class TenhouRules:
    """The ``GO type`` bit set, decoded.

    >>> r = TenhouRules(169)          # 0xA9: phoenix, east-south, red fives, kuitan
    >>> r.lobby, r.east_south, r.red_fives, r.open_tanyao, r.three_player, r.fast
    (<Lobby.PHOENIX: 'phoenix'>, True, True, True, False, False)
    >>> TenhouRules(0x01 | 0x02 | 0x04 | 0x10 | 0x40).red_fives
    False
    """

    flags: int
    lobby_number: int | None = None  # the ``lobby`` attribute (0: the ranked lobbies)

    @property
    def vs_humans(self) -> bool:
        return bool(self.flags & 0x01)

    @property
    def red_fives(self) -> bool:
        return not self.flags & 0x02

    @property
    def open_tanyao(self) -> bool:
        """Kuitan: all-simples counts with an open hand."""
        return not self.flags & 0x04

    @property
    def east_south(self) -> bool:
        """A hanchan (east and south rounds); otherwise east only (tonpuusen)."""
        return bool(self.flags & 0x08)

    @property
    def three_player(self) -> bool:
        return bool(self.flags & 0x10)

    @property
    def fast(self) -> bool:
        return bool(self.flags & 0x40)

    @property
    def lobby(self) -> Lobby:
        return {0x00: Lobby.GENERAL, 0x80: Lobby.UPPER, 0x20: Lobby.SPECIAL, 0xA0: Lobby.PHOENIX}[self.flags & 0xA0]


_DAN_NAMES = (
    ("novice",) + tuple(f"{9 - i} kyu" for i in range(9)) + tuple(f"{i} dan" for i in range(1, 11)) + ("tenhou",)
)


def dan_name(dan: int) -> str:
    """Tenhou's rank number as words.

    >>> dan_name(0), dan_name(1), dan_name(9), dan_name(10), dan_name(16), dan_name(20)
    ('novice', '9 kyu', '1 kyu', '1 dan', '7 dan', 'tenhou')
    """
    return _DAN_NAMES[dan]


@dataclass(frozen=True)
class TenhouPlayer:
    name: str  # URL-decoded
    dan: int | None = None  # see :func:`dan_name`
    rate: float | None = None
    sex: str | None = None  # "M", "F" or "C" (computer)


# --- calls: the ``m`` bitfield ---------------------------------------------


class CallType(enum.Enum):
    CHI = "chi"
    PON = "pon"
    DAIMINKAN = "daiminkan"  # kan on a discard
    ANKAN = "ankan"  # concealed kan
    KAKAN = "kakan"  # a tile added to one's pon
    NUKIDORA = "nukidora"  # three-player: a North set aside as dora


_MELD_TYPE = {
    CallType.CHI: MeldType.CHI,
    CallType.PON: MeldType.PON,
    CallType.DAIMINKAN: MeldType.KAN,
    CallType.ANKAN: MeldType.ANKAN,
    CallType.KAKAN: MeldType.KAKAN,
}
KAN_CALLS = frozenset({CallType.DAIMINKAN, CallType.ANKAN, CallType.KAKAN})
REPLACEMENT_CALLS = KAN_CALLS | {CallType.NUKIDORA}  # followed by a draw from the dead wall


@dataclass(frozen=True)
class Call:
    """A decoded ``<N>``: ``seat`` made a meld of ``tiles`` (ascending ids).

    ``claimed`` is the tile taken from ``from_seat``'s discard (for a kakan:
    the tile of the original pon; ``added`` is the tile put to it).  An ankan
    or nukidora has neither.  ``code`` is Tenhou's ``m``.
    """

    seat: int
    type: CallType
    tiles: tuple[int, ...]
    claimed: int | None = None
    from_seat: int | None = None
    added: int | None = None
    code: int = 0

    def to_meld(self) -> Meld:
        """The engine's :class:`~jantaku.engine.melds.Meld` (not for a nukidora)."""
        if self.type is CallType.NUKIDORA:
            raise ValueError("a nukidora is not a meld")
        return Meld(_MELD_TYPE[self.type], self.tiles, self.claimed, self.from_seat, self.added)


def decode_call(code: int, seat: int) -> Call:
    """Decode Tenhou's meld bitfield ``m`` for a call by ``seat``.

    Bits 0-1 say whose discard was taken, relative to the caller (1 the next
    seat, 2 opposite, 3 the previous; 0 for an own kan).  Bit 2 marks a chi,
    bit 3 a pon, bit 4 a kakan, bit 5 a nukidora; none of them: a kan.

    * chi: bits 3-4, 5-6, 7-8 are the copies (``id % 4``) of the three tiles;
      ``m >> 10`` is ``base * 3 + i``, with ``i`` which of the three was
      claimed and ``base`` the lowest tile among the 21 runs (7 per suit).
    * pon and kakan: bits 5-6 are the copy not in the pon (for a kakan the
      added one); ``m >> 9`` is ``kind * 3 + i``, ``i`` indexing the pon's
      three tiles in id order.
    * kan: ``m >> 8`` is the claimed tile's id (any copy for an ankan).
    * nukidora: ``m >> 8`` is the North's id.

    Seat 1 chis 2m (id 4) from seat 0 with 1m (id 1) and 3m (id 10):
    ``m >> 10`` = 0 * 3 + 1, copies 1, 0, 2, the chi bit, relative seat 3:

    >>> decode_call((1 << 10) | (1 << 3) | (0 << 5) | (2 << 7) | 0x04 | 3, 1)
    Call(seat=1, type=<CallType.CHI: 'chi'>, tiles=(1, 4, 10), claimed=4, from_seat=0, added=None, code=1295)

    Seat 3 pons East (kind 27) from seat 1 (opposite) on id 109, the copy 110 left out:

    >>> decode_call(((27 * 3 + 1) << 9) | (2 << 5) | 0x08 | 2, 3)
    Call(seat=3, type=<CallType.PON: 'pon'>, tiles=(108, 109, 111), claimed=109, from_seat=1, added=None, code=42058)
    """
    relative = code & 3
    from_seat = (seat + relative) % 4 if relative else None
    if code & 0x04:
        return _decode_chi(code, seat, from_seat)
    if code & 0x18:
        return _decode_pon_or_kakan(code, seat, from_seat)
    if code & 0x20:
        return Call(seat, CallType.NUKIDORA, (code >> 8,), code=code)
    claimed = code >> 8
    kind = claimed // 4
    tiles = (4 * kind, 4 * kind + 1, 4 * kind + 2, 4 * kind + 3)
    if from_seat is None:
        return Call(seat, CallType.ANKAN, tiles, code=code)
    return Call(seat, CallType.DAIMINKAN, tiles, claimed, from_seat, code=code)


def _decode_chi(code: int, seat: int, from_seat: int | None) -> Call:
    base, called = divmod(code >> 10, 3)
    kind = base // 7 * 9 + base % 7
    tiles = tuple(4 * (kind + i) + ((code >> (3 + 2 * i)) & 3) for i in range(3))
    return Call(seat, CallType.CHI, tiles, tiles[called], from_seat, code=code)


def _decode_pon_or_kakan(code: int, seat: int, from_seat: int | None) -> Call:
    kind, called = divmod(code >> 9, 3)
    unused = 4 * kind + ((code >> 5) & 3)
    pon = tuple(t for t in range(4 * kind, 4 * kind + 4) if t != unused)
    if code & 0x08:
        return Call(seat, CallType.PON, pon, pon[called], from_seat, code=code)
    tiles = tuple(range(4 * kind, 4 * kind + 4))
    return Call(seat, CallType.KAKAN, tiles, pon[called], from_seat, added=unused, code=code)


def encode_call(call: Call) -> int:
    """The ``m`` bitfield of a call: the inverse of :func:`decode_call`.

    Tenhou leaves a few bits free (the ``called`` copy of an ankan, bits of
    nukidora); they are written as zero, so only a decoded call round-trips
    bit for bit when Tenhou also wrote them as zero.

    >>> encode_call(decode_call(1295, 1))
    1295
    """
    relative = 0 if call.from_seat is None else (call.from_seat - call.seat) % 4
    tiles = sorted(call.tiles)
    kind = tiles[0] // 4
    if call.type is CallType.CHI:
        assert call.claimed is not None  # a chi, pon, kakan or open kan names the tile it took
        base = kind // 9 * 7 + kind % 9
        copies = sum((t % 4) << (3 + 2 * i) for i, t in enumerate(tiles))
        return ((base * 3 + tiles.index(call.claimed)) << 10) | copies | 0x04 | relative
    if call.type in (CallType.PON, CallType.KAKAN):
        assert call.claimed is not None
        if call.type is CallType.KAKAN:
            assert call.added is not None  # a kakan names the tile it added
            unused = call.added
        else:
            unused = next(t for t in range(4 * kind, 4 * kind + 4) if t not in tiles)
        pon = [t for t in range(4 * kind, 4 * kind + 4) if t != unused]
        flag = 0x08 if call.type is CallType.PON else 0x10
        return ((kind * 3 + pon.index(call.claimed)) << 9) | ((unused % 4) << 5) | flag | relative
    if call.type is CallType.NUKIDORA:
        return (tiles[0] << 8) | 0x20
    if call.type is CallType.ANKAN:
        return (4 * kind) << 8
    assert call.claimed is not None
    return (call.claimed << 8) | relative


# --- events of a hand --------------------------------------------------------


@dataclass(frozen=True)
class Draw:
    seat: int
    tile: int


@dataclass(frozen=True)
class Discard:
    """``tsumogiri``: the tile discarded is the one just drawn (lowercase tag,
    or an uppercase tag naming the tile this seat drew right before)."""

    seat: int
    tile: int
    tsumogiri: bool = False


@dataclass(frozen=True)
class Riichi:
    """Step 1: declared (before the discard).  Step 2: the discard was not
    ronned, the stick is paid; ``scores`` are then everyone's scores after it."""

    seat: int
    step: int
    scores: tuple[int, ...] | None = None


@dataclass(frozen=True)
class NewDora:
    """A kan revealed the next dora indicator."""

    tile: int


@dataclass(frozen=True)
class Disconnect:
    seat: int


@dataclass(frozen=True)
class Reconnect:
    seat: int


TenhouEvent = Draw | Discard | Call | Riichi | NewDora | Disconnect | Reconnect


# --- how a hand ends ---------------------------------------------------------


class Limit(enum.IntEnum):
    """The third number of ``ten``: the limit hand reached, if any."""

    NONE = 0
    MANGAN = 1
    HANEMAN = 2
    BAIMAN = 3
    SANBAIMAN = 4
    YAKUMAN = 5


class DrawType(enum.Enum):
    """A ``RYUUKYOKU``'s ``type`` (absent: the wall ran out)."""

    EXHAUSTIVE = ""
    NINE_TERMINALS = "yao9"  # kyuushu kyuuhai
    FOUR_WINDS = "kaze4"  # suufon renda
    FOUR_RIICHI = "reach4"
    TRIPLE_RON = "ron3"
    FOUR_KANS = "kan4"  # suukaikan
    NAGASHI_MANGAN = "nm"


@dataclass(frozen=True)
class Settlement:
    """What every end element carries: ``ba`` and ``sc``, in points."""

    honba: int  # the counters at the end of the hand (sticks include this hand's riichi)
    riichi_sticks: int
    scores_before: tuple[int, ...]
    deltas: tuple[int, ...]

    @property
    def scores_after(self) -> tuple[int, ...]:
        return tuple(s + d for s, d in zip(self.scores_before, self.deltas))


@dataclass(frozen=True)
class Agari(Settlement):
    """One ``<AGARI>``: ``who`` won on ``win_tile`` discarded by ``from_who``
    (``from_who == who``: tsumo).

    ``concealed`` holds the winner's concealed tiles including the win tile;
    ``melds`` the calls.  ``points`` is the hand's value without honba and
    sticks (a tsumo: the sum of all payments).  ``yaku`` is (Tenhou yaku id,
    han) pairs, dora included (52 dora, 53 ura, 54 red); a yakuman hand has
    ``yakuman`` ids instead.  In a multiple ron only the winner nearest the
    discarder gets honba and sticks, so ``ba`` reads ``0,0`` for the others.
    """

    who: int = 0
    from_who: int = 0
    concealed: tuple[int, ...] = ()
    melds: tuple[Call, ...] = ()
    win_tile: int = 0
    fu: int = 0  # 0: not in the record (tenhou6 JSON writes no fu for a limit hand)
    points: int = 0
    limit: Limit = Limit.NONE
    yaku: tuple[tuple[int, int], ...] = ()
    yakuman: tuple[int, ...] = ()
    dora_indicators: tuple[int, ...] = ()
    ura_indicators: tuple[int, ...] = ()
    pao_who: int | None = None  # liable for a daisangen/daisuushii feed

    @property
    def is_tsumo(self) -> bool:
        return self.who == self.from_who

    @property
    def han(self) -> int:
        """Total han, dora included; 13 per yakuman."""
        return 13 * len(self.yakuman) if self.yakuman else sum(h for _, h in self.yaku)


@dataclass(frozen=True)
class Ryuukyoku(Settlement):
    """One ``<RYUUKYOKU>``.  ``shown_hands`` maps a seat to the concealed
    tiles it showed: the tenpai hands of an exhaustive draw or nagashi
    mangan, the hand of a nine-terminals call, all hands of four riichi.
    ``tenpai_known`` is False when the record does not say who was ready
    (tenhou6 JSON writes only a nagashi mangan's payments)."""

    type: DrawType = DrawType.EXHAUSTIVE
    shown_hands: dict[int, tuple[int, ...]] = field(default_factory=dict)
    tenpai_known: bool = True


# --- hands and games --------------------------------------------------------

_WIND_NAMES = ("East", "South", "West", "North")


@dataclass
class TenhouHand:
    """One ``<INIT>`` and all that follows up to its ``AGARI``/``RYUUKYOKU``.

    ``round`` counts hands of the match, Tenhou's way: 0 is East 1, 4 South 1.
    ``results`` is empty when the record stops in the middle of the hand.
    """

    round: int
    honba: int
    riichi_sticks: int
    dice: tuple[int, int]  # 1-6 each (Tenhou stores them 0-based)
    dora_indicator: int
    dealer: int
    scores: tuple[int, ...]  # at the start of the hand, in points
    hands: tuple[tuple[int, ...], ...]  # the dealt tiles of seats 0-3, in Tenhou's order
    events: list[TenhouEvent] = field(default_factory=list)
    results: list[Agari | Ryuukyoku] = field(default_factory=list)

    @property
    def round_wind(self) -> int:
        """0 East, 1 South, 2 West, 3 North."""
        return self.round // 4

    @property
    def name(self) -> str:
        """``'South 3, 1 honba'``."""
        return f"{_WIND_NAMES[self.round_wind % 4]} {self.round % 4 + 1}, {self.honba} honba"

    @property
    def is_complete(self) -> bool:
        return bool(self.results)

    @property
    def deltas(self) -> tuple[int, ...]:
        """The score change of every seat over the whole hand (all winners of a
        multiple ron; riichi sticks paid during the hand not included)."""
        total = [0] * len(self.scores)
        for result in self.results:
            total = [t + d for t, d in zip(total, result.deltas)]
        return tuple(total)


@dataclass
class TenhouGame:
    """A whole record.  ``final_scores`` and ``final_points`` come from
    ``owari`` (None if the record has none): the scores in points, and
    Tenhou's result points (thousands over the 30,000 return, uma added)."""

    rules: TenhouRules
    players: tuple[TenhouPlayer, ...]
    first_dealer: int = 0
    hands: list[TenhouHand] = field(default_factory=list)
    final_scores: tuple[int, ...] | None = None
    final_points: tuple[float, ...] | None = None


# --- the parser ---------------------------------------------------------------

_DRAW_TAG = re.compile(r"([TUVW])(\d+)")
_DISCARD_TAG = re.compile(r"([DEFGdefg])(\d+)")


def parse_mjlog(data: str | bytes) -> TenhouGame:
    """Parse one mjlog record (text, bytes, or gzip'd bytes)."""
    if isinstance(data, bytes) and data[:2] == b"\x1f\x8b":
        data = gunzip(data)
    try:
        refuse_xml_declarations(data)
    except OutsideDataError as exc:
        raise MjlogError(str(exc)) from None
    try:
        root = ET.fromstring(data)
    except ET.ParseError as exc:
        raise MjlogError(f"not XML: {exc}") from None
    if root.tag != "mjloggm":
        raise MjlogError(f"the root element is <{root.tag}>, not <mjloggm>")
    builder = _GameBuilder()
    for element in root:
        builder.feed(element)
    return builder.game()


class _GameBuilder:
    """Reads elements one by one; each tag has one small handler."""

    def __init__(self) -> None:
        self.rules = TenhouRules(0)
        self.players: tuple[TenhouPlayer, ...] = ()
        self.first_dealer = 0
        self.hands: list[TenhouHand] = []
        self.owari: tuple[int, ...] | None = None
        self.owari_points: tuple[float, ...] | None = None
        self._drawn: dict[int, int] = {}  # seat -> tile just drawn, until it acts

    def game(self) -> TenhouGame:
        return TenhouGame(self.rules, self.players, self.first_dealer, self.hands, self.owari, self.owari_points)

    def feed(self, el: ET.Element) -> None:
        try:
            if match := _DRAW_TAG.fullmatch(el.tag):
                self._draw("TUVW".index(match[1]), int(match[2]))
            elif match := _DISCARD_TAG.fullmatch(el.tag):
                self._discard("DEFG".index(match[1].upper()), int(match[2]), match[1].islower())
            elif handler := self._HANDLERS.get(el.tag):
                handler(self, el)
            # anything else (SHUFFLE, unknown future tags) does not affect play
        except (KeyError, ValueError, IndexError) as exc:
            if isinstance(exc, MjlogError):
                raise
            raise MjlogError(f"<{el.tag} {_attrs(el)}>: {exc!r}") from None

    @property
    def _hand(self) -> TenhouHand:
        if not self.hands:
            raise MjlogError("a hand event before the first <INIT>")
        return self.hands[-1]

    def _event(self, event: TenhouEvent) -> None:
        self._hand.events.append(event)

    # -- handlers, one per tag --

    def _go(self, el: ET.Element) -> None:
        lobby = el.get("lobby")
        self.rules = TenhouRules(int(el.get("type", "0")), int(lobby) if lobby else None)

    def _un(self, el: ET.Element) -> None:
        names = {  # a name in a file is player text: no escape codes reach a screen or a terminal
            seat: clean_player_text(unquote(el.get(f"n{seat}", "")))
            for seat in range(4)
            if el.get(f"n{seat}") is not None
        }
        if "dan" not in el.attrib and self.hands:  # a player coming back
            for seat in names:
                self._event(Reconnect(seat))
            return
        dans, rates = _ints(el.get("dan")), _floats(el.get("rate"))
        sexes = el.get("sx", "").split(",") if el.get("sx") else []
        self.players = tuple(
            TenhouPlayer(names.get(seat, ""), _at(dans, seat), _at(rates, seat), _at(sexes, seat)) for seat in range(4)
        )

    def _taikyoku(self, el: ET.Element) -> None:
        self.first_dealer = int(el.get("oya", "0"))

    def _init(self, el: ET.Element) -> None:
        round_, honba, sticks, die1, die2, dora = _ints(el.attrib["seed"])
        self._drawn.clear()
        self.hands.append(
            TenhouHand(
                round=round_,
                honba=honba,
                riichi_sticks=sticks,
                dice=(die1 + 1, die2 + 1),
                dora_indicator=dora,
                dealer=int(el.attrib["oya"]),
                scores=_points(el.attrib["ten"]),
                hands=tuple(tuple(_ints(el.get(f"hai{seat}", ""))) for seat in range(4)),
            )
        )

    def _draw(self, seat: int, tile: int) -> None:
        self._drawn[seat] = tile
        self._event(Draw(seat, tile))

    def _discard(self, seat: int, tile: int, lowercase: bool) -> None:
        drawn = self._drawn.pop(seat, None)
        self._event(Discard(seat, tile, lowercase or drawn == tile))

    def _n(self, el: ET.Element) -> None:
        seat = int(el.attrib["who"])
        self._drawn.pop(seat, None)
        self._event(decode_call(int(el.attrib["m"]), seat))

    def _reach(self, el: ET.Element) -> None:
        scores = _points(el.attrib["ten"]) if el.get("ten") else None
        self._event(Riichi(int(el.attrib["who"]), int(el.attrib["step"]), scores))

    def _dora(self, el: ET.Element) -> None:
        self._event(NewDora(int(el.attrib["hai"])))

    def _bye(self, el: ET.Element) -> None:
        if self.hands:
            self._event(Disconnect(int(el.attrib["who"])))

    def _agari(self, el: ET.Element) -> None:
        who = int(el.attrib["who"])
        fu, points, limit = _ints(el.attrib["ten"])
        yaku = _ints(el.get("yaku"))
        pao = el.get("paoWho")
        self._hand.results.append(
            Agari(
                *_settlement(el),
                who=who,
                from_who=int(el.attrib["fromWho"]),
                concealed=tuple(_ints(el.attrib["hai"])),
                melds=tuple(decode_call(m, who) for m in _ints(el.get("m"))),
                win_tile=int(el.attrib["machi"]),
                fu=fu,
                points=points,
                limit=Limit(limit),
                yaku=tuple(zip(yaku[0::2], yaku[1::2])),
                yakuman=tuple(_ints(el.get("yakuman"))),
                dora_indicators=tuple(_ints(el.get("doraHai"))),
                ura_indicators=tuple(_ints(el.get("doraHaiUra"))),
                pao_who=int(pao) if pao is not None else None,
            )
        )
        self._owari(el)

    def _ryuukyoku(self, el: ET.Element) -> None:
        shown = {seat: tuple(_ints(el.get(f"hai{seat}"))) for seat in range(4) if el.get(f"hai{seat}") is not None}
        self._hand.results.append(Ryuukyoku(*_settlement(el), type=DrawType(el.get("type", "")), shown_hands=shown))
        self._owari(el)

    def _owari(self, el: ET.Element) -> None:
        if owari := el.get("owari"):
            values = owari.split(",")
            self.owari = tuple(int(v) * SCORE_UNIT for v in values[0::2])
            self.owari_points = tuple(float(v) for v in values[1::2])

    _HANDLERS = {
        "GO": _go,
        "UN": _un,
        "TAIKYOKU": _taikyoku,
        "INIT": _init,
        "N": _n,
        "REACH": _reach,
        "DORA": _dora,
        "BYE": _bye,
        "AGARI": _agari,
        "RYUUKYOKU": _ryuukyoku,
    }


def _settlement(el: ET.Element) -> tuple[int, int, tuple[int, ...], tuple[int, ...]]:
    honba, sticks = _ints(el.attrib["ba"])
    sc = _ints(el.attrib["sc"])
    return (honba, sticks, tuple(s * SCORE_UNIT for s in sc[0::2]), tuple(d * SCORE_UNIT for d in sc[1::2]))


def _ints(text: str | None) -> list[int]:
    return [int(x) for x in text.split(",")] if text else []


def _floats(text: str | None) -> list[float]:
    return [float(x) for x in text.split(",")] if text else []


def _points(text: str) -> tuple[int, ...]:
    return tuple(v * SCORE_UNIT for v in _ints(text))


def _at(values: list, index: int):
    return values[index] if index < len(values) else None


def _attrs(el: ET.Element) -> str:
    return " ".join(f'{k}="{v}"' for k, v in el.attrib.items())


# --- the wall as the record reveals it ----------------------------------------


class TenhouWall(NamedTuple):
    """The tiles a replay must hand out, in the order the game used them.

    * ``live_draws``: every draw from the live wall, in play order (the
      dealer's first draw first).  Tenhou's live wall after the deal holds
      70 tiles in four-player; each kan moves one of its last tiles to the
      dead wall, so ``len(live_draws) + len(replacement_draws) <= 70`` and
      an exhaustive draw uses exactly 70.
    * ``replacement_draws``: the rinshan draws from the dead wall, in order.
      A draw is a replacement when the same seat's previous action was a kan
      (or a nukidora); Tenhou writes it as an ordinary ``T``/``U``/``V``/``W``.
    * ``dora_indicators``: the first indicator (``INIT``), then one per
      ``<DORA>`` in the order revealed.
    * ``ura_indicators``: as shown by the first ``AGARI`` that shows them
      (only a riichi winner's does); empty otherwise.

    The deal itself is :attr:`TenhouHand.hands`.  Tiles the game never
    reached (the rest of the live wall, the unrevealed dead wall) are not in
    the record.
    """

    live_draws: tuple[int, ...]
    replacement_draws: tuple[int, ...]
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]


def wall_from_hand(hand: TenhouHand) -> TenhouWall:
    """The live draws, replacement draws, dora and ura indicators of a hand.

    >>> hand = TenhouHand(0, 0, 0, (1, 1), 5, 0, (25000,) * 4, ((),) * 4, [
    ...     Draw(0, 40), Call(0, CallType.ANKAN, (40, 41, 42, 43)), NewDora(9),
    ...     Draw(0, 50), Discard(0, 50, True), Draw(1, 60)])
    >>> wall_from_hand(hand)
    TenhouWall(live_draws=(40, 60), replacement_draws=(50,), dora_indicators=(5, 9), ura_indicators=())
    """
    live: list[int] = []
    replacement: list[int] = []
    dora = [hand.dora_indicator]
    awaiting_replacement: set[int] = set()
    for event in hand.events:
        if isinstance(event, Draw):
            if event.seat in awaiting_replacement:
                awaiting_replacement.discard(event.seat)
                replacement.append(event.tile)
            else:
                live.append(event.tile)
        elif isinstance(event, Call) and event.type in REPLACEMENT_CALLS:
            awaiting_replacement.add(event.seat)
        elif isinstance(event, NewDora):
            dora.append(event.tile)
    ura = next((r.ura_indicators for r in hand.results if isinstance(r, Agari) and r.ura_indicators), ())
    return TenhouWall(tuple(live), tuple(replacement), tuple(dora), ura)


# --- yaku names ------------------------------------------------------------------


class YakuName(NamedTuple):
    english: str
    japanese: str  # as Tenhou prints it


YAKU: tuple[YakuName, ...] = tuple(
    YakuName(e, j)
    for e, j in (
        ("Menzen tsumo", "門前清自摸和"),  # 0
        ("Riichi", "立直"),
        ("Ippatsu", "一発"),
        ("Chankan", "槍槓"),
        ("Rinshan kaihou", "嶺上開花"),
        ("Haitei raoyue", "海底摸月"),  # 5
        ("Houtei raoyui", "河底撈魚"),
        ("Pinfu", "平和"),
        ("Tanyao", "断幺九"),
        ("Iipeikou", "一盃口"),
        ("Seat wind East", "自風 東"),  # 10
        ("Seat wind South", "自風 南"),
        ("Seat wind West", "自風 西"),
        ("Seat wind North", "自風 北"),
        ("Round wind East", "場風 東"),
        ("Round wind South", "場風 南"),  # 15
        ("Round wind West", "場風 西"),
        ("Round wind North", "場風 北"),
        ("Haku", "役牌 白"),
        ("Hatsu", "役牌 發"),
        ("Chun", "役牌 中"),  # 20
        ("Double riichi", "両立直"),
        ("Chiitoitsu", "七対子"),
        ("Chanta", "混全帯幺九"),
        ("Ittsu", "一気通貫"),
        ("Sanshoku doujun", "三色同順"),  # 25
        ("Sanshoku doukou", "三色同刻"),
        ("Sankantsu", "三槓子"),
        ("Toitoi", "対々和"),
        ("Sanankou", "三暗刻"),
        ("Shousangen", "小三元"),  # 30
        ("Honroutou", "混老頭"),
        ("Ryanpeikou", "二盃口"),
        ("Junchan", "純全帯幺九"),
        ("Honitsu", "混一色"),
        ("Chinitsu", "清一色"),  # 35
        ("Renhou", "人和"),
        ("Tenhou", "天和"),
        ("Chiihou", "地和"),
        ("Daisangen", "大三元"),
        ("Suuankou", "四暗刻"),  # 40
        ("Suuankou tanki", "四暗刻単騎"),
        ("Tsuuiisou", "字一色"),
        ("Ryuuiisou", "緑一色"),
        ("Chinroutou", "清老頭"),
        ("Chuuren poutou", "九蓮宝燈"),  # 45
        ("Junsei chuuren poutou", "純正九蓮宝燈"),
        ("Kokushi musou", "国士無双"),
        ("Kokushi musou 13-wait", "国士無双１３面"),
        ("Daisuushii", "大四喜"),
        ("Shousuushii", "小四喜"),  # 50
        ("Suukantsu", "四槓子"),
        ("Dora", "ドラ"),
        ("Ura dora", "裏ドラ"),
        ("Aka dora", "赤ドラ"),  # 54
    )
)


def yaku_name(yaku_id: int) -> str:
    """The English name of a Tenhou yaku id.

    >>> yaku_name(0), yaku_name(1), yaku_name(54)
    ('Menzen tsumo', 'Riichi', 'Aka dora')
    """
    return YAKU[yaku_id].english
