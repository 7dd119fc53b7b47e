"""The riichi match: dealer rotation, honba and sticks, the end of the game, uma and oka.

* The dealer keeps the deal after winning, after being tenpai at the end of
  the wall, and after an abortive draw; honba then go up by one.  A
  non-dealer's win passes the deal and clears the honba; a draw with the
  dealer noten passes it and adds a honba.  With ``renchan_on_draw`` off
  (seed 003: the seats rotate whenever East does not win) only a dealer's
  win keeps the deal; every draw still adds a honba.
* Riichi sticks stay on the table until somebody wins them.
* The game is East-only or East-South.  After its last hand it goes on into
  the next wind (sudden death) while nobody has ``target_points``; it ends
  as soon as somebody has, and at the latest after that extra wind.
* It also ends when a player drops below zero (``bust_ends``), and in the
  last hand when the dealer keeps the deal in first place with
  ``target_points`` (agari-yame; tenpai-yame by option).
* At the end, leftover sticks go to first place; uma and oka decide the
  final result ``(score - return_points) / 1000 + uma + oka`` (rounded the
  way Tenhou does by default).

    >>> rs = RiichiRuleset()
    >>> [s["final"] for s in rs.final_standings([38900, 35800, 20100, 5200])]  # Tenhou rounds
    [49.0, 16.0, -20.0, -45.0]
    >>> [s["final"] for s in RiichiRuleset(options={"final_rounding": "exact"}).final_standings(
    ...     [38900, 35800, 20100, 5200])]
    [48.9, 15.8, -19.9, -44.8]
"""

from __future__ import annotations

from typing import Any

from ...results import HandResult
from ...actions import ActionLabel, ActionType
from ...ruleset import LazyClasses, Ruleset, VariantBots
from ...table import HandContext
from .context import RiichiHandContext
from .events import EVENT_TYPES
from . import scoring as _scoring
from .options import DEFAULT_PRESET, PRESETS, RiichiOptions
from .table import RiichiTable
from ...scoretable import YAKU as SECTION_YAKU, YAKUMAN as SECTION_YAKUMAN, ScoringLine

RIICHI_STICK = 1000


