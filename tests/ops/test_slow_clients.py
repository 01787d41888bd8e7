"""Slow clients cost no worker: ten connections trickling a body one byte every two seconds, against
`make serve` with a single worker process, and a normal page still answers in under a second."""
from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import threading
import time

import pytest

from ops_helpers import ROOT, free_port, production_env

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
    port, log = free_port(), tmp_path / "serve.log"
    with log.open("wb") as out:
        process = subprocess.Popen(["make", "-s", "serve", f"BIND=127.0.0.1:{port}", "WORKERS=1"], cwd=ROOT,
                                   env=production_env(tmp_path), stdout=out, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while True:
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"make serve did not start:\n{log.read_text(errors='replace')[-3000:]}")
            try:
                get_home(port)
                break
            except (OSError, AssertionError):
                time.sleep(0.2)
        yield port
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


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
