"""The gateway with an asyncssh client: the game on a pty, and nothing else."""

from __future__ import annotations

import asyncio
import logging

import asyncssh
import pytest

from jantaku.tui.ssh import GatewaySettings
from jantaku.tui.ssh.session import NEEDS_TERMINAL

from .conftest import HANG, a_key, connect, fields, is_zombie_or_alive, open_game, read_line


async def wait_until(predicate, timeout: float = HANG) -> None:
    """Until ``predicate()`` holds; ``timeout`` only catches a hang."""
    end = asyncio.get_running_loop().time() + timeout
    while not predicate():
        if asyncio.get_running_loop().time() > end:
            raise AssertionError("condition not met in time")
        await asyncio.sleep(0.02)


# --- the game on a terminal ---------------------------------------------------------------


async def test_session_gets_the_game_on_its_own_controlling_terminal(gateway):
    async with await connect(gateway, client_keys=[a_key()]) as conn:
        proc, line = await open_game(conn, size=(100, 30))
        ready = fields(line)
        assert ready["ready"] == "100x30"
        assert ready["tty"] == "yes"
        assert ready["term"] == "xterm-256color"
        assert ready["inherited"] == "[]"  # no descriptor of the host leaks into the game
        proc.stdin.write(b"x")
        assert await read_line(proc) == "key 'x'"
        proc.stdin.write(b"q")
        assert await read_line(proc) == "bye"
        await asyncio.wait_for(proc.wait_closed(), HANG)
        assert proc.exit_status == 3  # the game's own exit status
    await wait_until(lambda: not gateway.processes)


async def test_the_game_gets_a_clean_environment(gateway, monkeypatch):
    monkeypatch.setenv("JANTAKU_TEST_HOST_SECRET", "not for players")
    async with await connect(gateway, env={"LD_PRELOAD": "/tmp/evil.so", "LANG": "de_DE.ISO-8859-1"}) as conn:
        proc, line = await open_game(conn)
        names = set(fields(line)["env"].split(","))
        proc.stdin.write(b"q")
        await asyncio.wait_for(proc.wait_closed(), HANG)
    assert names <= {
        "TERM",
        "COLORTERM",
        "LANG",
        "PATH",
        "HOME",
        "JANTAKU_SSH_NAME",
        "JANTAKU_SSH_IDENTITY",
        "JANTAKU_SSH_REJOIN_CODE",
        "LC_CTYPE",
        "LC_MESSAGES",
    }  # LC_CTYPE: Python may set it at start-up; LC_MESSAGES: the client's language (LANG stays C.UTF-8)
    assert {"TERM", "LANG", "PATH"} <= names


async def test_window_size_changes_reach_the_game(gateway):
    async with await connect(gateway) as conn:
        proc, _ = await open_game(conn, size=(80, 24))
        proc.change_terminal_size(132, 43)
        assert await read_line(proc) == "size 132x43"
        proc.change_terminal_size(70, 20)
        assert await read_line(proc) == "size 70x20"
        proc.stdin.write(b"q")
        await asyncio.wait_for(proc.wait_closed(), HANG)


async def test_closing_the_connection_ends_the_game_and_reaps_it(gateway):
    conn = await connect(gateway)
    await open_game(conn)
    (process,) = gateway.processes
    pid = process.pid
    conn.abort()  # the laptop lid closes
    await asyncio.wait_for(process.wait(), HANG)
    assert not gateway.processes
    assert not is_zombie_or_alive(pid)


async def test_a_game_that_ignores_hangup_is_killed_after_the_grace_period(make_gateway):
    gateway = await make_gateway(argv=["sh", "-c", "trap '' HUP TERM; echo ready; while :; do sleep 1; done"])
    conn = await connect(gateway)
    proc = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
    await read_line(proc)
    (process,) = gateway.processes
    conn.abort()
    code = await asyncio.wait_for(process.wait(), HANG)
    assert code == -9  # SIGKILL, after FAST.grace
    await gateway.stop()


async def test_stop_ends_every_game(make_gateway):
    gateway = await make_gateway()
    conns = [await connect(gateway, username=f"p{i}") for i in range(3)]
    for conn in conns:
        await open_game(conn)
    pids = [p.pid for p in gateway.processes]
    assert len(pids) == 3
    await gateway.stop()
    assert not gateway.processes
    assert not any(is_zombie_or_alive(pid) for pid in pids)
    for conn in conns:
        conn.close()


