"""Acting at the table: every kind of decision by key (and by click), only ever a legal action."""

from __future__ import annotations

from contextlib import asynccontextmanager
from dataclasses import dataclass, replace

from jantaku.engine.actions import (
    Abort,
    Action,
    Ankan,
    Chi,
    DeclareVoid,
    Discard,
    Exchange,
    Kakan,
    Kan,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from jantaku.engine.actions import ActionType as A
from jantaku.engine.tiles import kind_of, parse_tiles
from jantaku.engine.views import ViewExtension, view_from_wire, view_to_wire
from jantaku.tui import prompt as prompt_module
from jantaku.tui.prompt import TILE_KEYS, Prompt
from jantaku.tui.screens.dialogs import ChoiceScreen
from jantaku.tui.screens.table import TableScreen
from jantaku.tui.tilefaces import TilePainter, faces_in
from jantaku.tui.widgets.hand import HandView

from .conftest import FakeSession, basic_match, screen_text, table_app, until, update


def dealer_turn(seed: int = 1):
    """The dealer's first turn in a real basic match: its view (in its wire form, for editing) and legal actions."""
    match = basic_match(seed)
    return view_to_wire(match.view(0)), match.pending()[0]


@dataclass(frozen=True, slots=True)
class MixedFacts(ViewExtension):
    """Facts of several variants at once (furiten, dora, riichi, void suits), to see each shown."""

    def indicators(self):
        return (0,)

    def riichi_declared(self, seat):
        return seat == 1

    def void_of(self, seat):
        return ("m", None, "p", None)[seat]

    def warnings(self):
        return ("furiten",)

    def seat_notes(self, seat):
        return (("riichi",) if seat == 1 else ()) + (("void characters",), (), ("void dots",), ())[seat]


def hand_order(view) -> list[int]:
    """The hand as the widget lays it out: sorted, the drawn tile last."""
    me = view["players"][0]
    tiles = [t for t in me["concealed"] if t != me["drawn"]]
    return tiles + ([me["drawn"]] if me["drawn"] is not None else [])


async def open_prompt(session, app, pilot, message):
    session.send(message)
    await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.prompt is not None)
    return app.screen


@asynccontextmanager
async def prompted(message, **settings):
    """A table showing ``message``'s prompt: yields (session, app, pilot)."""
    s = FakeSession()
    async with table_app(s, **settings) as (app, pilot):
        await open_prompt(s, app, pilot, message)
        yield s, app, pilot


async def test_enter_discards_the_drawn_tile():
    view, actions = dealer_turn()
    async with prompted(update(view, actions)) as (s, app, pilot):
        await pilot.press("enter")
        await until(pilot, lambda: s.acts)
    drawn = view["players"][0]["drawn"]
    assert s.acts == [(1, Prompt.from_wire(update(view, actions)["prompt"]).discard_for(drawn))]
    assert s.acts[0][1].type is A.DISCARD


async def test_letter_selects_a_tile_and_enter_discards_it():
    view, actions = dealer_turn()
    async with prompted(update(view, actions)) as (s, app, pilot):
        await pilot.press(TILE_KEYS[2], "enter")
        await until(pilot, lambda: s.acts)
    tile = hand_order(view)[2]
    assert s.acts[0][1].type is A.DISCARD and kind_of(s.acts[0][1].tile) == kind_of(tile)


async def test_arrows_move_the_selection():
    view, actions = dealer_turn()
    async with prompted(update(view, actions)) as (s, app, pilot):
        screen = app.screen
        await pilot.press("right")  # from the drawn tile (last) round to the first
        assert screen.selection.tile == hand_order(view)[0]
        await pilot.press("left", "left")
        assert screen.selection.tile == hand_order(view)[-2]


async def test_click_selects_then_click_again_discards():
    view, actions = dealer_turn()
    async with prompted(update(view, actions)) as (s, app, pilot):
        screen = app.screen
        await pilot.click(HandView, offset=(3, 0))  # the second tile (3 cells a tile)
        await pilot.pause()
        assert screen.selection.tile == hand_order(view)[1]
        assert not s.acts
        await pilot.click(HandView, offset=(4, 0))
        await until(pilot, lambda: s.acts)
    assert kind_of(s.acts[0][1].tile) == kind_of(hand_order(view)[1])


async def test_click_on_the_action_bar_acts():
    view, _ = dealer_turn()
    pon = Pon(view["players"][0]["concealed"][0], ())
    async with prompted(update(view, [pon, Pass()])) as (s, app, pilot):
        await pilot.click("#actions", offset=(2, 0))  # the first button: pon
        await until(pilot, lambda: s.acts)
    assert s.acts == [(1, pon)]


