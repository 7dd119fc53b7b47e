"""What the review calls a mistake, how it names seats, and a record it refuses (issue #30, item 4)."""

from __future__ import annotations

import dataclasses
import json
import re

from jantaku.cli import main
from jantaku.engine.review import ReviewError, review_match
from jantaku.tui.reviewtext import format_review

from .played import played, reviewed

MIXED = ("easy", "strong", "normal", "strong")
NAMES = ["Ann", "Bo", "Cy", "Di"]


def test_a_choice_as_good_as_the_bots_is_a_match():
    review = reviewed("riichi", 3, MIXED, 0)  # seed 3 gives seat 0 a discard of the same figures as the bot's
    ties = []
    for entry in review.entries:
        wanted, done = entry.candidate(entry.expected), entry.candidate(entry.actual)
        if entry.actual != entry.expected and wanted and done and abs(wanted.score - done.score) < 0.005:
            ties.append(entry)
    assert ties, "the seed no longer gives a discard as good as the bot's"
    assert all(e.is_equal for e in ties)
    assert all(abs(e.loss) >= 0.005 for _, e in review.mistakes())
    assert "loss 0.00" not in format_review(review, NAMES)
    assert review.matches == sum(e.is_equal for e in review.entries) and review.matches > sum(
        e.actual == e.expected for e in review.entries
    )


def test_seats_are_named_by_name_and_wind_everywhere():
    review = reviewed("riichi", 11, MIXED, 0)
    text = format_review(review, NAMES)
    assert text.startswith("Review of Ann (East) in riichi")
    assert not re.search(r"\bseat \d", text), "a seat by number"
    assert re.search(r"danger [\d.]+: (Bo|Cy|Di) \((East|South|West|North)\) ", text)
    # the winds follow the deal: in the second hand (Bo deals) Bo is East
    second = next(k for k in review.kyokus if k.kyoku == 1)
    lines = "\n".join(format_review(dataclasses.replace(review, kyokus=(second,)), NAMES).splitlines()[3:])
    assert "Bo (South)" not in lines and ("Bo (East)" in lines or "Bo" not in lines)
    assert "Ann (North)" in lines or "Ann" not in lines


def test_a_record_without_the_seats_decisions_is_refused(capsys, tmp_path):
    empty = dataclasses.replace(played("riichi", 11, MIXED), decisions=[])
    try:
        review_match(empty, 0, "strong")
    except ReviewError as refused:
        assert "there is nothing to review" in str(refused)
    else:
        raise AssertionError("an empty record was reviewed")
    path = tmp_path / "empty.json"
    path.write_text(json.dumps(empty.to_wire()))
    assert main(["review", str(path), "--seat", "2"]) == 1
    err = capsys.readouterr().err
    assert err == ("jantaku review: seat 2 made no decision with a choice in this record: there is nothing to review\n")
