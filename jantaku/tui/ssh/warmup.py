"""What the session server (:mod:`.zygote`) runs once before it forks: a session's first frame.

A forked session copies every shared page it writes to, and CPython 3.11 writes into
whatever a session touches: the reference count of each object, the warm-up counter and
the specialized bytecode inside each code object it runs.  So what counts is how many
pages those objects are spread over.  Before forking, the server therefore

1. runs what a session runs first, headless, noting the code objects that run: the
   app of ``jantaku join --fd N`` to its lobby's first frame, the other end served by a
   host in memory (on an event loop of its own, closed after it), and the frame's
   escape sequences as a driver would write them.  Textual's caches (styles, colours,
   sizes) are filled there, on shared pages.  (The command line's parser is the cli
   layer's, above this one: a session builds it itself; a throwaway parser with
   subcommands runs the same code of :mod:`argparse` first.)
2. gives the functions that ran, and the classmethods, staticmethods and properties made
   of them, copies made one after the other, where only module and class namespaces hold
   them (a session counts a reference on each function it calls), then replaces each of
   those code objects by a copy (``code.replace()``), also one after the other: the
   copies lie together instead of among objects that a session never touches;
3. draws the lobby again, so that the copies are specialized in the server too;
4. fills the free slots of the allocator's pools, left by the old code objects and the
   two apps' garbage, with objects nobody touches, and so the free chunks of the C
   heap (glibc): otherwise each child's first allocations would land in them, one
   copied page each.

Measured with the real client over SSH: 17.4 → 14.1 MB unshared per session, each step
in benchmarks/README.md.  Nothing of these apps is left for a child: they run on their
own event loop, with default settings (their file in a temporary directory), and leave
no thread, descriptor or task behind (the server checks its threads before serving).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import gc
import os
import socket
import sys
import tempfile
import traceback
import types
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
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
    parse_a_command_line()
    asyncio.run(_lobby())


def parse_a_command_line() -> None:
    """What a session does before its app: build a command line parser with subcommands and parse
    ``join --fd N --name NAME`` with it.  The command line's own parser is the cli layer's, above
    this one; this one runs the same code of :mod:`argparse` (and fills the cache of the patterns
    it matches arguments with)."""
    parser = argparse.ArgumentParser(prog="warm-up")  # never shown: no help texts
    parser.add_argument("--version", action="version", version="0")
    parser.add_argument("--lang", choices=("en", "de"))
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in ("play", "join"):
        command = commands.add_parser(name, help=name)
        command.add_argument("address", nargs="?")
        command.add_argument("--fd", type=int, metavar="N")
        command.add_argument("--name")
        command.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
        command.add_argument("--quiet", action="store_true")
        command.set_defaults(handler=print)
    parser.parse_args(["join", "--fd", "3", "--name", "warm-up"])


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
                write_frame(app)
        await host.stop()
        await serving
    finally:
        theirs.close()


def write_frame(app: object) -> str:
    """The terminal output of the app's whole screen, as its driver would be given it: a headless app
    draws but never turns its frame into escape sequences, and a session's first frame runs that
    code (styles to ANSI codes, colours to the terminal's, their caches).  Empty if this Textual's
    insides differ (the compositor is private): the session then runs that code for the first time."""
    try:
        update = app.screen._compositor.render_full_update()  # type: ignore[attr-defined]
        return str(update.render_segments(app.console))  # type: ignore[attr-defined]
    except Exception:
        return ""


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
    the code first ran (with the nested code it runs copied in its constants); how many functions.

    First the pools' free slots are filled and the functions themselves are copied (see
    :func:`pack_functions`), so that both kinds of copies are allocated one after the other."""
    gc.collect()
    fill_free_blocks()  # otherwise the copies would land in the holes scattered among the old objects
    try:
        pack_functions(executed)
    except Exception:  # the old function objects stay where they are: only more pages copied
        traceback.print_exc()
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


@dataclass
class _Held:
    """A function that ran (or a classmethod, staticmethod or property made of such functions) and
    every module or class namespace entry that holds it."""

    value: object
    rank: int  # when its code first ran
    places: list[tuple[dict[str, object] | type, str]] = field(default_factory=list)


WRAPPERS = (classmethod, staticmethod)
IMMUTABLE_TYPE = 1 << 8  # Py_TPFLAGS_IMMUTABLETYPE


def _inner_functions(value: object) -> list[object] | None:
    """The functions ``value`` is made of, if it is one of the kinds copied; else None."""
    kind = type(value)
    if kind is types.FunctionType:
        return [value]
    if kind in WRAPPERS:
        return [value.__func__]  # type: ignore[attr-defined]
    if kind is property:
        return [f for f in (value.fget, value.fset, value.fdel) if f is not None]  # type: ignore[attr-defined]
    return None


def pack_functions(executed: dict[int, types.CodeType]) -> int:
    """Replace each function whose code is in ``executed`` and which only module globals and class
    dicts hold by a copy, the copies made one after the other in the order the code first ran;
    the same for classmethods, staticmethods and properties made of such functions; how many.

    A session counts a reference on every function it calls (and on the descriptor it finds
    in a class), so the pages holding them are copied; they lie where the imports put them,
    among thousands never called.  An object is replaced only if those namespace entries are
    all its references (its reference count says so; a wrapper's functions are held by the
    wrapper alone) and nothing refers to it weakly: then no registry, decorator or cache holds
    the old object, and whoever looks it up by name gets the copy, which has the same code,
    globals, defaults, closure cells, attributes (the same ``__dict__``) and names.  Class
    attributes are set through ``type.__setattr__``, so the type's caches and the specialized
    code that relied on the old object are invalidated (the lobby is drawn again afterwards)."""
    order = {ident: rank for rank, ident in enumerate(executed)}
    found: dict[int, _Held] = {}

    def note(owner: dict[str, object] | type, name: str, value: object) -> None:
        inner = _inner_functions(value)
        if not inner or not all(type(f) is types.FunctionType for f in inner):
            return
        ranks = [order[id(f.__code__)] for f in inner if id(f.__code__) in order]  # type: ignore[attr-defined]
        if ranks:
            found.setdefault(id(value), _Held(value, min(ranks))).places.append((owner, name))

    namespaces = {id(n): n for n in (getattr(m, "__dict__", None) for m in list(sys.modules.values()))}
    for namespace in namespaces.values():  # each once: a module may be there under two names
        if type(namespace) is dict:
            for name in list(namespace):
                note(namespace, name, namespace[name])
    for cls in [t for t in gc.get_objects() if isinstance(t, type)]:
        if cls.__flags__ & IMMUTABLE_TYPE:  # its attributes cannot be set: what it holds is held elsewhere too
            continue
        for name in list(cls.__dict__):
            note(cls, name, cls.__dict__[name])
    del namespaces
    ranked = sorted(found.values(), key=lambda entry: entry.rank)
    found.clear()
    # All copies first, the old objects kept alive meanwhile: a copy made right after the old
    # object was freed would take its slot, as scattered as before.
    replacements: list[tuple[_Held, object]] = []
    for entry in ranked:
        if _only_held_by(entry) and (copied := copy_held(entry.value)) is not None:
            replacements.append((entry, copied))
    del ranked
    replaced = 0
    for entry, copied in replacements:
        try:
            for owner, name in entry.places:
                put(owner, name, copied)
        except Exception:  # in all its places or in none: the same object wherever it is looked up
            for owner, name in entry.places:
                with contextlib.suppress(Exception):
                    put(owner, name, entry.value)
        else:
            replaced += 1
    return replaced


def put(owner: dict[str, object] | type, name: str, value: object) -> None:
    """Set a namespace entry: a class's through ``type.__setattr__`` (its caches invalidated, its
    metaclass's ``__setattr__`` not asked: it may refuse or act on it), a module's in its dict."""
    if isinstance(owner, type):
        type.__setattr__(owner, name, value)
    else:
        owner[name] = value


def _only_held_by(entry: _Held) -> bool:
    """Whether the entry's places hold its object and nothing else does (a wrapper's functions: only
    the wrapper), nothing weakly."""
    # references: each place, the entry, getrefcount's argument
    if sys.getrefcount(entry.value) != len(entry.places) + 2 or weakref.getweakrefcount(entry.value):
        return False
    if type(entry.value) is types.FunctionType:
        return True
    inner = _inner_functions(entry.value) or []
    if len({id(f) for f in inner}) != len(inner):  # the same function twice in a property
        return False
    for function in inner:  # references: the wrapper, the list, this variable, getrefcount's argument
        if sys.getrefcount(function) != 4 or weakref.getweakrefcount(function):
            return False
    return True


def copy_held(value: object) -> object | None:
    """A copy of a function, or of a classmethod, staticmethod or property with copies of its functions."""
    kind = type(value)
    if kind is types.FunctionType:
        return copy_function(value)  # type: ignore[arg-type]
    if kind in WRAPPERS:
        wrapper = kind(copy_function(value.__func__))  # type: ignore[attr-defined]
        vars(wrapper).update(vars(value))  # the attributes it took from the function, and any set since
        return wrapper
    if kind is property:
        getter, setter, deleter = (
            None if f is None else copy_function(f)
            for f in (value.fget, value.fset, value.fdel)  # type: ignore[attr-defined]
        )
        # a documentation taken from the getter is taken from the copy again (as .setter() would)
        doc = None if value.fget is not None and value.__doc__ is value.fget.__doc__ else value.__doc__  # type: ignore[attr-defined]
        return property(getter, setter, deleter, doc)
    return None


def copy_function(function: types.FunctionType) -> types.FunctionType:
    """A new function object that behaves as ``function``: the same code, globals, closure cells,
    defaults, names, documentation, annotations and attribute dict."""
    copied = types.FunctionType(
        function.__code__, function.__globals__, function.__name__, function.__defaults__, function.__closure__
    )
    copied.__kwdefaults__ = function.__kwdefaults__
    copied.__qualname__ = function.__qualname__
    copied.__module__ = function.__module__
    copied.__doc__ = function.__doc__
    copied.__annotations__ = function.__annotations__
    copied.__dict__ = function.__dict__  # shared: ``__wrapped__`` and the like stay the same objects
    if hasattr(function, "__type_params__"):  # Python 3.12
        copied.__type_params__ = function.__type_params__  # type: ignore[attr-defined]
    return copied


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
