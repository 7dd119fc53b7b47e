"""Every importer, fed arbitrary bytes and mutated valid records, answers with a result or one line
and exit status 2: never a traceback, never more memory than its limits (docs/formats.md)."""

from __future__ import annotations

import gzip
import io
import itertools
from contextlib import redirect_stderr, redirect_stdout
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jantaku.cli import main
from jantaku.engine.rulesets.riichi.mjai_replay import dumps_log, export_match
from jantaku.engine.rulesets.riichi.tenhou_match import tenhou6_of_record

from ..tenhou_log.records import DATA
from ..tenhou_log.seeded import seeded_match
from .budget import fuzz_settings

_names = itertools.count()


@cache
def valid_records() -> dict[str, bytes]:
    """One short record in each format we import (a hand or two, so that an example stays quick)."""
    mjlog = (DATA / "2010081709gm-00a9-0000-fe3371ad.mjlog").read_text(encoding="utf-8")
    second_hand = mjlog.index("<INIT", mjlog.index("<INIT") + 1)
    third_hand = mjlog.index("<INIT", second_hand + 1)
    record = seeded_match(7).record()
    names = ["Ann", "Bo", "Cy", "Di"]
    return {
        "mjlog": (mjlog[:third_hand] + "</mjloggm>").encode(),
        "tenhou6": tenhou6_of_record(record, names, title=("fuzz", "2026/01/01")).dumps().encode(),
        "mjai": dumps_log(export_match(record, names)).encode(),
    }


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("imports")


def import_bytes(folder: Path, data: bytes) -> tuple[int, str]:
    """``jantaku import FILE --no-store`` on ``data``: its exit status and standard error."""
    path = folder / f"record-{next(_names)}"
    path.write_bytes(data)
    out, err = io.StringIO(), io.StringIO()
    try:
        with redirect_stdout(out), redirect_stderr(err):
            status = main(["import", str(path), "--no-store"])
    finally:
        path.unlink()
    return status, err.getvalue()


def assert_clean(status: int, err: str) -> None:
    assert status in (0, 2), (status, err)
    assert "Traceback" not in err
    assert err.count("\n") <= 1, err  # one line, or none for a record that imported


def mutated(data: bytes, draw) -> bytes:
    """``data`` with a few slices replaced, deleted or repeated (the record's own bytes stay mostly)."""
    for _ in range(draw(st.integers(1, 4))):
        start = draw(st.integers(0, len(data)))
        end = draw(st.integers(start, min(len(data), start + 64)))
        how = draw(st.sampled_from(["replace", "delete", "repeat", "digits"]))
        if how == "replace":
            data = data[:start] + draw(st.binary(max_size=16)) + data[end:]
        elif how == "delete":
            data = data[:start] + data[end:]
        elif how == "repeat":
            data = data[:end] + data[start:end] * draw(st.integers(1, 50)) + data[end:]
        else:  # a number where a number was: values out of range, not syntax
            data = data[:start] + str(draw(st.integers(-(10**6), 10**6))).encode() + data[end:]
    return data


@fuzz_settings(30)
@given(data=st.binary(max_size=4096))
def test_arbitrary_bytes_are_a_result_or_one_line(folder, data):
    assert_clean(*import_bytes(folder, data))


@fuzz_settings(25)
@given(
    head=st.sampled_from(["<mjloggm", '{"log":', '{"type":"start_game"', "[", "<", "\x1f\x8b"]),
    tail=st.text(max_size=2000),
)
def test_text_that_starts_like_a_record_is_a_result_or_one_line(folder, head, tail):
    assert_clean(*import_bytes(folder, (head + tail).encode("utf-8", "surrogatepass")))


@pytest.mark.parametrize("kind", ["mjlog", "tenhou6", "mjai"])
@fuzz_settings(10)
@given(draw=st.data(), compress=st.booleans())
def test_mutated_records_are_a_result_or_one_line(folder, kind, draw, compress):
    data = mutated(valid_records()[kind], draw.draw)
    assert_clean(*import_bytes(folder, gzip.compress(data) if compress else data))


@pytest.mark.parametrize("kind", ["mjlog", "tenhou6", "mjai"])
def test_the_valid_records_import(folder, kind):
    """The mutations start from records that import (so that the fuzzers reach deep into the replay)."""
    status, err = import_bytes(folder, valid_records()[kind])
    assert status == 0, err
