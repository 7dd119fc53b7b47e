"""Every numbered suit pattern's distance vector, precomputed: what the bots' hand evaluation looks up.

A bot meets some 13,000 suit patterns it has not seen yet in a few dozen hands
(every discard and every draw makes new ones), and working out a new pattern's
vector (:func:`.analysis._numbered_vector`, a recursive search) was the
largest part of what is left of its time.  There are only 110 distinct vectors
over the 405,350 patterns of up to 14 tiles, so one byte per base-5 key says
which: ``suit_vectors.bin`` holds the vectors and that index, zlib-compressed
(75 KB; 3 ms to unpack, once per process, when a bot first asks).

The file is made by ``python -m jantaku.engine.suit_vectors`` from
:func:`.analysis._numbered_vector` itself; ``tests/bots/test_suit_vectors.py``
checks it against that function.
"""

from __future__ import annotations

import zlib
from pathlib import Path

from .analysis import _numbered_vector

DATA = Path(__file__).with_name("suit_vectors.bin")
KEYS = 5**9  # a numbered suit's nine counts as one base-5 int
MAX_TILES = 14  # patterns with more tiles (no hand holds them) are not in the table
NOT_IN_TABLE = 255
_VECTOR_SIZE = 10

_loaded: tuple[list[tuple[int, ...]], bytes] | None = None


def _tiles(key: int) -> int:
    total = 0
    while key:
        key, digit = divmod(key, 5)
        total += digit
    return total


def build() -> bytes:
    """The file's contents: the vector count, the vectors (a byte per entry), then a byte per key."""
    ids: dict[tuple[int, ...], int] = {}
    index = bytearray(KEYS)
    for key in range(KEYS):
        if _tiles(key) > MAX_TILES:
            index[key] = NOT_IN_TABLE
        else:
            index[key] = ids.setdefault(_numbered_vector(key), len(ids))
    assert len(ids) < NOT_IN_TABLE
    vectors = b"".join(bytes(vec) for vec in ids)
    return zlib.compress(bytes([len(ids)]) + vectors + bytes(index), 9)


def load() -> tuple[list[tuple[int, ...]], bytes]:
    """(the distinct vectors, per base-5 key the index of its vector or :data:`NOT_IN_TABLE`)."""
    global _loaded
    if _loaded is None:
        raw = zlib.decompress(DATA.read_bytes())
        count = raw[0]
        end = 1 + count * _VECTOR_SIZE
        vectors = [tuple(raw[i : i + _VECTOR_SIZE]) for i in range(1, end, _VECTOR_SIZE)]
        _loaded = vectors, raw[end:]
    return _loaded


def numbered_vector(key: int) -> tuple[int, ...]:
    """:func:`.analysis._numbered_vector` of ``key``, from the table (computed when not in it)."""
    vectors, index = load()
    at = index[key] if 0 <= key < KEYS else NOT_IN_TABLE
    return _numbered_vector(key) if at == NOT_IN_TABLE else vectors[at]


if __name__ == "__main__":
    DATA.write_bytes(build())
    print(f"wrote {DATA} ({DATA.stat().st_size} bytes)")
