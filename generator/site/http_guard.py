"""The Host check of both local servers (`pnp serve`, `pnp studio`): a request's Host header
must name the server, so a page of another site whose DNS name was rebound to this machine (it
sends its own name) gets nothing. Each server's policy is a HostRule: `serve` answers the
addresses it listens on, under any port; the studio also checks the port and, listening on every
interface, takes any IP address or this machine's name. (The files both send are opened by the
project's one read rule, datafile.source.open_checked.)"""
from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from typing import Iterable
from urllib.parse import urlsplit

LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")
EVERY_INTERFACE = ("0.0.0.0", "::", "")


def allowed_hosts(addresses: Iterable[str]) -> frozenset[str]:
    """The names a request's Host header may give: the addresses the server listens on, and the
    loopback names when one of them is a loopback address."""
    names = {a.strip("[]").lower() for a in addresses}
    if names & set(LOCAL_HOSTS):
        names |= set(LOCAL_HOSTS)
    return frozenset(names)


def host_of(header: str | None) -> tuple[str, int | None] | None:
    """(name in lower case, IPv6 without brackets; port or None) of a Host header, None when it
    names nothing, its port is not a number or it holds what a Host cannot (user@, a path)."""
    header = (header or "").strip()
    if any(c in header for c in "@/?#\\"):
        return None
    if header.count(":") > 1 and not header.startswith("["):     # a bare IPv6 address
        return header.lower(), None
    try:
        parts = urlsplit("//" + header)
        name, port = (parts.hostname or "").lower(), parts.port
    except ValueError:
        return None
    return (name, port) if name else None


@dataclass(frozen=True)
class HostRule:
    """Which Host headers name this server: one of `names`; at `port` when given (no port: 80);
    with `any_address` (listening on every interface) also any IP address or this machine's name."""
    names: frozenset[str]
    port: int | None = None
    any_address: bool = False

    def allows(self, header: str | None) -> bool:
        found = host_of(header)
        if found is None:
            return False
        name, port = found
        if self.port is not None and port != self.port and not (port is None and self.port == 80):
            return False
        if name in self.names:
            return True
        if self.any_address:
            try:
                ipaddress.ip_address(name)
                return True
            except ValueError:
                return name in {socket.gethostname().lower(), socket.getfqdn().lower()}
        return False

