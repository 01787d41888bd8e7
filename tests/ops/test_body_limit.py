"""A body over the limit is refused before it is read (issue 20, point 5): from its Content-Length, or at the
limit while it streams in (chunked), by the worker `make serve` runs (scorekeeper/serving/worker.py); a
server that handed it to Django would have it read (and spooled to disk) before any middleware could refuse
it. What counts as whole or too large, byte by byte: tests/ops/test_whole_request.py."""
from __future__ import annotations

import select
import socket

import pytest

from ops_helpers import make_serve, post_head

GIB = 1024 ** 3
CHUNK = 1024 * 1024


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


@pytest.mark.parametrize("path, limit", [("/accounts/login/", 64 * 1024), ("/sessions/import/", 2_162_688)])
def test_make_serve_refuses_a_chunked_body_once_it_streams_past_the_limit(server, path, limit):
    sent = 0
    with socket.create_connection(("127.0.0.1", server), timeout=20) as sock:
        sock.sendall(post_head(path, b"Content-Type: multipart/form-data; boundary=x", b"Transfer-Encoding: chunked"))
        while sent < 100 * CHUNK and not select.select([sock], [], [], 0)[0]:  # as a browser, reading early answers
            sock.sendall(b"%x\r\n%s\r\n" % (CHUNK // 4, b"x" * (CHUNK // 4)))
            sent += CHUNK // 4
        answer = sock.recv(4096)
    assert answer.startswith(b"HTTP/1.1 400") and b"The request is too large." in answer, answer[:200]
    assert sent <= limit + 8 * CHUNK  # what the kernel's buffers took before the answer, and no more


def test_make_serve_lets_a_body_within_the_limit_reach_django(server):
    body = b"username=ann&password=x"
    with socket.create_connection(("127.0.0.1", server), timeout=20) as sock:
        sock.sendall(post_head("/accounts/login/", b"Content-Type: application/x-www-form-urlencoded",
                          b"Content-Length: %d" % len(body)) + body)
        answer = sock.recv(4096)
    assert answer.startswith(b"HTTP/1.1 403"), answer[:200]  # Django's CSRF check: the form came without its token
