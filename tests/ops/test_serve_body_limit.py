"""A body over the limit is refused before it is read (issue 20, point 5): from its Content-Length, by the app
(scorekeeper/tables/middleware.py) under stock gunicorn, which hands Django the head and leaves the body on
the socket until something reads it. A body without a length (chunked) is refused unread: test_abuse.py."""
from __future__ import annotations

import socket

import pytest

from ops_helpers import make_serve, post_head

# The module's servers start once (a module fixture): under xdist its tests stay in one worker, which
# would otherwise start its own.
pytestmark = pytest.mark.xdist_group(__name__)

GIB = 1024 ** 3


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with make_serve(tmp_path_factory.mktemp("serve"),
                    ready=lambda port: socket.create_connection(("127.0.0.1", port), timeout=1).close()) as port:
        yield port


def test_make_serve_answers_a_1_gib_log_in_from_its_headers(server):
    """No account, straight to gunicorn: the answer comes while not one byte of the body was sent."""
    with socket.create_connection(("127.0.0.1", server), timeout=20) as sock:
        sock.sendall(b"POST /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-Proto: https\r\n"
                     b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\n" % GIB)
        answer = sock.recv(4096)
    assert answer.startswith(b"HTTP/1.1 400"), answer[:200]


def test_make_serve_lets_a_body_within_the_limit_reach_django(server):
    body = b"username=ann&password=x"
    with socket.create_connection(("127.0.0.1", server), timeout=20) as sock:
        sock.sendall(post_head("/accounts/login/", b"Content-Type: application/x-www-form-urlencoded",
                          b"Content-Length: %d" % len(body)) + body)
        answer = sock.recv(4096)
    assert answer.startswith(b"HTTP/1.1 403"), answer[:200]  # Django's CSRF check: the form came without its token
