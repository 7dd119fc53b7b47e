"""The host's file descriptors: as many as the system allows, and a quiet log when they run out.

Every connection to every door is a descriptor.  :func:`raise_descriptor_limit` lifts the
process's soft limit to its hard limit at start (Linux's soft default, 1024, is what a
thousand idle sockets exhaust).  When they do run out all the same, asyncio logs each
failed ``accept`` with a traceback, up to a listening socket's backlog of them per try,
and retries every second: 49 MB of log in 25 s.  :func:`quiet_descriptor_errors` makes
the event loop log those once per interval, with a count (:class:`~.ratelog.RateLimitedLog`).
"""

from __future__ import annotations

import asyncio
import errno
import logging
import resource
from typing import Any

from .ratelog import RateLimitedLog

log = logging.getLogger(__name__)

OUT_OF_RESOURCES = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)
NO_LIMIT_CAP = 1 << 20  # a soft limit asked for when the hard limit is "unlimited"


def raise_descriptor_limit() -> int:
    """Lift the soft RLIMIT_NOFILE to the hard one; returns the soft limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = NO_LIMIT_CAP if hard == resource.RLIM_INFINITY else hard
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError) as exc:  # e.g. above the kernel's nr_open
            log.warning("could not raise the descriptor limit from %d to %d: %s", soft, wanted, exc)
    return soft


def is_out_of_descriptors(context: dict[str, Any]) -> bool:
    """Whether an event loop's error is a failed ``accept`` for want of descriptors (or memory)."""
    exc = context.get("exception")
    if isinstance(exc, OSError) and exc.errno in OUT_OF_RESOURCES:
        return True
    # after such a failure asyncio re-arms the listening socket once per failed accept; when the
    # server has closed meanwhile, each of those fails in turn ("Invalid file descriptor: -1")
    return isinstance(exc, ValueError) and "_start_serving" in repr(context.get("handle"))


def quiet_descriptor_errors(loop: asyncio.AbstractEventLoop, interval: float = 10.0) -> RateLimitedLog:
    """Have ``loop`` log running out of descriptors once per ``interval`` (others as before)."""
    quiet = RateLimitedLog(log, interval, clock=loop.time)

    def handle(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        if not is_out_of_descriptors(context):
            loop.default_exception_handler(context)
            return
        exc = context.get("exception")
        quiet.warning(
            f"descriptors:{type(exc).__name__}",
            "out of file descriptors: a door could not accept a connection (%s); it tries again each second",
            exc,
        )

    loop.set_exception_handler(handle)
    return quiet
