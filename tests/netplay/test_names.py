"""Names are unique per host (issue 25, item 2): two players the host knows never share a name,
nor names equal after NFKC and case folding, nor a bot's; a refusal says why and suggests a
free name; a returning player keeps theirs.  A real host on 127.0.0.1."""

from __future__ import annotations

import asyncio

import msgpack
import pytest

from jantaku.netplay.client import ClientError
from jantaku.netplay.host import Host
from jantaku.netplay.names import free_name, is_bot_name, mixed_scripts, name_key
from jantaku.netplay.protocol import ErrorCode, pack

from .conftest import FAST, close_all, connect, door_session, until


async def refusal(host: Host, name: str, token: str | None = None) -> ClientError:
    with pytest.raises(ClientError) as refused:
        await connect(host, name, token)
    assert refused.value.code == ErrorCode.NAME_REFUSED
    return refused.value


@pytest.mark.parametrize("same", ["ann", "ANN", "ａｎｎ", "Ann", "ann "])
def test_names_equal_after_nfkc_and_casefold_have_one_key(same):
    assert name_key(same) == name_key("ann")


def test_the_bots_names_are_reserved_and_scripts_not_mixed():
    assert is_bot_name("ann (bot)") and is_bot_name("ann(BOT)") and is_bot_name("ｍｅｉ")
    assert not is_bot_name("annbot") and not is_bot_name("Meiko")
    assert mixed_scripts("\u0430nn")  # Cyrillic а, then Latin
    assert mixed_scripts("ann\u03bf")  # Greek omicron
    assert not mixed_scripts("Алёна") and not mixed_scripts("Σοφία") and not mixed_scripts("ann 太郎 2")
    assert free_name("x" * 24, lambda key: False) == "x" * 23 + "2"


async def test_a_name_another_player_holds_is_refused_with_a_free_one(host):
    ann = await connect(host, "ann")
    for same in ("ann", "ＡＮＮ", "Ann"):
        refused = await refusal(host, same)
        assert refused.suggested_name is not None
        assert name_key(refused.suggested_name) == "ann2"
        assert "ann2" in refused.message.casefold() and refused._wire["key"] == "name_taken"
    other = await connect(host, "ann2")
    assert other.name == "ann2"
    await close_all([ann, other])


async def test_a_bots_name_is_refused(host):
    for reserved in ("ann (bot)", "Akira", "ｍｅｉ"):
        refused = await refusal(host, reserved)
        assert refused._wire["key"] == "name_reserved"
        assert refused.suggested_name is not None and not is_bot_name(refused.suggested_name)


async def test_the_word_screens_use_for_their_own_player_is_refused(host):
    # a player named "You" would read as the viewer on everybody else's screen ("You win")
    for viewer in ("You", "ｙｏｕ", "du", "DU"):
        refused = await refusal(host, viewer)
        assert refused._wire["key"] == "name_viewer"
        assert refused.suggested_name is not None and name_key(refused.suggested_name) in ("you2", "du2")
    youko = await connect(host, "Youko")
    await close_all([youko])


async def test_a_name_of_mixed_scripts_is_refused_with_a_guest_name(host):
    refused = await refusal(host, "\u0430nn")
    assert refused._wire["key"] == "name_mixed_scripts" and refused.suggested_name == "guest2"
    assert refused.message.endswith("or play as guest2")


async def test_the_refusal_is_in_the_clients_language(host):
    from jantaku.i18n import set_language

    ann = await connect(host, "ann")
    refused = await refusal(host, "ANN")
    set_language("de")
    try:
        assert refused.text == "ANN heißt hier schon jemand; ANN2 ist frei"
    finally:
        set_language("en")
    await ann.close()


async def test_a_refused_hello_keeps_the_connection_for_another(host):
    ann = await connect(host, "ann")
    reader, writer = await asyncio.open_connection("127.0.0.1", host.port)
    writer.write(pack({"type": "hello", "protocol": 1, "name": "ann"}))
    unpacker = msgpack.Unpacker(strict_map_key=False)
    replies: list[dict] = []
    while not replies:
        unpacker.feed(await asyncio.wait_for(reader.read(4096), 10))
        replies.extend(unpacker)
    assert replies[0]["code"] == ErrorCode.NAME_REFUSED and replies[0]["suggestion"] == "ann2"
    writer.write(pack({"type": "hello", "protocol": 1, "name": replies[0]["suggestion"]}))
    replies.clear()
    while not replies:
        unpacker.feed(await asyncio.wait_for(reader.read(4096), 10))
        replies.extend(unpacker)
    assert replies[0]["type"] == "welcome" and replies[0]["name"] == "ann2"
    writer.close()
    await ann.close()


async def test_a_program_may_take_the_free_name_itself(host):
    first = await connect(host, "Haru (easy bot)")
    second = await connect(host, "Haru (easy bot)", free_name=True)
    assert second.name == "Haru (easy bot)2"
    await close_all([first, second])


async def test_a_seated_player_keeps_their_name_while_away_and_gets_it_back(host):
    ann = await connect(host, "ann")
    table = await ann.create_table("basic", timers=FAST, seat=0)
    token = ann.token
    await ann.close()
    await until(lambda: not any(p.connected for p in host.players.values()), "ann is gone")
    await refusal(host, "ann")  # her seat still carries the name
    back = await connect(host, "ann", token)
    assert back.name == "ann" and back.resumed and back.welcome["tables"] == [table]
    again = await connect(host, "ann", token)  # last login wins: the same player, not a second ann
    assert again.name == "ann"
    await close_all([back, again])


async def test_a_rename_to_a_taken_name_is_refused(host):
    ann, bob = await connect(host, "ann"), await connect(host, "bob")
    refused = await refusal(host, "ANN", bob.token)
    assert refused.suggested_name == "ANN2"
    assert host.players[bob.player].name == "bob"
    await close_all([ann, bob])


async def test_a_door_session_gets_the_free_name(host):
    ann = await connect(host, "ann")
    door_client, serving = await door_session(host, "ann", token="door-token-of-the-second-ann")
    assert door_client.name == "ann2"
    await close_all([ann, door_client])
    await asyncio.wait_for(serving, 10)


async def test_a_door_session_of_mixed_scripts_plays_as_a_guest(host):
    door_client, serving = await door_session(host, "\u0430nn", token="door-token-of-a-mixed-name")
    assert door_client.name == "guest2"
    await door_client.close()
    await asyncio.wait_for(serving, 10)
