"""The CI's own tools: the mypy baseline script and the configuration it relies on."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TYPECHECK = ROOT / ".ci" / "typecheck"

MYPY_OUTPUT = """\
jantaku/engine/tiles.py:3: error: Incompatible types in assignment  [assignment]
jantaku/engine/tiles.py:3: note: a note is not an error
jantaku/engine/rulesets/riichi/fu.py:9:4: error: Missing return statement  [return]
jantaku/tui/app.py:1: error: Name "x" is not defined  [name-defined]
Found 3 errors in 3 files (checked 159 source files)
"""


def typecheck(tmp_path: Path, baseline: dict[str, int], *extra: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "out.txt").write_text(MYPY_OUTPUT)
    (tmp_path / "baseline.json").write_text(json.dumps(baseline))
    return subprocess.run(
        [
            sys.executable,
            str(TYPECHECK),
            "--mypy-output",
            str(tmp_path / "out.txt"),
            "--baseline",
            str(tmp_path / "baseline.json"),
            *extra,
        ],
        capture_output=True,
        text=True,
    )


def test_counts_at_the_baseline_pass_and_print_the_figures(tmp_path):
    run = typecheck(tmp_path, {"engine": 2, "tui": 1, "netplay": 0})
    assert run.returncode == 0, run.stdout + run.stderr
    rows = {line.split()[0]: line.split()[1:3] for line in run.stdout.splitlines()[1:]}
    assert rows["engine"] == ["2", "2"] and rows["tui"] == ["1", "1"] and rows["netplay"] == ["0", "0"]


@pytest.mark.parametrize("baseline", [{"engine": 1, "tui": 1}, {"engine": 2}])  # engine rose; tui not listed = 0
def test_a_count_above_the_baseline_fails_and_lists_the_errors(tmp_path, baseline):
    run = typecheck(tmp_path, baseline)
    assert run.returncode == 1
    assert "more mypy errors than the baseline" in run.stderr
    assert "Missing return statement" in run.stdout or "is not defined" in run.stdout


def test_update_only_lowers_the_baseline(tmp_path):
    run = typecheck(tmp_path, {"engine": 5, "tui": 1, "netplay": 3}, "--update")
    assert run.returncode == 0, run.stderr
    assert json.loads((tmp_path / "baseline.json").read_text()) == {"engine": 2, "tui": 1, "netplay": 0}


def test_the_committed_baseline_covers_the_layers_and_the_tools_are_configured():
    baseline = json.loads((ROOT / ".ci" / "mypy-baseline.json").read_text())
    assert {"engine", "netplay", "tui", "cli"} <= set(baseline)
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "mypy" in config["tool"] and "lint" in config["tool"]["ruff"] and "format" in config["tool"]["ruff"]
    extras = " ".join(config["project"]["optional-dependencies"]["test"])
    for tool in ("mypy", "ruff", "pytest-xdist", "pytest-textual-snapshot"):
        assert tool in extras
    assert "--doctest-modules" in config["tool"]["pytest"]["ini_options"]["addopts"]


def test_the_readme_test_command_is_what_ci_runs():
    readme = (ROOT / "README.md").read_text()
    after = readme[readme.index("Run the tests") :].split("\n\n")[1]
    command = after.strip()
    assert after.startswith("    ") and "\n" not in command  # one indented command line
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert command in ci  # .ci/run runs exactly the README's command, on a line of its own
    script = (ROOT / command).read_text()
    assert "pip install" in script and '-m "not slow"' in script and "-m slow" in script


def test_the_strength_tests_are_marked_slow():
    from tests.bots import test_strength

    marks = test_strength.pytestmark if isinstance(test_strength.pytestmark, list) else [test_strength.pytestmark]
    assert "slow" in [mark.name for mark in marks]  # the whole module: every strength test
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert any(marker.startswith("slow:") for marker in config["markers"])
