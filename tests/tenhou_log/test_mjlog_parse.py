"""Parsing whole records: header, hands, events, results, inputs and errors."""

from __future__ import annotations

import gzip

import pytest

from jantaku.engine.rulesets.riichi.tenhou_log import (
    Agari,
    Call,
    Disconnect,
    Discard,
    Draw,
    DrawType,
    Limit,
    Lobby,
    MjlogError,
    NewDora,
    Reconnect,
    Riichi,
    Ryuukyoku,
    TenhouRules,
    dan_name,
    parse_mjlog,
)

from .records import DATA, MJLOG_NAMES, load_game

HEADER = (
    '<mjloggm ver="2.3"><GO type="169" lobby="0"/>'
    '<UN n0="A" n1="B" n2="C" n3="D" dan="1,2,3,4" rate="1500,1600,1700,1800" sx="M,F,M,C"/>'
    '<TAIKYOKU oya="0"/>'
)
INIT = (
    '<INIT seed="4,2,1,0,5,30" ten="250,240,260,250" oya="1" hai0="0,1,2,3,4,5,6,7,8,9,10,11,12" '
    'hai1="13,14,15,17,18,19,20,21,22,23,24,25,26" hai2="27,28,29,30,31,32,33,34,35,36,37,38,39" '
    'hai3="40,41,42,43,44,45,46,47,48,49,50,51,53"/>'
)


def record(body: str, header: str = HEADER) -> str:
    return f"{header}{body}</mjloggm>"


def test_every_record_parses(game):
    assert len(game.players) == 4
    assert game.rules == TenhouRules(169, game.rules.lobby_number)
    assert game.hands and all(h.hands and len(h.hands) == 4 for h in game.hands)


def test_the_fixture_set_is_complete():
    assert len(MJLOG_NAMES) == 35
    hands = [h for name in MJLOG_NAMES for h in load_game(name).hands]
    results = [r for h in hands for r in h.results]
    assert len(hands) == 350
    assert sum(isinstance(r, Agari) for r in results) == 288
    assert sum(isinstance(r, Ryuukyoku) for r in results) == 63


def test_complete_records_end_with_owari(game):
    if game.final_scores is None:
        pytest.skip("a truncated record (see test_truncated_records)")
    last = game.hands[-1].results[-1]
    left_on_table = last.riichi_sticks * 1000 if isinstance(last, Ryuukyoku) else 0
    top = max(range(4), key=lambda seat: game.final_scores[seat])
    expected = [score + (left_on_table if seat == top else 0) for seat, score in enumerate(last.scores_after)]
    assert list(game.final_scores) == expected  # sticks left at the end go to the winner
    assert len(game.final_points) == 4 and sum(game.final_points) == pytest.approx(0, abs=1.5)


def test_truncated_records():
    no_game_end = load_game("2011020401gm-00a9-0000-f6eff225-no-game-end.mjlog")
    no_round_end = load_game("2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog")
    full = load_game("2011020401gm-00a9-0000-f6eff225.mjlog")
    assert no_game_end.final_scores is None and no_game_end.hands[-1].is_complete
    assert no_round_end.final_scores is None and not no_round_end.hands[-1].is_complete
    assert no_round_end.hands[-1].events == full.hands[-1].events[: len(no_round_end.hands[-1].events)]
    assert full.final_scores == (20700, 13600, 33600, 32100)
    assert full.final_points == (-19.0, -36.0, 43.0, 12.0)


def test_header_is_decoded():
    game = parse_mjlog(record(INIT))
    assert game.rules.lobby is Lobby.PHOENIX and game.rules.lobby_number == 0
    assert [p.name for p in game.players] == ["A", "B", "C", "D"]
    assert [p.dan for p in game.players] == [1, 2, 3, 4]
    assert [p.rate for p in game.players] == [1500.0, 1600.0, 1700.0, 1800.0]
    assert [p.sex for p in game.players] == ["M", "F", "M", "C"]


