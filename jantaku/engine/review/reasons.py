"""The figures behind each legal choice at one decision: shanten, useful tiles, value, danger.

They come from the machinery the ``normal`` and ``strong`` bots weigh with
(:mod:`jantaku.engine.bots.strategy`): a discard's *value* is the expected
points of the hand it leaves (chance to win × worth), its *danger* the
expected points it loses to each opponent that may be ready, and its *score*
what the strong level ranks by — the value (discounted by
:data:`~jantaku.engine.bots.levels.SLOWER` when the discard is slower than
the fastest), minus the danger where the variant's strategy weighs it.
Shanten and useful tiles are the hand's own facts, under the variant's forms
(the same figures ``jantaku analyze`` gives for the hand).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..actions import Action, ActionType, tile_of
from ..analysis import shanten, useful_tiles
from ..bots.defence import meld_signals, passed_after_riichi, tenpai_chance, wait_chances
from ..bots.levels import SLOWER, STRONG, LevelBot, after_kong, called_meld
from ..bots.seat import Opponent, SeatReading, ShownMeld
from ..bots.strategy import Strategy, Threat, strategy_for, view_variant
from ..tiles import is_honor, kind_of, kind_str
from ..phrase import Phrase
from ..views import View
from . import words as w
from .model import Candidate, Danger, OpponentDanger, UsefulTile

_SUITS = "mps"
_WINS = (ActionType.TSUMO, ActionType.RON)
_CALLS = (ActionType.CHI, ActionType.PON, ActionType.KAN)
_DISCARDS = (ActionType.DISCARD, ActionType.RIICHI)


def action_text(action: Action, view: View) -> str:
    """The action's notation as this table writes it (a red five is ``0m`` only where red fives play)."""
    return action.text(red_fives=view.rules.red_fives)


@dataclass
class DecisionReading:
    """One seat's decision, read once: its view, the variant's strategy, who threatens it."""

    view: View
    strategy: Strategy
    seat: SeatReading
    threats: list[Threat]
    forms: dict[str, bool]

    furiten: bool  # a player cannot win on a tile it threw (riichi): its discards are safe against it

    @classmethod
    def of(cls, view: View) -> DecisionReading:
        strategy = strategy_for(view_variant(view))
        seat = SeatReading(view, honors=view.rules.honors)
        forms = {"seven_pairs": view.rules.seven_pairs, "thirteen_orphans": view.rules.thirteen_orphans}
        furiten = strategy.furiten or view.rules.riichi
        threats = strategy.threats(seat) if furiten == strategy.furiten else furiten_threats(strategy, seat)
        return cls(view, strategy, seat, threats, forms, furiten)

    @property
    def melds(self) -> int:
        return self.seat.meld_count

    def shanten_now(self) -> int:
        return shanten(list(self.seat.counts), self.melds, **self.forms)

    def useful(self, counts: list[int], melds: int) -> tuple[UsefulTile, ...]:
        """Kinds that lower a 3n+1 hand's shanten, with the copies this seat cannot see."""
        unseen = self.seat.unseen
        return tuple(UsefulTile(kind_str(k), unseen[k]) for k in useful_tiles(counts, melds, **self.forms))


def candidates(reading: DecisionReading, actions: Sequence[Action]) -> list[Candidate]:
    """Every distinct legal choice (copies of one kind count once), best score first."""
    view = reading.view
    seen: dict[str, Action] = {}
    for a in sorted(actions, key=Action.sort_key):
        seen.setdefault(action_text(a, view), a)
    discard_kinds = sorted(
        {kind_of(tile_of(a)) for a in seen.values() if a.type in _DISCARDS} - {k for k in range(34, 42)}
    )
    fastest = min(
        (_after_discard_shanten(reading, k) for k in discard_kinds),
        default=None,
    )
    out = [_candidate(reading, text, a, fastest) for text, a in seen.items()]
    out.sort(key=lambda c: -c.score)
    return out


def _after_discard_shanten(reading: DecisionReading, kind: int) -> int:
    counts = list(reading.seat.counts)
    counts[kind] -= 1
    return shanten(counts, reading.melds, **reading.forms)


