"""The host's descriptors: the soft limit raised to the hard one, running out logged without a flood."""

from __future__ import annotations

import asyncio
import errno
import logging
import resource

from jantaku.netplay.descriptors import quiet_descriptor_errors, raise_descriptor_limit


def test_the_soft_descriptor_limit_is_raised_to_the_hard_one():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    lower = 256 if hard == resource.RLIM_INFINITY else min(256, hard)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (lower, hard))
        now = raise_descriptor_limit()
        assert resource.getrlimit(resource.RLIMIT_NOFILE)[0] == now
        assert now > lower or hard == lower
        if hard != resource.RLIM_INFINITY:
            assert now == hard
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_running_out_of_descriptors_is_logged_once_per_interval(caplog):
    async def flood() -> None:
        loop = asyncio.get_running_loop()
        quiet_descriptor_errors(loop, interval=3600.0)
        for _ in range(500):  # what asyncio's accept loop reports, a backlog's worth a second
            loop.call_exception_handler(
                {
                    "message": "socket.accept() out of system resource",
                    "exception": OSError(errno.EMFILE, "Too many open files"),
                }
            )
        loop.call_exception_handler({"message": "something else", "exception": RuntimeError("other")})

    with caplog.at_level(logging.WARNING):
        asyncio.run(flood())
    descriptors = [r for r in caplog.records if "out of file descriptors" in r.getMessage()]
    assert len(descriptors) == 1 and descriptors[0].exc_info is None  # no traceback either
    assert any("something else" in r.getMessage() for r in caplog.records)  # other errors as before
