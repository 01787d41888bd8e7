"""The client's address behind trusted proxies (scorekeeper/client_address.py): what log-in, sign-up and
heavy-request limits count. Against `make serve`: tests/ops/test_serve.py."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from scorekeeper.client_address import TrustedProxies
from scorekeeper.tables import login_guard

LOCAL = TrustedProxies(["127.0.0.1", "::1"])


@pytest.mark.parametrize("peer, forwarded_for, client", [
    ("127.0.0.1", "", "127.0.0.1"),  # no proxy said anything
    ("127.0.0.1", "203.0.113.7", "203.0.113.7"),  # the proxy names the phone
    ("127.0.0.1", "198.51.100.1, 203.0.113.7", "203.0.113.7"),  # what the phone claimed is not believed
    ("127.0.0.1", "203.0.113.7, 127.0.0.1", "203.0.113.7"),  # a second proxy of ours is passed over
    ("127.0.0.1", "127.0.0.1, ::1", "127.0.0.1"),  # only proxies: the farthest one
    ("::1", " 2001:db8::5 ", "2001:db8::5"),
    ("203.0.113.9", "10.0.0.1", "203.0.113.9"),  # a peer not trusted is the client, whatever it says
    ("127.0.0.1", "unknown", "127.0.0.1"),  # a hop that is no address: the peer
    ("127.0.0.1", "evil\", 203.0.113.7", "203.0.113.7"),
    ("127.0.0.1", "203.0.113.7, 127.0.0.1:8000", "127.0.0.1"),  # with a port, no address: the walk ends
    ("127.0.0.1", "198.51.100.1, unknown, 127.0.0.1", "127.0.0.1"),  # the last good hop seen
    ("127.0.0.1", "203.0.113.7,,", "127.0.0.1"),
])
def test_the_client_is_the_nearest_address_that_is_no_trusted_proxy(peer, forwarded_for, client):
    assert LOCAL.client(peer, forwarded_for) == client


def test_networks_and_any():
    assert TrustedProxies(["10.0.0.0/8"]).client("10.1.2.3", "203.0.113.7, 10.4.4.4") == "203.0.113.7"
    assert TrustedProxies(["*"]).client("198.51.100.3", "203.0.113.7") == "203.0.113.7"
    assert TrustedProxies([]).client("127.0.0.1", "203.0.113.7") == "127.0.0.1"


def test_log_in_limits_count_the_forwarded_client(owner, monkeypatch):
    """Five wrong passwords from one phone behind the proxy pause that name from that phone only: once the
    name's slowing (15 s) has passed, another phone behind the same proxy may try it."""
    later = timezone.now() + timedelta(seconds=16)

    def log_in(address: str) -> int:
        return Client().post("/accounts/login/", {"username": "ann", "password": "wrong"},
                             HTTP_X_FORWARDED_FOR=address).status_code

    assert [log_in("203.0.113.7") for _ in range(6)] == [200] * 5 + [429]
    monkeypatch.setattr(login_guard.timezone, "now", lambda: later)
    assert (log_in("203.0.113.7"), log_in("203.0.113.8")) == (429, 200)
