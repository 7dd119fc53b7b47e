"""Words the engine says, kept with their template so that a screen can say them in its reader's language.

The engine speaks stable English (its JSON, its logs and its exceptions' text
stay so).  Where a person reads what it says (a review's reasons, an option
refused), it makes a :class:`Phrase`: the English text, with the template and
the arguments it was made of; ``jantaku.tui.terms.said`` translates the
template and fills them in (an argument may be a phrase too).

    >>> p = Phrase("option {name} must be a number, not {value}", name="'x'", value="'a'")
    >>> p, p.template, p.args
    ("option 'x' must be a number, not 'a'", 'option {name} must be a number, not {value}', {'name': "'x'", 'value': "'a'"})
"""

from __future__ import annotations

from typing import Self


class Phrase(str):
    """``template`` filled with ``args``; the string itself is the English text."""

    template: str
    args: dict[str, object]  # phrases, names, tile notation, numbers

    def __new__(cls, template: str, **args: object) -> Self:
        self = super().__new__(cls, template.format(**args))
        self.template, self.args = template, args
        return self
