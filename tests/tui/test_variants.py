"""Every installed variant through the table, and the decisions only some variants have, by key."""

from __future__ import annotations

import pytest

from jantaku.engine.actions import ActionType as A
from jantaku.engine.ruleset import ruleset_names
from jantaku.engine.tiles import kind_of
from jantaku.tui.prompt import TILE_KEYS
from jantaku.tui.screens.dialogs import ChoiceScreen
from jantaku.tui.screens.result import ResultScreen
from jantaku.tui.screens.table import TableScreen
from .local_session import LocalSession, bot_for
from jantaku.engine.rulesets.sichuan.view import SUIT_WORDS
from jantaku.tui.widgets.centre import CentrePanel
from jantaku.tui.widgets.player import PlayerArea

from .conftest import screen_text, table_app, until


async def table_of(app, pilot) -> TableScreen:
    await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.view is not None)
    return app.screen


async def play_by_bot_until(pilot, table: TableScreen, bot, stop) -> None:
    """Answer the table's prompts as ``bot`` would (through the screen) until ``stop(table)``."""
    for _ in range(2000):
        await until(pilot, lambda: table.prompt is not None or stop(table) or not table.is_current)
        if stop(table) or not table.is_current:
            return
        await table.send(bot.choose(table.view, table.prompt.actions))
    raise AssertionError("never stopped")


def index_of_face(table: TableScreen, tile: int) -> int:
    return next(i for i, t in enumerate(table.hand.tiles) if kind_of(t) == kind_of(tile))


@pytest.mark.parametrize("ruleset", ruleset_names())
async def test_a_hand_of_every_variant(ruleset):
    session = LocalSession(ruleset, seed=2)
    async with table_app(session) as (app, pilot):
        table = await table_of(app, pilot)
        await play_by_bot_until(pilot, table, bot_for(ruleset), lambda t: isinstance(app.screen, ResultScreen))
        await until(pilot, lambda: isinstance(app.screen, ResultScreen) and "result" in screen_text(app))
        await pilot.press("enter")
        await until(pilot, lambda: table.view["phase"] != "over")
        assert table.view["match"]["hands_played"] == 1


async def test_riichi_by_key_shows_the_declaration():
    session = LocalSession("riichi", seed=20)  # seat 0 may declare riichi at its 4th turn, playing as the bot
    bot = bot_for("riichi")
    async with table_app(session) as (app, pilot):
        table = await table_of(app, pilot)
        assert table.query_one(CentrePanel).info.dora  # the indicator in the centre
        await play_by_bot_until(pilot, table, bot, lambda t: t.prompt is not None and A.RIICHI in t.prompt.types)
        riichi = next(a for a in table.prompt.actions if a.type is A.RIICHI)
        await pilot.press(TILE_KEYS[index_of_face(table, riichi.tile)], "r")
        await until(pilot, lambda: table.view["riichi"][0])
        assert riichi in table.sent  # (auto-discard then plays the following draws)
        centre = table.query_one(CentrePanel)
        assert centre.info.sides["self"].notes == ("riichi",)
        assert "riichi" in centre.lines(36)[-1].plain  # on the player's own side of the centre
        own = next(p for p in table.query(PlayerArea) if p.position == "self")
        assert any(f"{table.painter().face(riichi.tile)}*" in line.plain for line in own.lines(80))


async def test_sichuan_exchange_and_void_by_keys():
    session = LocalSession("sichuan", preset="chengdu", seed=5)
    bot = bot_for("sichuan")
    async with table_app(session) as (app, pilot):
        table = await table_of(app, pilot)
        await until(pilot, lambda: table.prompt is not None)
        assert A.EXCHANGE in table.prompt.types
        wanted = bot.choose(table.view, table.prompt.actions)
        order = list(table.hand.tiles)
        await pilot.press(*(TILE_KEYS[order.index(t)] for t in wanted.tiles), "e")
        await until(pilot, lambda: table.sent)
        assert sorted(table.sent[0].tiles) == sorted(wanted.tiles)
        await until(pilot, lambda: table.prompt is not None and A.VOID in table.prompt.types)
        void = bot.choose(table.view, table.prompt.actions)
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press(str(table.prompt.of(A.VOID).index(void) + 1))
        await until(pilot, lambda: len(table.sent) == 2)
        assert table.sent[1] == void
        await until(pilot, lambda: f"void {SUIT_WORDS[void.suit]}" in screen_text(app))
