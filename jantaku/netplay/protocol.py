"""The wire protocol: msgpack maps over a byte stream, read with hard limits.

Sans-I/O: :class:`MessageReader` turns received bytes into messages and
:func:`pack` turns a message into bytes; whoever owns the socket does the I/O
(the host's :mod:`~jantaku.netplay.connection`, the :mod:`~jantaku.netplay.client`).
``docs/protocol.md`` is the specification a third party writes a client from.

    >>> reader = MessageReader(CLIENT_LIMITS)
    >>> data = pack({"type": "ping"}) + pack({"type": "chat", "text": "hi"})
    >>> [m["type"] for m in reader.feed(data)]
    ['ping', 'chat']
    >>> list(reader.feed(b"\\xc1"))
    Traceback (most recent call last):
    ...
    jantaku.netplay.protocol.ProtocolError: malformed: not msgpack (FormatError)
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import msgpack

from .texts import HostText

PROTOCOL_VERSION = 1
SUPPORTED_VERSIONS = (1,)


class ErrorCode:
    """The ``code`` of an ``error`` message (see docs/protocol.md for which ones close the connection)."""

    PROTOCOL_VERSION = "protocol_version"
    HANDSHAKE = "handshake"
    MALFORMED = "malformed"
    TOO_LARGE = "too_large"
    RATE_LIMITED = "rate_limited"
    TOO_MANY_ERRORS = "too_many_errors"
    IDLE = "idle"
    SLOW_READER = "slow_reader"
    REPLACED = "replaced"
    SHUTDOWN = "shutdown"
    HOST_FULL = "host_full"
    INTERNAL = "internal"
    # answered, the connection stays open
    BAD_REQUEST = "bad_request"
    UNKNOWN_TYPE = "unknown_type"
    NO_SUCH_TABLE = "no_such_table"
    NOT_ALLOWED = "not_allowed"
    SEAT_TAKEN = "seat_taken"
    TABLE_FULL = "table_full"
    BAD_OPTIONS = "bad_options"
    STALE_PROMPT = "stale_prompt"
    ILLEGAL_ACTION = "illegal_action"
    CHAT_LIMIT = "chat_limit"
    TABLE_STOPPED = "table_stopped"
    NAME_REFUSED = "name_refused"  # a hello's name: taken, a bot's or of mixed scripts (no welcome yet)


class ProtocolError(Exception):
    """The peer broke the protocol; the connection is closed after an ``error`` message."""

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class RequestError(Exception):
    """A request that cannot be done; its sender gets an ``error`` and the connection stays open."""

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Limits:
    """Bounds on what one peer may send.  Every number here is a hard limit."""

    max_message: int = 16 * 1024  # bytes in one message
    read_chunk: int = 4096  # bytes read from the socket at a time
    max_array_len: int = 256
    max_map_len: int = 64
    strict_map_key: bool = True  # only string keys
    # arrays and maps inside one another (the message itself is 1; a request needs 4); None: unchecked
    max_depth: int | None = 8

    @property
    def max_buffer_size(self) -> int:
        # a partial message of up to max_message plus one read always fits
        return self.max_message + self.read_chunk


# what the host accepts from a client (requests are small)
CLIENT_LIMITS = Limits()
# what a client accepts from the host: views and results are larger, maps have seat-number keys
# (a view's depth is ours to keep: not walked on every update; msgpack's own stack stops at 1024)
HOST_LIMITS = Limits(
    max_message=4 * 1024 * 1024,
    read_chunk=64 * 1024,
    max_array_len=65536,
    max_map_len=4096,
    strict_map_key=False,
    max_depth=None,
)


def _reject_ext(code: int, data: bytes) -> Any:
    raise ValueError(f"msgpack extension types are not used (got type {code})")


class MessageReader:
    """Bytes in, messages out, never holding more than the limits allow.

    Raises :class:`ProtocolError` for bytes that are not msgpack, a message
    over ``max_message`` bytes (checked exactly, also while it is still
    arriving), or a message that is not a map with a string ``type``.
    """

    def __init__(self, limits: Limits):
        self.limits = limits
        self._unpacker = msgpack.Unpacker(
            max_buffer_size=limits.max_buffer_size,
            max_array_len=limits.max_array_len,
            max_map_len=limits.max_map_len,
            strict_map_key=limits.strict_map_key,
            ext_hook=_reject_ext,
            raw=False,
        )
        self._fed = 0
        self._consumed = 0

    @property
    def partial(self) -> bool:
        """Whether bytes of an unfinished message are waiting for the rest."""
        return self._fed > self._consumed

    def feed(self, data: bytes | memoryview) -> Iterator[dict[str, Any]]:
        """Feed received bytes (copied: ``data`` may be reused once this returns); yields every
        message completed by them."""
        try:
            self._unpacker.feed(data)
        except msgpack.BufferFull:
            raise ProtocolError(ErrorCode.TOO_LARGE, f"a message is over {self.limits.max_message} bytes") from None
        self._fed += len(data)
        while True:
            try:
                msg = next(self._unpacker)
            except StopIteration:
                break
            except (ValueError, msgpack.FormatError, msgpack.StackError, TypeError) as exc:
                raise ProtocolError(ErrorCode.MALFORMED, f"not msgpack ({str(exc) or type(exc).__name__})") from None
            end = self._unpacker.tell()
            size, self._consumed = end - self._consumed, end
            if size > self.limits.max_message:
                raise ProtocolError(ErrorCode.TOO_LARGE, f"a message of {size} bytes is over {self.limits.max_message}")
            if self.limits.max_depth is not None and nested_deeper(msg, self.limits.max_depth):
                raise ProtocolError(ErrorCode.MALFORMED, f"a message nested deeper than {self.limits.max_depth} levels")
            yield check_envelope(msg)
        if self._fed - self._consumed > self.limits.max_message:
            raise ProtocolError(ErrorCode.TOO_LARGE, f"a message is over {self.limits.max_message} bytes")


def nested_deeper(value: object, limit: int) -> bool:
    """Whether decoded msgpack nests arrays and maps more than ``limit`` deep, looked at a level at a
    time (no recursion; a flat request costs one look at its values).

    >>> nested_deeper({"type": "act", "action": ["discard", 5]}, 2), nested_deeper({"a": [[1]]}, 2)
    (False, True)
    """
    level: list[object] = [value]
    for _ in range(limit):
        level = [
            item for v in level if isinstance(v, (dict, list)) for item in (v.values() if isinstance(v, dict) else v)
        ]
        if not level:
            return False
    return any(isinstance(v, (dict, list)) for v in level)


def check_envelope(msg: Any) -> dict[str, Any]:
    if not isinstance(msg, dict):
        raise ProtocolError(ErrorCode.MALFORMED, f"a message must be a map, not {type(msg).__name__}")
    if not isinstance(msg.get("type"), str):
        raise ProtocolError(ErrorCode.MALFORMED, "a message needs a string 'type'")
    return msg


_packers = threading.local()  # a Packer is reused (cheaper than packb's new one each call), one per thread


def pack(msg: object) -> bytes:
    try:
        packer = _packers.packer
    except AttributeError:
        packer = _packers.packer = msgpack.Packer(use_bin_type=True)
    return packer.pack(msg)


def _header(count: int, small: int, short: int, long: int) -> bytes:
    if count < 16:
        return bytes([small | count])
    return bytes([short]) + count.to_bytes(2, "big") if count < 65536 else bytes([long]) + count.to_bytes(4, "big")


def pack_array(packed_items: list[bytes]) -> bytes:
    """A msgpack array of already packed items.

    >>> msgpack.unpackb(pack_array([pack({"a": 1})] * 17))[16]
    {'a': 1}
    """
    return _header(len(packed_items), 0x90, 0xDC, 0xDD) + b"".join(packed_items)


def pack_map(packed_entries: list[bytes]) -> bytes:
    """A msgpack map of already packed entries (each one key packed, then its value).

    >>> msgpack.unpackb(pack_map([pack("a") + pack(1), pack("b") + pack([2])]))
    {'a': 1, 'b': [2]}
    """
    return map_header(len(packed_entries)) + b"".join(packed_entries)


def pack_entries(fields: dict[str, Any]) -> bytes:
    """The packed entries of a map without its head, to be joined with other entries under one
    :func:`map_header` (packed in one call: cheaper than key by key).

    >>> msgpack.unpackb(map_header(3) + pack_entries({"a": 1}) + pack_entries({"b": 2, "c": 3}))
    {'a': 1, 'b': 2, 'c': 3}
    """
    count = len(fields)
    return pack(fields)[1 if count < 16 else 3 if count < 65536 else 5 :]


def map_header(count: int) -> bytes:
    """The head of a msgpack map of ``count`` entries, packed apart from them."""
    return _header(count, 0x80, 0xDE, 0xDF)


class PackedMessage:
    """A message packed once and sent to many: :meth:`with_fields` adds per-reply fields (a ``ref``)
    without packing the rest again.

    >>> msg = PackedMessage({"type": "lobby", "tables": []})
    >>> msgpack.unpackb(msg.with_fields(ref=3))
    {'ref': 3, 'type': 'lobby', 'tables': []}
    """

    __slots__ = ("count", "body")

    def __init__(self, fields: dict[str, Any], packed_fields: dict[str, bytes] | None = None):
        packed_fields = packed_fields or {}
        self.count = len(fields) + len(packed_fields)
        self.body = b"".join(pack(k) + pack(v) for k, v in fields.items()) + b"".join(
            pack(k) + v for k, v in packed_fields.items()
        )

    def with_fields(self, **extra: Any) -> bytes:
        head = _header(self.count + len(extra), 0x80, 0xDE, 0xDF)
        return head + b"".join(pack(k) + pack(v) for k, v in extra.items()) + self.body

    def __len__(self) -> int:
        return len(self.body)


def error_message(code: str, message: str, ref: Any = None, **extra: Any) -> dict[str, Any]:
    """An ``error``; a :class:`~.texts.HostText` message adds its ``key`` and ``args`` (the client's language)."""
    out = {"type": "error", "code": code, "message": str(message), **extra}
    if isinstance(message, HostText):
        out.update(message.wire())
    if ref is not None:
        out["ref"] = ref
    return out
