"""The layers import only downward: cli -> tui -> netplay -> engine (DESIGN, issue #14).

One test reads every module's imports with :mod:`ast` (top-level and inside
functions alike); one imports the whole netplay layer in a fresh interpreter
and lists what ``-X importtime`` saw loading.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "jantaku"

# each layer, and the layers above it that it must never import
FORBIDDEN = {
    "engine": ("jantaku.netplay", "jantaku.tui", "jantaku.cli"),
    "netplay": ("jantaku.tui", "jantaku.cli"),
    "tui": ("jantaku.cli",),
}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path, *, names: bool = True) -> list[tuple[int, str]]:
    """(line, absolute module name) for every import in the file, relative ones resolved.

    With ``names``, ``from m import x`` also yields ``m.x`` (x may be a submodule).
    """
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.append((node.lineno, target))
            if names:  # ``from . import x`` may name a submodule
                found += [(node.lineno, f"{target}.{alias.name}") for alias in node.names]
    return found


def upward_imports(layer: str) -> list[str]:
    bad = []
    for path in sorted((PACKAGE / layer).rglob("*.py")):
        for line, target in imported_modules(path):
            if any(target == up or target.startswith(up + ".") for up in FORBIDDEN[layer]):
                bad.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {target}")
    return bad


def test_the_import_reader_resolves_relative_imports():
    targets = {t for _, t in imported_modules(PACKAGE / "tui" / "connect.py")}
    assert "jantaku.netplay.client" in targets  # ``from ..netplay.client import Client``
    assert "jantaku.netplay.client.Client" in targets
    assert "jantaku.engine.actions" in {t for _, t in imported_modules(PACKAGE / "engine" / "table.py")}


def exists(module: str) -> bool:
    path = PACKAGE.parent.joinpath(*module.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def test_every_import_inside_jantaku_names_a_module_that_exists():
    # a relative import in a moved module points nowhere (say ``from .store import X`` merged into
    # jantaku/cli/host.py from a branch that still edited jantaku/netplay/cli.py)
    missing = [
        f"{path.relative_to(PACKAGE.parent)}:{line} imports {target}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for line, target in imported_modules(path, names=False)
        if target.split(".")[0] == "jantaku" and not exists(target)
    ]
    assert missing == []


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_no_module_imports_a_layer_above_its_own(layer):
    assert upward_imports(layer) == []


def test_importing_all_of_netplay_loads_neither_the_tui_nor_the_cli():
    modules = [module_name(path) for path in sorted((PACKAGE / "netplay").rglob("*.py"))]
    script = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(' '.join(sorted(sys.modules)))\n"
    )
    run = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", script],
        capture_output=True,
        text=True,
        check=True,
        cwd=PACKAGE.parent,
    )
    loaded = run.stdout.split()
    assert "jantaku.netplay.host" in loaded and "jantaku.engine.table" in loaded  # the listing is real
    upper = ("jantaku.tui", "jantaku.cli", "textual")
    assert [m for m in loaded if m.startswith(upper)] == []
    timed = [line.rpartition("|")[2].strip() for line in run.stderr.splitlines() if "|" in line]
    assert [m for m in timed if m.startswith(upper)] == []
