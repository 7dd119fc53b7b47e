"""The session server's warm-up (jantaku/tui/ssh/warmup.py): forked sessions copy less of it.

Two session servers side by side, one warmed up before forking and one not; each forks
``jantaku menu`` on a pty of its own, and the child's unshared memory (USS) after its first
frame is compared as a ratio (measured: 14.3 / 16.0 MB).  Then each step of the warm-up on
its own: the code that ran gets packed copies, the allocator's free slots and free chunks
are filled, the lobby is drawn against a host in memory and leaves nothing behind.
"""

from __future__ import annotations

import ctypes
import fcntl
import gc
import json
import os
import select
import signal
import socket
import struct
import sys
import termios
import threading
import time
import types
import weakref
from dataclasses import replace
from pathlib import Path

import pytest

from jantaku.tui.ssh import GatewaySettings, warmup, zygote
from jantaku.tui.ssh.warm import CLIENT_MODULES, WarmStarter, _spawn_server
from jantaku.tui.ssh.warmup import WARM_UP

from .conftest import FAST

pytestmark = pytest.mark.skipif(not Path("/proc/self/smaps_rollup").exists(), reason="reads /proc")

QUIET = 0.5  # seconds without output: the first frame is drawn


class SessionServer:
    """``python -m jantaku.tui.ssh.zygote`` on a socketpair, as the host starts it."""

    def __init__(self, warm_up: str):
        self.control, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.pid = _spawn_server(theirs, CLIENT_MODULES, os.environ, warm_up)
        theirs.close()
        self.control.settimeout(60)
        assert "ready" in json.loads(self.control.recv(1 << 16))

    def menu_uss(self, home: Path) -> float:
        """Fork ``jantaku menu`` on a 100 x 30 pty; its USS in MB once its first frame is out."""
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        env = {"HOME": str(home), "TERM": "xterm-256color", "PATH": os.environ.get("PATH", "")}
        request = {"start": 1, "kind": "module", "target": "jantaku", "args": ["menu"], "env": env, "targets": []}
        socket.send_fds(self.control, [json.dumps(request).encode()], [slave])
        os.close(slave)
        pid = json.loads(self.control.recv(1 << 16))["pid"]
        try:
            drain_until_quiet(master)
            with open(f"/proc/{pid}/smaps_rollup") as f:
                rollup = {p[0]: int(p[1]) for p in (line.split() for line in f) if len(p) == 3}
            return (rollup["Private_Clean:"] + rollup["Private_Dirty:"]) / 1024
        finally:
            os.kill(pid, signal.SIGKILL)
            os.close(master)

    def close(self) -> None:
        self.control.close()  # the server ends when the host's end closes
        os.waitpid(self.pid, 0)


def drain_until_quiet(master: int) -> None:
    seen, last, start = 0, time.monotonic(), time.monotonic()
    while time.monotonic() - start < 60:
        if select.select([master], [], [], 0.1)[0]:
            seen += len(os.read(master, 65536))
            last = time.monotonic()
        elif seen and time.monotonic() - last > QUIET:
            return
    raise AssertionError(f"no first frame ({seen} bytes)")


def test_a_child_of_the_warmed_up_server_holds_less_of_its_own(tmp_path):
    servers = {"cold": SessionServer(""), "warm": SessionServer(WARM_UP)}
    try:
        uss = {kind: server.menu_uss(tmp_path) for kind, server in servers.items()}
    finally:
        for server in servers.values():
            server.close()
    assert uss["warm"] < 0.92 * uss["cold"], uss


def test_a_failing_warm_up_is_reported_and_the_server_serves_anyway(capsys):
    zygote.warm_up("jantaku.tui.ssh.warmup:no_such_function")
    assert "AttributeError" in capsys.readouterr().err


async def test_the_door_passes_its_warm_up_to_the_server(make_gateway):
    assert GatewaySettings().warm_up == WARM_UP  # what a real door runs
    gateway = await make_gateway(settings=replace(FAST, warm_up="os:getpid"))
    try:
        assert isinstance(gateway.starter, WarmStarter)
        with open(f"/proc/{gateway.starter.server_pid}/cmdline", "rb") as f:
            assert f.read().split(b"\0")[-3:-1] == [b"--warm-up", b"os:getpid"]
    finally:
        await gateway.stop()


