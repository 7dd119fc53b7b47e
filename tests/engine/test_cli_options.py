"""`--option NAME=VALUE` as the help shows it, and which ruleset an option was checked against (issue #30, items 2-3)."""

import pytest

from jantaku.cli import main
from jantaku.engine.options import OptionError
from jantaku.engine.ruleset import get_ruleset
from jantaku.tui.settings import Settings, save_settings


@pytest.mark.parametrize(
    "text, value",
    [("on", True), ("off", False), ("yes", True), ("no", False), ("true", True), ("false", False)]
    + [("1", True), ("0", False), ("OFF", False), ("Yes", True)],
)
def test_every_spelling_of_a_boolean_is_taken(capsys, text, value):
    code = main(["score", "riichi", "123m456p789s11222z", "--win", "2z", "--self", "--option", f"aka_dora={text}"])
    assert code == 0, capsys.readouterr().err
    assert get_ruleset("riichi", options={"aka_dora": text}).options.aka_dora is value


def test_a_word_that_is_no_boolean_is_refused_naming_the_spellings():
    with pytest.raises(OptionError) as refused:
        get_ruleset("riichi", options={"aka_dora": "maybe"})
    assert str(refused.value) == (
        "in riichi: option 'aka_dora' must be on or off (or yes/no, true/false, 1/0), not 'maybe'"
    )


def test_a_number_option_still_refuses_a_boolean_word():
    with pytest.raises(OptionError, match="must be a whole number"):
        get_ruleset("riichi", options={"start_points": "on"})


@pytest.fixture
def played_last(tmp_path, monkeypatch):
    """Settings that say the last quick game was ``ruleset``; the app never starts."""

    def choose(ruleset: str) -> None:
        path = tmp_path / "settings.json"
        save_settings(Settings(ruleset=ruleset), path)
        monkeypatch.setenv("JANTAKU_CONFIG", str(path))

    monkeypatch.setattr("jantaku.cli.play.run_app", lambda start=None: pytest.fail("the app started"))
    return choose


def test_an_option_without_ruleset_names_the_ruleset_played_last(played_last, capsys):
    played_last("sichuan")
    assert main(["play", "--option", "aka_dora=false"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(
        "jantaku play: in sichuan, the variant played last (--ruleset chooses another): unknown option 'aka_dora'; "
    )
    assert len(err.splitlines()) == 1


def test_an_option_without_ruleset_or_history_names_the_default_variant(played_last, capsys):
    played_last("")
    assert main(["play", "--option", "nope=1"]) == 2
    assert capsys.readouterr().err.startswith(
        "jantaku play: in riichi, the default variant (--ruleset chooses another): unknown option 'nope'; "
    )


def test_an_option_with_ruleset_names_that_ruleset(played_last, capsys):
    played_last("riichi")
    assert main(["play", "--ruleset", "sichuan", "--option", "aka_dora=off"]) == 2
    assert capsys.readouterr().err.startswith("jantaku play: in sichuan: unknown option 'aka_dora'; options: fan_cap")


def test_a_preset_of_another_ruleset_names_the_ruleset(played_last, capsys):
    played_last("riichi")
    assert main(["play", "--ruleset", "riichi", "--preset", "default"]) == 2
    assert capsys.readouterr().err == (
        "jantaku play: in riichi: unknown preset 'default'; presets: tenhou, majsoul, kobalab\n"
    )
