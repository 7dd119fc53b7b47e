"""Keyless players' homes: made only by a save, gone when unused for long, capped (oldest first)."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from jantaku.tui.ssh.homes import KeylessHomes
from jantaku.tui.ssh.identity import Identity
from jantaku.tui.ssh.launcher import ClientLauncher, home_name
from jantaku.tui.ssh.identity import resume_token

from .conftest import HANG

DAY = 86400.0


class Clock:
    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


def saved_in(home: Path) -> None:
    """What the client does when a keyless player changes a setting."""
    (home / "config" / "jantaku").mkdir(parents=True)
    (home / "config" / "jantaku" / "settings.json").write_text("{}")


def visit(homes: KeylessHomes, name: str, *, save: bool) -> Path:
    home = homes.path(name)
    homes.opened(home)
    if save:
        saved_in(home)
    homes.closed(home)
    return home


def test_a_visit_that_saves_nothing_leaves_nothing(tmp_path):
    homes = KeylessHomes(tmp_path / "keyless", clock=Clock())
    for i in range(100):  # one client opening sessions in a loop
        visit(homes, f"h{i}", save=False)
    assert not (tmp_path / "keyless").exists()


def test_homes_unused_for_long_go_and_used_ones_stay(tmp_path):
    clock = Clock()
    homes = KeylessHomes(tmp_path / "keyless", expiry=30 * DAY, clock=clock)
    regular, gone = visit(homes, "regular", save=True), visit(homes, "gone", save=True)
    clock.now += 20 * DAY
    visit(homes, "regular", save=False)  # came back without saving: still a use
    clock.now += 15 * DAY
    visit(homes, "newcomer", save=True)
    assert regular.is_dir() and not gone.exists()


def test_homes_are_capped_least_recently_used_first_never_one_in_use(tmp_path):
    clock = Clock()
    homes = KeylessHomes(tmp_path / "keyless", capacity=3, clock=clock)
    playing = homes.path("playing")
    homes.opened(playing)
    saved_in(playing)  # saved mid-session, still at the table
    for i in range(10):
        clock.now += 60
        visit(homes, f"h{i}", save=True)
    left = sorted(p.name for p in (tmp_path / "keyless").iterdir())
    assert left == ["h8", "h9", "playing"]  # the oldest idle ones made room; the one in use stayed
    (tmp_path / "keyless" / "stray").write_text("not a home")  # not a directory: not counted, not removed
    os.symlink(tmp_path, tmp_path / "keyless" / "link")
    clock.now += 60
    homes.closed(playing)
    assert sorted(p.name for p in (tmp_path / "keyless").iterdir()) == ["h8", "h9", "link", "playing", "stray"]
    assert (tmp_path / "keyless").parent.exists()  # the link was not followed


async def test_the_launcher_gives_keyless_players_bounded_homes_and_adopts_old_ones(tmp_path):
    class FakeHost:
        async def serve_stream(self, reader, writer, *, token, address):
            writer.close()

    players = tmp_path / "players"
    launcher = ClientLauncher(FakeHost(), b"secret", players_dir=players, client=["jantaku-client"])
    old = players / home_name(resume_token(b"secret", Identity("", rejoin_code="K7F3QX")))
    saved_in(old)  # an older version kept keyless homes beside the keyed ones
    launcher.adopt_keyless_homes(["K7F3QX"])
    assert not old.exists() and (players / "keyless" / old.name / "config").is_dir()
    bob = Identity("bob", rejoin_code="K7F3Q-XM8P2")
    launch = launcher(bob, "xterm", (80, 24))
    home = Path(launch.env["XDG_CONFIG_HOME"]).parent
    assert home.parent == players / "keyless" and not home.exists()  # made only when the client saves
    assert launcher.keyless_homes is not None and launcher.keyless_homes._in_use[home.name] == 1
    launch.close_inherited()
    await asyncio.wait_for(asyncio.gather(*launcher._tasks), HANG)
    assert not launcher.keyless_homes._in_use  # the session's end is seen
