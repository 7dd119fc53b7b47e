"""Going through a recorded match, decision by decision, for one seat.

At every decision the seat made with more than one legal choice, the
reviewing bot is asked what it would have done from that seat's own view
(exactly what the seat could know then), and every choice gets its figures
(:mod:`.reasons`).  Decisions with one legal choice (a forced tsumogiri after
riichi, ``continue`` between hands) are not decisions and are left out.
"""

from __future__ import annotations

from ..actions import Action, ActionType, tile_of
from ..rulesets.riichi.view import RiichiView
from ..bots import Bot, get_bot
from ..match import STOP_SEAT, Match, MatchRecord, ReplayError
from ..phrase import Phrase
from ..tiles import format_kinds, format_tiles
from ..views import View
from .model import Candidate, KyokuReview, MatchReview, ReviewEntry
from . import words as w
from .reasons import DecisionReading, action_text, candidates

_CLAIMS = (ActionType.CHI, ActionType.PON, ActionType.KAN, ActionType.RON)
# a choice whose score is this close to the bot's is as good as the bot's: a match, not a mistake
# (the text shows losses to two decimals; two discards of equal figures used to read "loss 0.00")
AS_GOOD = 0.005


class ReviewError(ValueError):
    """A review that cannot be made: a seat out of range, a damaged record (one line)."""


def review_decision(match: Match, seat: int, actual: Action, bot: Bot, index: int) -> ReviewEntry | None:
    """The review of ``seat`` deciding ``actual`` where ``match`` stands now (the match is not changed);
    None when the seat had no choice."""
    if match.phase != "play":
        return None
    actions = match.pending().get(seat, ())
    if len(actions) < 2:
        return None
    view = match.view(seat)
    expected = bot.choose(view, actions)
    reading = DecisionReading.of(view)
    expected_text, actual_text = action_text(expected, view), action_text(actual, view)
    # best score first; among equals the bot's own choice first
    details = sorted(candidates(reading, actions), key=lambda c: (-c.score, _find([c], expected_text) is None))
    wanted = _find(details, expected_text)
    done = _find(details, actual_text)
    same = expected_text == actual_text
    loss = 0.0 if same or not (wanted and done) else _finite(wanted.score - done.score)
    me = view.me
    tile = next((tile_of(a) for a in actions if a.type in _CLAIMS), me.drawn)
    ext = view.extension
    furiten = bool(getattr(ext, "furiten", False))
    return ReviewEntry(
        decision=index,
        junme=len(me.discards) + 1,
        tiles_left=view.wall,
        tile=None if tile is None else format_tiles([tile], red_fives=view.rules.red_fives),
        hand=hand_notation(view),
        seen=seen_notation(reading),
        expected=wanted.action if wanted else expected_text,
        actual=done.action if done else actual_text,
        is_equal=same or (wanted is not None and done is not None and abs(loss) < AS_GOOD),
        details=tuple(details),
        shanten=reading.shanten_now(),
        at_furiten=furiten,
        loss=loss,
        dealer=view.dealer,
    )


def hand_notation(view: View) -> str:
    """The seat's hand as ``jantaku analyze`` reads it: concealed tiles, then ``type:tiles`` melds."""
    red = view.rules.red_fives
    me = view.me
    parts = [format_tiles(me.concealed_tiles, red_fives=red)]
    parts += [f"{m.type.value}:{format_tiles(m.tiles, red_fives=red)}" for m in me.melds]
    return " ".join(parts)


def seen_notation(reading: DecisionReading) -> str:
    """The kinds the seat sees outside its hand and its melds (``jantaku analyze --seen``)."""
    seen = list(reading.seat.visible)
    for m in reading.seat.melds:
        for k in m.kinds:
            seen[k] -= 1
    return format_kinds(k for k, n in enumerate(seen) for _ in range(max(0, n)))


def _find(details: list[Candidate], text: str) -> Candidate | None:
    """The candidate of ``text`` (a call's candidate adds ``, then discard …`` to its notation)."""
    return next((c for c in details if c.action == text or c.action.startswith(text + ", then")), None)


def _finite(x: float) -> float:
    return x if abs(x) != float("inf") else 0.0


def hand_name(match: Match) -> tuple[int, int, str]:
    """(kyoku, honba, name in words) of the hand in play."""
    view = match.view(None)
    kyoku = view.round_wind * 4 + view.dealer
    name = Phrase(w.HAND_NAME, wind=Phrase(w.WINDS[view.round_wind % 4]), number=str(view.dealer + 1))
    honba = view.extension.honba if isinstance(view.extension, RiichiView) else 0  # only riichi counts repeats
    if honba:
        name = Phrase(w.ONE_REPEAT, hand=name) if honba == 1 else Phrase(w.REPEATS, hand=name, count=str(honba))
    return kyoku, honba, name


def review_match(record: MatchRecord, seat: int, bot: str | Bot = "strong") -> MatchReview:
    """Every decision ``seat`` made in ``record``, reviewed by ``bot`` (a name or a bot)."""
    if not 0 <= seat <= 3:
        raise ReviewError(f"seat {seat} is out of range: a table has seats 0 to 3")
    reviewer = get_bot(bot) if isinstance(bot, str) else bot
    try:
        match = Match.replay(record, upto=0)
    except ValueError as exc:  # an unknown ruleset, bad options
        raise ReviewError(f"the record cannot be replayed: {exc}") from None
    kyokus: list[KyokuReview] = []
    entries: list[ReviewEntry] = []
    current = (match.hand_index, *hand_name(match))

    def close_hand() -> None:
        if entries:
            kyokus.append(KyokuReview(current[0], current[1], current[2], current[3], tuple(entries)))
        entries.clear()

    for index, (who, wire) in enumerate(record.decisions):
        if who == STOP_SEAT:
            break
        try:
            action = Action.from_wire(wire)
            if who == seat:
                entry = review_decision(match, seat, action, reviewer, index)
                if entry is not None:
                    entries.append(entry)
            match.act(who, action)
        except (ValueError, TypeError, IndexError, KeyError) as exc:  # IllegalAction is a ValueError
            raise ReviewError(f"decision {index} by seat {who} cannot be replayed: {exc}") from None
        if match.phase == "play" and match.hand_index != current[0]:
            close_hand()
            current = (match.hand_index, *hand_name(match))
    close_hand()
    if not kyokus:  # a match rate of "100% (0 of 0)" would say nothing true
        raise ReviewError(Phrase(w.NOTHING_TO_REVIEW, seat=str(seat)))
    return MatchReview(record.ruleset, seat, reviewer.name, tuple(kyokus))


__all__ = ["ReplayError", "ReviewError", "hand_name", "review_decision", "review_match"]
