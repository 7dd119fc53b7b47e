"""The host's protocol, fuzzed over real sockets on 127.0.0.1: random bytes, random request maps and
mutated requests each cost their sender an error or the connection, the host logs no exception, and
an honest client connected all along is still served."""

from __future__ import annotations

import asyncio
import logging

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from jantaku.netplay.client import Client
from jantaku.netplay.host import Host
from jantaku.netplay.limits import ConnectionLimits
from jantaku.netplay.protocol import HOST_LIMITS, PROTOCOL_VERSION, pack
from jantaku.netplay.requests import REQUESTS

from .budget import fuzz_settings

HELLO = pack({"type": "hello", "protocol": PROTOCOL_VERSION, "name": "fuzz"})
BOUND = 60.0  # seconds: only a hang gets there

FIELDS = sorted({name for spec in REQUESTS.values() for name in spec} | {"ref"})
values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**64 - 1)
    | st.floats()
    | st.text(max_size=40)
    | st.binary(max_size=40),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=15,
)
requests = st.builds(
    lambda kind, fields: {**fields, "type": kind},
    st.sampled_from([*REQUESTS, "nonesuch", ""]),
    st.dictionaries(st.sampled_from(FIELDS), values | st.integers(-2, 300), max_size=6),
)


class HostUnderFuzz:
    """One host and one honest client for the whole module, on a loop of its own (hypothesis calls a
    plain function per example)."""

    def __init__(self):
        self.loop = asyncio.new_event_loop()
        # the honest client asks after every example, faster than a person would: the rate limit has
        # tests of its own (tests/netplay/test_hostile.py)
        self.host = Host(seed=5, connection_limits=ConnectionLimits(rate=1e9, burst=1e9))
        self.port = self.run(self.host.start(port=0, bind="127.0.0.1"))
        self.honest = self.run(Client.connect("127.0.0.1", self.port, "honest"))
        self.table = self.run(self.honest.create_table("basic", seat=0))  # seated: the table is not idle

    def run(self, coroutine):
        return self.loop.run_until_complete(asyncio.wait_for(coroutine, BOUND))

    def close(self) -> None:
        self.run(self.honest.close())
        self.run(self.host.stop())
        self.loop.close()

    async def send(self, data: bytes) -> list[dict]:
        """``data`` on a connection of its own, then end of input; everything the host answers on it."""
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        writer.write(data)
        writer.write_eof()
        unpacker = msgpack.Unpacker(raw=False, strict_map_key=False, max_buffer_size=HOST_LIMITS.max_buffer_size)
        try:
            while chunk := await reader.read(65536):  # the host closes it once it has answered
                unpacker.feed(chunk)
        except ConnectionResetError:
            pass
        finally:
            writer.close()
        return list(unpacker)

    def check(self, data: bytes, caplog) -> list[dict]:
        caplog.clear()
        answers = self.run(self.send(data))
        assert all(isinstance(m, dict) and isinstance(m.get("type"), str) for m in answers)
        assert all(isinstance(m.get("code"), str) for m in answers if m["type"] == "error")
        tables = self.run(self.honest.list_tables())  # the honest client is served as before
        assert self.table in [t["id"] for t in tables]
        failures = [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
        assert failures == [], [r.getMessage()[:200] for r in failures]
        return answers


@pytest.fixture(scope="module")
def fuzzed():
    host = HostUnderFuzz()
    yield host
    host.close()


@fuzz_settings(30)
@given(data=st.binary(max_size=3000), hello=st.booleans())
def test_random_bytes_cost_only_their_connection(fuzzed, caplog, data, hello):
    fuzzed.check((HELLO if hello else b"") + data, caplog)


@fuzz_settings(40)
@given(messages=st.lists(requests, min_size=1, max_size=5))
def test_random_requests_get_answers_or_errors(fuzzed, caplog, messages):
    answers = fuzzed.check(HELLO + b"".join(msgpack.packb(m, use_bin_type=True) for m in messages), caplog)
    assert answers and answers[0]["type"] == "welcome"


@fuzz_settings(30)
@given(message=requests, at=st.integers(0, 10_000), junk=st.binary(min_size=1, max_size=8), depth=st.integers(0, 3000))
def test_mutated_and_deeply_nested_requests_cost_only_their_connection(fuzzed, caplog, message, at, junk, depth):
    packed = msgpack.packb(message, use_bin_type=True)
    at %= len(packed) + 1
    nested = b"\x82\xa4type\xa4chat\xa4text" + b"\x91" * depth + b"\xa1x"  # {"type": "chat", "text": [[…"x"…]]}
    fuzzed.check(HELLO + packed[:at] + junk + packed[at:] + nested, caplog)
