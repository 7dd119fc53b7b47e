"""Whose request it is behind a reverse proxy: ``X-Forwarded-For``, believed only from a trusted proxy.

Anyone can send an ``X-Forwarded-For`` header, so the door reads it only when the connection
itself comes from a proxy the host named (``jantaku host --web-trusted-proxy ADDR``).  Each proxy
appends the address it got the request from; the client is the right-most entry that is not a
trusted proxy.  Entries left of it were written by the client or by proxies nobody vouches for.

    >>> proxy = trusted_proxies(["127.0.0.1"])
    >>> client_address("127.0.0.1", ["203.0.113.7"], proxy)
    '203.0.113.7'
    >>> client_address("127.0.0.1", ["6.6.6.6, 203.0.113.7"], proxy)  # the client wrote 6.6.6.6 itself
    '203.0.113.7'
    >>> client_address("198.51.100.2", ["203.0.113.7"], proxy)  # not our proxy: the header is anyone's
    '198.51.100.2'
    >>> client_address("::ffff:127.0.0.1", ["2001:db8::1"], proxy), client_address("127.0.0.1", [], proxy)
    ('2001:db8::1', '127.0.0.1')
    >>> client_address("127.0.0.1", ["not-an-address"], proxy)  # a broken header: the proxy's own address
    '127.0.0.1'
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

IpAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


def ip_of(text: str) -> IpAddress:
    """An IP address, an IPv4 one mapped into IPv6 (``::ffff:a.b.c.d``) as itself; ValueError if none."""
    address = ipaddress.ip_address(text.strip())
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def trusted_proxies(addresses: Iterable[str]) -> frozenset[IpAddress]:
    """The proxies named on the command line (ValueError for one that is no IP address)."""
    return frozenset(ip_of(text) for text in addresses)


def client_address(peer: str, forwarded_for: Iterable[str], trusted: frozenset[IpAddress]) -> str:
    """The address a request comes from: ``peer`` (the connection's), or behind a trusted proxy the
    right-most entry of the ``X-Forwarded-For`` headers (``forwarded_for``) that is not one."""
    try:
        address = ip_of(peer)
    except ValueError:
        return peer
    if address not in trusted:
        return str(address)
    hops = [hop for header in forwarded_for for hop in header.split(",")]
    for hop in reversed(hops):
        try:
            address = ip_of(hop)
        except ValueError:
            break  # not an address a proxy wrote: count the request as the last trusted hop's
        if address not in trusted:
            return str(address)
    return str(address)
