"""The messages a client may send, as data: each field's type and bounds.

The host checks every request here before acting on it, so handlers see
clean values; anything else is answered with a ``bad_request`` error.

    >>> check_request({"type": "join", "table": 3})
    {'type': 'join', 'table': 3, 'seat': None, 'ref': None}
    >>> check_request({"type": "join", "table": "3"})
    Traceback (most recent call last):
    ...
    jantaku.netplay.protocol.RequestError: bad_request: join: 'table' must be a whole number in 0..2147483647
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..playertext import clean_player_text
from .protocol import ErrorCode, RequestError
from .texts import HostText

Check = Callable[[str, Any], Any]  # (field name, value) -> cleaned value; raises ValueError
_MISSING = object()
MAX_ID = 2**31 - 1


def integer(lo: int = 0, hi: int = MAX_ID) -> Check:
    def check(name: str, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise ValueError(f"{name!r} must be a whole number in {lo}..{hi}")
        return value

    return check


def _printable(value: str) -> str:
    return "".join(ch for ch in value if ch.isprintable()).strip()


def text(lo: int = 0, hi: int = 64, *, clean: Callable[[str], str] = _printable, kind: str = "printable") -> Check:
    """Text of ``lo..hi`` characters once ``clean`` has read it (``kind`` says what they are in an error)."""

    def check(name: str, value: Any) -> str:
        if not isinstance(value, str):
            raise ValueError(f"{name!r} must be text")
        value = clean(value)
        if not lo <= len(value) <= hi:
            raise ValueError(f"{name!r} must be {lo}..{hi} {kind} characters")
        return value

    return check


def player_text(lo: int = 0, hi: int = 64) -> Check:
    """Text a player wrote that others will read (a name, a table's name, chat): cleaned by the one
    rule for player text (:func:`jantaku.playertext.clean_player_text`), then held to ``lo..hi``
    characters; too long is refused, not cut, so nobody's words are changed unseen.

    >>> player_text(1, 24)("name", " Ann\\x1b[31m\\u202e ")
    'Ann[31m'
    """
    return text(lo, hi, clean=lambda value: clean_player_text(value, limit=hi + 1), kind="visible")


def boolean(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{name!r} must be true or false")
    return value


def flat_map(max_items: int = 32) -> Check:
    """A map of short names to scalars or lists of scalars (ruleset options)."""
    scalar = (bool, int, float, str, type(None))

    def check(name: str, value: Any) -> dict[str, Any]:
        if not isinstance(value, dict) or len(value) > max_items:
            raise ValueError(f"{name!r} must be a map of at most {max_items} entries")
        for key, item in value.items():
            if not isinstance(key, str) or len(key) > 64:
                raise ValueError(f"{name!r} keys must be names")
            if not (isinstance(item, scalar) or (isinstance(item, list) and all(isinstance(x, scalar) for x in item))):
                raise ValueError(f"{name}.{key} must be a number, text, true/false or a list of them")
        return value

    return check


def wire_list(name: str, value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"{name!r} must be a list")
    return value


def optional(check: Check) -> Check:
    def maybe(name: str, value: Any) -> Any:
        return None if value is None else check(name, value)

    maybe.optional = True  # type: ignore[attr-defined]
    return maybe


TABLE = integer()
SEAT = integer(0, 3)

# type -> {field: check}; optional fields default to None
REQUESTS: dict[str, dict[str, Check]] = {
    "hello": {
        "protocol": integer(0, 1 << 16),
        "name": player_text(1, 24),
        "token": optional(text(1, 64)),
        "client": optional(text(0, 64)),
    },
    "list": {
        "watch": optional(boolean),
        "changes": optional(boolean),
        "after": optional(TABLE),
        "limit": optional(integer(1, 1000)),
    },
    "create": {
        "ruleset": text(1, 32),
        "preset": optional(text(1, 32)),
        "options": optional(flat_map()),
        "timers": optional(flat_map(8)),
        "name": optional(player_text(0, 40)),
        "spectators_see_hands": optional(boolean),
        "autostart": optional(boolean),
        "seat": optional(SEAT),
    },
    "join": {"table": TABLE, "seat": optional(SEAT)},
    "spectate": {"table": TABLE},
    "add_bot": {"table": TABLE, "bot": optional(text(1, 32)), "seat": optional(SEAT)},
    "remove_bot": {"table": TABLE, "seat": SEAT},
    "start": {"table": TABLE},
    "leave": {"table": TABLE},
    "act": {"table": TABLE, "prompt": integer(0, 2**62), "action": wire_list, "fallback": optional(text(1, 120))},
    "back": {"table": TABLE},
    "chat": {"text": player_text(1, 300), "table": optional(TABLE)},
    "ping": {"data": optional(integer(-(2**62), 2**62))},
}
ANY_REF = optional(integer(-(2**62), 2**62))


def check_request(msg: dict[str, Any]) -> dict[str, Any]:
    """The request with its fields checked (unknown fields dropped) or a :class:`RequestError`."""
    kind = msg["type"]
    spec = REQUESTS.get(kind)
    if spec is None:
        raise RequestError(ErrorCode.UNKNOWN_TYPE, HostText("unknown_type", type=repr(kind[:40])))
    out: dict[str, Any] = {"type": kind}
    try:
        for name, check in spec.items():
            value = msg.get(name, _MISSING)
            if value is _MISSING:
                if not getattr(check, "optional", False):
                    raise ValueError(f"{name!r} is missing")
                value = None
            out[name] = check(name, value)
        out["ref"] = ANY_REF("ref", msg.get("ref"))
    except ValueError as exc:
        raise RequestError(ErrorCode.BAD_REQUEST, HostText("bad_request", request=kind, detail=str(exc))) from None
    return out
