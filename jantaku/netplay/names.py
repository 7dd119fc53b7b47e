"""Display names on one host: unique among the players it knows now, never a bot's, in one script.

Names are compared by :func:`name_key` (NFKC, case-folded, white space collapsed), so ``ann``,
``ANN`` and ``ａｎｎ`` (full-width) are one name.  What a host's bots are called is reserved:
the seat names (``Akira``, ``Mei``, ...) and the ``NAME (bot)`` form a bot plays a seat under
when its person left.  A name that mixes letters of Latin, Greek and Cyrillic (a Cyrillic ``а``
in ``ann``) is refused: it can only be there to look like another.  The names given are already
cleaned (:func:`jantaku.playertext.clean_player_text`).

    >>> name_key("  ＡＮＮ  Lee ")
    'ann lee'
    >>> is_bot_name("ann (bot)"), is_bot_name("MEI"), is_bot_name("Mei Ling")
    (True, True, False)
    >>> mixed_scripts("ann"), mixed_scripts("\\u0430nn"), mixed_scripts("Σοφία"), mixed_scripts("ann 太郎")
    (False, True, False, False)
    >>> free_name("ann", lambda key: key in {"ann", "ann2"})
    'ann3'
    >>> free_name("ann (bot)", lambda key: False)
    'ann2'
    >>> name_refusal("ＡＮＮ", lambda key: key == "ann")
    NameRefusal(why='someone here is called ＡＮＮ already; ANN2 is free', suggestion='ANN2')
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from ..i18n import LANGUAGES, gettext_in
from .seats import BOT_NAMES
from .texts import HostText

NAME_LENGTH = 24  # the hello's limit on a name (requests.py)
GUEST_NAME = "guest"  # what a name of mixed scripts is offered instead (with a number)
BOT_SUFFIX = " (bot)"  # a bot playing a seat its person left is called "NAME (bot)"
# letters of these scripts look alike (a, а, α): one name may use only one of them
CONFUSABLE_SCRIPTS = ("LATIN", "GREEK", "CYRILLIC")
_BOT_SEAT_KEYS = frozenset(name.casefold() for name in BOT_NAMES)
# every screen calls the viewer's own seat "You" (in the viewer's language): a player named so would
# read as the viewer on everybody else's screen ("You win" when another won)
VIEWER_WORD = "You"
_VIEWER_KEYS = frozenset(gettext_in(language)(VIEWER_WORD).casefold() for language in LANGUAGES)


def name_key(name: str) -> str:
    """What two names are compared by: NFKC, case-folded, runs of white space one space."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def bot_name_for(name: str) -> str:
    """The name of the bot that plays on for a person called ``name``."""
    return f"{name}{BOT_SUFFIX}"


def is_bot_name(name: str) -> bool:
    """Whether ``name`` is (in :func:`name_key`'s sense) a name the host's bots are called by."""
    key = name_key(name)
    return key in _BOT_SEAT_KEYS or key.replace(" ", "").endswith(BOT_SUFFIX.strip())


def is_reserved_name(name: str) -> bool:
    """A bot's name (:func:`is_bot_name`) or the word screens use for the viewer ("You", "Du").

    >>> is_reserved_name("you"), is_reserved_name("DU"), is_reserved_name("Youko")
    (True, True, False)
    """
    return is_bot_name(name) or name_key(name) in _VIEWER_KEYS


def mixed_scripts(name: str) -> bool:
    """Whether ``name``'s letters come from more than one of :data:`CONFUSABLE_SCRIPTS`."""
    scripts = set()
    for char in unicodedata.normalize("NFKC", name):
        if unicodedata.category(char).startswith("L"):
            script = unicodedata.name(char, "").split(" ", 1)[0]
            if script in CONFUSABLE_SCRIPTS:
                scripts.add(script)
    return len(scripts) > 1


def free_name(name: str, taken: Callable[[str], bool]) -> str:
    """``name`` with the first number from 2 on that makes it free (``taken`` is asked of keys), cut
    to fit :data:`NAME_LENGTH`, in NFKC (``ＡＮＮ`` suggests ``ANN2``); a bot's ``(bot)`` form
    loses that first."""
    name = unicodedata.normalize("NFKC", name)
    if name_key(name).replace(" ", "").endswith(BOT_SUFFIX.strip()):
        name = name[: name.rstrip().rfind("(")].rstrip() or "player"
    for number in range(2, 10_000):
        suffix = str(number)
        candidate = name[: NAME_LENGTH - len(suffix)].rstrip() + suffix
        if not taken(name_key(candidate)) and not is_reserved_name(candidate):
            return candidate
    raise ValueError("no free name")  # 9,998 players of one name: the host has far fewer connections


@dataclass(frozen=True)
class NameRefusal:
    """Why a name may not be used now, and a free one to use instead."""

    why: HostText
    suggestion: str


def name_refusal(name: str, taken: Callable[[str], bool]) -> NameRefusal | None:
    """Why ``name`` may not be used, if it may not: its key ``taken`` (by another player), a bot's
    name, or letters of look-alike scripts mixed (no number helps that: a free guest name is offered)."""
    if mixed_scripts(name):
        suggestion = free_name(GUEST_NAME, taken)
        return NameRefusal(HostText("name_mixed_scripts", name=name, suggestion=suggestion), suggestion)
    if is_reserved_name(name) or taken(name_key(name)):
        suggestion = free_name(name, taken)
        if is_bot_name(name):
            return NameRefusal(HostText("name_reserved", name=name, suggestion=suggestion), suggestion)
        if is_reserved_name(name):
            return NameRefusal(HostText("name_viewer", name=name, suggestion=suggestion), suggestion)
        return NameRefusal(HostText("name_taken", name=name, suggestion=suggestion), suggestion)
    return None
