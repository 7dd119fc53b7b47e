"""End to end: ``jantaku host --ssh`` and the real OpenSSH client in tmux, playing the real game.

Connect, see the lobby, make a table with three bots, play a turn, resize the window and see the
layout change, quit, come back with the same key: the seat is yours again, even after the host
restarts.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from .tmux import Tmux, have_tmux_and_ssh, make_key, ssh_command

pytestmark = pytest.mark.skipif(not have_tmux_and_ssh(), reason="needs tmux and the OpenSSH client")

BOXED_TILE = "╭──╮"  # the hand in boxed tiles, when the window is big enough


def test_play_over_ssh_resize_quit_and_get_the_seat_back(tmp_path, scratch, jantaku_host):
    host = jantaku_host(tmp_path / "data")
    key = make_key(scratch)
    login = ssh_command(host.ssh_port, "alice", scratch, key)
    tm = Tmux(login, scratch, 100, 30)
    try:
        tm.wait_for("you are alice")  # the lobby
        tm.keys("n")
        tm.wait_for("A new table")
        tm.keys("Tab", "Tab", "Enter")  # variant, preset, Create
        tm.wait_for("waiting 1/4")
        for seated, level in ((2, "1"), (3, "2"), (4, "3")):  # one bot of each strength
            tm.keys("b")
            tm.wait_for("Add a bot")
            tm.keys(level)
            tm.wait_for(f"waiting {seated}/4")
        tm.keys("s")
        # the table opens, alice deals (a busy machine may show the frame in parts: wait for all of it)
        tm.wait_until(lambda s: "your turn" in s and BOXED_TILE in s, "alice's turn in boxed tiles")
        tm.keys("Enter")  # discard the drawn tile
        tm.wait_for("alice discards")
        tm.resize(80, 24)
        tm.wait_until(lambda s: BOXED_TILE not in s and "東◆" in s, "the compact 80x24 table")
        tm.keys("C-q")  # quit the game: the SSH session ends with it
        assert tm.wait_dead()
    finally:
        tm.close()
    again = Tmux(login, scratch, 100, 30)
    try:
        # straight back at the table (the lobby may show first on a busy machine), alice still the dealer
        again.wait_until(lambda s: "dora" in s and "東◆" in s and BOXED_TILE in s, "alice back at her table")
        again.keys("C-q")
        assert again.wait_dead()
    finally:
        again.close()
    assert host.children() == []  # every client process reaped
    assert host.stop() == 0

    restarted = jantaku_host(tmp_path / "data")  # the same host key, the match resumed, the seat kept
    assert restarted.host_key == host.host_key
    back = Tmux(login.replace(f"-p {host.ssh_port}", f"-p {restarted.ssh_port}"), scratch, 100, 30)
    try:
        back.wait_for("wall ")
        back.keys("C-q")
        assert back.wait_dead()
    finally:
        back.close()
        assert restarted.stop() == 0


def test_a_player_without_a_key_sees_the_rejoin_code_and_comes_back_with_it(tmp_path, scratch, jantaku_host):
    host = jantaku_host(tmp_path / "data")
    tm = Tmux(ssh_command(host.ssh_port, "bob", scratch, None), scratch, 100, 30)
    try:
        screen = tm.wait_for("to get your seat back")  # in the lobby's title
        code = re.search(r"log in as ([A-Z0-9]{5}-[A-Z0-9]{5})", screen).group(1)
        tm.keys("Escape")  # leave the lobby: the game ends, the code is repeated below
        tm.wait_for(f"Your rejoin code is {code}", history=True)
    finally:
        tm.close()
    again = Tmux(ssh_command(host.ssh_port, code, scratch, None), scratch, 100, 30)
    try:
        again.wait_for(f"you are bob · log in as {code}")
    finally:
        again.close()
        assert host.stop() == 0


def test_a_host_without_ssh_never_loads_asyncssh():
    script = (
        "import asyncio, sys\n"
        "from jantaku.cli import build_parser\n"
        "from jantaku.tui.ssh.hosting import start_ssh_door\n"
        "args = build_parser().parse_args(['host'])\n"
        "assert args.ssh is None\n"
        "lines = [asyncio.run(start_ssh_door(None, args))]\n"
        "print(lines, 'asyncssh' in sys.modules, 'textual' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
    ).stdout
    assert out.split() == ["[[]]", "False", "False"]