def test_warm_up_runs_a_session_packs_its_code_runs_it_again_and_fills_the_holes(monkeypatch):
    steps: list[str] = []
    executed = {1: compile("0", "x", "eval")}
    monkeypatch.setattr(warmup, "run_noting_code", lambda run: steps.append(f"noted {run.__name__}") or executed)
    monkeypatch.setattr(warmup, "pack_code", lambda code: steps.append(f"packed {len(code)}"))

    def lobby() -> None:
        steps.append("lobby")

    monkeypatch.setattr(warmup, "draw_lobby", lobby)
    monkeypatch.setattr(warmup, "fill_free_blocks", lambda: steps.append("blocks"))
    monkeypatch.setattr(warmup, "fill_free_chunks", lambda: steps.append("chunks"))
    warmup.warm_up()
    assert steps == ["noted lobby", "packed 1", "lobby", "blocks", "chunks"]


SOURCE = """
def outer(n):
    def inner(k):
        return k + n
    return [inner(k) for k in range(3)]

def never():
    return 1
"""


def test_each_function_that_ran_gets_a_fresh_copy_of_its_code_and_nested_code():
    namespace: dict = {}
    exec(compile(SOURCE, "packed.py", "exec"), namespace)
    outer, never = namespace["outer"], namespace["never"]
    old_outer, old_never = outer.__code__, never.__code__
    old_inner = next(c for c in old_outer.co_consts if isinstance(c, types.CodeType) and c.co_name == "inner")
    executed = warmup.run_noting_code(lambda: outer(10))
    assert id(old_inner) in executed and id(old_never) not in executed
    assert warmup.pack_code(executed) == 1
    assert outer.__code__ is not old_outer and outer.__code__ == old_outer
    new_inner = next(c for c in outer.__code__.co_consts if isinstance(c, types.CodeType) and c.co_name == "inner")
    assert new_inner is not old_inner and new_inner == old_inner
    assert never.__code__ is old_never  # not run: where it was
    assert outer(1) == [1, 2, 3]


def free_slots() -> int:
    return sum(warmup.free_blocks().values())


def test_the_pools_free_slots_are_filled():
    gc.collect()
    holes = [bytes(size) for size in range(20, 400) for _ in range(40)]
    del holes[::2]  # 7,600 freed, every other one: slots free in pools still in use
    before = free_slots()
    assert before > 7000
    assert warmup.fill_free_blocks() > 0
    assert before - free_slots() > 6000, (before, free_slots())


def free_heap_bytes() -> int:
    mallinfo2 = ctypes.CDLL(None).mallinfo2
    mallinfo2.restype = warmup._MallInfo2
    info = mallinfo2()
    return info.fordblks - info.keepcost  # free, not counting the top chunk


@pytest.mark.skipif(not hasattr(ctypes.CDLL(None), "mallinfo2"), reason="glibc >= 2.33")
def test_the_c_heaps_free_chunks_are_filled():
    blocks = [bytes(3000) for _ in range(2000)]
    del blocks[::2]  # 3 MB in free chunks between used ones
    before = free_heap_bytes()
    assert before > 3_000_000
    assert warmup.fill_free_chunks() > 0
    assert before - free_heap_bytes() > 2_400_000, (before, free_heap_bytes())  # at least those chunks filled


def test_the_lobby_is_drawn_against_a_host_in_memory_and_leaves_nothing_behind(monkeypatch):
    from jantaku.tui.screens.lobby import LobbyScreen

    listed: list[int] = []
    listing = LobbyScreen._listed
    monkeypatch.setattr(LobbyScreen, "_listed", lambda self, *a, **k: listed.append(1) or listing(self, *a, **k))
    descriptors = set(os.listdir("/proc/self/fd"))
    threads = threading.active_count()
    warmup.draw_lobby()
    assert listed  # the host answered: the tables were listed and drawn
    assert threading.active_count() == threads
    assert set(os.listdir("/proc/self/fd")) == descriptors  # the host's socket, the pair, the loop's: closed