# --- nothing but the game -------------------------------------------------------------------


async def test_a_session_without_a_terminal_is_told_and_closed(gateway):
    async with await connect(gateway) as conn:
        result = await asyncio.wait_for(conn.run(encoding=None), HANG)  # a shell, no pty
        assert result.exit_status == 1
        assert result.stdout.decode() == NEEDS_TERMINAL
    assert not gateway.processes


async def test_exec_is_refused(gateway):
    async with await connect(gateway) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.run("cat /etc/passwd", term_type="xterm")
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.run("cat /etc/passwd")
    assert not gateway.processes


async def test_sftp_and_other_subsystems_are_refused(gateway):
    async with await connect(gateway) as conn:
        with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError)):
            await conn.start_sftp_client()
    async with await connect(gateway) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_process(subsystem="netconf")


async def test_local_and_unix_forwarding_are_refused(gateway):
    async with await connect(gateway) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.open_connection("127.0.0.1", gateway.port)  # ssh -L
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.open_unix_connection("/run/systemd/private")


async def test_remote_forwarding_is_refused(gateway):
    async with await connect(gateway) as conn:
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 9)  # ssh -R
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_path("/tmp/jantaku-ssh-test.sock", "/tmp/nowhere")


async def test_agent_forwarding_is_refused(gateway, tmp_path, caplog):
    agent_socket = tmp_path / "agent.sock"
    server = await asyncio.start_unix_server(lambda r, w: w.close(), path=str(agent_socket))
    caplog.set_level(logging.INFO, logger="asyncssh")
    try:
        async with await connect(gateway, agent_path=str(agent_socket), agent_forwarding=True) as conn:
            proc, line = await open_game(conn)
            assert fields(line)["auth_sock"] == "None"
            proc.stdin.write(b"q")
            await asyncio.wait_for(proc.wait_closed(), HANG)
    finally:
        server.close()
    assert "Agent forwarding request denied" in caplog.text


async def test_x11_forwarding_is_refused(gateway):
    async with await connect(gateway) as conn:
        with pytest.raises(asyncssh.ChannelOpenError, match="X11"):
            await conn.create_process(
                term_type="xterm", x11_forwarding=True, x11_display="127.0.0.1:0", x11_auth_path="/nonexistent"
            )


async def test_one_game_per_connection(gateway):
    async with await connect(gateway) as conn:
        proc, _ = await open_game(conn)
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_process(term_type="xterm")
        proc.stdin.write(b"q")
        await asyncio.wait_for(proc.wait_closed(), HANG)


# --- limits ---------------------------------------------------------------------------------------


async def test_a_full_host_says_so(make_gateway):
    gateway = await make_gateway(settings=GatewaySettings(max_sessions=1, auth_failure_delay=0, grace=0.5))
    async with await connect(gateway, username="first") as first:
        proc, _ = await open_game(first)
        async with await connect(gateway, username="second") as second:
            result = await asyncio.wait_for(second.run(term_type="xterm", encoding=None), HANG)
            assert result.exit_status == 1
            assert b"this host is full" in result.stdout
        proc.stdin.write(b"q")
        await asyncio.wait_for(proc.wait_closed(), HANG)
    async with await connect(gateway, username="third") as third:  # room again
        proc, line = await open_game(third)
        assert fields(line)["name"] == "third"
        proc.stdin.write(b"q")
        await asyncio.wait_for(proc.wait_closed(), HANG)
    await gateway.stop()


async def test_too_many_connections_are_turned_away_with_a_reason(make_gateway):
    gateway = await make_gateway(settings=GatewaySettings(max_sessions=1, max_pending=1, auth_failure_delay=0))
    a = await connect(gateway)
    b = await connect(gateway)
    with pytest.raises(asyncssh.DisconnectError, match="too many connections"):
        await connect(gateway)
    a.close()
    b.close()
    await gateway.stop()


def test_connections_from_one_address_are_capped():
    from jantaku.tui.ssh.gateway import SshGateway

    class Peer:
        def __init__(self, addr):
            self.peer_addr = addr

    gateway = SshGateway(lambda *a: None, data_dir=None, settings=GatewaySettings(max_per_ip=2))
    assert [gateway.admit(Peer("192.0.2.7")) for _ in range(3)][:2] == [None, None]
    assert "192.0.2.7" in gateway.admit(Peer("192.0.2.7"))
    assert gateway.admit(Peer("192.0.2.8")) is None
    assert all(gateway.admit(Peer("127.0.0.1")) is None for _ in range(5))  # local tests and tunnels


