"""Who gets in, and who they are: open door, password, authorized keys, rejoin codes, the host key."""

from __future__ import annotations

import asyncio
import os
import stat
import json
import time

import asyncssh
import pytest

from jantaku.tui.ssh import Access
from jantaku.tui.ssh.access import password_from
from jantaku.tui.ssh.hostkey import HOST_KEY_FILE, load_or_create_host_key
from jantaku.tui.ssh.identity import (
    CODE_ALPHABET,
    Identity,
    RejoinCodes,
    display_name,
    load_or_create_secret,
    normalise_code,
    resume_token,
)

from .conftest import HANG, a_key, connect, fields, open_game


async def identity_of(gateway, **kwargs) -> tuple[dict[str, str], list[str]]:
    """What the game was told about the player, and the banners the client saw."""
    async with await connect(gateway, **kwargs) as conn:
        proc, line = await open_game(conn)
        proc.stdin.write(b"q")
        await asyncio.wait_for(proc.wait_closed(), HANG)
        return fields(line), conn.get_owner().banners


# --- the open door ----------------------------------------------------------------------------


async def test_any_key_gets_in_and_its_fingerprint_is_the_identity(gateway):
    key = a_key()
    first, _ = await identity_of(gateway, username="alice", client_keys=[key])
    again, _ = await identity_of(gateway, username="alice", client_keys=[key])
    other, _ = await identity_of(gateway, username="alice", client_keys=[a_key()])
    assert first["identity"] == f"ssh-key:{key.get_fingerprint('sha256')}" == again["identity"]
    assert other["identity"] != first["identity"]
    assert first["name"] == "alice"


async def test_a_keyless_player_gets_in_without_a_prompt_and_rejoins_with_the_code(gateway):
    first, banners = await identity_of(gateway, username="bob")
    assert first["name"] == "bob"
    code = first["identity"].removeprefix("ssh-code:")
    assert len(code) == 11 and code[5] == "-" and set(code.replace("-", "")) <= set(CODE_ALPHABET)
    assert any(code in banner for banner in banners)  # told before the game starts
    again, banners = await identity_of(gateway, username=code.lower())
    assert again["identity"] == first["identity"]
    assert again["name"] == "bob"  # the name the code was issued to, not the code
    assert any("Welcome back, bob" in banner for banner in banners)


async def test_the_rejoin_code_is_repeated_when_the_game_ends(gateway):
    async with await connect(gateway, username="bob") as conn:
        proc, line = await open_game(conn)
        code = fields(line)["identity"].removeprefix("ssh-code:")
        proc.stdin.write(b"q")
        rest = await asyncio.wait_for(proc.stdout.read(), HANG)
    assert f"ssh -p {gateway.port} {code}@127.0.0.1".encode() in rest


async def test_a_password_client_gets_in_at_an_open_door(gateway):
    seen, _ = await identity_of(gateway, username="carol", password="anything", kbdint_auth=False)
    assert seen["name"] == "carol"
    assert seen["identity"].startswith("ssh-code:")


async def test_a_machine_account_name_becomes_a_guest_name(gateway):
    seen, _ = await identity_of(gateway, username="root")
    code = seen["identity"].removeprefix("ssh-code:")
    assert seen["name"] == f"guest-{code[:4]}"


# --- a password ---------------------------------------------------------------------------------


async def test_password_mode_lets_in_who_knows_it(make_gateway):
    gateway = await make_gateway(access=Access(password="s3cret"))
    seen, _ = await identity_of(gateway, username="dan", password="s3cret")
    assert seen["name"] == "dan"
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(gateway, username="dan", password="wrong")
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(gateway, username="dan", client_keys=[a_key()])  # a key is no password
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(gateway, username="dan")  # no prompt-less way in
    await gateway.stop()


def test_the_password_can_come_from_a_file_or_the_environment(tmp_path, monkeypatch):
    secret = tmp_path / "pw"
    secret.write_text("from-file\nignored\n")
    monkeypatch.setenv("JANTAKU_SSH_PASSWORD", "from-env")
    assert password_from("given", secret) == "given"
    assert password_from(None, secret) == "from-file"
    assert password_from(None, None) == "from-env"
    monkeypatch.delenv("JANTAKU_SSH_PASSWORD")
    assert password_from(None, None) is None


# --- authorized keys -----------------------------------------------------------------------------


async def test_authorized_keys_mode_lets_in_only_those_keys(make_gateway, tmp_path):
    friend, stranger, later = a_key(), a_key(), a_key()
    listed = tmp_path / "authorized_keys"
    listed.write_bytes(friend.export_public_key())
    gateway = await make_gateway(access=Access(authorized_keys=listed))
    seen, _ = await identity_of(gateway, username="erin", client_keys=[friend])
    assert seen["identity"] == f"ssh-key:{friend.get_fingerprint('sha256')}"
    for kwargs in ({"client_keys": [stranger]}, {}, {"password": "guess"}):
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(gateway, username="erin", **kwargs)
    listed.write_bytes(friend.export_public_key() + later.export_public_key())  # no restart needed
    os.utime(listed, ns=(1, 1))
    seen, _ = await identity_of(gateway, username="fay", client_keys=[later])
    assert seen["name"] == "fay"
    await gateway.stop()