def _candidate(reading: DecisionReading, text: str, action: Action, fastest: int | None) -> Candidate:
    sv, strategy = reading.seat, reading.strategy
    if action.type in _DISCARDS:
        kind = kind_of(tile_of(action))
        if kind >= 34:  # a bonus tile is never a discard choice; shown without figures
            return Candidate(text, None, (), 0.0, 0.0, float("-inf"))
        counts = list(sv.counts)
        counts[kind] -= 1
        return _hand_after(reading, text, counts, sv.melds, kind, fastest)
    if action.type in _WINS:
        counts = list(sv.counts)
        if action.type is ActionType.RON:
            counts[kind_of(tile_of(action))] += 1
        value = strategy.hand_value(sv, counts, sv.melds)
        return Candidate(text, -1, (), value, 1.0, value)
    if action.type is ActionType.PASS:
        keep = strategy.evaluate(sv, list(sv.counts), sv.melds)
        sh = reading.shanten_now()
        useful = reading.useful(list(sv.counts), reading.melds)
        return Candidate(text, sh, useful, keep.ev, keep.chance, keep.ev, plan=keep.plan)
    if action.type in _CALLS:
        return _call(reading, text, action)
    if action.type in (ActionType.ANKAN, ActionType.KAKAN):
        return _kong(reading, text, action)
    return Candidate(text, None, (), 0.0, 0.0, 0.0)  # abort, a void suit, an exchange: no hand figures


def _hand_after(
    reading: DecisionReading,
    text: str,
    counts: list[int],
    melds: Sequence[ShownMeld],
    kind: int,
    fastest: int | None,
    bonus: float = 0.0,
) -> Candidate:
    """A 3n+1 hand left by throwing ``kind``: its figures, and the danger of the throw."""
    strategy, sv = reading.strategy, reading.seat
    ev = strategy.evaluate(sv, counts, melds)
    sh = shanten(counts, len(melds), **reading.forms)
    worth = ev.ev if fastest is None or sh <= fastest else ev.ev * SLOWER
    danger = danger_of(reading, kind)
    weighed = danger.total if strategy.weigh_danger else 0.0
    useful = reading.useful(counts, len(melds))
    return Candidate(text, sh, useful, ev.ev, ev.chance, worth + bonus - weighed, danger, ev.plan)


def _call(reading: DecisionReading, text: str, call: Action) -> Candidate:
    """A chi, pon or open kong: the hand after it (and after its best discard)."""
    sv, strategy = reading.seat, reading.strategy
    counts = list(sv.counts)
    for t in call.tiles:
        counts[kind_of(t)] -= 1
    melds = list(sv.melds) + [called_meld(call)]
    if call.type is ActionType.KAN:
        ev = strategy.evaluate(sv, counts, melds)
        bonus = strategy.kong_bonus(sv, call)
        sh = shanten(counts, len(melds), **reading.forms)
        return Candidate(text, sh, reading.useful(counts, len(melds)), ev.ev, ev.chance, ev.ev + bonus, plan=ev.plan)
    kinds = [k for k in range(34) if counts[k]]
    if not kinds:
        return Candidate(text, None, (), 0.0, 0.0, float("-inf"))
    _, best_kind, _ = LevelBot(STRONG).best_discard(strategy, sv, counts, melds, kinds, reading.threats)
    counts[best_kind] -= 1
    after = _hand_after(reading, text, counts, melds, best_kind, None)
    return Candidate(
        Phrase(w.THEN_DISCARD, action=text, tile=kind_str(best_kind)),
        after.shanten,
        after.useful,
        after.value,
        after.win_chance,
        after.score,
        after.danger,
        after.plan,
    )


def _kong(reading: DecisionReading, text: str, kong: Action) -> Candidate:
    sv, strategy = reading.seat, reading.strategy
    kind = kind_of(tile_of(kong))
    counts, melds = after_kong(sv, kong)
    ev = strategy.evaluate(sv, counts, melds)
    danger = danger_of(reading, kind) if kong.type is ActionType.KAKAN else Danger()
    weighed = danger.total if strategy.weigh_danger else 0.0
    score = ev.ev + strategy.kong_bonus(sv, kong) - weighed
    sh = shanten(counts, len(melds), **reading.forms)
    return Candidate(text, sh, reading.useful(counts, len(melds)), ev.ev, ev.chance, score, danger, ev.plan)


# --- danger -----------------------------------------------------------------------------------------


def furiten_threats(strategy: Strategy, sv: SeatReading) -> list[Threat]:
    """:meth:`Strategy.threats` read under furiten rules, for a variant whose strategy does not know
    them (riichi is played by its own bot, not the strategy): a riichi player's own discards and the
    tiles it let pass are safe."""
    out = []
    for opp in sv.opponents:
        ready = tenpai_chance(opp, riichi_game=True)
        if ready >= 0.05:
            waits = wait_chances(
                opp, sv.unseen, furiten=True, passed=passed_after_riichi(sv, opp), honors=strategy.honors
            )
            out.append(Threat(opp, ready, strategy.deal_in_loss(sv, opp), waits))
    return out


