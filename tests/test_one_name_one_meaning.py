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
