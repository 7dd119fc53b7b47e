"""tenhou.net/6 JSON: the 35 Tenhou games written as tenhou6, read back, and our matches round-tripped.

The oracle for the writer is Tenhou's own JSON of 31 of the games (tests/data/mjlog/mjscore):
every kyoku we write from the mjlog must equal it entry by entry.  The reader must rebuild
each game so that our engine replays it to Tenhou's results, and an exported match of ours
must re-import to the same decisions and payments.
"""

from __future__ import annotations

import json

import pytest

from jantaku.engine.match import Match
from jantaku.engine.rulesets.riichi.tenhou6 import (
    Tenhou6Error,
    call_text,
    from_game,
    looks_like_tenhou6,
    parse_tenhou6,
    tile_code,
    to_game,
    value_text,
)
from jantaku.engine.rulesets.riichi.tenhou_import import check_game, check_tenhou6, replay_tenhou6
from jantaku.engine.rulesets.riichi.tenhou_log import (
    Agari,
    Call,
    CallType,
    Discard,
    Draw,
    Limit,
    Ryuukyoku,
    TenhouHand,
)
from jantaku.engine.rulesets.riichi.tenhou_match import tenhou6_of_record
from jantaku.engine.tiles import RED_FIVE_IDS, kind_of

from .records import DATA, MJLOG_NAMES, SCORED_STEMS, load_game, load_mjscore
from .seeded import seeded_match

# --- tiles, calls and values, one by one -------------------------------------------------------


def test_tile_codes():
    assert [tile_code(t, red_fives=True) for t in (0, 35, 36, 71, 72, 107)] == [11, 19, 21, 29, 31, 39]
    assert [tile_code(4 * k, red_fives=True) for k in range(27, 34)] == [41, 42, 43, 44, 45, 46, 47]
    assert [tile_code(t, red_fives=True) for t in sorted(RED_FIVE_IDS)] == [51, 52, 53]
    assert [tile_code(t, red_fives=False) for t in sorted(RED_FIVE_IDS)] == [15, 25, 35]


@pytest.mark.parametrize(
    ("call", "text"),
    [
        (Call(1, CallType.CHI, (20, 24, 28), 24, 0), "c171618"),  # 7m claimed, 6m 8m own
        (Call(0, CallType.PON, (120, 121, 122), 120, 3), "p444444"),  # from the left
        (Call(0, CallType.PON, (120, 121, 122), 120, 2), "44p4444"),  # across
        (Call(0, CallType.PON, (120, 121, 122), 120, 1), "4444p44"),  # from the right
        (Call(2, CallType.PON, (52, 53, 54), 53, 0), "25p2552"),  # a red five in hand goes last
        (Call(0, CallType.DAIMINKAN, (104, 105, 106, 107), 104, 3), "m39393939"),
        (Call(0, CallType.DAIMINKAN, (56, 57, 58, 59), 56, 2), "26m262626"),
        (Call(0, CallType.DAIMINKAN, (56, 57, 58, 59), 56, 1), "262626m26"),
        (Call(0, CallType.KAKAN, (60, 61, 62, 63), 60, 2, added=63), "27k272727"),
        (Call(0, CallType.ANKAN, (16, 17, 18, 19)), "151515a51"),
    ],
)
def test_call_strings(call, text):
    assert call_text(call, red_fives=True) == text


@pytest.mark.parametrize(
    ("agari", "dealer", "text"),
    [
        (Agari(0, 0, (), (), who=2, from_who=1, fu=30, points=3900, yaku=((8, 1), (54, 2))), 0, "30符3飜3900点"),
        (Agari(0, 0, (), (), who=2, from_who=2, fu=30, points=1100, yaku=((0, 1),)), 0, "30符1飜300-500点"),
        (Agari(0, 0, (), (), who=0, from_who=0, fu=40, points=7800, yaku=((0, 1), (1, 2))), 0, "40符3飜2600点∀"),
        (Agari(0, 0, (), (), who=2, from_who=1, points=8000, limit=Limit.MANGAN), 0, "満貫8000点"),
        (Agari(0, 0, (), (), who=3, from_who=3, points=8000, limit=Limit.MANGAN), 0, "満貫2000-4000点"),
        (Agari(0, 0, (), (), who=1, from_who=1, points=12000, limit=Limit.MANGAN), 1, "満貫4000点∀"),
        (Agari(0, 0, (), (), who=1, from_who=2, points=32000, limit=Limit.YAKUMAN), 0, "役満32000点"),
    ],
)
def test_value_strings(agari, dealer, text):
    assert value_text(agari, dealer) == text


