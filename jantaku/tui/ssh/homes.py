"""Keyless SSH players' homes: made only when something is saved, gone when unused, and capped.

Each SSH player's client keeps its settings and replays in a home of its own under
the host's data directory (``XDG_CONFIG_HOME`` and friends point there).  A player
with a key has ``ssh-players/<id>/``.  A keyless player — anyone, in a loop, at an
open door — has ``ssh-players/keyless/<id>/``, which the client creates only when it
saves something (a setting changed, a finished match), and which :class:`KeylessHomes`
keeps bounded: a home unused for ``expiry`` goes, and beyond ``capacity`` homes the
least recently used go first (never one a session is using).
"""

from __future__ import annotations

import logging
import os
import shutil
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger(__name__)

KEYLESS_DIR = "keyless"  # under the players' directory


class KeylessHomes:
    """The homes of keyless players under ``root``; see the module docstring.

    A session calls :meth:`opened` with its home when it starts and :meth:`closed` when it
    ends: a home that exists then counts as used now (its modification time), and the
    homes are swept.  ``clock`` is wall-clock time (it is compared with file times).
    """

    def __init__(
        self, root: Path, *, capacity: int = 1000, expiry: float = 30 * 86400.0, clock: Callable[[], float] = time.time
    ):
        self.root = root
        self.capacity = capacity
        self.expiry = expiry
        self.clock = clock
        self._in_use: Counter[str] = Counter()  # home name: sessions using it

    def path(self, name: str) -> Path:
        """The home called ``name`` (not created: the client makes it when it saves something)."""
        return self.root / name

    def opened(self, home: Path) -> None:
        self._in_use[home.name] += 1

    def closed(self, home: Path) -> None:
        self._in_use[home.name] -= 1
        if self._in_use[home.name] <= 0:
            del self._in_use[home.name]
        if home.is_dir():
            now = self.clock()
            try:
                os.utime(home, (now, now))
            except OSError:
                pass  # gone meanwhile
            self.sweep()

    def count(self) -> int:
        return len(self._homes())

    def sweep(self) -> None:
        """Remove homes unused for ``expiry``, then the least recently used beyond ``capacity``."""
        now = self.clock()
        homes = sorted(self._homes(), key=lambda h: h[0])  # oldest first
        idle = [(used, path) for used, path in homes if path.name not in self._in_use]
        expired = [path for used, path in idle if now - used >= self.expiry]
        excess = max(0, len(homes) - len(expired) - self.capacity)
        rest = [path for used, path in idle if now - used < self.expiry]
        for path in expired + rest[:excess]:
            shutil.rmtree(path, ignore_errors=True)
        if expired or excess:
            log.info(
                "SSH players' homes: %d unused for long, %d over the cap of %d removed",
                len(expired),
                excess,
                self.capacity,
            )

    def _homes(self) -> list[tuple[float, Path]]:
        """(last used, path) of each home; what is not a directory of its own is not a home."""
        try:
            entries = list(os.scandir(self.root))
        except OSError:  # none saved anything yet
            return []
        homes = []
        for entry in entries:
            try:
                if entry.is_dir(follow_symlinks=False):
                    homes.append((entry.stat(follow_symlinks=False).st_mtime, Path(entry.path)))
            except OSError:
                continue  # removed meanwhile
        return homes
