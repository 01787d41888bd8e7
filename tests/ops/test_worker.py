"""`make serve`'s worker (scorekeeper/serving/worker.py) reads each request whole on its main thread before a
thread answers it: requests that come in pieces, behind one another, or after `Expect: 100-continue` are
answered as any HTTP/1.1 server answers them. (Slow clients: test_slow_clients.py; bodies over the limit:
test_body_limit.py.)"""
from __future__ import annotations

import socket
import time
from types import SimpleNamespace

import pytest

from ops_helpers import make_serve, post_head

HOME = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-Proto: https\r\n\r\n"
LOG_IN = b"username=ann&password=tiles"


def log_in_head(*fields: bytes) -> bytes:
    return post_head("/accounts/login/", b"Content-Type: application/x-www-form-urlencoded",
                     b"Content-Length: %d" % len(LOG_IN), *fields)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with make_serve(tmp_path_factory.mktemp("serve"),
                    ready=lambda port: socket.create_connection(("127.0.0.1", port), timeout=1).close()) as port:
        yield port


def answers(sock: socket.socket, count: int) -> list[int]:
    """The statuses of the next `count` answers on the connection (each read to the end of its body)."""
    data, statuses = b"", []
    while len(statuses) < count:
        end = data.find(b"\r\n\r\n")
        if end < 0:
            chunk = sock.recv(65536)
            assert chunk, f"the server closed after {statuses}"
            data += chunk
            continue
        head = data[:end].decode("latin-1")
        length = int(next((line.split(":", 1)[1] for line in head.split("\r\n")
                           if line.lower().startswith("content-length:")), "0"))
        while len(data) < end + 4 + length:
            data += sock.recv(65536)
        statuses.append(int(head.split(" ", 2)[1]))
        data = data[end + 4 + length:]
    return statuses


def test_requests_sent_behind_one_another_on_one_connection_are_each_answered(server):
    with socket.create_connection(("127.0.0.1", server), timeout=20) as sock:
        sock.sendall(HOME + log_in_head() + LOG_IN + HOME)
        assert answers(sock, 3) == [200, 403, 200]  # the log-in has no CSRF token: Django's own refusal


def test_a_request_that_comes_a_few_bytes_at_a_time_is_answered_once_whole(server):
    request = log_in_head() + LOG_IN
    with socket.create_connection(("127.0.0.1", server), timeout=20) as sock:
        for start in range(0, len(request), 40):
            sock.sendall(request[start:start + 40])
            time.sleep(0.05)
        assert answers(sock, 1) == [403]
        sock.sendall(HOME)  # and the connection is kept for the next
        assert answers(sock, 1) == [200]


def test_a_client_that_waits_for_100_continue_is_told_to_go_on(server):
    with socket.create_connection(("127.0.0.1", server), timeout=20) as sock:
        sock.sendall(log_in_head(b"Expect: 100-continue"))
        assert sock.recv(4096).startswith(b"HTTP/1.1 100 Continue\r\n\r\n")
        sock.sendall(LOG_IN)
        assert answers(sock, 1) == [403]


def test_a_busy_worker_closes_kept_alive_connections_so_they_reconnect_to_an_idler_one(monkeypatch):
    """A worker that took most of the clients' kept-alive connections hands some back while requests wait
    for its threads: one answer in four closes its connection; once nobody waits, connections are kept."""
    import itertools

    from gunicorn.workers.gthread import ThreadWorker

    from scorekeeper.serving.worker import WholeRequestWorker

    answered = []
    monkeypatch.setattr(ThreadWorker, "handle_request", lambda self, req, conn: answered.append(req.must_close))
    worker = WholeRequestWorker.__new__(WholeRequestWorker)
    worker.cfg = SimpleNamespace(threads=2)
    worker._busy_answers = itertools.count()
    for given in (1, 2, 3, 3, 3, 3, 3, 3, 3, 3, 2, 1):
        worker._given = given
        worker.handle_request(SimpleNamespace(must_close=False), SimpleNamespace(continued=False))
    assert answered == [False, False, True, False, False, False, True, False, False, False, False, False]