# --- the 35 Tenhou games -----------------------------------------------------------------------


@pytest.mark.parametrize("stem", SCORED_STEMS)
def test_each_game_written_as_tenhou6_equals_tenhous_own_json_kyoku_by_kyoku(stem):
    written = from_game(load_game(f"{stem}.mjlog")).to_json()
    theirs = load_mjscore(stem)
    assert len(written["log"]) == len(theirs)
    for number, (ours, tenhou) in enumerate(zip(written["log"], theirs), 1):
        assert ours == tenhou, f"kyoku {number}"
    assert written["name"] and written["rule"]["disp"] == "鳳南喰赤" and written["rule"]["aka"] == 1


def _kinds(tiles) -> list[tuple[int, bool]]:
    return [(kind_of(t), t in RED_FIVE_IDS) for t in tiles]


def _event_kinds(hand: TenhouHand) -> list[tuple]:
    """The hand's draws, discards and calls with tiles as (kind, red): ids are not in the JSON."""
    out: list[tuple] = []
    for e in hand.events:
        if isinstance(e, Draw):
            out.append(("draw", e.seat, _kinds([e.tile])))
        elif isinstance(e, Discard):
            out.append(("discard", e.seat, _kinds([e.tile]), e.tsumogiri))
        elif isinstance(e, Call):
            out.append((e.type, e.seat, sorted(_kinds(e.tiles)), e.from_seat))
    return out


def _result_summary(hand: TenhouHand) -> list[tuple]:
    out: list[tuple] = []
    for r in hand.results:
        if isinstance(r, Agari):
            out.append((r.who, r.from_who, r.points, r.limit, r.han, r.pao_who, r.deltas))
        else:
            assert isinstance(r, Ryuukyoku)
            out.append((r.type, r.deltas))
    return out


@pytest.mark.parametrize("name", MJLOG_NAMES)
def test_each_game_read_back_from_tenhou6_has_the_mjlogs_hands_event_by_event(name):
    """All 35, the double ron, the pao and the truncated copies among them (complete hands only)."""
    game = load_game(name)
    again = to_game(parse_tenhou6(from_game(game).dumps()))
    complete = [h for h in game.hands if h.is_complete]
    assert len(again.hands) == len(complete)
    for original, read in zip(complete, again.hands):
        assert (read.round, read.honba, read.riichi_sticks, read.dealer, read.scores) == (
            original.round,
            original.honba,
            original.riichi_sticks,
            original.dealer,
            original.scores,
        )
        assert [sorted(_kinds(h)) for h in read.hands] == [sorted(_kinds(h)) for h in original.hands]
        assert _event_kinds(read) == _event_kinds(original), original.name
        assert _result_summary(read) == _result_summary(original), original.name


def test_the_double_ron_and_the_pao_are_written_as_tenhou_does():
    double = from_game(load_game("double-ron.mjlog")).to_json()["log"]
    results = [k[-1] for k in double if k[-1][0] == "和了" and len(k[-1]) == 5]
    assert results, "a kyoku with two winners: deltas and details twice"
    pao = from_game(load_game("pao-tsumo.mjlog")).to_json()["log"]
    liable = [d for k in pao if k[-1][0] == "和了" for d in k[-1][2::2] if d[2] != d[0]]
    assert len(liable) == 1 and any("(役満)" in y for y in liable[0][4:])


@pytest.mark.parametrize("stem", SCORED_STEMS)
def test_tenhous_own_json_imports_and_replays_to_tenhous_results(stem):
    text = (DATA / "mjscore" / f"{stem}.json").read_text(encoding="utf-8")  # one kyoku per line, as mjx keeps it
    report = check_tenhou6(text)
    assert report.ok, "\n".join(report.lines())
    assert report.match is not None and len(report.match.results) == len(load_mjscore(stem))


