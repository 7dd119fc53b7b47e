"""Drive a real terminal: a private tmux server per test, read back with capture-pane."""

from __future__ import annotations

import shutil
import subprocess
import time
import uuid
from pathlib import Path


def have_tmux_and_ssh() -> bool:
    return all(shutil.which(tool) for tool in ("tmux", "ssh", "ssh-keygen"))


class Tmux:
    def __init__(self, command: str, scratch: Path, width: int = 100, height: int = 30):
        self.base = ["tmux", "-S", str(scratch / f"tmux-{uuid.uuid4().hex[:8]}"), "-f", "/dev/null"]
        subprocess.run(
            self.base + ["new-session", "-d", "-s", "e2e", "-x", str(width), "-y", str(height), command], check=True
        )
        subprocess.run(self.base + ["set-option", "-t", "e2e", "remain-on-exit", "on"], check=True)

    def screen(self, history: bool = False) -> str:
        """What the window shows (``history``: and what scrolled off its top)."""
        lines = ["-S", "-500"] if history else []
        return subprocess.run(
            self.base + ["capture-pane", "-p", "-J", *lines, "-t", "e2e"], capture_output=True, text=True
        ).stdout

    def wait_until(self, condition, what: str, timeout: float = 60.0, history: bool = False) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            screen = self.screen(history)
            if condition(screen):
                return screen
            time.sleep(0.05)
        raise AssertionError(f"{what} never on the screen:\n{self.screen(history)}")

    def wait_for(self, text: str, timeout: float = 60.0, history: bool = False) -> str:
        return self.wait_until(lambda screen: text in screen, repr(text), timeout, history)

    def keys(self, *keys: str) -> None:
        subprocess.run(self.base + ["send-keys", "-t", "e2e", *keys], check=True)

    def resize(self, width: int, height: int) -> None:
        subprocess.run(self.base + ["resize-window", "-t", "e2e", "-x", str(width), "-y", str(height)], check=True)

    def dead(self) -> bool:
        out = subprocess.run(
            self.base + ["display-message", "-p", "-t", "e2e", "#{pane_dead}"], capture_output=True, text=True
        ).stdout
        return out.strip() == "1"

    def wait_dead(self, timeout: float = 60.0) -> bool:
        """Whether the command in the pane has ended (within ``timeout``)."""
        end = time.monotonic() + timeout
        while not self.dead():
            if time.monotonic() > end:
                return False
            time.sleep(0.05)
        return True

    def close(self) -> None:
        subprocess.run(self.base + ["kill-server"], capture_output=True)


def ssh_command(port: int, user: str, scratch: Path, key: Path | None, *options: str) -> str:
    """An OpenSSH command line for 127.0.0.1:port that trusts the host on first use and reads no user config."""
    parts = [
        "ssh",
        "-F",
        "/dev/null",
        "-p",
        str(port),
        "-o",
        "StrictHostKeyChecking=no",
        "-o",
        f"UserKnownHostsFile={scratch / 'known_hosts'}",
        "-o",
        "LogLevel=ERROR",
        "-o",
        "IdentityAgent=none",
        "-o",
        "ConnectTimeout=5",
    ]
    if key is None:
        parts += ["-o", "PubkeyAuthentication=no"]
    else:
        parts += ["-o", "IdentitiesOnly=yes", "-i", str(key)]
    parts += list(options) + [f"{user}@127.0.0.1"]
    return " ".join(parts)


def make_key(scratch: Path, name: str = "id_ed25519") -> Path:
    path = scratch / name
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(path)], check=True)
    return path
