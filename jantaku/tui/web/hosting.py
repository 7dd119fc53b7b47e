"""``jantaku host --web PORT``: the web door beside the host's TCP port.

:mod:`jantaku.cli.host` adds :func:`add_web_arguments` to the ``host``
command's parser and awaits :func:`start_web_door` once the host listens.
aiohttp and textual-serve (the ``jantaku[web]`` extra) load only then.
"""

from __future__ import annotations

import argparse
import ipaddress
import secrets
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...i18n import N_, _, aligned

SECRET_FILE = "web_identity_secret"
PLAYERS_DIR = "web-players"
INSTALL_HINT = N_("jantaku host: --web needs the web extra: pip install 'jantaku[web]'")


def add_web_arguments(
    parser: argparse.ArgumentParser, *, port: Callable[[str], int] = int, count: Callable[[str], int] = int
) -> None:
    group = parser.add_argument_group(_("web door (docs/web.md)"))
    group.add_argument(
        "--web",
        type=port,
        metavar="PORT",
        help=_("also serve the game to browsers on this port (e.g. 8080; 0: any free)"),
    )
    group.add_argument(
        "--web-bind", default="127.0.0.1", metavar="ADDR", help=_("address of the web door (default 127.0.0.1)")
    )
    group.add_argument(
        "--web-password", metavar="PASS", help=_("browsers need this password (default: a random token in the URL)")
    )
    group.add_argument("--web-password-file", metavar="FILE", help=_("the web password is this file's first line"))
    group.add_argument(
        "--web-max-sessions", type=count, default=16, metavar="N", help=_("browser players at once (default 16)")
    )
    group.add_argument(
        "--web-trusted-proxy",
        action="append",
        default=[],
        type=_proxy_address,
        metavar="ADDR",
        help=_(
            "a reverse proxy in front of the web door (repeatable): from it, the client's address is taken"
            " from X-Forwarded-For, for the per-address limits and the log"
        ),
    )
    group.add_argument(
        "--web-idle-timeout",
        type=count,
        default=30,
        metavar="MIN",
        help=_("close a browser session after this many minutes without a keystroke (default 30)"),
    )


def _proxy_address(text: str) -> str:
    """``--web-trusted-proxy``'s value: an IP address (a name could change what it names)."""
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        raise argparse.ArgumentTypeError(_("{address} is not an IP address").format(address=repr(text))) from None


def _password(args: argparse.Namespace) -> str | None:
    if args.web_password_file:
        text = Path(args.web_password_file).read_text(encoding="utf-8").splitlines()
        if not text or not text[0]:
            raise ValueError(_("{file}: the first line (the password) is empty").format(file=args.web_password_file))
        return text[0]
    return args.web_password


def _secret(data: Path | None) -> bytes:
    if data is None:
        return secrets.token_bytes(32)
    from ..ssh.identity import load_or_create_secret

    return load_or_create_secret(data / SECRET_FILE)


async def start_web_door(host: Any, args: argparse.Namespace) -> tuple[Any, list[str]]:
    """Open the door if ``--web`` was given; returns it (or None) and lines for the host's banner."""
    if getattr(args, "web", None) is None:
        return None, []
    try:
        from .door import WebSettings, open_web_door
    except ImportError:
        print(_(INSTALL_HINT), file=sys.stderr)
        await host.stop()
        raise SystemExit(2) from None
    from .access import WebAccess
    from .forwarded import trusted_proxies

    try:
        access = WebAccess.with_password(_password(args))
        data = host.data_dir
        door = open_web_door(
            host,
            _secret(data),
            access,
            players_dir=None if data is None else data / PLAYERS_DIR,
            settings=WebSettings(
                max_sessions=args.web_max_sessions,
                idle_timeout=args.web_idle_timeout * 60.0,
                trusted_proxies=trusted_proxies(args.web_trusted_proxy),
            ),
        )
        await door.start(args.web, args.web_bind)
    except (OSError, ValueError) as exc:
        print(_("jantaku host: cannot open the web door: {error}").format(error=exc), file=sys.stderr)
        await host.stop()
        raise SystemExit(1) from None
    where = "HOST" if args.web_bind in ("0.0.0.0", "::", "") else args.web_bind
    return door, [
        aligned(_("join in a browser:"), door.url(where)),
        "  " + aligned(_("web door:"), access.describe(), 20),
    ]
