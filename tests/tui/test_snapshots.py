"""Snapshots of the table and the result screen of every variant at 80×24 and 160×48, from hands the bots
play on fixed seeds (tests/tui/playedhands.py). Look at a changed snapshot before accepting it; after a
deliberate change to the screens regenerate them all with
``pytest tests/tui/test_snapshots.py --snapshot-update``."""

from __future__ import annotations

import asyncio
from functools import cache

import pytest

from jantaku.i18n import set_language
from jantaku.tui.app import JantakuApp
from jantaku.tui.screens.lobby import LobbyScreen
from jantaku.tui.screens.result import ResultScreen
from jantaku.tui.screens.table import TableScreen
from jantaku.tui.settings import Settings

from jantaku.engine.actions import ActionType
from jantaku.engine.match import Match
from jantaku.engine.rulesets.hongkong import HongKongRuleset

from ..hongkong.tables import stacked_wall
from .conftest import FakeSession, until
from .playedhands import PlayedHand, Step, play_first_hand, play_hand, scripted

# (ruleset, seed, options): the seeds were found by letting the bots play first hands until one showed the
# wanted situation; the tests below check that it still does (a bot or engine change may need a new seed)
HANDS = {
    "sichuan": ("sichuan", 5, None),  # three winners in turn, an exposed kong's money
    "classical": ("classical", 1, None),  # the winner shows a season
    "riichi": ("riichi", 25, None),  # a riichi mangan on a discard, with two ura dora
    # with the liability rule on; no liable discard came up in 3,000 self-play first hands (the bots avoid
    # dangerous tiles), so this is a discard win the discarder pays double
    "hongkong": ("hongkong", 1, {"liability": True}),
}
SIZES = [(80, 24), (160, 48)]


@pytest.fixture(autouse=True)
def still_pictures(monkeypatch):
    """No animation and no blinking cursor: the same picture on every run."""
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")


@cache
def played(variant: str) -> PlayedHand:
    ruleset, seed, options = HANDS[variant]
    return play_first_hand(ruleset, seed, options)


@cache
def hongkong_liability() -> PlayedHand:
    """An arranged Hong Kong hand: South pungs East's white and West's green dragon, and North throws the
    red one into South's small three dragons, so North pays for everyone (the liability rule)."""
    hands = {0: "5z123m456m789m1234z", 1: "55z66z7z123m456p99s"}
    wall = stacked_wall(hands, draws="6z9p7z")
    match = Match(HongKongRuleset(options={"liability": True, "bonus_tiles": False}), walls={0: wall})
    script = [
        Step(0, ActionType.DISCARD, "5z"),
        Step(1, ActionType.PON),
        Step(1, ActionType.DISCARD, "9s"),
        Step(2, ActionType.DISCARD, "6z"),
        Step(1, ActionType.PON),
        Step(1, ActionType.DISCARD, "9s"),
        Step(3, ActionType.DISCARD, "7z"),
        Step(1, ActionType.RON),
    ]
    return play_hand(match, scripted(script))


def test_the_seeds_still_give_the_wanted_hands():
    sichuan = played("sichuan").result["view"].result
    assert len(sichuan.wins) >= 2
    assert any(e.get("type") == "payment" and e.get("reason") == "kong" for e in played("sichuan").events)
    classical = played("classical").result["view"].result
    assert any(win.bonus for win in classical.wins)
    riichi = played("riichi").result["view"].result
    assert any(
        win.score.get("limit") == "mangan"
        and any(item["name"] == "Ura dora" and item["value"] for item in win.score["items"])
        for win in riichi.wins
    )
    hongkong = played("hongkong").result["view"].result
    assert any(win.discarder is not None for win in hongkong.wins)
    liable = hongkong_liability()
    assert [win.discarder for win in liable.result["view"].result.wins] == [3]
    assert any(e.get("type") == "liability" for e in liable.events)


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")  # a German app leaves the process's language German


