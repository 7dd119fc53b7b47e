import pytest
from hypothesis import given, strategies as st

from jantaku.engine.melds import MeldType, format_hand, parse_hand
from jantaku.engine.tiles import (
    NotationError,
    dora_after,
    format_kinds,
    format_tiles,
    kind_of,
    kind_name,
    parse_kinds,
    parse_tiles,
)


def test_kinds_and_ids():
    assert parse_kinds("19m19p19s1234567z") == [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
    assert [kind_of(t) for t in parse_tiles("1f4f1y4y")] == [34, 37, 38, 41]
    assert parse_tiles("1f4y") == [136, 143]
    assert kind_name(31) == "White" and kind_name(9) == "1 Circles"


def test_red_five_is_copy_zero_and_plain_fives_avoid_it():
    assert parse_tiles("0m") == [16]
    assert parse_tiles("555m") == [17, 18, 19]
    assert parse_tiles("5555m") == [17, 18, 19, 16]
    assert format_tiles(parse_tiles("505m")) == "505m"
    assert format_tiles(parse_tiles("0m"), red_fives=False) == "5m"


def test_dora_order_wraps_within_groups():
    assert [dora_after(k) for k in parse_kinds("9m1p9s4z7z3z")] == parse_kinds("1m2p1s1z5z4z")


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("1x", "unexpected character 'x' at position 1"),
        ("m", "suit letter 'm' at position 0 has no digits"),
        ("12", "digits at the end have no suit letter"),
        ("8z", "there is no 8z"),
        ("0z", "needs suit m, p or s"),
        ("11111m", "more than 4 copies of 1m"),
        ("00m", "two red fives"),
        ("11f", "more than 1 copy of 1f"),
    ],
)
def test_malformed_notation_says_where_and_why(text, fragment):
    with pytest.raises(NotationError, match=None) as info:
        parse_tiles(text)
    assert fragment in str(info.value)


suit_tiles = st.lists(st.integers(0, 135), unique=True, max_size=20)


@given(suit_tiles)
def test_notation_round_trips_physical_tiles(tiles):
    # with red fives on, a five's copy 0 prints as 0; parse gives the same ids back
    # provided plain fives are numbered the way the parser hands them out
    text = format_tiles(tiles)
    again = parse_tiles(text)
    assert format_tiles(again) == text
    assert [kind_of(t) for t in again] == [kind_of(t) for t in tiles]
    assert [t in (16, 52, 88) for t in again] == [t in (16, 52, 88) for t in tiles]


@given(st.lists(st.integers(0, 41), max_size=20))
def test_notation_round_trips_kinds(kinds):
    assert parse_kinds(format_kinds(kinds)) == kinds


def test_hand_notation_round_trips_with_melds_and_bonus():
    text = "123m456p78s11z chi:345m pon:555z kan:1111p ankan:9999s bonus:1f3y"
    hand = parse_hand(text)
    assert [m.type for m in hand.melds] == [MeldType.CHI, MeldType.PON, MeldType.KAN, MeldType.ANKAN]
    assert format_hand(hand) == text
    assert len(set(hand.all_tiles())) == len(hand.all_tiles())


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("123m pon:556m", "identical"),
        ("123m chi:135m", "consecutive"),
        ("123m chi:123z", "consecutive"),
        ("123m foo:123m", "unknown meld type"),
        ("123m 456m", "only the first part"),
        ("1f23m", "bonus: part"),
        ("123m bonus:1m", "only flowers"),
        ("1111m kan:1111m", "more than 4 copies"),
    ],
)
def test_bad_hands_are_refused_clearly(text, fragment):
    with pytest.raises(NotationError) as info:
        parse_hand(text)
    assert fragment in str(info.value)


@given(st.text(alphabet="0123456789mpszfy x\u0663", max_size=14))
def test_plain_notation_read_by_groups_as_by_characters(text):
    """``_parse`` reads error-free notation through a table; it must say what the character loop says."""
    from jantaku.engine.tiles import _parse, _parse_characters

    def read(parse):
        try:
            return parse(text)
        except NotationError as exc:
            return str(exc)

    assert read(_parse) == read(_parse_characters)


def test_plain_notation_fast_path_is_taken_and_agrees():
    from jantaku.engine.tiles import _PLAIN_NOTATION, _parse, _parse_characters

    for text in ("123m456p789s1122z", "0m55m", "1234567z1f4y", "0p0s"):
        assert _PLAIN_NOTATION.fullmatch(text)
        assert _parse(text) == _parse_characters(text)
    for text in ("8z", "0z", "5f", "12", "m", "1m 2p"):  # left to the character loop
        assert not _PLAIN_NOTATION.fullmatch(text)
