"""Slow clients cost no worker: ten connections trickling a body one byte every two seconds, against
`make serve` with a single worker process, and a normal page still answers in under a second."""
from __future__ import annotations

import http.client
import socket
import threading
import time

import pytest

from ops_helpers import make_serve

SLOW_CLIENTS = 10


def get_home(port: int) -> float:
    started = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", "/", headers={"Host": f"127.0.0.1:{port}", "X-Forwarded-Proto": "https"})
    response = conn.getresponse()
    response.read()
    conn.close()
    assert response.status == 200
    return time.perf_counter() - started


@pytest.fixture
def server(tmp_path):
    with make_serve(tmp_path, ready=get_home, waits_on=(OSError, AssertionError)) as port:
        yield port


def trickle(port: int, stop: threading.Event) -> None:
    """A POST that promises 1,000 bytes and sends one every two seconds."""
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(f"POST /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Forwarded-Proto: https\r\n"
                     "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n".encode())
        while not stop.wait(2):
            try:
                sock.sendall(b"a")
            except OSError:
                return


def test_a_page_answers_at_once_while_ten_clients_trickle_their_bodies(server):
    stop = threading.Event()
    slow = [threading.Thread(target=trickle, args=(server, stop), daemon=True) for _ in range(SLOW_CLIENTS)]
    for thread in slow:
        thread.start()
    try:
        time.sleep(3)  # every slow client connected and stalled mid-body
        times = [get_home(server) for _ in range(5)]
    finally:
        stop.set()
    assert max(times) < 1.0, times
