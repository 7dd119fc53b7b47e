"""Every command the README, docs/*.md and each ``--help`` show runs as written (issue #30, item 1).

The examples are read from the sources themselves: the lines of the README's and the docs' code
blocks (fenced or indented) that start with ``jantaku``, the README's inline ``jantaku …`` spans,
and every ``e.g.: jantaku …`` in a command's help.  Each is one of:

- a synopsis (``jantaku play [--ruleset R] …``, a placeholder in capitals) or a command named in
  passing (``jantaku mjai-seat``): its command and every ``--flag`` it names must be the command's
  (or ``jantaku``'s own, such as ``--lang``);
- a command that opens a screen, a server or a connection (``play``, ``host``, ``join``, …): the
  real parser reads it, and ``play`` also checks its ruleset, preset and options as it does before
  the screen opens, which the test stops short of;
- any other: run with the venv's ``jantaku`` in a fresh data and settings directory, and it must
  succeed.

A placeholder the examples use (the review's match ``12``) is replaced by a real match: the import of
a Tenhou log from tests/data.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from jantaku.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")))
JANTAKU = Path(sys.executable).with_name("jantaku")
A_LOG = ROOT / "tests" / "data" / "mjlog" / "double-ron.mjlog"

# commands that open a screen, serve, or connect: parsed (and, for play, checked), never started
NOT_STARTED = {"menu", "play", "join", "replay", "host", "bot", "mjai-seat", "mjai-server"}
# a word in capitals (MATCH, FILE, HOST:PORT, GAME.mjlog, K=V), ``[…]``, ``|`` or ``…``: a synopsis
PLACEHOLDER = re.compile(r"\b[A-Z][A-Z_]+\b|[\[\]|…]")
# examples that name a thing this machine does not have, and what stands in for it
STAND_INS = {"jantaku review 12 ": "jantaku review {match} "}


@dataclass(frozen=True)
class Example:
    where: str  # file:line, or the command's --help
    command: str


def _code_lines(path: Path) -> list[tuple[int, str]]:
    """The lines of a Markdown file's fenced and indented code blocks."""
    found, fenced, previous_blank = [], False, True
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        indented = line.startswith("    ") and (previous_blank or (found and found[-1][0] == number - 1))
        if fenced or indented:
            found.append((number, line.strip()))
        previous_blank = not line.strip()
    return found


def _commands_in(text: str) -> list[str]:
    """``jantaku …`` commands on a line (``a && .venv/bin/jantaku play``), without a trailing comment."""
    commands = []
    for part in text.split("&&"):
        part = re.sub(r"\s+#.*$", "", part.strip())
        part = re.sub(r"^(\.venv/bin/)", "", part)
        if part.startswith("jantaku ") or part == "jantaku":
            commands.append(part)
    return commands


def documented_examples() -> list[Example]:
    examples = []
    for path in DOCUMENTS:
        name = path.relative_to(ROOT)
        for number, line in _code_lines(path):
            examples += [Example(f"{name}:{number}", c) for c in _commands_in(line)]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for span in re.finditer(r"`(jantaku [^`]+)`", readme):
        number = readme.count("\n", 0, span.start()) + 1
        examples += [Example(f"README.md:{number}", span.group(1).replace("\\|", "|"))]
    return examples


def subcommands() -> dict[str, argparse.ArgumentParser]:
    action = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def help_examples() -> list[Example]:
    examples = []
    for name, parser in subcommands().items():
        for text in (parser.description or "", parser.epilog or ""):
            examples += [
                Example(f"jantaku {name} --help", m.group(1).rstrip("."))
                for m in re.finditer(r"e\.g\.:? (jantaku .+?)(?:$|\n)", text)
            ]
    return examples


EXAMPLES = documented_examples() + help_examples()


def test_the_examples_are_found():
    """The readers above still find examples: in the README, in the docs, and in each help that has one."""
    wheres = {e.where.split(":")[0] for e in EXAMPLES}
    assert {"README.md", "docs/calculator.md", "docs/ssh.md", "jantaku play --help", "jantaku score --help"} <= wheres
    assert any(e.command.startswith("jantaku play --ruleset riichi --preset") for e in EXAMPLES)


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> dict[str, str]:
    """A fresh data and settings directory holding one imported match; the environment to run in."""
    base = tmp_path_factory.mktemp("jantaku-home")
    env = {
        **os.environ,
        "XDG_DATA_HOME": str(base / "data"),
        "XDG_CONFIG_HOME": str(base / "config"),
        "JANTAKU_CONFIG": str(base / "config" / "settings.json"),
        "LANG": "C.UTF-8",
        "LANGUAGE": "",
    }
    env.pop("LC_ALL", None), env.pop("LC_MESSAGES", None)
    imported = subprocess.run(
        [str(JANTAKU), "import", str(A_LOG)], env=env, capture_output=True, text=True, timeout=60, check=True
    )
    env["MATCH"] = re.search(r"match (\d+)", imported.stdout).group(1)
    return env


