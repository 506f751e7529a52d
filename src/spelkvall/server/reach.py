"""Where friends can reach this server: the base of the invite links.

A server started on loopback (the default, ``127.0.0.1``) can only be opened on the machine it
runs on, so an invite link built from it reaches nobody else. The base is:

- ``--public-url`` when given (behind a proxy or a tunnel: the address people type);
- else, when listening on every interface (``0.0.0.0``, ``::``), this machine's address on the
  local network (the one its outgoing traffic would leave from; nothing is sent to find it);
- else, when listening on one address that is not loopback, that address;
- else nothing: the server is on loopback only, and the invite dialog says so.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

ANY_ADDRESS = frozenset({"0.0.0.0", "::", ""})


@dataclass(frozen=True)
class Reach:
    """What the client is told (``GET /api/server``)."""

    public_url: str | None
    """The base of links friends can open (``http://192.168.1.20:8000``), or ``None``."""
    loopback_only: bool
    """Listening on this machine's loopback address only: nobody else can connect."""

    def to_json(self) -> dict[str, object]:
        return {"public_url": self.public_url, "loopback_only": self.loopback_only}


def is_loopback(host: str) -> bool:
    """``127.0.0.1``, ``::1``, ``localhost`` and the like."""
    if host.lower() in ("localhost", "localhost."):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def lan_address() -> str | None:
    """This machine's address on its network, or ``None`` when it has none but loopback.

    Connecting a UDP socket sends nothing; it only asks the system which local address a
    packet to that (private, unused) destination would leave from."""
    for family, target in ((socket.AF_INET, "10.255.255.255"), (socket.AF_INET6, "fd00::1")):
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as probe:
                probe.connect((target, 1))
                address = str(probe.getsockname()[0])
        except OSError:
            continue
        if address and not is_loopback(address) and address not in ANY_ADDRESS:
            return address
    try:
        address = socket.gethostbyname(socket.gethostname())
    except OSError:
        return None
    return None if is_loopback(address) else address


def _url(host: str, port: int) -> str:
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"  # an IPv6 address in a URL
    return f"http://{host}" if port == 80 else f"http://{host}:{port}"


def check_public_url(url: str) -> str:
    """``url`` without a trailing slash; ``ValueError`` unless it is an http(s) URL with a
    host and no query or fragment (links are built by appending ``/#/join/…``)."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise ValueError(url)
    return url.strip().rstrip("/")


def find_reach(host: str | None, port: int | None, public_url: str | None = None) -> Reach:
    """The base friends can reach for a server listening on ``host:port``."""
    if public_url:
        return Reach(check_public_url(public_url), loopback_only=False)
    if host is None or port is None:
        # Not started by ``spelkvall serve`` (an embedded app, tests): the page's own address.
        return Reach(None, loopback_only=False)
    if is_loopback(host):
        return Reach(None, loopback_only=True)
    if host in ANY_ADDRESS:
        address = lan_address()
        return Reach(_url(address, port) if address else None, loopback_only=address is None)
    return Reach(_url(host, port), loopback_only=False)
