"""German and English (docs/i18n.md): the catalogue is complete and compiled, the language is chosen from
``--lang``, the settings and the locale, numbers and dates follow the language (as Babel formats them), and
the engine's names (score items, rulesets, options) have German names."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import tomllib
from datetime import datetime
from pathlib import Path

import pytest
from babel.dates import format_datetime as babel_datetime
from babel.numbers import format_decimal

from jantaku.i18n import format_datetime, format_number, format_signed, resolve_language, set_language
from jantaku.tui.terms import item_name, japanese_item_names, split_item_name

ROOT = Path(__file__).resolve().parents[1]


def load_script():
    spec = importlib.util.spec_from_file_location("i18n_script", ROOT / "scripts" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


@pytest.fixture(scope="module")
def catalogue():
    script = load_script()
    return script, script.extract()


def test_every_msgid_is_translated_in_german_and_the_mo_is_compiled_from_the_po(catalogue):
    script, template = catalogue
    assert len(template) > 500  # the extraction is real: the TUI's strings and the engine's names
    assert script.problems(template, "de") == []


def test_the_check_reports_a_msgid_nobody_translated(catalogue):
    script, template = catalogue
    template.add("A sentence added after the catalogue was translated")
    try:
        assert script.problems(template, "de") == ["de: missing 'A sentence added after the catalogue was translated'"]
    finally:
        template.delete("A sentence added after the catalogue was translated")


def test_the_compiled_catalogues_ship_in_the_package():
    package_data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    assert "**/*.mo" in package_data["jantaku"]
    assert (ROOT / "jantaku" / "locale" / "de" / "LC_MESSAGES" / "jantaku.mo").is_file()


@pytest.mark.parametrize("language", ["en", "de"])
def test_numbers_are_formatted_as_babel_formats_them(language):
    set_language(language)
    for value in (0, 7, 999, 1000, -1500, 25000, 1234567, -32000):
        assert format_number(value) == format_decimal(value, locale=language)
    for value in (0.5, -2.25, 1234.5):
        assert format_number(value, decimals=2) == format_decimal(value, format="#,##0.00", locale=language)
    assert format_signed(1500) == "+" + format_decimal(1500, locale=language)


def test_english_keeps_the_result_screens_ungrouped_numbers_and_german_groups_them():
    assert format_signed(12000, english_grouping=False) == "+12000"
    set_language("de")
    assert format_signed(12000, english_grouping=False) == "+12.000"


def test_dates_are_written_as_each_language_writes_them():
    moment = datetime(2026, 11, 30, 10, 5)
    assert format_datetime(moment) == babel_datetime(moment, "yyyy-MM-dd HH:mm", locale="en")
    set_language("de")
    assert format_datetime(moment) == babel_datetime(moment, "dd.MM.yyyy, HH:mm", locale="de") == "30.11.2026, 10:05"


@pytest.mark.parametrize(
    ("flag", "setting", "environ", "language"),
    [
        (None, "auto", {"LANG": "de_DE.UTF-8"}, "de"),
        (None, "auto", {"LANG": "en_GB.UTF-8", "LC_MESSAGES": "de_AT.UTF-8"}, "de"),
        (None, "auto", {"LANG": "de_DE.UTF-8", "LC_ALL": "C"}, "en"),  # LC_ALL overrides the rest
        (None, "auto", {"LANG": "fr_FR.UTF-8"}, "en"),  # no French catalogue: English
        (None, "auto", {}, "en"),
        (None, "de", {"LANG": "C.UTF-8"}, "de"),  # the settings screen's choice over the locale
        ("en", "de", {"LANG": "de_DE.UTF-8"}, "en"),  # --lang over everything
    ],
)
def test_the_language_comes_from_the_flag_the_settings_or_the_locale(flag, setting, environ, language):
    assert resolve_language(flag, setting, environ) == language


def jantaku(*args: str, env: dict[str, str], tmp_path: Path) -> subprocess.CompletedProcess:
    config = tmp_path / "settings.json"
    environ = {k: v for k, v in os.environ.items() if not k.startswith("LC_") and k != "LANG"}
    return subprocess.run(
        [sys.executable, "-m", "jantaku", *args],
        capture_output=True,
        text=True,
        env={**environ, "JANTAKU_CONFIG": str(config), **env},
        cwd=ROOT,
        timeout=60,
    )


def test_the_command_line_speaks_german_from_the_locale_and_english_when_asked(tmp_path):
    german = jantaku("--help", env={"LANG": "de_DE.UTF-8"}, tmp_path=tmp_path)
    assert "Mah-Jongg im Terminal." in german.stdout and "ein schnelles Spiel gegen drei Bots" in german.stdout
    english = jantaku("--lang", "en", "--help", env={"LANG": "de_DE.UTF-8"}, tmp_path=tmp_path)
    assert "Mahjong in the terminal." in english.stdout
    error = jantaku("--lang", "de", "play", "--bots", "godlike", env={}, tmp_path=tmp_path)
    assert error.returncode == 2 and "(siehe jantaku play --help)" in error.stderr


def test_the_settings_language_is_used_by_the_command_line(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({"language": "de"}))
    assert "Mah-Jongg im Terminal." in jantaku("--help", env={"LANG": "C.UTF-8"}, tmp_path=tmp_path).stdout


@pytest.mark.parametrize("variant", ["riichi", "classical", "hongkong", "sichuan"])
def test_every_score_item_of_played_hands_has_a_german_name(variant):
    from tests.tui.playedhands import play_first_hand

    japanese = japanese_item_names()
    names = set()
    for seed in range(4):
        view = play_first_hand(variant, seed).result["view"]
        for win in view.result.wins if view.result is not None else ():
            names |= {item["name"] for item in win.score["items"]}
    assert names  # somebody won in four hands
    script = load_script()
    german = {message.id for message in script.read("de") if message.string}
    labels = {split_item_name(name)[0] for name in names}
    assert {label for label in labels if label not in german and label not in japanese} == set()
    set_language("de")
    assert item_name("Exposed pung 666m") == "Offener Pung 666m"
