"""gunicorn's threaded worker, with each request received whole before a thread takes it.

gunicorn's gthread worker hands a connection to a thread as soon as it has a byte to read, and the thread
then waits on the socket for the rest: ten clients trickling a body a byte at a time would hold ten threads
(tests/ops/test_slow_clients.py). Here the worker's main thread, which already watches every connection,
reads each request itself (without blocking) until its head and whole body are in; only then does a thread
parse and answer it, from memory. A body over its path's limit (tables/middleware.py: `body_limit`) is
refused from its Content-Length, or at the limit as it streams in, before any more of it is read.

Measured against gunicorn's uvicorn workers running the same Django as WSGI in threads (the worker before
this one): README, "Load".
"""
from __future__ import annotations

import ipaddress
import itertools
import selectors
import socket
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from gunicorn.workers.gthread import TConn, ThreadWorker

from .whole_request import Verdict, WholeRequest

READ_SIZE = 256 * 1024
# A request must be whole this long after its first byte: time enough for a 2 MB backup on a slow phone.
REQUEST_SECONDS = 60.0
# How long a refused request's connection is drained before it is closed.
DRAIN_SECONDS = 2.0
CONTINUE = b"HTTP/1.1 100 Continue\r\n\r\n"
# While requests wait for its threads, one answer in this many closes its connection. Every one cost each
# request a new connection at 50 tables (PostgreSQL, side by side: 65.7 r/s, p95 1.35 s); one in four
# still spreads the clients over the processes, for less (70.0 r/s, p95 1.01 s). README, "Load".
CLOSE_ONE_BUSY_ANSWER_IN = 4


def too_large_answer(text: str) -> bytes:
    body = text.encode()
    return (b"HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\n"
            b"Cache-Control: private, no-store\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s"
            % (len(body), body))


