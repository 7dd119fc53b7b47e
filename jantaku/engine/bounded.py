"""Bounded reading of data from outside: files, bots' replies, stored rows, request lines.

Every parse of outside JSON, gzip or XML goes through here, so that one rule
holds everywhere: the size is checked before anything is decoded, gzip is
decompressed a chunk at a time and stopped at its limit (a 611 KB gzip bomb
once reached 1.26 GB), JSON's nesting depth is counted before ``json.loads``
recurses (100,000 ``[`` once ended in a ``RecursionError``), and XML may
declare no DOCTYPE or entity (the standard library's expat expands internal
entities: "billion laughs"). Each refusal is an :class:`OutsideDataError`, a
``ValueError`` whose text is one line, in English like the engine's other
exceptions.

>>> load_json('{"a": [1, 2]}', max_bytes=100, max_depth=2)
{'a': [1, 2]}
>>> load_json("[" * 65 + "]" * 65, max_bytes=1000)
Traceback (most recent call last):
  ...
jantaku.engine.bounded.OutsideDataError: JSON nested deeper than 64 levels
>>> json_depth('{"a": "[[[", "b": [[]]}')
3
"""

from __future__ import annotations

import json
import re
import zlib
from itertools import accumulate
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

__all__ = [
    "MAX_COMPRESSED_BYTES",
    "MAX_DECOMPRESSED_BYTES",
    "MAX_JSON_DEPTH",
    "OutsideDataError",
    "bounded_lines",
    "gunzip",
    "json_depth",
    "load_json",
    "read_outside_file",
    "refuse_xml_declarations",
]

# no format we read nests deeper than a dozen levels (a tenhou.net/6 log: 5, a match record: 8)
MAX_JSON_DEPTH = 64
# a whole East-South match is under 100 KB in every format we import (an mjai log: 80 KB, an mjlog:
# 22 KB); parsed, a file takes up to ~50 times its size (4 MiB of nested XML: 202 MiB), so 4 MiB
MAX_COMPRESSED_BYTES = 4 * 1024 * 1024
MAX_DECOMPRESSED_BYTES = 4 * 1024 * 1024
_GZIP_MAGIC = b"\x1f\x8b"


class OutsideDataError(ValueError):
    """Data from outside that is refused before it is parsed (too large, too deep, a declaration)."""


# a string (an unterminated one runs to the end): its brackets do not nest
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"?', re.DOTALL)
_NOT_A_BRACKET = re.compile(r"[^\[\]{}]+")
_BRACKET_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def json_depth(text: str) -> int:
    """How deep ``text``'s arrays and objects nest, counted without parsing (no recursion)."""
    brackets = _NOT_A_BRACKET.sub("", _JSON_STRING.sub("", text))
    # a stray closing bracket makes json.loads stop there, so what follows it is never reached
    return max(accumulate(map(_BRACKET_STEP.__getitem__, brackets)), default=0)


def load_json(data: str | bytes, *, max_bytes: int = MAX_DECOMPRESSED_BYTES, max_depth: int = MAX_JSON_DEPTH) -> object:
    """``json.loads`` for outside data: ``max_bytes`` (UTF-8) and ``max_depth`` checked first.

    Raises :class:`OutsideDataError` for a limit, ``json.JSONDecodeError`` (a ``ValueError``)
    for text that is not JSON."""
    size = len(data) if isinstance(data, bytes) else len(data.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        raise OutsideDataError(f"JSON of {size} bytes is over the limit of {max_bytes}")
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise OutsideDataError(f"not UTF-8 (byte {exc.start})") from None
    # fewer brackets than the limit cannot nest deeper (most rows and replies): no scan
    if data.count("[") + data.count("{") > max_depth and json_depth(data) > max_depth:
        raise OutsideDataError(f"JSON nested deeper than {max_depth} levels")
    return json.loads(data)


def gunzip(data: bytes, *, max_bytes: int = MAX_DECOMPRESSED_BYTES) -> bytes:
    """Decompress gzip (one member or several), a chunk at a time, refusing more than ``max_bytes``."""
    out = bytearray()
    rest = data
    while rest[:2] == _GZIP_MAGIC:
        member = zlib.decompressobj(wbits=31)
        pending = rest
        try:
            while pending and not member.eof:
                # max_length > 0 always: the output is refused as soon as it passes max_bytes
                out += member.decompress(pending, max_bytes + 1 - len(out))
                if len(out) > max_bytes:
                    raise OutsideDataError(f"over {max_bytes} bytes once decompressed")
                pending = member.unconsumed_tail
        except zlib.error as exc:
            raise OutsideDataError(f"broken gzip: {exc}") from None
        if not member.eof:
            raise OutsideDataError("the gzip data ends early")
        rest = member.unused_data
    if rest.strip(b"\0"):  # gzip itself allows trailing zeros, nothing else
        raise OutsideDataError("data after the gzip stream")
    return bytes(out)


def read_outside_file(
    path: str | Path,
    *,
    max_compressed: int = MAX_COMPRESSED_BYTES,
    max_decompressed: int = MAX_DECOMPRESSED_BYTES,
) -> bytes:
    """A file's bytes, gunzipped when it is gzip; never more than the limits are read or made.

    ``OSError`` when it cannot be read; :class:`OutsideDataError` over a limit."""
    with open(path, "rb") as fh:
        raw = fh.read(max(max_compressed, max_decompressed) + 1)
    if raw[:2] == _GZIP_MAGIC:
        if len(raw) > max_compressed:
            raise OutsideDataError(f"a gzip file over {max_compressed} bytes")
        return gunzip(raw, max_bytes=max_decompressed)
    if len(raw) > max_decompressed:
        raise OutsideDataError(f"a file over {max_decompressed} bytes")
    return raw


def bounded_lines(stream: TextIO, max_chars: int) -> Iterator[str]:
    """``stream``'s lines, none held longer than ``max_chars + 1``: a longer one is cut there (so that
    a size check refuses it) and the rest of it is skipped, a chunk at a time, up to its newline."""
    while line := stream.readline(max_chars + 1):
        yield line
        while len(line) > max_chars and not line.endswith("\n"):
            line = stream.readline(max_chars + 1)  # the rest of the long line, passed over


_XML_DECLARATION = re.compile(rb"<!(DOCTYPE|ENTITY)", re.IGNORECASE)


def refuse_xml_declarations(data: str | bytes) -> None:
    """:class:`OutsideDataError` when XML declares a DOCTYPE or an entity (expat would expand them)."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    # UTF-16 text hides the markup from a byte search: refuse what expat could read as UTF-16
    if raw[:2] in (b"\xff\xfe", b"\xfe\xff") or b"\0" in raw[:4]:
        raise OutsideDataError("XML in UTF-16 or UTF-32 is not read")
    found = _XML_DECLARATION.search(raw)
    if found:
        raise OutsideDataError(f"XML with a {found.group(1).decode().upper()} declaration is not read")
