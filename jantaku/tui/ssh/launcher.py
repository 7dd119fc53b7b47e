"""What an SSH session runs: the normal ``jantaku`` client, wired to the host in this process.

For each session :class:`ClientLauncher` makes a socketpair.  One end goes to
the host, exactly like an accepted TCP connection but already vouched for:
the host logs it in as the player whose resume token the gateway derived
from the SSH identity (key fingerprint or rejoin code), so the same key gets
the same seats back.  The other end becomes descriptor 3 of
``jantaku join --fd 3``, which runs on the session's terminal.

Each player's client keeps its settings under the host's data directory
(``ssh-players/<id>/``; a keyless player's in ``ssh-players/keyless/<id>/``,
bounded by :class:`~.homes.KeylessHomes`), not in the host user's own
configuration.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import socket
import sys
from pathlib import Path
from typing import Any

from .homes import KEYLESS_DIR, KeylessHomes
from .identity import Identity, resume_token
from .terminal import Launch

log = logging.getLogger(__name__)

CLIENT_FD = 3


def home_name(token: str) -> str:
    """A player's home directory's name: their token, hashed (the token itself is a secret)."""
    return hashlib.sha256(token.encode()).hexdigest()[:16]


class ClientLauncher:
    """Launches ``jantaku join --fd 3`` for a session of ``host`` (a :class:`jantaku.netplay.host.Host`).

    ``client`` replaces the command (its ``--fd``/``--name`` arguments are
    still added): tests use it to run something lighter.
    """

    def __init__(self, host: Any, secret: bytes, *, players_dir: Path | None = None, client: list[str] | None = None):
        self.host = host
        self.secret = secret
        self.players_dir = players_dir
        self.keyless_homes = None if players_dir is None else KeylessHomes(players_dir / KEYLESS_DIR)
        self.client = client or [sys.executable, "-m", "jantaku", "join"]
        self._tasks: set[asyncio.Task] = set()

    def __call__(self, identity: Identity, term: str, size: tuple[int, int]) -> Launch:
        token = resume_token(self.secret, identity)
        home = self._home(identity, token)
        host_end, client_end = socket.socketpair()
        task = asyncio.ensure_future(self._serve(host_end, token, identity))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        if identity.rejoin_code and home is not None and self.keyless_homes is not None:
            keyless = self.keyless_homes
            keyless.opened(home)  # never swept while the session lasts
            # the client has left the host (or the door stopped): whatever it saved is there now
            task.add_done_callback(lambda _: keyless.closed(home))
        argv = [*self.client, "--fd", str(CLIENT_FD), "--name", identity.name]
        return Launch(argv, self._environment(identity, home), {CLIENT_FD: client_end})

    def _home(self, identity: Identity, token: str) -> Path | None:
        """Where this player's client keeps its settings (made by the client when it saves something)."""
        if self.players_dir is None:
            return None
        name = home_name(token)
        if identity.rejoin_code and self.keyless_homes is not None:
            return self.keyless_homes.path(name)
        return self.players_dir / name

    def adopt_keyless_homes(self, first_codes: list[str]) -> None:
        """Move the homes older versions kept for these keyless players beside the keyed players' into
        the keyless ones (bounded there), then sweep those."""
        if self.players_dir is None or self.keyless_homes is None:
            return
        for code in first_codes:
            name = home_name(resume_token(self.secret, Identity("", rejoin_code=code)))
            old, new = self.players_dir / name, self.keyless_homes.path(name)
            if old.is_dir() and not new.exists():
                new.parent.mkdir(parents=True, exist_ok=True)
                old.rename(new)
        self.keyless_homes.sweep()

    def code_holds_seat(self, code: str) -> bool:
        """Whether the keyless player with rejoin ``code`` holds a seat at a table or has played a
        match here (then the code must outlive any number of anonymous logins)."""
        found = self.host.store.player_by_token(resume_token(self.secret, Identity("", rejoin_code=code)))
        if found is None:
            return False
        player = self.host.players.get(found[0])
        if player is not None and self.host.lobby.tables_of(player):
            return True
        return self.host.store.has_played(found[0])

    async def _serve(self, sock: socket.socket, token: str, identity: Identity) -> None:
        try:
            reader, writer = await asyncio.open_connection(sock=sock)
        except OSError:
            sock.close()
            return
        # the host's per-address limits count the session under its player's address, not this process's
        await self.host.serve_stream(reader, writer, token=token, address=identity.address or None)

    def _environment(self, identity: Identity, home: Path | None) -> dict[str, str]:
        env = {"JANTAKU_SSH_NAME": identity.name}
        if identity.rejoin_code:
            env["JANTAKU_SSH_REJOIN_CODE"] = identity.rejoin_code  # so the client can show it
        if home is not None:
            env.update(
                XDG_CONFIG_HOME=str(home / "config"),
                XDG_DATA_HOME=str(home / "data"),
                XDG_STATE_HOME=str(home / "state"),
                XDG_CACHE_HOME=str(home / "cache"),
            )
        return env
