"""``jantaku host --web PORT``: the web door beside the host's TCP port.

:mod:`jantaku.cli.host` adds :func:`add_web_arguments` to the ``host``
command's parser and awaits :func:`start_web_door` once the host listens.
aiohttp and textual-serve (the ``jantaku[web]`` extra) load only then.
"""

from __future__ import annotations

import argparse
import contextlib
import ipaddress
import logging
import os
import re
import secrets
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...i18n import N_, _, aligned

log = logging.getLogger(__name__)

SECRET_FILE = "web_identity_secret"
TOKEN_FILE = "web_token"  # a token door's token, kept so its address and its browsers' cookies outlive a restart
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{16,128}")  # URL-safe, as new_token() makes them
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
        "--web-new-token",
        action="store_true",
        help=_("make a new random token for the printed address (the old address and its browsers are shut out)"),
    )
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


def door_token(data: Path | None, *, renew: bool = False) -> str:
    """A token door's token: the one kept in ``data`` (``web_token``), else (none, ``renew``,
    or a file that cannot be read or holds no token: a warning) a new random one, kept there
    (mode 0600, written whole or not at all).  Without a data directory: a new one every time.
    Failing to keep it is an :class:`OSError` (a renewed token that is not kept would let the
    old one back in at the next start).
    """
    from .access import new_token

    if data is None:
        return new_token()
    path = data / TOKEN_FILE
    if not renew:
        try:
            kept = path.read_bytes()
        except FileNotFoundError:
            pass
        except OSError as exc:
            log.warning("web door: cannot read %s (%s); a new token is made", path, exc.strerror or exc)
        else:
            token = kept.decode("ascii", "replace").strip()
            if TOKEN_SHAPE.fullmatch(token):
                return token
            log.warning("web door: %s holds no token; a new token is made", path)
    token = new_token()
    _write_private(path, token + "\n")
    return token


def _write_private(path: Path, text: str) -> None:
    """``text`` into ``path`` (mode 0600) through a temporary file beside it: whole or not at all."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)  # mode 0600
    try:
        with os.fdopen(fd, "w", encoding="ascii") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


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
        password = _password(args)
        if password and args.web_new_token:
            raise ValueError(_("--web-new-token is for a door without a password"))
        data = host.data_dir
        token = None if password else door_token(data, renew=args.web_new_token)
        access = WebAccess.with_password(password, token)
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
