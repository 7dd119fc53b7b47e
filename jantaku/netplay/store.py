"""Persistence in SQLite: players, matches, every decision as it is made, results.

A match is stored as what :class:`~jantaku.engine.match.MatchRecord` needs —
ruleset, preset, option overrides, seed — plus its seats, and one row per
decision, committed before anyone hears of it.  A host that dies mid-hand
replays each unfinished match to its last decision (:meth:`Store.unfinished`).

A host batches its writes (:meth:`Store.batch_writes`): what one turn of its event loop writes
is one transaction, committed at the end of the turn before any byte of that turn is sent
(:class:`~jantaku.netplay.connection.TurnFlush`), so nothing a client was told of is lost.
A turn that only made decisions appends them to the host's journal instead
(:mod:`~jantaku.netplay.journal`), and they go into the database in batches; opening a data
directory no host is using replays a journal left behind.

The file is marked with an ``application_id``; a file that is not SQLite, is
another program's database or a newer schema is refused with a
:class:`StoreError`, and never written to.

    >>> store = Store(None)                      # in memory
    >>> pid, token = store.new_player("ann")
    >>> store.player_by_token(token) == (pid, "ann")
    True
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.bounded import load_json
from ..engine.match import MatchRecord
from ..playertext import clean_player_text
from .journal import JOURNAL_NAME, DecisionJournal, DecisionRow, read_journal
from .paths import DataDirLock, DataDirLocked
from .players import new_token, token_hash

APPLICATION_ID = 0x4A4E544B  # "JNTK"
SCHEMA_VERSION = 1
DB_NAME = "jantaku.sqlite3"
_SQLITE_HEADER = b"SQLite format 3\x00"

log = logging.getLogger(__name__)

JOURNAL_BATCH = 256  # journaled decisions go into the database this many at a time,
JOURNAL_SECONDS = 1.0  # or once the oldest of them is this old, or with the next other write

SCHEMA = """
CREATE TABLE players (
    id INTEGER PRIMARY KEY,
    token_hash BLOB NOT NULL UNIQUE,
    name TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE matches (
    id INTEGER PRIMARY KEY,
    table_id INTEGER NOT NULL,
    ruleset TEXT NOT NULL,
    preset TEXT NOT NULL,
    options TEXT NOT NULL,          -- JSON: the option overrides
    seed INTEGER NOT NULL,
    walls TEXT,                     -- JSON: explicit walls (imported games) or NULL
    settings TEXT NOT NULL,         -- JSON: the table's name, timers, spectator rule
    status TEXT NOT NULL,           -- playing | finished | broken
    created REAL NOT NULL,
    finished REAL,
    result TEXT                     -- JSON: final scores and standings
);
CREATE TABLE seats (
    match_id INTEGER NOT NULL REFERENCES matches(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    player_id INTEGER REFERENCES players(id),   -- NULL: a bot seat
    bot TEXT,
    PRIMARY KEY (match_id, seat)
) WITHOUT ROWID;
CREATE TABLE decisions (
    match_id INTEGER NOT NULL REFERENCES matches(id),
    idx INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,           -- JSON: Action.to_wire()
    by TEXT NOT NULL,               -- player | bot | auto (a bot for an absent player)
    at REAL NOT NULL,
    PRIMARY KEY (match_id, idx)
) WITHOUT ROWID;
CREATE TABLE hands (
    match_id INTEGER NOT NULL REFERENCES matches(id),
    hand_index INTEGER NOT NULL,
    result TEXT NOT NULL,           -- JSON: HandResult.to_wire()
    PRIMARY KEY (match_id, hand_index)
) WITHOUT ROWID;
CREATE INDEX matches_status ON matches(status);
"""


# a column's JSON: a whole match's walls are about 20 KiB, a hand's result under 4 KiB
MAX_STORED_JSON_BYTES = 16 * 1024 * 1024


class StoreError(Exception):
    """The database cannot be used (not ours, corrupt, newer, locked); nothing was written."""


def _stored_json(text: Any, what: str, kind: type, *, match_id: int) -> Any:
    """A JSON column read back, or a :class:`StoreError` naming the match and the column.

    One damaged row (the database's integrity check cannot see inside a JSON
    text) must cost its match, never the host's start.

    >>> _stored_json('{"hands": 2}', "options", dict, match_id=4)
    {'hands': 2}
    >>> _stored_json('[1, 2]', "options", dict, match_id=4)
    Traceback (most recent call last):
    ...
    jantaku.netplay.store.StoreError: match 4: the stored options: not a JSON object
    """
    try:  # bounded: a row nested 100,000 deep once ended json.loads in a RecursionError
        value = load_json(text, max_bytes=MAX_STORED_JSON_BYTES)
    except (TypeError, ValueError) as exc:
        raise StoreError(f"match {match_id}: the stored {what}: not valid JSON ({exc})") from None
    if not isinstance(value, kind):
        raise StoreError(f"match {match_id}: the stored {what}: not a JSON {'object' if kind is dict else 'array'}")
    return value


def stored_name(value: Any, fallback: str) -> str:
    """A name read back from the database, cleaned as at entry: rows written by an older host, or by
    another program, may hold markup's escapes or control characters (``fallback`` if nothing is left).

    >>> stored_name("evil\\x1b]52;c;aGk=\\x07", "seat 1"), stored_name(None, "seat 2"), stored_name("\\u202e", "seat 3")
    ('evil]52;c;aGk=', 'seat 2', 'seat 3')
    """
    return clean_player_text(value if isinstance(value, str) else "") or fallback


@dataclass
class StoredSeat:
    name: str
    player_id: int | None
    bot: str | None


@dataclass
class StoredMatch:
    id: int
    table_id: int
    record: MatchRecord
    seats: list[StoredSeat]
    settings: dict[str, Any]
    status: str
    created: float
    finished: float | None = None
    result: dict[str, Any] | None = None


class Store:
    """The host's database.  ``path=None`` keeps everything in memory (quick local games)."""

    def __init__(self, path: str | Path | None, *, create: bool = True):
        self.path = None if path is None else Path(path)
        self.db = self._open(create)
        self._open_batch: Callable[[], None] | None = None  # see batch_writes
        self.batch_matches: set[int] = set()  # matches written in the open batch
        self.closed = False
        self._journal: DecisionJournal | None = None  # see batch_writes
        self._turn_rows: list[DecisionRow] = []  # this turn's decisions, for the journal
        self._journaled: list[DecisionRow] = []  # in the journal, not yet in the database
        self._journaled_since = 0.0  # when the oldest of them was journaled (monotonic)
        self._txn_journaled: list[DecisionRow] = []  # journaled ones inside the open transaction

    @classmethod
    def in_dir(cls, data_dir: str | Path, *, create: bool = True) -> "Store":
        """The store of a data directory; a journal a host left behind (killed, or its machine
        down) is replayed first, where no host is using the directory now."""
        data_dir = Path(data_dir)
        if create:
            data_dir.mkdir(parents=True, exist_ok=True)
        store = cls(data_dir / DB_NAME, create=create)
        journal = data_dir / JOURNAL_NAME
        if journal.exists() and journal.stat().st_size > 0:
            lock = DataDirLock(data_dir)
            try:
                lock.acquire()
            except (DataDirLocked, OSError):  # its host is running (it owns the journal), or read-only
                return store
            try:
                store.replay_journal(journal)
            except (sqlite3.Error, OSError) as exc:  # a reader still reads what the database has
                log.warning("%s could not be replayed: %s", journal, exc)
            finally:
                lock.release()
        return store

    # --- opening safely ------------------------------------------------------------------

    def _open(self, create: bool) -> sqlite3.Connection:
        if self.path is None:
            db = sqlite3.connect(":memory:", isolation_level=None)
            self._initialise(db)
            return db
        exists = self.path.exists() and self.path.stat().st_size > 0
        if not exists and not create:
            raise StoreError(f"no jantaku database at {self.path}")
        if exists:
            with open(self.path, "rb") as f:
                if f.read(len(_SQLITE_HEADER)) != _SQLITE_HEADER:
                    raise StoreError(f"{self.path} is not a SQLite database; refusing to use or overwrite it")
        try:
            db = sqlite3.connect(self.path, isolation_level=None, timeout=5.0)
            app_id = db.execute("PRAGMA application_id").fetchone()[0]
            version = db.execute("PRAGMA user_version").fetchone()[0]
            tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if app_id == APPLICATION_ID:
                if version > SCHEMA_VERSION:
                    raise StoreError(
                        f"{self.path} was written by a newer jantaku (schema {version}; "
                        f"this one knows {SCHEMA_VERSION})"
                    )
                check = db.execute("PRAGMA quick_check").fetchone()[0]
                if check != "ok":
                    raise StoreError(f"{self.path} is damaged ({check}); it is left as it is")
            elif app_id == 0 and tables == 0:
                if not create:
                    raise StoreError(f"{self.path} is an empty database, not a jantaku one")
                self._initialise(db)
            else:
                raise StoreError(
                    f"{self.path} belongs to another program (application id {app_id:#x}); "
                    "refusing to use or overwrite it"
                )
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            db.execute("PRAGMA foreign_keys=ON")
            return db
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path} cannot be read as a jantaku database: {exc}") from None

    @staticmethod
    def _initialise(db: sqlite3.Connection) -> None:
        db.executescript(
            "BEGIN;" + SCHEMA + f"PRAGMA application_id={APPLICATION_ID};PRAGMA user_version={SCHEMA_VERSION}; COMMIT;"
        )

    def close(self) -> None:
        if not self.closed:
            if self._journal is not None and (self._turn_rows or self._journaled):
                try:
                    self._into_db()
                except sqlite3.Error:  # they stay in the journal: the next start replays it
                    log.exception("could not move the journal's decisions into %s", self.path)
                    self._rollback()
            self.commit()
            self.closed = True
            self.db.close()
            if self._journal is not None:
                self._journal.close()

    # --- batches: one transaction per turn of the host's loop ------------------------------

    def batch_writes(self, on_open: Callable[[], None], *, journal: Path | None = None) -> None:
        """From now on writes gather in one transaction until :meth:`commit`; ``on_open`` is
        called when a write opens one (the host then commits at the end of the loop's turn).

        With ``journal`` (its owner holds the data directory's lock) what is left in that file
        is replayed now, and from now on a turn that wrote only decisions appends them there."""
        self._open_batch = on_open
        if journal is not None:
            self.replay_journal(journal)
            self._journal = DecisionJournal(journal)

    def replay_journal(self, path: Path) -> int:
        """Put the decisions of the journal at ``path`` that the database lacks into it, then
        empty the journal; returns how many went in.  A row already there is skipped (the
        journal is emptied only after its rows are committed, so a kill between repeats them),
        as is one whose match is not stored, with a line in the log."""
        rows, unreadable = read_journal(path)
        if unreadable:
            log.warning("%s: the last %d bytes are not a whole decision; left out", path, unreadable)
        added = 0
        if rows:
            with self._transaction() as db:
                for row in rows:
                    try:
                        added += db.execute(self._REPLAY_DECISION, row).rowcount
                    except sqlite3.IntegrityError:
                        log.warning("%s: a decision of match %d, which is not stored; left out", path, row[0])
            if self._open_batch is not None:
                self.commit()
        if added:
            log.info("%s: %d decisions put into the database", path, added)
        if rows or unreadable:
            os.truncate(path, 0)  # all of it is in the database now
        return added

    def _journal_due(self) -> bool:
        waiting = len(self._journaled) + len(self._turn_rows)
        return waiting >= JOURNAL_BATCH or (
            bool(self._journaled) and time.monotonic() - self._journaled_since >= JOURNAL_SECONDS
        )

    def _into_db(self) -> None:
        """The decisions not yet in the database, into the open transaction (one opened if need be)."""
        if not self.db.in_transaction:
            self.db.execute("BEGIN")
            if self._open_batch is not None:
                self._open_batch()
        # (OR IGNORE: a row a replay of the journal put in already, where locks are no-ops)
        self.db.executemany(self._REPLAY_DECISION, self._journaled + self._turn_rows)
        self._txn_journaled += self._journaled
        self._journaled, self._turn_rows = [], []

    def _rollback(self) -> None:
        """The open transaction undone; the journaled decisions in it are still in the journal."""
        try:
            self.db.execute("ROLLBACK")
        except sqlite3.Error:
            pass
        self._journaled = self._txn_journaled + self._journaled
        self._txn_journaled = []

    def _write(self, sql: str, params: tuple[Any, ...], match_id: int | None = None) -> sqlite3.Cursor:
        if self._open_batch is not None and not self.db.in_transaction:
            self.db.execute("BEGIN")
            self._open_batch()
        if match_id is not None and self.db.in_transaction:
            self.batch_matches.add(match_id)
        return self.db.execute(sql, params)

    def commit(self) -> bool:
        """Commit the open batch (if any), or journal a batch of decisions only.  False if it
        could not be: it was rolled back and ``batch_matches`` still names the matches whose
        writes were lost (logged)."""
        if self.closed:
            return True
        try:
            if (self._turn_rows or self._journaled) and (self.db.in_transaction or self._journal_due()):
                self._into_db()
            if self.db.in_transaction:
                self._commit_now()
        except sqlite3.Error:
            log.exception("could not commit the host's writes to %s", self.path or "memory")
            self._turn_rows = []
            self._rollback()
            return False
        if self._txn_journaled:
            self._txn_journaled = []
            if self._journal is not None and not self._journaled:
                try:
                    self._journal.clear()
                except OSError:  # harmless: a replay skips what the database has
                    log.exception("could not empty %s", self._journal.path)
        if self._turn_rows:
            assert self._journal is not None  # turn rows are kept only for a journal
            try:
                self._journal.append(self._turn_rows)
            except OSError:
                log.exception("could not write the host's decisions to %s", self._journal.path)
                self._turn_rows = []
                return False
            if not self._journaled:
                self._journaled_since = time.monotonic()
            self._journaled += self._turn_rows
            self._turn_rows = []
        self.batch_matches.clear()
        return True

    def _commit_now(self) -> None:
        self.db.execute("COMMIT")

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """All or nothing; inside an open batch a savepoint (committed with the batch)."""
        if self._open_batch is not None or self.db.in_transaction:
            if not self.db.in_transaction and self._open_batch is not None:
                self.db.execute("BEGIN")
                self._open_batch()
            self.db.execute("SAVEPOINT whole")
            try:
                yield self.db
            except BaseException:
                self.db.execute("ROLLBACK TO whole")
                self.db.execute("RELEASE whole")
                raise
            self.db.execute("RELEASE whole")
            return
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # --- players -----------------------------------------------------------------------

    def new_player(self, name: str, token: str | None = None) -> tuple[int, str]:
        """A new identity; returns its id and resume token (only the token's hash is kept).

        ``token``: the resume token to use, if the caller has one (else a new random one).
        """
        token = token or new_token()
        cur = self._write(
            "INSERT INTO players (token_hash, name, created) VALUES (?, ?, ?)", (token_hash(token), name, time.time())
        )
        assert cur.lastrowid is not None  # set by the INSERT
        return cur.lastrowid, token

    def add_player(self, player_id: int, name: str, token: str) -> None:
        """Store an identity the host made earlier and kept in memory until it first did something."""
        self._write(
            "INSERT INTO players (id, token_hash, name, created) VALUES (?, ?, ?, ?)",
            (player_id, token_hash(token), name, time.time()),
        )

    def max_player_id(self) -> int:
        return self.db.execute("SELECT COALESCE(MAX(id), 0) FROM players").fetchone()[0]

    def player_by_token(self, token: str) -> tuple[int, str] | None:
        row = self.db.execute("SELECT id, name FROM players WHERE token_hash = ?", (token_hash(token),)).fetchone()
        return (row[0], stored_name(row[1], f"player {row[0]}")) if row else None

    def has_played(self, player_id: int) -> bool:
        """Whether the player has (or had) a seat in a stored match."""
        return self.db.execute("SELECT 1 FROM seats WHERE player_id = ? LIMIT 1", (player_id,)).fetchone() is not None

    def rename_player(self, player_id: int, name: str) -> None:
        self._write("UPDATE players SET name = ? WHERE id = ?", (name, player_id))

    # --- matches -----------------------------------------------------------------------

    def create_match(
        self, table_id: int, record: MatchRecord, seats: list[StoredSeat], settings: dict[str, Any]
    ) -> int:
        walls = json.dumps(record.to_wire()["walls"]) if record.walls else None
        with self._transaction() as db:
            cur = db.execute(
                "INSERT INTO matches (table_id, ruleset, preset, options, seed, walls, settings, status, created)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, 'playing', ?)",
                (
                    table_id,
                    record.ruleset,
                    record.preset,
                    json.dumps(record.options),
                    record.seed,
                    walls,
                    json.dumps(settings),
                    time.time(),
                ),
            )
            match_id = cur.lastrowid
            assert match_id is not None  # set by the INSERT
            if self._open_batch is not None:
                self.batch_matches.add(match_id)
            db.executemany(
                "INSERT INTO seats (match_id, seat, name, player_id, bot) VALUES (?, ?, ?, ?, ?)",
                [(match_id, i, s.name, s.player_id, s.bot) for i, s in enumerate(seats)],
            )
            for index, (seat, wire) in enumerate(record.decisions):
                self._insert_decision(db, match_id, index, seat, wire, "player")
        return match_id

    _INSERT_DECISION = "INSERT INTO decisions (match_id, idx, seat, action, by, at) VALUES (?, ?, ?, ?, ?, ?)"
    _REPLAY_DECISION = _INSERT_DECISION.replace("INSERT", "INSERT OR IGNORE", 1)

    @classmethod
    def _insert_decision(
        cls, db: sqlite3.Connection, match_id: int, index: int, seat: int, wire: list, by: str
    ) -> None:
        db.execute(cls._INSERT_DECISION, (match_id, index, seat, json.dumps(wire), by, time.time()))

    def append_decision(self, match_id: int, index: int, seat: int, wire: list, by: str) -> None:
        """One decision (``index`` is its place in the record, from 0): committed at once, or with
        the batch (:meth:`batch_writes`) before anyone hears of it, or into the journal."""
        row = (match_id, index, seat, json.dumps(wire), by, time.time())
        if self._journal is None or self.db.in_transaction:
            self._write(self._INSERT_DECISION, row, match_id)
            return
        if not self._turn_rows and self._open_batch is not None:
            self._open_batch()  # the turn's end journals it
        self._turn_rows.append(row)
        self.batch_matches.add(match_id)

    def set_seat(self, match_id: int, seat: int, stored: StoredSeat) -> None:
        """A seat changed hands during the match (a player left; a bot plays on)."""
        self._write(
            "UPDATE seats SET name = ?, player_id = ?, bot = ? WHERE match_id = ? AND seat = ?",
            (stored.name, stored.player_id, stored.bot, match_id, seat),
            match_id,
        )

    def record_hand(self, match_id: int, hand_index: int, result: dict[str, Any]) -> None:
        self._write(
            "INSERT OR REPLACE INTO hands (match_id, hand_index, result) VALUES (?, ?, ?)",
            (match_id, hand_index, json.dumps(result)),
            match_id,
        )

    def finish_match(self, match_id: int, result: dict[str, Any], status: str = "finished") -> None:
        self._write(
            "UPDATE matches SET status = ?, finished = ?, result = ? WHERE id = ?",
            (status, time.time(), json.dumps(result), match_id),
            match_id,
        )

    def next_table_id(self) -> int:
        return (self.db.execute("SELECT max(table_id) FROM matches").fetchone()[0] or 0) + 1

    # --- reading back ------------------------------------------------------------------

    def unfinished_ids(self) -> list[int]:
        """The matches that were being played (to resume: :meth:`load` each)."""
        return [r[0] for r in self.db.execute("SELECT id FROM matches WHERE status = 'playing' ORDER BY id")]

    def unfinished(self) -> list[StoredMatch]:
        """Every match that was being played, with all its decisions."""
        return [self.load(i) for i in self.unfinished_ids()]

    def finished(self, limit: int = 1000, *, left_out: list[str] | None = None) -> list[StoredMatch]:
        """Finished matches, newest first (without their decisions); a damaged one is left out and logged
        (and its reason added to ``left_out``)."""
        rows = self.db.execute(
            "SELECT id FROM matches WHERE status = 'finished' ORDER BY finished DESC, id DESC LIMIT ?", (limit,)
        ).fetchall()
        out = []
        for (match_id,) in rows:
            try:
                out.append(self.load(match_id, decisions=False))
            except StoreError as exc:
                log.warning("%s; left out of the history", exc)
                if left_out is not None:
                    left_out.append(str(exc))
        return out

    def load(self, match_id: int, *, decisions: bool = True) -> StoredMatch:
        row = self.db.execute(
            "SELECT id, table_id, ruleset, preset, options, seed, walls, settings, status, created, finished, result"
            " FROM matches WHERE id = ?",
            (match_id,),
        ).fetchone()
        if row is None:
            raise KeyError(f"no match {match_id}")
        (mid, table_id, ruleset, preset, options, seed, walls, settings, status, created, finished, result) = row
        record = MatchRecord(ruleset, preset, _stored_json(options, "options", dict, match_id=mid), seed)
        if walls:
            try:
                record = MatchRecord.from_wire(
                    {**record.to_wire(), "walls": _stored_json(walls, "walls", dict, match_id=mid)}
                )
            except ValueError as exc:
                raise StoreError(f"match {mid}: the stored walls: {exc}") from None
        if decisions:
            record.decisions = self._decisions(mid)
        seats = [
            StoredSeat(stored_name(name, f"seat {seat + 1}"), pid, bot)
            for seat, name, pid, bot in self.db.execute(
                "SELECT seat, name, player_id, bot FROM seats WHERE match_id = ? ORDER BY seat", (mid,)
            )
        ]
        table_settings = _stored_json(settings, "settings", dict, match_id=mid)
        if "name" in table_settings:
            table_settings["name"] = stored_name(table_settings["name"], f"table {table_id}")
        return StoredMatch(
            mid,
            table_id,
            record,
            seats,
            table_settings,
            status,
            created,
            finished,
            _stored_json(result, "result", dict, match_id=mid) if result else None,
        )

    def _settle(self) -> None:
        """Decisions not in the database yet go into the open batch, to be read with the rest."""
        if self._turn_rows or self._journaled:
            self._into_db()

    def _decisions(self, match_id: int) -> list[tuple[int, list[Any]]]:
        self._settle()
        out = []
        for expected, (idx, seat, action) in enumerate(
            self.db.execute("SELECT idx, seat, action FROM decisions WHERE match_id = ? ORDER BY idx", (match_id,))
        ):
            if idx != expected:
                raise StoreError(f"match {match_id}: decision {expected} is missing")
            out.append((seat, _stored_json(action, f"decision {idx}", list, match_id=match_id)))
        return out

    def decision_authors(self, match_id: int) -> list[tuple[int, str]]:
        """(seat, by) of each decision, in order (who or what decided)."""
        self._settle()
        return [
            (s, b)
            for s, b in self.db.execute("SELECT seat, by FROM decisions WHERE match_id = ? ORDER BY idx", (match_id,))
        ]

    def hand_results(self, match_id: int) -> list[dict[str, Any]]:
        return [
            _stored_json(r, f"result of hand {i}", dict, match_id=match_id)
            for i, (r,) in enumerate(
                self.db.execute("SELECT result FROM hands WHERE match_id = ? ORDER BY hand_index", (match_id,))
            )
        ]


def store_imported_match(
    match, *, source: str, data_dir: str | Path | None = None, players: tuple[str, ...] = ()
) -> str:
    """Keep a replayed outside game (a Tenhou import) as a finished match in the history.

    Returns a line saying where it went.  Its record carries the log's walls, so
    it replays decision by decision like any match played here.
    """
    from .paths import default_data_dir

    directory = Path(data_dir) if data_dir else default_data_dir()
    store = Store.in_dir(directory)
    try:
        names = list(players) + [f"seat {i + 1}" for i in range(len(players), 4)]
        settings = {"name": f"imported: {Path(source).name}", "imported_from": str(source)}
        match_id = store.create_match(
            store.next_table_id(),
            match.record(),
            [StoredSeat(n or f"seat {i + 1}", None, None) for i, n in enumerate(names)],
            settings,
        )
        for index, result in enumerate(match.results):
            store.record_hand(match_id, index, result.to_wire())
        store.finish_match(
            match_id,
            {"scores": list(match.scores), "standings": match.standings, "stopped": getattr(match, "stopped", None)},
        )
    finally:
        store.close()
    return f"stored as match {match_id} in {directory} (jantaku history lists it)"
