"""The command line in German: ``jantaku --help``, a command's help and errors, argparse's own words."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.extract import extract

from jantaku.cli import main
from jantaku.cli.argparse_words import ARGPARSE_WORDS, PROGRAMMER_ONLY
from jantaku.i18n import set_language

ROOT = Path(__file__).resolve().parents[1]


def run_jantaku(tmp_path: Path, lang: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    env.update(LANG=lang, JANTAKU_CONFIG=str(tmp_path / "settings.json"), PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "jantaku", *args], capture_output=True, text=True, env=env, timeout=60, check=False
    )


@pytest.fixture
def cli_language(monkeypatch, tmp_path):
    """In-process ``main()`` with a locale of our choosing (and no settings file of the user's)."""
    monkeypatch.setenv("JANTAKU_CONFIG", str(tmp_path / "settings.json"))
    monkeypatch.setenv("LANGUAGE", "")  # translate_argparse sets it; monkeypatch puts it back
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    yield lambda lang: monkeypatch.setenv("LANG", lang)
    set_language("en")


def test_jantaku_help_and_host_help_are_german_with_argparse_own_words(tmp_path):
    top = run_jantaku(tmp_path, "de_DE.UTF-8", "--help")
    assert top.returncode == 0, top.stderr
    assert top.stdout.startswith("Aufruf: jantaku")  # argparse's "usage: "
    assert "Optionen:" in top.stdout and "diese Hilfe zeigen und beenden" in top.stdout
    assert "Tische ausrichten, an die sich andere setzen" in top.stdout  # our own help of `host`
    host = run_jantaku(tmp_path, "de_DE.UTF-8", "host", "--help")
    assert host.returncode == 0, host.stderr
    assert host.stdout.startswith("Aufruf: jantaku host")
    for german in ("diese Hilfe zeigen und beenden", "SSH-Eingang (docs/ssh.md):", "Web-Eingang", "TCP-Port"):
        assert german in host.stdout
    for english in ("usage:", "options:", "show this help", "TCP port", "front door"):
        assert english not in host.stdout


def test_the_same_help_is_english_in_an_english_locale(tmp_path):
    host = run_jantaku(tmp_path, "C.UTF-8", "host", "--help")
    assert host.stdout.startswith("usage: jantaku host")
    assert "show this help message and exit" in host.stdout and "TCP port" in host.stdout


def test_argparse_errors_and_our_value_errors_are_german(cli_language, capsys):
    cli_language("de_DE.UTF-8")
    with pytest.raises(SystemExit):
        main(["host", "--port", "99999"])
    assert capsys.readouterr().err == (
        "jantaku host: Argument --port: 99999 ist keine Portnummer (0-65535) (siehe jantaku host --help)\n"
    )
    with pytest.raises(SystemExit):
        main(["bot"])
    assert "diese Argumente fehlen: --connect" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["host", "--bots", "wizard"])
    assert "ungültige Wahl: 'wizard'" in capsys.readouterr().err
    assert main(["bot", "--connect", "127.0.0.1:1", "--bot", "wizard"]) == 2
    assert capsys.readouterr().err.startswith("jantaku bot: unbekannter Bot 'wizard'; Bots: ")


def test_english_errors_stay_english(cli_language, capsys):
    cli_language("C.UTF-8")
    with pytest.raises(SystemExit):
        main(["bot"])
    assert "the following arguments are required: --connect" in capsys.readouterr().err


def test_every_user_visible_argparse_msgid_of_this_python_is_in_the_catalogue():
    with open(argparse.__file__, "rb") as f:
        found = {
            m if isinstance(m, str) else m[0]
            for _, m, _, _ in extract("python", f, keywords={"_": None, "ngettext": (1, 2)})
        }
    missing = found - set(ARGPARSE_WORDS) - set(PROGRAMMER_ONLY)
    assert missing == set(), f"add to jantaku/cli/argparse_words.py and translate: {sorted(missing)}"


def test_a_selfplay_summary_in_german_with_its_plurals(cli_language, capsys):
    from jantaku.cli.tools import summary_text

    cli_language("de_DE.UTF-8")
    assert main(["selfplay", "--ruleset", "basic", "--hands", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("basic: 2 Hände in 1 Partie, ") and "Hände/s" in out
    assert "Platz 0 (easy): Punkte " in out and "Gewinne" in out and "seat " not in out
    two = {
        "ruleset": "basic", "hands": 8, "matches": 2, "seconds": 0.5, "hands_per_second": 16.0,
        "wins": 7, "draws": 1, "mean_turns": 20.25, "seats": [], "errors": [],
    }  # fmt: skip
    assert summary_text(two).startswith("basic: 8 Hände in 2 Partien, 0,5 s (16,0 Hände/s)")
    set_language("en")
    assert summary_text(two).startswith("basic: 8 hands in 2 matches, 0.5 s (16.0 hands/s)")
    assert summary_text({**two, "matches": 1}).startswith("basic: 8 hands in 1 match,")


def test_an_option_the_engine_refuses_is_said_in_german(cli_language, capsys):
    cli_language("de_DE.UTF-8")
    assert main(["selfplay", "--ruleset", "riichi", "--hands", "1", "--option", "aka=1"]) == 2
    assert capsys.readouterr().err.startswith(
        "jantaku selfplay: in riichi: unbekannte Option 'aka'; Optionen: aka_dora, "
    )
    assert main(["selfplay", "--ruleset", "hongkong", "--hands", "1", "--option", "min_fan=x"]) == 2
    assert "Option 'min_fan' muss eine ganze Zahl sein, nicht 'x'" in capsys.readouterr().err
    cli_language("en_GB.UTF-8")
    assert main(["selfplay", "--ruleset", "riichi", "--hands", "1", "--option", "aka=1"]) == 2
    assert capsys.readouterr().err.startswith("jantaku selfplay: in riichi: unknown option 'aka'; options: aka_dora, ")
