"""Reviewing a recorded match: what a bot would have done at each of a seat's decisions, and why.

The figures and reasons, in stable English; ``jantaku.tui.reviewtext`` says them in the reader's language.

>>> from jantaku.engine.match import Match
>>> from jantaku.engine.ruleset import get_ruleset
>>> from jantaku.engine.bots import get_bot
>>> m = Match(get_ruleset("basic", options={"hands": 1}), seed=3)
>>> bot = get_bot("strong")
>>> while not m.is_over:
...     seat, actions = next(iter(m.pending().items()))
...     _ = m.act(seat, bot.choose(m.view(seat), actions))
>>> review = review_match(m.record(), 0, "strong")
>>> review.match_rate, len(review.entries) > 0
(1.0, True)
"""

from __future__ import annotations

from ..phrase import Phrase
from .model import Candidate, Danger, KyokuReview, MatchReview, OpponentDanger, ReviewEntry, UsefulTile
from .walk import ReviewError, review_decision, review_match

__all__ = [
    "Candidate",
    "Danger",
    "KyokuReview",
    "MatchReview",
    "OpponentDanger",
    "Phrase",
    "ReviewEntry",
    "ReviewError",
    "UsefulTile",
    "review_decision",
    "review_match",
]