async def test_authorized_keys_and_a_password_let_in_either(make_gateway, tmp_path):
    friend = a_key()
    listed = tmp_path / "authorized_keys"
    listed.write_bytes(friend.export_public_key())
    gateway = await make_gateway(access=Access(authorized_keys=listed, password="pw"))
    by_key, _ = await identity_of(gateway, client_keys=[friend])
    by_password, _ = await identity_of(gateway, password="pw")
    assert by_key["identity"].startswith("ssh-key:")
    assert by_password["identity"].startswith("ssh-code:")
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(gateway, client_keys=[a_key()], password="nope")
    await gateway.stop()


REVOCATIONS = {
    "commented out": lambda path: path.write_text("# " + path.read_text()),
    "emptied": lambda path: path.write_text(""),
    "deleted": lambda path: path.unlink(),
}


@pytest.mark.parametrize("revoke", REVOCATIONS)
async def test_revoking_the_last_key_shuts_the_door_at_the_next_login(make_gateway, tmp_path, caplog, revoke):
    friend = a_key()
    listed = tmp_path / "authorized_keys"
    listed.write_bytes(friend.export_public_key())
    gateway = await make_gateway(access=Access(authorized_keys=listed))
    seen, _ = await identity_of(gateway, username="erin", client_keys=[friend])
    assert seen["name"] == "erin"
    REVOCATIONS[revoke](listed)
    for _ in range(2):  # refused, and still refused (the change is not a passing read error)
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(gateway, username="erin", client_keys=[friend])
    assert any("admits nobody" in r.getMessage() and str(listed) in r.getMessage() for r in caplog.records)
    listed.write_bytes(friend.export_public_key())  # listed again: in again, still without a restart
    seen, _ = await identity_of(gateway, username="erin", client_keys=[friend])
    assert seen["name"] == "erin"
    await gateway.stop()


def test_a_missing_authorized_keys_file_fails_at_start(tmp_path):
    with pytest.raises(OSError):
        Access(authorized_keys=tmp_path / "absent")


# --- the host key ----------------------------------------------------------------------------------


async def test_the_host_key_survives_a_restart(make_gateway, tmp_path):
    data = tmp_path / "hostdata"
    first = await make_gateway(data_dir=data)
    async with await connect(first) as conn:
        seen_first = conn.get_server_host_key().get_fingerprint()
    await first.stop()
    second = await make_gateway(data_dir=data)
    async with await connect(second) as conn:
        seen_second = conn.get_server_host_key().get_fingerprint()
    await second.stop()
    assert seen_first == seen_second == second.host_key_fingerprint
    mode = stat.S_IMODE((data / HOST_KEY_FILE).stat().st_mode)
    assert mode == 0o600


def test_host_key_is_made_once(tmp_path):
    key = load_or_create_host_key(tmp_path)
    assert load_or_create_host_key(tmp_path).get_fingerprint() == key.get_fingerprint()
    assert (tmp_path / (HOST_KEY_FILE + ".pub")).read_bytes() == key.export_public_key()


# --- names and codes ---------------------------------------------------------------------------------


def test_display_names_are_printable_and_short():
    assert display_name("a" * 40, "X") == "a" * 24
    assert display_name("zoë", "X") == "zoë"
    assert display_name("\x07\x1b", "AB12") == "guest-AB12"
    assert display_name("Root", "AB12") == "guest-AB12"


def test_codes_are_recognised_case_blind_and_only_in_their_alphabet():
    assert normalise_code(" k7f3q-xm8p2 ") == normalise_code("K7F3QXM8P2") == "K7F3Q-XM8P2"
    assert normalise_code(" k7f3qx ") == "K7F3QX"  # an older, short one
    assert normalise_code("K7F3Q") is None
    assert normalise_code("K7F3QO") is None  # O is not in the alphabet (it reads as 0)
    assert normalise_code("BRADPHANTS") is None  # ten letters without a digit: a name


def test_new_codes_are_long_grouped_and_have_a_digit(tmp_path):
    codes = RejoinCodes(None)
    for _ in range(200):
        code = codes.new_code()
        assert normalise_code(code) == code and len(code) == 11 and any(ch.isdigit() for ch in code)


def test_rejoin_codes_persist_and_keep_the_most_recent(tmp_path):
    path = tmp_path / "codes.json"
    codes = RejoinCodes(path, capacity=3)
    issued = []
    for name in ("a", "b", "c", "d"):
        code = codes.new_code()
        codes.remember(code, name)
        issued.append(code)
    again = RejoinCodes(path, capacity=3)
    assert len(again) == 3
    assert again.name_of(issued[0]) is None  # the oldest went
    assert again.name_of(issued[3]) == "d"


