"""The engine's words for people, in the player's language.

The engine stays pure: it names score items, action kinds, rulesets and
options in stable English (riichi's yaku in Japanese).  This module
translates those names when they are shown, through the same gettext
catalogue as the TUI's own strings, and lists every such English text so
that the catalogue can be checked for completeness (:func:`engine_msgids`).

A score item may carry a tile group or a count after its name
(``Exposed pung 6m6m6m``, ``Root x2``): the name is translated, the tail kept.

    >>> from jantaku.i18n import set_language
    >>> set_language("de")
    >>> item_name("Exposed pung 666m"), item_name("Root (根) x2"), action_word("pon", "classical")
    ('Offener Pung 666m', 'Wurzel (根) x2', 'Pung')
    >>> action_word("pon", "riichi"), action_label("chi 7p8p+9p", "hongkong")
    ('pon', 'Tschau 7p8p+9p')
    >>> set_language("en")
    >>> item_name("Exposed pung 666m"), action_label("chi 7p8p+9p", "hongkong")
    ('Exposed pung 666m', 'chi 7p8p+9p')
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..engine.phrase import Phrase
from ..i18n import _, N_

_TILE_TAIL = re.compile(r"^(.+?) ((?:\d+[mpsz])+)$")  # "Closed pung 1z", "Exposed kong 5555p"
_COUNT_TAIL = re.compile(r"^(.+?) (x\d+)$")  # sichuan: "Root (根) x2"

# action kinds as players of the variants without Japanese terms say them (riichi keeps chi, pon, kan, tsumo, ron)
ACTION_WORDS = {
    "discard": N_("discard"),
    "pass": N_("pass"),
    "continue": N_("continue"),
    "abort": N_("abort"),
    "riichi": N_("riichi"),
    "void": N_("void"),
    "exchange": N_("exchange"),
}
CLAIM_WORDS = {  # the non-riichi variants' names for the engine's kinds
    "chi": N_("chow"),
    "pon": N_("pung"),
    "kan": N_("kong"),
    "ankan": N_("concealed kong"),
    "kakan": N_("added kong"),
    "tsumo": N_("Mah-Jongg (self-drawn)"),
    "ron": N_("Mah-Jongg"),
}
JAPANESE_TERMS = ("riichi",)  # the variants whose calls keep their Japanese names


def said(text: object) -> str:
    """What the engine said, in the player's language: a :class:`~jantaku.engine.phrase.Phrase` is
    translated (its arguments too); an exception says its first argument; anything else as it is.

    >>> from jantaku.i18n import set_language
    >>> from jantaku.engine.phrase import Phrase
    >>> set_language("de"); said(Phrase("option {name} must be a number, not {value}", name="'x'", value="'a'"))
    "Option 'x' muss eine Zahl sein, nicht 'a'"
    >>> set_language("en")
    """
    if isinstance(text, BaseException):
        return said(text.args[0]) if len(text.args) == 1 else str(text)
    if not isinstance(text, Phrase):
        return str(text)
    args = {key: said(value) for key, value in text.args.items()}
    try:
        return _(text.template).format(**args)
    except (KeyError, IndexError, ValueError):  # a translation that does not fit: the English
        return str(text)


def item_name(name: str) -> str:
    """A score item's name in the player's language (a tile group or count after it kept as it is)."""
    label, tail = split_item_name(name)
    return _(label) + tail if label else name


def split_item_name(name: str) -> tuple[str, str]:
    """(the name to translate, the tail kept as it is): ``("Exposed pung", " 666m")``, ``("Root (根)", " x2")``."""
    for tail in (_TILE_TAIL, _COUNT_TAIL):
        match = tail.match(name)
        if match:
            return match[1], f" {match[2]}"
    return name, ""


# what the variants' view extensions say in words (seat notes, warnings, table facts, item names), and
# the patterns of those with a number or a word in them
VIEW_WORDS = (
    N_("riichi"),
    N_("furiten"),
    N_("no yaku"),
    N_("riichi sticks"),
    N_("ura-dora indicators"),
    N_("players have changed seats"),
    N_("below the fan minimum"),
    N_("locked: passed a win"),
    N_("east streak"),
    N_("options"),
    N_("characters"),
    N_("dots"),
    N_("bamboo"),
    N_("1st"),
    N_("2nd"),
    N_("3rd"),
    N_("4th"),
)
_VIEW_PATTERNS = (
    (re.compile(r"^East's streak (\d+)$"), N_("East's streak {0}")),
    (re.compile(r"^void (\w+)$"), N_("void {0}")),
    (re.compile(r"^won (\w+)$"), N_("won {0}")),
    (re.compile(r"^honba (\d+)$"), N_("honba {0}")),  # riichi's counters (RiichiView.counters)
    (re.compile(r"^sticks (\d+)$"), N_("sticks {0}")),
)


# why a hand ended without a win, why money moved, and the fields of a variant's itemised payments
HAND_WORDS = (
    N_("nine_orphans"),
    N_("four_winds"),
    N_("three_mah_jong"),
    N_("wall exhausted"),
    N_("draw settlement"),
    N_("tenpai"),
    N_("noten"),
    N_("payer"),
    N_("payers"),
    N_("payee"),
    N_("amount"),
    N_("reason"),
    N_("liable"),
    N_("winner"),
    N_("seat"),
    N_("seats"),
)


def view_words(text: str) -> str:
    """A variant's words about the table (``furiten``, ``void dots``, ``East's streak 2``) in the player's language.

    >>> view_words("void dots"), view_words("something new")
    ('void dots', 'something new')
    """
    translated = _(text)
    if translated != text:
        return translated
    for pattern, template in _VIEW_PATTERNS:
        match = pattern.match(text)
        if match:
            return _(template).format(*(_(part) for part in match.groups()))
    return text


def action_word(kind: str, ruleset: str | None) -> str:
    """An action kind's word: riichi's Japanese calls as they are, the other variants' calls in their terms."""
    if kind in CLAIM_WORDS:
        if ruleset in JAPANESE_TERMS:
            return kind
        word = _(CLAIM_WORDS[kind])
        return kind if word == CLAIM_WORDS[kind] else word  # English keeps the engine's word
    return _(ACTION_WORDS[kind]) if kind in ACTION_WORDS else kind


