"""A body over the limit is refused before it is read (issue 20, point 5): from its Content-Length, or at the
limit while it streams in (chunked), by the ASGI application `make serve` runs; Django's handler would read
(and spool to disk) all of it before any middleware could refuse it."""
from __future__ import annotations

import asyncio
import socket
import threading

import pytest

from ops_helpers import make_serve

GIB = 1024 ** 3
CHUNK = 1024 * 1024


def run_alone(coroutine):
    """asyncio.run in a thread of its own: a browser test's Playwright (sync API) may have left an event loop
    running in this one (the order of tests is random)."""
    failed = []

    def run():
        try:
            asyncio.run(coroutine)
        except BaseException as error:  # noqa: BLE001  (raised again in the test's thread)
            failed.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if failed:
        raise failed[0]


def call(path, headers, chunks):
    """Run the ASGI application on one request whose body is `chunks` (an iterator); return the status and
    how many bytes of the body it took in."""
    from scorekeeper.asgi import application

    taken, sent, ended = [0], [], [False]
    body = iter(chunks)

    async def receive():
        if ended[0]:
            await asyncio.Future()  # the client stays: the application stops listening once it has answered
        chunk = next(body, None)
        if chunk is None:
            ended[0] = True
            return {"type": "http.request", "body": b"", "more_body": False}
        taken[0] += len(chunk)
        return {"type": "http.request", "body": chunk, "more_body": True}

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "https",
             "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
             "headers": [(b"host", b"testserver"), *headers], "client": ("127.0.0.1", 5000),
             "server": ("testserver", 443)}
    run_alone(application(scope, receive, send))
    return next(m["status"] for m in sent if m["type"] == "http.response.start"), taken[0]


def endless(total):
    for _ in range(total // CHUNK):
        yield b"x" * CHUNK


def test_a_content_length_over_the_limit_is_refused_without_reading_the_body():
    status, taken = call("/accounts/login/", [(b"content-length", str(GIB).encode()),
                                              (b"content-type", b"application/x-www-form-urlencoded")], endless(GIB))
    assert (status, taken) == (400, 0)


@pytest.mark.parametrize("path, limit", [("/accounts/login/", 64 * 1024), ("/sessions/import/", 2_162_688)])
def test_a_chunked_body_is_refused_at_the_limit_while_it_streams_in(path, limit):
    status, taken = call(path, [(b"content-type", b"multipart/form-data; boundary=x")], endless(100 * CHUNK))
    assert status == 400
    assert taken <= limit + CHUNK  # the chunk that went past it, and not one more


def test_a_body_within_the_limit_reaches_the_app():
    status, taken = call("/accounts/login/", [(b"content-type", b"application/x-www-form-urlencoded")],
                         iter([b"username=ann&password=x"]))
    assert status != 400 and taken == len(b"username=ann&password=x")


@pytest.fixture
def server(tmp_path):
    with make_serve(tmp_path, ready=lambda port: socket.create_connection(("127.0.0.1", port), timeout=1).close()) \
            as port:
        yield port


def test_make_serve_answers_a_1_gib_log_in_from_its_headers(server):
    """No account, straight to gunicorn: the answer comes while not one byte of the body was sent."""
    with socket.create_connection(("127.0.0.1", server), timeout=20) as sock:
        sock.sendall(b"POST /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-Proto: https\r\n"
                     b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\n" % GIB)
        answer = sock.recv(4096)
    assert answer.startswith(b"HTTP/1.1 400"), answer[:200]


def test_a_worker_lets_a_few_requests_into_django_at_once_each_with_its_body_received():
    """Bounded (scorekeeper/asgi.py): past its places, a request waits on the event loop; a client still
    sending its body holds no place, so one trickling never keeps the others out."""
    from scorekeeper.tables.middleware import Bounded

    inside, most, bodies = [0], [0], []

    async def app(scope, receive, send):
        body, more = b"", True
        while more:
            message = await receive()
            body, more = body + message["body"], message["more_body"]
        bodies.append(body)
        inside[0] += 1
        most[0] = max(most[0], inside[0])
        await asyncio.sleep(0.01)
        inside[0] -= 1
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    bounded = Bounded(app, 2)

    def request(body, slow=None):
        parts = [{"type": "http.request", "body": body[:1], "more_body": True},
                 {"type": "http.request", "body": body[1:], "more_body": False}]

        async def receive():
            if not parts:
                await asyncio.Future()
            if len(parts) == 1 and slow is not None:
                await slow.wait()
            return parts.pop(0)

        async def send(message):
            pass

        return bounded({"type": "http"}, receive, send)

    async def evening():
        slow = asyncio.Event()
        trickling = asyncio.ensure_future(request(b"slow", slow))
        await asyncio.gather(*(request(f"hand {n}".encode()) for n in range(8)))
        assert len(bodies) == 8 and most[0] == 2  # never more than two inside, and the slow one none
        slow.set()
        await trickling

    run_alone(evening())
    assert sorted(bodies) == sorted([b"slow"] + [f"hand {n}".encode() for n in range(8)])


def test_a_busy_worker_closes_kept_alive_connections_so_they_reconnect_to_an_idler_one():
    """A worker that took most of the clients' kept-alive connections hands them back while requests wait
    for its places: those answers say `Connection: close`; once nobody waits, connections are kept."""
    from scorekeeper.tables.middleware import Bounded

    async def app(scope, receive, send):
        await receive()
        await asyncio.sleep(0.01)
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    bounded = Bounded(app, 1)
    answers = []

    async def request(n):
        async def receive():
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message):
            if message["type"] == "http.response.start":
                answers.append((n, (b"connection", b"close") in message["headers"]))

        await bounded({"type": "http"}, receive, send)

    async def three_at_once():
        await asyncio.gather(*(request(n) for n in range(3)))

    run_alone(three_at_once())
    assert answers == [(0, True), (1, True), (2, False)]