# our engine's replay of a game, exported: Tenhou's JSON again (yaku in our order); these two have a win
# on an open kan's replacement tile, which shows no kan dora at Tenhou, nor at our table
KAN_DORA_ON_RINSHAN = ("2020052221gm-00a9-0000-6f0524c7", "2020052700gm-00a9-0000-75a4695c")


def _replayed_and_exported(stem: str) -> list:
    report = check_game(load_game(f"{stem}.mjlog"))
    assert report.ok and report.match is not None
    return tenhou6_of_record(report.match.record()).to_json()["log"]


def _sorted_yaku(kyoku: list) -> list:
    result = kyoku[-1]
    if result[0] == "和了":
        result = [result[0]] + [x[:4] + sorted(x[4:]) if i % 2 == 0 else x for i, x in enumerate(result[1:], 1)]
    return kyoku[:-1] + [result]


def _assert_replay_exports_tenhous_json(stem: str) -> None:
    ours = [_sorted_yaku(k) for k in _replayed_and_exported(stem)]
    theirs = [_sorted_yaku(k) for k in load_mjscore(stem)]
    assert ours == theirs


@pytest.mark.parametrize("stem", [*SCORED_STEMS[:3], *KAN_DORA_ON_RINSHAN])
def test_our_replay_of_a_game_exports_as_tenhous_own_json(stem):
    _assert_replay_exports_tenhous_json(stem)


@pytest.mark.parametrize("name", ["pao-tsumo", "double-ron"])
def test_our_replay_of_the_pao_and_the_double_ron_exports_as_the_mjlog_reads(name):
    """Our engine's liable seat and second winner, written as Tenhou writes its own."""
    ours = [_sorted_yaku(k) for k in _replayed_and_exported(name)]
    theirs = [_sorted_yaku(k) for k in from_game(load_game(f"{name}.mjlog")).to_json()["log"]]
    assert ours == theirs


@pytest.mark.slow
def test_our_replay_of_every_game_exports_as_tenhous_own_json():
    for stem in SCORED_STEMS:
        _assert_replay_exports_tenhous_json(stem)


def test_the_mjlog_and_its_tenhou6_replay_to_the_same_match():
    name = "2011020417gm-00a9-0000-b67fcaa3.mjlog"
    from_mjlog = check_game(load_game(name))
    from_json = check_tenhou6(from_game(load_game(name)).dumps())
    assert from_mjlog.ok and from_json.ok and from_json.final_compared
    assert _payments(from_json.match) == _payments(from_mjlog.match)
    assert _decisions(from_json.match) == _decisions(from_mjlog.match)


# --- our matches: export, import, the same match ------------------------------------------------


CALLS = ("chi", "pon", "kan")
CLAIMS = (*CALLS, "ron")


def _decisions(match: Match | None) -> list[tuple]:
    """Every decision that changed the game, tiles as (kind, red).

    Left out: the passes and the between-hands 'continue' (the JSON implies those), and
    a call that lost to a higher one on the same discard (a chi under a pon or a ron: it
    never happened, so no record of the game has it).  The answers to one discard are in
    no order (who answered first), so they are sorted by seat.
    """
    assert match is not None
    made = [
        (seat, wire[0], _kinds([wire[1]] if wire[1] is not None else []), sorted(_kinds(wire[2])))
        for seat, wire in match.record().decisions
        if wire[0] not in ("pass", "continue")
    ]
    kept: list[tuple] = []
    i = 0
    while i < len(made):
        if made[i][1] not in CLAIMS:
            kept.append(made[i])
            i += 1
            continue
        end = i
        while end < len(made) and made[end][1] in CLAIMS:
            end += 1
        answers = made[i:end]
        rons = [d for d in answers if d[1] == "ron"]
        following = made[end] if end < len(made) else None
        # without a ron, the call that happened is the one whose caller plays on
        kept += sorted(rons or [d for d in answers if following is not None and d[0] == following[0]])
        i = end
    return kept


def _payments(match: Match | None) -> list:
    assert match is not None
    return [
        (r.kind, r.reason, list(r.deltas), [(w.seat, w.discarder, dict(w.payments)) for w in r.wins])
        for r in match.results
    ] + [list(match.scores), match.standings]


