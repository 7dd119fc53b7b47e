"""A ``jantaku host --web 0`` in its own process, and HTTP helpers for it."""

from __future__ import annotations

import contextlib
import re
import signal
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from ..netplay.conftest import HANG, until

__all__ = ["HANG", "STAND_IN_GAME", "until"]

# A stand-in for the game (no Textual client): it plays until the door ends it (closes its stdin or kills it),
# however long a test on a busy machine takes.
STAND_IN_GAME = [sys.executable, "-c", "import sys; sys.stdin.buffer.read()"]


@dataclass
class Reply:
    status: int
    body: str
    cookie: str | None  # the Set-Cookie header's name=value, if any


def form_token_in(page: str) -> str:
    """The login form's token (the door takes the form only with it and its cookie)."""
    match = re.search(r'name="form_token" value="([^"]+)"', page)
    assert match, page
    return match.group(1)


class WebHost:
    """``jantaku host --web 0`` on 127.0.0.1; ``url`` is the address it printed (with ``?token=`` unless a password).

    With ``--ssh 0`` among the options, ``ssh_port`` is the SSH door's port.  ``env``: the host's
    environment (default: this process's).  ``log``: a file for its log (default: this process's
    stderr); ``preexec``: run in the child before the host starts (e.g. to set its limits).
    """

    def __init__(
        self,
        data: Path,
        *options: str,
        env: dict[str, str] | None = None,
        log: Path | None = None,
        preexec: Callable[[], None] | None = None,
    ):
        with contextlib.ExitStack() as files:
            stderr = files.enter_context(log.open("w")) if log is not None else None
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "jantaku", "host", "--port", "0", "--bind", "127.0.0.1", "--web", "0"]
                + ["--data", str(data), "--no-announce", "--log-level", "warning", *options],
                stdout=subprocess.PIPE,
                stderr=stderr,
                text=True,
                env=env,
                preexec_fn=preexec,
            )
        self.banner: list[str] = []
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.banner.append(line)
            if match := re.search(r"listening on 127\.0\.0\.1:(\d+)", line):
                self.tcp_port = int(match.group(1))
            if match := re.search(r"ssh -p (\d+)", line):  # with --ssh: printed before the web address
                self.ssh_port = int(match.group(1))
            if match := re.search(r"join in a browser: +(http://\S+)", line):
                self.url = match.group(1)
                parts = urllib.parse.urlsplit(self.url)
                self.base = f"{parts.scheme}://{parts.netloc}"
                self.token = urllib.parse.parse_qs(parts.query).get("token", [""])[0]
                return
        raise AssertionError(f"no web address in {self.banner}")

    def request(self, path: str, *, form: dict[str, str] | None = None, cookie: str | None = None) -> Reply:
        data = None if form is None else urllib.parse.urlencode(form).encode()
        req = urllib.request.Request(self.base + path, data=data)
        if cookie:
            req.add_header("Cookie", cookie)

        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args, **kwargs):
                return None

        opener = urllib.request.build_opener(NoRedirect)
        try:
            with opener.open(req, timeout=HANG) as r:
                status, body, headers = r.status, r.read().decode(), r.headers
        except urllib.error.HTTPError as e:
            status, body, headers = e.code, e.read().decode(), e.headers
        set_cookie = headers.get("Set-Cookie")
        return Reply(status, body, set_cookie.split(";", 1)[0] if set_cookie else None)

    def try_login(self, name: str, secret: str | None = None) -> Reply:
        """Open the login form, then post it (with the form's token and cookie) with ``secret``
        (default: the printed token)."""
        page = self.request("/")
        assert page.status == 401 and page.cookie, page
        form = {
            "name": name,
            "secret": self.token if secret is None else secret,
            "form_token": form_token_in(page.body),
        }
        return self.request("/login", form=form, cookie=page.cookie)

    def log_in(self, name: str, secret: str | None = None) -> str:
        """The identity cookie (name=value) after a good login."""
        reply = self.try_login(name, secret)
        assert reply.status == 303 and reply.cookie, reply
        return reply.cookie

    def stop(self) -> int:
        self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(HANG)


@pytest.fixture
def web_host():
    """``web_host(DATA, *options)``: a started :class:`WebHost`; any left running is killed after the test."""
    pytest.importorskip("textual_serve")
    started: list[WebHost] = []

    def start(data: Path, *options: str) -> WebHost:
        started.append(WebHost(data, *options))
        return started[-1]

    yield start
    for host in started:
        if host.proc.poll() is None:
            host.proc.kill()
            host.proc.wait(HANG)
