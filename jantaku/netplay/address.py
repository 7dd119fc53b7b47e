"""Where a host listens: the default port and ``HOST:PORT`` as the user writes it."""

from __future__ import annotations

DEFAULT_PORT = 7654


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """``host:port`` (or ``host``, or ``[v6]:port``) as a pair; a port that is no number or not 1-65535 raises ValueError.

    >>> parse_address("192.0.2.5:7000"), parse_address("den"), parse_address("[::1]:9")
    (('192.0.2.5', 7000), ('den', 7654), ('::1', 9))
    """
    host, sep, port = text.rpartition(":")
    if not sep or (host.count(":") and not host.startswith("[")):
        return text.strip("[]"), default_port
    number = int(port)
    if not 1 <= number <= 65535:
        raise ValueError(f"port {number} is not 1-65535")
    return host.strip("[]"), number
