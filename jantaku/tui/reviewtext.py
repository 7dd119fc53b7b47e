"""A review in words, in the reader's language: the match rate, the biggest mistakes first, then every decision.

The engine's review (:mod:`jantaku.engine.review`) is figures and English
phrases that keep their templates (:class:`~jantaku.engine.phrase.Phrase`);
this module says them, for ``jantaku review`` and the replay's review screen.

>>> from jantaku.engine.review.model import Candidate, UsefulTile
>>> c = Candidate("discard 9s", 1, (UsefulTile("2p", 3), UsefulTile("5p", 4)), 2.5, 0.3, 2.5)
>>> describe_candidate(c)
'discard 9s: 1-shanten, 7 useful tiles unseen (2p×3 5p×4), value 2.50 (win 30%)'
>>> from jantaku.i18n import set_language
>>> set_language("de"); describe_candidate(c, "riichi")
'abwerfen 9s: 1-shanten, 7 nützliche Ziegel ungesehen (2p×3 5p×4), Wert 2,50 (Gewinn 30 %)'
>>> set_language("en")
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.review.model import Candidate, KyokuReview, MatchReview, ReviewEntry
from ..engine.phrase import Phrase
from ..i18n import _, format_number
from .terms import action_label, said
from .viewmodel import WIND_NAMES

MISTAKES_SHOWN = 10
CANDIDATES_SHOWN = 4  # per decision in the full text: the best few, and the expected and actual ones


def action_words(action: str, ruleset: str | None = None) -> str:
    """A candidate's action (``pon 55p+5p``, ``chi 34m+5m, then discard 9s``) as the player says it."""
    if isinstance(action, Phrase) and "action" in action.args:
        inner = action_words(str(action.args["action"]), ruleset)
        return _(action.template).format(**{**{k: said(v) for k, v in action.args.items()}, "action": inner})
    return action_label(action, ruleset)


def _percent(value: float, decimals: int = 0) -> str:
    return _("{percent}%").format(percent=format_number(value * 100, decimals))


def shanten_words(shanten: int | None) -> str:
    if shanten is None:
        return _("no hand figures")
    if shanten == -1:
        return _("a win")
    if shanten == 0:
        return _("ready")
    return _("{n}-shanten").format(n=shanten)


def seat_words(seat: int, dealer: int, names: Sequence[str] | None = None) -> str:
    """A seat as the review names it everywhere: the player's name and the seat's wind in that hand
    (``Ann (East)``); the wind alone when the record has no names.

    >>> seat_words(1, 0, ["Ann", "Bo", "Cy", "Di"]), seat_words(1, 1), seat_words(0, 1, ["Ann"])
    ('Bo (South)', 'East', 'Ann (North)')
    """
    wind = _(WIND_NAMES[(seat - dealer) % 4])
    if names and seat < len(names) and names[seat]:
        return _("{name} ({wind})").format(name=names[seat], wind=wind)
    return wind


def describe_candidate(
    c: Candidate, ruleset: str | None = None, *, dealer: int = 0, names: Sequence[str] | None = None
) -> str:
    parts = [shanten_words(c.shanten)]
    if c.useful:
        tiles = " ".join(f"{u.tile}×{u.unseen}" for u in c.useful)
        parts.append(_("{count} useful tiles unseen ({tiles})").format(count=c.useful_unseen, tiles=tiles))
    value = _("value {value} (win {chance})").format(value=format_number(c.value, 2), chance=_percent(c.win_chance))
    if c.plan:
        value += _(", plan {plan}").format(plan=c.plan)
    parts.append(value)
    line = f"{action_words(c.action, ruleset)}: " + ", ".join(parts)
    threats = [o for o in c.danger.opponents if o.deal_in > 0 or o.signs]
    if c.danger.tile is not None and threats:
        against = "; ".join(
            _("{seat} {chance}").format(seat=seat_words(o.seat, dealer, names), chance=_percent(o.deal_in, 1))
            + (f" ({', '.join(said(sign) for sign in o.signs)})" if o.signs else "")
            for o in threats
        )
        line += _("; danger {total}: {against}").format(total=format_number(c.danger.total, 2), against=against)
    return line


