"""What the session server (:mod:`.zygote`) runs once before it forks: a session's first frame.

A forked session copies every shared page it writes to, and CPython 3.11 writes into
whatever a session touches: the reference count of each object, the warm-up counter and
the specialized bytecode inside each code object it runs.  So what counts is how many
pages those objects are spread over.  Before forking, the server therefore

1. runs what a session runs first, headless, noting the code objects that run: the
   app of ``jantaku join --fd N`` to its lobby's first frame, the other end served by a
   host in memory (on an event loop of its own, closed after it).  Textual's caches
   (styles, colours, sizes) are filled there, on shared pages.  (The command line's
   parser is the cli layer's, above this one: a session builds it itself.)
2. replaces each of those code objects by a copy (``code.replace()``), made one after
   the other so that the copies lie together instead of among code that never runs;
3. draws the lobby again, so that the copies are specialized in the server too;
4. fills the free slots of the allocator's pools, left by the old code objects and the
   two apps' garbage, with objects nobody touches, and so the free chunks of the C
   heap (glibc): otherwise each child's first allocations would land in them, one
   copied page each.

Measured with the real client over SSH: 17.4 → 15.0 MB unshared per session, each step
in benchmarks/README.md.  Nothing of these apps is left for a child: they run on their
own event loop, with default settings (their file in a temporary directory), and leave
no thread, descriptor or task behind (the server checks its threads before serving).
"""

from __future__ import annotations

import asyncio
import ctypes
import gc
import os
import socket
import sys
import tempfile
import types
from collections.abc import Callable
from pathlib import Path

WARM_UP = f"{__name__}:warm_up"  # the session server's ``--warm-up``
WARM_UP_SIZE = (100, 30)
LOBBY_WAIT_PAUSES = 250  # of 20 ms: the lobby is up within a few
LOBBY_SETTLE_PAUSES = 5
PYMALLOC_MAX = 512  # larger objects come from malloc, not from pymalloc's pools
LARGEST_FILLER = 256 * 1024  # glibc serves larger requests by mmap, not from its heap
FILLER_SHRINK = 0.85  # each size of filler this much smaller than the one before

_fillers: list[object] = []  # what fills the pools' free slots, kept for the server's life


def warm_up() -> None:
    executed = run_noting_code(draw_lobby)
    pack_code(executed)
    del executed  # the old code objects go now, before their slots are filled
    draw_lobby()
    gc.collect()
    fill_free_blocks()
    fill_free_chunks()


def draw_lobby() -> None:
    """``jantaku join --fd N`` to its lobby's first frame, the other end served by a host in memory."""
    asyncio.run(_lobby())


async def _lobby() -> None:
    from ...netplay.host import Host
    from ..app import JantakuApp
    from ..screens.lobby import LobbyScreen
    from ..settings import Settings

    host = Host(name="warm-up", seed=0)  # in memory only
    await host.start(port=0, bind="127.0.0.1")
    ours, theirs = socket.socketpair()
    try:
        reader, writer = await asyncio.open_connection(sock=ours)
        serving = asyncio.create_task(host.serve_stream(reader, writer))
        with tempfile.TemporaryDirectory() as settings_dir:  # the app saves its settings on joining
            app = JantakuApp(
                settings=Settings(name="warm-up"),
                settings_file=Path(settings_dir, "settings.json"),
                start=lambda app: app.join_inherited(theirs.detach()),
            )
            async with app.run_test(size=WARM_UP_SIZE) as pilot:
                for _ in range(LOBBY_WAIT_PAUSES):
                    await pilot.pause(0.02)
                    if isinstance(app.screen, LobbyScreen):
                        break
                for _ in range(LOBBY_SETTLE_PAUSES):  # the host's answers: the tables listed and drawn
                    await pilot.pause(0.02)
        await host.stop()
        await serving
    finally:
        theirs.close()


