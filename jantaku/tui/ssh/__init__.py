"""The SSH front door: ``jantaku host --ssh PORT`` serves the game to any ``ssh`` client.

Each SSH session that asks for a terminal gets its own game process (the
normal ``jantaku`` client) on a pseudo-terminal of its own; a UI that hangs
or crashes costs that player their screen, never the host.  The pieces:

* :mod:`.gateway` — :class:`SshGateway`: the listener, admission and caps;
* :mod:`.server` — one connection: authentication and identity;
* :mod:`.session` — one session: the game and nothing else (no shell, exec,
  sftp or forwarding);
* :mod:`.terminal` — a process on a pty that is its controlling terminal;
* :mod:`.access`, :mod:`.identity`, :mod:`.hostkey` — who may come in, who
  they are, and the host key kept across restarts.

This package imports asyncssh; nothing outside it does, so a host without
``--ssh`` never loads it.
"""

from .access import Access
from .gateway import GatewaySettings, SshGateway, command_launcher
from .identity import Identity
from .terminal import Launch

__all__ = ["Access", "GatewaySettings", "Identity", "Launch", "SshGateway", "command_launcher"]
