"""The wire format's limits and request checks, without sockets."""

from __future__ import annotations

from pathlib import Path

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from jantaku.netplay.connection import TokenBucket
from jantaku.netplay.prompts import Timers
from jantaku.netplay.protocol import CLIENT_LIMITS, ErrorCode, Limits, MessageReader, ProtocolError, RequestError, pack
from jantaku.netplay.requests import REQUESTS, check_request


def read_all(data: bytes, limits: Limits = CLIENT_LIMITS, chunk: int = 4096) -> list:
    reader = MessageReader(limits)
    out = []
    for i in range(0, len(data), chunk):
        out += list(reader.feed(data[i : i + chunk]))
    return out


def error_code(data: bytes, limits: Limits = CLIENT_LIMITS, chunk: int = 4096) -> str:
    with pytest.raises(ProtocolError) as info:
        read_all(data, limits, chunk)
    return info.value.code


def test_messages_split_anywhere_come_out_whole():
    msgs = [{"type": "chat", "text": "x" * n} for n in range(0, 3000, 150)]
    data = b"".join(pack(m) for m in msgs)
    for chunk in (1, 7, 4096):
        assert read_all(data, chunk=chunk) == msgs


def test_a_message_at_the_limit_passes_and_one_byte_more_fails():
    limit = CLIENT_LIMITS.max_message
    base = len(pack({"type": "chat", "text": ""}))
    # str8/16 headers: grow the text until the packed size is exactly the limit
    text_len = limit - base - 2
    msg = {"type": "chat", "text": "x" * text_len}
    assert len(pack(msg)) == limit
    assert read_all(pack(msg)) == [msg]
    over = {"type": "chat", "text": "x" * (text_len + 1)}
    assert error_code(pack(over)) == ErrorCode.TOO_LARGE


def test_an_oversized_message_is_refused_before_it_has_all_arrived():
    reader = MessageReader(CLIENT_LIMITS)
    header = b"\xdb" + (50_000_000).to_bytes(4, "big")  # str32 announcing 50 MB
    with pytest.raises(ProtocolError) as info:
        list(reader.feed(header + b"x" * 4096))
        for _ in range(10):
            list(reader.feed(b"x" * 4096))
    assert info.value.code == ErrorCode.TOO_LARGE


@pytest.mark.parametrize(
    "data",
    [
        b"\xdd" + (50_000_000).to_bytes(4, "big"),  # array32 of 50 M elements
        b"\xdf" + (20_000_000).to_bytes(4, "big"),  # map32 of 20 M entries
        b"\x91" * 5000,  # nesting too deep for msgpack itself
        b"\x82\xa4type\xa3act\xa6action" + b"\x91" * 900 + b"\x01",  # msgpack reads it; deeper than a request is
        msgpack.packb({"type": "create", "options": {"a": [[[[[[[1]]]]]]]}}),  # 9 levels
        b"\xc1",  # reserved byte
        msgpack.packb(msgpack.ExtType(5, b"abc")),  # extension types are not used
        msgpack.packb({1: 2}),  # keys are names
        msgpack.packb(7),  # not a map
        msgpack.packb({"text": "no type"}),
        msgpack.packb({"type": 3}),
    ],
)
def test_malformed_input_is_a_protocol_error(data):
    assert error_code(data) in (ErrorCode.MALFORMED, ErrorCode.TOO_LARGE)


@given(st.binary(max_size=2000))
def test_random_bytes_give_messages_or_a_protocol_error_never_anything_else(data):
    try:
        for msg in read_all(data, chunk=97):
            assert isinstance(msg, dict) and isinstance(msg["type"], str)
    except ProtocolError:
        pass


def test_the_host_side_reader_accepts_seat_number_keys():
    from jantaku.netplay.protocol import HOST_LIMITS

    msg = {"type": "update", "payments": {0: -8, 1: 8}}
    assert read_all(pack(msg), HOST_LIMITS) == [msg]


# --- requests ------------------------------------------------------------------------------


def test_every_request_type_is_documented():
    doc = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text()
    for kind in REQUESTS:
        assert f"`{kind}`" in doc, kind


@pytest.mark.parametrize(
    "msg, code",
    [
        ({"type": "dance"}, ErrorCode.UNKNOWN_TYPE),
        ({"type": "join"}, ErrorCode.BAD_REQUEST),
        ({"type": "join", "table": -1}, ErrorCode.BAD_REQUEST),
        ({"type": "join", "table": True}, ErrorCode.BAD_REQUEST),
        ({"type": "join", "table": 1, "seat": 4}, ErrorCode.BAD_REQUEST),
        ({"type": "act", "table": 1, "prompt": 2, "action": "discard 1m"}, ErrorCode.BAD_REQUEST),
        ({"type": "chat", "text": "x" * 301}, ErrorCode.BAD_REQUEST),
        ({"type": "chat", "text": "\x00\x01"}, ErrorCode.BAD_REQUEST),
        ({"type": "create", "ruleset": "basic", "options": {"hands": {"deep": 1}}}, ErrorCode.BAD_REQUEST),
        ({"type": "ping", "ref": "seven"}, ErrorCode.BAD_REQUEST),
    ],
)
def test_bad_requests_are_refused_with_a_code(msg, code):
    with pytest.raises(RequestError) as info:
        check_request(msg)
    assert info.value.code == code


def test_requests_are_cleaned():
    req = check_request({"type": "chat", "text": "  hi\x07 there ", "extra": 1, "ref": 9})
    assert req == {"type": "chat", "text": "hi there", "table": None, "ref": 9}


# --- rate limits and timers -----------------------------------------------------------------


def test_token_bucket_allows_a_burst_then_the_rate():
    now = [0.0]
    bucket = TokenBucket(rate=20, burst=40, clock=lambda: now[0])
    assert sum(bucket.take() for _ in range(100)) == 40
    now[0] += 0.5
    assert sum(bucket.take() for _ in range(100)) == 10


@pytest.mark.parametrize(
    "timers", [{"turn": -1}, {"turn": 10_000}, {"claim": "5"}, {"bot": 11}, {"nap": 3}, {"turn": True}]
)
def test_bad_timers_are_refused(timers):
    with pytest.raises(ValueError):
        Timers.from_wire(timers)


def test_zero_or_none_turns_a_timer_off():
    t = Timers.from_wire({"turn": 0, "claim": None, "between": 2.5})
    assert (t.turn, t.claim, t.between) == (None, None, 2.5)
