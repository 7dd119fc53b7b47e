"""Where the host keeps its data, and the lock that keeps two hosts off one directory."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TextIO


def default_data_dir() -> Path:
    """``$XDG_DATA_HOME/jantaku``, else ``~/.local/share/jantaku``.

    >>> default_data_dir().name
    'jantaku'
    """
    base = os.environ.get("XDG_DATA_HOME")
    if not base or not os.path.isabs(base):  # the XDG spec says to ignore relative paths
        base = os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "jantaku"


class DataDirLocked(Exception):
    pass


class DataDirLock:
    """An exclusive lock on ``DIR/host.lock`` while a host uses the directory (POSIX; a no-op elsewhere)."""

    def __init__(self, data_dir: str | Path):
        self.path = Path(data_dir) / "host.lock"
        self._file: TextIO | None = None

    def acquire(self) -> None:
        try:
            import fcntl
        except ImportError:  # Windows: no advisory locks here
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        f = open(self.path, "a+")
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            f.close()
            raise DataDirLocked(f"another jantaku host is using {self.path.parent}") from None
        f.seek(0)
        f.truncate()
        f.write(f"{os.getpid()}\n")
        f.flush()
        self._file = f

    def release(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None
