"""The phone's own address behind the proxies the server trusts, as REMOTE_ADDR, under any WSGI server.

Log-in guesses (tables/login_guard.py), sign-ups and heavy requests (django-ratelimit) are counted per
REMOTE_ADDR. Behind the proxy that is the proxy's address, the same for every phone; the proxy names the
phone in X-Forwarded-For, appending the address it was reached from to what the client sent. So the
client is found by walking that header from the right past the proxies trusted (FORWARDED_ALLOW_IPS, the
variable gunicorn reads for X-Forwarded-Proto): the first hop that is not one of them. A hop that is not an
IP address (`unknown`, a name, a port) is nothing a proxy of ours wrote and ends the walk: the client is
then the last good hop seen, else the peer itself. A peer the server does not trust is the client, whatever
it says.
"""
from __future__ import annotations

import ipaddress
from collections.abc import Callable, Iterable

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class TrustedProxies:
    """The addresses FORWARDED_ALLOW_IPS names: addresses, networks (10.0.0.0/8) or `*` for any."""

    def __init__(self, entries: Iterable[str]) -> None:
        entries = [entry.strip() for entry in entries if entry.strip()]
        self.any = "*" in entries
        self.networks: list[Network] = [ipaddress.ip_network(entry, strict=False) for entry in entries
                                        if entry != "*"]

    def trust(self, address: str) -> bool:
        ip = parsed(address)
        return ip is not None and (self.any or any(ip in network for network in self.networks))

    def client(self, peer: str, forwarded_for: str) -> str:
        """The client's address, from the peer that sent the request and its X-Forwarded-For."""
        if not forwarded_for or not self.trust(peer):
            return peer
        client = peer
        for hop in reversed(forwarded_for.split(",")):
            ip = parsed(hop.strip())
            if ip is None:
                break
            client = str(ip)
            if not self.trust(client):
                break
        return client


def parsed(address: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(address)
    except ValueError:
        return None


def client_address(get_response: Callable[[HttpRequest], HttpResponseBase]
                   ) -> Callable[[HttpRequest], HttpResponseBase]:
    """REMOTE_ADDR becomes the client's (the module's docstring). The request's META is the WSGI environ,
    so gunicorn's access line names the client too."""
    proxies = TrustedProxies(settings.FORWARDED_ALLOW_IPS)

    def middleware(request: HttpRequest) -> HttpResponseBase:
        peer = request.META.get("REMOTE_ADDR", "")
        request.META["REMOTE_ADDR"] = proxies.client(peer, request.META.get("HTTP_X_FORWARDED_FOR", ""))
        return get_response(request)

    return middleware
