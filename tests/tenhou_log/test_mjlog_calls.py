"""The ``<N m=...>`` meld bitfield: hand-encoded examples, round trips, real codes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jantaku.engine.melds import Meld, MeldType
from jantaku.engine.rulesets.riichi.tenhou_log import Call, CallType, decode_call, encode_call

from .records import MJLOG_NAMES, load_game

CHI, PON, KAKAN, NUKI = 0x04, 0x08, 0x10, 0x20

# Each code is assembled here from the bitfield spec (see decode_call's docstring).
HAND_ENCODED = [
    pytest.param(  # seat 1 chis 2m (id 4) from seat 0, holding 1m (id 1) and 3m (id 10)
        (0 * 3 + 1) << 10 | 1 << 3 | 0 << 5 | 2 << 7 | CHI | 3,
        1,
        Call(1, CallType.CHI, (1, 4, 10), claimed=4, from_seat=0),
        id="chi-1m2m3m",
    ),
    pytest.param(  # seat 0 chis 9s (id 106) with 7s (96) and 8s (101): run 20 = sou from 7
        (20 * 3 + 2) << 10 | 0 << 3 | 1 << 5 | 2 << 7 | CHI | 3,
        0,
        Call(0, CallType.CHI, (96, 101, 106), claimed=106, from_seat=3),
        id="chi-7s8s9s",
    ),
    pytest.param(  # seat 3 pons East (kind 27) on id 109 from seat 1; copy 110 stays out
        (27 * 3 + 1) << 9 | 2 << 5 | PON | 2,
        3,
        Call(3, CallType.PON, (108, 109, 111), claimed=109, from_seat=1),
        id="pon-east",
    ),
    pytest.param(  # seat 2 adds the red 5p (id 52) to its pon of 53 54 55 (54 taken from seat 1)
        (13 * 3 + 1) << 9 | 0 << 5 | KAKAN | 3,
        2,
        Call(2, CallType.KAKAN, (52, 53, 54, 55), claimed=54, from_seat=1, added=52),
        id="kakan-5p",
    ),
    pytest.param(  # seat 0 kans Red dragon id 133 discarded by seat 2
        133 << 8 | 2, 0, Call(0, CallType.DAIMINKAN, (132, 133, 134, 135), claimed=133, from_seat=2), id="daiminkan"
    ),
    pytest.param(  # seat 3 declares a concealed kan of 9m (kind 8)
        32 << 8, 3, Call(3, CallType.ANKAN, (32, 33, 34, 35)), id="ankan-9m"
    ),
    pytest.param(  # the same ankan, Tenhou naming another copy: the same meld
        34 << 8, 3, Call(3, CallType.ANKAN, (32, 33, 34, 35)), id="ankan-other-copy"
    ),
    pytest.param(  # three-player: seat 1 sets a North (id 121) aside
        121 << 8 | NUKI, 1, Call(1, CallType.NUKIDORA, (121,)), id="nukidora"
    ),
]


@pytest.mark.parametrize(("code", "seat", "expected"), HAND_ENCODED)
def test_decode_hand_encoded_examples(code, seat, expected):
    call = decode_call(code, seat)
    assert call == Call(
        expected.seat, expected.type, expected.tiles, expected.claimed, expected.from_seat, expected.added, code=code
    )


def test_decode_reads_a_real_ankan_code():
    # 2019060813gm: the daisangen winner's concealed kan of Green, m="32768"
    assert decode_call(32768, 1).type is CallType.ANKAN
    assert decode_call(32768, 1).tiles == (128, 129, 130, 131)


@pytest.mark.parametrize(("code", "seat", "expected"), [p for p in HAND_ENCODED if p.id != "ankan-other-copy"])
def test_encode_reproduces_hand_encoded_examples(code, seat, expected):
    assert encode_call(expected) == code


def _calls():
    seat = st.integers(0, 3)
    relative = st.integers(1, 3)
    chi = st.builds(
        lambda seat, suit, start, copies, called: _chi(seat, 9 * suit + start, copies, called),
        seat,
        st.integers(0, 2),
        st.integers(0, 6),
        st.lists(st.integers(0, 3), min_size=3, max_size=3),
        st.integers(0, 2),
    )
    pon_or_kakan = st.builds(
        _pon_or_kakan, seat, relative, st.integers(0, 33), st.integers(0, 3), st.integers(0, 2), st.booleans()
    )
    daiminkan = st.builds(
        lambda seat, rel, tile: Call(seat, CallType.DAIMINKAN, _kind_tiles(tile // 4), tile, (seat + rel) % 4),
        seat,
        relative,
        st.integers(0, 135),
    )
    ankan = st.builds(lambda seat, kind: Call(seat, CallType.ANKAN, _kind_tiles(kind)), seat, st.integers(0, 33))
    nuki = st.builds(lambda seat, tile: Call(seat, CallType.NUKIDORA, (tile,)), seat, st.integers(120, 123))
    return st.one_of(chi, pon_or_kakan, daiminkan, ankan, nuki)


def _kind_tiles(kind):
    return tuple(range(4 * kind, 4 * kind + 4))


def _chi(seat, kind, copies, called):
    tiles = tuple(4 * (kind + i) + c for i, c in enumerate(copies))
    return Call(seat, CallType.CHI, tiles, tiles[called], (seat + 3) % 4)


def _pon_or_kakan(seat, relative, kind, unused_copy, called, kakan):
    unused = 4 * kind + unused_copy
    pon = tuple(t for t in _kind_tiles(kind) if t != unused)
    if kakan:
        return Call(seat, CallType.KAKAN, _kind_tiles(kind), pon[called], (seat + relative) % 4, unused)
    return Call(seat, CallType.PON, pon, pon[called], (seat + relative) % 4)


@given(_calls())
def test_encode_then_decode_is_identity(call):
    code = encode_call(call)
    assert decode_call(code, call.seat) == Call(
        call.seat, call.type, call.tiles, call.claimed, call.from_seat, call.added, code
    )


def _fixture_calls():
    for name in MJLOG_NAMES:
        for hand in load_game(name).hands:
            yield from (e for e in hand.events if isinstance(e, Call))


def test_every_real_code_reencodes_bit_for_bit():
    calls = list(_fixture_calls())
    assert len(calls) == 707
    assert {c.type for c in calls} == set(CallType) - {CallType.NUKIDORA}  # four-player games
    assert [c.code for c in calls if encode_call(c) != c.code and c.type is not CallType.ANKAN] == []


def test_real_chis_come_from_the_previous_seat():
    chis = [c for c in _fixture_calls() if c.type is CallType.CHI]
    assert chis and all(c.from_seat == (c.seat + 3) % 4 for c in chis)


def test_to_meld_gives_the_engine_meld():
    kakan = decode_call((13 * 3 + 1) << 9 | KAKAN | 3, 2)
    assert kakan.to_meld() == Meld(MeldType.KAKAN, (52, 53, 54, 55), 54, 1, 52)
    assert decode_call(32 << 8, 0).to_meld().type is MeldType.ANKAN
    assert decode_call(133 << 8 | 2, 0).to_meld().type is MeldType.KAN
    with pytest.raises(ValueError, match="nukidora"):
        decode_call(121 << 8 | NUKI, 1).to_meld()
