"""What a hostile client tried on the server of issue 34 (its attack list), against `make serve` as it runs now:
stock gunicorn's threaded worker and the app. Each is answered at once and costs the server next to nothing.
In production the proxy (deploy/Caddyfile) faces the phones first; these hold without it."""
from __future__ import annotations

import os
import re
import signal
import socket
import threading
import time

import pytest

from ops_helpers import make_serve, post_head, server_cpu, server_pids

# The module's servers start once (a module fixture): under xdist its tests stay in one worker, which
# would otherwise start its own.
pytestmark = pytest.mark.xdist_group(__name__)

MIB = 1024 * 1024
LOG_IN = b"username=ann&password=tiles"
HOME = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-Proto: https\r\n\r\n"


def home_answers(port: int) -> None:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(HOME)
        assert sock.recv(64).startswith(b"HTTP/1.1 200")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("serve")
    with make_serve(folder, ready=home_answers, waits_on=(OSError, AssertionError)) as port:
        yield port, folder / "serve.log"


def answer_and_close(sock: socket.socket, seconds: float) -> tuple[bytes, float]:
    """Everything the server sends until it closes the connection, and how long that took (at most `seconds`)."""
    started, data = time.monotonic(), b""
    sock.settimeout(seconds)
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except (TimeoutError, ConnectionResetError):
        pass
    return data, time.monotonic() - started


def unended_head(port: int, answers: list[tuple[bytes, float]]) -> None:
    """A head of over 1 MiB that never ends (no blank line), and what the server made of it."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        try:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: " + b"y" * MIB)
        except OSError:
            pass  # the server answered and closed before it took the whole megabyte
        answers.append(answer_and_close(sock, 5))


def test_heads_over_1_mib_without_their_end_are_refused_and_closed_at_once(server):
    """Eight of them held the custom worker's threads for as long as the clients kept their connections."""
    port, _ = server
    answers: list[tuple[bytes, float]] = []
    clients = [threading.Thread(target=unended_head, args=(port, answers)) for _ in range(8)]
    for client in clients:
        client.start()
    for client in clients:
        client.join(20)
    assert len(answers) == 8
    assert all(re.match(rb"HTTP/1\.[01] (431|400) ", answer) for answer, _ in answers), [a[:80] for a, _ in answers]
    assert max(seconds for _, seconds in answers) < 2, answers
    home_answers(port)


def chunked_log_in(port: int, chunks: bytes) -> bytes:
    """A log-in with no account, its body sent chunked (`chunks`), the answer read as a browser would."""
    with socket.create_connection(("127.0.0.1", port), timeout=20) as sock:
        sock.sendall(post_head("/accounts/login/", b"Content-Type: application/x-www-form-urlencoded",
                               b"Transfer-Encoding: chunked"))
        sender = threading.Thread(target=lambda: _send_quietly(sock, chunks), daemon=True)
        sender.start()
        answer, _ = answer_and_close(sock, 20)
        sender.join(20)
    return answer


def _send_quietly(sock: socket.socket, data: bytes) -> None:
    try:
        sock.sendall(data)
    except OSError:
        pass  # refused and closed mid-body


def test_a_2_mb_body_in_one_byte_chunks_is_refused_for_next_to_no_cpu(server):
    port, _ = server
    one_byte_chunks = b"1\r\nx\r\n" * (2_100_000) + b"0\r\n\r\n"
    before = server_cpu(port)
    answers = [chunked_log_in(port, one_byte_chunks) for _ in range(2)]
    spent = server_cpu(port) - before
    assert all(answer.startswith(b"HTTP/1.1 411 ") for answer in answers), [a[:100] for a in answers]
    assert spent < 0.1, f"{spent:.2f} s of the server's CPU for two bodies"  # stock gthread kept alive: 0.24 s


def test_a_graceful_reload_answers_a_request_whose_body_is_still_arriving(server):
    port, _ = server
    arbiter = min(server_pids(port))  # the workers are its children, started after it
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(post_head("/accounts/login/", b"Content-Type: application/x-www-form-urlencoded",
                               b"Content-Length: %d" % len(LOG_IN)) + LOG_IN[:10])
        time.sleep(0.5)
        os.kill(arbiter, signal.SIGHUP)
        time.sleep(2)  # the new workers are up, the old one is stopping
        sock.sendall(LOG_IN[10:])
        answer = sock.recv(4096)
    assert answer.startswith(b"HTTP/1.1 403"), answer[:200]  # Django's own answer: the form has no CSRF token
    home_answers(port)


def test_a_100_continue_head_sent_in_two_pieces_is_answered_at_once(server):
    port, _ = server
    head = post_head("/accounts/login/", b"Content-Type: application/x-www-form-urlencoded",
                     b"Content-Length: %d" % len(LOG_IN), b"Expect: 100-continue")
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(head[:40])
        time.sleep(0.3)
        sock.sendall(head[40:])
        started = time.monotonic()
        first = sock.recv(4096)
        assert time.monotonic() - started < 2
        if first.startswith(b"HTTP/1.1 100"):
            sock.sendall(LOG_IN)
            first = first.partition(b"\r\n\r\n")[2] or sock.recv(4096)
    assert first.startswith(b"HTTP/1.1 403"), first[:200]


def test_a_head_ending_lines_with_bare_lf_is_answered_at_once(server):
    port, _ = server
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(b"GET / HTTP/1.1\nHost: 127.0.0.1\nX-Forwarded-Proto: https\n\n")
        answer, seconds = answer_and_close(sock, 5)
    assert re.match(rb"HTTP/1\.1 (200|400) ", answer), answer[:200]
    assert seconds < 5


def test_the_access_log_takes_no_name_for_an_address_and_writes_refusals(server):
    port, log = server
    for forwarded, tag in ((b"unknown", b"hop-is-a-name"), (b"203.0.113.7, evil.example", b"hop-has-a-name")):
        with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
            sock.sendall(b"GET /?%s HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-Proto: https\r\n"
                         b"X-Forwarded-For: %s\r\nConnection: close\r\n\r\n" % (tag, forwarded))
            answer_and_close(sock, 5)
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(b"GET /?refused HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Name: x\r\n\r\n")
        refused, _ = answer_and_close(sock, 5)
    assert refused.startswith(b"HTTP/1.1 400"), refused[:100]
    time.sleep(0.5)
    served = log.read_text(errors="replace")
    for tag in ("hop-is-a-name", "hop-has-a-name"):
        line = next(line for line in served.splitlines() if f"/?{tag} " in line)
        assert line.startswith("127.0.0.1 - "), line
    assert re.search(r"Invalid request from ip=127\.0\.0\.1: .*'Bad Name'", served), served[-2000:]