def _words(command: str) -> list[str]:
    return shlex.split(command)[1:]


def _subcommand(words: list[str]) -> str:
    """The command the words run (``menu`` for none); ``jantaku``'s own flags before it are skipped."""
    rest = list(words)
    while rest and rest[0].startswith("--"):  # jantaku --lang de play
        rest = rest[2:] if rest[0] == "--lang" else rest[1:]
    return rest[0] if rest else "menu"


def _named_in_passing(command: str) -> bool:
    """``jantaku score`` or plain ``jantaku`` in a sentence: the command is named, not shown at work."""
    return len(command.split()) <= 2 and not command.split()[-1].startswith("-")


def _flags(parser: argparse.ArgumentParser) -> set[str]:
    return {flag for action in parser._actions for flag in action.option_strings}


def check_synopsis(command: str) -> None:
    one_choice = re.sub(r"\|(?!-)[^\s\]]+", "", command)  # de|en: de; --json|--jsonl: both flags
    words = one_choice.replace("[", " ").replace("]", " ").replace("|", " ").split()[1:]
    name = _subcommand(words)
    parsers = subcommands()
    assert name in parsers, f"no command {name!r}"
    known = _flags(parsers[name]) | _flags(build_parser())
    for word in words:
        flag = word.split("=")[0]
        if flag.startswith("--"):
            assert flag in known, f"jantaku {name} has no {flag}"


def check_not_started(command: str, env: dict[str, str], monkeypatch) -> None:
    words = _words(command)
    build_parser().parse_args(words)  # argparse refuses a bad flag with SystemExit
    if _subcommand(words) != "play":
        return
    for key in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "JANTAKU_CONFIG"):
        monkeypatch.setenv(key, env[key])
    started = []
    monkeypatch.setattr("jantaku.cli.play.run_app", lambda start=None: started.append(start) or 0)
    assert main(words) == 0 and started, "play refused its own example"


def run(command: str, env: dict[str, str]) -> None:
    for example, stand_in in STAND_INS.items():
        command = command.replace(example, stand_in.format(match=env["MATCH"]))
    done = subprocess.run(
        [str(JANTAKU), *_words(command)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, f"exit {done.returncode}: {done.stderr.strip()[-400:]}"
    assert "Traceback" not in done.stderr and "not a win" not in done.stdout, done.stdout[:400] + done.stderr[-400:]


@pytest.mark.parametrize("example", EXAMPLES, ids=[f"{e.where} {e.command}" for e in EXAMPLES])
def test_the_example_runs_as_written(example: Example, home, monkeypatch, capsys):
    command = example.command
    words = command.split()
    if len(words) > 1 and words[1].endswith(":"):
        pytest.skip("a message the command prints, quoted")
    if PLACEHOLDER.search(command.replace("jantaku ", "", 1)) or _named_in_passing(command):
        check_synopsis(command)
    elif _subcommand(_words(command)) in NOT_STARTED and not {"--help", "--version"} & set(words):
        check_not_started(command, home, monkeypatch)
    else:
        run(command, home)


@pytest.mark.parametrize("variant", ["riichi", "classical", "hongkong", "sichuan"])
def test_every_preset_is_documented(variant):
    """Each preset is named in the README's list and in the variant's own page (``kobalab`` was not)."""
    from jantaku.engine.ruleset import ruleset_class

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    listed = re.search(rf"`{variant}` \(([^)]*)\)", readme)
    assert listed, f"the README lists no presets of {variant}"
    page = (ROOT / "docs" / f"{variant}.md").read_text(encoding="utf-8")
    for preset in ruleset_class(variant).presets:
        assert f"`{preset}`" in listed.group(1), f"README: {variant} preset {preset}"
        assert f"`{preset}`" in page, f"docs/{variant}.md: preset {preset}"


def test_the_german_help_shows_the_same_examples(monkeypatch):
    """A translated help keeps its example as it is: what runs in English runs in German."""
    from jantaku.i18n import set_language

    english = {e.where: e.command for e in help_examples()}
    set_language("de")
    try:
        german = {}
        for name, parser in subcommands().items():
            for text in (parser.description or "", parser.epilog or ""):
                german.update(
                    {f"jantaku {name} --help": m.group(1) for m in re.finditer(r"(jantaku .+?)(?:$|\n)", text)}
                )
    finally:
        set_language("en")
    for where, command in english.items():
        assert german.get(where) == command, where
