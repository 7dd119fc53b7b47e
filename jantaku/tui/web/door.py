"""The web door's server: ``textual-serve``'s page and websocket bridge behind our own gate.

We build the aiohttp application ourselves rather than use
``textual_serve.server.Server``'s: it serves a directory listing of its
static files, a download route and the app's page to anyone.  Here a
middleware runs before every route and lets through only the login form to
a browser without our signed cookie; nothing but ``/``, ``/login``, ``/ws``
and the client's static files (no listing) exists.  Each websocket runs the
normal client, ``jantaku join --fd N``, on a socket the host already vouched
for (:class:`~jantaku.tui.ssh.launcher.ClientLauncher`, as the SSH door
does), speaking Textual's web driver protocol over its stdin and stdout.  The client
is forked by the door's warm session server (:mod:`.warm`) when it is there,
and started as a new process when not.
"""

from __future__ import annotations

import asyncio
import html
import logging
import math
import os
import urllib.parse
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import textual_serve
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

from ...engine.bounded import load_json
from ..ssh.identity import Identity, display_name
from ..ssh.launcher import ClientLauncher
from ...i18n import N_, gettext_in
from ..ssh.session import client_locale, session_language
from ..ssh.terminal import Launch
from ..ssh.warm import WarmStarter
from ...netplay.clock import Clock, LoopClock
from ...netplay.ratelog import RateLimitedLog
from .access import (
    COOKIE_MAX_AGE,
    COOKIE_NAME,
    FORM_COOKIE,
    FORM_COOKIE_MAX_AGE,
    FORM_FIELD,
    BrowserIdentity,
    CookieSigner,
    LoginForms,
    WebAccess,
    cookie_key,
    new_browser_id,
)
from .guard import ConnectionGuard, ConnectionLimits, GuardedProtocol, is_loopback
from .forwarded import IpAddress, client_address
from .page import FONTS_DIR, game_page
from .throttle import LoginLimits, LoginThrottle
from .warm import WEB_CLIENT_MODULES, fork_app, web_warm_enabled

log = logging.getLogger(__name__)

TEXTUAL_SERVE_DIR = Path(textual_serve.__file__).parent
TERM = "xterm-256color"
MAX_SIDE = 500  # columns or rows a browser may ask for


@dataclass(frozen=True)
class WebSettings:
    max_sessions: int = 16  # games running at once (each is a client process, as over SSH)
    max_per_ip: int = 4  # sessions from one address (loopback is not limited, as at the SSH door)
    idle_timeout: float = 1800.0  # a session without a keystroke this long is closed
    login_failure_delay: float = 1.0  # after a wrong password or token
    grace: float = 2.0  # a game told to quit gets this long before it is killed
    warm_sessions: bool = True  # fork games from a warm session server (warm.py) when the command allows
    warm_preload: tuple[str, ...] = WEB_CLIENT_MODULES  # what that server imports once for all sessions
    warm_restarts: int = 3  # restarts of a server that died, per minute; then every game is spawned
    # proxies whose X-Forwarded-For names the client (--web-trusted-proxy; forwarded.py)
    trusted_proxies: frozenset[IpAddress] = frozenset()
    connections: ConnectionLimits = ConnectionLimits()  # the HTTP connections' pool (guard.py)
    login: LoginLimits = LoginLimits()  # wrong passwords, per address and overall (throttle.py)


def terminal_side(value: object) -> int | None:
    """Columns or rows a browser asked for, within 10..MAX_SIDE; None if it is no finite number.

    It comes from the browser as it likes (a query string, a JSON resize message):

    >>> [terminal_side(v) for v in (120, "40", 2.5, -3, 10**9, float("inf"), float("nan"), "x", None, True, [80])]
    [120, 40, 10, 10, 500, None, None, None, None, None, None]
    """
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return None
    try:
        number = float(value)
    except ValueError:
        return None
    if not math.isfinite(number):
        return None
    return max(10, min(int(number), MAX_SIDE))


def _size(query: Any, key: str, default: int) -> int:
    side = terminal_side(query.get(key, default))
    return default if side is None else side


MAX_BROWSER_MESSAGE = 64 * 1024  # the websocket's own limit (max_msg_size)


