"""RateLimitedLog: one line per kind per interval, the held-back count with the next."""

from __future__ import annotations

import logging

from jantaku.netplay.ratelog import RateLimitedLog


def test_a_flood_is_one_line_per_interval_and_kind_with_the_count_after(caplog):
    now = [100.0]
    quiet = RateLimitedLog(logging.getLogger("test.ratelog"), 10.0, clock=lambda: now[0])
    with caplog.at_level(logging.WARNING, "test.ratelog"):
        for i in range(1000):
            quiet.warning("wrong", "wrong password from %s", f"addr{i}")
            quiet.warning("full", "door full")
        now[0] += 9.9
        quiet.warning("wrong", "wrong password from %s", "late")
        now[0] += 0.1
        quiet.warning("wrong", "wrong password from %s", "next")
        quiet.warning("wrong", "wrong password from %s", "held")
    lines = [r.getMessage() for r in caplog.records]
    assert lines == [
        "wrong password from addr0",
        "door full",
        "wrong password from next (and 1000 more like it in the last 10 s)",
    ]
