"""The host's decision journal: each turn's decisions appended to a file before anyone hears of
them, and moved into the database in batches.

A SQLite transaction per decision costs a host at 100 tables a sixth of its CPU (the locks,
the WAL frame and its checksum, the b-tree), while a turn of the host's loop rarely holds more
than one decision.  So a turn that only decided appends its decisions here (one ``write``),
and the store puts what the journal holds into the database in one transaction every few
hundred decisions, every second, or with the next turn that writes anything else.  What a
``write`` has handed to the kernel survives the process being killed, as a WAL commit with
``synchronous=NORMAL`` does; neither survives the machine losing power before the kernel writes
it out.

A record is one msgpack array, ``[match_id, idx, seat, action, by, at]``: a row of the
``decisions`` table.  Replaying a journal is idempotent (a row already in the database is
skipped), so a host killed between the database's commit and the journal's truncation loses
nothing and repeats nothing.  A last record cut short is left out, and said in the log.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "jantaku.journal"
    >>> journal = DecisionJournal(path)
    >>> journal.append([(7, 0, 1, '["discard", 5, [], null]', "player", 1.5)])
    >>> with open(path, "ab") as f:
    ...     _ = f.write(b"\\x96\\x07")  # a record cut short
    >>> read_journal(path)
    ([(7, 0, 1, '["discard", 5, [], null]', 'player', 1.5)], 2)
    >>> journal.clear(); journal.close()
    >>> read_journal(path)
    ([], 0)
"""

from __future__ import annotations

import os
from pathlib import Path

import msgpack

JOURNAL_NAME = "jantaku.journal"

# A decision as a row of the ``decisions`` table: match_id, idx, seat, action (JSON), by, at
DecisionRow = tuple[int, int, int, str, str, float]


def _row(item: object) -> DecisionRow | None:
    """``item`` as a decision row, or ``None`` where it is not one."""
    if not isinstance(item, list) or len(item) != 6:
        return None
    match_id, idx, seat, action, by, at = item
    ints = (match_id, idx, seat)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in ints):
        return None
    if not isinstance(action, str) or not isinstance(by, str) or not isinstance(at, (int, float)):
        return None
    return (match_id, idx, seat, action, by, float(at))


def read_journal(path: str | Path) -> tuple[list[DecisionRow], int]:
    """The rows of the journal at ``path`` (none if there is no file), and how many bytes at its
    end are not a whole record (a write cut short, or damage: everything from there is left out)."""
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        return [], 0
    unpacker = msgpack.Unpacker(raw=False, max_buffer_size=max(len(data), 1))
    unpacker.feed(data)
    rows: list[DecisionRow] = []
    good = 0
    while True:
        try:
            item = next(unpacker)
        except (StopIteration, ValueError, msgpack.FormatError, msgpack.StackError, TypeError):
            break  # the end, or what is not a record from there on
        row = _row(item)
        if row is None:
            break
        rows.append(row)
        good = unpacker.tell()
    return rows, len(data) - good


class DecisionJournal:
    """The journal file, open for appending (its owner holds the data directory's lock)."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        self._packer = msgpack.Packer(use_bin_type=True)
        self._size = os.fstat(self._fd).st_size  # the only writer: kept here, not asked for
        self.empty = self._size == 0

    def append(self, rows: list[DecisionRow]) -> None:
        """Hand ``rows`` to the kernel (``OSError`` if it refuses: nothing of them is kept then)."""
        data = b"".join(self._packer.pack(list(row)) for row in rows)
        written = 0
        try:
            while written < len(data):  # a regular file takes it whole; a short write is retried
                written += os.write(self._fd, data[written:])
        except OSError:
            if written:  # no half record left behind: what follows it would be unreadable
                os.ftruncate(self._fd, self._size)
            raise
        self._size += written
        self.empty = False

    def clear(self) -> None:
        """Everything in it is in the database now."""
        os.ftruncate(self._fd, 0)
        self._size = 0
        self.empty = True

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1
