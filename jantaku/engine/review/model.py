"""What a review says, as typed values; the JSON shape is made only here (:meth:`MatchReview.to_json`).

The shape follows mjai-reviewer's where it fits (``kyokus[].entries[]`` with
``junme``, ``tiles_left``, ``tile``, ``expected``, ``actual``, ``is_equal``,
``details``, ``shanten``, ``at_furiten``); docs/review.md writes it down.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class UsefulTile:
    """A kind that would bring the hand one step closer, and its copies this seat cannot see."""

    tile: str  # notation: 3m, 7z
    unseen: int

    def to_json(self) -> dict[str, Any]:
        return {"tile": self.tile, "unseen": self.unseen}


@dataclass(frozen=True)
class OpponentDanger:
    """How a candidate's tile stands against one opponent."""

    seat: int
    ready: float  # the chance that opponent is ready (1.0 after a riichi)
    deal_in: float  # the chance the tile deals in to it
    loss: float  # expected points lost to it by the tile (ready × chance of the wait × its hand's cost)
    signs: tuple[str, ...]  # the reasons in words: genbutsu, suji, kabe, flush melds, void suit …

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "ready": round(self.ready, 3),
            "deal_in": round(self.deal_in, 4),
            "loss": round(self.loss, 3),
            "signs": list(self.signs),
        }


@dataclass(frozen=True)
class Danger:
    """A candidate's danger: its total expected loss and each opponent's part."""

    total: float = 0.0
    tile: str | None = None  # the tile it throws (None: nothing thrown, a pass)
    opponents: tuple[OpponentDanger, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"tile": self.tile, "total": round(self.total, 3), "opponents": [o.to_json() for o in self.opponents]}


@dataclass(frozen=True)
class Candidate:
    """One legal choice at a decision and the figures behind it."""

    action: str  # the action's notation (``discard 3m``, ``pon 55p+5p``, ``pass``)
    shanten: int | None  # of the hand after it (after the best discard for a call); None: not a hand
    useful: tuple[UsefulTile, ...]  # tiles that would then improve the hand
    value: float  # expected points of the hand after it (chance to win × worth)
    win_chance: float
    score: float  # what the reviewing machinery ranks by: value (discounted when slower) − danger
    danger: Danger = field(default_factory=Danger)
    plan: str = ""  # the hand the evaluation steers for (a flush, all pungs), if any

    @property
    def useful_unseen(self) -> int:
        return sum(u.unseen for u in self.useful)

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "shanten": self.shanten,
            "useful": [u.to_json() for u in self.useful],
            "useful_unseen": self.useful_unseen,
            "value": round(self.value, 3),
            "win_chance": round(self.win_chance, 4),
            "score": round(self.score, 3),
            "plan": self.plan,
            "danger": self.danger.to_json(),
        }


@dataclass(frozen=True)
class ReviewEntry:
    """One decision of the reviewed seat: what it did, what the bot would do, and why."""

    decision: int  # index in the match record (the replay's position before it)
    junme: int  # the seat's turn in the hand (its discards so far + 1)
    tiles_left: int  # in the live wall
    tile: str | None  # the tile just drawn, or the discard that could be claimed
    hand: str  # the hand before the decision, as ``jantaku analyze`` reads it (concealed, then melds)
    seen: str  # the kinds the seat saw outside it (``jantaku analyze --seen``): discards, melds, indicators
    expected: str  # the reviewing bot's action
    actual: str
    is_equal: bool
    details: tuple[Candidate, ...]  # best first by score; always holds the expected and the actual action
    shanten: int  # of the hand before the decision
    at_furiten: bool
    loss: float  # score of the expected action − score of the actual one (0 when equal)
    dealer: int = 0  # the hand's dealer: each seat's wind is (seat − dealer) mod 4

    def candidate(self, action: str) -> Candidate | None:
        return next((c for c in self.details if c.action == action), None)

    def to_json(self) -> dict[str, Any]:
        return {
            "decision": self.decision,
            "junme": self.junme,
            "tiles_left": self.tiles_left,
            "tile": self.tile,
            "hand": self.hand,
            "seen": self.seen,
            "expected": self.expected,
            "actual": self.actual,
            "is_equal": self.is_equal,
            "loss": round(self.loss, 3),
            "shanten": self.shanten,
            "at_furiten": self.at_furiten,
            "dealer": self.dealer,
            "details": [c.to_json() for c in self.details],
        }


@dataclass(frozen=True)
class KyokuReview:
    """One hand of the match."""

    hand_index: int  # the match's hand number, from 0
    kyoku: int  # round wind × 4 + dealer (mjai's numbering: 0 = East 1)
    honba: int
    name: str  # in words: "East 1", "South 3 (2 repeats)"
    entries: tuple[ReviewEntry, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "hand_index": self.hand_index,
            "kyoku": self.kyoku,
            "honba": self.honba,
            "name": self.name,
            "entries": [e.to_json() for e in self.entries],
        }


@dataclass(frozen=True)
class MatchReview:
    """A whole match reviewed for one seat."""

    ruleset: str
    seat: int
    bot: str
    kyokus: tuple[KyokuReview, ...]

    @property
    def entries(self) -> list[ReviewEntry]:
        return [e for k in self.kyokus for e in k.entries]

    @property
    def matches(self) -> int:
        return sum(e.is_equal for e in self.entries)

    @property
    def match_rate(self) -> float:
        """The share of decisions where the seat did what the bot would, or as well by its figures
        (a review has at least one decision: :func:`~.walk.review_match` refuses a record without)."""
        entries = self.entries
        return self.matches / len(entries) if entries else 1.0

    def mistakes(self) -> list[tuple[KyokuReview, ReviewEntry]]:
        """Decisions that differ from the bot's, the biggest loss first."""
        found = [(k, e) for k in self.kyokus for e in k.entries if not e.is_equal]
        return sorted(found, key=lambda ke: (-ke[1].loss, ke[1].decision))

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "seat": self.seat,
            "bot": self.bot,
            "match_rate": round(self.match_rate, 4),
            "decisions": len(self.entries),
            "matches": self.matches,
            "mistakes": [e.decision for _, e in self.mistakes()],
            "kyokus": [k.to_json() for k in self.kyokus],
        }
