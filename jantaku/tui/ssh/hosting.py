"""``jantaku host --ssh PORT``: the SSH door beside the host's TCP port.

:mod:`jantaku.cli.host` adds :func:`add_ssh_arguments` to the ``host``
command's parser and awaits :func:`start_ssh_door` once the host listens.
Nothing here imports asyncssh until ``--ssh`` is given, so a plain host
never loads it.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import sys
from collections.abc import Callable
from typing import Any

from ...i18n import _, aligned

DEFAULT_SSH_PORT = 2222
SECRET_FILE = "ssh_identity_secret"
PLAYERS_DIR = "ssh-players"


def add_ssh_arguments(
    parser: argparse.ArgumentParser, *, port: Callable[[str], int] = int, count: Callable[[str], int] = int
) -> None:
    """The door's flags; ``port`` and ``count`` are the command line's checked value types."""
    group = parser.add_argument_group(_("SSH front door (docs/ssh.md)"))
    group.add_argument(
        "--ssh",
        type=port,
        metavar="PORT",
        help=_("also let players in with a plain `ssh -p PORT HOST` (e.g. {port}; 0: any free)").format(
            port=DEFAULT_SSH_PORT
        ),
    )
    group.add_argument(
        "--ssh-bind", default="0.0.0.0", metavar="ADDR", help=_("address of the SSH door (default: all)")
    )
    group.add_argument(
        "--password",
        metavar="PASS",
        help=_("SSH players need this password (or set JANTAKU_SSH_PASSWORD, or --password-file)"),
    )
    group.add_argument("--password-file", metavar="FILE", help=_("the SSH password is this file's first line"))
    group.add_argument(
        "--authorized-keys", metavar="FILE", help=_("only these SSH keys get in (OpenSSH authorized_keys format)")
    )
    group.add_argument(
        "--ssh-max-sessions",
        type=count,
        default=16,
        metavar="N",
        help=_("SSH players at once (default 16; each runs a client of ~17 MB)"),
    )


async def start_ssh_door(host: Any, args: argparse.Namespace) -> list[str]:
    """Open the door if ``--ssh`` was given; returns lines for the host's banner."""
    if getattr(args, "ssh", None) is None:
        return []
    if sys.platform == "win32":  # no pseudo-terminals to run the client on
        print(_("jantaku host: --ssh needs a Unix host (Linux, macOS, a Raspberry Pi)"), file=sys.stderr)
        await host.stop()
        raise SystemExit(2)
    try:
        gateway = await open_ssh_door(
            host,
            port=args.ssh,
            bind=args.ssh_bind,
            password=args.password,
            password_file=args.password_file,
            authorized_keys=args.authorized_keys,
            max_sessions=args.ssh_max_sessions,
        )
    except (OSError, ValueError) as exc:  # port taken, a key or password file missing or unreadable
        print(_("jantaku host: cannot open the SSH door: {error}").format(error=exc), file=sys.stderr)
        await host.stop()
        raise SystemExit(1) from None
    _stop_door_first_on_signals(host, gateway)
    where = "HOST" if args.ssh_bind in ("0.0.0.0", "::", "") else args.ssh_bind
    return [
        aligned(_("join over SSH:"), f"ssh -p {gateway.port} " + _("NAME") + f"@{where}"),
        "  " + aligned(_("SSH door:"), gateway.access.describe(), 20),
        "  " + aligned(_("SSH host key:"), gateway.host_key_fingerprint, 20),
    ]


async def open_ssh_door(
    host: Any,
    *,
    port: int = DEFAULT_SSH_PORT,
    bind: str = "0.0.0.0",
    password: str | None = None,
    password_file: str | None = None,
    authorized_keys: str | None = None,
    max_sessions: int = 16,
    client: list[str] | None = None,
    settings: Any = None,
):
    """Start an :class:`~.gateway.SshGateway` in front of ``host``; returns it (``await gateway.stop()``)."""
    from .access import Access, password_from
    from .gateway import GatewaySettings, SshGateway
    from .identity import load_or_create_secret
    from .launcher import ClientLauncher

    data = host.data_dir
    secret = load_or_create_secret(data / SECRET_FILE) if data is not None else _fresh_secret()
    launcher = ClientLauncher(host, secret, players_dir=None if data is None else data / PLAYERS_DIR, client=client)
    access = Access(password=password_from(password, password_file), authorized_keys=authorized_keys)
    gateway = SshGateway(
        launcher,
        data_dir=data,
        access=access,
        settings=settings or GatewaySettings(max_sessions=max_sessions),
        code_holds_seat=launcher.code_holds_seat,
    )
    launcher.adopt_keyless_homes(gateway.rejoin_codes.first_codes())  # from an older version's layout
    host.ssh_port = await gateway.start(port=port, bind=bind)
    return gateway


def _fresh_secret() -> bytes:
    import secrets

    return secrets.token_bytes(32)


def _stop_door_first_on_signals(host: Any, gateway: Any) -> None:
    """Ctrl-C or SIGTERM: close the door and end its games, then stop the host as usual."""

    async def stop() -> None:
        await gateway.stop()
        await host.stop()

    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, lambda: asyncio.ensure_future(stop()))
        except (NotImplementedError, RuntimeError):
            pass
