"""The real OpenSSH client in a real terminal (tmux) against the gateway serving the stand-in game."""

from __future__ import annotations

import subprocess
import sys

import pytest

from .tmux import Tmux, have_tmux_and_ssh, make_key, ssh_command

pytestmark = pytest.mark.skipif(not have_tmux_and_ssh(), reason="needs tmux and the OpenSSH client")


@pytest.fixture
def standin_host(tmp_path):
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.ssh.serve_standin", "--data", str(tmp_path / "data")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        port = int(proc.stdout.readline().split()[1])
        yield port
    finally:
        proc.stdin.close()
        proc.wait(10)


def test_openssh_gets_the_game_resizes_and_keeps_its_identity(standin_host, scratch):
    key = make_key(scratch)
    tm = Tmux(ssh_command(standin_host, "alice", scratch, key), scratch, 100, 30)
    try:
        screen = tm.wait_until(lambda s: "ready 100x30" in s and " term=" in s, "the whole ready line")
        assert "tty=yes" in screen and "name=alice" in screen and "identity=ssh-key:SHA256:" in screen
        identity = screen.split("identity=")[1].split()[0]
        tm.resize(120, 40)
        tm.wait_for("size 120x40")
        tm.keys("x")
        tm.wait_for("key 'x'")
        tm.keys("q")
        tm.wait_for("bye")
        assert tm.wait_dead()
    finally:
        tm.close()
    again = Tmux(ssh_command(standin_host, "alice", scratch, key), scratch, 80, 24)
    try:
        assert f"identity={identity}" in again.wait_until(lambda s: "ready 80x24" in s and " term=" in s, "ready")
        again.keys("q")
    finally:
        again.close()


def test_openssh_without_a_key_gets_a_rejoin_code(standin_host, scratch):
    tm = Tmux(ssh_command(standin_host, "bob", scratch, None), scratch)
    try:
        screen = tm.wait_until(lambda s: "ready" in s and " term=" in s, "the whole ready line")
        code = screen.split("identity=ssh-code:")[1].split()[0]
        tm.keys("q")
        tm.wait_for(f"Your rejoin code is {code}")
    finally:
        tm.close()
    again = Tmux(ssh_command(standin_host, code, scratch, None), scratch)
    try:
        screen = again.wait_until(lambda s: "ready" in s and " term=" in s, "the whole ready line")
        assert f"identity=ssh-code:{code}" in screen and "name=bob" in screen
        again.keys("q")
    finally:
        again.close()


def test_openssh_exec_and_no_terminal_are_refused(standin_host, scratch):
    base = ssh_command(standin_host, "eve", scratch, None).split()
    run = subprocess.run(base + ["cat", "/etc/passwd"], capture_output=True, text=True, timeout=120)
    assert run.returncode != 0 and "root:" not in run.stdout
    run = subprocess.run(
        base[:-1] + ["-T", base[-1]], capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL
    )
    assert run.returncode == 1 and "needs a terminal" in run.stdout


def test_openssh_is_refused_once_its_key_is_removed_from_authorized_keys(tmp_path, scratch):
    key = make_key(scratch)
    listed = scratch / "authorized_keys"
    listed.write_text(key.with_suffix(".pub").read_text())
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.ssh.serve_standin",
            "--data",
            str(tmp_path / "data"),
            "--authorized-keys",
            str(listed),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        port = int(proc.stdout.readline().split()[1])
        base = ssh_command(port, "erin", scratch, key, "-o", "BatchMode=yes").split()
        no_terminal = base[:-1] + ["-T", base[-1]]  # in, then told the game needs a terminal
        run = subprocess.run(no_terminal, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
        assert run.returncode == 1 and "needs a terminal" in run.stdout, run
        listed.write_text("")  # the last key revoked, no restart
        run = subprocess.run(no_terminal, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
        assert run.returncode == 255 and "Permission denied" in run.stderr, run
    finally:
        proc.stdin.close()
        proc.wait(10)


def test_openssh_gets_in_while_silent_sockets_hold_every_slot(standin_host, scratch):
    import socket

    silent = [socket.create_connection(("127.0.0.1", standin_host)) for _ in range(16 + 16 + 8)]
    try:
        base = ssh_command(standin_host, "honest", scratch, None).split()  # keyless: no prompt at an open door
        run = subprocess.run(
            base[:-1] + ["-T", base[-1]], capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL
        )
        # it got in (when silent sockets held the slots it was told "too many connections" instead)
        assert run.returncode == 1 and "needs a terminal" in run.stdout, run
    finally:
        for sock in silent:
            sock.close()


def test_openssh_with_a_command_is_told_why_in_one_line(standin_host, scratch):
    """``ssh HOST ls``: the one-line explanation docs/ssh.md promises, not only OpenSSH's own
    "exec request failed" (issue 15, item 16); the command is not run."""
    base = ssh_command(standin_host, "eve", scratch, None).split()
    for command in (["ls"], ["-t", "ls"]):
        run = subprocess.run(
            base[:-1] + command[:-1] + [base[-1], command[-1]],
            capture_output=True,
            text=True,
            timeout=120,
            stdin=subprocess.DEVNULL,
        )
        said = [line for line in (run.stdout + run.stderr).splitlines() if line.startswith("jantaku:")]
        assert run.returncode != 0 and len(said) == 1, (run.stdout, run.stderr)
        assert "runs no commands" in said[0] and "ssh -p" in said[0]
