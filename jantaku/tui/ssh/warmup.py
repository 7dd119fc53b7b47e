"""What the session server (:mod:`.zygote`) runs once before it forks: the menu's first frame.

A forked session copies every shared page it writes to.  CPython 3.11 writes into a
function's code object the first times it runs it (a warm-up counter, then the
specialized bytecode) and fills Textual's caches (styles, colours, sizes) on the
first app.  Drawing the menu once, headless, in the server does that work there,
on shared pages, so that each session no longer copies those pages: 1.2 MB less
unshared memory per session (benchmarks/README.md).  Nothing of this app is left
for a child: it runs on its own event loop, with default settings (not the host
user's file), writes no file and leaves no thread behind.
"""

from __future__ import annotations

import asyncio

WARM_UP = f"{__name__}:draw_menu_once"  # the session server's ``--warm-up``
WARM_UP_SIZE = (100, 30)


def draw_menu_once() -> None:
    from ..app import JantakuApp
    from ..settings import Settings

    async def menu() -> None:
        app = JantakuApp(settings=Settings())
        async with app.run_test(size=WARM_UP_SIZE) as pilot:
            await pilot.pause()

    asyncio.run(menu())
