"""What the host says reaches each client in the client's language: a key and arguments on the wire
beside the English text (docs/protocol.md, section 8), translated where it is shown."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from jantaku.i18n import set_language
from jantaku.netplay.client import ClientError
from jantaku.netplay.host import Host
from jantaku.netplay.protocol import ErrorCode, error_message
from jantaku.netplay.texts import HOST_TEXTS, HostText, in_reader_language

from .conftest import connect, until

NETPLAY = Path(__file__).resolve().parents[2] / "jantaku" / "netplay"


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


async def refusal(request) -> ClientError:
    with pytest.raises(ClientError) as caught:
        await request
    return caught.value


async def test_a_full_table_is_refused_in_german_to_a_german_client_and_in_english_to_an_english_one(host):
    owner = await connect(host, "ann")
    table = await owner.create_table("basic", seat=0)
    for _ in range(3):
        await owner.add_bot(table)
    german, english = await connect(host, "hans"), await connect(host, "bob")
    to_german = await refusal(german.join(table))
    to_english = await refusal(english.join(table))
    assert to_german.code == to_english.code == ErrorCode.TABLE_FULL
    assert to_german.message == to_english.message == f"table {table} has no free seat"  # the host's English
    set_language("de")  # hans's program speaks German ...
    assert to_german.text == f"Tisch {table} hat keinen freien Platz"
    set_language("en")  # ... bob's English
    assert to_english.text == f"table {table} has no free seat"
    for client in (owner, german, english):
        await client.close()


async def test_the_chat_rate_limit_is_said_in_the_clients_language(host):
    hans = await connect(host, "hans")
    codes = []
    for i in range(8):
        try:
            await hans.chat(f"hallo {i}")
        except ClientError as exc:
            codes.append(exc)
    assert codes and codes[0].code == ErrorCode.CHAT_LIMIT
    set_language("de")
    assert codes[0].text == "du schreibst zu schnell"
    set_language("en")
    assert codes[0].text == "you are chatting too fast"
    await hans.close()


async def test_the_goodbye_of_a_stopping_host_carries_its_key():
    stopping = Host(seed=1)
    await stopping.start(port=0, bind="127.0.0.1")
    hans = await connect(stopping, "hans")
    await stopping.stop()
    await until(lambda: hans.close_reason is not None, "the bye arrives")
    bye = hans.close_reason
    assert bye["reason"] == "the host is shutting down" and bye["key"] == "host_shutting_down"
    set_language("de")
    assert in_reader_language(bye, "reason") == "der Gastgeber beendet sich"
    await hans.close()


def test_an_error_carries_key_args_and_english_and_a_plain_text_only_the_english():
    wire = error_message(ErrorCode.SEAT_TAKEN, HostText("seat_taken", seat=2, table=5), ref=9)
    assert wire == {
        "type": "error",
        "code": "seat_taken",
        "message": "seat 2 at table 5 is taken",
        "key": "seat_taken",
        "args": {"seat": 2, "table": 5},
        "ref": 9,
    }
    assert error_message(ErrorCode.MALFORMED, "not msgpack") == {
        "type": "error",
        "code": "malformed",
        "message": "not msgpack",
    }


@pytest.mark.parametrize(
    "wire",
    [
        {"message": "english", "key": "no_free_seat", "args": {"seat": 1}},  # the wrong arguments
        {"message": "english", "key": "no_free_seat", "args": [3]},
        {"message": "english", "key": ["no_free_seat"], "args": {"table": 3}},
        {"message": "english", "key": "a_key_of_a_newer_host", "args": {}},
        {"message": "english"},  # an older host
    ],
)
def test_a_key_the_client_cannot_use_falls_back_to_the_english_text(wire):
    set_language("de")
    assert in_reader_language(wire) == "english"


def host_text_calls() -> list[tuple[str, int, ast.Call]]:
    found = []
    for path in sorted(NETPLAY.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "HostText":
                found.append((path.name, node.lineno, node))
    return found


def test_every_host_text_names_a_key_with_exactly_the_arguments_its_sentence_has():
    calls = host_text_calls()
    assert len(calls) > 30  # the scan is real
    wrong = []
    for filename, line, call in calls:
        key = call.args[0]
        if isinstance(key, ast.JoinedStr):  # f"creator_only_{what}": some keys start so
            prefix = key.values[0].value if isinstance(key.values[0], ast.Constant) else ""
            if not any(k.startswith(str(prefix)) for k in HOST_TEXTS):
                wrong.append(f"{filename}:{line}: no key starts with {prefix!r}")
            continue
        assert isinstance(key, ast.Constant), f"{filename}:{line}"
        if key.value not in HOST_TEXTS:
            wrong.append(f"{filename}:{line}: no key {key.value!r}")
            continue
        wanted = {name for _, name, _, _ in string.Formatter().parse(HOST_TEXTS[key.value]) if name}
        given = {k.arg for k in call.keywords}
        if wanted != given:
            wrong.append(f"{filename}:{line}: {key.value} takes {sorted(wanted)}, given {sorted(given)}")
    assert wrong == []


def test_every_key_is_listed_in_the_protocol_document():
    document = (NETPLAY.parents[1] / "docs" / "protocol.md").read_text(encoding="utf-8")
    assert [key for key in HOST_TEXTS if f"| `{key}` | {HOST_TEXTS[key]} |" not in document] == []


async def test_the_connections_own_limits_are_said_in_the_readers_language():
    """Idle and too fast: the connection layer's refusals carry keys too (connection.py)."""
    from jantaku.netplay.limits import ConnectionLimits
    from jantaku.netplay.protocol import pack

    from .test_hostile import HELLO, RawPeer

    host = Host(
        seed=1, connection_limits=ConnectionLimits(handshake_timeout=0.3, idle_timeout=0.4, rate=2.0, burst=2.0)
    )
    await host.start(port=0, bind="127.0.0.1")
    try:
        idle = await RawPeer.open(host.port)
        idle.send(HELLO)
        fast = await RawPeer.open(host.port)
        fast_hello = pack({"type": "hello", "protocol": 1, "name": "fast"})  # names are unique per host
        fast.send(fast_hello + b"".join(pack({"type": "ping", "data": i}) for i in range(20)))
        said = {}
        for peer in (idle, fast):
            for message in await peer.until_closed():
                if message.get("type") == "error":
                    said[message["code"]] = message
        assert said[ErrorCode.IDLE]["key"] == "idle" and said[ErrorCode.IDLE]["args"] == {"seconds": "0.4"}
        assert said[ErrorCode.RATE_LIMITED]["key"] == "rate_limited"
        set_language("de")
        assert in_reader_language(said[ErrorCode.IDLE]) == "seit 0.4 s keine Nachricht"
        assert in_reader_language(said[ErrorCode.RATE_LIMITED]) == "mehr als 2 Nachrichten pro Sekunde"
        set_language("en")
        assert in_reader_language(said[ErrorCode.IDLE]) == "no message for 0.4 s"
    finally:
        await host.stop()
