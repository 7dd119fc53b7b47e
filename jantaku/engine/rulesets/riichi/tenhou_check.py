"""Compare our engine with a real Tenhou game, hand by hand (``jantaku import --check``).

Each logged hand is replayed on its own (from the log's dealer, counters and
scores) and its ending and score changes compared with Tenhou's; the whole
game is then replayed as one match, so the rotation, the end of the match and
the final scores are checked too.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...match import Match
from .tenhou_log import LogError, LoggedGame, read_game, replay, replay_game

WINDS = "ESWN"


@dataclass
class HandCheck:
    index: int
    label: str  # e.g. "E3-1": East round, third deal, one honba
    expected: tuple  # (ending, abort reason, deltas) as Tenhou logged them
    got: tuple | None  # ours; None when our engine refused a logged decision
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None and self.got == self.expected

    def line(self) -> str:
        kind, reason, deltas = self.expected
        what = reason if kind == "abort" else kind
        if self.ok:
            return f"{self.label:<6} ok        {what:<16} {' '.join(f'{d:+6d}' for d in deltas)}"
        if self.error:
            return f"{self.label:<6} MISMATCH  {what:<16} engine refused: {self.error}"
        return (f"{self.label:<6} MISMATCH  Tenhou {self.expected[0]}/{self.expected[1]} {self.expected[2]}"
                f" vs ours {self.got[0]}/{self.got[1]} {self.got[2]}")


@dataclass
class GameCheck:
    hands: list[HandCheck] = field(default_factory=list)
    final_expected: list[int] | None = None
    final_got: list[int] | None = None
    match_error: str | None = None
    match: Match | None = None

    @property
    def ok(self) -> bool:
        return (all(h.ok for h in self.hands) and self.match_error is None
                and (self.final_expected is None or self.final_got == self.final_expected))

    def summary(self) -> str:
        good = sum(h.ok for h in self.hands)
        parts = [f"{good}/{len(self.hands)} hands agree with Tenhou"]
        if self.match_error:
            parts.append(f"whole game: {self.match_error}")
        elif self.final_expected is None:
            parts.append("the log stops before the end of the game")
        elif self.final_got == self.final_expected:
            parts.append(f"final scores agree ({' '.join(map(str, self.final_got))})")
        else:
            parts.append(f"final scores differ: Tenhou {self.final_expected}, ours {self.final_got}")
        return "; ".join(parts) + (": OK" if self.ok else ": MISMATCH")


def check_game(text: str) -> GameCheck:
    """Check a whole mjlog; raises :class:`LogError` only if the file cannot be read at all."""
    game: LoggedGame = read_game(text)
    report = GameCheck(final_expected=game.final_scores)
    for i, hand in enumerate(game.hands):
        ctx = hand.context
        label = f"{WINDS[ctx.round_wind]}{ctx.dealer + 1}-{ctx.honba}"
        expected = (hand.ending, hand.abort_reason if hand.ending == "abort" else None, list(hand.expected_deltas))
        try:
            result = replay(hand).result
            got = (result.kind, result.reason if result.kind == "abort" else None, list(result.deltas))
            report.hands.append(HandCheck(i, label, expected, got))
        except LogError as exc:
            report.hands.append(HandCheck(i, label, expected, None, str(exc)))
    try:
        match = replay_game(game)
        report.match = match
        if match.standings is not None:
            report.final_got = [s["score"] for s in match.standings]
    except LogError as exc:
        report.match_error = str(exc)
    return report