async def test_a_silent_connection_is_dropped_at_the_login_timeout(make_gateway):
    # the handshake timeout out of the way (a thousand seconds), only the login timeout can end it
    gateway = await make_gateway(settings=GatewaySettings(login_timeout=0.5, handshake_timeout=1000.0))
    reader, writer = await asyncio.open_connection("127.0.0.1", gateway.port)
    while await asyncio.wait_for(reader.read(1024), HANG):  # the server's version line, then EOF
        pass
    writer.close()
    await wait_until(lambda: not gateway.connections)
    await gateway.stop()


async def test_a_client_that_stops_reading_pauses_its_game_not_the_host(make_gateway):
    gateway = await make_gateway(argv=["yes", "a screenful of redraws"])
    async with await connect(gateway) as conn:
        proc = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        await proc.stdout.read(100)
        (server,) = gateway.connections
        channel = server.session._chan
        # the game writes as fast as it can and the client reads nothing: however busy the machine,
        # the door stops reading the game's screen (the session's process is paused), then nothing grows
        await wait_until(lambda: server.session.process is not None and not server.session.process._reading)
        buffered = channel.get_write_buffer_size()
        for _ in range(20):
            await asyncio.sleep(0)  # the loop runs on: nothing more is read from the game
        assert not server.session.process._reading
        assert channel.get_write_buffer_size() == buffered  # paused, not growing
        assert buffered < 1 << 20
        # and the host still answers others
        async with await connect(gateway, username="other") as other:
            other_proc = await other.create_process(term_type="xterm", encoding=None)
            assert await asyncio.wait_for(other_proc.stdout.read(3), HANG) == b"a s"
            other_proc.close()
    await gateway.stop()


async def test_a_client_that_goes_silent_is_dropped_by_keepalive(make_gateway):
    gateway = await make_gateway(settings=GatewaySettings(keepalive_interval=0.2, keepalive_count_max=2, grace=0.5))
    conn = await connect(gateway)
    await open_game(conn)
    (process,) = gateway.processes
    conn._transport.pause_reading()  # the laptop lid closes: nothing comes back any more
    await asyncio.wait_for(process.wait(), HANG)
    await wait_until(lambda: not gateway.connections)
    conn.abort()
    await gateway.stop()


class SilentFlood:
    """``count`` TCP connections to the door that never say a word, each reopened as soon as the
    door closes it (the attacker renews them forever)."""

    def __init__(self, port: int, count: int, renew_after: float = 0.0):
        self.port, self.count, self.renew_after = port, count, renew_after
        self.opened = self.closed_by_door = 0
        self.lifetimes: list[float] = []
        self._tasks: list[asyncio.Task] = []

    async def start(self) -> None:
        ready = [asyncio.Event() for _ in range(self.count)]
        self._tasks = [asyncio.ensure_future(self._hold(e)) for e in ready]
        await asyncio.wait_for(asyncio.gather(*(e.wait() for e in ready)), HANG)

    async def _hold(self, ready: asyncio.Event) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
            except OSError:
                await asyncio.sleep(0.05)
                continue
            self.opened += 1
            since = loop.time()
            ready.set()
            try:
                while await reader.read(1024):  # the door's version line, then nothing until it hangs up
                    pass
            except OSError:
                pass
            self.closed_by_door += 1
            self.lifetimes.append(loop.time() - since)
            writer.close()
            await asyncio.sleep(self.renew_after)

    def stop(self) -> None:
        for task in self._tasks:
            task.cancel()


