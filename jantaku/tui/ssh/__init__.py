"""The SSH front door: ``jantaku host --ssh PORT`` serves the game to any ``ssh`` client.

Each SSH session that asks for a terminal gets its own game process (the
normal ``jantaku`` client) on a pseudo-terminal of its own; a UI that hangs
or crashes costs that player their screen, never the host.  The pieces:

* :mod:`.gateway` — :class:`SshGateway`: the listener, admission and caps;
* :mod:`.server` — one connection: authentication and identity;
* :mod:`.session` — one session: the game and nothing else (no shell, exec,
  sftp or forwarding);
* :mod:`.terminal` — a process on a pty that is its controlling terminal;
* :mod:`.warm`, :mod:`.zygote` — the warm session server that forks those
  processes with Textual already imported (spawning a new one is the fallback);
* :mod:`.access`, :mod:`.identity`, :mod:`.hostkey` — who may come in, who
  they are, and the host key kept across restarts.

* :mod:`.launcher`, :mod:`.hosting` — the real client wired to the host,
  and the ``--ssh`` options of ``jantaku host``.

Only this package imports asyncssh, and only when one of the names below is
first used: a host without ``--ssh`` never loads it.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "Access": "access",
    "GatewaySettings": "gateway",
    "SshGateway": "gateway",
    "command_launcher": "gateway",
    "Identity": "identity",
    "Launch": "terminal",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{_EXPORTS[name]}", __name__), name)
