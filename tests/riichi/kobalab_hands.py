"""Read kobalab/majiang-core's hand notation into our tiles, melds and win context.

kobalab writes a hand as ``m345p40677s67s8,m34-0``: the concealed tiles (each
suit letter followed by its digits, ``0`` = red five), then one meld per
comma.  A mark ``-``/``=``/``+`` follows the claimed tile and says whom it
came from (left, opposite, right); a kan with the mark inside (``z111=1``) is
an added kan, four tiles without a mark a concealed kan.  Without ``rongpai``
the hand was won by self-draw and its last concealed tile is the drawn one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from jantaku.engine.melds import Meld, MeldType, make_meld
from jantaku.engine.rulesets.riichi import RiichiWinContext
from jantaku.engine.tiles import make_kind, parse_tiles

# how far round the table the mark's player sits from the winner
FROM_OFFSET = {"-": 3, "=": 2, "+": 1}


@dataclass
class KobalabHand:
    concealed: list[int]
    melds: list[Meld]
    win: int
    context: RiichiWinContext


def tile_texts(part: str) -> list[str]:
    """``'m34-0'`` → ``['3m', '4m', '0m']`` (marks dropped)."""
    out, suit = [], None
    for ch in part:
        if ch in "mpsz":
            suit = ch
        elif ch.isdigit():
            out.append(f"{ch}{suit}")
    return out


def _meld(part: str, taken: set[int], seat: int) -> Meld:
    texts = tile_texts(part)
    tiles = [parse_tiles(t, taken)[0] for t in texts]
    mark = re.search(r"[-=+]", part)
    from_seat = (seat + FROM_OFFSET[mark.group()]) % 4 if mark else None
    if len(tiles) == 3:
        numbers = {t[0].replace("0", "5") for t in texts}
        kind = MeldType.CHI if len(numbers) == 3 else MeldType.PON
    elif not mark:
        kind = MeldType.ANKAN
    elif mark.end() == len(part):
        kind = MeldType.KAN
    else:
        kind = MeldType.KAKAN
    return make_meld(kind, tiles, from_seat=from_seat, claimed=None if kind is MeldType.ANKAN else tiles[-1])


def _indicator(text: str) -> int:
    """An indicator's id; its copy does not matter, so no copy bookkeeping."""
    suit, digit = text[0], int(text[1])
    return 4 * make_kind(digit or 5, suit)


def read_case(case: dict) -> KobalabHand:
    given = case["in"]
    param = given["param"]
    seat = param["menfeng"]
    parts = given["shoupai"].split(",")
    taken: set[int] = set()
    concealed_texts = tile_texts(parts[0].replace("*", ""))
    rongpai = given.get("rongpai")
    if rongpai:
        concealed_texts.append(f"{rongpai[1]}{rongpai[0]}")
    melds = [_meld(p, taken, seat) for p in parts[1:] if p]
    concealed = [parse_tiles(t, taken)[0] for t in concealed_texts]
    hupai = param["hupai"]
    context = RiichiWinContext(
        seat_wind=seat,
        round_wind=param["zhuangfeng"],
        self_drawn=not rongpai,
        discarder=(seat + FROM_OFFSET[rongpai[2]]) % 4 if rongpai else None,
        riichi=hupai.get("lizhi") == 1,
        double_riichi=hupai.get("lizhi") == 2,
        ippatsu=bool(hupai.get("yifa")),
        last_tile=bool(hupai.get("haidi")),
        rinshan=bool(hupai.get("lingshang")),
        chankan=bool(hupai.get("qianggang")),
        first_turn=bool(hupai.get("tianhu")),
        dora_indicators=tuple(_indicator(t) for t in param["baopai"]),
        ura_indicators=tuple(_indicator(t) for t in param["fubaopai"] or ()),
        honba=param["jicun"]["changbang"],
        sticks=param["jicun"]["lizhibang"],
    )
    return KobalabHand(concealed, melds, concealed[-1], context)
