"""Finished matches kept as JSON for the replay screen.

A file is :meth:`MatchRecord.to_wire` plus optional ``names``; any file
exported by ``MatchRecord.to_wire()`` alone loads too, and so does what
``jantaku export`` writes (names in ``meta.seats``).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from ..engine.bounded import load_json, read_outside_file
from ..engine.match import MatchRecord
from ..i18n import _
from ..playertext import clean_player_text
from .settings import data_dir


def replays_dir() -> Path:
    return data_dir() / "replays"


def save_record(record: MatchRecord, *, names: list[str] | None = None, folder: Path | None = None) -> Path | None:
    """Write the record; returns its path (None if the disk said no)."""
    folder = folder or replays_dir()
    data: dict[str, Any] = record.to_wire()
    if names:
        data["names"] = list(names)
    path = folder / f"{time.strftime('%Y%m%d-%H%M%S')}-{record.ruleset}-{record.seed}.json"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data), encoding="utf-8")
    except OSError:
        return None
    return path


def load_record(path: Path) -> tuple[MatchRecord, list[str] | None]:
    """The record in a file and the names saved with it; ``ValueError`` if it is not one."""
    try:  # bounded: a file nested 100,000 deep once ended json.loads in a RecursionError
        data = load_json(read_outside_file(path))
    except (OSError, ValueError) as exc:  # not JSON, or over a limit (docs/formats.md)
        raise ValueError(_("cannot read {path}: {error}").format(path=path, error=exc)) from None
    names = None
    if isinstance(data, dict):  # ours keep "names"; jantaku export keeps them in "meta"
        names = data.get("names") or (data.get("meta") or {}).get("seats")
    if not (isinstance(names, list) and len(names) == 4 and all(isinstance(n, str) for n in names)):
        return MatchRecord.from_wire(data), None
    # a file may come from anywhere: its names are player text, cleaned as at every entry
    return MatchRecord.from_wire(data), [
        clean_player_text(n) or _("Seat {number}").format(number=i + 1) for i, n in enumerate(names)
    ]


def list_records(folder: Path | None = None) -> list[Path]:
    """Saved matches, newest first."""
    folder = folder or replays_dir()
    if not folder.is_dir():
        return []
    return sorted(folder.glob("*.json"), key=lambda p: (p.stat().st_mtime, p.name), reverse=True)


# --- matches kept by a host on this machine ----------------------------------------------------


def stored_matches(data_dir: Path | None = None, limit: int = 200) -> list[Any]:
    """Finished matches a host kept in ``data_dir`` (default: the host's), newest first; [] if none."""
    from ..netplay.paths import default_data_dir
    from ..netplay.store import Store, StoreError

    try:
        store = Store.in_dir(data_dir or default_data_dir(), create=False)
    except StoreError:
        return []
    try:
        return store.finished(limit)
    finally:
        store.close()


def load_stored(match_id: int, data_dir: Path | None = None) -> tuple[MatchRecord, list[str]]:
    """A kept match's record (all its decisions) and its players' names."""
    from ..netplay.paths import default_data_dir
    from ..netplay.store import Store, StoreError

    try:
        store = Store.in_dir(data_dir or default_data_dir(), create=False)
    except StoreError as exc:
        raise ValueError(str(exc)) from None
    try:
        stored = store.load(match_id)
    except KeyError:
        raise ValueError(_("there is no match {id}").format(id=match_id)) from None
    except StoreError as exc:  # a damaged row
        raise ValueError(str(exc)) from None
    finally:
        store.close()
    return stored.record, [seat.name for seat in stored.seats]
