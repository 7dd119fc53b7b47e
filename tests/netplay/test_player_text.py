"""Player text is data (issue #25): the host cleans names, table names and chat at entry, and the
store cleans names on the way out (an older host's rows may hold anything)."""

from __future__ import annotations

import sqlite3

import pytest

from jantaku.engine.match import MatchRecord
from jantaku.netplay.client import ClientError
from jantaku.netplay.host import Host
from jantaku.netplay.protocol import ErrorCode, RequestError
from jantaku.netplay.requests import check_request
from jantaku.netplay.store import DB_NAME, Store, StoredSeat

from .conftest import connect

# an escape sequence, an OSC 52 clipboard write, NUL, a C1 CSI, a bidi override, a zero-width joiner
DIRTY = "\x1b[2J\x1b]52;c;aGk=\x07\x00\x9b31m\u202e\u200d"


@pytest.mark.parametrize(
    "kind, field, extra",
    [("hello", "name", {"protocol": 1}), ("create", "name", {"ruleset": "basic"}), ("chat", "text", {})],
)
def test_player_text_fields_are_cleaned_by_the_one_rule(kind, field, extra):
    req = check_request({"type": kind, field: f" a{DIRTY}\t[b]\n", **extra})
    assert req[field] == "a[2J]52;c;aGk=31m [b]"  # no control, format or bidi character; markup kept as text


@pytest.mark.parametrize("value", ["\x1b\x00\u202e", " \t\n", "\u200d\u2066"])
def test_a_name_with_nothing_visible_is_refused_in_one_line(value):
    with pytest.raises(RequestError) as info:
        check_request({"type": "hello", "protocol": 1, "name": value})
    assert info.value.code == ErrorCode.BAD_REQUEST
    assert "\n" not in str(info.value) and "1..24 visible characters" in str(info.value)


def test_a_name_too_long_once_cleaned_is_refused_not_cut():
    invisible = "\x1b\x07\x00\x9b\u202e\u200d"
    assert check_request({"type": "hello", "protocol": 1, "name": "a" * 24 + invisible})["name"] == "a" * 24
    with pytest.raises(RequestError):
        check_request({"type": "hello", "protocol": 1, "name": "a" * 25 + invisible})


async def test_other_players_get_the_cleaned_name_table_name_and_chat(host: Host):
    evil = await connect(host, f"Zoe\u0301[/]{DIRTY}")  # decomposed: the host keeps the composed (NFC) form
    ann = await connect(host, "ann")
    try:
        assert evil.name == "Zo\u00e9[/][2J]52;c;aGk=31m"  # the welcome says the name the host keeps
        table = await evil.create_table("basic", seat=0, name=f"t{DIRTY}")
        await ann.join(table, 1)
        info = await ann.next_message("table", table=table)
        assert info["info"]["name"] == "t[2J]52;c;aGk=31m"
        assert info["info"]["seats"][0]["name"] == evil.name
        await evil.chat(f"hi\t\t{DIRTY}\nthere", table)
        said = await ann.next_message("chat", table=table)
        assert (said["from"], said["text"]) == (evil.name, "hi [2J]52;c;aGk=31m there")  # white space made one space
    finally:
        await evil.close()
        await ann.close()


async def test_a_hello_with_an_invisible_name_gets_a_clear_error_and_others_play_on(host: Host):
    ann = await connect(host, "ann")
    try:
        with pytest.raises(ClientError) as info:
            await connect(host, "\u202e\x1b\x00")
        assert info.value.code == "handshake" and "'name' must be 1..24 visible characters" in info.value.text
        assert "\n" not in info.value.text
        assert await ann.list_tables() == []  # the other connection is untouched
    finally:
        await ann.close()


def test_names_read_back_from_the_store_are_cleaned(tmp_path):
    """Rows an older host wrote (or any program) may hold escape codes: they leave the store clean."""
    store = Store.in_dir(tmp_path)
    seats = [StoredSeat(f"evil{DIRTY}", None, None), StoredSeat(DIRTY, None, None)]
    seats += [StoredSeat("bot", None, "easy")] * 2
    match_id = store.create_match(5, MatchRecord("basic", "default", {}, 1), seats, {"name": f"t{DIRTY}"})
    store.new_player("ann", "token-ann")
    store.commit()
    store.close()
    with sqlite3.connect(tmp_path / DB_NAME) as db:  # as an older host would have kept it
        db.execute("UPDATE players SET name = ?", (f"ann{DIRTY}",))
    store = Store.in_dir(tmp_path)
    try:
        stored = store.load(match_id)
        assert [s.name for s in stored.seats] == ["evil[2J]52;c;aGk=31m", "[2J]52;c;aGk=31m", "bot", "bot"]
        assert stored.settings["name"] == "t[2J]52;c;aGk=31m"
        assert store.player_by_token("token-ann")[1] == "ann[2J]52;c;aGk=31m"
    finally:
        store.close()


def test_a_stored_name_with_nothing_visible_reads_as_its_seat(tmp_path):
    store = Store.in_dir(tmp_path)
    seats = [StoredSeat("\u202e\x1b", None, None)] + [StoredSeat("bot", None, "easy")] * 3
    match_id = store.create_match(5, MatchRecord("basic", "default", {}, 1), seats, {})
    try:
        assert store.load(match_id).seats[0].name == "seat 1"
    finally:
        store.close()