@pytest.mark.parametrize(
    "pool, flood, renew_after",
    [
        (64, 16 + 16 + 8, 0.0),  # more silent sockets than the door has sessions and logins
        (8, 24, 0.1),  # more than its handshake pool too: they push each other out
    ],
    ids=["over-the-slots", "over-the-handshake-pool"],
)
async def test_silent_connections_cannot_keep_an_honest_login_out(make_gateway, caplog, pool, flood, renew_after):
    settings = GatewaySettings(
        # a login timeout far above any slowness of a busy machine: what ends the silent ones early is
        # the handshake timeout (or making room), which the assertions below tell apart from it
        max_handshakes=pool,
        handshake_timeout=2.0,
        login_timeout=4 * HANG,
        auth_failure_delay=0,
        grace=0.5,
    )
    gateway = await make_gateway(settings=settings)
    silent = SilentFlood(gateway.port, flood, renew_after)
    await silent.start()
    try:
        await asyncio.sleep(0.5)
        loop = asyncio.get_running_loop()
        for name in ("honest", "second"):
            began = loop.time()
            conn = await asyncio.wait_for(connect(gateway, username=name), HANG)
            proc, line = await open_game(conn)
            assert fields(line)["name"] == name
            proc.stdin.write(b"q")
            await asyncio.wait_for(proc.wait_closed(), HANG)
            conn.close()
            assert loop.time() - began < settings.login_timeout  # in well before a silent socket times out
        await wait_until(lambda: silent.closed_by_door >= silent.count)
        # the silent ones are dropped at the handshake timeout (or sooner, to make room), never held
        # for the login timeout
        assert max(silent.lifetimes) < settings.login_timeout / 2
        assert len(gateway.connections) <= pool + settings.max_pending + settings.max_sessions
    finally:
        silent.stop()
    refused = [r.getMessage() for r in caplog.records if r.getMessage().startswith("SSH door: 127.0.0.1")]
    assert refused and any("dropped" in line for line in refused)
    await gateway.stop()


def test_a_flood_of_logins_in_progress_makes_room_only_after_the_handshake_timeout(monkeypatch):
    from jantaku.tui.ssh import gateway as gateway_module

    class Peer:
        def __init__(self, addr):
            self.peer_addr, self.dropped = addr, False

        def has_spoken(self) -> bool:
            return True

        def drop(self) -> None:
            self.dropped = True

    clock = [100.0]
    monkeypatch.setattr(gateway_module, "_now", lambda: clock[0])
    door = gateway_module.SshGateway(
        lambda *a: None, data_dir=None, settings=GatewaySettings(max_pending=2, handshake_timeout=5.0)
    )
    first, second, third, fourth = (Peer(f"192.0.2.{i}") for i in range(4))
    for peer in (first, second, third, fourth):
        assert door.admit(peer) is None
    assert door.asked_to_log_in(first) is None and door.asked_to_log_in(second) is None
    assert "too many logins" in door.asked_to_log_in(third)  # the others are young: no room
    clock[0] += 6.0
    assert door.asked_to_log_in(fourth) is None  # the oldest, slow login makes room
    assert first.dropped and not second.dropped and first not in door.connections


def test_a_newcomer_in_a_burst_keeps_its_place_until_it_has_had_time_to_speak(monkeypatch):
    """The door accepts a burst of connections before it reads what the first one sent: the
    honest client at the head of a burst of silent sockets must not be pushed out by them."""
    from jantaku.tui.ssh import gateway as gateway_module

    class Peer:
        def __init__(self, addr):
            self.peer_addr, self.dropped, self.spoken = addr, False, False

        def has_spoken(self) -> bool:
            return self.spoken

        def drop(self) -> None:
            self.dropped = True

    clock = [100.0]
    monkeypatch.setattr(gateway_module, "_now", lambda: clock[0])
    door = gateway_module.SshGateway(
        lambda *a: None, data_dir=None, settings=GatewaySettings(max_handshakes=2, speak_grace=0.5)
    )
    honest = Peer("192.0.2.1")
    assert door.admit(honest) is None
    burst = [Peer(f"198.51.100.{i}") for i in range(3)]
    for peer in burst:  # the same instant: nobody has had the time to speak
        door.admit(peer)
    assert not honest.dropped and not any(p.dropped for p in burst)  # the pool stretches
    door.admit(Peer("198.51.100.9"))  # twice the pool: now the oldest silent one goes
    assert honest.dropped  # (it had still said nothing)

    door = gateway_module.SshGateway(
        lambda *a: None, data_dir=None, settings=GatewaySettings(max_handshakes=2, speak_grace=0.5)
    )
    honest = Peer("192.0.2.1")
    door.admit(honest)
    for peer in burst:
        peer.dropped = False
        door.admit(peer)
    honest.spoken = True
    clock[0] += 1.0
    late = Peer("198.51.100.8")
    door.admit(late)
    assert burst[0].dropped and not honest.dropped  # the oldest silent one past its grace goes
    for _ in range(10):
        door.admit(Peer("203.0.113.1"))
    assert not honest.dropped  # one that has spoken outlasts any number of silent ones
