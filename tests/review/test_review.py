"""The review of a seat's decisions: the bot's own choices, its figures, every variant (issue 17, item 4)."""

from __future__ import annotations

import json

import pytest

from jantaku.engine.actions import Action
from jantaku.engine.analyzer import analyze_json
from jantaku.engine.bots import get_bot
from jantaku.engine.match import Match
from jantaku.engine.review import review_match
from jantaku.tui.reviewtext import format_review
from jantaku.engine.review.reasons import action_text
from jantaku.engine.tiles import kind_str, parse_kinds

from .played import VARIANTS, played, reviewed

STRONG = ("strong",) * 4
MIXED = ("easy", "strong", "normal", "strong")


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_bot_reviewing_its_own_seat_matches_every_decision(variant):
    review = reviewed(variant, 3, STRONG, 1)
    assert len(review.entries) > 20
    assert review.match_rate == 1.0 and not review.mistakes()
    assert all(e.is_equal and e.loss == 0 and e.expected == e.actual for e in review.entries)


def test_every_expected_move_is_the_bots_choice_at_that_decision():
    record = played("riichi", 11, MIXED)
    review = review_match(record, 0, "strong")
    by_decision = {e.decision: e for e in review.entries}
    # walk the match again, asking a fresh strong bot at each of seat 0's decisions with a choice
    bot, match, asked = get_bot("strong"), Match.replay(record, upto=0), 0
    for index, (seat, wire) in enumerate(record.decisions):
        actions = match.pending().get(seat, ())
        if seat == 0 and match.phase == "play" and len(actions) > 1:
            view = match.view(0)
            expected = action_text(bot.choose(view, actions), view)
            entry = by_decision[index]
            assert entry.expected.split(", then")[0] == expected, index
            assert entry.actual.split(", then")[0] == action_text(Action.from_wire(wire), view)
            asked += 1
        match.act(seat, Action.from_wire(wire))
    assert asked == len(review.entries) > 20
    assert 0 < review.match_rate < 1  # the easy bot plays differently: the review shows where


def test_the_reasons_useful_tile_counts_equal_jantaku_analyze_on_that_hand():
    review = reviewed("riichi", 11, MIXED, 0)
    compared = 0
    for entry in review.entries:
        discards = [c for c in entry.details if c.action.startswith("discard ")]
        if not discards:
            continue
        analysis = analyze_json({"hand": entry.hand, "seen": entry.seen})
        assert "error" not in analysis, (entry.hand, analysis)
        by_kind = {d["discard"]: d for d in analysis["discards"]}
        for c in discards:
            kind = kind_str(parse_kinds(c.action.split()[1])[0])
            assert [u.tile for u in c.useful] == by_kind[kind]["useful"], (entry.hand, c.action)
            assert c.useful_unseen == by_kind[kind]["remaining"], (entry.hand, c.action)
            assert c.shanten == by_kind[kind]["shanten"]
            compared += 1
    assert compared > 200


def test_mistakes_come_biggest_first_and_the_text_says_so():
    review = reviewed("riichi", 11, MIXED, 0)
    losses = [e.loss for _, e in review.mistakes()]
    assert losses and losses == sorted(losses, reverse=True)
    text = format_review(review, ["Ann", "Bo", "Cy", "Di"])
    assert text.startswith("Review of Ann (East) in riichi, by the strong bot")
    assert f"match rate {review.match_rate:.1%}" in text and "Biggest mistakes" in text
    first = review.mistakes()[0][1]
    assert f"played {first.actual}, strong would play {first.expected}" in text


@pytest.mark.parametrize(
    "variant, sign",
    [
        ("riichi", "genbutsu"),  # a riichi player's own discard
        ("riichi", "suji"),
        ("classical", "its melds show"),  # exposed-set signs
        ("hongkong", "its melds show"),
        ("sichuan", "void in"),  # a void suit
    ],
)
def test_a_review_runs_in_every_variant_with_its_danger_signs(variant, sign):
    review = reviewed(variant, 11, MIXED, 0)
    assert review.entries and 0 < review.match_rate <= 1
    signs = [s for e in review.entries for c in e.details for o in c.danger.opponents for s in o.signs]
    assert any(sign in s for s in signs), variant


def test_the_json_has_mjai_reviewers_shape():
    review = reviewed("riichi", 11, MIXED, 0)
    data = json.loads(json.dumps(review.to_json()))
    assert data["match_rate"] == round(review.match_rate, 4) and data["seat"] == 0 and data["bot"] == "strong"
    kyoku = data["kyokus"][0]
    assert {"kyoku", "honba", "entries"} <= set(kyoku)
    entry = kyoku["entries"][0]
    expected_keys = {
        "junme",
        "tiles_left",
        "tile",
        "expected",
        "actual",
        "is_equal",
        "details",
        "shanten",
        "at_furiten",
    }
    assert expected_keys <= set(entry)
    detail = entry["details"][0]
    assert {"action", "shanten", "useful", "value", "danger"} <= set(detail)
    assert all(set(u) == {"tile", "unseen"} for u in detail["useful"])
    assert {"tile", "total", "opponents"} == set(detail["danger"])
    assert sum(len(k["entries"]) for k in data["kyokus"]) == data["decisions"]


def test_a_seat_out_of_range_and_a_damaged_record_are_one_line_errors():
    from jantaku.engine.review import ReviewError

    record = played("riichi", 3, STRONG)
    with pytest.raises(ReviewError, match="seat 4 is out of range"):
        review_match(record, 4)
    damaged = type(record)(record.ruleset, record.preset, record.options, record.seed, list(record.decisions))
    seat, wire = damaged.decisions[5]
    damaged.decisions[5] = (seat, ["discard", 135 if wire[1] != 135 else 134, [], None])
    with pytest.raises(ReviewError, match="decision 5 by seat") as caught:
        review_match(damaged, 0)
    assert "\n" not in str(caught.value)