def danger_of(reading: DecisionReading, kind: int) -> Danger:
    """The danger of throwing ``kind``: the strategy's expected loss, and each opponent's part with reasons."""
    sv, strategy = reading.seat, reading.strategy
    threats = {t.opponent.seat: t for t in reading.threats}
    parts = []
    for opp in sv.opponents:
        if opp.out:
            continue
        threat = threats.get(opp.seat)
        void = opp.void is not None and kind < 27 and _SUITS[kind // 9] == opp.void
        if threat is None and not void:
            continue  # not yet a threat: nothing to say
        if threat is None or void:  # a tile of its void suit cannot deal in (Sichuan)
            ready = threat.tenpai if threat is not None else tenpai_chance(opp)
            parts.append(OpponentDanger(opp.seat, ready, 0.0, 0.0, signs(reading, opp, kind)))
            continue
        chance = threat.waits[kind]
        parts.append(
            OpponentDanger(
                opp.seat,
                threat.tenpai,
                threat.tenpai * chance,
                threat.tenpai * threat.loss * chance,
                signs(reading, opp, kind),
            )
        )
    total = sum(p.loss for p in parts) + strategy.extra_danger(sv, kind)
    return Danger(total, kind_str(kind), tuple(parts))


def signs(reading: DecisionReading, opp: Opponent, kind: int) -> tuple[str, ...]:
    """What the table shows about ``kind`` against ``opp``, in words."""
    sv = reading.seat
    name = kind_str(kind)
    out: list[str] = []
    if opp.void is not None:
        suit = _SUITS[kind // 9] if kind < 27 else None
        if suit == opp.void:
            return (Phrase(w.VOID_CANNOT_WIN, suit=Phrase(w.SUIT_WORDS[opp.void]), tile=name),)
        out.append(Phrase(w.VOID, suit=Phrase(w.SUIT_WORDS[opp.void])))
    if opp.in_riichi:
        out.append(Phrase(w.IN_RIICHI))
    if kind in opp.discarded:
        out.append(Phrase(w.GENBUTSU if reading.furiten else w.THREW_ITSELF, tile=name))
    elif reading.furiten and opp.in_riichi and kind in passed_after_riichi(sv, opp):
        out.append(Phrase(w.PASSED_SINCE_RIICHI, tile=name))
    elif not reading.furiten and kind in sv.passed_since_change(opp):
        out.append(Phrase(w.PASSED_SINCE_CHANGE, tile=name))
    if is_honor(kind):
        out.append(Phrase(w.HONOUR_UNSEEN, count=str(sv.unseen[kind])))
    else:
        out += _suji_and_kabe(reading, opp, kind)
    signals = meld_signals(opp)
    if signals.flush_suit is not None:
        suit = _SUITS[signals.flush_suit // 9]
        inside = is_honor(kind) or kind - kind % 9 == signals.flush_suit
        out.append(Phrase(w.FLUSH_FITS if inside else w.FLUSH_OUTSIDE, suit=Phrase(w.SUIT_WORDS[suit])))
    if signals.all_pungs:
        out.append(Phrase(w.ALL_PUNGS))
    return tuple(out)


def _suji_and_kabe(reading: DecisionReading, opp: Opponent, kind: int) -> list[str]:
    """Suji (the two-sided waits a thrown tile three away rules out) and kabe (neighbours all seen)."""
    sv = reading.seat
    n = kind % 9
    out: list[str] = []
    partners = [kind + d for d in (-3, 3) if 0 <= n + d <= 8]
    needed = [p for p in partners if (p > kind and n <= 2) or (p < kind and n >= 6) or 3 <= n <= 5]
    thrown = [p for p in needed if p in opp.discarded]
    if thrown and len(thrown) == len(needed):
        if len(thrown) == 2:
            out.append(Phrase(w.SUJI_BOTH, first=kind_str(thrown[0]), second=kind_str(thrown[1])))
        else:
            out.append(Phrase(w.SUJI, tile=kind_str(thrown[0])))
    elif thrown:
        out.append(Phrase(w.HALF_SUJI, tile=kind_str(thrown[0])))
    for d in (-1, 1):
        m = n + d
        if 0 <= m <= 8 and sv.unseen[kind + d] == 0:
            out.append(Phrase(w.KABE, tile=kind_str(kind + d)))
        elif 0 <= m <= 8 and sv.unseen[kind + d] == 1:
            out.append(Phrase(w.ONE_CHANCE, tile=kind_str(kind + d)))
    return out