def app_for(hand: PlayedHand, *, result: bool, language: str | None = None) -> tuple[JantakuApp, FakeSession]:
    you = "ann" if language == "de" else "You"  # a real game names the player (the German snapshots show that)
    session = FakeSession(names=[you, "Ana (bot)", "Bo (bot)", "Cy (bot)"])
    session.send(hand.table)
    if result:
        session.send(hand.result)
    app = JantakuApp(start=lambda a: a.play(session), settings=Settings(bot_delay=0.0), language=language)
    return app, session


def shown(app: JantakuApp, *, result: bool):
    async def wait(pilot) -> None:
        await until(
            pilot,
            lambda: (
                isinstance(app.screen, ResultScreen)
                if result
                else isinstance(app.screen, TableScreen) and app.screen.prompt is not None
            ),
            tries=1500,
        )
        await pilot.pause()

    return wait


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant", list(HANDS))
def test_table(snap_compare, variant, size):
    app, _ = app_for(played(variant), result=False)
    assert snap_compare(app, terminal_size=size, run_before=shown(app, result=False))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant", list(HANDS))
def test_result(snap_compare, variant, size):
    app, _ = app_for(played(variant), result=True)
    assert snap_compare(app, terminal_size=size, run_before=shown(app, result=True))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_result_hongkong_liability(snap_compare, size):
    app, _ = app_for(hongkong_liability(), result=True)
    assert snap_compare(app, terminal_size=size, run_before=shown(app, result=True))


# German (issue 19): the same hands at the smallest size the game supports, where a longer word overflows first
@pytest.mark.parametrize("variant", list(HANDS))
def test_table_de(snap_compare, variant):
    app, _ = app_for(played(variant), result=False, language="de")
    assert snap_compare(app, terminal_size=(80, 24), run_before=shown(app, result=False))


@pytest.mark.parametrize("variant", list(HANDS))
def test_result_de(snap_compare, variant):
    app, _ = app_for(played(variant), result=True, language="de")
    assert snap_compare(app, terminal_size=(80, 24), run_before=shown(app, result=True))


def lobby_seats(*specs: tuple[str, str, str | None, int | None]) -> list[dict]:
    return [
        {"seat": i, "kind": kind, "name": name, "bot": bot, "player": player, "connected": True}
        for i, (kind, name, bot, player) in enumerate(specs)
    ]


LOBBY_TABLES = [
    {
        "id": 1,
        "name": "ann's table",
        "ruleset": "riichi",
        "preset": "tenhou",
        "state": "open",
        "owner": 7,
        "seats": lobby_seats(
            ("human", "ann", None, 7),
            ("bot", "Mei", "strong", None),
            ("empty", "", None, None),
            ("empty", "", None, None),
        ),
    },
    {
        "id": 2,
        "name": "Dienstagsrunde",
        "ruleset": "hongkong",
        "preset": "dmjl",
        "state": "playing",
        "hands_played": 5,
        "spectators": 1,
        "seats": lobby_seats(
            ("human", "bob", None, 8),
            ("human", "cy", None, 9),
            ("bot", "Lin", "normal", None),
            ("human", "dee", None, 10),
        ),
    },
]


class LobbyClient:
    """What the lobby asks of a client: a fixed list of tables, no host (a snapshot must not show a port)."""

    player, name, seats = 7, "ann", {}

    async def list_tables(self, **_flags):
        return LOBBY_TABLES


class LobbyHub:
    def __init__(self) -> None:
        self.client, self.latest = LobbyClient(), {}

    def listen(self) -> asyncio.Queue:
        return asyncio.Queue()

    def unlisten(self, queue: asyncio.Queue) -> None:
        pass

    async def close(self) -> None:
        pass


@pytest.mark.parametrize("language", ["en", "de"])
def test_lobby(snap_compare, language):
    def start(app: JantakuApp) -> None:
        app.push_screen(LobbyScreen(LobbyHub(), title="jantaku host (192.0.2.1:7654) · ann"))

    app = JantakuApp(start=start, settings=Settings(bot_delay=0.0, name="ann"), language=language)

    async def listed(pilot) -> None:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and len(app.screen.tables) == 2)
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=listed)