def claim_view():
    """Seat 0's view while another seat's discard is on the table."""
    match = basic_match(2)
    seat, actions = next(iter(match.pending().items()))
    match.act(seat, actions[0])
    view = view_to_wire(match.view(0))
    view["last_discard"] = [3, view["players"][0]["concealed"][0]]
    return view


async def test_claim_keys():
    """One prompt after another at the same table: each claim key answers with its action."""
    view = claim_view()
    mine = view["players"][0]["concealed"]
    offered = [
        Ron(mine[0]),
        Pon(mine[0], tuple(mine[1:3])),
        Kan(mine[0], tuple(mine[1:4])),
        Pass(),
    ]
    keys = [("p", A.PON), ("k", A.KAN), ("w", A.RON), ("space", A.PASS), ("x", A.PASS)]
    async with prompted(update(view, offered)) as (s, app, pilot):
        assert "call" in screen_text(app)
        for prompt_id, (key, kind) in enumerate(keys, start=1):
            if prompt_id > 1:
                s.send(update(view, offered, prompt_id=prompt_id))
                await until(pilot, lambda: app.screen.prompt is not None)
            await pilot.press(key)
            await until(pilot, lambda: len(s.acts) == prompt_id)  # noqa: B023 (awaited at once)
            assert s.acts[-1][0] == prompt_id and s.acts[-1][1].type is kind, key


async def test_claim_keys_not_offered_do_nothing():
    view = claim_view()
    async with prompted(update(view, [Pass()])) as (s, app, pilot):
        screen = app.screen
        await pilot.press("p", "c", "k", "w", "enter")
        await pilot.pause()
        assert not s.acts and screen.prompt is not None
        assert "pon" not in screen_text(app)


def two_chis(view) -> list[Action]:
    mine = view["players"][0]["concealed"]
    return [
        Chi(mine[0], (mine[1], mine[2])),
        Chi(mine[0], (mine[3], mine[4])),
    ]


async def test_chi_with_several_choices_asks_which():
    view = claim_view()
    chis = two_chis(view)
    async with prompted(update(view, chis + [Pass()])) as (s, app, pilot):
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        assert faces_in(str(chis[1]), TilePainter()).plain in screen_text(app)  # the choices in tile faces
        await pilot.press("2")
        await until(pilot, lambda: s.acts)
    assert s.acts == [(1, chis[1])]


async def test_choice_can_be_cancelled():
    view = claim_view()
    chis = two_chis(view)
    async with prompted(update(view, chis + [Pass()])) as (s, app, pilot):
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("space")
        await until(pilot, lambda: s.acts)
    assert s.acts == [(1, Pass())]


async def test_tsumo_by_key():
    view, actions = dealer_turn()
    tsumo = Tsumo(view["players"][0]["drawn"])
    async with prompted(update(view, list(actions) + [tsumo])) as (s, app, pilot):
        await pilot.press("w")
        await until(pilot, lambda: s.acts)
    assert s.acts == [(1, tsumo)]


async def test_riichi_takes_the_selected_tile():
    view, actions = dealer_turn()
    order = hand_order(view)
    riichis = [Riichi(order[0]), Riichi(order[4])]
    async with prompted(update(view, list(actions) + riichis)) as (s, app, pilot):
        await pilot.press(TILE_KEYS[4], "r")
        await until(pilot, lambda: s.acts)
    assert s.acts == [(1, riichis[1])]


async def test_riichi_with_an_ineligible_selection_asks_which():
    view, actions = dealer_turn()
    order = hand_order(view)
    riichis = [Riichi(order[0]), Riichi(order[4])]
    async with prompted(update(view, list(actions) + riichis)) as (s, app, pilot):
        await pilot.press(TILE_KEYS[7], "r")  # a tile no riichi discards (unless same face)
        if kind_of(order[7]) not in {kind_of(order[0]), kind_of(order[4])}:
            await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
            await pilot.press("1")
        await until(pilot, lambda: s.acts)
    assert s.acts[0][1].type is A.RIICHI


async def test_kong_on_own_turn_by_selection():
    view, actions = dealer_turn()
    order = hand_order(view)
    ankan = Ankan(order[0], tuple(order[:4]))
    kakan = Kakan(order[6])
    async with prompted(update(view, list(actions) + [ankan, kakan])) as (s, app, pilot):
        await pilot.press(TILE_KEYS[6], "k")
        await until(pilot, lambda: s.acts)
    assert s.acts == [(1, kakan)]