def test_anonymous_logins_never_push_out_the_code_of_a_seated_player(tmp_path):
    path = tmp_path / "codes.json"
    seated: set[str] = set()
    codes = RejoinCodes(path, holds_seat=seated.__contains__)  # the default room: 5,000 unseated codes
    victim = codes.new_code()
    codes.remember(victim, "vic")
    seated.add(victim)  # vic sat down at a table
    idle = codes.new_code()
    codes.remember(idle, "idle")  # never sat down
    storage = codes.db_path.stat().st_ino
    for i in range(5100):  # anonymous logins, each with a fresh code
        codes.remember(codes.new_code(), f"guest-{i}")
    assert codes.db_path.stat().st_ino == storage  # written row by row, the file never replaced
    assert codes.name_of(victim) == "vic" and codes.is_kept(victim)
    assert codes.name_of(idle) is None  # the unseated ones make room for each other
    assert codes.unkept() == 5000 and len(codes) == 5001
    codes.close()
    again = RejoinCodes(path, holds_seat=seated.__contains__)  # and after a restart
    assert again.name_of(victim) == "vic" and len(again) == 5001
    again.close()


def test_unused_unseated_codes_expire_and_seated_ones_stay(tmp_path):
    seated: set[str] = set()
    codes = RejoinCodes(tmp_path / "codes.json", holds_seat=seated.__contains__, expiry=3600)
    old_seated, old_idle, fresh = codes.new_code(), codes.new_code(), codes.new_code()
    for code in (old_seated, old_idle, fresh):
        codes.remember(code, code.lower())
    seated.add(old_seated)
    codes.db.execute("UPDATE codes SET used = used - 7200 WHERE code IN (?, ?)", (old_seated, old_idle))
    codes.close()
    codes = RejoinCodes(tmp_path / "codes.json", holds_seat=seated.__contains__, expiry=3600)
    assert codes.name_of(old_idle) is None
    assert codes.name_of(old_seated) == old_seated.lower() and codes.name_of(fresh) == fresh.lower()
    codes.close()


def test_an_old_json_codes_file_is_taken_over(tmp_path):
    path = tmp_path / "codes.json"
    path.write_text(json.dumps({"K7F3QX": {"name": "bob", "used": time.time()}, "BAD": 5}))
    codes = RejoinCodes(path)
    assert codes.name_of("K7F3QX") == "bob" and len(codes) == 1
    assert not path.exists() and path.with_name("codes.json.migrated").exists()
    codes.close()
    assert RejoinCodes(path).name_of("K7F3QX") == "bob"  # from the new file now


async def test_at_the_real_host_a_code_with_a_seat_is_kept(tmp_path):
    from jantaku.engine.match import MatchRecord
    from jantaku.netplay.host import Host
    from jantaku.netplay.store import StoredSeat
    from jantaku.tui.ssh import GatewaySettings
    from jantaku.tui.ssh.hosting import SECRET_FILE, open_ssh_door

    host = Host(data_dir=tmp_path)
    await host.start(port=0)
    gateway = await open_ssh_door(host, port=0, bind="127.0.0.1", settings=GatewaySettings(max_unseated_codes=20))
    try:
        codes = gateway.rejoin_codes
        victim = codes.new_code()
        codes.remember(victim, "vic")
        token = resume_token((tmp_path / SECRET_FILE).read_bytes(), Identity("vic", rejoin_code=victim))
        vic, _ = host.store.new_player("vic", token)  # what the door's first game did for her
        bots = [StoredSeat("easy bot", None, "easy")] * 3
        host.store.create_match(9, MatchRecord("basic", "default", {}, 1), [StoredSeat("vic", vic, None), *bots], {})
        for i in range(50):
            codes.remember(codes.new_code(), f"guest-{i}")
        assert codes.name_of(victim) == "vic" and codes.unkept() == 20
    finally:
        await gateway.stop()
        await host.stop()


def test_a_damaged_codes_database_is_set_aside_not_fatal(tmp_path):
    path = tmp_path / "codes.json"
    path.with_suffix(".sqlite3").write_bytes(b"not a database at all" * 100)
    codes = RejoinCodes(path)
    assert len(codes) == 0
    codes.remember("K7F3QX", "bob")
    assert codes.name_of("K7F3QX") == "bob"
    assert path.with_name("codes.sqlite3.damaged").exists()
    codes.close()


def test_a_damaged_codes_file_is_not_fatal(tmp_path):
    path = tmp_path / "codes.json"
    path.write_text("{not json")
    assert len(RejoinCodes(path)) == 0


def test_resume_tokens_depend_on_the_identity_and_the_secret(tmp_path):
    secret = load_or_create_secret(tmp_path / "secret")
    assert load_or_create_secret(tmp_path / "secret") == secret
    assert stat.S_IMODE((tmp_path / "secret").stat().st_mode) == 0o600
    ann = Identity("ann", fingerprint="SHA256:abc")
    assert resume_token(secret, ann) == resume_token(secret, Identity("renamed", fingerprint="SHA256:abc"))
    assert resume_token(secret, ann) != resume_token(secret, Identity("ann", fingerprint="SHA256:abd"))
    assert resume_token(secret, ann) != resume_token(b"another host", ann)
    assert resume_token(secret, Identity("x", rejoin_code="K7F3QX")) != resume_token(secret, ann)
