"""The player's settings, kept as JSON in the user's config directory.

``$JANTAKU_CONFIG`` names the file directly (tests use it); otherwise
``$XDG_CONFIG_HOME/jantaku/settings.json``.  A missing or broken file gives
the defaults: settings never stop the game from starting.

    >>> s = Settings.from_dict({"tiles": "boxed", "auto_win": True, "bogus": 1, "bot_delay": 0,
    ...                         "bot_level": "godlike"})
    >>> s.tiles, s.auto_win, s.auto_pass, s.bot_delay, s.bot_level
    ('boxed', True, False, 0.0, 'normal')
"""

from __future__ import annotations

import dataclasses
import getpass
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.bots.base import LEVELS
from ..i18n import AUTO, LANGUAGES, N_

TILE_STYLES = ("auto", "compact", "boxed")
BOT_LEVELS = LEVELS  # the bots' strength
BOT_LEVEL_LABELS = (  # translated where shown
    N_("easy — the quickest hand, no defence"),
    N_("normal — plays for the hand's value"),
    N_("strong — our best: value, speed and table reading"),
)


def default_name() -> str:
    """The login name, as a player's name (``player`` for root or none)."""
    try:
        name = getpass.getuser()
    except (KeyError, OSError):
        name = ""
    return name[:24] if name and name != "root" else "player"


@dataclass
class Settings:
    name: str = field(default_factory=default_name)
    tiles: str = "auto"  # auto: boxed hand when the terminal is big enough
    unicode: bool = False  # Unicode mahjong glyphs instead of 1m/東 faces
    colour: bool = True
    auto_win: bool = False
    auto_pass: bool = False
    auto_discard: bool = True  # after riichi, discard the drawn tile when nothing else is possible
    mark_tsumogiri: bool = True  # dim the discards thrown straight from the draw
    bot_delay: float = 0.4  # seconds between bot moves in a quick game
    bot_level: str = "normal"  # the quick game's bots, and the one offered first when adding a bot
    ruleset: str = ""  # the quick game's last variant ("" = the first available)
    preset: str = ""
    last_host: str = ""  # the address last joined
    tokens: dict = field(default_factory=dict)  # host address → the token that gets your seats back
    language: str = AUTO  # "auto" (from the locale: LANG, LC_ALL, LC_MESSAGES) or one of jantaku.i18n.LANGUAGES

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Settings":
        out = cls()
        for f in dataclasses.fields(cls):
            value, default = data.get(f.name), getattr(out, f.name)
            if isinstance(default, float) and isinstance(value, int) and not isinstance(value, bool):
                value = float(value)
            if isinstance(value, type(default)):
                setattr(out, f.name, value)
        if out.tiles not in TILE_STYLES:
            out.tiles = "auto"
        if out.bot_level not in BOT_LEVELS:
            out.bot_level = "normal"
        if out.language not in (AUTO, *LANGUAGES):
            out.language = AUTO
        if out.language not in (AUTO, *LANGUAGES):
            out.language = AUTO
        return out

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def config_dir() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "jantaku"


def data_dir() -> Path:
    """Where finished matches are kept for replays."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "jantaku"


def settings_path() -> Path:
    return Path(os.environ["JANTAKU_CONFIG"]) if os.environ.get("JANTAKU_CONFIG") else config_dir() / "settings.json"


def load_settings(path: Path | None = None) -> Settings:
    path = path or settings_path()
    try:
        return Settings.from_dict(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, TypeError, AttributeError):
        return Settings()


def save_settings(settings: Settings, path: Path | None = None) -> None:
    path = path or settings_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(settings.to_dict(), indent=2), encoding="utf-8")
    except OSError:
        pass  # a read-only home must not break the game
