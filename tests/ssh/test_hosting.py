"""The door in front of a real host: the protocol client on the pty, identity carried to the host."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

from jantaku.netplay.host import Host
from jantaku.tui.ssh.hosting import open_ssh_door

from .conftest import FAST, HANG, a_key, connect, fields, read_line

NETCLIENT = [sys.executable, str(Path(__file__).with_name("netclient.py"))]


@pytest.fixture
async def door(tmp_path):
    host = Host(data_dir=tmp_path / "host")
    await host.start(port=0)
    gateway = await open_ssh_door(host, port=0, bind="127.0.0.1", client=NETCLIENT, settings=FAST)
    yield host, gateway
    await gateway.stop()
    await host.stop()


async def visit(gateway, *keys: bytes, **kwargs) -> list[dict[str, str]]:
    """Log in, press ``keys`` one by one (each answered by a line), quit; the lines as fields."""
    async with await connect(gateway, **kwargs) as conn:
        proc = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        lines = [fields(await read_line(proc))]
        for key in keys:
            proc.stdin.write(key)
            lines.append(fields(await read_line(proc)))
        proc.stdin.write(b"q")
        await asyncio.wait_for(proc.wait_closed(), HANG)
    return lines


async def test_the_same_key_is_the_same_player_and_gets_its_tables_back(door):
    host, gateway = door
    key = a_key()
    welcome, created = await visit(gateway, b"c", username="ann", client_keys=[key])
    assert welcome["resumed"] == "no" and welcome["name"] == "ann"
    (again,) = await visit(gateway, username="ann", client_keys=[key])
    assert again["player"] == welcome["player"] and again["resumed"] == "yes"
    assert again["tables"] == f"[{created['table']}]"
    (stranger,) = await visit(gateway, username="ann", client_keys=[a_key()])
    assert stranger["player"] != welcome["player"]


async def test_a_rejoin_code_is_the_same_player(door):
    host, gateway = door
    async with await connect(gateway, username="bob") as conn:
        code = conn.get_owner().banners[0].split("rejoin code is ")[1][:11]
    first, _ = await visit(gateway, b"c", username=code)
    (again,) = await visit(gateway, username=code)
    assert first["name"] == again["name"] == "bob"
    assert again["player"] == first["player"] and again["resumed"] == "yes"


async def test_the_host_counts_a_session_under_the_ssh_clients_address(door):
    """The door passes each session's real remote address to the host (issue 25, item 5)."""
    host, gateway = door
    welcome, created = await visit(gateway, b"c", username="ann", local_addr=("127.0.0.2", 0))
    assert host.lobby.tables[int(created["table"])].creator_address == "127.0.0.2"
    _, again = await visit(gateway, b"c", username="bob", local_addr=("127.0.0.3", 0))
    assert host.lobby.tables[int(again["table"])].creator_address == "127.0.0.3"


async def test_a_tcp_client_cannot_claim_an_ssh_player_by_its_fingerprint(door):
    from jantaku.netplay.client import Client

    host, gateway = door
    key = a_key()
    (welcome,) = await visit(gateway, username="ann", client_keys=[key])
    for guess in (key.get_fingerprint("sha256"), f"ssh-key:{key.get_fingerprint('sha256')}"):
        async with await Client.connect("127.0.0.1", host.port, "mallory", token=guess) as client:
            assert client.player != int(welcome["player"]) and not client.resumed


async def test_the_launcher_wires_a_socket_to_the_host_and_keeps_players_apart(tmp_path):
    from jantaku.tui.ssh.identity import Identity, resume_token
    from jantaku.tui.ssh.launcher import CLIENT_FD, ClientLauncher

    class FakeHost:
        tokens: list[str] = []

        async def serve_stream(self, reader, writer, *, token, address):
            self.tokens.append(token)
            writer.close()

    host = FakeHost()
    launcher = ClientLauncher(host, b"secret", players_dir=tmp_path / "players", client=["jantaku-client"])
    ann, bob = Identity("ann", fingerprint="SHA256:a"), Identity("bob", rejoin_code="K7F3QX")
    launches = [launcher(ann, "xterm", (80, 24)), launcher(bob, "xterm", (80, 24))]
    await asyncio.wait_for(asyncio.gather(*launcher._tasks), HANG)  # both served by the host
    assert host.tokens == [resume_token(b"secret", ann), resume_token(b"secret", bob)]
    assert launches[0].argv == ["jantaku-client", "--fd", "3", "--name", "ann"]
    assert set(launches[0].inherit) == {CLIENT_FD}
    homes = [Path(launch.env["XDG_CONFIG_HOME"]).parent for launch in launches]
    assert homes[0].parent == tmp_path / "players" and homes[1].parent == tmp_path / "players" / "keyless"
    assert launches[1].env["JANTAKU_SSH_REJOIN_CODE"] == "K7F3QX"
    for launch in launches:
        launch.close_inherited()


async def test_the_host_announces_the_ssh_port(door):
    host, gateway = door
    assert host.ssh_port == gateway.port
    assert host._beacon_info()["ssh"] == gateway.port