FUNCTIONS_SOURCE = """
import functools

LIMIT = 3

def plain(a, b=2, *, c=LIMIT):
    "Adds."
    return a + b + c

plain.marker = "kept"

def held_elsewhere():
    return "held"

REGISTRY = [held_elsewhere]

def weakly_held():
    return "weak"

def never_ran():
    return "never"

class Base:
    def greet(self, name: str) -> str:
        return f"base {name}"

class Child(Base):
    def greet(self, name: str) -> str:
        return "child " + super().greet(name)

def make_counter():
    count = 0
    def bump():
        nonlocal count
        count += 1
        return count
    return bump

counter = make_counter()

def target(x):
    return x * 2

@functools.wraps(target)
def wrapper(*args, **kwargs):
    return target(*args, **kwargs)

def shared_getter(self):
    return "shared"

class Described:
    def __init__(self):
        self._size = 1

    @property
    def size(self):
        "The size."
        return self._size

    @size.setter
    def size(self, value):
        self._size = value

    shared = property(shared_getter)

    @classmethod
    def make(cls, size):
        made = cls()
        made.size = size
        return made

    @staticmethod
    def twice(x):
        return 2 * x
"""


@pytest.fixture
def module_of_functions(monkeypatch):
    """A module in ``sys.modules`` whose functions are then run, as the warm-up's lobby runs code."""
    module = types.ModuleType("warm_memory_functions")
    monkeypatch.setitem(sys.modules, module.__name__, module)
    exec(compile(FUNCTIONS_SOURCE, "warm_memory_functions.py", "exec"), module.__dict__)
    return module


def run_module_functions(module) -> None:
    module.plain(1)
    module.held_elsewhere()
    module.weakly_held()
    module.Child().greet("x")
    module.counter()
    module.wrapper(1)
    described = module.Described.make(3)
    described.size, described.shared, module.Described.twice(1)


def identities(module) -> dict[str, int]:
    """By id only: a reference kept here would keep the function where it is."""
    names = ("plain", "held_elsewhere", "weakly_held", "never_ran", "counter", "target", "wrapper")
    found = {name: id(getattr(module, name)) for name in names}
    found |= {f"{cls.__name__}.greet": id(cls.__dict__["greet"]) for cls in (module.Base, module.Child)}
    found |= {f"Described.{name}": id(vars(module.Described)[name]) for name in ("size", "shared", "make", "twice")}
    return found


def test_functions_only_namespaces_hold_get_copies_that_behave_the_same(module_of_functions):
    m = module_of_functions
    keep_weakly = weakref.ref(m.weakly_held)
    before = identities(m)
    code = m.plain.__code__
    annotations = dict(m.Child.__dict__["greet"].__annotations__)
    executed = warmup.run_noting_code(lambda: run_module_functions(m))
    assert warmup.pack_functions(executed) >= 4  # and this module's run_module_functions
    after = identities(m)
    copied = {name for name in before if after[name] != before[name]}
    assert copied == {"plain", "Base.greet", "Child.greet", "wrapper", "counter"} | {
        "Described.size",  # a property, its getter and setter copied
        "Described.make",  # a classmethod
        "Described.twice",  # a staticmethod
    }
    # the copies behave as the originals
    assert m.plain.__code__ is code and m.plain.__globals__ is m.__dict__
    assert (m.plain.__name__, m.plain.__qualname__, m.plain.__module__) == ("plain", "plain", "warm_memory_functions")
    assert (m.plain.__doc__, m.plain.__defaults__, m.plain.__kwdefaults__) == ("Adds.", (2,), {"c": 3})
    assert m.plain.marker == "kept"
    assert m.plain(1) == 6 and m.plain(1, 1, c=1) == 3
    assert m.Child.greet.__qualname__ == "Child.greet"
    assert m.Child.greet.__annotations__ == annotations and "name" in annotations
    assert m.Child().greet("y") == "child base y"  # super() through the shared __class__ cell
    assert m.wrapper(4) == 8 and m.wrapper.__wrapped__ is m.target and m.wrapper.__name__ == "target"
    assert m.counter() == 2  # a closure's copy shares its cells
    made = m.Described.make(5)
    assert type(made) is m.Described and made.size == 5 and m.Described.twice(4) == 8
    made.size = 6
    assert made.size == 6 and m.Described.size.__doc__ == "The size." and made.shared == "shared"
    assert (m.Described.make.__name__, m.Described.make.__qualname__) == ("make", "Described.make")
    assert vars(m.Described)["make"].__wrapped__ is m.Described.make.__func__
    # kept: held by a registry, weakly referenced, held by the wrapper, never run, a property's
    # getter that a module holds too
    assert m.REGISTRY[0] is m.held_elsewhere and keep_weakly() is m.weakly_held
    assert vars(m.Described)["shared"].fget is m.shared_getter


