"""The review key of the replay screen: the review of the decision about to be applied (issue 17, item 4)."""

from __future__ import annotations

from functools import cache

import pytest

from jantaku.engine.match import MatchRecord
from jantaku.engine.review import review_match
from jantaku.tui.reviewtext import seat_words
from jantaku.tui.app import JantakuApp
from jantaku.tui.screens.replay import ReplayScreen
from jantaku.tui.screens.review import DecisionReviewScreen
from jantaku.tui.settings import Settings

from ..review.played import play
from .conftest import screen_text, until

NAMES = ["Ann", "Bo", "Cy", "Di"]


@cache
def record() -> MatchRecord:
    """Two riichi hands: seat 0 is the easy bot, so the strong bot's review differs somewhere."""
    return play("riichi", 11, ("easy", "strong", "normal", "strong"), hands=2).record()


def replay_app() -> JantakuApp:
    return JantakuApp(start=lambda app: app.replay(record(), NAMES), settings=Settings(bot_delay=0.0))


def first_mistake() -> int:
    """The record position of seat 0's first decision that the strong bot would make otherwise."""
    review = review_match(record(), 0, "strong")
    return min(e.decision for e in review.entries if not e.is_equal)


async def test_the_review_key_shows_the_bots_choice_and_figures_for_the_next_decision():
    app = replay_app()
    position = first_mistake()
    expected = next(e for e in review_match(record(), 0, "strong").entries if e.decision == position)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        screen.action_go_to(position)
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, DecisionReviewScreen))
        shown = app.screen.entry
        assert shown == expected  # the same entry jantaku review gives for that decision
        text = screen_text(app)
        who = seat_words(0, expected.dealer, NAMES)  # the name and the seat's wind, as jantaku review says it
        assert who.startswith("Ann (") and f"{who} played {expected.actual}; strong would play" in text
        assert "useful tiles unseen" in text and "value" in text
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        assert screen.cursor.position == position  # looking changes nothing


async def test_the_review_key_is_off_where_the_next_decision_had_no_choice():
    app = replay_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        screen.action_go_to(screen.cursor.hand_ends[0])  # between hands: every seat's only choice is continue
        assert not screen.reviewable() and screen.check_action("review", ()) is False
        await pilot.press("v")
        await pilot.pause()
        assert app.screen is screen
        screen.action_go_to(0)  # the dealer's first discard: fourteen choices
        assert screen.check_action("review", ()) is True


@pytest.fixture
def still_pictures(monkeypatch):
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")


def test_snapshot_of_a_decision_review_at_80x24(snap_compare, still_pictures):
    app = replay_app()

    async def open_review(pilot) -> None:
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        app.screen.action_go_to(first_mistake())
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, DecisionReviewScreen))
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=open_review)