def test_names_are_url_decoded():
    game = load_game("double-ron.mjlog")
    assert game.players[0].name == "タケオしゃん"
    assert game.players[1].dan == 16 and dan_name(game.players[1].dan) == "7 dan"
    assert game.players[1].rate == pytest.approx(2081.29)


@pytest.mark.parametrize(
    ("flags", "expected"),
    [
        (
            0x01,
            dict(
                vs_humans=True,
                red_fives=True,
                open_tanyao=True,
                east_south=False,
                fast=False,
                three_player=False,
                lobby=Lobby.GENERAL,
            ),
        ),
        (0x02 | 0x04, dict(vs_humans=False, red_fives=False, open_tanyao=False)),
        (0x08 | 0x80, dict(east_south=True, lobby=Lobby.UPPER)),
        (0x10 | 0x20 | 0x40, dict(three_player=True, lobby=Lobby.SPECIAL, fast=True)),
        (0xA9, dict(east_south=True, lobby=Lobby.PHOENIX, red_fives=True)),
    ],
)
def test_rule_bits(flags, expected):
    rules = TenhouRules(flags)
    assert {name: getattr(rules, name) for name in expected} == expected


def test_init_is_decoded():
    hand = parse_mjlog(record(INIT)).hands[0]
    assert (hand.round, hand.honba, hand.riichi_sticks) == (4, 2, 1)
    assert hand.name == "South 1, 2 honba" and hand.round_wind == 1
    assert hand.dice == (1, 6)
    assert hand.dora_indicator == 30 and hand.dealer == 1
    assert hand.scores == (25000, 24000, 26000, 25000)
    assert hand.hands[3] == (40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 53)
    assert hand.events == [] and hand.results == [] and not hand.is_complete


def test_events_in_order():
    body = INIT + (
        '<U60/><REACH who="1" step="1"/><E60/><REACH who="1" ten="250,230,260,250" step="2"/>'
        '<V61/><F27/><N who="0" m="10250"/><D0/><BYE who="2"/><UN n2="C"/>'
        '<V64/><N who="2" m="8192"/><DORA hai="70"/><V72/><f72/>'
    )
    events = parse_mjlog(record(body)).hands[0].events
    assert events == [
        Draw(1, 60),
        Riichi(1, 1),
        Discard(1, 60, tsumogiri=True),
        Riichi(1, 2, (25000, 23000, 26000, 25000)),
        Draw(2, 61),
        Discard(2, 27, tsumogiri=False),
        events[6],
        Discard(0, 0, tsumogiri=False),
        Disconnect(2),
        Reconnect(2),
        Draw(2, 64),
        events[11],
        NewDora(70),
        Draw(2, 72),
        Discard(2, 72, tsumogiri=True),
    ]
    assert isinstance(events[6], Call) and events[6].seat == 0 and events[6].code == 10250
    assert isinstance(events[11], Call) and events[11].tiles == (32, 33, 34, 35)


def test_lowercase_discard_is_tsumogiri_even_without_a_draw():
    events = parse_mjlog(record(INIT + "<e13/>")).hands[0].events
    assert events == [Discard(1, 13, tsumogiri=True)]


def test_a_discard_after_a_call_is_not_tsumogiri():
    body = INIT + '<U60/><E61/><N who="2" m="10250"/><F60/>'
    assert parse_mjlog(record(body)).hands[0].events[-1] == Discard(2, 60, tsumogiri=False)