def client_behind_proxy(app: Callable[..., Any], cfg: Any) -> Callable[..., Any]:
    """The WSGI application, told the phone's own address (REMOTE_ADDR) when the request came through a
    trusted proxy (forwarded_allow_ips): the nearest address in X-Forwarded-For that is not a proxy's, as
    uvicorn takes it. Log-in and sign-up limits count per address."""
    trust_all = "*" in cfg.forwarded_allow_ips
    networks = [] if trust_all else cfg.forwarded_allow_networks()

    def trusted(address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return trust_all or any(ip in network for network in networks)

    def application(environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        forwarded = environ.get("HTTP_X_FORWARDED_FOR")
        if forwarded and trusted(environ.get("REMOTE_ADDR", "")):
            hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
            environ["REMOTE_ADDR"] = next((hop for hop in reversed(hops) if not trusted(hop)), hops[0] if hops
                                          else environ["REMOTE_ADDR"])
        return app(environ, start_response)

    return application


class WholeRequestWorker(ThreadWorker):  # type: ignore[misc]  # gunicorn has no type hints
    """A gthread worker whose threads only ever see whole requests (the module's docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Connections being read, each with the moment it is given up on, in the order of those moments:
        # silent ones (nothing received yet: the keep-alive timeout) and those with a request begun.
        self._silent: dict[TConn, float] = {}
        self._begun: dict[TConn, float] = {}
        self._body_limit: Callable[[str], int] = lambda path: 0
        self._too_large = b""
        # Connections answered with a refusal, drained of what the client still sends until it has read the
        # answer and gone, or until the moment they are closed anyway: closing a socket with unread bytes
        # would reset it, and the client might lose the answer.
        self._closing: dict[TConn, float] = {}
        self._given = 0  # requests given to the threads and not yet answered
        self._busy_answers = itertools.count()

    def run(self) -> None:
        from scorekeeper.tables.middleware import TOO_LARGE, body_limit  # once Django is set up

        self._body_limit, self._too_large = body_limit, too_large_answer(TOO_LARGE)
        self.wsgi: Callable[..., Any] = client_behind_proxy(self.wsgi, self.cfg)
        super().run()

    def enqueue_req(self, conn: TConn) -> None:
        """Every way gthread gives a connection to a thread passes here: read its request first."""
        conn.incoming, conn.continued = WholeRequest(self._body_limit), False
        leftover = conn.parser.unreader.take_buffered() if conn.parser is not None else b""
        conn.sock.setblocking(False)
        self._go_on(conn, self._receive(conn, leftover), watched=False)

    def _on_readable(self, conn: TConn, _sock: socket.socket) -> None:
        self._go_on(conn, self._receive(conn, b""), watched=True)

    def _receive(self, conn: TConn, data: bytes) -> Verdict | None:
        """What the bytes received so far make of the request; None when the client has gone."""
        verdict = conn.incoming.feed(data)
        while verdict is Verdict.MORE:
            try:
                data = conn.sock.recv(READ_SIZE)
            except (BlockingIOError, InterruptedError):
                return verdict
            except OSError:
                return None
            if not data:
                return None
            verdict = conn.incoming.feed(data)
        return verdict

    def _go_on(self, conn: TConn, verdict: Verdict | None, watched: bool) -> None:
        if verdict is Verdict.MORE:
            self._wait_for_more(conn, watched)
            return
        self._forget(conn, watched)
        if verdict is Verdict.WHOLE:
            conn.received = bytes(conn.incoming.received)
            self._given += 1
            super().enqueue_req(conn)
        else:
            self._close(conn, self._too_large if verdict is Verdict.TOO_LARGE else b"")

    def _wait_for_more(self, conn: TConn, watched: bool) -> None:
        if not watched:
            self.poller.register(conn.sock, selectors.EVENT_READ, partial(self._on_readable, conn))
        if conn.incoming.received and conn not in self._begun:
            self._silent.pop(conn, None)
            self._begun[conn] = time.monotonic() + REQUEST_SECONDS
            conn.continued = conn.incoming.expects_continue
            if conn.continued:
                self._send(conn, CONTINUE)
        elif not conn.incoming.received and conn not in self._silent:
            self._silent[conn] = time.monotonic() + self.cfg.keepalive

    def _forget(self, conn: TConn, watched: bool) -> None:
        if watched:
            self.poller.unregister(conn.sock)
        self._silent.pop(conn, None)
        self._begun.pop(conn, None)

    def _close(self, conn: TConn, answer: bytes) -> None:
        if answer:
            self._send(conn, answer)
            try:
                conn.sock.shutdown(socket.SHUT_WR)
                self.poller.register(conn.sock, selectors.EVENT_READ, partial(self._drain, conn))
                self._closing[conn] = time.monotonic() + DRAIN_SECONDS
                return
            except OSError:
                pass
        self.nr_conns -= 1
        conn.close()

    def _drain(self, conn: TConn, _sock: socket.socket) -> None:
        try:
            if conn.sock.recv(READ_SIZE):
                return
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            pass
        self._closed(conn)

    def _closed(self, conn: TConn) -> None:
        self.poller.unregister(conn.sock)
        del self._closing[conn]
        self.nr_conns -= 1
        conn.close()

    @staticmethod
    def _send(conn: TConn, data: bytes) -> None:
        """A short answer, as much as the socket takes now: the main thread never waits on a client."""
        try:
            conn.sock.send(data)
        except OSError:
            pass

    def murder_pending(self) -> None:
        super().murder_pending()
        now = time.monotonic()
        for waiting in (self._silent, self._begun):
            expired = []
            for conn, deadline in waiting.items():
                if deadline > now and self.alive:  # a stopping worker waits for no request still coming
                    break
                expired.append(conn)
            for conn in expired:
                self._forget(conn, watched=True)
                self._close(conn, b"")
        for conn in [conn for conn, deadline in self._closing.items() if deadline <= now]:
            self._closed(conn)

    def finish_request(self, conn: TConn, fs: Any) -> None:
        self._given -= 1
        super().finish_request(conn, fs)

    def handle_request(self, req: Any, conn: TConn) -> Any:
        """Some answers close their connection while other requests wait for a thread here. A kept-alive
        connection stays with the worker process that took it, and one process may have taken most of the
        clients (whichever wakes first accepts): the client connects again, likelier to an idler process."""
        if self._given > self.cfg.threads and next(self._busy_answers) % CLOSE_ONE_BUSY_ANSWER_IN == 0:
            req.must_close = True
        if conn.continued:
            req._expected_100_continue = False  # the main thread has said it: gunicorn would say it again
        return super().handle_request(req, conn)

    def handle(self, conn: TConn) -> Any:
        """In a thread: the request is whole in memory; the parser reads it from there."""
        conn.data_ready = True
        received, conn.received = conn.received, b""
        conn.init()
        conn.parser.unreader.unread(received)
        return super().handle(conn)
