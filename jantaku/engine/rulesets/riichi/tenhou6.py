"""Tenhou's JSON game records ("tenhou.net/6" format), both ways; pure, no I/O.

The format is what tenhou.net/6 shows and mjai-reviewer's ``convlog`` reads::

    {"title": [...], "name": [4 names], "rule": {"disp": "般南喰赤", "aka": 1},
     "log": [kyoku, ...], "sc": [final score / 100, points, ...] (optional)}

Each kyoku is ``[[kyoku, honba, sticks], scores×4, dora indicators, ura
indicators, haipai0, takes0, discards0, …, haipai3, takes3, discards3,
result]``.  Tiles: 11-19 man, 21-29 pin, 31-39 sou, 41-47 E S W N haku hatsu
chun, 51/52/53 the red fives.  In the discards 60 is a tsumogiri, ``r`` a
riichi discard (``r60`` a tsumogiri one) and 0 the place of a discard an
open kan skipped.  Calls are strings of tile codes with one letter before
the claimed tile, its place saying whose discard it was: ``c171618`` chi
(always from the left), ``p454545`` / ``45p4545`` / ``4545p45`` pon from the
left / across / right, ``m39393939`` / ``26m262626`` / ``262626m26`` an open
kan (in the takes), ``k`` an added kan (the pon written again with
``k`` + the added tile where the ``p`` stood) and ``a`` a closed kan, both in
the discards.  The result is ``["和了", deltas, [who, from, pao, "30符3飜3900点",
"立直(1飜)", …], …]`` (a pair per winner) or a draw's name (``流局``,
``全員聴牌``, ``全員不聴``, ``流し満貫``, ``九種九牌``, ``四家立直``, ``三家和了``,
``四風連打``, ``四槓散了``) with its deltas when any point moved.

This module converts between that JSON and the mjlog model of
:mod:`.tenhou_log` (:class:`~.tenhou_log.TenhouGame`), so both formats share
one replay (:mod:`.tenhou_import`) and one exporter:

* :func:`from_game` writes a game (an mjlog, or one of our matches through
  :mod:`.tenhou_match`) as a :class:`Tenhou6Log`; ``.to_json()`` is the JSON.
* :func:`parse_tenhou6` reads the JSON (one object, or one per line as mjx
  splits them) into a :class:`Tenhou6Log`; :func:`to_game` rebuilds the
  game's event order from the four seats' takes and discards, giving every
  tile an id (the JSON has none).

Anything malformed raises :class:`Tenhou6Error` with a one-line message.

    >>> tile_code(16, red_fives=True), tile_code(16, red_fives=False), tile_code(132, red_fives=True)
    (51, 15, 47)
    >>> call_text(Call(1, CallType.PON, (132, 133, 134), 133, 0), red_fives=True)
    'p474747'
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ...bounded import MAX_DECOMPRESSED_BYTES, load_json
from ....playertext import clean_player_text
from ...tiles import RED_FIVE_IDS, kind_of
from .points import round_up_100
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
    TenhouPlayer,
    TenhouRules,
    wall_from_hand,
)

__all__ = [
    "Tenhou6Error",
    "Tenhou6Kyoku",
    "Tenhou6Log",
    "Tenhou6Win",
    "call_text",
    "from_game",
    "looks_like_tenhou6",
    "parse_tenhou6",
    "tile_code",
    "to_game",
]

TSUMOGIRI = 60
KAN_PLACEHOLDER = 0  # a discard an open kan skipped
MAX_READING_STEPS = 20_000  # a kyoku has under 140 draws; a record needing more readings is refused
WIN = "和了"
EXHAUSTIVE, ALL_TENPAI, ALL_NOTEN = "流局", "全員聴牌", "全員不聴"
DRAW_NAMES: dict[str, DrawType] = {
    EXHAUSTIVE: DrawType.EXHAUSTIVE,
    ALL_TENPAI: DrawType.EXHAUSTIVE,
    ALL_NOTEN: DrawType.EXHAUSTIVE,
    "流し満貫": DrawType.NAGASHI_MANGAN,
    "九種九牌": DrawType.NINE_TERMINALS,
    "四家立直": DrawType.FOUR_RIICHI,
    "三家和了": DrawType.TRIPLE_RON,
    "四風連打": DrawType.FOUR_WINDS,
    "四槓散了": DrawType.FOUR_KANS,
}
_DRAW_TEXT = {t: name for name, t in DRAW_NAMES.items() if name not in (ALL_TENPAI, ALL_NOTEN)}
LIMIT_TEXT = {
    Limit.MANGAN: "満貫",
    Limit.HANEMAN: "跳満",
    Limit.BAIMAN: "倍満",
    Limit.SANBAIMAN: "三倍満",
    Limit.YAKUMAN: "役満",
}
_LIMIT_BY_TEXT = {text: limit for limit, text in LIMIT_TEXT.items()}
_LIMIT_BASE = {Limit.MANGAN: 2000, Limit.HANEMAN: 3000, Limit.BAIMAN: 4000, Limit.SANBAIMAN: 6000}
_YAKU_ID = {y.japanese: i for i, y in enumerate(YAKU)}
_HEAD = re.compile(r"(?:(\d+)符)?(?:(\d+)飜)?(満貫|跳満|倍満|三倍満|役満)?(\d+)(?:-(\d+))?点(∀?)")
_YAKU_TEXT = re.compile(r"(.+)\((?:(\d+)飜|(?:(\d+)倍)?役満)\)")
_CALL = re.compile(r"((?:\d\d)*)([cpmka])(\d\d)((?:\d\d)*)")
# where the letter stands (tiles before it) -> seats after the caller the discard came from
_FROM = {
    "c": {0: 3},
    "p": {0: 3, 1: 2, 2: 1},
    "k": {0: 3, 1: 2, 2: 1},
    "m": {0: 3, 1: 2, 3: 1},
}
_PLACE = {kind: {rel: pos for pos, rel in places.items()} for kind, places in _FROM.items()}
_CALL_TILES = {"c": 3, "p": 3, "m": 4, "k": 4, "a": 4}
_LETTER = {"c": CallType.CHI, "p": CallType.PON, "m": CallType.DAIMINKAN, "k": CallType.KAKAN, "a": CallType.ANKAN}
_LETTER_OF = {t: letter for letter, t in _LETTER.items()}


class Tenhou6Error(ValueError):
    """Not a well-formed tenhou.net/6 record; the message says where, in one line."""


# --- tiles -------------------------------------------------------------------------------


def tile_code(tile: int, *, red_fives: bool) -> int:
    """Tenhou's JSON code of a tile id (a red five is 51-53 only in a game with red fives)."""
    if red_fives and tile in RED_FIVE_IDS:
        return 51 + tile // 36
    kind = kind_of(tile)
    return 41 + kind - 27 if kind >= 27 else 10 * (kind // 9 + 1) + kind % 9 + 1


def _code_kind(code: int) -> tuple[int, bool]:
    """(kind, red) of a tile code; raises ``KeyError`` for a number that is no tile."""
    return _KIND_OF_CODE[code]


_KIND_OF_CODE: dict[int, tuple[int, bool]] = {
    **{10 * (suit + 1) + n + 1: (9 * suit + n, False) for suit in range(3) for n in range(9)},
    **{41 + i: (27 + i, False) for i in range(7)},
    **{51 + suit: (9 * suit + 4, True) for suit in range(3)},
}


def _sort_key(tile: int, red_fives: bool) -> tuple[int, int]:
    """Tenhou's order of a hand: by kind, a red five after the plain ones."""
    return kind_of(tile), tile_code(tile, red_fives=red_fives)


def call_text(call: Call, *, red_fives: bool) -> str:
    """A call as the JSON writes it, e.g. ``c171618``, ``45p4545``, ``151515a51``."""

    def codes(tiles: Sequence[int]) -> list[str]:
        return [str(tile_code(t, red_fives=red_fives)) for t in sorted(tiles, key=lambda t: _sort_key(t, red_fives))]

    letter = _LETTER_OF[call.type]
    if call.type is CallType.ANKAN:
        written = codes(call.tiles)
        return "".join(written[:3]) + "a" + written[3]
    if call.type is CallType.NUKIDORA:
        raise Tenhou6Error("a nukidora belongs to three-player games")
    assert call.claimed is not None and call.from_seat is not None  # every other call takes a discard
    claimed = str(tile_code(call.claimed, red_fives=red_fives))
    if call.type is CallType.CHI:
        return "c" + claimed + "".join(codes([t for t in call.tiles if t != call.claimed]))
    own = codes([t for t in call.tiles if t not in (call.claimed, call.added)])
    place = _PLACE[letter][(call.from_seat - call.seat) % 4]
    if call.type is CallType.KAKAN:
        assert call.added is not None  # an added kan names the tile it added
        marked = "k" + str(tile_code(call.added, red_fives=red_fives)) + claimed
    else:
        marked = letter + claimed
    return "".join(own[:place]) + marked + "".join(own[place:])


# --- the model ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Tenhou6Win:
    """One winner of a ``和了`` result: ``value`` is the ``30符3飜3900点`` text."""

    deltas: tuple[int, ...]
    who: int
    from_who: int
    pao: int  # the winner when nobody is liable
    value: str
    yaku: tuple[str, ...]  # "立直(1飜)", "大三元(役満)"


@dataclass(frozen=True)
class Tenhou6Kyoku:
    round: int  # 0 East 1, 4 South 1, …
    honba: int
    sticks: int
    scores: tuple[int, ...]
    dora: tuple[int, ...]  # tile codes
    ura: tuple[int, ...]
    haipai: tuple[tuple[int, ...], ...]  # per seat
    takes: tuple[tuple[int | str, ...], ...]
    discards: tuple[tuple[int | str, ...], ...]
    result: str  # 和了 or a draw's name
    wins: tuple[Tenhou6Win, ...] = ()
    deltas: tuple[int, ...] | None = None  # a draw's, when points moved

    def to_json(self) -> list[Any]:
        out: list[Any] = [[self.round, self.honba, self.sticks], list(self.scores), list(self.dora), list(self.ura)]
        for seat in range(4):
            out += [list(self.haipai[seat]), list(self.takes[seat]), list(self.discards[seat])]
        result: list[Any] = [self.result]
        if self.result == WIN:
            for w in self.wins:
                result += [list(w.deltas), [w.who, w.from_who, w.pao, w.value, *w.yaku]]
        elif self.deltas is not None:
            result.append(list(self.deltas))
        out.append(result)
        return out


@dataclass(frozen=True)
class Tenhou6Log:
    """A whole record.  ``final`` is ``sc``: each seat's final score and points.

    ``rules`` is Jantaku's own key (``"jantaku"``: ruleset, preset and
    option overrides), so a match exported here re-imports under the rules it
    was played with; other readers ignore it.
    """

    names: tuple[str, ...]
    kyokus: tuple[Tenhou6Kyoku, ...]
    disp: str = "般南喰赤"
    red_fives: bool = True
    title: tuple[str, ...] = ("", "")
    final: tuple[tuple[int, float], ...] | None = None
    rules: Mapping[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        aka = int(self.red_fives)
        out: dict[str, Any] = {
            "title": list(self.title),
            "name": list(self.names),
            "rule": {"disp": self.disp, "aka": aka, "aka51": aka, "aka52": aka, "aka53": aka},
            "log": [k.to_json() for k in self.kyokus],
        }
        if self.final is not None:
            out["sc"] = [v for score, points in self.final for v in (score // 100, points)]
        if self.rules is not None:
            out["jantaku"] = dict(self.rules)
        return out

    def dumps(self) -> str:
        """The JSON text (one line, Japanese as is)."""
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))


# --- writing: a game as tenhou6 --------------------------------------------------------------


def disp_of(rules: TenhouRules) -> str:
    """The ``rule.disp`` text: lobby, length, kuitan, red fives (``般南喰赤``)."""
    lobby = {0x00: "般", 0x80: "上", 0x20: "特", 0xA0: "鳳"}[rules.flags & 0xA0]
    return (
        ("三" if rules.three_player else "")
        + lobby
        + ("南" if rules.east_south else "東")
        + ("喰" if rules.open_tanyao else "")
        + ("赤" if rules.red_fives else "")
        + ("速" if rules.fast else "")
    )


def rules_of_disp(disp: str, red_fives: bool) -> TenhouRules:
    """The inverse of :func:`disp_of` (``red_fives`` from ``rule.aka``)."""
    lobby = next((bits for char, bits in (("鳳", 0xA0), ("特", 0x20), ("上", 0x80)) if char in disp), 0)
    flags = 0x01 | lobby
    flags |= 0 if red_fives else 0x02
    flags |= 0 if "喰" in disp or not disp else 0x04
    flags |= 0 if "東" in disp else 0x08
    flags |= 0x10 if "三" in disp else 0
    flags |= 0x40 if "速" in disp else 0
    return TenhouRules(flags)


def from_game(
    game: TenhouGame, *, title: tuple[str, ...] = ("", ""), rules: Mapping[str, Any] | None = None
) -> Tenhou6Log:
    """The record of ``game`` (its complete hands) in tenhou6 form."""
    red = game.rules.red_fives
    final = None
    if game.final_scores is not None and game.final_points is not None:
        final = tuple(zip(game.final_scores, game.final_points))
    return Tenhou6Log(
        names=tuple(p.name for p in game.players),
        kyokus=tuple(_kyoku_of(hand, red) for hand in game.hands if hand.is_complete),
        disp=disp_of(game.rules),
        red_fives=red,
        title=title,
        final=final,
        rules=rules,
    )


def _kyoku_of(hand: TenhouHand, red: bool) -> Tenhou6Kyoku:
    def code(tile: int) -> int:
        return tile_code(tile, red_fives=red)

    takes: list[list[int | str]] = [[] for _ in range(4)]
    discards: list[list[int | str]] = [[] for _ in range(4)]
    declaring: set[int] = set()
    for event in hand.events:
        if isinstance(event, Draw):
            takes[event.seat].append(code(event.tile))
        elif isinstance(event, Discard):
            value: int | str = TSUMOGIRI if event.tsumogiri else code(event.tile)
            if event.seat in declaring:
                declaring.discard(event.seat)
                value = f"r{value}"
            discards[event.seat].append(value)
        elif isinstance(event, Riichi) and event.step == 1:
            declaring.add(event.seat)
        elif isinstance(event, Call):
            text = call_text(event, red_fives=red)
            if event.type in (CallType.ANKAN, CallType.KAKAN):
                discards[event.seat].append(text)
            else:
                takes[event.seat].append(text)
                if event.type is CallType.DAIMINKAN:
                    discards[event.seat].append(KAN_PLACEHOLDER)
    wall = wall_from_hand(hand)
    kyoku = Tenhou6Kyoku(
        round=hand.round,
        honba=hand.honba,
        sticks=hand.riichi_sticks,
        scores=tuple(hand.scores),
        dora=tuple(map(code, wall.dora_indicators)),
        ura=tuple(map(code, wall.ura_indicators)),
        haipai=tuple(tuple(code(t) for t in sorted(h, key=lambda t: _sort_key(t, red))) for h in hand.hands),
        takes=tuple(map(tuple, takes)),
        discards=tuple(map(tuple, discards)),
        result=WIN,
    )
    first = hand.results[0]
    if isinstance(first, Agari):
        wins = tuple(_win_of(a, hand.dealer) for a in hand.results if isinstance(a, Agari))
        return replace(kyoku, wins=wins)
    assert isinstance(first, Ryuukyoku)  # a hand ends with wins or one draw
    name = _DRAW_TEXT[first.type]
    if first.type is DrawType.EXHAUSTIVE and len(first.shown_hands) in (0, 4):
        name = ALL_TENPAI if first.shown_hands else ALL_NOTEN
    deltas = tuple(first.deltas) if any(first.deltas) else None
    return replace(kyoku, result=name, deltas=deltas)


def _win_of(agari: Agari, dealer: int) -> Tenhou6Win:
    return Tenhou6Win(
        deltas=tuple(agari.deltas),
        who=agari.who,
        from_who=agari.from_who,
        pao=agari.who if agari.pao_who is None else agari.pao_who,
        value=value_text(agari, dealer),
        yaku=yaku_texts(agari),
    )


def yaku_texts(agari: Agari) -> tuple[str, ...]:
    """``立直(1飜)``… (a yaku worth no han is left out); ``大三元(役満)``, ``(2倍役満)`` for a double."""
    if agari.yakuman:
        counts: dict[int, int] = {}
        for y in agari.yakuman:
            counts[y] = counts.get(y, 0) + 1
        return tuple(f"{YAKU[y].japanese}({'' if n == 1 else f'{n}倍'}役満)" for y, n in counts.items())
    return tuple(f"{YAKU[y].japanese}({han}飜)" for y, han in agari.yaku if han)


def value_text(agari: Agari, dealer: int) -> str:
    """``30符3飜3900点``, ``満貫8000点``, ``1000-2000点`` (non-dealer tsumo: others, dealer),
    ``2600点∀`` (dealer tsumo: everyone pays that)."""
    head = f"{agari.fu}符{agari.han}飜" if agari.limit is Limit.NONE else LIMIT_TEXT[agari.limit]
    if not agari.is_tsumo:
        return f"{head}{agari.points}点"
    if agari.who == dealer:
        return f"{head}{agari.points // 3}点∀"
    if agari.limit is Limit.NONE:
        base = agari.fu * 2 ** (agari.han + 2)
        return f"{head}{round_up_100(base)}-{round_up_100(2 * base)}点"
    return f"{head}{agari.points // 4}-{agari.points // 2}点"


# --- reading: the JSON ---------------------------------------------------------------------


def looks_like_tenhou6(text: str) -> bool:
    """Whether ``text`` is meant as tenhou6 JSON (a JSON object with tenhou6 keys, not an mjai line)."""
    head = text.lstrip()[:4096]
    first_line = head.split("\n", 1)[0]
    return head.startswith("{") and '"type"' not in first_line and bool(re.search(r'"(log|name|rule)"\s*:', head))


def parse_tenhou6(text: str) -> Tenhou6Log:
    """Read a record: one JSON object, or one per line (each with some of the kyoku)."""
    try:
        objects = [load_json(text, max_bytes=MAX_DECOMPRESSED_BYTES)]
    except json.JSONDecodeError as exc:
        lines = [line for line in text.splitlines() if line.strip()]
        if len(lines) < 2:
            raise Tenhou6Error(f"not JSON: {exc}") from None
        objects = []
        for number, line in enumerate(lines, 1):
            try:
                objects.append(load_json(line, max_bytes=MAX_DECOMPRESSED_BYTES))
            except json.JSONDecodeError as line_exc:
                raise Tenhou6Error(f"line {number}: not JSON: {line_exc}") from None
    logs = [_log_of(obj, i) for i, obj in enumerate(objects)]
    first = logs[0]
    return replace(
        first, kyokus=tuple(k for log in logs for k in log.kyokus), final=logs[-1].final, rules=logs[-1].rules
    )


def _log_of(obj: Any, index: int) -> Tenhou6Log:
    where = f"object {index + 1}: " if index else ""
    if not isinstance(obj, dict):
        raise Tenhou6Error(f"{where}not a JSON object")
    if not isinstance(obj.get("log"), list):
        raise Tenhou6Error(f'{where}no "log" list of kyoku')
    names = obj.get("name", ["", "", "", ""])
    if not (isinstance(names, list) and len(names) == 4 and all(isinstance(n, str) for n in names)):
        raise Tenhou6Error(f'{where}"name" must be four strings')
    rule = obj.get("rule", {})
    if not isinstance(rule, dict):
        raise Tenhou6Error(f'{where}"rule" must be an object')
    disp = rule.get("disp", "")
    if not isinstance(disp, str):
        raise Tenhou6Error(f'{where}"rule.disp" must be a string')
    aka = rule.get("aka", rule.get("aka51", 1 if "赤" in disp or not disp else 0))
    title = obj.get("title", [])
    rules = obj.get("jantaku")
    if rules is not None and not isinstance(rules, dict):
        raise Tenhou6Error(f'{where}"jantaku" must be an object')
    kyokus = []
    for number, raw in enumerate(obj["log"], 1):
        try:
            kyokus.append(_kyoku_from_json(raw, bool(aka)))
        except Tenhou6Error as exc:
            raise Tenhou6Error(f"{where}kyoku {number}: {exc}") from None
    return Tenhou6Log(
        names=tuple(clean_player_text(n) for n in names),  # player text: no escape codes reach a terminal
        kyokus=tuple(kyokus),
        disp=disp,
        red_fives=bool(aka),
        title=tuple(str(t) for t in title) if isinstance(title, list) else (str(title),),
        final=_final_of(obj.get("sc"), where),
        rules=rules,
    )


def _final_of(sc: Any, where: str) -> tuple[tuple[int, float], ...] | None:
    if sc is None:
        return None
    if not (isinstance(sc, list) and len(sc) == 8 and all(_is_number(v) for v in sc)):
        raise Tenhou6Error(f'{where}"sc" must be 8 numbers (score / 100 and points per seat)')
    return tuple((round(sc[2 * i] * 100), float(sc[2 * i + 1])) for i in range(4))


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _ints(value: Any, what: str, length: int | None = None) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise Tenhou6Error(f"{what} must be a list of whole numbers")
    if length is not None and len(value) != length:
        raise Tenhou6Error(f"{what} must have {length} numbers, not {len(value)}")
    return tuple(value)


def _tiles(value: Any, what: str) -> tuple[int, ...]:
    codes = _ints(value, what)
    for c in codes:
        if c not in _KIND_OF_CODE:
            raise Tenhou6Error(f"{what}: {c} is no tile code")
    return codes


def _actions(value: Any, what: str, *, discards: bool) -> tuple[int | str, ...]:
    if not isinstance(value, list):
        raise Tenhou6Error(f"{what} must be a list")
    for item in value:
        if isinstance(item, str):
            _parse_call_text(item, what)
            if discards != (item[0] == "r" or bool(re.search("[ka]", item))):
                raise Tenhou6Error(f"{what}: {item!r} does not belong here")
            if item[0] == "r":
                rest = item[1:]
                if not rest.isdigit() or (int(rest) != TSUMOGIRI and int(rest) not in _KIND_OF_CODE):
                    raise Tenhou6Error(f"{what}: {item!r} is no riichi discard")
        elif not isinstance(item, int) or isinstance(item, bool):
            raise Tenhou6Error(f"{what}: {item!r} is neither a tile nor a call")
        elif item not in _KIND_OF_CODE and not (discards and item in (TSUMOGIRI, KAN_PLACEHOLDER)):
            raise Tenhou6Error(f"{what}: {item} is no tile code")
    return tuple(value)


@dataclass(frozen=True)
class _CallText:
    letter: str
    claimed: int  # the marked tile's code (a kakan: the added one)
    own: tuple[int, ...]  # the other codes, in order
    place: int  # how many codes stand before the letter
    pon_claimed: int | None = None  # a kakan: the pon's claimed tile


def _parse_call_text(text: str, what: str = "call") -> _CallText:
    if text.startswith("r"):
        return _CallText("r", 0, (), 0)
    m = _CALL.fullmatch(text)
    codes = [int(c) for c in re.findall(r"\d\d", text)] if m else []
    if not m or len(codes) != _CALL_TILES[m[2]] or any(c not in _KIND_OF_CODE for c in codes):
        raise Tenhou6Error(f"{what}: {text!r} is no call")
    before, letter, marked, after = m[1], m[2], int(m[3]), m[4]
    place = len(before) // 2
    if letter != "a" and place not in _FROM[letter]:
        raise Tenhou6Error(f"{what}: {text!r}: the {letter!r} cannot stand there")
    own = [int(c) for c in re.findall(r"\d\d", before + after)]
    pon_claimed = None
    if letter == "k":
        pon_claimed = int(after[:2])
        own = [int(c) for c in re.findall(r"\d\d", before + after[2:])]
    if len({_code_kind(c)[0] for c in codes}) != 1 and letter != "c":
        raise Tenhou6Error(f"{what}: {text!r} mixes tiles")
    return _CallText(letter, marked, tuple(own), place, pon_claimed)


def _kyoku_from_json(raw: Any, red: bool) -> Tenhou6Kyoku:
    if not isinstance(raw, list) or len(raw) != 17:
        raise Tenhou6Error("a kyoku must be a list of 17 entries")
    round_, honba, sticks = _ints(raw[0], "[kyoku, honba, sticks]", 3)
    scores = _ints(raw[1], "the scores", 4)
    if min(round_, honba, sticks) < 0:
        raise Tenhou6Error(f"[kyoku, honba, sticks] must not be negative: {[round_, honba, sticks]}")
    dora, ura = _tiles(raw[2], "the dora indicators"), _tiles(raw[3], "the ura indicators")
    if not 1 <= len(dora) <= 5 or len(ura) > 5:
        raise Tenhou6Error(f"1 to 5 dora indicators and at most 5 ura indicators, not {len(dora)} and {len(ura)}")
    haipai = tuple(_tiles(raw[4 + 3 * s], f"seat {s}'s haipai") for s in range(4))
    for seat, tiles in enumerate(haipai):
        if len(tiles) != 13:
            raise Tenhou6Error(f"seat {seat}'s haipai must have 13 tiles, not {len(tiles)}")
    takes = tuple(_actions(raw[5 + 3 * s], f"seat {s}'s takes", discards=False) for s in range(4))
    discards = tuple(_actions(raw[6 + 3 * s], f"seat {s}'s discards", discards=True) for s in range(4))
    kyoku = Tenhou6Kyoku(round_, honba, sticks, scores, dora, ura, haipai, takes, discards, WIN)
    result = raw[16]
    if not isinstance(result, list) or not result or not isinstance(result[0], str):
        raise Tenhou6Error('the result must be a list starting with its name ("和了", "流局", …)')
    name = result[0]
    if name == WIN:
        if len(result) < 3 or len(result) % 2 == 0:
            raise Tenhou6Error("a win result must be deltas and details, once per winner")
        wins = tuple(_win_from_json(result[i], result[i + 1]) for i in range(1, len(result), 2))
        return replace(kyoku, wins=wins)
    if name not in DRAW_NAMES:
        raise Tenhou6Error(f"unknown result {name!r}")
    if len(result) > 2:
        raise Tenhou6Error(f"a {name} result has at most one list of deltas")
    deltas = _ints(result[1], f"the {name} deltas", 4) if len(result) == 2 else None
    return replace(kyoku, result=name, deltas=deltas)


def _win_from_json(deltas: Any, details: Any) -> Tenhou6Win:
    moved = _ints(deltas, "a win's deltas", 4)
    if not isinstance(details, list) or len(details) < 4:
        raise Tenhou6Error("a win's details must be [who, from, pao, value, yaku...]")
    seats = _ints(details[:3], "a win's who, from, pao", 3)
    if not all(0 <= s < 4 for s in seats):
        raise Tenhou6Error(f"a win's seats {list(seats)} must be 0-3")
    if not all(isinstance(t, str) for t in details[3:]):
        raise Tenhou6Error("a win's value and yaku must be strings")
    if not _HEAD.fullmatch(details[3]):
        raise Tenhou6Error(f"a win's value {details[3]!r} is not like 30符3飜3900点")
    for text in details[4:]:
        _yaku_of_text(text)
    return Tenhou6Win(moved, seats[0], seats[1], seats[2], details[3], tuple(details[4:]))


def _yaku_of_text(text: str) -> tuple[int, int, int]:
    """(Tenhou yaku id, han, yakuman count) of ``立直(1飜)`` / ``大三元(役満)``."""
    m = _YAKU_TEXT.fullmatch(text)
    if not m or m[1] not in _YAKU_ID:
        raise Tenhou6Error(f"unknown yaku {text!r}")
    if m[2] is not None:
        return _YAKU_ID[m[1]], int(m[2]), 0
    return _YAKU_ID[m[1]], 0, int(m[3] or 1)


# --- reading: rebuilding the game ---------------------------------------------------------------


def to_game(log: Tenhou6Log) -> TenhouGame:
    """The game the record describes, as :mod:`.tenhou_log` models it (ready to replay)."""
    rules = rules_of_disp(log.disp, log.red_fives)
    if rules.three_player:
        raise Tenhou6Error("three-player games are not riichi for four")
    hands = []
    for number, kyoku in enumerate(log.kyokus, 1):
        try:
            hands.append(_Kyoku(kyoku, log.red_fives).hand())
        except Tenhou6Error as exc:
            raise Tenhou6Error(f"kyoku {number} ({_label(kyoku)}): {exc}") from None
    final_scores = final_points = None
    if log.final is not None:
        final_scores = tuple(score for score, _ in log.final)
        final_points = tuple(points for _, points in log.final)
    return TenhouGame(
        rules=rules,
        players=tuple(TenhouPlayer(name) for name in log.names),
        hands=hands,
        final_scores=final_scores,
        final_points=final_points,
    )


def _label(kyoku: Tenhou6Kyoku) -> str:
    return f"{'ESWN'[kyoku.round // 4 % 4]}{kyoku.round % 4 + 1}-{kyoku.honba}"


class _Inconsistent(Exception):
    """This reading of who acted when does not fit the record; try another."""


@dataclass
class _State:
    """Where a reading of the kyoku stands; copied at each place two readings part."""

    hands: list[list[int]]
    melds: list[list[Call]]
    took: list[int]  # next index into each seat's takes
    gave: list[int]  # and discards
    events: list[TenhouEvent]
    actor: int
    drawn: int | None = None  # the actor's just-drawn tile
    last_discard: tuple[int, int] | None = None  # (seat, tile)
    ending: str = ""  # how the reading ended: "take" (after a draw), "discard", "kan"

    def copy(self) -> _State:
        return _State(
            [list(h) for h in self.hands],
            [list(m) for m in self.melds],
            list(self.took),
            list(self.gave),
            list(self.events),
            self.actor,
            self.drawn,
            self.last_discard,
            self.ending,
        )


@dataclass
class _Kyoku:
    """Rebuilds one kyoku: tile ids, then the order of events, then the results."""

    kyoku: Tenhou6Kyoku
    red: bool
    _free: dict[tuple[int, bool], list[int]] = field(default_factory=dict)
    _steps: int = 0  # draws read, over all readings tried
    draws: list[list[int | None]] = field(default_factory=list)  # the id of each drawn take
    dora: list[int] = field(default_factory=list)
    ura: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        for kind in range(34):
            ids = list(range(4 * kind, 4 * kind + 4))
            red_id = next((t for t in ids if t in RED_FIVE_IDS), None)
            if red_id is not None and self.red:
                ids.remove(red_id)
                self._free[(kind, True)] = [red_id]
            elif red_id is not None:  # without red fives that copy is a plain five; give it out last
                ids.remove(red_id)
                ids.append(red_id)
            self._free[(kind, False)] = ids

    def _new_tile(self, code: int) -> int:
        kind, red = _code_kind(code)
        if red and not self.red:
            raise Tenhou6Error(f"a red five ({code}) in a game without red fives")
        free = self._free[(kind, red)]
        if not free:
            raise Tenhou6Error(f"more copies of tile {code} than there are")
        return free.pop(0)

    def hand(self) -> TenhouHand:
        k = self.kyoku
        dora = [self._new_tile(c) for c in k.dora]
        ura = [self._new_tile(c) for c in k.ura]
        deal = tuple(tuple(self._new_tile(c) for c in tiles) for tiles in k.haipai)
        self.draws = [[self._new_tile(t) if isinstance(t, int) else None for t in takes] for takes in k.takes]
        self.dora, self.ura = dora, ura
        dealer = k.round % 4
        start = _State([list(h) for h in deal], [[] for _ in range(4)], [0] * 4, [0] * 4, [], dealer)
        try:
            state = self._run(start)
        except _Inconsistent as exc:
            raise Tenhou6Error(f"the takes and discards do not fit together ({exc})") from None
        events = self._with_dora(state.events)
        hand = TenhouHand(
            round=k.round,
            honba=k.honba,
            riichi_sticks=k.sticks,
            dice=(1, 1),  # not in the record
            dora_indicator=dora[0],
            dealer=dealer,
            scores=k.scores,
            hands=deal,
            events=events,
        )
        hand.results = self._results(state)
        return hand

    def _with_dora(self, events: list[TenhouEvent]) -> list[TenhouEvent]:
        """The kan dora (the JSON lists them with the first) after the kans, in order."""
        extra = list(self.dora[1:])
        out: list[TenhouEvent] = []
        for event in events:
            out.append(event)
            if isinstance(event, Call) and event.type in (CallType.ANKAN, CallType.KAKAN, CallType.DAIMINKAN) and extra:
                out.append(NewDora(extra.pop(0)))
        out += [NewDora(t) for t in extra]
        return out

    # -- the order of events --

    def _run(self, st: _State) -> _State:
        """Play the record forward from ``st`` (its actor about to draw) to the end of the kyoku."""
        k = self.kyoku
        while True:
            self._steps += 1
            if self._steps > MAX_READING_STEPS:
                raise Tenhou6Error("too many ways to read who called what")
            seat = st.actor
            if st.took[seat] >= len(k.takes[seat]):
                st.ending = "discard"
                return self._finish(st)
            if not isinstance(k.takes[seat][st.took[seat]], int):
                raise _Inconsistent(f"seat {seat} calls {k.takes[seat][st.took[seat]]!r} when it should draw")
            st.drawn = self._take_draw(st, seat)
            outcome = self._after_draw(st, seat)
            if outcome == "end":
                return self._finish(st)
            if outcome == "again":
                continue
            final = self._branch(st)
            if final is not None:
                return final

    def _branch(self, st: _State) -> _State | None:
        """After a discard: try each seat that may call it (pon and kan before chi) and read on.

        Returns the end state of the first reading that fits, or None when nobody
        called (``st`` is then at the next seat's draw).  The record does not say
        who passed, so a reading that fails later comes back here for the next.
        """
        assert st.last_discard is not None  # called right after a discard
        discarder = st.last_discard[0]
        for seat, text in self._callers(st):
            attempt = st.copy()
            try:
                self._call(attempt, seat, text)
                if text.letter == "m":
                    return self._run(attempt)  # the replacement draw comes next
                final = self._branch(attempt)
                return final if final is not None else self._run(attempt)
            except _Inconsistent:
                continue
        st.actor = (discarder + 1) % 4
        return None

    def _take_draw(self, st: _State, seat: int) -> int:
        tile = self.draws[seat][st.took[seat]]
        assert tile is not None  # a number in the takes, given an id above
        st.took[seat] += 1
        st.hands[seat].append(tile)
        st.events.append(Draw(seat, tile))
        return tile

    def _after_draw(self, st: _State, seat: int) -> str:
        """The actor's move after a draw: a discard, a riichi, or a closed/added kan (then draw again)."""
        k = self.kyoku
        if st.gave[seat] >= len(k.discards[seat]):
            st.ending = "take"
            return "end"
        item = k.discards[seat][st.gave[seat]]
        st.gave[seat] += 1
        if isinstance(item, str) and item[0] != "r":
            self._closed_or_added_kan(st, seat, _parse_call_text(item))
            if st.took[seat] >= len(k.takes[seat]):
                st.ending = "kan"  # robbed: the hand ends on the kan
                return "end"
            return "again"
        self._discard(st, seat, item)
        return "discarded"

    def _discard(self, st: _State, seat: int, item: int | str) -> None:
        riichi = isinstance(item, str)
        code = int(item[1:]) if isinstance(item, str) else item
        if code == TSUMOGIRI:
            if st.drawn is None:
                raise _Inconsistent(f"seat {seat} discards the drawn tile without drawing")
            tile = st.drawn
        elif code == KAN_PLACEHOLDER:
            raise _Inconsistent(f"seat {seat} has a kan's 0 where it discards")
        else:
            tile = self._held(st.hands[seat], code, seat, avoid=st.drawn)
        st.hands[seat].remove(tile)
        if riichi:
            st.events.append(Riichi(seat, 1))
        st.events.append(Discard(seat, tile, tile == st.drawn))
        if riichi:
            st.events.append(Riichi(seat, 2))
        st.drawn = None
        st.last_discard = (seat, tile)

    def _held(self, hand: list[int], code: int, seat: int, avoid: int | None = None) -> int:
        """A tile of ``code`` in ``hand`` (another than ``avoid`` if there is one)."""
        kind, red = _code_kind(code)
        matching = [t for t in hand if kind_of(t) == kind and (self.red and t in RED_FIVE_IDS) == red]
        if not matching:
            raise _Inconsistent(f"seat {seat} does not hold {code}")
        return next((t for t in matching if t != avoid), matching[0])

    def _closed_or_added_kan(self, st: _State, seat: int, text: _CallText) -> None:
        hand = st.hands[seat]
        kind = _code_kind(text.claimed)[0]
        if text.letter == "a":
            tiles = [t for t in hand if kind_of(t) == kind]
            if len(tiles) != 4:
                raise _Inconsistent(f"seat {seat} has no four of {text.claimed} for a closed kan")
            for t in tiles:
                hand.remove(t)
            call = Call(seat, CallType.ANKAN, tuple(sorted(tiles)))
            st.last_discard = (seat, tiles[0])  # only thirteen orphans may rob it
        else:
            pon = next((m for m in st.melds[seat] if m.type is CallType.PON and kind_of(m.tiles[0]) == kind), None)
            if pon is None:
                raise _Inconsistent(f"seat {seat} adds {text.claimed} to no pon")
            added = self._held(hand, text.claimed, seat)
            hand.remove(added)
            st.melds[seat].remove(pon)
            call = Call(seat, CallType.KAKAN, tuple(sorted((*pon.tiles, added))), pon.claimed, pon.from_seat, added)
            st.last_discard = (seat, added)
        st.melds[seat].append(call)
        st.events.append(call)
        st.drawn = None

    def _callers(self, st: _State) -> list[tuple[int, _CallText]]:
        """The seats whose next take is a call on the last discard, and who hold the rest of it."""
        assert st.last_discard is not None  # called right after a discard
        discarder, tile = st.last_discard
        code = tile_code(tile, red_fives=self.red)
        callers = []
        for offset in (1, 2, 3):
            seat = (discarder + offset) % 4
            takes = self.kyoku.takes[seat]
            if st.took[seat] >= len(takes) or not isinstance(takes[st.took[seat]], str):
                continue
            text = _parse_call_text(str(takes[st.took[seat]]))
            if text.claimed != code or (seat + _FROM[text.letter][text.place]) % 4 != discarder:
                continue
            if self._holds(st.hands[seat], text.own):
                callers.append((seat, text))
        return sorted(callers, key=lambda c: c[1].letter == "c")  # a pon or kan goes before a chi

    def _holds(self, hand: list[int], codes: Sequence[int]) -> bool:
        rest = list(hand)
        for c in codes:
            try:
                rest.remove(self._held(rest, c, -1))
            except _Inconsistent:
                return False
        return True

    def _call(self, st: _State, seat: int, text: _CallText) -> None:
        """``seat`` calls the last discard; after a chi or pon it discards at once."""
        assert st.last_discard is not None  # a call takes the last discard
        discarder, claimed = st.last_discard
        hand = st.hands[seat]
        own = []
        for c in text.own:
            t = self._held(hand, c, seat)
            hand.remove(t)
            own.append(t)
        call_type = _LETTER[text.letter]
        call = Call(seat, call_type, tuple(sorted((*own, claimed))), claimed, discarder)
        st.took[seat] += 1
        st.melds[seat].append(call)
        st.events.append(call)
        st.actor, st.drawn, st.last_discard = seat, None, None
        gave = self.kyoku.discards[seat]
        if call_type is CallType.DAIMINKAN:
            if st.gave[seat] >= len(gave) or gave[st.gave[seat]] != KAN_PLACEHOLDER:
                raise _Inconsistent(f"seat {seat}'s open kan has no 0 in its discards")
            st.gave[seat] += 1
            return
        if st.gave[seat] >= len(gave) or not isinstance(gave[st.gave[seat]], int):
            raise _Inconsistent(f"seat {seat} calls and then does not discard")
        item = gave[st.gave[seat]]
        st.gave[seat] += 1
        self._discard(st, seat, item)

    # -- checking the end against the result --

    def _finish(self, st: _State) -> _State:
        k = self.kyoku
        for seat in range(4):
            if st.took[seat] != len(k.takes[seat]) or st.gave[seat] != len(k.discards[seat]):
                raise _Inconsistent("the record ends for one seat before another")
        if k.result == WIN:
            for win in k.wins:
                tsumo = win.who == win.from_who
                if tsumo != (st.ending == "take") or (tsumo and win.who != st.actor):
                    raise _Inconsistent("the win does not fit the last move")
                if not tsumo and (st.last_discard is None or st.last_discard[0] != win.from_who):
                    raise _Inconsistent("the ron is not on the last discard")
        elif DRAW_NAMES[k.result] is DrawType.NINE_TERMINALS:
            if st.ending != "take":
                raise _Inconsistent("nine terminals is not called after a draw")
        elif st.ending != "discard":
            raise _Inconsistent(f"{k.result} does not end on a discard")
        return st

    def _results(self, st: _State) -> list[Agari | Ryuukyoku]:
        k = self.kyoku
        riichi = [e.seat for e in st.events if isinstance(e, Riichi) and e.step == 1]
        ronned = None
        if k.result == WIN and k.wins[0].who != k.wins[0].from_who and st.last_discard is not None:
            ronned = st.last_discard[0]
        last_riichi_ronned = bool(
            ronned is not None and riichi and isinstance(st.events[-1], Riichi) and st.events[-1].seat == ronned
        )
        if last_riichi_ronned:
            st.events.pop()  # the riichi was won on: its stick is never paid
            riichi.pop()
        scores = list(k.scores)
        for seat in riichi:
            scores[seat] -= 1000
        sticks = k.sticks + len(riichi)
        if k.result != WIN:
            draw_type = DRAW_NAMES[k.result]
            deltas = k.deltas or (0, 0, 0, 0)
            shown: dict[int, tuple[int, ...]] = {}
            tenpai_known = True
            if draw_type is DrawType.EXHAUSTIVE:
                seats = range(4) if k.result == ALL_TENPAI else [s for s in range(4) if deltas[s] > 0]
                if k.result == ALL_NOTEN:
                    seats = []
                shown = {s: tuple(st.hands[s]) for s in seats}
            elif draw_type is DrawType.NAGASHI_MANGAN:
                tenpai_known = False  # the JSON does not say who was ready
            elif draw_type is DrawType.NINE_TERMINALS:
                shown = {st.actor: tuple(st.hands[st.actor])}
            elif draw_type is DrawType.FOUR_RIICHI:
                shown = {s: tuple(st.hands[s]) for s in range(4)}
            return [
                Ryuukyoku(k.honba, sticks, tuple(scores), tuple(deltas), draw_type, shown, tenpai_known=tenpai_known)
            ]
        out: list[Agari | Ryuukyoku] = []
        for i, win in enumerate(k.wins):
            out.append(self._agari(st, win, first=i == 0, scores=tuple(scores), sticks=sticks))
            scores = [s + d for s, d in zip(scores, win.deltas)]
        return out

    def _agari(self, st: _State, win: Tenhou6Win, *, first: bool, scores: tuple[int, ...], sticks: int) -> Agari:
        k = self.kyoku
        tsumo = win.who == win.from_who
        if tsumo:
            win_tile = st.hands[win.who][-1]
            concealed = tuple(st.hands[win.who])
        else:
            assert st.last_discard is not None  # checked by _finish
            win_tile = st.last_discard[1]
            concealed = (*st.hands[win.who], win_tile)
        yaku, yakuman = [], []
        for text in win.yaku:
            yaku_id, yaku_han, count = _yaku_of_text(text)
            if count:
                yakuman += [yaku_id] * count
            else:
                yaku.append((yaku_id, yaku_han))
        m = _HEAD.fullmatch(win.value)
        assert m is not None  # checked when parsed
        fu, han, limit_text, first_pay, second_pay, all_pay = m.groups()
        points = int(first_pay)
        if second_pay:
            points = 2 * points + int(second_pay)
        elif all_pay:
            points *= 3
        limit = _LIMIT_BY_TEXT[limit_text] if limit_text else Limit.NONE
        if not limit_text and not (fu and han):
            raise Tenhou6Error(f"a win's value {win.value!r} names neither fu and han nor a limit")
        if han and not yakuman and int(han) != sum(h for _, h in yaku):
            raise Tenhou6Error(f"{win.value!r}: the yaku add up to {sum(h for _, h in yaku)} han")
        return Agari(
            k.honba if first else 0,
            sticks if first else 0,
            scores,
            win.deltas,
            who=win.who,
            from_who=win.from_who,
            concealed=concealed,
            melds=tuple(st.melds[win.who]),
            win_tile=win_tile,
            fu=int(fu) if fu and limit is Limit.NONE else 0,  # 0: not in the record
            points=points,
            limit=limit,
            yaku=tuple(yaku),
            yakuman=tuple(yakuman),
            dora_indicators=tuple(self.dora),
            ura_indicators=tuple(self.ura),
            pao_who=None if win.pao == win.who else win.pao,
        )