def read_browser_message(text: Any) -> tuple[str, Any] | None:
    """The browser's ``[kind, data]`` envelope, or None for anything else (never raises: bounded JSON,
    a message nested 30,000 deep once ended a session with a RecursionError)."""
    try:
        envelope = load_json(text, max_bytes=MAX_BROWSER_MESSAGE, max_depth=8)
    except (ValueError, TypeError):
        return None
    if not (isinstance(envelope, list) and len(envelope) == 2 and isinstance(envelope[0], str)):
        return None
    return envelope[0], envelope[1]


def browser_locale(accept_language: str | None) -> str | None:
    """The browser's first language as a locale name (``de-DE,de;q=0.9`` -> ``de_DE``), checked as
    the SSH door checks a client's ``LANG``; the game is told it as ``LC_MESSAGES``.

    >>> browser_locale("de-DE,de;q=0.9,en;q=0.8"), browser_locale("en"), browser_locale("*"), browser_locale(None)
    ('de_DE', 'en', None, None)
    """
    if not accept_language:
        return None
    first = accept_language.split(",", 1)[0].split(";", 1)[0].strip().replace("-", "_")
    return client_locale({"LANG": first})


def request_language(request: web.Request) -> str:
    """The language the door answers ``request`` in: the browser's first, else English (as the game)."""
    return session_language(browser_locale(request.headers.get("Accept-Language")))


class ClientAppService(AppService):
    """textual-serve's bridge to one app process, for our client with its inherited socket."""

    def __init__(self, launch: Launch, starter: WarmStarter | None = None, **kwargs: Any):
        super().__init__("jantaku join", **kwargs)
        self.launch = launch
        self.starter = starter

    async def _open_app_process(self, width: int = 80, height: int = 24):  # type: ignore[override]
        env = self._build_environment(width=width, height=height)
        # the game gets none of the host's environment but what it needs (as at the SSH door)
        keep = {k: v for k, v in env.items() if k.startswith(("TEXTUAL", "TERM_PROGRAM")) or k in ("COLUMNS", "ROWS")}
        keep.update(TERM=TERM, LANG="C.UTF-8", PATH=os.environ.get("PATH", os.defpath))
        if "HOME" in os.environ:
            keep["HOME"] = os.environ["HOME"]
        keep.update(self.launch.env)
        if self.starter is not None:
            forked = await fork_app(self.starter, Launch(self.launch.argv, keep, self.launch.inherit))
            if forked is not None:
                assert forked.stdin is not None
                # what textual-serve and end() use of a Process: the streams, the pid, kill and wait
                self._process = process = cast(asyncio.subprocess.Process, forked)
                self._stdin = forked.stdin
                return process
        # the launcher names the child's descriptor; ours keeps its own number in the child
        fds = {n: (s if isinstance(s, int) else s.fileno()) for n, s in self.launch.inherit.items()}
        argv = [str(a) for a in self.launch.argv]
        for i, arg in enumerate(argv[:-1]):
            if arg == "--fd" and int(argv[i + 1]) in fds:
                argv[i + 1] = str(fds[int(argv[i + 1])])
        try:
            self._process = process = await asyncio.create_subprocess_exec(
                *argv,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                env=keep,
                pass_fds=tuple(fds.values()),
            )
        finally:
            self.launch.close_inherited()
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def end(self, grace: float) -> None:
        """Tell the game to quit; kill it if it has not after ``grace`` seconds."""
        process = self._process
        try:
            await asyncio.wait_for(self.stop(), grace)
        except (TimeoutError, ConnectionError):
            pass
        if process is not None and process.returncode is None:
            process.kill()
            await process.wait()


LOGIN_PAGE = """<!DOCTYPE html>
<html lang="{language}"><head><meta charset="utf-8"><title>Jantaku</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: sans-serif; background: #1e1e1e; color: #eee; max-width: 28em; margin: 4em auto">
<h1>Jantaku</h1>
<p>{message}</p>
<form method="post" action="/login" id="login">
<p><label>{your_name} <input name="name" id="name" maxlength="24" value="{name}" autofocus required></label></p>
{secret_field}
<input type="hidden" name="{form_field}" value="{form_token}">
<p><button type="submit">{sit_down}</button></p>
</form></body></html>
"""
WRONG_SECRET = {"password": N_("That password is not right."), "token": N_("That token is not right.")}
CROSS_SITE = N_("This form was sent from another site. Open the address the host printed and log in there.")
STALE_FORM = N_("This form has expired. Please try again.")
THROTTLED = N_("Too many wrong tries. Wait {seconds} s and try again.")