def assert_round_trip(seed: int, game_length: str = "east", *, compare_hands: bool = True) -> None:
    """Export a seeded match, import it (``compare_hands``: as ``jantaku import --check`` does, each
    hand also replayed alone and compared; else the whole-match replay only) and compare."""
    original = seeded_match(seed, game_length=game_length)
    text = tenhou6_of_record(original.record(), ["A", "B", "C", "D"]).dumps()
    assert looks_like_tenhou6(text)
    if compare_hands:
        report = check_tenhou6(text)
        assert report.ok, f"seed {seed}:\n" + "\n".join(report.lines())
        imported = report.match
    else:
        imported = replay_tenhou6(text)
    assert imported is not None and imported.is_over
    assert _decisions(imported) == _decisions(original), f"seed {seed}"
    assert _payments(imported) == _payments(original), f"seed {seed}"


@pytest.mark.parametrize("seed", range(8))
def test_a_seeded_match_exported_and_imported_is_the_same_match(seed):
    assert_round_trip(seed)


def test_an_east_south_match_round_trips_with_its_final_result():
    assert_round_trip(1000, "east_south")


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(10))
def test_200_seeded_matches_round_trip(chunk):
    for seed in range(20 * chunk, 20 * chunk + 20):
        assert_round_trip(seed, compare_hands=seed % 10 == 0)


def test_the_rules_we_played_travel_with_the_record():
    match = seeded_match(3, game_length="east", preset="majsoul")
    data = tenhou6_of_record(match.record()).to_json()
    assert data["jantaku"] == {"ruleset": "riichi", "preset": "majsoul", "options": {"game_length": "east"}}
    assert data["rule"]["disp"] == "般東喰赤"
    report = check_tenhou6(json.dumps(data))
    assert report.ok and _payments(report.match) == _payments(match)


# --- malformed records: one clear line each ------------------------------------------------------

GOOD = from_game(load_game("double-ron.mjlog")).to_json()


def _broken(change) -> str:
    data = json.loads(json.dumps(GOOD))
    change(data)
    return json.dumps(data, ensure_ascii=False)


BROKEN = {
    "not json": "{",
    "a list": "[1, 2]",
    "no log": json.dumps({"name": ["a", "b", "c", "d"]}),
    "three names": _broken(lambda d: d.update(name=["a", "b", "c"])),
    "short kyoku": _broken(lambda d: d["log"][0].pop()),
    "bad tile": _broken(lambda d: d["log"][0][5].__setitem__(0, 99)),
    "bad call": _broken(lambda d: d["log"][0][5].__setitem__(0, "x1234")),
    "call in the discards": _broken(lambda d: d["log"][0][6].__setitem__(0, "p111111")),
    "a missing discard": _broken(lambda d: d["log"][0][6].pop(0)),
    "a swapped discard": _broken(lambda d: d["log"][0][6].__setitem__(1, 47 if d["log"][0][6][1] != 47 else 46)),
    "unknown result": _broken(lambda d: d["log"][0][16].__setitem__(0, "勝ち")),
    "bad value": _broken(lambda d: d["log"][0][16][2].__setitem__(3, "lots")),
    "unknown yaku": _broken(lambda d: d["log"][0][16][2].append("幸運(1飜)")),
    "bad seat": _broken(lambda d: d["log"][0][16][2].__setitem__(0, 7)),
    "bad sc": _broken(lambda d: d.update(sc=[1, 2])),
    "five of a tile": _broken(lambda d: d["log"][0][4].__setitem__(slice(0, 5), [11, 11, 11, 11, 11])),
    "bad rules": _broken(lambda d: d.update(jantaku={"ruleset": "riichi", "preset": "nope", "options": {}})),
}


@pytest.mark.parametrize("text", BROKEN.values(), ids=BROKEN.keys())
def test_a_malformed_record_is_one_clear_error(text):
    with pytest.raises(Tenhou6Error) as caught:
        parse_and_check(text)
    message = str(caught.value)
    assert message and "\n" not in message


def parse_and_check(text: str):
    return check_tenhou6(text)


def test_the_unbroken_record_is_fine():
    assert check_tenhou6(json.dumps(GOOD, ensure_ascii=False)).ok
