"""Which pages a forked SSH session holds of its own, and what it wrote on them (CPython 3.11, Linux, root).

    python benchmarks/ssh_session_pages.py

Starts ``jantaku host --ssh`` with the session server (as ``ssh_sessions.py`` does), joins
once, waits for the lobby and two seconds more, then compares each page of the session with
the session server's page at the same address (``/proc/PID/pagemap``: the same physical
page or not; ``/proc/PID/mem``: the contents).  A page is *new* (the server has none there),
*copied* (the server's, copied on a write), and of those *same* when its content is the
server's again (a count raised and dropped).  In pymalloc's pools (16 KiB, the header giving
the block size) each changed word is told by the object around it: its type from its type
pointer, the field by its offset (0: the reference count).  The layouts read are CPython
3.11's on x86-64 (the pool header, a string's header); elsewhere the figures are rough.
"""

from __future__ import annotations

import asyncio
import collections
import os
import struct
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ssh_sessions as bench  # noqa: E402

PAGE = 4096
POOL = 16384
POOL_HEADER = 48
PRESENT = 1 << 63
PFN_MASK = (1 << 55) - 1
STR_STATE = 32  # PyASCIIObject: the interned/kind/ascii bits
STR_ASCII_DATA = 48


class Memory:
    """Another process's memory, read through /proc/PID/mem, a page at a time."""

    def __init__(self, pid: int):
        self.file = open(f"/proc/{pid}/mem", "rb", buffering=0)  # noqa: SIM115
        self.pages: dict[int, bytes] = {}

    def read(self, address: int, size: int) -> bytes:
        if not 0 < address < 1 << 47:
            return b""
        try:
            self.file.seek(address)
            return self.file.read(size)
        except (OSError, OverflowError, ValueError):
            return b""

    def page(self, address: int) -> bytes:
        start = address & ~(PAGE - 1)
        if start not in self.pages:
            self.pages[start] = self.read(start, PAGE)
        return self.pages[start]

    def word(self, address: int) -> int | None:
        data = self.read(address, 8)
        return struct.unpack("Q", data)[0] if len(data) == 8 else None


def mappings(pid: int) -> list[tuple[int, int, str]]:
    found = []
    with open(f"/proc/{pid}/maps") as f:
        for line in f:
            parts = line.split()
            start, end = (int(x, 16) for x in parts[0].split("-"))
            found.append((start, end, parts[5] if len(parts) > 5 else ""))
    return found


