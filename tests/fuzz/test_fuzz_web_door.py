"""The web door's websocket messages, fuzzed straight at its message handling (no browser): whatever
a browser sends, the session goes on or ends quietly, and the game is only ever given keystrokes and
a terminal size within bounds."""

from __future__ import annotations

import asyncio
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

pytest.importorskip("textual_serve")

from aiohttp import WSMessage, WSMsgType  # noqa: E402

from jantaku.tui.web.access import WebAccess  # noqa: E402
from jantaku.tui.web.door import MAX_SIDE, WebDoor, WebSettings, read_browser_message  # noqa: E402

from .budget import fuzz_settings  # noqa: E402

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()  # NaN and Infinity too: Python's json writes and reads them
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)
KINDS = st.sampled_from(["stdin", "resize", "ping", "blur", "focus", "nonesuch", ""])
envelopes = st.tuples(KINDS, json_values | st.fixed_dictionaries({"width": json_values, "height": json_values}))
deep = st.integers(1, 40_000).map(lambda n: '["stdin", ' + "[" * n + "]" * n + "]")
messages = envelopes.map(lambda e: json.dumps(list(e))) | st.text(max_size=200) | deep


class FakeWebsocket:
    """What ``_bridge`` reads: the given text messages, then a close."""

    def __init__(self, texts: list[str]):
        self.incoming = [WSMessage(WSMsgType.TEXT, text, None) for text in texts]
        self.incoming.append(WSMessage(WSMsgType.CLOSE, None, None))
        self.closed = False
        self.sent: list[object] = []

    async def receive(self, timeout: float | None = None) -> WSMessage:
        message = self.incoming.pop(0)
        self.closed = message.type is WSMsgType.CLOSE
        return message

    async def send_json(self, data: object) -> None:
        self.sent.append(data)


class FakeGame:
    """The game's side of the bridge: what it was given."""

    def __init__(self):
        self.given: list[tuple[str, object]] = []

    async def send_bytes(self, data: bytes) -> None:
        self.given.append(("stdin", data))

    async def set_terminal_size(self, width: int, height: int) -> None:
        self.given.append(("resize", (width, height)))

    async def blur(self) -> None:
        self.given.append(("blur", None))

    async def focus(self) -> None:
        self.given.append(("focus", None))


def a_door() -> WebDoor:
    def no_games(*args):
        raise AssertionError("no game is started here")

    return WebDoor(no_games, WebAccess("sesame", "password"), b"k" * 32, WebSettings(login_failure_delay=0.0))


def bridge(websocket: FakeWebsocket, game: FakeGame) -> None:
    """The door's bridge from ``websocket`` to ``game`` until the close (the door is made in the loop:
    its clocks are the loop's)."""

    async def run() -> None:
        await a_door()._bridge(websocket, game)

    asyncio.run(run())


@fuzz_settings(100)
@given(text=messages | st.binary(max_size=100))
def test_any_message_is_an_envelope_or_nothing(text):
    envelope = read_browser_message(text)
    assert envelope is None or (isinstance(envelope, tuple) and isinstance(envelope[0], str))


@fuzz_settings(30)
@given(texts=st.lists(messages, max_size=12))
def test_the_bridge_survives_any_messages_and_gives_the_game_only_bounded_input(texts):
    websocket, game = FakeWebsocket(texts), FakeGame()
    bridge(websocket, game)  # returns at the close, raising nothing
    assert websocket.incoming == []  # every message was read, the close last
    for kind, value in game.given:
        if kind == "stdin":
            assert isinstance(value, bytes)
        elif kind == "resize":
            assert isinstance(value, tuple) and all(isinstance(v, int) and 10 <= v <= MAX_SIDE for v in value)


def test_a_message_nested_deep_under_the_size_limit_is_ignored_and_the_session_goes_on():
    deep_text = '["stdin", ' + "[" * 30_000 + "]" * 30_000 + "]"
    websocket, game = (
        FakeWebsocket([deep_text, '["resize", {"width": Infinity, "height": [1]}]', '["stdin", "q"]']),
        FakeGame(),
    )
    bridge(websocket, game)
    assert game.given == [("stdin", b"q")]  # the deep message and the sizeless resize ignored