class RiichiRuleset(Ruleset):
    name = "riichi"
    title = "Riichi (Japanese)"
    Options = RiichiOptions
    presets = PRESETS
    default_preset = DEFAULT_PRESET
    table_class = RiichiTable
    event_types = EVENT_TYPES
    score_request = staticmethod(_scoring.score_request)
    bots = VariantBots(
        named=LazyClasses(f"{__package__}.bot", {"riichi": "RiichiBot"}),
        levels=LazyClasses(f"{__package__}.bot", {"normal": "RiichiBot", "strong": "StrongRiichiBot"}),
    )
    action_labels = (
        ActionLabel("riichi", (ActionType.RIICHI,), "r", 10, uses_selection=True, hint="riichi with the selected tile"),
        ActionLabel("abort", (ActionType.ABORT,), "z", 70),
    )
    summary = (
        "Japanese mahjong: every win needs a yaku; riichi, dora, furiten. 25,000 points each, "
        "East-South game, uma and oka. Presets: tenhou (default), majsoul, kobalab."
    )

    def __init__(self, preset: str | None = None, options: dict[str, Any] | None = None):
        super().__init__(preset, options)
        self.leftover_sticks = 0  # riichi sticks on the table when the game ended

    def start_scores(self) -> list[int]:
        return [self.options.start_points] * 4

    def scoring_table(self) -> tuple[ScoringLine, ...]:
        """The yaku (han closed, and open) and the yakuman, as the scorer counts them."""
        from .yaku import YAKU
        from .yakuman import YAKUMAN

        doubled = self.options.double_yakuman
        return tuple(
            ScoringLine(SECTION_YAKU, y.name, y.han_closed, "han", open_value=y.han_open, english=y.english)
            for y in YAKU
            if y.offered(self.options)
        ) + tuple(
            ScoringLine(
                SECTION_YAKUMAN,
                y.name,
                y.yakuman * (2 if doubled and y.doubled_by_option else 1),
                "yakuman",
                english=y.english,
            )
            for y in YAKUMAN
            if y.offered(self.options)
        )

    def first_context(self) -> RiichiHandContext:
        return RiichiHandContext.of(super().first_context())

    @property
    def last_round(self) -> int:
        """The round wind of the game's last regular hand (0 East, 1 South)."""
        return 0 if self.options.game_length == "east" else 1

    def next_context(self, context: HandContext, result: HandResult, scores: list[int]) -> HandContext | None:
        dealer = context.dealer
        won = result.kind == "win"
        dealer_won = any(w.seat == dealer for w in result.wins)
        dealer_tenpai = dealer in result.flags.get("tenpai", ())
        kept_on_draw = result.kind == "abort" or (result.kind == "draw" and dealer_tenpai)
        keeps = dealer_won or (kept_on_draw and self.options.renchan_on_draw)
        counters = RiichiHandContext.of(context)
        honba = counters.honba + 1 if (keeps or not won) else 0
        sticks = 0 if won else counters.sticks + result.flags.get("riichi_sticks", 0)
        if self._game_over(context, scores, keeps=keeps, dealer_won=dealer_won, dealer_tenpai=dealer_tenpai):
            self.leftover_sticks = sticks
            return None
        round_wind = context.round_wind
        if not keeps:
            dealer = (dealer + 1) % 4
            if dealer == 0:
                round_wind += 1
        return RiichiHandContext(
            dealer=dealer,
            round_wind=round_wind,
            hand_number=context.hand_number + 1,
            scores=tuple(scores),
            honba=honba,
            sticks=sticks,
        )

    def _game_over(
        self, context: HandContext, scores: list[int], *, keeps: bool, dealer_won: bool, dealer_tenpai: bool
    ) -> bool:
        opts = self.options
        if opts.bust_ends and min(scores) < 0:
            return True
        dealer, round_wind = context.dealer, context.round_wind
        if round_wind < self.last_round or (round_wind == self.last_round and dealer < 3):
            return False
        reached = max(scores) >= opts.target_points
        if round_wind > self.last_round:  # the extra wind: sudden death
            return reached or (dealer == 3 and not keeps)
        # the last hand ("all-last")
        if not keeps:
            return reached  # else on into the extra wind
        leader = max(range(4), key=lambda s: (scores[s], -s))
        stops = (dealer_won and opts.agari_yame) or (dealer_tenpai and opts.tenpai_yame)
        return stops and leader == dealer and reached

    def final_standings(self, scores: list[int]) -> list[dict[str, Any]]:
        """Places (ties to the earlier seat), leftover sticks to first, uma and oka."""
        opts = self.options
        order = sorted(range(4), key=lambda s: (-scores[s], s))
        final_scores = list(scores)
        final_scores[order[0]] += RIICHI_STICK * self.leftover_sticks
        oka = 4 * (opts.return_points - opts.start_points) / 1000 if opts.oka else 0.0
        points = {}
        for place, seat in enumerate(order):
            diff = final_scores[seat] - opts.return_points
            base = _tenhou_thousands(diff) if opts.final_rounding == "tenhou" else diff / 1000
            points[seat] = base + opts.uma[place] + (oka if place == 0 else 0.0)
        if opts.final_rounding == "tenhou":
            points[order[0]] = sum(opts.uma) - sum(points[s] for s in order[1:])  # the total stays as it was
        return [
            {"seat": seat, "place": order.index(seat) + 1, "score": final_scores[seat], "final": round(points[seat], 1)}
            for seat in range(4)
        ]


def _tenhou_thousands(diff: int) -> int:
    """Points to thousands as Tenhou rounds them: 500 down, 600 up (away from zero).

    >>> _tenhou_thousands(8900), _tenhou_thousands(1500), _tenhou_thousands(-31700), _tenhou_thousands(-31300)
    (9, 1, -32, -31)
    """
    hundreds = abs(diff) // 100
    thousands = hundreds // 10 + (1 if hundreds % 10 >= 6 else 0)
    return thousands if diff >= 0 else -thousands
