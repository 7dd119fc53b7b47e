"""A name means one thing across the packages: no two public classes share one (issue #14, item 6)."""

from __future__ import annotations

import jantaku.engine.bots.seat as bot_seat
import jantaku.engine.calculator as calculator
import jantaku.netplay.prompts as host_prompts
import jantaku.tui.prompt as tui_prompt
import jantaku.tui.session as tui_session
from jantaku.engine.views import SeatView
from jantaku.netplay.protocol import RequestError


def test_the_bots_reading_of_a_seat_is_not_the_views_seat():
    assert not hasattr(bot_seat, "SeatView")
    assert bot_seat.SeatReading is not SeatView


def test_the_calculators_request_error_is_its_own_name():
    assert not hasattr(calculator, "RequestError")
    assert not issubclass(calculator.ScoreRequestError, RequestError)


def test_the_hosts_prompt_and_the_tuis_prompt_have_different_names():
    assert not hasattr(host_prompts, "Prompt")
    assert host_prompts.SeatPrompt is not tui_prompt.Prompt


def test_the_product_has_no_hostless_session():
    assert not hasattr(tui_session, "LocalSession")


def test_a_seat_wind_is_an_index_and_its_tile_is_the_kind():
    """``seat_wind``/``round_wind`` are 0-3 (East 0) everywhere; the tile kind is ``*_wind_kind``."""
    from jantaku.engine.rulesets.classical.situation import Situation
    from jantaku.engine.rulesets.riichi.context import RiichiWinContext
    from jantaku.engine.rulesets.riichi.shape import HandFacts
    from jantaku.engine.tiles import EAST

    south_in_west = Situation(seat=1, round=2)
    assert (south_in_west.seat_wind_kind, south_in_west.round_wind_kind) == (EAST + 1, EAST + 2)
    assert not hasattr(Situation, "seat_wind") and not hasattr(Situation, "round_wind")
    facts = HandFacts.build([0, 1, 2], [], 0, True, seat_wind=1, round_wind=0)
    assert (facts.seat_wind_kind, facts.round_wind_kind) == (EAST + 1, EAST)
    assert "seat_wind" not in HandFacts.__slots__
    ctx = RiichiWinContext(seat_wind=3)
    assert ctx.seat_wind == 3 and ctx.seat_wind_kind == EAST + 3
