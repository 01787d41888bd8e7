"""The live server's ASGI application: `/sessions/<pk>/events/?t=<token>&revision=<n>`, a stream of the
session's changes for a phone that may see it (text/event-stream: a `revision` event on each change, a comment
every 30 s so that no proxy or phone takes the stream for dead, a `gone` event when its access is gone).

What it takes from Django: the settings, the signing of the live token and of the grants cookie
(web/live_token.py, web/grants.py) and the one query that says whether the visitor's access still stands,
asked on opening and before each event; a stream whose access is gone ends (a revoked share link stops at its
next update, as the poll does). The page then fetches the standings from the app (views/live.py), which checks
every right as it always has.

Why a bare ASGI application and not a Django async view under minimal settings (benchmarks/live_django.py),
measured 2026-11-28:
- on PostgreSQL, the club night (benchmarks/club_night.py, 100 tables, 400 streams) refused 409 streams with a
  503: Django's ASGI handler runs each request's synchronous calls in a thread of its own, so each held stream
  held its own database connection, past PostgreSQL's max_connections (100). Here every query of the process
  goes through asgiref's one shared thread: one connection for all the streams;
- per stream (benchmarks/live_stream.py: 300 streams on one session, 5 changes, SQLite, stock uvicorn), this
  application 1.3-1.5 ms of CPU a stream opened and 0.57-0.67 ms an event sent; the view 2.4-4.3 ms and
  0.9-1.6 ms.
"""
from __future__ import annotations

import asyncio
import os
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qs

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
django.setup()

from asgiref.sync import sync_to_async  # noqa: E402  (after django.setup(): the models need the app registry)
from django.db import DatabaseError  # noqa: E402
from django.http import HttpRequest, parse_cookie  # noqa: E402

from scorekeeper.tables.web.live_token import LiveClaims, current_revision, verified_claims  # noqa: E402

from .hub import Hub  # noqa: E402

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

ROUTE = re.compile(r"/sessions/([0-9]{1,18})/events/")
HEARTBEAT = 30.0
# How long a phone's browser waits before opening the stream again after it dropped (EventSource's `retry`).
RETRY_MS = 2000
HEADERS = [(b"content-type", b"text/event-stream"), (b"cache-control", b"no-store"),
           (b"x-content-type-options", b"nosniff")]

hub = Hub()
access_revision = sync_to_async(current_revision)


async def application(scope: Scope, receive: Receive, send: Send) -> None:
    if scope["type"] == "lifespan":
        await lifespan(receive, send)
        return
    route = ROUTE.fullmatch(scope["path"]) if scope["type"] == "http" else None
    if route is None or scope["method"] != "GET":
        await answer(send, 404)
        return
    pk = int(route[1])
    query = parse_qs(scope["query_string"].decode("latin-1"))
    claims = verified_claims(browser(scope), pk, query.get("t", [""])[0])
    if claims is None:  # a copied URL, another browser, a stale or forged token
        await answer(send, 404)
        return
    queue = hub.watch(pk)
    try:
        await stream(send, receive, claims, queue, shown=query.get("revision", [""])[0])
    finally:
        hub.unwatch(pk, queue)


async def stream(send: Send, receive: Receive, claims: LiveClaims, queue: asyncio.Queue[str | None],
                 shown: str) -> None:
    """Events until the phone goes or its access does; the current revision first when it is not `shown`."""
    try:
        revision = await access_revision(claims)
    except DatabaseError:
        await answer(send, 503)
        return
    if revision is None:
        await answer(send, 404)
        return
    await send({"type": "http.response.start", "status": 200, "headers": HEADERS})
    await send({"type": "http.response.body", "body": b"retry: %d\n\n" % RETRY_MS, "more_body": True})
    gone = asyncio.ensure_future(disconnected(receive))
    try:
        while revision is not None and not gone.done():
            if revision != shown:
                shown = revision
                await send({"type": "http.response.body", "body": b"event: revision\ndata: %s\n\n" % shown.encode(),
                            "more_body": True})
            woken = asyncio.ensure_future(queue.get())
            await asyncio.wait({woken, gone}, timeout=HEARTBEAT, return_when=asyncio.FIRST_COMPLETED)
            if not woken.done():
                woken.cancel()
                if not gone.done():
                    await send({"type": "http.response.body", "body": b":\n\n", "more_body": True})
            elif woken.result() != shown:
                revision = await checked(claims, shown)
    finally:
        gone.cancel()
    if not gone.done():  # its access is gone: the page stops listening (static/js/live.js)
        await send({"type": "http.response.body", "body": b"event: gone\ndata: \n\n"})


async def checked(claims: LiveClaims, shown: str) -> str | None:
    """The revision now if the access still stands, else None; on a database error, `shown` (no event: the
    next change, or the phone's next stream, tells it)."""
    try:
        return await access_revision(claims)
    except DatabaseError:
        return shown


async def disconnected(receive: Receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


def browser(scope: Scope) -> HttpRequest:
    """A bare request holding only the browser's cookies: all the token's check reads."""
    request = HttpRequest()
    cookie = b"; ".join(value for name, value in scope["headers"] if name == b"cookie")
    request.COOKIES = parse_cookie(cookie.decode("latin-1"))
    return request


async def answer(send: Send, status: int) -> None:
    await send({"type": "http.response.start", "status": status, "headers": [(b"content-length", b"0")]})
    await send({"type": "http.response.body", "body": b""})


async def lifespan(receive: Receive, send: Send) -> None:
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return
