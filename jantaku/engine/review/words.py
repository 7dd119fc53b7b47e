"""The review's words about a table: English phrases that keep their template and arguments.

The engine speaks stable English (its JSON and ``jantaku review --json`` stay
so); a screen shows a :class:`Phrase` in its reader's language by translating
:attr:`Phrase.template` and filling in the arguments, each a phrase itself or
tile notation (``jantaku.tui.reviewtext``).  :data:`TEMPLATES` lists every
template, for the catalogue.

    >>> from jantaku.engine.phrase import Phrase
    >>> p = Phrase(KABE, tile="4m")
    >>> p, p.template, p.args
    ('kabe: every 4m is in sight', 'kabe: every {tile} is in sight', {'tile': '4m'})
    >>> Phrase(VOID, suit=Phrase(SUIT_WORDS["p"]))
    'void in dots'
"""

from __future__ import annotations


SUIT_WORDS = {"m": "characters", "p": "dots", "s": "bamboo"}
WINDS = ("East", "South", "West", "North")

# what the table shows about a tile against one opponent (reasons.signs)
VOID_CANNOT_WIN = "void in {suit}: it cannot win on {tile}"
VOID = "void in {suit}"
IN_RIICHI = "in riichi"
GENBUTSU = "genbutsu: it threw {tile}"
THREW_ITSELF = "it threw {tile} itself"
PASSED_SINCE_RIICHI = "{tile} passed since its riichi"
PASSED_SINCE_CHANGE = "{tile} passed since its hand last changed"
HONOUR_UNSEEN = "honour, {count} unseen"
FLUSH_FITS = "its melds show a {suit} flush: this tile fits it"
FLUSH_OUTSIDE = "its melds show a {suit} flush: this suit is outside it"
ALL_PUNGS = "its melds are all pungs: pair waits"
SUJI_BOTH = "suji: {first} and {second} thrown"
SUJI = "suji: {tile} thrown"
HALF_SUJI = "half suji: {tile} thrown"
KABE = "kabe: every {tile} is in sight"
ONE_CHANCE = "one chance: one {tile} unseen"
# a call's candidate, and a hand's name
THEN_DISCARD = "{action}, then discard {tile}"
HAND_NAME = "{wind} {number}"
ONE_REPEAT = "{hand} (1 repeat)"
REPEATS = "{hand} ({count} repeats)"
# a record a review refuses
NOTHING_TO_REVIEW = "seat {seat} made no decision with a choice in this record: there is nothing to review"

TEMPLATES = (
    *SUIT_WORDS.values(),
    *WINDS,
    VOID_CANNOT_WIN,
    VOID,
    IN_RIICHI,
    GENBUTSU,
    THREW_ITSELF,
    PASSED_SINCE_RIICHI,
    PASSED_SINCE_CHANGE,
    HONOUR_UNSEEN,
    FLUSH_FITS,
    FLUSH_OUTSIDE,
    ALL_PUNGS,
    SUJI_BOTH,
    SUJI,
    HALF_SUJI,
    KABE,
    ONE_CHANCE,
    THEN_DISCARD,
    HAND_NAME,
    ONE_REPEAT,
    REPEATS,
    NOTHING_TO_REVIEW,
)
