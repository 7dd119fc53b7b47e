"""The player's language: gettext catalogues, the choice of language, numbers in the language's form.

Every user-visible string of the TUI and the CLI goes through :func:`_` (or
:func:`ngettext`) *when it is shown*.  Strings defined at import time (module
constants, ``BINDINGS`` descriptions, class attributes) are marked with
:func:`N_`, which returns them unchanged, and are translated where they are
drawn; so the language may change while the program runs (the settings
screen) and a module imported before the choice is never stuck in English.
docs/i18n.md describes the workflow (extract, translate, compile).

The catalogues are ``jantaku/locale/<lang>/LC_MESSAGES/jantaku.mo``, read
by the standard library's :mod:`gettext`; Babel is needed only to extract
and compile them (the ``test`` extra), not to play.

    >>> set_language("de"); _("Settings"), format_number(25000), format_signed(-1500)
    ('Einstellungen', '25.000', '-1.500')
    >>> set_language("en"); _("Settings"), format_number(25000), format_signed(1500)
    ('Settings', '25,000', '+1,500')
    >>> language_from_environment({"LANG": "de_DE.UTF-8"}), language_from_environment({"LC_ALL": "C"})
    ('de', 'en')
"""

from __future__ import annotations

import functools
import gettext
import os
import re
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path

DOMAIN = "jantaku"
LOCALE_DIR = Path(__file__).with_name("locale")
LANGUAGES = ("en", "de")  # English is the source language: its catalogue is the msgids themselves
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch"}
AUTO = "auto"  # the settings' choice "from the environment"

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def N_(message: str) -> str:
    """Mark ``message`` for extraction only; it is translated where it is shown (``_(CONSTANT)``)."""
    return message


def _(message: str) -> str:
    """``message`` in the current language (the empty string stays empty: gettext would give the header)."""
    return _translations.gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translations.ngettext(singular, plural, n)


def current_language() -> str:
    return _language


def set_language(language: str) -> None:
    """Switch every later ``_()`` to ``language`` (one of :data:`LANGUAGES`; anything else is English)."""
    global _translations, _language
    _language = language if language in LANGUAGES else "en"
    if _language == "en":
        _translations = gettext.NullTranslations()
    else:
        _translations = gettext.translation(DOMAIN, LOCALE_DIR, languages=[_language], fallback=True)


@functools.cache
def _catalogue(language: str) -> gettext.NullTranslations:
    if language not in LANGUAGES or language == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True)


def gettext_in(language: str) -> Callable[[str], str]:
    """``_`` for one reader whose language need not be the program's: the SSH door speaks to each
    session in its own (:func:`_` speaks the program's, which the host's console uses).

    >>> gettext_in("de")("Settings"), gettext_in("fr")("Settings")
    ('Einstellungen', 'Settings')
    """
    catalogue = _catalogue(language)
    return lambda message: catalogue.gettext(message) if message else message


def translate_argparse(language: str) -> None:
    """argparse's own words (``usage:``, ``options``, ``invalid choice``, ...) in ``language``.

    argparse translates them with :func:`gettext.gettext`, gettext's *default domain*, which reads
    the language from the environment.  So the default domain becomes ours (its catalogue has
    argparse's msgids, jantaku/cli/argparse_words.py) and ``LANGUAGE`` is set to the chosen
    language; the first is gettext's documented ``textdomain``/``bindtextdomain``, the second is
    what GNU gettext reads first.  Called by the command line before it builds its parser.
    """
    gettext.bindtextdomain(DOMAIN, str(LOCALE_DIR))
    gettext.textdomain(DOMAIN)
    os.environ["LANGUAGE"] = language if language in LANGUAGES else "en"


def language_from_environment(environ: Mapping[str, str]) -> str:
    """The language POSIX would use for messages: ``LC_ALL``, else ``LC_MESSAGES``, else ``LANG``."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if value:
            code = value.split(".")[0].split("@")[0].split("_")[0].lower()
            return code if code in LANGUAGES else "en"
    return "en"


def resolve_language(flag: str | None, setting: str | None, environ: Mapping[str, str]) -> str:
    """``--lang`` first, then the settings' choice (unless ``auto``), then the locale."""
    for choice in (flag, setting):
        if choice and choice != AUTO:
            return choice if choice in LANGUAGES else "en"
    return language_from_environment(environ)


def aligned(label: str, value: str, column: int = 22) -> str:
    """``label``, then ``value`` at ``column`` (at least one space between): start-up lines whose values
    line up whatever length the language gives the labels.

    >>> aligned("join:", "jantaku join 1.2.3.4:7654", 8)
    'join:    jantaku join 1.2.3.4:7654'
    """
    return f"{label:<{column}} {value}"


# --- numbers and dates -------------------------------------------------------------------------
# A small formatter instead of Babel at run time (Babel is a test extra); tests/test_i18n.py checks that it
# agrees with Babel's format_decimal for both languages.
_SEPARATORS = {"en": (",", "."), "de": (".", ",")}  # (grouping, decimal)


def format_number(value: int | float, decimals: int | None = None, *, english_grouping: bool = True) -> str:
    """A number with the language's digit grouping and decimal sign: ``25,000`` / ``25.000``, ``0.5`` / ``0,5``.

    ``english_grouping=False``: English without grouping (``25000``), where the English screens always
    printed numbers so (the result screen); other languages group as usual.
    """
    group, point = _SEPARATORS.get(_language, _SEPARATORS["en"])
    if _language == "en" and not english_grouping:
        group = ""
    text = f"{abs(value):,.{decimals}f}" if decimals is not None else f"{abs(value):,}"
    text = text.replace(",", "\0").replace(".", point).replace("\0", group)
    return "-" + text if value < 0 else text


def format_signed(value: int, *, english_grouping: bool = True) -> str:
    """A change of score, always with its sign: ``+1,500`` / ``-1.500``."""
    text = format_number(value, english_grouping=english_grouping)
    return "+" + text if value > 0 else text if value else "+0"


def localise_numbers(text: str) -> str:
    """Numbers the engine wrote in English (``30 fu 3 han · 3,900``) in the language's form."""
    if _language == "en":
        return text
    group, point = _SEPARATORS[_language]
    return _ENGLISH_NUMBER.sub(lambda m: m[0].replace(",", "\0").replace(".", point).replace("\0", group), text)


_ENGLISH_NUMBER = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\.\d+")


def format_datetime(moment: datetime) -> str:
    """Date and time of day, short, as the language writes them: ``2026-11-30 10:30`` / ``30.11.2026, 10:30``."""
    if _language == "de":
        return moment.strftime("%d.%m.%Y, %H:%M")
    return moment.strftime("%Y-%m-%d %H:%M")
