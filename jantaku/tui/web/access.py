"""Who may use the web door, and the cookie that keeps a browser's identity.

A door has one secret players type or carry: the host's ``--web-password``
or, without one, a random token in the URL the host prints (kept in the data
directory: the same at every start).  A browser that logged in gets a cookie
holding a random browser id and the player's name, signed with the host's
secret and the door's, so the same browser comes back as the same player (and
gets its seat back), nobody can forge another's cookie, and a new password or
token shuts out every cookie made with the old one.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass

from ...i18n import _

COOKIE_NAME = "jantaku_web"
COOKIE_MAX_AGE = 30 * 86400  # seconds a browser keeps its identity


@dataclass(frozen=True)
class WebAccess:
    """The one secret of a door: a password (``kind`` "password") or a URL token ("token")."""

    secret: str
    kind: str

    @classmethod
    def with_password(cls, password: str | None, token: str | None = None) -> WebAccess:
        """A password door, or (no password) a token door with ``token`` (default: a fresh random one)."""
        if password:
            return cls(password, "password")
        return cls(token or new_token(), "token")

    def accepts(self, given: str) -> bool:
        """Whether ``given`` is the secret (in constant time).

        >>> door = WebAccess("sesame", "password")
        >>> door.accepts("sesame"), door.accepts("sesam"), door.accepts("")
        (True, False, False)
        """
        return hmac.compare_digest(given.encode(), self.secret.encode())

    def describe(self) -> str:
        return _("password required") if self.kind == "password" else _("the token in the URL is the key")


@dataclass(frozen=True)
class BrowserIdentity:
    """A logged-in browser: its random id and the name its player chose."""

    browser_id: str
    name: str


class CookieSigner:
    """Makes and reads the identity cookie (``id.name.signature``, all URL-safe base64)."""

    def __init__(self, secret: bytes):
        self._secret = secret

    def _sign(self, payload: str) -> str:
        digest = hmac.new(self._secret, b"jantaku-web-cookie:" + payload.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")

    def make(self, who: BrowserIdentity) -> str:
        name = base64.urlsafe_b64encode(who.name.encode()).decode().rstrip("=")
        payload = f"{who.browser_id}.{name}"
        return f"{payload}.{self._sign(payload)}"

    def read(self, value: str | None) -> BrowserIdentity | None:
        """The identity in a cookie, or None if it is missing, malformed or not signed by us.

        >>> signer = CookieSigner(b"k" * 32)
        >>> cookie = signer.make(BrowserIdentity("abc", "Ann"))
        >>> signer.read(cookie)
        BrowserIdentity(browser_id='abc', name='Ann')
        >>> signer.read(cookie[:-1] + "x"), signer.read("junk"), CookieSigner(b"o" * 32).read(cookie)
        (None, None, None)
        >>> signer.read(cookie[:-1] + "é"), signer.read("é.é.é"), signer.read("a.b.c.d"), signer.read("..")
        (None, None, None, None)
        """
        # the cookie is the browser's to send: any text at all, so its shape is checked before anything
        if not value or not value.isascii() or value.count(".") != 2:
            return None
        browser_id, name, signature = value.split(".")
        if not browser_id or not hmac.compare_digest(signature.encode(), self._sign(f"{browser_id}.{name}").encode()):
            return None
        try:
            decoded = base64.urlsafe_b64decode(name + "=" * (-len(name) % 4)).decode()
        except (ValueError, UnicodeDecodeError):
            return None
        return BrowserIdentity(browser_id, decoded)


def new_token() -> str:
    """A random URL token for a door without a password (24 URL-safe characters)."""
    return secrets.token_urlsafe(18)


def new_browser_id() -> str:
    return secrets.token_urlsafe(16)


def cookie_key(secret: bytes, access: WebAccess) -> bytes:
    """The key the identity cookies are signed with: the data directory's ``secret`` and the
    door's own secret (its password, or its token), so a new password or a new token shuts out
    every browser that came in with the old one.  A token door keeps its token in the data
    directory (:func:`jantaku.tui.web.hosting.door_token`): its browsers keep their seats across
    restarts until the token is renewed.

    >>> a, b = WebAccess("pw", "password"), WebAccess("new", "password")
    >>> cookie_key(b"k", a) == cookie_key(b"k", a), cookie_key(b"k", a) == cookie_key(b"k", b)
    (True, False)
    >>> cookie_key(b"k", WebAccess("t1", "token")) == cookie_key(b"k", WebAccess("t2", "token"))
    False
    >>> cookie_key(b"k", WebAccess("same", "token")) == cookie_key(b"k", WebAccess("same", "password"))
    False
    """
    door = access.kind.encode() + b":" + access.secret.encode()
    return hmac.new(secret, b"jantaku-web-cookie-key:" + door, hashlib.sha256).digest()


FORM_COOKIE = "jantaku_form"
FORM_COOKIE_MAX_AGE = 86400  # seconds a login form stays good
FORM_FIELD = "form_token"
NONCE_SHAPE = re.compile(r"[A-Za-z0-9_-]{1,64}")


class LoginForms:
    """The login form's guard against other sites (CSRF): a random value in a cookie of its own
    (``SameSite=Strict``: a post from another site's page does not carry it) and that value's
    signature in the form (another site cannot read our page to copy it).  A post is taken only
    with both, matching.

    >>> forms = LoginForms(b"k" * 32)
    >>> nonce = forms.new_nonce()
    >>> forms.valid(nonce, forms.token_for(nonce)), forms.valid(nonce, ""), forms.valid(None, forms.token_for(nonce))
    (True, False, False)
    >>> forms.valid(forms.new_nonce(), forms.token_for(nonce)), forms.valid("é", "é")
    (False, False)
    """

    def __init__(self, secret: bytes):
        self._secret = secret

    @staticmethod
    def new_nonce() -> str:
        return secrets.token_urlsafe(16)

    @staticmethod
    def usable(nonce: str | None) -> bool:
        """Whether a form cookie is of our shape (the browser's to send: any text at all)."""
        return nonce is not None and NONCE_SHAPE.fullmatch(nonce) is not None

    def token_for(self, nonce: str) -> str:
        digest = hmac.new(self._secret, b"jantaku-login-form:" + nonce.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")

    def valid(self, nonce: str | None, token: str) -> bool:
        if nonce is None or not self.usable(nonce) or not token.isascii():
            return False
        return hmac.compare_digest(token.encode(), self.token_for(nonce).encode())