def test_agari_is_decoded():
    hand = load_game("double-ron.mjlog").hands[0]
    (agari,) = hand.results
    assert (agari.who, agari.from_who, agari.is_tsumo) == (1, 1, True)
    assert agari.concealed == (27, 31, 33, 38, 42, 45, 56, 61, 65, 74, 75, 87, 88, 95)
    assert agari.win_tile == 38 and agari.melds == ()
    assert (agari.fu, agari.points, agari.limit) == (20, 12000, Limit.HANEMAN)
    assert agari.yaku == ((1, 1), (2, 1), (0, 1), (7, 1), (54, 1), (53, 1)) and agari.han == 6
    assert agari.dora_indicators == (102,) and agari.ura_indicators == (24,)
    assert (agari.honba, agari.riichi_sticks) == (0, 1)
    assert agari.scores_before == (25000, 24000, 25000, 25000)
    assert agari.deltas == (-6000, 13000, -3000, -3000)
    assert agari.pao_who is None


def test_double_ron():
    hand = load_game("double-ron.mjlog").hands[3]
    first, second = hand.results
    assert (first.who, second.who) == (0, 2) and first.from_who == second.from_who == 3
    assert (first.riichi_sticks, second.riichi_sticks) == (2, 0)
    assert second.scores_before == first.scores_after
    assert hand.deltas == (9700, 0, 8000, -15700)


def test_pao_and_yakuman():
    agari = load_game("pao-tsumo.mjlog").hands[-1].results[-1]
    assert agari.pao_who == 0 and agari.yakuman == (39,) and agari.yaku == ()
    assert agari.limit is Limit.YAKUMAN and agari.han == 13 and agari.is_tsumo
    assert agari.deltas == (-32000, 0, 32000, 0)  # the liable player pays the whole tsumo
    assert [m.type.value for m in agari.melds] == ["pon", "pon", "pon"]


def test_every_draw_type_of_the_fixtures():
    draws = [r for name in MJLOG_NAMES for h in load_game(name).hands for r in h.results if isinstance(r, Ryuukyoku)]
    assert {r.type for r in draws} == set(DrawType) - {DrawType.TRIPLE_RON}
    four_riichi = next(r for r in draws if r.type is DrawType.FOUR_RIICHI)
    assert sorted(four_riichi.shown_hands) == [0, 1, 2, 3]
    nagashi = next(r for r in draws if r.type is DrawType.NAGASHI_MANGAN)
    assert nagashi.deltas == (-2000, -2000, 8000, -4000) and sorted(nagashi.shown_hands) == [0, 3]
    nine = [r for r in draws if r.type is DrawType.NINE_TERMINALS]
    assert len(nine) == 5 and all(len(r.shown_hands) == 1 for r in nine)
    assert all(len(tiles) == 14 for r in nine for tiles in r.shown_hands.values())


def test_gzip_bytes_and_text_give_the_same_game():
    raw = (DATA / "pao-tsumo.mjlog").read_bytes()
    expected = parse_mjlog(raw)
    assert parse_mjlog(gzip.compress(raw)) == expected
    assert parse_mjlog(raw.decode("utf-8")) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not xml at all", "not XML"),
        ("<html></html>", "not <mjloggm>"),
        (record("<T12/>"), "before the first <INIT>"),
        (record('<INIT seed="1,2" ten="250,250,250,250" oya="0"/>'), "<INIT"),
        (record(INIT + '<N who="1"/>'), '<N who="1"'),
        (record(INIT + '<AGARI who="1"/>'), "<AGARI"),
        (record(INIT + '<RYUUKYOKU type="bogus" ba="0,0" sc="250,0,250,0,250,0,250,0"/>'), "bogus"),
    ],
)
def test_malformed_records_raise_mjlog_error(text, message):
    with pytest.raises(MjlogError, match=message):
        parse_mjlog(text)


def test_unknown_elements_are_ignored():
    assert parse_mjlog(record(INIT + "<SOMETHINGNEW x='1'/><T52/>")).hands[0].events == [Draw(0, 52)]


def test_module_doctests():
    import doctest

    from jantaku.engine.rulesets.riichi import tenhou_import, tenhou_log

    assert doctest.testmod(tenhou_log).failed == 0
    assert doctest.testmod(tenhou_import).failed == 0