def from_this_site(request: web.Request) -> bool:
    """Whether a browser's request comes from one of our own pages (its ``Origin``, else its ``Referer``).

    Browsers send ``Origin`` with every form post and websocket; a request with neither is no
    browser's, and what guards the login then is its form token.
    """
    origin = request.headers.get("Origin")
    if origin is not None:
        return origin.split("://", 1)[-1] == request.host  # "null" (a sandboxed or file page) is not
    referer = request.headers.get("Referer")
    if referer is not None:
        return urllib.parse.urlsplit(referer).netloc == request.host
    return True


class WebDoor:
    """The door; ``await start(port, bind)``, ``await stop()``."""

    def __init__(
        self,
        launcher: Callable[[Identity, str, tuple[int, int]], Launch],
        access: WebAccess,
        cookie_secret: bytes,
        settings: WebSettings = WebSettings(),
        clock: Clock | None = None,
    ):
        self.launcher = launcher
        self.clock = clock  # the connections' timeouts (default: the event loop's)
        self.guard: ConnectionGuard | None = None
        self.access = access
        self.cookies = CookieSigner(cookie_key(cookie_secret, access))
        self.forms = LoginForms(cookie_key(cookie_secret, access))
        self.throttle = LoginThrottle(settings.login, self._now)
        self.quiet = RateLimitedLog(log, 60.0, clock=self._now)  # a brute force is a line a minute
        self.settings = settings
        self.port: int | None = None
        self.sessions: dict[ClientAppService, str] = {}  # running games: the browser's address
        self._runner: web.AppRunner | None = None
        self._downloads = DownloadManager()  # textual-serve's bridge wants one; nothing is ever served from it
        self.warm: WarmStarter | None = None  # the session server the games are forked from

    def _now(self) -> float:
        return self.clock.time() if self.clock is not None else asyncio.get_running_loop().time()

    # --- serving ------------------------------------------------------------------------------

    def make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._gate], client_max_size=64 * 1024)
        app.add_routes(
            [
                web.get("/", self._index),
                web.post("/login", self._login),
                web.get("/ws", self._websocket),
                web.static("/static", TEXTUAL_SERVE_DIR / "static", show_index=False, follow_symlinks=False),
                web.static("/fonts", FONTS_DIR, show_index=False, follow_symlinks=False),
            ]
        )
        return app

    async def start(self, port: int, bind: str = "127.0.0.1") -> int:
        s = self.settings
        if s.warm_sessions and web_warm_enabled():
            env = {"LANG": "C.UTF-8", "PATH": os.environ.get("PATH", os.defpath)}  # as the games get it
            if "HOME" in os.environ:
                env["HOME"] = os.environ["HOME"]
            self.warm = WarmStarter(preload=s.warm_preload, env=env, max_restarts=s.warm_restarts, door="web door")
            await self.warm.open()  # if it does not get ready, games start as new processes
        self._runner = web.AppRunner(self.make_app(), access_log=None, handle_signals=False)
        await self._runner.setup()
        self.guard = ConnectionGuard(s.connections, self.clock or LoopClock())
        site = GuardedSite(self._runner, self.guard, bind, port)
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]
        return self.port

    async def stop(self) -> None:
        await asyncio.gather(*(s.end(self.settings.grace) for s in list(self.sessions)), return_exceptions=True)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self.warm is not None:
            await self.warm.close()
            self.warm = None

    def url(self, where: str) -> str:
        """The address to open, with the token if the door has no password."""
        base = f"http://{where}:{self.port}/"
        return base if self.access.kind == "password" else f"{base}?token={self.access.secret}"

    def client_address(self, request: web.Request) -> str:
        """Where ``request`` comes from: its peer, or behind a trusted proxy the client it names."""
        forwarded = request.headers.getall("X-Forwarded-For", [])
        return client_address(request.remote or "", forwarded, self.settings.trusted_proxies)

    # --- the gate -----------------------------------------------------------------------------

    @web.middleware
    async def _gate(self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]):
        """Before any route: only the login form and its post without our cookie."""
        if self.guard is not None:
            self.guard.request_started(request.transport)
        try:
            return await self._gated(request, handler)
        finally:
            if self.guard is not None:
                self.guard.request_finished(request.transport)

    async def _gated(self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]):
        who = self.cookies.read(request.cookies.get(COOKIE_NAME))
        if who is None:
            if request.path == "/" and request.method in ("GET", "HEAD"):
                return self._login_page(request, status=401)
            if request.path == "/login" and request.method == "POST":
                return await handler(request)
            _ = gettext_in(request_language(request))
            raise web.HTTPUnauthorized(text=_("jantaku: log in first") + "\n")
        response = await handler(request)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("X-Frame-Options", "DENY")
        return response

    def _login_page(self, request: web.Request, *, status: int, message: str = "", name: str = "") -> web.Response:
        nonce = request.cookies.get(FORM_COOKIE)  # the same for every tab of one browser
        if nonce is None or not LoginForms.usable(nonce):
            nonce = LoginForms.new_nonce()
        language = request_language(request)
        _ = gettext_in(language)
        if self.access.kind == "password":
            label = html.escape(_("Password"))
            field = f'<p><label>{label} <input name="secret" id="secret" type="password" required></label></p>'
        else:
            token = html.escape(request.query.get("token", ""), quote=True)
            field = f'<input type="hidden" name="secret" id="secret" value="{token}">'
            if not token:
                message = message or _("Open the address the host printed (it carries the key, ?token=...).")
        text = LOGIN_PAGE.format(
            language=language,
            message=html.escape(message or _("Choose the name you play under.")),
            your_name=html.escape(_("Your name")),
            sit_down=html.escape(_("Sit down")),
            name=html.escape(name, quote=True),
            secret_field=field,
            form_field=FORM_FIELD,
            form_token=self.forms.token_for(nonce),
        )
        response = web.Response(text=text, status=status, content_type="text/html")
        response.set_cookie(FORM_COOKIE, nonce, max_age=FORM_COOKIE_MAX_AGE, httponly=True, samesite="Strict", path="/")
        return response

    async def _login(self, request: web.Request) -> web.StreamResponse:
        _ = gettext_in(request_language(request))
        addr = self.client_address(request)
        if not from_this_site(request):
            self.quiet.warning("cross-site", "web door: %s: a login posted from another site was refused", addr)
            raise web.HTTPForbidden(text="jantaku: " + _(CROSS_SITE) + "\n")  # and no cookie of any kind
        try:
            form = await asyncio.wait_for(request.post(), self.settings.connections.request_timeout)
        except TimeoutError:
            raise web.HTTPRequestTimeout(text=_("jantaku: the request took too long") + "\n") from None
        secret, name = str(form.get("secret", "")), str(form.get("name", ""))
        if not self.forms.valid(request.cookies.get(FORM_COOKIE), str(form.get(FORM_FIELD, ""))):
            return self._login_page(request, status=403, message=_(STALE_FORM), name=name)
        wait = self.throttle.wait(addr)  # checked and counted in one step: parallel tries queue up too
        if wait > 0:
            self.quiet.warning("throttled", "web door: %s: logins throttled after wrong tries", addr)
            seconds = math.ceil(wait)
            page = self._login_page(request, status=429, message=_(THROTTLED).format(seconds=seconds), name=name)
            page.headers["Retry-After"] = str(seconds)
            return page
        if not self.access.accepts(secret):
            self.throttle.failed(addr)
            self.quiet.warning("wrong", "web door: %s: wrong %s", addr, self.access.kind)
            await asyncio.sleep(self.settings.login_failure_delay)
            return self._login_page(request, status=403, message=_(WRONG_SECRET[self.access.kind]), name=name)
        self.throttle.succeeded(addr)
        earlier = self.cookies.read(request.cookies.get(COOKIE_NAME))
        browser_id = earlier.browser_id if earlier else new_browser_id()
        who = BrowserIdentity(browser_id, display_name(name, browser_id[:4]) or f"guest-{browser_id[:4]}")
        response = web.Response(status=303, headers={"Location": "/"})
        response.set_cookie(
            COOKIE_NAME, self.cookies.make(who), max_age=COOKIE_MAX_AGE, httponly=True, samesite="Strict", path="/"
        )
        return response

    # --- the game -------------------------------------------------------------------------------

    async def _index(self, request: web.Request) -> web.Response:
        scheme = "wss" if request.secure else "ws"
        page = game_page(
            f"{scheme}://{request.host}/ws", _size(request.query, "fontsize", 16), request_language(request)
        )
        return web.Response(text=page, content_type="text/html")

    def _refusal(self, addr: str) -> str | None:
        """Why a new session is refused (a msgid: the log keeps it in English, the browser gets its language)."""
        if len(self.sessions) >= self.settings.max_sessions:
            return N_("this jantaku host has as many web players as it takes; try again in a little while")
        if not is_loopback(addr) and Counter(self.sessions.values())[addr] >= self.settings.max_per_ip:
            return N_("too many sessions from your address")
        return None

    async def _websocket(self, request: web.Request) -> web.StreamResponse:
        _ = gettext_in(request_language(request))
        if not from_this_site(request):
            raise web.HTTPForbidden(text=_("jantaku: wrong origin") + "\n")  # another site's page using our cookie
        addr = self.client_address(request)
        refusal = self._refusal(addr)
        if refusal is not None:
            log.warning("web door: %s: %s", addr, refusal)
            raise web.HTTPServiceUnavailable(text="jantaku: " + _(refusal) + "\n")
        who = self.cookies.read(request.cookies.get(COOKIE_NAME))
        assert who is not None  # the gate let it through
        size = (_size(request.query, "width", 80), _size(request.query, "height", 24))
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=64 * 1024)
        await websocket.prepare(request)
        launch = self.launcher(Identity(who.name, fingerprint=f"web:{who.browser_id}", address=addr), TERM, size)
        locale = browser_locale(request.headers.get("Accept-Language"))
        if locale is not None:
            launch.env = {**launch.env, "LC_MESSAGES": locale}  # the player's language, as the browser says it
        service = ClientAppService(
            launch,
            self.warm,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,
            download_manager=self._downloads,
        )
        self.sessions[service] = addr
        try:
            await service.start(*size)
            log.info("web door: %s (%s) started a game", who.name, addr)
            await self._bridge(websocket, service)
        except Exception:
            log.exception("web door: %s: the session failed", who.name)
        finally:
            self.sessions.pop(service, None)
            await service.end(self.settings.grace)
            await websocket.close()
        return websocket

    async def _bridge(self, websocket: web.WebSocketResponse, service: ClientAppService) -> None:
        """Browser to game, until either ends or the player has been idle too long."""
        loop = asyncio.get_running_loop()
        last_input = loop.time()
        while not websocket.closed:
            left = self.settings.idle_timeout - (loop.time() - last_input)
            if left <= 0:
                log.info("web door: an idle session was closed")
                return
            try:
                message = await websocket.receive(timeout=left)
            except TimeoutError:
                continue
            if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
                return
            if message.type != WSMsgType.TEXT:
                continue
            envelope = read_browser_message(message.data)
            if envelope is None:
                continue  # not the client's envelope: ignore it
            kind, data = envelope
            if kind == "stdin" and isinstance(data, str):
                last_input = loop.time()
                await service.send_bytes(data.encode())
            elif kind == "resize" and isinstance(data, dict):
                width, height = terminal_side(data.get("width")), terminal_side(data.get("height"))
                if width is not None and height is not None:  # else not a size: ignored
                    last_input = loop.time()
                    await service.set_terminal_size(width, height)
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await service.blur()
            elif kind == "focus":
                await service.focus()


class GuardedSite(web.TCPSite):
    """aiohttp's TCP site with each connection admitted by the door's :class:`ConnectionGuard` first."""

    def __init__(self, runner: web.AppRunner, guard: ConnectionGuard, host: str, port: int):
        super().__init__(runner, host, port)
        self.guard = guard

    async def start(self) -> None:
        await web.BaseSite.start(self)  # registers with the runner (TCPSite.start would open its own server)
        server = self._runner.server
        assert server is not None
        guard = self.guard
        self._server = await asyncio.get_running_loop().create_server(
            lambda: GuardedProtocol(server(), guard),
            self._host,
            self._port,
            backlog=self._backlog,
            reuse_address=self._reuse_address,
        )


def open_web_door(
    host: Any,
    secret: bytes,
    access: WebAccess,
    *,
    players_dir: Path | None = None,
    client: list[str] | None = None,
    settings: WebSettings = WebSettings(),
) -> WebDoor:
    """A door for ``host`` (a :class:`jantaku.netplay.host.Host`); ``await door.start(port, bind)``."""
    launcher = ClientLauncher(host, secret, players_dir=players_dir, client=client)
    return WebDoor(launcher, access, secret, settings)
