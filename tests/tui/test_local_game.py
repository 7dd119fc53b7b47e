"""Whole games through the UI against the local bots, and what the table may show of other hands."""

from __future__ import annotations

import asyncio
import re
from collections import Counter

import pytest

from jantaku.engine.actions import Action, Continue, Pass, Pon
from jantaku.engine.actions import ActionType as A
from jantaku.tui.screens.result import ResultScreen
from jantaku.tui.screens.table import TableScreen
from .local_session import LocalSession, timeout_action
from jantaku.tui.tilefaces import TilePainter
from jantaku.tui.viewmodel import positions
from jantaku.tui.widgets.player import PlayerArea

from .conftest import HANG, FakeSession, basic_match, patient, screen_text, table_app, until, update

FACE = re.compile(r"[1-9][mpsfy]|[東南西北白發中]")


def panel_faces(panel: PlayerArea) -> Counter:
    """The tile faces an opponent's place at the table draws (its caption, their name, left out)."""
    lines = [line.plain for line in panel.lines(200)]
    return Counter(FACE.findall("\n".join(lines[1:])))


def public_faces(player: dict) -> Counter:
    painter = TilePainter()
    tiles = [d[0] for d in player["discards"]] + list(player["bonus"])
    tiles += [t for m in player["melds"] for t in m["tiles"] if t >= 0]
    return Counter(painter.face(t) for t in tiles)


def check_no_peeking(screen: TableScreen) -> None:
    view = screen.view
    seats = positions(screen.seat)
    for panel in screen.query(PlayerArea):
        if panel.info is None or panel.position == "self" or view["phase"] == "over":
            continue
        seat = seats[panel.position]
        assert panel_faces(panel) == public_faces(view["players"][seat]), f"seat {seat} shows more"


def check_hands_revealed(table: TableScreen) -> None:
    """Once a hand is over, every other player's hand is shown."""
    others = [p for p in table.query(PlayerArea) if p.info and p.position != "self"]
    assert len(others) == 3 and all(p.info.revealed for p in others)
    painter = table.painter()
    for p in others:  # the revealed hand is drawn right under the caption
        assert p.lines(200)[1].plain == painter.row(p.info.revealed, gap=" ").plain  # spaced like a pond


async def play_through(app, pilot, session, *, hands: int = 1, check=None) -> int:
    """Answer prompts by key (pass, or discard the selected tile) until ``hands`` results were read."""
    seen = 0
    for _ in patient(3000):
        screen = app.screen
        if isinstance(screen, ResultScreen):
            check_hands_revealed(next(s for s in app.screen_stack if isinstance(s, TableScreen)))
            seen += 1
            await pilot.press("enter")
            await until(pilot, lambda: not isinstance(app.screen, ResultScreen))
            if seen >= hands:
                return seen
            continue
        if isinstance(screen, TableScreen) and screen.prompt is not None:
            if check:
                check(screen)
            types = screen.prompt.types
            await pilot.press("space" if A.PASS in types else "enter")
        await pilot.pause(0.005)
    raise AssertionError("the game did not finish its hands")


async def test_a_full_hand_by_keys_against_bots():
    session = LocalSession("basic", seed=11, options={"hands": 2})
    async with table_app(session) as (app, pilot):
        played = await play_through(app, pilot, session, hands=1, check=check_no_peeking)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert played == 1
        await until(pilot, lambda: screen.view["match"]["hands_played"] == 1 and screen.view["phase"] != "over")
        assert "hand 2" in screen_text(app)
    assert any(a.type is A.DISCARD for a in screen.sent)
    assert screen.sent.count(Continue()) == 1


async def test_concealed_tiles_of_others_never_drawn_even_if_a_view_carried_them():
    """A view that (wrongly) includes another seat's concealed tiles mid-hand: the table still hides them."""
    match = basic_match(5)
    view = match.view(0)
    for seat in (1, 2, 3):
        view["players"][seat]["concealed"] = list(match.table.players[seat].concealed)
    s = FakeSession()
    async with table_app(s) as (app, pilot):
        s.send(update(view, match.pending()[0]))
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.prompt is not None)
        check_no_peeking(app.screen)
        assert not any(panel.info.revealed for panel in app.screen.query(PlayerArea) if panel.info)


# --- the local session on its own --------------------------------------------------------------


async def drive(session: LocalSession, answer=None) -> list[dict]:
    """Play a whole match through the session's messages; returns them."""
    seen = []
    async for message in session.updates():
        seen.append(message)
        prompt = message.get("prompt")
        if message["type"] != "update":
            continue
        if prompt is None:
            break
        actions = [Action.from_wire(a) for a in prompt["actions"]]
        me = message["view"]["players"][session.seat]
        await session.act(prompt["id"], (answer or timeout_action)(actions, me.get("drawn")))
    await session.close()
    return seen


async def test_local_session_plays_a_match_to_the_end():
    session = LocalSession("basic", seed=4, options={"hands": 2})
    messages = await drive(session)
    last = messages[-1]
    assert last["view"]["match"]["phase"] == "over"
    assert last["view"]["match"]["standings"]
    ids = [m["prompt"]["id"] for m in messages if m.get("prompt")]
    assert ids == sorted(set(ids))
    # a seat's view never holds another seat's concealed tiles before its hand ends
    for m in messages:
        if m["view"]["phase"] != "over":
            assert all("concealed" not in p for s, p in enumerate(m["view"]["players"]) if s != 0 and not p["out"])
    assert session.record().decisions


async def test_local_session_rejects_stale_and_illegal_answers():
    session = LocalSession("basic", seed=4)
    updates = session.updates()
    first = await updates.__anext__()
    prompt = first["prompt"]
    await session.act(prompt["id"] + 5, Action.from_wire(prompt["actions"][0]))
    assert (await updates.__anext__())["code"] == "stale"
    await session.act(prompt["id"], Pon(0, (1, 2)))
    assert (await updates.__anext__())["code"] == "illegal"
    await session.chat("hello")
    assert (await updates.__anext__()) == {"type": "chat", "from": "You", "text": "hello"}
    await session.close()


async def test_local_session_deadline_plays_for_a_slow_player():
    session = LocalSession("basic", seed=4, turn_time=0.05)
    updates = session.updates()
    first = await updates.__anext__()
    assert first["prompt"]["deadline"] == 0.05
    second = await asyncio.wait_for(updates.__anext__(), HANG)  # nobody answered: the drawn tile went
    assert second["prompt"]["id"] == first["prompt"]["id"] + 1
    drawn = first["view"]["players"][0]["drawn"]
    assert second["view"]["players"][0]["discards"][0][0] == drawn
    await session.close()


async def test_watching_four_bots():
    session = LocalSession("basic", seed=4, seat=None, options={"hands": 1})
    async for message in session.updates():
        assert message["prompt"] is None and message["seat"] is None
        if message["view"]["match"]["phase"] == "over":
            break
    await session.close()


@pytest.mark.parametrize(
    "kind, expected",
    [
        ([Pass(), Pon(8, (9, 10))], A.PASS),
        ([Continue()], A.CONTINUE),
    ],
)
def test_timeout_action_never_claims(kind, expected):
    assert timeout_action(kind, None).type is expected
