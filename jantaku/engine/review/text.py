"""A review in words: the match rate, the biggest mistakes first, then every decision.

>>> from .model import Candidate, UsefulTile
>>> c = Candidate("discard 9s", 1, (UsefulTile("2p", 3), UsefulTile("5p", 4)), 2.5, 0.3, 2.5)
>>> describe_candidate(c)
'discard 9s: 1-shanten, 7 useful tiles unseen (2p×3 5p×4), value 2.50 (win 30%)'
"""

from __future__ import annotations

from collections.abc import Sequence

from .model import Candidate, KyokuReview, MatchReview, ReviewEntry

MISTAKES_SHOWN = 10
CANDIDATES_SHOWN = 4  # per decision in the full text: the best few, and the expected and actual ones


def shanten_words(shanten: int | None) -> str:
    if shanten is None:
        return "no hand figures"
    return {-1: "a win", 0: "ready"}.get(shanten, f"{shanten}-shanten")


def describe_candidate(c: Candidate) -> str:
    parts = [shanten_words(c.shanten)]
    if c.useful:
        tiles = " ".join(f"{u.tile}×{u.unseen}" for u in c.useful)
        parts.append(f"{c.useful_unseen} useful tiles unseen ({tiles})")
    parts.append(f"value {c.value:.2f} (win {c.win_chance:.0%})" + (f", plan {c.plan}" if c.plan else ""))
    line = f"{c.action}: " + ", ".join(parts)
    threats = [o for o in c.danger.opponents if o.deal_in > 0 or o.signs]
    if c.danger.tile is not None and threats:
        against = "; ".join(
            f"seat {o.seat} {o.deal_in:.1%}" + (f" ({', '.join(o.signs)})" if o.signs else "") for o in threats
        )
        line += f"; danger {c.danger.total:.2f}: {against}"
    return line


def loss_words(entry: ReviewEntry) -> str:
    """The size of a difference in words: a loss by the bot's figures, or (negative) a choice its own
    rules made though its figures favour the play (the riichi bot's yaku rule for calls, its folding)."""
    if entry.loss >= 0:
        return f"loss {entry.loss:.2f}"
    return f"by its rules; its figures favour the play by {-entry.loss:.2f}"


def _situation(entry: ReviewEntry) -> str:
    tile = f", tile {entry.tile}" if entry.tile else ""
    furiten = ", furiten" if entry.at_furiten else ""
    return (
        f"turn {entry.junme}, {entry.tiles_left} left{tile}: hand {entry.hand} "
        f"({shanten_words(entry.shanten)}{furiten})"
    )


def format_entry(entry: ReviewEntry, bot: str, *, shown: int = CANDIDATES_SHOWN) -> list[str]:
    """One decision: the situation, the two choices, and the figures of the best few candidates."""
    mark = "=" if entry.is_equal else "≠"
    lines = [f"decision {entry.decision + 1}, {_situation(entry)}"]
    if entry.is_equal:
        lines.append(f"  {mark} played {entry.actual}, as {bot} would")
    else:
        lines.append(f"  {mark} played {entry.actual}; {bot} would play {entry.expected} ({loss_words(entry)})")
    keep = [c for c in entry.details[:shown]]
    for wanted in (entry.expected, entry.actual):
        c = entry.candidate(wanted)
        if c is not None and c not in keep:
            keep.append(c)
    for c in keep:
        tag = "*" if c.action == entry.expected else "›" if c.action == entry.actual else " "
        lines.append(f"  {tag} {describe_candidate(c)}")
    return lines


def format_review(review: MatchReview, names: Sequence[str] | None = None, *, every: bool = True) -> str:
    """The whole review: summary, the biggest mistakes, then (``every``) each hand's decisions."""
    who = names[review.seat] if names and review.seat < len(names) else f"seat {review.seat}"
    entries = review.entries
    lines = [
        f"Review of {who} (seat {review.seat}) in {review.ruleset}, by the {review.bot} bot",
        f"match rate {review.match_rate:.1%} ({review.matches} of {len(entries)} decisions)",
    ]
    mistakes = review.mistakes()
    if mistakes:
        lines += ["", f"Biggest mistakes (of {len(mistakes)}), by the bot's evaluation:"]
        for kyoku, entry in mistakes[:MISTAKES_SHOWN]:
            lines.append(
                f"  {kyoku.name}, decision {entry.decision + 1}: played {entry.actual}, "
                f"{review.bot} would play {entry.expected} ({loss_words(entry)})"
            )
    if every:
        for kyoku in review.kyokus:
            lines += ["", _hand_title(kyoku)]
            for entry in kyoku.entries:
                lines += ["  " + line for line in format_entry(entry, review.bot)]
    return "\n".join(lines)


def _hand_title(kyoku: KyokuReview) -> str:
    same = sum(e.is_equal for e in kyoku.entries)
    return f"{kyoku.name} (hand {kyoku.hand_index + 1}): {same} of {len(kyoku.entries)} as the bot"
