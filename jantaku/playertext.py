"""Text that came from a player (names, chat, table names, names in imported files) is data.

One cleaning rule, used at every entry (a hello, an import, a row read from the store) so that
what a screen or a command prints can never carry an escape sequence, a clipboard write (OSC 52),
a NUL, a C1 control or a bidi override that reorders what follows it. Rendering is the other half:
screens draw such text with Rich ``Text`` (never markup), so ``evil[/]`` stays seven characters.

    >>> clean_player_text("  Ann\\x1b]52;c;aGk=\\x07 ")
    'Ann]52;c;aGk='
    >>> clean_player_text("evil[/]")
    'evil[/]'
    >>> clean_player_text("\\u202eevil\\u202c", limit=3)
    'evi'
    >>> clean_player_text("a\\n\\tb")
    'a b'
"""

from __future__ import annotations

import unicodedata

__all__ = ["clean_player_text", "is_clean_player_text"]

# Unicode categories never drawn as themselves: controls (C0, C1, DEL), format characters (bidi
# overrides and isolates, zero-width joiners), surrogates, private use, unassigned, line and
# paragraph separators.
_INVISIBLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def _visible(char: str) -> bool:
    return unicodedata.category(char) not in _INVISIBLE


def clean_player_text(text: str, *, limit: int = 64) -> str:
    """``text`` in NFC with every invisible or controlling character gone, runs of white space made
    one space, stripped, and cut to ``limit`` characters."""
    text = unicodedata.normalize("NFC", text)
    kept = "".join(ch if _visible(ch) or ch in "\t\n\r" else "" for ch in text)
    return " ".join(kept.split())[:limit].strip()


def is_clean_player_text(text: str) -> bool:
    """Whether ``text`` is already as :func:`clean_player_text` (with no limit) would leave it."""
    return text == clean_player_text(text, limit=len(text) + 1)
