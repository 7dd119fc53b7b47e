"""``jantaku host --ssh`` from the command line: its options reach the door, its errors are plain."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys

import asyncssh
import pytest

from .conftest import HANG, connect


async def test_password_file_and_session_cap_reach_the_door(tmp_path, jantaku_host):
    secret = tmp_path / "pw"
    secret.write_text("open sesame\n")
    host = jantaku_host(tmp_path / "data", "--password-file", str(secret), "--ssh-max-sessions", "1")
    try:
        door = host.ssh_port
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(door, username="ann", password="wrong", kbdint_auth=False)
        async with await connect(door, username="ann", password="open sesame") as conn:
            proc = await conn.create_process(term_type="xterm-256color", term_size=(100, 30), encoding=None)
            seen = b""
            while b"new table" not in seen:  # the lobby's footer
                seen += await asyncio.wait_for(proc.stdout.read(65536), HANG)
            async with await connect(door, username="bob", password="open sesame") as second:
                result = await asyncio.wait_for(second.run(term_type="xterm", encoding=None), HANG)
                assert b"this host is full" in result.stdout
    finally:
        assert host.stop() == 0


def test_a_taken_port_is_a_plain_error(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        run = subprocess.run(
            [
                sys.executable,
                "-m",
                "jantaku",
                "host",
                "--port",
                "0",
                "--bind",
                "127.0.0.1",
                "--ssh",
                str(taken.getsockname()[1]),
                "--ssh-bind",
                "127.0.0.1",
                "--data",
                str(tmp_path),
                "--no-announce",
                "--log-level",
                "error",
            ],
            capture_output=True,
            text=True,
            timeout=30,
        )
    assert run.returncode == 1
    assert run.stderr.startswith("jantaku host: cannot open the SSH door:") and "Traceback" not in run.stderr