async def test_void_suit_choice():
    view, _ = dealer_turn()
    voids = [DeclareVoid(x) for x in "mps"]
    async with prompted(update(view, voids)) as (s, app, pilot):
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("3")
        await until(pilot, lambda: s.acts)
    assert s.acts == [(1, DeclareVoid("s"))]


async def test_exchange_of_three_marked_tiles():
    view, _ = dealer_turn()
    order = hand_order(view)
    first = Exchange(tuple(order[0:3]))
    other = Exchange((order[0], order[1], order[3]))
    async with prompted(update(view, [first, other])) as (s, app, pilot):
        screen = app.screen
        await pilot.press(TILE_KEYS[0], TILE_KEYS[1], TILE_KEYS[5], TILE_KEYS[5], TILE_KEYS[3])  # 5 marked and unmarked
        assert screen.selection.marked == {order[0], order[1], order[3]}
        await pilot.press("e")
        await until(pilot, lambda: s.acts)
    assert s.acts == [(1, other)]


async def test_abort_by_key():
    view, actions = dealer_turn()
    async with prompted(update(view, list(actions) + [Abort()])) as (s, app, pilot):
        await pilot.press("z")
        await until(pilot, lambda: s.acts)
    assert s.acts == [(1, Abort())]


async def test_an_action_type_without_a_key_gets_a_number(monkeypatch):
    """The bar is generic: a type no group knows (here: abort, hidden from the specs) is on key 1."""
    specs = tuple(g for g in prompt_module.GROUP_SPECS if g.name != "abort")
    monkeypatch.setattr(prompt_module, "GROUP_SPECS", specs)
    monkeypatch.setattr(prompt_module, "KNOWN_TYPES", frozenset(t for g in specs for t in g.types) | {A.DISCARD})
    view, actions = dealer_turn()
    async with prompted(update(view, list(actions) + [Abort()])) as (s, app, pilot):
        assert " 1 abort" in screen_text(app)
        await pilot.press("z")
        await pilot.pause()
        assert not s.acts
        await pilot.press("1")
        await until(pilot, lambda: s.acts)
    assert s.acts == [(1, Abort())]


async def test_only_legal_discards_are_possible():
    """A prompt that allows one discard only (riichi, kuikae): other tiles are dimmed and Enter on them does nothing."""
    view, actions = dealer_turn()
    order = hand_order(view)
    only = [a for a in actions if a.type is A.DISCARD and kind_of(a.tile) == kind_of(order[-1])]
    async with prompted(update(view, only)) as (s, app, pilot):
        screen = app.screen
        target = next(i for i, t in enumerate(order) if kind_of(t) != kind_of(order[-1]))
        await pilot.press(TILE_KEYS[target], "enter")
        await pilot.pause()
        assert not s.acts
        assert target not in screen.hand.enabled
        await pilot.press(TILE_KEYS[len(order) - 1], "enter")
        await until(pilot, lambda: s.acts)
    assert s.acts == [(1, only[0])]


async def test_a_second_key_press_sends_nothing_more():
    view, actions = dealer_turn()
    async with prompted(update(view, actions)) as (s, app, pilot):
        await pilot.press("enter", "enter", "enter")
        await pilot.pause()
    assert len(s.acts) == 1


async def test_auto_pass_declines_calls_but_never_a_win():
    view = claim_view()
    mine = view["players"][0]["concealed"]
    pon = Pon(mine[0], tuple(mine[1:3]))
    s = FakeSession()
    async with table_app(s, auto_pass=True) as (app, pilot):
        s.send(update(view, [pon, Pass()]))
        await until(pilot, lambda: s.acts)
        assert s.acts == [(1, Pass())]
        s.send(update(view, [Ron(mine[0]), Pass()], prompt_id=2))
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.prompt is not None)
        await pilot.pause()
    assert len(s.acts) == 1


async def test_auto_win():
    view = claim_view()
    ron = Ron(view["players"][0]["concealed"][0])
    s = FakeSession()
    async with table_app(s, auto_win=True) as (app, pilot):
        s.send(update(view, [ron, Pass()]))
        await until(pilot, lambda: s.acts)
    assert s.acts == [(1, ron)]


async def test_auto_discard_after_riichi():
    view, actions = dealer_turn()
    view["extension"], view["dora_indicators"], view["table_sticks"] = "riichi", [], 0  # a riichi table's view
    view["riichi"] = [True, False, False, False]
    drawn = view["players"][0]["drawn"]
    s = FakeSession()
    async with table_app(s) as (app, pilot):
        s.send(update(view, actions))
        await until(pilot, lambda: s.acts)
    assert s.acts[0][1].type is A.DISCARD and kind_of(s.acts[0][1].tile) == kind_of(drawn)


