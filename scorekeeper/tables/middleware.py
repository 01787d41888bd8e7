"""Requests refused before any view runs (oversized bodies, methods no screen uses), and pages kept private.

Oversized requests are refused before anything reads them.

Django checks DATA_UPLOAD_MAX_MEMORY_SIZE for form fields only: a multipart body
carrying a file would still be read and stored. No screen of the app uploads
anything but a session backup, so any other body above the limit is a mistake or an attack: a
400, at once. The import screen takes a backup of up to 2 MB (the form says so; a 1,000-hand session
is about 300 kB).

Under `make serve` (uvicorn workers) the whole body is received before Django runs (`Bounded`, below,
so that a slow client holds no thread): a client with no account could make a worker take in a
gigabyte before its 400. So the ASGI application is wrapped in `BodyLimit` (scorekeeper/asgi.py),
which answers from the headers (a Content-Length over the limit: nothing of the body is read), and
counts a body sent without one (chunked) as it streams in, refusing it at the limit.
`refuse_oversized_body` does the same for a WSGI server (and the test client). The proxy's own cap
(README) stays in front as defence in depth.
"""
from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, HttpResponseNotAllowed
from django.urls import reverse
from django.utils.cache import patch_cache_control

from .entry.forms import MAX_BACKUP_BYTES

# The backup file and the multipart envelope around it (boundaries, the CSRF token).
IMPORT_BODY_LIMIT = MAX_BACKUP_BYTES + 64 * 1024


def body_limit(path: str) -> int:
    """The most bytes a request's body to `path` may have."""
    return IMPORT_BODY_LIMIT if path == reverse("session_import") else int(settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 0)


def refuse_oversized_body(get_response: Callable[[HttpRequest], HttpResponse]) -> Callable[[HttpRequest], HttpResponse]:
    def middleware(request: HttpRequest) -> HttpResponse:
        limit = body_limit(request.path)
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0  # Django's own parsing refuses it, as a bad request
        if length > limit:
            return HttpResponseBadRequest(TOO_LARGE, content_type="text/plain")
        return get_response(request)

    return middleware


TOO_LARGE = "The request is too large."

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class BodyLimit:
    """ASGI: a body over its path's limit is refused from its Content-Length, or at the limit while it
    streams in, before the application reads it (the module's docstring)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        limit = body_limit(scope["path"])
        if _declared_length(scope) > limit:
            return await _refuse(send)
        counted = _Counted(receive, send, limit)
        await self.app(scope, counted.receive, counted.send)
        if counted.over and not counted.started:
            await _refuse(send)


class _Counted:
    """The request's body counted as it is received: past the limit, the application is told the client
    went away (Django then stops reading and answers nothing) and BodyLimit answers the 400."""

    def __init__(self, receive: Receive, send: Send, limit: int) -> None:
        self._receive, self._send, self.limit = receive, send, limit
        self.received, self.over, self.started = 0, False, False

    async def receive(self) -> Message:
        if self.over:
            return {"type": "http.disconnect"}
        message = await self._receive()
        if message["type"] == "http.request":
            self.received += len(message.get("body", b""))
            if self.received > self.limit:
                self.over = True
                return {"type": "http.disconnect"}
        return message

    async def send(self, message: Message) -> None:
        self.started = self.started or message["type"] == "http.response.start"
        await self._send(message)


class Bounded:
    """ASGI: at most `limit` requests of this worker process in Django at once, each with its whole body
    already received; the others wait on the event loop, where a waiting (or slow) client costs no thread.

    Under load a worker once had as many requests in flight as clients (Django's ASGI handler gave each a
    thread), its threads contending for the GIL and, on SQLite, dozens of writers polling for the one write
    lock (a save waited up to its 20 s timeout). A few at a time each finish sooner: as many as the
    worker's WSGI threads (scorekeeper/asgi.py). The body is read before a place is taken, so a client
    trickling its body holds none (tests/ops/test_slow_clients.py); BodyLimit, outside, still refuses a
    body past its limit as it comes.
    """

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app, self.limit = app, max(1, limit)
        self._places: asyncio.Semaphore | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._waiting = 0  # requests with their body received, waiting for a place

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        received: list[Message] = []
        while True:
            message = await receive()
            if message["type"] != "http.request":  # gone (or past BodyLimit's limit) before its body came
                return None
            received.append(message)
            if not message.get("more_body", False):
                break

        async def replayed() -> Message:
            return received.pop(0) if received else await receive()

        places = self._places_here()
        self._waiting += 1
        try:
            await places.acquire()
        finally:
            self._waiting -= 1
        try:
            await self.app(scope, replayed, self._closing_when_busy(send))
        finally:
            places.release()

    def _closing_when_busy(self, send: Send) -> Send:
        """The answer closes its connection while other requests wait for a place here. A kept-alive
        connection stays with the worker process that took it, and one process may have taken most of the
        clients (an event loop takes every connection waiting when it wakes, busy or not): the client
        connects again, and an idler process is the likelier to take it."""
        async def sent(message: Message) -> None:
            if message["type"] == "http.response.start" and self._waiting:
                message = {**message, "headers": [*message.get("headers", []), (b"connection", b"close")]}
            await send(message)
        return sent

    def _places_here(self) -> asyncio.Semaphore:
        """The places, made in the running event loop (a worker has one; a test may run several)."""
        loop = asyncio.get_running_loop()
        if self._places is None or self._loop is not loop:
            self._places, self._loop = asyncio.Semaphore(self.limit), loop
        return self._places


def _declared_length(scope: Scope) -> int:
    for name, value in scope.get("headers", []):
        if name.lower() == b"content-length":
            try:
                return int(value)
            except ValueError:
                return 0  # the server refuses a malformed length itself
    return 0


async def _refuse(send: Send) -> None:
    await send({"type": "http.response.start", "status": 400, "headers": [
        (b"content-type", b"text/plain; charset=utf-8"), (b"connection", b"close"),
        (b"cache-control", b"private, no-store")]})
    await send({"type": "http.response.body", "body": TOO_LARGE.encode()})


# Every screen is read with GET (HEAD) and changed with a form's POST; nothing answers other methods.
ALLOWED_METHODS = ("GET", "HEAD", "POST")


def refuse_other_methods(get_response: Callable[[HttpRequest], HttpResponse]) -> Callable[[HttpRequest], HttpResponse]:
    """PUT, DELETE, PATCH (and the rest) get a 405 naming what is allowed, before any view runs."""
    def middleware(request: HttpRequest) -> HttpResponse:
        if request.method not in ALLOWED_METHODS:
            return HttpResponseNotAllowed(ALLOWED_METHODS)
        return get_response(request)

    return middleware


def private_pages(get_response: Callable[[HttpRequest], HttpResponse]) -> Callable[[HttpRequest], HttpResponse]:
    """A session's pages, exports and backups are one table's business: no shared cache (a proxy, a
    shared computer's disk) keeps them. A response that says how to cache itself (the service worker,
    static files) keeps its own header."""
    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if not response.has_header("Cache-Control"):
            patch_cache_control(response, private=True, no_store=True)
        return response

    return middleware
