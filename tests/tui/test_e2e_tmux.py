"""End to end: the real ``jantaku play`` command in tmux, driven by keystrokes, read back with capture-pane."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")


class Tmux:
    """A private tmux server (its own socket) running one command in a window of a given size."""

    def __init__(self, command: str, width: int, height: int, socket_dir) -> None:
        self.base = ["tmux", "-S", str(socket_dir / f"tmux-{uuid.uuid4().hex[:8]}")]
        subprocess.run(
            self.base + ["new-session", "-d", "-s", "e2e", "-x", str(width), "-y", str(height), command], check=True
        )

    def screen(self) -> str:
        return subprocess.run(self.base + ["capture-pane", "-p", "-t", "e2e"], capture_output=True, text=True).stdout

    def wait_until(self, condition, timeout: float = 60, what: str = "condition") -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            screen = self.screen()
            if condition(screen):
                return screen
            time.sleep(0.03)
        raise AssertionError(f"{what} never on screen:\n{self.screen()}")

    def settled(self, timeout: float = 60) -> str:
        """The screen once two captures 0.2 s apart agree (a frame being written is finished)."""
        end = time.monotonic() + timeout
        previous, screen = None, self.screen()
        while screen != previous and time.monotonic() < end:
            time.sleep(0.2)
            previous, screen = screen, self.screen()
        return screen

    def wait_for(self, text: str, timeout: float = 60) -> str:
        return self.wait_until(lambda screen: text in screen, timeout, repr(text))

    def keys(self, *keys: str) -> None:
        subprocess.run(self.base + ["send-keys", "-t", "e2e", *keys], check=True)

    def resize(self, width: int, height: int) -> None:
        subprocess.run(self.base + ["resize-window", "-t", "e2e", "-x", str(width), "-y", str(height)], check=True)

    def close(self) -> None:
        subprocess.run(self.base + ["kill-server"], capture_output=True)


def jantaku_command() -> list[str]:
    """The installed ``jantaku`` script beside this Python, else the same entry point through ``-c``."""
    script = Path(sys.executable).with_name("jantaku")
    if script.exists():
        return [shlex.quote(str(script))]
    return [
        shlex.quote(sys.executable),
        "-c",
        shlex.quote("import sys; from jantaku.cli import main; sys.exit(main())"),
    ]


@pytest.fixture
def play(tmp_path):
    started = []

    def start(width: int, height: int, *args: str, lang: str = "C.UTF-8") -> Tmux:
        # a clean environment: COLUMNS/LINES inherited from the test runner would fix the size at 80×24
        env = {
            "XDG_CONFIG_HOME": tmp_path / "config",
            "XDG_DATA_HOME": tmp_path / "data",
            "HOME": tmp_path,
            "TERM": "xterm-256color",
            "LANG": lang,
            "PATH": os.environ.get("PATH", ""),
        }
        command = " ".join(
            ["env", "-i", *(f"{k}={shlex.quote(str(v))}" for k, v in env.items()), *jantaku_command(), "play", *args]
        )
        tmux = Tmux(command + "; sleep 5", width, height, tmp_path)
        started.append(tmux)
        return tmux

    yield start
    for tmux in started:
        tmux.close()


# a run of pond tiles: a face and its one-cell marker (space, * riichi, ^ called away, ◂ latest)
POND_RUN = re.compile(r"(?:(?:[1-9][mpsfy]|[東南西北白發中])[ *^◂])+")
FACE = re.compile(r"[1-9][mpsfy]|[東南西北白發中]")


def pond_runs(screen: str) -> list[int]:
    """How many tiles each run of pond tiles on the table has (the hand and its letters left out)."""
    lines = screen.splitlines()
    letters = next(
        (i for i, line in enumerate(lines) if line.startswith("a  b  d") or line.startswith(" a   b")), len(lines)
    )
    hand_top = letters - (3 if lines[letters - 1].lstrip().startswith("╰") else 1)
    return [len(FACE.findall(run)) for line in lines[:hand_top] for run in POND_RUN.findall(line + " ")]


def assert_ponds_in_rows_of_six(screen: str) -> None:
    runs = pond_runs(screen)
    assert all(n <= 6 for n in runs), f"a pond row longer than six tiles: {runs}\n{screen}"


def play_one_hand(tmux: Tmux) -> str:
    """Discard with Enter and pass with Space until the hand's result is on screen (bounded by three
    minutes: a hang, never a busy machine)."""
    end = time.monotonic() + 3 * 60
    while time.monotonic() < end:
        screen = tmux.screen()
        assert "Traceback" not in screen, f"the game crashed:\n{screen}"
        if "hand 1 result" in screen:  # the result screen is up: wait for the whole of it (its key bar)
            return tmux.wait_until(lambda s: "hand 1 result" in s and "next hand" in s, what="the whole result")
        tmux.keys("Space" if "call " in screen else "Enter")  # "call 5m from …?" in the centre panel
        time.sleep(0.04)
        if "wall " in screen:  # the table, not a dialog: every pond in rows of six at every turn
            assert_ponds_in_rows_of_six(screen)
    raise AssertionError(f"no result after three minutes:\n{tmux.screen()}")


@pytest.mark.parametrize("width, height", [(80, 24), (160, 48)])
def test_play_a_full_hand_by_keystrokes(play, width, height):
    tmux = play(width, height, "--ruleset", "basic", "--bot-delay", "0", "--bots", "strong")
    boxed = height >= 30  # boxed tiles when there is room (the first frame may predate tmux's resize)
    screen = tmux.wait_until(
        lambda screen: (
            "your turn" in screen
            and "esc leave" in screen  # the whole frame
            and ("╭──╮" in screen) == boxed
        )
    )
    for needed in ("East 1", "wall 69", "strong bot", "東◆", "your turn", "discard"):
        assert needed in screen, needed
    assert_ponds_in_rows_of_six(screen)
    result = play_one_hand(tmux)
    assert "Mah Jong" in result or "Exhaustive draw" in result
    assert "this hand" in result and "next hand" in result
    end = time.monotonic() + 60  # the result ignores keys for a moment, then Enter goes on
    while "hand 2" not in tmux.screen() and time.monotonic() < end:
        tmux.keys("Enter")
        time.sleep(0.2)
    screen = tmux.wait_for("hand 2")
    tmux.resize(70, 20)
    tmux.wait_for("need 80×24, have 70×20")
    tmux.resize(width, height)
    tmux.wait_for("hand 2")
    tmux.keys("C-q")
    tmux.wait_until(lambda screen: "hand 2" not in screen)  # the app quit and gave the terminal back


# a riichi win as players say it: "30 fu 3 han · 3,900", "mangan · 8,000", "2,000 all", "1,000 / 2,000"
POINTS = r"\d{1,3}(?:,\d{3})*"
RIICHI_VALUE = re.compile(
    rf"(?:\d+ fu \d+ han|(?:mangan|haneman|baiman|sanbaiman|(?:\w+ )?yakuman)) · "
    rf"{POINTS}(?: all| / {POINTS})?(?!\d|,\d)"
)
RESULT_TITLE = re.compile(r"hand (\d+) result")


def play_until_a_win(tmux: Tmux, seconds: float = 4 * 60) -> str:
    """Discard with Enter and pass with Space, hand after hand (a draw: on to the next), until a result
    with a win is on screen; bounded by ``seconds``."""
    end = time.monotonic() + seconds
    seen: set[str] = set()
    while time.monotonic() < end:
        screen = tmux.screen()
        title = RESULT_TITLE.search(screen)
        if title and "Exhaustive draw" not in screen and ("win" in screen and " · " in screen):
            # the result screen may still be drawing (its value line comes after the elements): wait for
            # its last part, the key that goes on
            tmux.wait_until(lambda s: "next hand" in s or "back to the menu" in s, what="the whole result")
            return tmux.settled()  # and a frame still being written is written
        if title:  # a draw (or a result still drawing): Enter goes on once the grace period is over
            seen.add(title.group(1))
            tmux.keys("Enter")
            time.sleep(0.2)
            continue
        tmux.keys("Space" if "call " in screen else "Enter")
        time.sleep(0.04)
    raise AssertionError(f"no win in {seconds:.0f} s (hands drawn: {sorted(seen)}):\n{tmux.screen()}")


def test_a_riichi_result_shows_its_points_as_players_say_them(play):
    tmux = play(160, 48, "--ruleset", "riichi", "--bot-delay", "0", "--bots", "strong")
    tmux.wait_until(lambda screen: "your turn" in screen and "esc leave" in screen)
    result = play_until_a_win(tmux)
    assert RIICHI_VALUE.search(result), f"no riichi value in the players' form on the result:\n{result}"
    tmux.keys("C-q")


def test_a_german_locale_plays_in_german(play):
    """``LANG=de_DE.UTF-8 jantaku play``: the table, its keys and the result in German (issue 19)."""
    tmux = play(80, 24, "--ruleset", "classical", "--bot-delay", "0", lang="de_DE.UTF-8")
    screen = tmux.wait_until(lambda screen: "du bist am Zug" in screen and "esc gehen" in screen)
    for word in ("Ost 1", "Mauer ", "Hand 1", "abwerfen", "Auto-Sieg", "Hilfe"):
        assert word in screen, word
    end = time.monotonic() + 3 * 60
    while "Ergebnis der Hand 1" not in (screen := tmux.screen()):
        assert time.monotonic() < end, f"no result after three minutes:\n{screen}"
        assert "Traceback" not in screen, f"the game crashed:\n{screen}"
        tmux.keys("Space" if "rufen?" in screen else "Enter")  # "5m von Mei rufen?" in the centre panel
        time.sleep(0.04)
    result = tmux.wait_until(lambda s: "nächste Hand" in s, what="the whole result")
    assert any(words in result for words in ("gewinnt", "Remis", "Abgebrochenes Spiel")), result
    tmux.keys("C-q")