def loss_words(entry: ReviewEntry) -> str:
    """The size of a difference in words: a loss by the bot's figures, or (negative) a choice its own
    rules made though its figures favour the play (the riichi bot's yaku rule for calls, its folding)."""
    if entry.loss >= 0:
        return _("loss {loss}").format(loss=format_number(entry.loss, 2))
    return _("by its rules; its figures favour the play by {amount}").format(amount=format_number(-entry.loss, 2))


def _situation(entry: ReviewEntry) -> str:
    tile = _(", tile {tile}").format(tile=entry.tile) if entry.tile else ""
    furiten = _(", furiten") if entry.at_furiten else ""
    return _("turn {turn}, {left} left{tile}: hand {hand} ({shanten}{furiten})").format(
        turn=entry.junme,
        left=entry.tiles_left,
        tile=tile,
        hand=entry.hand,
        shanten=shanten_words(entry.shanten),
        furiten=furiten,
    )


def format_entry(
    entry: ReviewEntry,
    bot: str,
    *,
    shown: int = CANDIDATES_SHOWN,
    ruleset: str | None = None,
    names: Sequence[str] | None = None,
) -> list[str]:
    """One decision: the situation, the two choices, and the figures of the best few candidates."""
    mark = "=" if entry.is_equal else "≠"
    actual, expected = action_words(entry.actual, ruleset), action_words(entry.expected, ruleset)
    lines = [_("decision {n}, {situation}").format(n=entry.decision + 1, situation=_situation(entry))]
    if entry.is_equal:
        lines.append("  " + mark + " " + _("played {actual}, as {bot} would").format(actual=actual, bot=bot))
    else:
        lines.append(
            "  "
            + mark
            + " "
            + _("played {actual}; {bot} would play {expected} ({why})").format(
                actual=actual, bot=bot, expected=expected, why=loss_words(entry)
            )
        )
    keep = [c for c in entry.details[:shown]]
    for wanted in (entry.expected, entry.actual):
        c = entry.candidate(wanted)
        if c is not None and c not in keep:
            keep.append(c)
    for c in keep:
        tag = "*" if c.action == entry.expected else "›" if c.action == entry.actual else " "
        lines.append(f"  {tag} {describe_candidate(c, ruleset, dealer=entry.dealer, names=names)}")
    return lines


def format_review(review: MatchReview, names: Sequence[str] | None = None, *, every: bool = True) -> str:
    """The whole review: summary, the biggest mistakes, then (``every``) each hand's decisions."""
    who = seat_words(review.seat, 0, names)  # the seat's wind in the first hand (seat 0 deals it)
    entries = review.entries
    lines = [
        _("Review of {who} in {ruleset}, by the {bot} bot").format(who=who, ruleset=review.ruleset, bot=review.bot),
        _("match rate {rate} ({matches} of {total} decisions)").format(
            rate=_percent(review.match_rate, 1), matches=review.matches, total=len(entries)
        ),
    ]
    mistakes = review.mistakes()
    if mistakes:
        lines += ["", _("Biggest mistakes (of {count}), by the bot's evaluation:").format(count=len(mistakes))]
        for kyoku, entry in mistakes[:MISTAKES_SHOWN]:
            lines.append(
                "  "
                + _("{hand}, decision {n}: played {actual}, {bot} would play {expected} ({why})").format(
                    hand=said(kyoku.name),
                    n=entry.decision + 1,
                    actual=action_words(entry.actual, review.ruleset),
                    bot=review.bot,
                    expected=action_words(entry.expected, review.ruleset),
                    why=loss_words(entry),
                )
            )
    if every:
        for kyoku in review.kyokus:
            lines += ["", _hand_title(kyoku)]
            for entry in kyoku.entries:
                lines += ["  " + line for line in format_entry(entry, review.bot, ruleset=review.ruleset, names=names)]
    return "\n".join(lines)


def _hand_title(kyoku: KyokuReview) -> str:
    same = sum(e.is_equal for e in kyoku.entries)
    return _("{name} (hand {n}): {same} of {total} as the bot").format(
        name=said(kyoku.name), n=kyoku.hand_index + 1, same=same, total=len(kyoku.entries)
    )
