"""The match log formats ``jantaku export`` writes and ``jantaku import`` reads, as one table.

Each format names its exporter (a stored match to text) and, when it can be
imported, a ``detect`` (does this text look like it?) and a ``check`` (replay
it through the engine: a report with ``ok``, ``lines()``, ``match``,
``players``; a malformed record raises ``ValueError``, or ``SyntaxError``
for broken XML).  ``import`` tries the formats' detects in order; the first
that says yes reads the file.  Adding a format is one entry here.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..i18n import N_

if TYPE_CHECKING:
    from ..netplay.store import StoredMatch


@dataclass(frozen=True)
class LogFormat:
    name: str
    description: str  # what it is, for messages (N_("a Tenhou mjlog"))
    export: Callable[[StoredMatch], str] | None = None
    detect: Callable[[str], bool] | None = None
    check: Callable[[str], Any] | None = None  # an import report (see the module docstring)
    needs: str = ""  # what its detect looks for, said when a file fits no format (N_("a JSON object with ..."))


def _export_json(stored: StoredMatch) -> str:
    out = stored.record.to_wire()
    out["meta"] = {
        "match": stored.id,
        "status": stored.status,
        "seats": [s.name for s in stored.seats],
        "result": stored.result,
    }
    return json.dumps(out, ensure_ascii=False) + "\n"


def _export_mjai(stored: StoredMatch) -> str:
    from ..engine.rulesets.riichi.mjai_replay import dumps_log, export_match

    return dumps_log(export_match(stored.record, [s.name for s in stored.seats]))


def _detect_mjai(text: str) -> bool:
    from ..engine.rulesets.riichi.mjai_replay import looks_like_mjai

    return looks_like_mjai(text)


def _check_mjai(text: str) -> Any:
    from ..engine.rulesets.riichi.mjai_replay import check_log

    return check_log(text)


def _export_tenhou6(stored: StoredMatch) -> str:
    """tenhou.net/6 JSON (a riichi match), as mjai-reviewer's convlog reads it."""
    import datetime

    from ..engine.rulesets.riichi.tenhou_match import tenhou6_of_record

    when = datetime.datetime.fromtimestamp(stored.created).strftime("%Y/%m/%d")
    title = (str(stored.settings.get("name") or f"jantaku match {stored.id}"), when)
    return tenhou6_of_record(stored.record, [s.name for s in stored.seats], title=title).dumps() + "\n"


def _detect_tenhou6(text: str) -> bool:
    from ..engine.rulesets.riichi.tenhou6 import looks_like_tenhou6

    return looks_like_tenhou6(text)


def _check_tenhou6(text: str) -> Any:
    from ..engine.rulesets.riichi.tenhou_import import check_tenhou6

    return check_tenhou6(text)


def _detect_mjlog(text: str) -> bool:
    return text.lstrip().startswith("<")


def _check_mjlog(text: str) -> Any:
    from ..engine.rulesets.riichi.tenhou_import import check_mjlog

    return check_mjlog(text)


# tried in this order by ``import``: tenhou6 refuses text whose first line is an mjai event
FORMATS: dict[str, LogFormat] = {
    "json": LogFormat("json", N_("a jantaku match record"), export=_export_json),
    "tenhou6": LogFormat(
        "tenhou6",
        N_("a tenhou.net/6 JSON log"),
        export=_export_tenhou6,
        detect=_detect_tenhou6,
        check=_check_tenhou6,
        needs=N_('a JSON object with a "log", "name" or "rule" key, whose first line is no mjai event'),
    ),
    "mjai": LogFormat(
        "mjai",
        N_("an mjai log"),
        export=_export_mjai,
        detect=_detect_mjai,
        check=_check_mjai,
        needs=N_("one JSON event per line, the first a start_game or start_kyoku"),
    ),
    "mjlog": LogFormat(
        "mjlog", N_("a Tenhou mjlog"), detect=_detect_mjlog, check=_check_mjlog, needs=N_("XML, beginning with <")
    ),
}


def export_formats() -> tuple[str, ...]:
    return tuple(name for name, f in FORMATS.items() if f.export is not None)


def import_formats() -> tuple[LogFormat, ...]:
    """The formats ``import`` reads, in the order it tries them."""
    return tuple(f for f in FORMATS.values() if f.detect is not None and f.check is not None)


def import_format(text: str) -> LogFormat | None:
    """The format ``text`` is in (by its content), or None when it looks like none of them."""
    return next((fmt for fmt in import_formats() if fmt.detect is not None and fmt.detect(text)), None)