def frames(pid: int, start: int, count: int) -> tuple[int, ...]:
    with open(f"/proc/{pid}/pagemap", "rb") as f:
        f.seek(start // PAGE * 8)
        data = f.read(count * 8)
    return struct.unpack(f"{len(data) // 8}Q", data)


class TypeNames:
    """A type's name from its address in the server: an object whose type's type is ``type``."""

    def __init__(self, memory: Memory):
        self.memory = memory
        self.names: dict[int, str | None] = {}

    def __call__(self, address: int | None) -> str | None:
        if not address or address % 8:
            return None
        if address not in self.names:
            name = None
            meta = self.memory.word(address + 8)
            root = self.memory.word(meta + 8) if meta else None
            if root and self.memory.word(root + 8) == root:
                pointer = self.memory.word(address + 24)  # tp_name
                raw = self.memory.read(pointer, 64).split(b"\0")[0] if pointer else b""
                text = raw.decode("ascii", "replace")
                name = text if text.isprintable() and text else None
            self.names[address] = name
        return self.names[address]


def pool_block_size(server: Memory, address: int) -> int | None:
    header = server.read(address & ~(POOL - 1), POOL_HEADER)
    if len(header) < POOL_HEADER:
        return None
    size_index, next_offset, max_next_offset = struct.unpack_from("III", header, 36)
    if size_index < 32 and POOL_HEADER <= next_offset <= POOL and max_next_offset <= POOL:
        return (size_index + 1) * 16
    return None


def analyse(server_pid: int, session_pid: int) -> None:
    server, session = Memory(server_pid), Memory(session_pid)
    type_name = TypeNames(server)
    kinds: collections.Counter[str] = collections.Counter()
    same: collections.Counter[str] = collections.Counter()  # copied, but the server's content again
    by_size: collections.Counter[int] = collections.Counter()
    only_changes: collections.Counter[tuple[str, int]] = collections.Counter()
    string_deltas: collections.Counter[tuple[bool, int]] = collections.Counter()
    for start, end, path in mappings(session_pid):
        count = (end - start) // PAGE
        ours, theirs = frames(session_pid, start, count), frames(server_pid, start, count)
        for i, entry in enumerate(ours):
            if not entry & PRESENT:
                continue
            address = start + i * PAGE
            label = path if path.startswith("[") else os.path.basename(path) or "anonymous"
            their = theirs[i] if i < len(theirs) and theirs[i] & PRESENT else None
            if their is not None and their & PFN_MASK == entry & PFN_MASK:
                continue  # shared
            if their is None:
                kinds[f"new: {label}"] += 1
                continue
            size = pool_block_size(server, address) if label == "anonymous" else None
            kind = "pymalloc pool" if size else label
            mine, original = session.page(address), server.page(address)
            kinds[f"copied: {kind}"] += 1
            if mine == original:
                same[kind] += 1
            if not size:
                continue
            by_size[size] += 1
            pool = address & ~(POOL - 1)
            changes = set()
            for offset in range(0, PAGE, 8):
                if mine[offset : offset + 8] == original[offset : offset + 8]:
                    continue
                word = address + offset
                if word < pool + POOL_HEADER:
                    changes.add(("pool header", 0))
                    continue
                block = pool + POOL_HEADER + (word - pool - POOL_HEADER) // size * size
                plain = type_name(server.word(block + 8))  # no GC header: the type at 8
                tracked = type_name(server.word(block + 24))  # a GC header of 16 bytes first
                if plain in ("str", "bytes", "int", "float", "code") or (plain and not tracked):
                    changes.add((plain, word - block))
                    if plain == "str" and word == block:
                        state = server.word(block + STR_STATE) or 0
                        delta = struct.unpack_from("q", mine, offset)[0] - struct.unpack_from("q", original, offset)[0]
                        if abs(delta) < 1000:  # else the block was freed and reused
                            string_deltas[(bool(state & 3), max(-3, min(delta, 3)))] += 1
                elif tracked:
                    changes.add((tracked, word - block - 16))
                else:
                    changes.add(("free or unknown", 0))
            if len(changes) == 1:
                only_changes[next(iter(changes))] += 1
    print(f"session {session_pid}: USS {bench.uss_mib(session_pid):.1f} MB")
    for kind, pages in kinds.most_common(10):
        print(f"  {kind:50} {pages:6} pages {pages * PAGE / 2**20:6.2f} MB")
        again = same[kind.removeprefix("copied: ")] if kind.startswith("copied: ") else 0
        if again:
            print(f"    {'of which the same content again':48} {again:6} pages {again * PAGE / 2**20:6.2f} MB")
    print("  copied pool pages by block size:", ", ".join(f"{s}: {n}" for s, n in by_size.most_common(12)))
    print("  pool pages with one kind of change only (type, field offset; 0 = the reference count):")
    for (name, offset), pages in only_changes.most_common(12):
        print(f"    {name:40} {offset:5} {pages:6} pages")
    print("  strings' reference counts changed (interned, by how much, clipped to ±3):")
    for (interned, delta), strings in sorted(string_deltas.items()):
        print(f"    {'interned' if interned else 'not interned':14} {delta:+3} {strings:6}")


async def join_and_analyse(port: int, host_pid: int) -> None:
    marker = bench.LOBBY_MARKER.encode()
    await bench.close_all([await bench.join(port, "warmup", marker)])
    session = await bench.join(port, "pages", marker)
    await asyncio.sleep(2.0)
    server = bench.session_server(host_pid)
    if server is None:
        raise SystemExit("no session server (JANTAKU_SSH_WARM=0?)")
    for pid in bench.sessions(host_pid):
        analyse(server, pid)
    await bench.close_all([session])


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="jantaku-ssh-pages-") as data:
        proc, port = bench.start_host(data, standin=False, warm=True)
        try:
            asyncio.run(join_and_analyse(port, proc.pid))
        finally:
            proc.terminate()
            proc.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