def run_noting_code(run: Callable[[], None]) -> dict[int, types.CodeType]:
    """Call ``run``; the code objects of the Python functions it ran, by id, in the order first run."""
    executed: dict[int, types.CodeType] = {}

    def note(frame: types.FrameType, event: str, _: object) -> None:
        if event == "call":
            executed.setdefault(id(frame.f_code), frame.f_code)

    sys.setprofile(note)
    try:
        run()
    finally:
        sys.setprofile(None)
    return executed


def pack_code(executed: dict[int, types.CodeType]) -> int:
    """Give every function whose code is in ``executed`` a fresh copy of it, copies made in the order
    the code first ran (with the nested code it runs copied in its constants); how many functions."""
    copies: dict[int, types.CodeType] = {}

    def copy(code: types.CodeType) -> types.CodeType:
        if id(code) not in copies:
            consts = tuple(
                copy(c) if isinstance(c, types.CodeType) and id(c) in executed else c for c in code.co_consts
            )
            copies[id(code)] = code.replace(co_consts=consts)
        return copies[id(code)]

    order = {ident: rank for rank, ident in enumerate(executed)}
    functions = [f for f in gc.get_objects() if isinstance(f, types.FunctionType) and id(f.__code__) in executed]
    functions.sort(key=lambda f: order[id(f.__code__)])
    for function in functions:
        function.__code__ = copy(function.__code__)
    return len(functions)


def fill_free_blocks() -> int:
    """Fill the free blocks of pymalloc's pools (per size class, from ``sys._debugmallocstats``) with
    objects of exactly that size that are never touched again; how many."""
    before = len(_fillers)
    for size, free in free_blocks().items():
        if size == 16:
            _fillers.extend(object() for _ in range(free))
        elif size == 32:
            _fillers.extend(float(i) for i in range(free))  # 24 bytes
        elif size <= PYMALLOC_MAX:
            _fillers.extend(b"\0" * (size - sys.getsizeof(b"")) for _ in range(free))
    return len(_fillers) - before


def free_blocks() -> dict[int, int]:
    """Free blocks in the pools in use, by block size; empty where the interpreter does not tell."""
    debug_stats = getattr(sys, "_debugmallocstats", None)
    if debug_stats is None:
        return {}
    with tempfile.TemporaryFile("w+") as report:
        sys.stderr.flush()
        saved = os.dup(2)  # it writes to the C stderr
        try:
            os.dup2(report.fileno(), 2)
            debug_stats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        report.seek(0)
        lines = report.read().splitlines()
    # "class   size   num pools   blocks in use  avail blocks"
    rows = (line.split() for line in lines)
    return {int(r[1]): int(r[4]) for r in rows if len(r) == 5 and all(f.isdigit() for f in r)}


class _MallInfo2(ctypes.Structure):
    _fields_ = [
        (name, ctypes.c_size_t)
        for name in ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks")
    ] + [("keepcost", ctypes.c_size_t)]  # the top chunk: what sbrk() would give back


def fill_free_chunks() -> int:
    """Fill the free chunks inside glibc's heap (below its top chunk) with bytes objects, largest first;
    how many.  Nothing where the C library is not glibc >= 2.33 (no ``mallinfo2``)."""
    try:
        libc = ctypes.CDLL(None)
        mallinfo2, sbrk = libc.mallinfo2, libc.sbrk
    except (OSError, AttributeError):
        return 0
    mallinfo2.restype = _MallInfo2
    sbrk.restype, sbrk.argtypes = ctypes.c_void_p, [ctypes.c_ssize_t]
    before = len(_fillers)
    size = LARGEST_FILLER
    while size > PYMALLOC_MAX:
        while True:
            info = mallinfo2()
            top = (sbrk(0) or 0) - info.keepcost
            filler = b"\1" * size
            if not top - info.arena <= id(filler) < top:  # from the top chunk or mmap: no hole left of this size
                break
            _fillers.append(filler)
        size = int(size * FILLER_SHRINK)
    return len(_fillers) - before