def action_label(label: str, ruleset: str | None) -> str:
    """A prompt's label (``pon 33m+3m``): its first word, the action kind, in the player's language."""
    kind, space, rest = label.partition(" ")
    return action_word(kind, ruleset) + space + rest


# --- every English text the engine shows, for the catalogue -------------------------------------------


def engine_msgids() -> Iterator[str]:
    """Every English text of the engine that the TUI shows through this module or ``_()``: rulesets'
    titles, summaries and option help, every score item name (without its tile or count tail) and the
    review's phrases."""
    from ..engine.options import describe_options
    from ..engine.ruleset import ruleset_class, ruleset_names

    for name in ruleset_names():
        cls = ruleset_class(name)
        yield cls.title
        if cls.summary:
            yield cls.summary
        for option in describe_options(cls.Options):
            yield option["doc"]
    yield from score_item_msgids()
    from ..engine.rulesets.sichuan.money import Reason

    yield from (reason.value for reason in Reason)  # sichuan's payments' reasons
    from ..engine.review.words import TEMPLATES

    yield from TEMPLATES  # the review's phrases (said)
    from ..engine.options import OPTION_TEMPLATES

    yield from OPTION_TEMPLATES  # an option refused


def score_item_msgids() -> Iterator[str]:
    from ..engine.rulesets.basic import BasicRuleset
    from ..engine.rulesets.classical import doubles, limits, points
    from ..engine.rulesets.classical.elements import GroupElement
    from ..engine.rulesets.classical.hand import Shape
    from ..engine.rulesets.hongkong.evaluation import LIMIT_REACHED
    from ..engine.rulesets.hongkong.fan_table import FAN_TABLE, LIMIT_HANDS
    from ..engine.rulesets.riichi import fu
    from ..engine.rulesets.riichi.catalogue import ALL_YAKU
    from ..engine.rulesets.riichi.dora import ENGLISH_DORA
    from ..engine.rulesets.riichi.draws import NAGASHI_MANGAN
    from ..engine.rulesets.sichuan.fans import COMBINATIONS, FANS
    from ..engine.rulesets.sichuan.value import PLAIN_WIN

    del BasicRuleset  # imported for its item names, which are literal in its scorer (listed below)
    yield from ("Mah Jong", "Concealed hand", "Self-drawn")
    for element in [*points.POINTS, *doubles.DOUBLES]:
        if isinstance(element, GroupElement):
            for state in ("Concealed", "Exposed"):
                for shape in Shape:
                    yield element.name.format(state=state, shape=shape.value)
        else:
            yield element.name
    yield from (hand.name for hand in limits.LIMIT_HANDS)
    yield "Rounded up to 10"
    yield from (rule.name for rule in FAN_TABLE)
    yield from (hand.name for hand in LIMIT_HANDS)
    yield LIMIT_REACHED
    # riichi: the yaku keep their Japanese names; their English glosses and the fu are translated
    yield from (yaku.english for yaku in ALL_YAKU if yaku.english)
    yield from ENGLISH_DORA.values()
    yield from (fu.BASE, fu.CLOSED_RON, fu.OPEN_PINFU, fu.ROUNDING, *fu.WAIT_NAMES.values())
    for concealed in ("Closed", "Open"):
        for kind in ("pung", "kan"):
            yield f"{concealed} {kind}"
    yield from ("Valued pair", "Double wind pair", "All terminal and honour discards", "Tenpai payment")
    del NAGASHI_MANGAN  # Japanese, like the yaku
    yield from (fan.label for fan in FANS)
    yield from (combination.label for combination in COMBINATIONS)
    yield PLAIN_WIN.name
    yield "Self-Draw, one base from each (自摸加底)"


def japanese_item_names() -> frozenset[str]:
    """Riichi's item names that stay Japanese in every language (the yaku, dora, tsumo, chiitoitsu)."""
    from ..engine.rulesets.riichi import fu
    from ..engine.rulesets.riichi.catalogue import ALL_YAKU
    from ..engine.rulesets.riichi.dora import ENGLISH_DORA
    from ..engine.rulesets.riichi.draws import NAGASHI_MANGAN

    return frozenset({y.name for y in ALL_YAKU} | set(ENGLISH_DORA) | {NAGASHI_MANGAN, fu.TSUMO, fu.SEVEN_PAIRS_FU})
