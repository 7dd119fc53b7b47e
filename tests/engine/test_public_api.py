"""The public engine API: ``__all__``, its docstring example, ``py.typed`` and the README's snippets."""

from __future__ import annotations

import contextlib
import doctest
import io
import re
from pathlib import Path

import jantaku
import jantaku.engine as engine

README = Path(jantaku.__file__).parent.parent / "README.md"


def test_every_public_name_resolves():
    assert {
        "get_ruleset",
        "ruleset_names",
        "VARIANTS",
        "Match",
        "Table",
        "Action",
        "Discard",
        "Chi",
        "Pass",
        "DeclareVoid",
        "Event",
        "DrawEvent",
        "decode_event",
        "get_bot",
        "parse_tiles",
        "format_tiles",
    } <= set(engine.__all__)
    for name in engine.__all__:
        assert getattr(engine, name) is not None, name
    namespace: dict = {}
    exec("from jantaku.engine import *", namespace)
    assert set(engine.__all__) <= set(namespace)


def test_the_module_docstring_example_runs():
    result = doctest.testmod(engine, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5 and result.failed == 0


def test_the_package_is_marked_typed():
    assert (Path(jantaku.__file__).parent / "py.typed").is_file()
    pyproject = (README.parent / "pyproject.toml").read_text()
    assert re.search(r'"jantaku" = \[[^\]]*"py\.typed"', pyproject)


def test_the_readme_snippets_run():
    text = README.read_text()
    section = text.split("## Use the engine from Python", 1)[1].split("\n## ", 1)[0]
    snippets = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(snippets) == 2
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for code in snippets:
            exec(compile(code, str(README), "exec"), {"__name__": "readme"})
    lines = out.getvalue().splitlines()
    scores = eval(lines[0])  # noqa: S307 - our own printed list
    assert len(scores) == 4 and sum(scores) == 0
    assert lines[1] == "2 40 ['Riichi', 'Menzen tsumo']"