def test_the_copied_functions_are_allocated_one_after_the_other(monkeypatch):
    module = types.ModuleType("warm_memory_scattered")
    monkeypatch.setitem(sys.modules, module.__name__, module)
    # each function among objects of its own size, as the imports leave them
    module.FILL = sys.getsizeof(run_module_functions) - sys.getsizeof(b"")
    source = "\n".join(f"def f{i}():\n    return {i}\nKEEP{i} = [bytes(FILL) for _ in range(8)]\n" for i in range(200))
    exec(compile(source, "warm_memory_scattered.py", "exec"), module.__dict__)
    pages_before = {id(getattr(module, f"f{i}")) >> 12 for i in range(200)}
    executed = warmup.run_noting_code(lambda: [getattr(module, f"f{i}")() for i in range(200)])
    assert warmup.pack_functions(executed) == 200
    assert [getattr(module, f"f{i}")() for i in range(200)] == list(range(200))
    pages_after = {id(getattr(module, f"f{i}")) >> 12 for i in range(200)}
    assert len(pages_after) <= len(pages_before) / 3, (len(pages_before), len(pages_after))


def test_functions_that_cannot_be_copied_stay_and_the_code_is_packed_anyway(monkeypatch, module_of_functions, capsys):
    m = module_of_functions
    before = identities(m)
    code = m.plain.__code__

    def broken(function):
        raise TypeError("no copy")

    monkeypatch.setattr(warmup, "copy_function", broken)
    executed = warmup.run_noting_code(lambda: run_module_functions(m))
    assert warmup.pack_code(executed) > 0  # the code still gets its copies
    assert identities(m) == before
    assert m.plain.__code__ is not code and m.plain.__code__ == code
    assert m.plain(1) == 6 and m.Child().greet("y") == "child base y"
    assert "TypeError: no copy" in capsys.readouterr().err  # said on the server's stderr


def test_the_warm_up_runs_a_command_line_parse_and_the_frames_escape_sequences():
    import argparse

    from textual.strip import Strip

    executed = warmup.run_noting_code(warmup.draw_lobby)
    assert id(argparse.ArgumentParser._parse_known_args.__code__) in executed  # a session's parse
    assert id(argparse.ArgumentParser.add_argument.__code__) in executed
    assert id(Strip.render.__code__) in executed  # styles turned into escape sequences, as a driver writes


def test_a_frame_that_cannot_be_written_is_left_out():
    assert warmup.write_frame(object()) == ""  # no compositor: the session writes its first frame itself


def test_a_function_is_replaced_in_all_its_places_or_in_none(monkeypatch, module_of_functions):
    m = module_of_functions
    m.Base.shout = m.plain  # the same function in the module and in a class
    before = identities(m)
    put = warmup.put

    def refusing_classes(owner, name, value):
        if isinstance(owner, type) and name == "shout" and id(value) != before["plain"]:  # the copy
            raise TypeError("read-only")
        put(owner, name, value)

    monkeypatch.setattr(warmup, "put", refusing_classes)
    executed = warmup.run_noting_code(lambda: run_module_functions(m))
    warmup.pack_functions(executed)
    assert id(m.plain) == before["plain"] and vars(m.Base)["shout"] is m.plain  # both kept the original
    assert id(vars(m.Child)["greet"]) != before["Child.greet"]  # the others were copied
