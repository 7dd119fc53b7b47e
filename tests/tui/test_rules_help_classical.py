"""The rules help lists issue 20's classical options with their presets' choices."""

from rich.console import Console

from jantaku.tui.screens.rules import rules_text


def test_rules_help_lists_the_new_classical_options():
    console = Console(width=200, record=True)
    console.print(rules_text("classical"))
    text = console.export_text()
    for name in (
        "loser_pairs",
        "double_all_simples",
        "double_three_chows",
        "double_terminal_in_every_set",
        "double_limit_hands",
        "riichi_declaration",
        "deal_passes",
    ):
        assert f"{name} = " in text, name
    presets = " ".join(text.split("Options")[0].split())  # the presets' lines, unwrapped
    dmjl = presets.split("dmjl:")[1]
    assert "loser_pairs=every" in dmjl and "double_limit_hands=off" in dmjl
