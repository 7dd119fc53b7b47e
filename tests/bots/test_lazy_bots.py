"""Listing bot names, the CLI's start-up and a one-variant self-play import no other variant's bots (issue 18).

Each check runs in a fresh interpreter and looks at ``sys.modules`` afterwards: a variant's
bot and strategy modules load only when one of its bots plays.
"""

from __future__ import annotations

import json
import subprocess
import sys

VARIANT_BOT_MODULES = {
    f"jantaku.engine.rulesets.{variant}.{module}"
    for variant in ("classical", "hongkong", "riichi", "sichuan")
    for module in ("bot", "strategy")
}


def loaded_after(code: str) -> set[str]:
    """The variant bot modules loaded once ``code`` has run in a fresh interpreter."""
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted(m for m in sys.modules if m.startswith('jantaku'))))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    return set(json.loads(out.strip().splitlines()[-1])) & VARIANT_BOT_MODULES


def test_listing_bot_names_imports_no_variant_bots() -> None:
    code = "from jantaku.engine.bots import bot_names\nassert 'riichi' in bot_names() and 'hk' in bot_names()"
    assert loaded_after(code) == set()


def test_selfplay_help_imports_no_bots() -> None:
    code = (
        "import contextlib, io\nfrom jantaku.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
        "    main(['selfplay', '--help'])"
    )
    assert loaded_after(code) == set()


def test_a_riichi_selfplay_imports_only_riichi_bots() -> None:
    code = (
        "import contextlib, io\nfrom jantaku.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    assert main(['selfplay', '--ruleset', 'riichi', '--hands', '1', '--bots', 'easy,normal,strong,riichi']) == 0"
    )
    assert loaded_after(code) == {"jantaku.engine.rulesets.riichi.bot"}