async def test_toggles_by_function_key_are_saved():
    view = claim_view()
    mine = view["players"][0]["concealed"]
    s = FakeSession()
    async with table_app(s) as (app, pilot):
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert "auto-pass✗" in screen_text(app)
        await pilot.press("f3")
        await pilot.pause()
        assert app.settings.auto_pass and "auto-pass✓" in screen_text(app)
        s.send(update(view, [Pon(mine[0], tuple(mine[1:3])), Pass()]))
        await until(pilot, lambda: s.acts)
    assert s.acts == [(1, Pass())]


async def test_waits_are_shown_for_the_selected_discard():
    view, actions = dealer_turn()
    hand = parse_tiles("123m456p789s1122z3z")
    me = view["players"][0]
    me["concealed"], me["drawn"] = sorted(hand), hand[-1]
    discards = [Discard(t) for t in hand]
    async with prompted(update(view, discards)) as (s, app, pilot):
        assert "waits 東×2 南×2" in screen_text(app)  # each wait with the copies still unseen


async def test_warnings_and_variant_keys_are_shown():
    view, actions = dealer_turn()
    view = replace(view_from_wire({**view, "kong_money": 4}), extension=MixedFacts())
    s = FakeSession()
    async with table_app(s, size=(120, 40)) as (app, pilot):
        await open_prompt(s, app, pilot, update(view, actions))
        text = screen_text(app)
    assert "FURITEN" in text
    assert "dora 1m" in text
    assert "void characters" in text and "void dots" in text  # in words, on those seats' sides
    assert "riichi" in text
    assert "kong" not in text  # a key the table does not know is not shown as an internal value


async def test_prompt_deadline_shows_a_timer():
    view, actions = dealer_turn()
    async with prompted(update(view, actions, deadline=30)) as (s, app, pilot):
        assert "time 30s" in screen_text(app) or "time 29s" in screen_text(app)


async def test_chat_is_sent_and_shown():
    view, actions = dealer_turn()
    async with prompted(update(view, actions)) as (s, app, pilot):
        await pilot.press("slash", "h", "i", "enter")
        await until(pilot, lambda: s.chats)
        assert s.chats == ["hi"]
        assert not s.acts  # the letters went to the chat, not the hand
        s.send({"type": "chat", "from": "Across", "text": "good luck"})
        await until(pilot, lambda: "Across: good luck" in screen_text(app))


async def test_errors_from_the_host_are_shown():
    view, actions = dealer_turn()
    async with prompted(update(view, actions)) as (s, app, pilot):
        s.send({"type": "error", "code": "illegal", "message": "not your turn"})
        await until(pilot, lambda: "illegal: not your turn" in screen_text(app))


async def test_leaving_asks_first_then_closes_the_session():
    view, actions = dealer_turn()
    async with prompted(update(view, actions)) as (s, app, pilot):
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("1")
        await until(pilot, lambda: s.closed)
        await until(pilot, lambda: not isinstance(app.screen, TableScreen))


async def test_a_spectator_sees_no_hand_and_gets_no_prompt():
    match = basic_match(3)
    s = FakeSession(seat=None)
    async with table_app(s) as (app, pilot):
        s.send(update(match.view(None)))
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.view is not None)
        text = screen_text(app)
        assert "You to play" in text and "13▒" in text and "14▒" in text
        assert app.screen.hand.tiles == []
        await pilot.press("enter", "space")
        assert not s.acts


async def test_the_end_of_the_session_is_said():
    view, actions = dealer_turn()
    async with prompted(update(view, actions)) as (s, app, pilot):
        s.queue.put_nowait(None)  # the stream ends, as when the host goes away
        await until(pilot, lambda: "connection to the game closed" in screen_text(app))
        assert app.screen.prompt is None


async def test_without_red_fives_every_copy_of_a_five_may_be_discarded():
    # issue 15, item 12: the client's idea of a red five follows the view's rule facts
    view, actions = dealer_turn()
    assert view["rules"]["red_fives"] is False
    fives = [16, 17]  # id 16 is the red 5m only where red fives are played
    me = view["players"][0]
    me["concealed"] = sorted(parse_tiles("123m789p789s111z")[:12] + fives)
    me["drawn"] = None
    only_one = [Discard(17)]  # the engine lists one discard per face
    async with prompted(update(view, only_one)) as (s, app, pilot):
        hand = app.screen.hand
        assert {hand.tiles[i] for i in hand.enabled} == {16, 17}
