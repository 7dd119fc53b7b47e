"""The Tenhou yaku id table, checked against the `mahjong` package's own id mapping.

(Its Japanese names are checked against Tenhou's JSON in test_mjlog_vs_mjscore.)
"""

from __future__ import annotations

import inspect
import re

import pytest

from jantaku.engine.rulesets.riichi.tenhou_log import YAKU, yaku_name

yaku_config = pytest.importorskip("mahjong.hand_calculating.yaku_config")
yaku_list = pytest.importorskip("mahjong.hand_calculating.yaku_list")
yakuman_list = pytest.importorskip("mahjong.hand_calculating.yaku_list.yakuman")
Yaku = pytest.importorskip("mahjong.hand_calculating.yaku").Yaku

# the same yaku under the two projects' spellings (ours first)
SPELLINGS = {
    "iipeikou": "iipeiko",
    "chanta": "chantai",
    "junseichuurenpoutou": "daburuchuurenpoutou",
    "kokushimusou13wait": "kokushimusoujuusanmenmatchi",
    "haku": "yakuhaihaku",
    "hatsu": "yakuhaihatsu",
    "chun": "yakuhaichun",
    "doubleriichi": "dabururiichi",
}


def normalized(name: str) -> str:
    name = re.sub(r"[^a-z0-9]", "", name.lower())
    name = re.sub(r"^(seat|round)wind(\w+)$", r"yakuhai\1wind\2", name)
    return SPELLINGS.get(name, name)


def library_names_by_tenhou_id() -> dict[int, str]:
    by_library_id = {}
    for module in (yaku_list, yakuman_list):
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, Yaku) and cls is not Yaku:
                yaku = cls()
                by_library_id[yaku.yaku_id] = yaku.name
    return {tenhou_id: by_library_id[library_id] for library_id, tenhou_id in yaku_config.YAKU_ID_TO_TENHOU_ID.items()}


def test_the_table_has_ids_0_to_54():
    assert len(YAKU) == 55
    assert len({y.english for y in YAKU}) == 55 and len({y.japanese for y in YAKU}) == 55


def test_every_id_names_the_yaku_the_mahjong_package_gives_it():
    library = library_names_by_tenhou_id()
    assert sorted(library) == list(range(55))
    mismatches = {
        i: (YAKU[i].english, library[i]) for i in range(55) if normalized(YAKU[i].english) != normalized(library[i])
    }
    assert mismatches == {}


def test_yaku_name():
    assert [yaku_name(i) for i in (0, 1, 2, 52, 53, 54)] == [
        "Menzen tsumo",
        "Riichi",
        "Ippatsu",
        "Dora",
        "Ura dora",
        "Aka dora",
    ]
    with pytest.raises(IndexError):
        yaku_name(55)
